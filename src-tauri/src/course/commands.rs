//! The course's commands. Like the game's, each is `async` and works on a blocking thread
//! (a move may wait for the task's bot, a hint searches, a change saves).

use tauri::State;

use super::wire::{CourseMap, TaskStep, TaskView};
use crate::commands::off_main;
use crate::error::AppError;
use crate::state::Launch;

/// Every chapter with its tasks, stars and the next task.
#[tauri::command]
#[specta::specta]
pub async fn course_map(state: State<'_, Launch>) -> Result<CourseMap, AppError> {
    off_main(&state, |state| state.course_map()).await
}

/// Opens a task: the try under way if it is the task open, otherwise a fresh one.
#[tauri::command]
#[specta::specta]
pub async fn open_task(state: State<'_, Launch>, task_id: String) -> Result<TaskView, AppError> {
    off_main(&state, move |state| state.open_task(&task_id)).await
}

/// The learner's move in the task open; the opponent's reply comes with the answer.
#[tauri::command]
#[specta::specta]
pub async fn task_move(
    state: State<'_, Launch>,
    task_id: String,
    from: String,
    to: String,
) -> Result<TaskStep, AppError> {
    off_main(&state, move |state| state.task_move(&task_id, &from, &to)).await
}

/// The quiz's answer: the squares the shown move takes, in any order.
#[tauri::command]
#[specta::specta]
pub async fn task_quiz(
    state: State<'_, Launch>,
    task_id: String,
    squares: Vec<String>,
) -> Result<TaskStep, AppError> {
    off_main(&state, move |state| state.task_quiz(&task_id, &squares)).await
}

#[tauri::command]
#[specta::specta]
pub async fn task_retry(state: State<'_, Launch>, task_id: String) -> Result<TaskView, AppError> {
    off_main(&state, move |state| state.task_retry(&task_id)).await
}

/// The square of the piece to move next (`null`: retry instead).
#[tauri::command]
#[specta::specta]
pub async fn task_hint(
    state: State<'_, Launch>,
    task_id: String,
) -> Result<Option<String>, AppError> {
    off_main(&state, move |state| state.task_hint(&task_id)).await
}

/// Forgets the course's progress (settings).
#[tauri::command]
#[specta::specta]
pub async fn reset_course(state: State<'_, Launch>) -> Result<CourseMap, AppError> {
    off_main(&state, |state| state.reset_course()).await
}
