//! The rules course in the app: `ultima_app_state::course` (the map, the task open, the
//! learner's moves, quiz answers, retries, hints and the progress, saved as they change) under
//! the course's own lock, saved in the store file, so that after a crash the course reopens at
//! the task, at the same move.
//!
//! - `commands`: the commands the UI calls.
//! - `wire`: what the course screens receive.

pub mod commands;
#[cfg(test)]
mod tests;

pub use ultima_app_state::course::{hint, unknown_status, wire, CourseData};

use crate::error::AppError;
use crate::state::AppState;
use wire::{CourseMap, CourseStatus, TaskStep, TaskView};

impl AppState {
    /// Whether the course is finished, the next task, the task open: for home at start-up.
    pub fn course_status(&self) -> CourseStatus {
        match self.course_data() {
            Ok(data) => data.status(),
            Err(_) => unknown_status(),
        }
    }

    pub fn course_map(&self) -> Result<CourseMap, AppError> {
        self.course_data()?.map()
    }

    /// Opens `task_id`: the run under way if it is that task and not solved, else a fresh run.
    pub fn open_task(&self, task_id: &str) -> Result<TaskView, AppError> {
        let persistence = self.persistence()?;
        self.course_data()?.open_task(persistence, task_id)
    }

    pub fn task_move(&self, task_id: &str, from: &str, to: &str) -> Result<TaskStep, AppError> {
        let persistence = self.persistence()?;
        self.course_data()?
            .task_move(persistence, task_id, from, to)
    }

    pub fn task_quiz(&self, task_id: &str, squares: &[String]) -> Result<TaskStep, AppError> {
        let persistence = self.persistence()?;
        self.course_data()?.task_quiz(persistence, task_id, squares)
    }

    pub fn task_retry(&self, task_id: &str) -> Result<TaskView, AppError> {
        let persistence = self.persistence()?;
        self.course_data()?.task_retry(persistence, task_id)
    }

    /// The hint searches two moves deep: on a copy of the run, outside the lock.
    pub fn task_hint(&self, task_id: &str) -> Result<Option<String>, AppError> {
        let run = self.course_data()?.open_run(task_id)?.clone();
        Ok(hint(&run))
    }

    pub fn reset_course(&self) -> Result<CourseMap, AppError> {
        let persistence = self.persistence()?;
        self.course_data()?.reset(persistence)
    }
}
