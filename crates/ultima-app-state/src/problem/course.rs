//! The rules course's codes (the app's course commands).

use serde::{Deserialize, Serialize};
use specta::Type;
use ultima_game::ErrorKind;

/// What the course refused: `{"code": "notOpenTask", "task": "board-1"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(
    tag = "code",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CourseProblem {
    /// The course has no task with this id.
    NoSuchTask { task: String },
    /// The task named is not the one open (open it first).
    NotOpenTask { task: String },
    /// The course (embedded in the app) could not be read.
    CourseUnavailable,
}

impl CourseProblem {
    pub fn kind(&self) -> ErrorKind {
        match self {
            CourseProblem::NoSuchTask { .. } => ErrorKind::BadRequest,
            CourseProblem::NotOpenTask { .. } => ErrorKind::NoGame,
            CourseProblem::CourseUnavailable => ErrorKind::Storage,
        }
    }
}
