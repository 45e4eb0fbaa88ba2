//! Game analysis in the app: the core's analysis job (`ultima_core::Analyse`) run on a blocking
//! thread (one analysis at a time; a new one stops the one before), its progress pushed through
//! the caller's channel, stoppable, and the result handed back to the core, which keeps it with
//! the game in the history database. The hint and the evaluation bar are commands of the core.

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tauri::ipc::Channel;
use tauri::State;
use ultima_analysis::AnalysisError;
use ultima_core::wire::{AnalysisAnswer, AnalysisProgress};
use ultima_core::{Analyse, AnalyseError};

use crate::commands::off_main;
use crate::error::{AppError, AppProblem};
use crate::state::{AppState, Launch};

/// The analysis under way: its game, and the flag that stops it.
static RUNNING: Mutex<Option<(String, Arc<AtomicBool>)>> = Mutex::new(None);

fn running() -> std::sync::MutexGuard<'static, Option<(String, Arc<AtomicBool>)>> {
    RUNNING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Analyses `game_id` (or answers with the analysis it has), telling `progress` after each
/// position; kept with the game once done. Stopped by [`stop`] or by another analysis.
pub fn analyse(
    state: &AppState,
    game_id: &str,
    progress: &mut dyn FnMut(ultima_analysis::Progress),
) -> Result<AnalysisAnswer, AppError> {
    let job = match state.with_core(|core| core.analyse_game(game_id))? {
        Analyse::Answer(answer) => return Ok(answer),
        Analyse::Job(job) => job,
    };
    let flag = Arc::new(AtomicBool::new(false));
    if let Some((_, before)) = running().replace((game_id.to_string(), flag.clone())) {
        before.store(true, Ordering::Relaxed);
    }
    let result = ultima_core::analyse(&job, &flag, progress);
    {
        let mut running = running();
        if running.as_ref().is_some_and(|(_, f)| Arc::ptr_eq(f, &flag)) {
            *running = None;
        }
    }
    match result {
        Ok(analysis) => state.with_core(|core| core.analysis_done(game_id, &analysis)),
        Err(AnalyseError::Analysis(AnalysisError::Stopped { done, total })) => {
            let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
            Ok(AnalysisAnswer::Stopped {
                done: count(done),
                total: count(total),
            })
        }
        Err(error) => {
            eprintln!("ultima: analysing game {game_id}: {error}");
            Err(AppError::new(AppProblem::BotFailed))
        }
    }
}

/// Stops the analysis of `game_id` if it is the one under way (else nothing).
pub fn stop(game_id: &str) {
    if let Some((running, flag)) = running().as_ref() {
        if running == game_id {
            flag.store(true, Ordering::Relaxed);
        }
    }
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
        analyse(&state, &game_id, &mut |step| {
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
    stop(&game_id);
    Ok(())
}
