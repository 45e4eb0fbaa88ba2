//! The puzzle trainer in the app: `ultima_app_state::puzzles` (the next puzzle, the solver's
//! moves, hints, the solution, replays and the Glicko-2 rating) under the trainer's own lock,
//! its rating and puzzle in progress saved in the store file as they change, each attempt a row
//! of the history database once the puzzle is over (or left), so that after a crash the
//! trainer reopens on the puzzle, at the same move, and the rating counts each puzzle once.
//!
//! - `commands`: the commands the UI calls.
//! - `wire`: what the trainer screens receive; `stored`: the trainer's entries in the store.

pub mod commands;
#[cfg(test)]
mod tests;

use ultima_app_state::archive::Archive;
pub use ultima_app_state::puzzles::{stored, wire, Filing, PuzzleData};
use ultima_puzzles::rating::Difficulty;

use crate::error::AppError;
use crate::persistence::{Persistence, Saving};
use crate::state::{now_ms, seed, AppState};
use stored::StoredRating;
use wire::{PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView};

impl AppState {
    /// Runs `work` on the trainer's data, with the store to save it in and the history to file
    /// its attempts in.
    fn with_puzzles<T>(
        &self,
        work: impl FnOnce(&mut PuzzleData, &Persistence, Filing<'_>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let persistence = self.persistence()?;
        let mut data = self.puzzle_data()?;
        let mut finished = self.finished_store();
        work(
            &mut data,
            persistence,
            finished.as_mut().map(|f| f as &mut dyn Archive),
        )
    }

    /// The rating, the streak and the puzzle in progress: for home at start-up.
    pub fn puzzle_status(&self) -> PuzzleStatus {
        match self.puzzle_data() {
            Ok(data) => data.status(),
            Err(_) => wire::status(&StoredRating::default(), None),
        }
    }

    /// The puzzle open, if any: the trainer shows it, so it is marked on screen.
    pub fn puzzle_open(&self) -> Result<Option<PuzzleView>, AppError> {
        let mut data = self.puzzle_data()?;
        data.open(&Saving(self.persistence()))
    }

    /// The player left the trainer: the next start opens where they went instead.
    pub fn puzzle_leave(&self) -> Result<(), AppError> {
        self.puzzle_data()?.leave(&Saving(self.persistence()));
        Ok(())
    }

    pub fn puzzle_next(
        &self,
        difficulty: Difficulty,
        theme: Option<&str>,
    ) -> Result<PuzzleView, AppError> {
        self.with_puzzles(|data, saves, archive| {
            data.next(saves, archive, difficulty, theme, now_ms(), seed())
        })
    }

    pub fn puzzle_replay(&self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.with_puzzles(|data, saves, archive| data.replay(saves, archive, puzzle_id, now_ms()))
    }

    pub fn puzzle_move(
        &self,
        puzzle_id: &str,
        from: &str,
        to: &str,
    ) -> Result<PuzzleStep, AppError> {
        self.with_puzzles(|data, saves, archive| {
            data.play(saves, archive, puzzle_id, from, to, now_ms())
        })
    }

    pub fn puzzle_retry(&self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.with_puzzles(|data, saves, archive| data.retry(saves, archive, puzzle_id, now_ms()))
    }

    pub fn puzzle_hint(&self, puzzle_id: &str) -> Result<Option<String>, AppError> {
        self.with_puzzles(|data, saves, archive| data.hint(saves, archive, puzzle_id, now_ms()))
    }

    pub fn puzzle_solution(&self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.with_puzzles(|data, saves, archive| data.solution(saves, archive, puzzle_id, now_ms()))
    }

    /// Attempts newest first: `limit` of them before the row `before` (the newest if `None`).
    pub fn puzzle_history(
        &self,
        before: Option<u32>,
        limit: u32,
    ) -> Result<PuzzleHistoryPage, AppError> {
        match self.finished_store() {
            Some(finished) => finished.attempts_page(before, limit),
            None => Ok(PuzzleHistoryPage::default()),
        }
    }

    /// Files the puzzle left over at the last run if it ended but was not filed (a crash in
    /// between): at start-up.
    pub(crate) fn settle_puzzles(&self) {
        let _ = self.with_puzzles(|data, saves, archive| {
            data.settle(saves, archive);
            Ok(())
        });
    }

    /// Plays from `puzzles` instead of the shipped collection.
    #[cfg(test)]
    pub fn use_puzzles(&self, puzzles: &'static [ultima_puzzles::Puzzle]) {
        if let Ok(mut data) = self.puzzle_data() {
            data.use_collection(puzzles);
        }
    }
}
