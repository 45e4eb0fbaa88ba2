//! Hint against the bot: the piece the engine would move in the player's position, found by a
//! search at a node limit (the same hint on any machine), and counted in the game's record.

use serde::Serialize;
use specta::Type;
use ultima_bot::{history_hashes, Engine, Limits, NoClock};
use ultima_rules::Game;

use crate::error::{AppError, Problem};
use crate::state::AppState;

/// The nodes a hint is searched with: a fraction of a second.
pub const HINT_NODES: u64 = 50_000;

/// What a hint shows.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct HintView {
    /// The square of the piece to move (or, for a removal, the piece to remove).
    pub square: String,
    /// The hints taken in this game so far, this one included.
    pub hints: u32,
}

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
    let found = Engine::with_hash_mb(4)
        .search(
            game.position(),
            &history_hashes(&game),
            &Limits::nodes(HINT_NODES),
            &NoClock,
            &mut |_| {},
        )
        .map_err(|error| {
            eprintln!("ultima: the hint's search failed: {error}");
            AppError::new(Problem::BotFailed)
        })?;
    Ok(HintView {
        square: found.best_move.from.to_string(),
        hints,
    })
}
