//! The messages, both ways. JSON objects tagged by `type` (the client's and the server's) and
//! refusals tagged by `code`; names in camelCase; squares and moves in coordinates (`e2e6`,
//! a removal `d4d4`); sides `"white"` / `"black"`; times in milliseconds.

use serde::{Deserialize, Serialize};
use ultima_game::{ClockView, Problem};
use ultima_rules::{Color, Outcome, Reading};

/// Goes up when a message changes shape; the server says it in [`ServerMessage::Hello`].
pub const PROTOCOL_VERSION: u32 = 1;
/// The longest frame the server reads (client messages are a few dozen bytes); longer ones are
/// refused with [`ErrorCode::FrameTooLarge`].
pub const MAX_MESSAGE_BYTES: usize = 1024;
/// The longest base time a game can have (3 hours).
pub const MAX_BASE_MS: u32 = 3 * 60 * 60 * 1000;
/// The largest increment (3 minutes).
pub const MAX_INCREMENT_MS: u32 = 3 * 60 * 1000;
/// The times per move a correspondence game can have, in days.
pub const CORRESPONDENCE_DAYS: [u8; 5] = [1, 2, 3, 7, 14];
/// A day in milliseconds.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// The creator's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ColorChoice {
    White,
    Black,
    /// The server tosses a coin.
    Random,
}

/// A clock of base time and Fischer increment, both in milliseconds. The base is more than 0
/// and at most [`MAX_BASE_MS`], the increment at most [`MAX_INCREMENT_MS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClockSetting {
    pub base_ms: u32,
    pub increment_ms: u32,
}

impl ClockSetting {
    /// Whether the server accepts this clock.
    pub fn is_valid(self) -> bool {
        self.base_ms > 0 && self.base_ms <= MAX_BASE_MS && self.increment_ms <= MAX_INCREMENT_MS
    }
}

/// A correspondence time control: each move within `days_per_move` days (one of
/// [`CORRESPONDENCE_DAYS`]). Only the side to move's time runs, and each move gives the mover
/// the whole time again for their next one. Until both sides have made their first move each
/// has the time per move for it, and letting it pass aborts the game (it is gone: `gameExpired`);
/// after that, the side whose time runs out loses on time (drawn if the opponent has nothing
/// but its king left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Correspondence {
    pub days_per_move: u8,
}

impl Correspondence {
    /// Whether the server accepts this time per move.
    pub fn is_valid(self) -> bool {
        CORRESPONDENCE_DAYS.contains(&self.days_per_move)
    }

    /// The time per move in milliseconds.
    pub fn per_move_ms(self) -> u64 {
        u64::from(self.days_per_move) * DAY_MS
    }
}

/// What a client asks. A connection first creates, joins or resumes a game, which seats it as
/// one side of that game; every later message acts for that side, in that game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum ClientMessage {
    /// A new game against a friend who joins with the invite. `clock` `null` or left out:
    /// untimed, unless `correspondence` gives days per move (then `clock` must be left out or
    /// `null`). `correspondence` is left out by older clients, and not written when `None`.
    /// `reading`: the rules the game is played by (`"1963"`, `"1962"`, `"cambridge"`,
    /// `"boardspace"`, `"zillions"`); left out (as older clients do) and not written: 1963.
    Create {
        color: ColorChoice,
        clock: Option<ClockSetting>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        correspondence: Option<Correspondence>,
        #[serde(default, skip_serializing_if = "is_1963")]
        #[cfg_attr(feature = "specta", specta(optional))]
        reading: Reading,
    },
    /// Takes the other seat of the game this invite names (as typed: any case, dashes and
    /// spaces ignored).
    Join {
        invite: String,
    },
    /// Comes back to a game with the token the server gave (after a dropped connection, a
    /// restart of the app, a rematch).
    Resume {
        game: String,
        token: String,
    },
    /// Plays a move. `ply` is the number of moves played before it (the index it will have),
    /// so a move sent twice, or sent after the position changed, is refused rather than
    /// played in another position.
    Move {
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
    },
    Resign {},
    /// Offers a draw; accepts when the opponent's offer is open.
    OfferDraw {},
    AcceptDraw {},
    DeclineDraw {},
    /// Asks to take back one's last move (and the opponent's answer to it).
    RequestTakeBack {},
    AcceptTakeBack {},
    DeclineTakeBack {},
    /// Claims the win when the opponent, to move, has been disconnected long enough
    /// ([`GameState::claim_win_in_ms`] is 0).
    ClaimWin {},
    /// After the game: asks for another with the sides swapped; accepts when the opponent has
    /// asked.
    OfferRematch {},
    DeclineRematch {},
    /// Answered with [`ServerMessage::Pong`] (round trips, keep-alive).
    Ping {},
}

/// Whether the opponent is there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum Presence {
    /// Nobody has joined with the invite yet.
    Waiting,
    Connected,
    Disconnected,
}

/// A game as one seat sees it: everything needed to show it and play on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameState {
    pub game: String,
    /// The side this connection plays.
    pub you: Color,
    /// The invite, while nobody has joined with it (to show it again).
    pub invite: Option<String>,
    /// Every move from the start position, in coordinates.
    pub moves: Vec<String>,
    /// Read when the message was made: the client counts `running` down from when it gets it.
    /// A correspondence game's too: `daysPerMove` set, `baseMs` the time per move, the side to
    /// move's time left until its deadline, the other side's the whole time per move.
    pub clock: Option<ClockView>,
    pub draw_offer: Option<Color>,
    pub take_back_request: Option<Color>,
    pub rematch_offer: Option<Color>,
    pub result: Option<Outcome>,
    pub opponent: Presence,
    /// While the opponent is disconnected, it is their move and the game goes on: how long
    /// until [`ClientMessage::ClaimWin`] is accepted (0: now).
    pub claim_win_in_ms: Option<u64>,
    /// The rematch's game id, once both asked for one (resume it with the same token).
    pub rematch: Option<String>,
    /// Goes up with every change of the game.
    pub revision: u32,
    /// The rules the game is played by; not written for 1963, so that an older client, which
    /// plays only 1963, refuses a game of another reading rather than play it by other rules.
    #[serde(default, skip_serializing_if = "is_1963")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub reading: Reading,
}

/// Whether a reading is the default one, which messages leave out.
fn is_1963(reading: &Reading) -> bool {
    *reading == Reading::Abbott1963
}

/// Why the server refused a message. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(
    tag = "code",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ErrorCode {
    /// Not a message: not JSON, a binary frame, an unknown `type`, a field unknown or missing
    /// or of the wrong kind. `detail` is for developers.
    BadMessage {
        detail: String,
    },
    FrameTooLarge {
        limit_bytes: u32,
    },
    /// Too many messages on this connection; wait.
    RateLimited {
        retry_after_ms: u64,
    },
    /// Too many join or resume attempts from this address; wait.
    JoinRateLimited {
        retry_after_ms: u64,
    },
    /// Too many games created from this address; wait.
    CreateRateLimited {
        retry_after_ms: u64,
    },
    /// The clock is out of bounds.
    BadClock {
        max_base_ms: u32,
        max_increment_ms: u32,
    },
    /// The days per move are not one of `allowedDays`, or a clock was given too.
    BadCorrespondence {
        allowed_days: Vec<u8>,
    },
    /// The invite does not read as a code.
    BadInvite,
    /// No game waits for this invite (never issued, or already used).
    NoSuchInvite,
    /// Nobody joined with this invite in time (24 hours by default): its game is gone.
    InviteExpired,
    /// The game and token do not match (or there is no such game).
    BadToken,
    /// The game is gone: its invite expired, or it was abandoned before a move was played, or
    /// (correspondence) a first move was not made in time, or it finished longer ago than the
    /// server keeps finished games.
    GameExpired,
    /// Create, join or resume a game first.
    NotSeated,
    /// This connection already plays a game.
    AlreadySeated,
    /// The friend has not joined yet.
    WaitingForOpponent,
    /// The move's `ply` is not the number of moves played.
    StaleMove {
        expected_ply: u32,
    },
    /// The game refused: an illegal move (the problem says why), not your turn, game over, no
    /// draw offer to answer, ...
    Refused {
        problem: Problem,
    },
    /// The win cannot be claimed: the opponent is connected, or it is not their move, or the
    /// game is over (`inMs: null`); or not yet (`inMs`: how long until it can).
    NotClaimable {
        in_ms: Option<u64>,
    },
    /// No rematch to offer or decline (the game goes on, or no offer is open).
    NoRematch,
    /// The server could not store the change, so it did not make it; try again.
    Unavailable,
}

/// What the server says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum ServerMessage {
    /// The first message on every connection.
    Hello {
        protocol: u32,
    },
    /// This connection now plays `color` in `game`; keep the token to resume. `invite` is set
    /// for the creator, to give to the friend.
    Seated {
        game: String,
        color: Color,
        token: String,
        invite: Option<String>,
    },
    /// The whole game: after seating, and after every change other than a move (an offer and
    /// its answer, a take-back, the end, the opponent joining, leaving or coming back).
    State(GameState),
    /// A move was accepted and stored (to both players; for the mover it is the
    /// acknowledgement). `ply` is its index; `result` is set when it ended the game.
    Moved {
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
        revision: u32,
        clock: Option<ClockView>,
        result: Option<Outcome>,
    },
    /// The message was refused and changed nothing.
    Error {
        error: ErrorCode,
    },
    Pong {},
}

/// A frame that is not a message.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// serde would read a struct from an array of its fields; no client message has one.
    #[error("a message and its parts are JSON objects, not arrays")]
    Array,
    /// serde_json would keep the last of them, another reader the first.
    #[error("the key `{0}` is given twice")]
    RepeatedKey(String),
}

fn has_array(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Array(_) => true,
        serde_json::Value::Object(fields) => fields.values().any(has_array),
        _ => false,
    }
}

impl ClientMessage {
    /// Reads one frame's text, strictly.
    pub fn decode(text: &str) -> Result<ClientMessage, DecodeError> {
        if let Some(key) = crate::unique_keys::repeated_key(text)? {
            return Err(DecodeError::RepeatedKey(key));
        }
        let value: serde_json::Value = serde_json::from_str(text)?;
        if has_array(&value) {
            return Err(DecodeError::Array);
        }
        Ok(serde_json::from_value(value)?)
    }

    /// The frame's text.
    pub fn encode(&self) -> String {
        // Serialising these types cannot fail: no maps with non-string keys, no foreign types.
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl ServerMessage {
    pub fn decode(text: &str) -> Result<ServerMessage, DecodeError> {
        Ok(serde_json::from_str(text)?)
    }

    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// An error message.
    pub fn error(error: ErrorCode) -> ServerMessage {
        ServerMessage::Error { error }
    }
}

#[cfg(test)]
mod tests;
