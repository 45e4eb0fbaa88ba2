//! The rules course in the browser: `ultima_app_state::course`, as the app runs it, staged in
//! the saved record as it changes.

use crate::course::wire::{CourseMap, CourseStatus, TaskStep, TaskView};
use crate::error::AppError;
use crate::state::AppState;
pub use ultima_app_state::course::CourseData;

impl AppState {
    pub fn course_status(&self) -> CourseStatus {
        self.course.status()
    }

    pub fn course_map(&self) -> Result<CourseMap, AppError> {
        self.course.map()
    }

    pub fn open_task(&mut self, task_id: &str) -> Result<TaskView, AppError> {
        self.course.open_task(&self.store, task_id)
    }

    pub fn task_move(&mut self, task_id: &str, from: &str, to: &str) -> Result<TaskStep, AppError> {
        self.course.task_move(&self.store, task_id, from, to)
    }

    pub fn task_quiz(&mut self, task_id: &str, squares: &[String]) -> Result<TaskStep, AppError> {
        self.course.task_quiz(&self.store, task_id, squares)
    }

    pub fn task_retry(&mut self, task_id: &str) -> Result<TaskView, AppError> {
        self.course.task_retry(&self.store, task_id)
    }

    pub fn task_hint(&mut self, task_id: &str) -> Result<Option<String>, AppError> {
        Ok(ultima_app_state::course::hint(
            self.course.open_run(task_id)?,
        ))
    }

    pub fn reset_course(&mut self) -> Result<CourseMap, AppError> {
        self.course.reset(&self.store)
    }
}
