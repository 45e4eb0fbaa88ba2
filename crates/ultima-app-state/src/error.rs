//! The one error type the UI sees: a kind to branch on and a problem, a code with parameters
//! that the UI words from its message catalogue. No sentence for the player is made here: the
//! codes are the game core's (`ultima_game::Problem`), app-level ones included.

use serde::Serialize;
use specta::Type;
pub use ultima_game::{ErrorKind, Problem, StorageWhat};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type, thiserror::Error)]
#[serde(rename_all = "camelCase")]
#[error("{kind:?}: {problem}")]
pub struct AppError {
    pub kind: ErrorKind,
    pub problem: Problem,
}

impl AppError {
    /// The error for `problem`, of the kind the problem belongs to.
    pub fn new(problem: Problem) -> AppError {
        AppError {
            kind: problem.kind(),
            problem,
        }
    }

    /// A storage failure; the details go to the log, the player gets the code.
    pub fn storage(what: StorageWhat, detail: impl std::fmt::Display) -> AppError {
        eprintln!("ultima: storage ({what:?}): {detail}");
        AppError::new(Problem::Storage { what })
    }

    pub fn is_cancelled(&self) -> bool {
        self.kind == ErrorKind::Cancelled
    }
}

/// A square named by the UI (`d4`), or the error that names the text.
pub fn square(text: &str) -> Result<ultima_rules::Square, AppError> {
    text.parse().map_err(|_| {
        AppError::new(Problem::BadSquare {
            text: text.to_string(),
        })
    })
}

impl From<ultima_game::SessionError> for AppError {
    fn from(error: ultima_game::SessionError) -> AppError {
        AppError {
            kind: error.kind,
            problem: error.problem,
        }
    }
}

impl From<Problem> for AppError {
    fn from(problem: Problem) -> AppError {
        AppError::new(problem)
    }
}
