//! The puzzle trainer's codes (the app's puzzle commands).

use serde::{Deserialize, Serialize};
use specta::Type;
use ultima_game::ErrorKind;

/// What the puzzle trainer refused: `{"code": "unknownTheme", "theme": "fork"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(
    tag = "code",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum PuzzleProblem {
    /// The collection has no puzzle with this id.
    NoSuchPuzzle { puzzle: String },
    /// The puzzle named is not the one open (open it first).
    NotOpenPuzzle { puzzle: String },
    /// Every puzzle that fits the choice has been seen.
    NoPuzzleLeft,
    /// The text is not a puzzle theme.
    UnknownTheme { theme: String },
    /// The puzzle collection (embedded in the app) could not be read.
    PuzzlesUnavailable,
}

impl PuzzleProblem {
    pub fn kind(&self) -> ErrorKind {
        match self {
            PuzzleProblem::NoSuchPuzzle { .. }
            | PuzzleProblem::NoPuzzleLeft
            | PuzzleProblem::UnknownTheme { .. } => ErrorKind::BadRequest,
            PuzzleProblem::NotOpenPuzzle { .. } => ErrorKind::NoGame,
            PuzzleProblem::PuzzlesUnavailable => ErrorKind::Storage,
        }
    }
}
