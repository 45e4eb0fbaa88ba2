//! What differs between the shells, as the core sees it: where the small saved record and the
//! growing history are kept (a store file and SQLite on the desktop, IndexedDB in the browser),
//! and the time and chance of the machine. Long work (the bot's search, an analysis, the clock's
//! timer) is not asked of the platform: the core hands it out as values (see `core`), and the
//! shell runs it with its own means (threads, Web Workers, page timers).

use std::collections::HashSet;

use ultima_analysis::GameAnalysis;
use ultima_app_state::archive::{Archive, FinishedPage, PageCursor};
use ultima_app_state::error::AppError;
use ultima_app_state::puzzles::wire::PuzzleHistoryPage;
use ultima_app_state::record::Saves;
use ultima_game::Session;

/// The small record of the moment (settings, the game in progress, the course's and the
/// trainer's entries), saved after every change.
pub trait Store: Saves {
    /// Nothing is written this session (the record comes from a newer version).
    fn is_read_only(&self) -> bool {
        self.entries().is_none()
    }
}

/// What grows without bound: the finished games, the puzzle attempts, the analyses.
pub trait History: Archive {
    /// Finished games, newest first: `limit` of them after `before`.
    fn page(&self, before: Option<&PageCursor>, limit: u32) -> Result<FinishedPage, AppError>;

    /// A finished game.
    fn game(&self, id: &str) -> Result<Session, AppError>;

    /// Puzzle attempts, newest first: `limit` of them before the attempt numbered `before`.
    fn attempts_page(&self, before: Option<u32>, limit: u32)
        -> Result<PuzzleHistoryPage, AppError>;

    /// The puzzles tried already (the trainer never serves them again).
    fn seen_puzzles(&self) -> HashSet<String>;

    /// The analysis kept with a game (one that does not read is treated as none).
    fn analysis(&self, game_id: &str) -> Result<Option<GameAnalysis>, AppError>;

    /// Keeps an analysis with its game (a game not in the history: shown, not kept).
    fn add_analysis(
        &mut self,
        game_id: &str,
        analysis: &GameAnalysis,
        at: f64,
    ) -> Result<(), AppError>;
}

/// The machine's time and chance.
pub trait Platform {
    /// The small saved record.
    type Store: Store;
    /// The history.
    type History: History;

    /// Milliseconds since 1970.
    fn now_ms(&self) -> f64;

    /// A fresh seed for the bot's and the coin's randomness.
    fn seed(&self) -> u64;
}
