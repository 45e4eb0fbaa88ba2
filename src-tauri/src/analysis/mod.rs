//! Game analysis in the app, over `ultima_app_state::analysis`: a finished game's every
//! position searched on a blocking thread (one analysis at a time; a new one stops the one before),
//! its progress pushed through the caller's channel, stoppable, and the result kept with the
//! game in the history database (`analyses`), so that the game opens analysed next time.
//!
//! - `commands`: the commands the UI calls.
//! - `wire`: what the analysis screen receives (the engine's lines with their moves as plies).
//! - `hint`: against the bot, the piece the engine would move, counted in the game's record.
//! - `eval_bar`: the evaluation bar in play, noted in the game's record.

pub mod commands;
pub mod eval_bar;
pub mod hint;
#[cfg(test)]
mod tests;

pub use ultima_app_state::analysis::wire;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use ultima_analysis::{Analyser, AnalysisError, GameAnalysis, Progress};
use ultima_app_state::analysis::{fits, NODES};
use ultima_game::wire::BoardView;
use ultima_game::Session;
use ultima_history::HistoryError;

use crate::error::{AppError, Problem, StorageWhat};
use crate::state::{now_ms, AppState};
use wire::{AnalysisAnswer, AnalysisView};

/// The analysis under way: its game, and the flag that stops it.
static RUNNING: Mutex<Option<(String, Arc<AtomicBool>)>> = Mutex::new(None);

fn running() -> std::sync::MutexGuard<'static, Option<(String, Arc<AtomicBool>)>> {
    RUNNING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The finished game `game_id` (the one just ended or one in the history).
fn finished(state: &AppState, game_id: &str) -> Result<Session, AppError> {
    ultima_app_state::analysis::finished(state.find(game_id)?)
}

fn history_error(error: HistoryError) -> AppError {
    AppError::storage(StorageWhat::History, error)
}

/// The analysis kept with `game_id`, if any (one that no longer reads is left, and treated
/// as none, so that analysing again replaces it).
pub fn stored(state: &AppState, game_id: &str) -> Result<Option<AnalysisView>, AppError> {
    let session = finished(state, game_id)?;
    let Some(store) = state.finished_store() else {
        return Ok(None);
    };
    let kept = store.with_history(|history| match history.analysis::<GameAnalysis>(game_id) {
        Ok(kept) => Ok(kept),
        Err(HistoryError::DamagedAnalysis { id, source }) => {
            eprintln!("ultima: the analysis of game {id} does not read ({source}); ignored");
            Ok(None)
        }
        Err(error) => Err(history_error(error)),
    })?;
    Ok(kept
        .filter(|kept| fits(session.game(), &kept.body))
        .map(|kept| AnalysisView::new(game_id, session.game(), &kept.body)))
}

/// Analyses `game_id` (or answers with the analysis it has), telling `progress` after each
/// position; kept with the game once done. Stopped by [`stop`] or by another analysis.
pub fn analyse(
    state: &AppState,
    game_id: &str,
    progress: &mut dyn FnMut(Progress),
) -> Result<AnalysisAnswer, AppError> {
    if let Some(kept) = stored(state, game_id)? {
        return Ok(AnalysisAnswer::Done { analysis: kept });
    }
    let session = finished(state, game_id)?;
    let flag = Arc::new(AtomicBool::new(false));
    if let Some((_, before)) = running().replace((game_id.to_string(), flag.clone())) {
        before.store(true, Ordering::Relaxed);
    }
    let result = Analyser::new(NODES).analyse(session.game(), &flag, progress);
    {
        let mut running = running();
        if running.as_ref().is_some_and(|(_, f)| Arc::ptr_eq(f, &flag)) {
            *running = None;
        }
    }
    let analysis = match result {
        Ok(analysis) => analysis,
        Err(AnalysisError::Stopped { done, total }) => {
            let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
            return Ok(AnalysisAnswer::Stopped {
                done: count(done),
                total: count(total),
            });
        }
        Err(error) => {
            eprintln!("ultima: analysing game {game_id}: {error}");
            return Err(AppError::new(Problem::BotFailed));
        }
    };
    if let Some(store) = state.finished_store() {
        store.with_history(|history| {
            match history.save_analysis(game_id, analysis.nodes, now_ms(), &analysis) {
                Ok(()) => Ok(()),
                // The game is not in the history (it could not be filed): shown, not kept.
                Err(HistoryError::NoSuchGame { id }) => {
                    eprintln!("ultima: game {id} is not in the history; its analysis is not kept");
                    Ok(())
                }
                Err(error) => Err(history_error(error)),
            }
        })?;
    }
    Ok(AnalysisAnswer::Done {
        analysis: AnalysisView::new(game_id, session.game(), &analysis),
    })
}

/// Stops the analysis of `game_id` if it is the one under way (else nothing).
pub fn stop(game_id: &str) {
    if let Some((running, flag)) = running().as_ref() {
        if running == game_id {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// The boards of a line of `moves` (coordinates) played from the position after `ply` moves
/// of the game: one board after each move.
pub fn line_boards(
    state: &AppState,
    game_id: &str,
    ply: u32,
    moves: &[String],
) -> Result<Vec<BoardView>, AppError> {
    ultima_app_state::analysis::line_boards(state.find(game_id)?.game(), ply, moves)
}
