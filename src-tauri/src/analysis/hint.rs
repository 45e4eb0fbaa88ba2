//! Hint against the bot: the piece the engine would move in the player's position, found by a
//! search at a node limit (the same hint on any machine), and counted in the game's record.

use ultima_rules::Game;

pub use super::wire::HintView;
use crate::error::{AppError, Problem};
use crate::state::AppState;

/// Counts a hint in the game in progress `game_id` (against the bot, the player's move) and
/// saves it, then finds the piece the engine would move.
pub fn hint(state: &AppState, game_id: &str) -> Result<HintView, AppError> {
    let mut counted: Option<(Game, u32)> = None;
    state.change_current(game_id, |session, _| {
        let hints = session.count_hint()?;
        counted = Some((session.game().clone(), hints));
        Ok(())
    })?;
    // `change_current` leaves the game as it is when its clock ran out meanwhile.
    let (game, hints) = counted.ok_or(AppError::new(Problem::GameOver))?;
    let square = super::wire::hint_square(&game).map_err(|error| {
        eprintln!("ultima: the hint's search failed: {error}");
        AppError::new(Problem::BotFailed)
    })?;
    Ok(HintView { square, hints })
}
