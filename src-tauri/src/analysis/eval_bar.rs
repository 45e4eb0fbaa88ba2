//! The evaluation bar in play (when the player turned it on in the settings): the engine's
//! score of a position of the game, searched at a node limit on a blocking thread, the
//! newest request stopping the one before (a move made meanwhile makes it stale). While the
//! game goes on, the first position evaluated notes it in the game's record. Never in a game
//! against a person online while it goes on.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

pub use super::wire::EvalBarView;
use crate::error::AppError;
use crate::state::AppState;

/// The stop flag of the evaluation under way (at most one: the newest is the one wanted).
static LATEST: Mutex<Option<Arc<AtomicBool>>> = Mutex::new(None);

fn latest() -> std::sync::MutexGuard<'static, Option<Arc<AtomicBool>>> {
    LATEST
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Evaluates the position after `ply` moves of `game_id` (the game in progress, or a finished
/// one), stopping the evaluation before it (which answers [`crate::error::Problem::BotStopped`]). In a game
/// in progress the record notes the bar (saved) before the search.
pub fn evaluate(state: &AppState, game_id: &str, ply: u32) -> Result<EvalBarView, AppError> {
    let session = state.find(game_id)?;
    state.note_eval_bar(&session)?;
    let flag = Arc::new(AtomicBool::new(false));
    if let Some(before) = latest().replace(flag.clone()) {
        before.store(true, Ordering::Relaxed);
    }
    let answer = super::wire::eval_bar(session.game(), ply, &flag);
    let mut latest = latest();
    if latest.as_ref().is_some_and(|f| Arc::ptr_eq(f, &flag)) {
        *latest = None;
    }
    answer
}
