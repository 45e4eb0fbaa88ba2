//! The bot's turn as a job: the core hands out a [`BotJob`] when it is the bot's move (the
//! position, the game's earlier positions, the level and a seed, as plain data that crosses to
//! a thread or a Web Worker), the shell runs [`think`] on it and gives the move back
//! (`AppCore::bot_played`), which the core plays if the game is still where it was. A search
//! that is no longer wanted is stopped by the shell (a stop flag, or ending the worker).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use ultima_bot::{history_hashes, Clock, Level, LevelPlayer};
use ultima_rules::{Game, Move, Position};

/// The bot takes at least this long, so that its move is seen to come (the player would miss
/// a move that lands the instant they let go of their piece); the shell waits out the rest.
pub const MIN_THINKING_MS: u32 = 400;

/// One search. The 64-bit numbers travel as text (JavaScript's numbers hold 53 bits).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BotJob {
    /// Which search this is: the core plays only the move of the search it wants now.
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

/// Why the search has no move.
#[derive(Debug, thiserror::Error)]
pub enum ThinkError {
    #[error("the bot's job does not read: {0}")]
    Job(#[from] serde_json::Error),
    #[error("the bot's position does not read: {0}")]
    Position(String),
    #[error("the bot found no move: {0}")]
    Search(String),
}

/// The bot's move for `job`, searched on the calling thread with `clock` for its time limits;
/// `stop` ends the search early (it then answers with the best move found so far).
pub fn think(
    job: &BotJob,
    clock: &dyn Clock,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Move, ThinkError> {
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
        .choose(&position, &history, clock, stop)
        .map_err(|error| ThinkError::Search(error.to_string()))?;
    Ok(choice.mv)
}
