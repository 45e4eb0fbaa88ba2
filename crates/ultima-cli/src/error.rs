//! Why a command failed.

/// Why a command failed, in words a person can act on.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("{0}")]
    Usage(String),
    #[error("bad position: {0}")]
    Position(#[from] ultima_rules::UfenError),
    #[error("{0}")]
    Rules(#[from] ultima_rules::UnknownReading),
    #[error("bad move: {0}")]
    Move(#[from] ultima_rules::MoveError),
    #[error("could not write the output: {0}")]
    Output(#[from] std::io::Error),
    #[error("{0}")]
    Bot(#[from] ultima_bot::BotError),
    #[error("{0}")]
    Level(#[from] ultima_bot::UnknownLevel),
    #[error("engine: {0}")]
    Engine(String),
    #[error("could not write {path}: {error}")]
    File { path: String, error: std::io::Error },
    #[error("could not read {path}: {error}")]
    Read { path: String, error: std::io::Error },
    #[error("{path}: {message}")]
    GameFile { path: String, message: String },
    #[error("the course does not read: {0}")]
    Course(#[from] ultima_course::CourseError),
    #[error("course check failed: {0}")]
    CourseCheck(#[from] ultima_course::CheckFailure),
    #[error("puzzles: {0}")]
    Puzzles(String),
    #[error("online: {0}")]
    Online(String),
}
