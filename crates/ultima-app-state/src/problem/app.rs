//! The app's own codes: the game named, the bot, and saving.

use serde::{Deserialize, Serialize};
use specta::Type;
use ultima_game::ErrorKind;

/// What the app refused, or what failed in it: `{"code": "notCurrentGame"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(
    tag = "code",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum AppProblem {
    /// There is no game in progress.
    NoGame,
    /// The game named is no longer the one in progress.
    NotCurrentGame,
    /// The game named is not among the finished games.
    NotFinished,
    /// The game has no bot.
    NoBot,
    /// The bot's search was stopped.
    BotStopped,
    /// The game changed while the bot was thinking (or, online, before the move arrived).
    GameChanged,
    /// The bot failed to move.
    BotFailed,
    /// Saving or loading failed.
    Storage { what: StorageWhat },
}

/// What failed when saving or loading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum StorageWhat {
    /// The app's data folder could not be found or created.
    DataFolder,
    /// The save file could not be checked, opened or read.
    SaveFile,
    /// The backup copy could not be written.
    Backup,
    /// The data could not be prepared for saving.
    Prepare,
    /// Saving failed.
    Save,
    /// The finished games' database failed.
    History,
    /// The app's state was damaged by an earlier error; a restart helps.
    StateDamaged,
}

impl AppProblem {
    pub fn kind(&self) -> ErrorKind {
        match self {
            AppProblem::NoGame | AppProblem::NotCurrentGame | AppProblem::NotFinished => {
                ErrorKind::NoGame
            }
            // Not `cancelled`, which the UI passes over in silence: a failed bot is shown.
            AppProblem::NoBot | AppProblem::BotFailed => ErrorKind::BadRequest,
            AppProblem::BotStopped | AppProblem::GameChanged => ErrorKind::Cancelled,
            AppProblem::Storage { .. } => ErrorKind::Storage,
        }
    }
}
