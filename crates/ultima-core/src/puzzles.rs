//! The puzzle trainer (`ultima_app_state::puzzles`): the rating and the puzzle open saved in
//! the record as they change, each attempt filed in the history once the puzzle is over (or
//! left).

use ultima_app_state::error::AppError;
use ultima_app_state::puzzles::dashboard::{dashboard, PuzzleDashboard, DAY_MS};
use ultima_app_state::puzzles::stored::PuzzleChoice;
use ultima_app_state::puzzles::wire::{
    PuzzleAttemptView, PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView, ThemeCount,
};
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

    pub fn puzzle_streak_next(&mut self) -> Result<PuzzleView, AppError> {
        let (now, seed) = (self.platform.now_ms(), self.platform.seed());
        self.puzzles
            .next_streak(&self.store, Some(&mut self.history), now, seed)
    }

    pub fn puzzle_themes(&mut self) -> Result<Vec<ThemeCount>, AppError> {
        self.puzzles.themes()
    }

    pub fn puzzle_choose(&mut self, choice: PuzzleChoice) -> Result<PuzzleChoice, AppError> {
        self.puzzles.choose(&self.store, choice)
    }

    /// Pages through the history, newest first, until the attempts are older than `days` days
    /// (or [`DASHBOARD_MOST`] were read).
    pub fn puzzle_dashboard(&mut self, days: u32) -> Result<PuzzleDashboard, AppError> {
        let days = days.clamp(1, DASHBOARD_MOST_DAYS);
        let since = self.platform.now_ms() - f64::from(days) * DAY_MS;
        let mut attempts: Vec<PuzzleAttemptView> = Vec::new();
        let mut before = None;
        loop {
            let page = self.history.attempts_page(before, DASHBOARD_PAGE)?;
            let older = page.attempts.iter().any(|attempt| attempt.at < since);
            attempts.extend(page.attempts);
            match page.next {
                Some(next) if !older && attempts.len() < DASHBOARD_MOST => before = Some(next),
                _ => break,
            }
        }
        Ok(dashboard(&attempts, since, days))
    }
}

/// The dashboard reads the history by pages of this many attempts,
const DASHBOARD_PAGE: u32 = 200;
/// and at most this many (a player's attempts of a few months at a hundred a day).
const DASHBOARD_MOST: usize = 10_000;
/// The longest look back, in days.
const DASHBOARD_MOST_DAYS: u32 = 365;
