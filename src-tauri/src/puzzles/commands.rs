//! The trainer's commands. Like the game's, each is `async` and works on a blocking thread (a
//! wrong move searches its refutation, every change saves, the history reads the database).

use tauri::State;
use ultima_puzzles::rating::Difficulty;

use super::wire::{PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView};
use crate::commands::off_main;
use crate::error::AppError;
use crate::state::Launch;

/// The player's puzzle rating, its chart, the streak and the puzzle in progress.
#[tauri::command]
#[specta::specta]
pub async fn puzzle_rating(state: State<'_, Launch>) -> Result<PuzzleStatus, AppError> {
    off_main(&state, |state| Ok(state.puzzle_status())).await
}

/// The puzzle open (in progress, or over and still shown), after a relaunch too; `null` if none.
/// The trainer shows it: a quit or a crash from now on reopens the app on the trainer.
#[tauri::command]
#[specta::specta]
pub async fn puzzle_open(state: State<'_, Launch>) -> Result<Option<PuzzleView>, AppError> {
    off_main(&state, |state| state.puzzle_open()).await
}

/// The player left the trainer (for home, a game, ...): the next start opens there, not on the
/// trainer.
#[tauri::command]
#[specta::specta]
pub async fn puzzle_leave(state: State<'_, Launch>) -> Result<(), AppError> {
    off_main(&state, |state| state.puzzle_leave()).await
}

/// A new puzzle near the player's rating, never one seen before; `theme`: only that theme
/// (its name, `"long-leap"`).
#[tauri::command]
#[specta::specta]
pub async fn puzzle_next(
    state: State<'_, Launch>,
    difficulty: Difficulty,
    theme: Option<String>,
) -> Result<PuzzleView, AppError> {
    off_main(&state, move |state| {
        state.puzzle_next(difficulty, theme.as_deref())
    })
    .await
}

/// A puzzle of the history again (unrated: it was seen).
#[tauri::command]
#[specta::specta]
pub async fn puzzle_replay(
    state: State<'_, Launch>,
    puzzle_id: String,
) -> Result<PuzzleView, AppError> {
    off_main(&state, move |state| state.puzzle_replay(&puzzle_id)).await
}

/// The solver's move; the opponent's reply comes with the answer.
#[tauri::command]
#[specta::specta]
pub async fn puzzle_move(
    state: State<'_, Launch>,
    puzzle_id: String,
    from: String,
    to: String,
) -> Result<PuzzleStep, AppError> {
    off_main(&state, move |state| {
        state.puzzle_move(&puzzle_id, &from, &to)
    })
    .await
}

/// After a wrong move: back to before it; after the end: the puzzle again from its start.
#[tauri::command]
#[specta::specta]
pub async fn puzzle_retry(
    state: State<'_, Launch>,
    puzzle_id: String,
) -> Result<PuzzleView, AppError> {
    off_main(&state, move |state| state.puzzle_retry(&puzzle_id)).await
}

/// The square of the piece to move (`null`: not the solver's move).
#[tauri::command]
#[specta::specta]
pub async fn puzzle_hint(
    state: State<'_, Launch>,
    puzzle_id: String,
) -> Result<Option<String>, AppError> {
    off_main(&state, move |state| state.puzzle_hint(&puzzle_id)).await
}

/// Gives up: the puzzle with its whole solution.
#[tauri::command]
#[specta::specta]
pub async fn puzzle_solution(
    state: State<'_, Launch>,
    puzzle_id: String,
) -> Result<PuzzleView, AppError> {
    off_main(&state, move |state| state.puzzle_solution(&puzzle_id)).await
}

/// Attempts, newest first: `limit` of them before `before` (the `next` of the page before;
/// `null` for the newest).
#[tauri::command]
#[specta::specta]
pub async fn puzzle_history(
    state: State<'_, Launch>,
    before: Option<u32>,
    limit: u32,
) -> Result<PuzzleHistoryPage, AppError> {
    off_main(&state, move |state| state.puzzle_history(before, limit)).await
}
