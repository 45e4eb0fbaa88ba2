//! The puzzle trainer (`ultima_app_state::puzzles`): the rating and the puzzle open saved in
//! the record as they change, each attempt filed in the history once the puzzle is over (or
//! left).

use ultima_app_state::error::AppError;
use ultima_app_state::puzzles::wire::{PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView};
use ultima_puzzles::rating::Difficulty;

use crate::core::AppCore;
use crate::platform::{History, Platform};

impl<P: Platform> AppCore<P> {
    pub fn puzzle_rating(&mut self) -> Result<PuzzleStatus, AppError> {
        Ok(self.puzzles.status())
    }

    pub fn puzzle_open(&mut self) -> Result<Option<PuzzleView>, AppError> {
        self.puzzles.open(&self.store)
    }

    pub fn puzzle_leave(&mut self) -> Result<(), AppError> {
        self.puzzles.leave(&self.store);
        Ok(())
    }

    pub fn puzzle_next(
        &mut self,
        difficulty: Difficulty,
        theme: Option<String>,
    ) -> Result<PuzzleView, AppError> {
        let (now, seed) = (self.platform.now_ms(), self.platform.seed());
        self.puzzles.next(
            &self.store,
            Some(&mut self.history),
            difficulty,
            theme.as_deref(),
            now,
            seed,
        )
    }

    pub fn puzzle_replay(&mut self, puzzle_id: String) -> Result<PuzzleView, AppError> {
        let now = self.platform.now_ms();
        self.puzzles
            .replay(&self.store, Some(&mut self.history), &puzzle_id, now)
    }

    pub fn puzzle_move(
        &mut self,
        puzzle_id: String,
        from: String,
        to: String,
    ) -> Result<PuzzleStep, AppError> {
        let now = self.platform.now_ms();
        self.puzzles.play(
            &self.store,
            Some(&mut self.history),
            &puzzle_id,
            &from,
            &to,
            now,
        )
    }

    pub fn puzzle_retry(&mut self, puzzle_id: String) -> Result<PuzzleView, AppError> {
        let now = self.platform.now_ms();
        self.puzzles
            .retry(&self.store, Some(&mut self.history), &puzzle_id, now)
    }

    pub fn puzzle_hint(&mut self, puzzle_id: String) -> Result<Option<String>, AppError> {
        let now = self.platform.now_ms();
        self.puzzles
            .hint(&self.store, Some(&mut self.history), &puzzle_id, now)
    }

    pub fn puzzle_solution(&mut self, puzzle_id: String) -> Result<PuzzleView, AppError> {
        let now = self.platform.now_ms();
        self.puzzles
            .solution(&self.store, Some(&mut self.history), &puzzle_id, now)
    }

    pub fn puzzle_history(
        &mut self,
        before: Option<u32>,
        limit: u32,
    ) -> Result<PuzzleHistoryPage, AppError> {
        self.history.attempts_page(before, limit)
    }
}
