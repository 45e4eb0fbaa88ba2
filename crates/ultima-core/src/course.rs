//! The rules course (`ultima_app_state::course`): its map, a task's moves and quiz answers,
//! retries and hints, its progress and the task open saved as they change.

use ultima_app_state::course::wire::{CourseMap, TaskStep, TaskView};
use ultima_app_state::error::AppError;

use crate::core::AppCore;
use crate::platform::Platform;

impl<P: Platform> AppCore<P> {
    pub fn course_map(&mut self) -> Result<CourseMap, AppError> {
        self.course.map()
    }

    pub fn open_task(&mut self, task_id: String) -> Result<TaskView, AppError> {
        self.course.open_task(&self.store, &task_id)
    }

    pub fn task_move(
        &mut self,
        task_id: String,
        from: String,
        to: String,
    ) -> Result<TaskStep, AppError> {
        self.course.task_move(&self.store, &task_id, &from, &to)
    }

    pub fn task_quiz(
        &mut self,
        task_id: String,
        squares: Vec<String>,
    ) -> Result<TaskStep, AppError> {
        self.course.task_quiz(&self.store, &task_id, &squares)
    }

    pub fn task_retry(&mut self, task_id: String) -> Result<TaskView, AppError> {
        self.course.task_retry(&self.store, &task_id)
    }

    pub fn task_hint(&mut self, task_id: String) -> Result<Option<String>, AppError> {
        Ok(ultima_app_state::course::hint(
            self.course.open_run(&task_id)?,
        ))
    }

    pub fn reset_course(&mut self) -> Result<CourseMap, AppError> {
        self.course.reset(&self.store)
    }
}
