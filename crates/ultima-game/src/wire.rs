//! What crosses to the UI (and later the network): the shapes the screens receive and send.
//! Sides, roles, levels and results are the rules' and the bot's own types (their serde
//! shapes: `"white"`, `"longLeaper"`, `"novice"`, `{"kind": "win", ...}`), never copies.
//! Squares are names (`"e2"`). None of these is saved: see [`crate::stored`].

use serde::{Deserialize, Serialize};
use ultima_level::Level;
use ultima_rules::{Color, Outcome, Reading, Role};

use crate::time_control::TimeControl;

/// Who the player faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Opponent {
    Bot {
        level: Level,
        bot_side: Color,
    },
    /// A friend on this device; `turn_board` turns the board to the side to move.
    Friend {
        turn_board: bool,
    },
    /// A person elsewhere, through a game server that owns the game; this device plays
    /// `player_side`.
    Online {
        player_side: Color,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum SideChoice {
    White,
    Black,
    Random,
}

/// What the new-game screen asks for. `time_control` may be left out: untimed; `reading` may be
/// left out: Abbott's 1963 rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum NewGame {
    Bot {
        level: Level,
        player_side: SideChoice,
        #[serde(default)]
        #[cfg_attr(feature = "specta", specta(optional))]
        time_control: Option<TimeControl>,
        #[serde(default)]
        #[cfg_attr(feature = "specta", specta(optional))]
        reading: Reading,
    },
    Friend {
        turn_board: bool,
        #[serde(default)]
        #[cfg_attr(feature = "specta", specta(optional))]
        time_control: Option<TimeControl>,
        #[serde(default)]
        #[cfg_attr(feature = "specta", specta(optional))]
        reading: Reading,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PieceView {
    pub square: String,
    pub side: Color,
    pub role: Role,
}

/// A legal move: its squares and what it would take. A removal has `from == to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct MoveView {
    pub from: String,
    pub to: String,
    pub captures: Vec<String>,
}

/// What a move did to the opponent, for the people's notation's `+` and `#`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum Mark {
    None,
    /// The opponent is in check.
    Check,
    /// The opponent has no legal move (and so has lost), in check or not.
    Mate,
}

/// A move that was played, with what the UI needs to write it in the people's notation
/// (`Pe2-e6xd6xf6+`, removal `Ld4=`): the piece, its squares, what it took, the mark.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PlyView {
    pub side: Color,
    pub role: Role,
    pub from: String,
    pub to: String,
    /// Captured squares in reading order (by file, then rank).
    pub captures: Vec<String>,
    /// A removal of one's own frozen piece (`from == to`).
    pub removal: bool,
    pub mark: Mark,
}

/// A board as the UI draws it: pieces, frozen pieces, the king in check, the last move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct BoardView {
    pub pieces: Vec<PieceView>,
    pub frozen: Vec<String>,
    pub check: Option<String>,
    pub last_move: Option<PlyView>,
    pub turn: Color,
    pub ply: u32,
}

/// A timed game's clock at the moment the view was made; the UI counts `running` down from
/// when it receives it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClockView {
    pub white_ms: f64,
    pub black_ms: f64,
    /// The side whose clock runs (none before each side's first move, and after the end).
    pub running: Option<Color>,
    pub base_ms: u32,
    pub increment_ms: u32,
    /// A correspondence game's days per move (an online server's; `baseMs` is then the time per
    /// move and there is no increment). Left out for a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u8>,
}

/// Who may do what now, on this device: the seat the app acts as for each action, or `None`
/// when nobody here may. (Against the bot, always the player's seat; between friends, the
/// side to move moves, resigns and offers, the other side answers.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct MayAct {
    /// Moving (the legal moves are in the view).
    pub play: Option<Color>,
    pub resign: Option<Color>,
    pub offer_draw: Option<Color>,
    pub answer_draw: Option<Color>,
    /// Taking back (against the bot) or asking to (between friends).
    pub take_back: Option<Color>,
    pub answer_take_back: Option<Color>,
}

/// A game as the play screen needs it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    pub id: String,
    /// Goes up with every change of this game: of two views of one game, the higher is newer.
    pub revision: u32,
    pub opponent: Opponent,
    pub board: BoardView,
    /// Empty when nobody on this device may move (game over, the bot's move).
    pub legal_moves: Vec<MoveView>,
    pub plies: Vec<PlyView>,
    pub result: Option<Outcome>,
    pub bot_to_move: bool,
    /// `None` for an untimed game.
    pub clock: Option<ClockView>,
    /// The side whose draw offer is open.
    pub draw_offer: Option<Color>,
    /// The side whose take-back request is open.
    pub take_back_request: Option<Color>,
    pub may_act: MayAct,
    /// The engine's evaluation bar was shown while the game was played (the record notes it;
    /// absent from an older peer's view: not shown).
    #[serde(default)]
    pub eval_bar: bool,
    /// The reading of the rules the game is played by (absent from an older peer's view: 1963).
    #[serde(default)]
    pub reading: Reading,
}

/// A finished game in the list on the home screen: what the list shows, without replaying.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FinishedSummary {
    pub id: String,
    pub opponent: Opponent,
    pub result: Outcome,
    /// Plies played.
    pub moves: u32,
    /// Milliseconds since 1970 (a float for JavaScript).
    pub ended_at: f64,
    /// The engine's evaluation bar was shown while the game was played.
    #[serde(default)]
    pub eval_bar: bool,
    /// The reading of the rules the game was played by.
    #[serde(default)]
    pub reading: Reading,
}

#[cfg(test)]
mod tests;
