//! The puzzle trainer in the browser: `ultima_app_state::puzzles`, as the app runs it; the
//! rating and the puzzle open are staged in the saved record, each attempt is filed once the
//! puzzle is over (or left).

use ultima_puzzles::rating::Difficulty;

use crate::error::AppError;
use crate::puzzles::wire::{PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView};
use crate::state::AppState;
use crate::time::{now_ms, seed};
pub use ultima_app_state::puzzles::PuzzleData;

impl AppState {
    /// Files the puzzle left over when the page closed if it ended but was not filed.
    pub(crate) fn settle_puzzles(&mut self) {
        self.puzzles.settle(&self.store, Some(&mut self.finished));
    }

    pub fn puzzle_status(&self) -> PuzzleStatus {
        self.puzzles.status()
    }

    pub fn puzzle_open(&mut self) -> Result<Option<PuzzleView>, AppError> {
        self.puzzles.open(&self.store)
    }

    pub fn puzzle_leave(&mut self) {
        self.puzzles.leave(&self.store);
    }

    pub fn puzzle_next(
        &mut self,
        difficulty: Difficulty,
        theme: Option<&str>,
    ) -> Result<PuzzleView, AppError> {
        self.puzzles.next(
            &self.store,
            Some(&mut self.finished),
            difficulty,
            theme,
            now_ms(),
            seed(),
        )
    }

    pub fn puzzle_replay(&mut self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.puzzles
            .replay(&self.store, Some(&mut self.finished), puzzle_id, now_ms())
    }

    pub fn puzzle_move(
        &mut self,
        puzzle_id: &str,
        from: &str,
        to: &str,
    ) -> Result<PuzzleStep, AppError> {
        self.puzzles.play(
            &self.store,
            Some(&mut self.finished),
            puzzle_id,
            from,
            to,
            now_ms(),
        )
    }

    pub fn puzzle_retry(&mut self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.puzzles
            .retry(&self.store, Some(&mut self.finished), puzzle_id, now_ms())
    }

    pub fn puzzle_hint(&mut self, puzzle_id: &str) -> Result<Option<String>, AppError> {
        self.puzzles
            .hint(&self.store, Some(&mut self.finished), puzzle_id, now_ms())
    }

    pub fn puzzle_solution(&mut self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.puzzles
            .solution(&self.store, Some(&mut self.finished), puzzle_id, now_ms())
    }

    pub fn puzzle_history(&self, before: Option<u32>, limit: u32) -> PuzzleHistoryPage {
        self.finished.attempts_page(before, limit)
    }
}
