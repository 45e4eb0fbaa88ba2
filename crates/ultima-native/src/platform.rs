//! The core's platform on a native machine: the store file and the history database, the
//! system's time and chance.

use std::collections::HashSet;

use ultima_analysis::GameAnalysis;
use ultima_app_state::archive::{Archive, FinishedPage, PageCursor};
use ultima_app_state::clock::{system_now_ms as now_ms, system_seed as seed};
use ultima_app_state::error::AppError;
use ultima_app_state::puzzles::wire::PuzzleHistoryPage;
use ultima_app_state::record::{Entries, Saves};
use ultima_core::Platform;
use ultima_game::Session;

use crate::history::Finished;
use crate::persistence::Persistence;

/// The desktop: the store file and the history database, the system's time and chance.
pub struct Desktop;

impl Platform for Desktop {
    type Store = Saved;
    type History = Filed;

    fn now_ms(&self) -> f64 {
        now_ms()
    }

    fn seed(&self) -> u64 {
        seed()
    }
}

/// The store file.
pub struct Saved(pub Persistence);

impl Saves for Saved {
    fn entries(&self) -> Option<&dyn Entries> {
        self.0.entries()
    }

    fn write(&self) -> Result<(), AppError> {
        self.0.write()
    }
}

impl ultima_core::Store for Saved {
    fn is_read_only(&self) -> bool {
        self.0.is_read_only()
    }
}

/// The history database.
pub struct Filed(pub Finished);

impl Archive for Filed {
    fn file(&mut self, session: &Session) -> Result<(), AppError> {
        self.0.file(session)
    }

    fn add_attempt(
        &mut self,
        puzzle_id: &str,
        at: f64,
        body: &ultima_app_state::puzzles::wire::AttemptBody,
    ) -> Result<(), AppError> {
        self.0.add_attempt(puzzle_id, at, body)
    }
}

impl ultima_core::History for Filed {
    fn page(&self, before: Option<&PageCursor>, limit: u32) -> Result<FinishedPage, AppError> {
        self.0.page(before, limit)
    }

    fn game(&self, id: &str) -> Result<Session, AppError> {
        self.0.game(id)
    }

    fn attempts_page(
        &self,
        before: Option<u32>,
        limit: u32,
    ) -> Result<PuzzleHistoryPage, AppError> {
        self.0.attempts_page(before, limit)
    }

    fn seen_puzzles(&self) -> HashSet<String> {
        self.0.seen_puzzles().unwrap_or_else(|error| {
            eprintln!("ultima: reading the puzzles played: {error:?}");
            HashSet::new()
        })
    }

    fn analysis(&self, game_id: &str) -> Result<Option<GameAnalysis>, AppError> {
        self.0.analysis(game_id)
    }

    fn add_analysis(
        &mut self,
        game_id: &str,
        analysis: &GameAnalysis,
        at: f64,
    ) -> Result<(), AppError> {
        self.0.add_analysis(game_id, analysis, at)
    }
}
