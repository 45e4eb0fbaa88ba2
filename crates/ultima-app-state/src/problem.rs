//! The codes the UI words, each layer's in its own type: the game's ([`GameProblem`]: the rules'
//! and the session's refusals), the app's ([`AppProblem`], storage included), the course's,
//! the puzzle trainer's and online play's ([`OnlineProblem`], `ultima-online`'s own). The
//! [`Problem`] the UI receives is their union, untagged: each carries its `code`, so the JSON
//! is the layer's own (`{"code": "frozen", ...}`, `{"code": "noGame"}`), and no two layers
//! share a code.

use serde::{Deserialize, Serialize};
use specta::Type;
pub use ultima_game::{ErrorKind, Problem as GameProblem};
pub use ultima_online::{OnlineFailure, OnlineProblem};

mod app;
mod course;
mod puzzles;

pub use app::{AppProblem, StorageWhat};
pub use course::CourseProblem;
pub use puzzles::PuzzleProblem;

/// A refusal or a failure, as a code with parameters: one layer's code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(untagged)]
pub enum Problem {
    Game(GameProblem),
    App(AppProblem),
    Course(CourseProblem),
    Puzzle(PuzzleProblem),
    Online(OnlineProblem),
}

impl Problem {
    /// What the refusal is about, as the layer whose code it is says.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Problem::Game(problem) => problem.kind(),
            Problem::App(problem) => problem.kind(),
            Problem::Course(problem) => problem.kind(),
            Problem::Puzzle(problem) => problem.kind(),
            Problem::Online(problem) => problem.kind(),
        }
    }
}

/// Each layer's code is a [`Problem`], and compares with one (`error.problem == AppProblem::NoGame`).
macro_rules! layer {
    ($($variant:ident($layer:ty)),*) => {$(
        impl From<$layer> for Problem {
            fn from(problem: $layer) -> Problem {
                Problem::$variant(problem)
            }
        }

        impl PartialEq<$layer> for Problem {
            fn eq(&self, other: &$layer) -> bool {
                matches!(self, Problem::$variant(problem) if problem == other)
            }
        }
    )*};
}

layer!(
    Game(GameProblem),
    App(AppProblem),
    Course(CourseProblem),
    Puzzle(PuzzleProblem),
    Online(OnlineProblem)
);

/// Online play's failure for the player: the game's refusal, the game having changed (the app's
/// code, as when it changes under the bot), or online play's own code.
impl From<OnlineFailure> for Problem {
    fn from(failure: OnlineFailure) -> Problem {
        match failure {
            OnlineFailure::Game(problem) => Problem::Game(problem),
            OnlineFailure::GameChanged => Problem::App(AppProblem::GameChanged),
            OnlineFailure::Online(problem) => Problem::Online(problem),
        }
    }
}

#[cfg(test)]
mod tests;
