//! Hint against the bot: the piece the engine would move in the player's position, found by a
//! search at a node limit (the same hint on any machine), and counted in the game's record.

pub use super::wire::HintView;
use crate::error::AppError;
use crate::state::AppState;

/// Counts a hint in the game in progress `game_id` (against the bot, the player's move) and
/// saves it, then finds the piece the engine would move (outside the lock).
pub fn hint(state: &AppState, game_id: &str) -> Result<HintView, AppError> {
    let (game, hints) = state.count_hint(game_id)?;
    ultima_app_state::analysis::hint(&game, hints)
}
