//! What is saved: types of their own, apart from the views, each with a format number that is
//! read. An older format is migrated; a newer one is refused with its own error, so the app
//! can keep it untouched. A game whose record breaks at a move comes back up to the last good
//! move, with the rest of the record kept aside.
//!
//! Formats of [`StoredGame`]:
//! - 1 (no `format` field): `{"id", "opponent", "record", "createdAt", "endedAt"}`, what the
//!   app saved before this crate.
//! - 2: format 1 and `format`, `clock`, `drawOffer`, `takeBackRequest`, `revision`; and
//!   `hints` (the hints taken against the bot), written only when there are some; and
//!   `evalBar` (the evaluation bar was shown during play), written only when it was.
//!
//! The reading of the rules is not a field of a game: its record's `start` line names it (a start
//! without one, as in every save made before the readings, is 1963). [`StoredSummary`] has
//! `reading`, written only when it is not 1963.

use serde::{Deserialize, Serialize};
use ultima_level::Level;
use ultima_rules::{ByColor, Color, Game, Outcome, Reading, RecordError};

use crate::clock::{Clock, Running};
use crate::session::Session;
use crate::time_control::TimeControl;
use crate::wire::{FinishedSummary, Opponent};

/// The format [`StoredGame`] is written in, and the newest this version reads.
pub const GAME_FORMAT: u64 = 2;
/// The format [`StoredSummary`] is written in, and the newest this version reads.
pub const SUMMARY_FORMAT: u64 = 1;

/// A game as it is saved: enough to rebuild it exactly, move by move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredGame {
    pub format: u64,
    pub id: String,
    pub opponent: StoredOpponent,
    /// `Game::record` text: start position, moves, and a declared end if any.
    pub record: String,
    pub created_at: f64,
    pub ended_at: Option<f64>,
    #[serde(default)]
    pub clock: Option<StoredClock>,
    #[serde(default)]
    pub draw_offer: Option<Color>,
    #[serde(default)]
    pub take_back_request: Option<Color>,
    /// [`Session::revision`], so that it never goes back after a restart.
    #[serde(default)]
    pub revision: u32,
    /// [`Session::hints`]: the hints the player took against the bot (0 when absent; not
    /// written then, so that a game without hints is stored as before).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hints: u32,
    /// [`Session::eval_bar`]: the evaluation bar was shown during play (false when absent;
    /// not written then, so that a game without it is stored as before).
    #[serde(default, skip_serializing_if = "is_false")]
    pub eval_bar: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Who the player faced, as saved (the same JSON since format 1:
/// `{"kind": "bot", "level": "novice", "botSide": "black"}`, `{"kind": "friend", "turnBoard": false}`;
/// since an online game was first saved, `{"kind": "online", "playerSide": "white"}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum StoredOpponent {
    Bot { level: Level, bot_side: Color },
    Friend { turn_board: bool },
    Online { player_side: Color },
}

/// A timed game's clock as saved.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredClock {
    pub base_ms: u32,
    pub increment_ms: u32,
    /// Time left; for the running side, as it was at `running_since`.
    pub white_ms: f64,
    pub black_ms: f64,
    pub running: Option<Color>,
    pub running_since: Option<f64>,
}

/// A finished game's line in the list, saved beside it so that listing replays nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredSummary {
    pub format: u64,
    pub id: String,
    pub opponent: StoredOpponent,
    pub result: Outcome,
    /// Plies played.
    pub moves: u32,
    pub created_at: f64,
    pub ended_at: f64,
    /// The evaluation bar was shown during play (written only when it was).
    #[serde(default, skip_serializing_if = "is_false")]
    pub eval_bar: bool,
    /// The reading of the rules the game was played by (written only when it is not 1963; a
    /// line without it, as every line saved before the readings, is 1963).
    #[serde(default, skip_serializing_if = "is_1963")]
    pub reading: Reading,
}

fn is_1963(reading: &Reading) -> bool {
    reading.is_default()
}

/// Why a saved entry could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoredError {
    #[error("written in format {format} by a newer version (this one reads up to {newest})")]
    NewerFormat { format: u64, newest: u64 },
    #[error("the `format` field is not a format number")]
    BadFormat,
    #[error("format {format} does not read: {reason}")]
    Unreadable { format: u64, reason: String },
    #[error("not JSON: {0}")]
    NotJson(String),
    /// The record has no readable start, so there is no game to keep.
    #[error("the record does not read: {0}")]
    Record(RecordError),
}

impl StoredError {
    /// A save from a newer version: keep it untouched, and say so.
    pub fn is_newer(&self) -> bool {
        matches!(self, StoredError::NewerFormat { .. })
    }
}

/// Format 1 of a game, as the app saved it before formats were numbered.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GameFormat1 {
    id: String,
    opponent: StoredOpponent,
    record: String,
    created_at: f64,
    ended_at: Option<f64>,
}

impl From<GameFormat1> for StoredGame {
    fn from(old: GameFormat1) -> StoredGame {
        StoredGame {
            format: GAME_FORMAT,
            id: old.id,
            opponent: old.opponent,
            record: old.record,
            created_at: old.created_at,
            ended_at: old.ended_at,
            clock: None,
            draw_offer: None,
            take_back_request: None,
            revision: 0,
            hints: 0,
            eval_bar: false,
        }
    }
}

/// The `format` of a saved entry: 1 when there is none (the format before numbering).
fn format_of(value: &serde_json::Value) -> Result<u64, StoredError> {
    match value.get("format") {
        None => Ok(1),
        Some(format) => format.as_u64().ok_or(StoredError::BadFormat),
    }
}

fn unreadable(format: u64) -> impl Fn(serde_json::Error) -> StoredError {
    move |error| StoredError::Unreadable {
        format,
        reason: error.to_string(),
    }
}

impl StoredGame {
    /// Reads a saved game of any known format, migrating it to the current one.
    pub fn from_json(value: serde_json::Value) -> Result<StoredGame, StoredError> {
        let format = format_of(&value)?;
        match format {
            1 => serde_json::from_value::<GameFormat1>(value)
                .map(StoredGame::from)
                .map_err(unreadable(format)),
            GAME_FORMAT => serde_json::from_value(value).map_err(unreadable(format)),
            newer if newer > GAME_FORMAT => Err(StoredError::NewerFormat {
                format: newer,
                newest: GAME_FORMAT,
            }),
            _ => Err(StoredError::BadFormat),
        }
    }

    pub fn from_json_str(text: &str) -> Result<StoredGame, StoredError> {
        let value = serde_json::from_str(text)
            .map_err(|error: serde_json::Error| StoredError::NotJson(error.to_string()))?;
        StoredGame::from_json(value)
    }
}

impl StoredSummary {
    pub fn from_json(value: serde_json::Value) -> Result<StoredSummary, StoredError> {
        let format = format_of(&value)?;
        match format {
            SUMMARY_FORMAT => serde_json::from_value(value).map_err(unreadable(format)),
            newer if newer > SUMMARY_FORMAT => Err(StoredError::NewerFormat {
                format: newer,
                newest: SUMMARY_FORMAT,
            }),
            _ => Err(StoredError::BadFormat),
        }
    }

    /// The line as the home screen shows it.
    pub fn view(&self) -> FinishedSummary {
        FinishedSummary {
            id: self.id.clone(),
            opponent: self.opponent.into(),
            result: self.result,
            moves: self.moves,
            ended_at: self.ended_at,
            eval_bar: self.eval_bar,
            reading: self.reading,
        }
    }
}

impl From<StoredOpponent> for Opponent {
    fn from(stored: StoredOpponent) -> Opponent {
        match stored {
            StoredOpponent::Bot { level, bot_side } => Opponent::Bot { level, bot_side },
            StoredOpponent::Friend { turn_board } => Opponent::Friend { turn_board },
            StoredOpponent::Online { player_side } => Opponent::Online { player_side },
        }
    }
}

impl From<Opponent> for StoredOpponent {
    fn from(opponent: Opponent) -> StoredOpponent {
        match opponent {
            Opponent::Bot { level, bot_side } => StoredOpponent::Bot { level, bot_side },
            Opponent::Friend { turn_board } => StoredOpponent::Friend { turn_board },
            Opponent::Online { player_side } => StoredOpponent::Online { player_side },
        }
    }
}

/// A game rebuilt from a save.
#[derive(Clone, Debug)]
pub struct Restored {
    pub session: Session,
    /// Set when the record broke at a move: the game was kept up to the move before.
    pub cut: Option<CutShort>,
}

/// Where a saved record broke, and what was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutShort {
    /// Plies kept (the player is told "kept the first N moves").
    pub kept_moves: u32,
    /// Plies in the record, the unreadable ones included.
    pub total_moves: u32,
    /// The rest of the record from the break on, to keep aside as it was.
    pub leftover: String,
    /// Why the record broke (for the log).
    pub reason: RecordError,
}

fn count(plies: usize) -> u32 {
    u32::try_from(plies).unwrap_or(u32::MAX)
}

impl Session {
    pub fn to_stored(&self) -> StoredGame {
        StoredGame {
            format: GAME_FORMAT,
            id: self.id.clone(),
            opponent: self.opponent.into(),
            record: self.game.record(),
            created_at: self.created_at,
            ended_at: self.ended_at,
            clock: self.clock.as_ref().map(|clock| StoredClock {
                base_ms: clock.control().base_ms,
                increment_ms: clock.control().increment_ms,
                white_ms: clock.settled(Color::White),
                black_ms: clock.settled(Color::Black),
                running: clock.running().map(|running| running.side),
                running_since: clock.running().map(|running| running.since),
            }),
            draw_offer: self.draw_offer,
            take_back_request: self.take_back_request,
            revision: self.revision,
            hints: self.hints,
            eval_bar: self.eval_bar,
        }
    }

    /// The finished game's line for the list, saved beside it (`None` while it goes on).
    pub fn stored_summary(&self) -> Option<StoredSummary> {
        Some(StoredSummary {
            format: SUMMARY_FORMAT,
            id: self.id.clone(),
            opponent: self.opponent.into(),
            result: self.game.outcome()?,
            moves: count(self.game.moves().len()),
            created_at: self.created_at,
            ended_at: self.ended_at.unwrap_or(self.created_at),
            eval_bar: self.eval_bar,
            reading: self.reading(),
        })
    }

    /// Rebuilds a saved game, replaying and checking every move. A record that breaks at a
    /// move gives the game up to the move before, and the rest in [`Restored::cut`]; only a
    /// record without a readable start is refused.
    pub fn from_stored(stored: &StoredGame) -> Result<Restored, StoredError> {
        let read = Game::from_record_prefix(&stored.record).map_err(StoredError::Record)?;
        let game = read.game;
        let cut = read.broken.map(|broken| CutShort {
            kept_moves: count(game.moves().len()),
            total_moves: count(broken.total_plies),
            leftover: broken.leftover,
            reason: broken.error,
        });
        let over = game.outcome().is_some();
        let whole = cut.is_none();
        let ended_at = over.then(|| stored.ended_at.unwrap_or(stored.created_at));
        let clock = stored.clock.map(|saved| {
            let control = TimeControl {
                base_ms: saved.base_ms,
                increment_ms: saved.increment_ms,
            };
            let left = ByColor {
                white: saved.white_ms,
                black: saved.black_ms,
            };
            // A cut record can leave another side to move than the saved clock ran for.
            let runs = !over && game.moves().len() >= 2;
            let running = runs.then(|| Running {
                side: game.position().turn(),
                since: saved.running_since.unwrap_or(stored.created_at),
            });
            Clock::restore(control, left, running)
        });
        let open = |offer: Option<Color>| offer.filter(|_| whole && !over);
        let session = Session {
            id: stored.id.clone(),
            opponent: stored.opponent.into(),
            game,
            created_at: stored.created_at,
            ended_at,
            clock,
            draw_offer: open(stored.draw_offer),
            take_back_request: open(stored.take_back_request),
            revision: stored.revision,
            hints: stored.hints,
            eval_bar: stored.eval_bar,
            plies: Vec::new(),
        };
        let mut session = session;
        session.sync_plies();
        Ok(Restored { session, cut })
    }
}

#[cfg(test)]
mod tests;
