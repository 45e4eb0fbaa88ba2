//! The bot's turn, between the page and its Web Worker: the page's state hands out a
//! [`BotJob`] (the position, the game's earlier positions, the level and a seed, as JSON), the
//! worker runs [`think`] on its own copy of this module and answers with the move, and the
//! state plays it if the game is still where it was (`AppState::bot_played`). A search that is
//! no longer wanted is stopped by ending the worker.

use serde::{Deserialize, Serialize};
use ultima_bot::{history_hashes, Level, LevelPlayer};
use ultima_rules::{Game, Position};

use crate::time::PageClock;

/// The bot takes at least this long, so that its move is seen to come (the app's
/// `bot::MIN_THINKING`); the worker waits out the rest.
pub const MIN_THINKING_MS: u32 = 400;

/// One search for the worker. The 64-bit numbers travel as text (JavaScript's numbers hold 53
/// bits).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BotJob {
    pub ticket: u32,
    pub level: Level,
    pub ufen: String,
    pub history: Vec<String>,
    pub seed: String,
    pub min_thinking_ms: u32,
}

impl BotJob {
    pub fn new(ticket: u32, level: Level, game: &Game, seed: u64) -> BotJob {
        BotJob {
            ticket,
            level,
            ufen: game.position().ufen(),
            history: history_hashes(game).iter().map(u64::to_string).collect(),
            seed: seed.to_string(),
            min_thinking_ms: MIN_THINKING_MS,
        }
    }
}

/// Why the worker has no move.
#[derive(Debug, thiserror::Error)]
pub enum ThinkError {
    #[error("the bot's job does not read: {0}")]
    Job(#[from] serde_json::Error),
    #[error("the bot's position does not read: {0}")]
    Position(String),
    #[error("the bot found no move: {0}")]
    Search(String),
}

/// The bot's move for `job` (JSON of a [`BotJob`]), in coordinates (`d2d5`, `e4e4` for a
/// removal).
pub fn think(job: &str) -> Result<String, ThinkError> {
    let job: BotJob = serde_json::from_str(job)?;
    let position =
        Position::from_ufen(&job.ufen).map_err(|error| ThinkError::Position(error.to_string()))?;
    let history: Vec<u64> = job
        .history
        .iter()
        .filter_map(|hash| hash.parse().ok())
        .collect();
    let seed = job.seed.parse().unwrap_or(0x5eed);
    let mut player = LevelPlayer::new(job.level, seed);
    let choice = player
        .choose(&position, &history, &PageClock::new(), None)
        .map_err(|error| ThinkError::Search(error.to_string()))?;
    Ok(choice.mv.coordinates())
}
