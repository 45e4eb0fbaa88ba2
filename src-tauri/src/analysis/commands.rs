//! The analysis commands. Each does its work on a blocking thread (`off_main`): an analysis
//! takes seconds to minutes, and the window stays responsive meanwhile.

use tauri::ipc::Channel;
use tauri::State;

use super::eval_bar::EvalBarView;
use super::hint::HintView;
use super::wire::{AnalysisAnswer, AnalysisProgress, AnalysisView};
use crate::commands::off_main;
use crate::error::AppError;
use crate::state::Launch;
use ultima_game::wire::BoardView;

/// The analysis kept with a finished game, or `null` if it has none yet.
#[tauri::command]
#[specta::specta]
pub async fn stored_analysis(
    state: State<'_, Launch>,
    game_id: String,
) -> Result<Option<AnalysisView>, AppError> {
    off_main(&state, move |state| super::stored(&state, &game_id)).await
}

/// Analyses a finished game (or answers at once with the analysis it has), pushing the
/// progress through `progress` after each position, and keeps the result with the game.
/// `stopped` if `stop_analysis` (or another analysis) stopped it.
#[tauri::command]
#[specta::specta]
pub async fn analyse_game(
    state: State<'_, Launch>,
    game_id: String,
    progress: Channel<AnalysisProgress>,
) -> Result<AnalysisAnswer, AppError> {
    off_main(&state, move |state| {
        super::analyse(&state, &game_id, &mut |step| {
            let step = AnalysisProgress {
                done: step.done,
                total: step.total,
            };
            if let Err(error) = progress.send(step) {
                eprintln!("ultima: the UI's analysis channel refused an update: {error}");
            }
        })
    })
    .await
}

/// Stops the analysis of this game, if it is running (its `analyse_game` answers `stopped`).
#[tauri::command]
#[specta::specta]
pub async fn stop_analysis(game_id: String) -> Result<(), AppError> {
    super::stop(&game_id);
    Ok(())
}

/// Against the bot, on the player's move: the square of the piece the engine would move. The
/// hint is counted in the game's record (and saved) before it is given.
#[tauri::command]
#[specta::specta]
pub async fn game_hint(state: State<'_, Launch>, game_id: String) -> Result<HintView, AppError> {
    off_main(&state, move |state| super::hint::hint(&state, &game_id)).await
}

/// The evaluation bar in play: the engine's score of the position after `ply` moves of the
/// game (a search of a few hundredths of a second). A newer request stops the one before,
/// which answers `botStopped` (cancelled). While the game goes on, the game's record notes
/// that the bar was shown; refused (`noEngineOnline`) in a game online that goes on.
#[tauri::command]
#[specta::specta]
pub async fn game_eval_bar(
    state: State<'_, Launch>,
    game_id: String,
    ply: u32,
) -> Result<EvalBarView, AppError> {
    off_main(&state, move |state| {
        super::eval_bar::evaluate(&state, &game_id, ply)
    })
    .await
}

/// The boards after each move of `moves` (coordinates, an engine's line) played from the
/// position after `ply` moves of the game: to step through the line as a variation.
#[tauri::command]
#[specta::specta]
pub async fn analysis_line_boards(
    state: State<'_, Launch>,
    game_id: String,
    ply: u32,
    moves: Vec<String>,
) -> Result<Vec<BoardView>, AppError> {
    off_main(&state, move |state| {
        super::line_boards(&state, &game_id, ply, &moves)
    })
    .await
}
