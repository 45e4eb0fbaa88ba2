//! The one error type the UI sees: a kind to branch on and a sentence to show.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum ErrorKind {
    /// The move is not legal; the message says why.
    IllegalMove,
    /// There is no game in progress, or not the one the request named.
    NoGame,
    /// The game has ended.
    GameOver,
    /// It is not the turn of whoever asked.
    NotYourTurn,
    /// The bot's search was stopped (take-back, leaving the game, quitting).
    Cancelled,
    /// Saving or loading failed.
    Storage,
    /// The request itself was malformed.
    BadRequest,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, specta::Type, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    pub kind: ErrorKind,
    pub message: String,
}

impl AppError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> AppError {
        AppError {
            kind,
            message: message.into(),
        }
    }

    pub fn storage(what: &str, error: impl std::fmt::Display) -> AppError {
        AppError::new(ErrorKind::Storage, format!("{what}: {error}"))
    }
}

impl From<ultima_rules::GameError> for AppError {
    fn from(error: ultima_rules::GameError) -> AppError {
        match error {
            ultima_rules::GameError::Over(_) => {
                AppError::new(ErrorKind::GameOver, error.to_string())
            }
            ultima_rules::GameError::Illegal(inner) => {
                AppError::new(ErrorKind::IllegalMove, capitalised(&inner.to_string()))
            }
        }
    }
}

impl From<ultima_rules::MoveError> for AppError {
    fn from(error: ultima_rules::MoveError) -> AppError {
        AppError::new(ErrorKind::IllegalMove, capitalised(&error.to_string()))
    }
}

/// Messages from the engine are sentence fragments; the UI shows sentences.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
