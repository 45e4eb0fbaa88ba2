//! The one error type the UI sees: a kind to branch on and a problem, a code with parameters
//! that the UI words from its message catalogue. No sentence for the player is made here: the
//! codes are each layer's own ([`crate::problem`]).

pub use crate::problem::{
    AppProblem, CourseProblem, ErrorKind, GameProblem, OnlineFailure, OnlineProblem, Problem,
    PuzzleProblem, StorageWhat,
};
use serde::Serialize;
use specta::Type;

/// A refused command. Its `Display` (the kind and the code) is for logs; the player reads the
/// UI's wording of `problem`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type, thiserror::Error)]
#[serde(rename_all = "camelCase")]
#[error("{kind:?}: {problem:?}")]
pub struct AppError {
    pub kind: ErrorKind,
    pub problem: Problem,
}

impl AppError {
    /// The error for `problem` (any layer's code), of the kind the problem belongs to.
    pub fn new(problem: impl Into<Problem>) -> AppError {
        let problem = problem.into();
        AppError {
            kind: problem.kind(),
            problem,
        }
    }

    /// A storage failure; the details go to the log, the player gets the code.
    pub fn storage(what: StorageWhat, detail: impl std::fmt::Display) -> AppError {
        eprintln!("ultima: storage ({what:?}): {detail}");
        AppError::new(AppProblem::Storage { what })
    }

    pub fn is_cancelled(&self) -> bool {
        self.kind == ErrorKind::Cancelled
    }
}

/// A square named by the UI (`d4`), or the error that names the text.
pub fn square(text: &str) -> Result<ultima_rules::Square, AppError> {
    text.parse().map_err(|_| {
        AppError::new(GameProblem::BadSquare {
            text: text.to_string(),
        })
    })
}

impl From<ultima_game::SessionError> for AppError {
    fn from(error: ultima_game::SessionError) -> AppError {
        AppError {
            kind: error.kind,
            problem: Problem::Game(error.problem),
        }
    }
}

/// Any layer's code as the error it makes (`?` on a `Result<_, CourseProblem>`).
macro_rules! error_of {
    ($($code:ty),*) => {$(
        impl From<$code> for AppError {
            fn from(problem: $code) -> AppError {
                AppError::new(problem)
            }
        }
    )*};
}

error_of!(
    Problem,
    GameProblem,
    AppProblem,
    CourseProblem,
    PuzzleProblem,
    OnlineProblem,
    OnlineFailure
);
