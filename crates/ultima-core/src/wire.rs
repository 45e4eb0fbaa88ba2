//! The types that cross to the UI in the commands (their arguments and answers) and in the
//! pushed updates, named in one place for the command list and the shells.

pub use ultima_app_state::analysis::wire::{
    AnalysisAnswer, AnalysisProgress, AnalysisView, EvalBarView, HintView,
};
pub use ultima_app_state::archive::{FinishedPage, PageCursor};
pub use ultima_app_state::course::wire::{CourseMap, TaskStep, TaskView};
pub use ultima_app_state::error::AppError;
pub use ultima_app_state::events::GameEvent;
pub use ultima_app_state::games::Startup;
pub use ultima_app_state::puzzles::dashboard::PuzzleDashboard;
pub use ultima_app_state::puzzles::stored::PuzzleChoice;
pub use ultima_app_state::puzzles::wire::{
    PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView, ThemeCount,
};
pub use ultima_app_state::settings::Settings;
pub use ultima_game::wire::{BoardView, GameView, NewGame};
pub use ultima_game::ReadingExample;
pub use ultima_puzzles::rating::Difficulty;
pub use ultima_rules::Reading;
