use thiserror::Error;

/// Why the embedded course could not be read. The data is fixed at compile time, and the
/// crate's tests read it, so these only show up while a chapter is being written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CourseError {
    #[error("{file}: {message}")]
    Toml { file: String, message: String },
    #[error("{place}: {problem}")]
    Data { place: String, problem: String },
    #[error("text/{file}: {message}")]
    Text { file: String, message: String },
}
