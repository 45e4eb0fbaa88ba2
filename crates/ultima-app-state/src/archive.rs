//! The history: the finished games, the puzzle attempts and the analyses, kept where the
//! platform keeps what grows (the app's SQLite database, the browser's IndexedDB stores). The
//! shared logic files into it through [`Archive`]; the pages it answers with are these types.

use serde::{Deserialize, Serialize};
use specta::Type;
use ultima_game::wire::FinishedSummary;
use ultima_game::Session;

use crate::error::AppError;
use crate::puzzles::wire::AttemptBody;

/// Where a page of finished games ended: the next page starts after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PageCursor {
    pub ended_at: f64,
    pub id: String,
}

/// Finished games, newest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct FinishedPage {
    pub games: Vec<FinishedSummary>,
    /// Where the next page starts; `None` when this page holds the oldest game.
    pub next: Option<PageCursor>,
    /// How many games of this page are stored but do not read (they are kept).
    pub unreadable: u32,
}

/// What the shared logic files into the history and reads back from it.
pub trait Archive {
    /// Stores a game that ended (again: storing it twice changes nothing). A game that goes
    /// on is not stored.
    fn file(&mut self, session: &Session) -> Result<(), AppError>;

    /// Stores a puzzle attempt (again: storing it twice changes nothing; one stored differently
    /// under the same name is kept as stored).
    fn add_attempt(&mut self, puzzle_id: &str, at: f64, body: &AttemptBody)
        -> Result<(), AppError>;
}
