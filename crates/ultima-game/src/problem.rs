//! Why the game refused something, as a code with parameters: the rules' refusals of a move and
//! the session's of an action. The UI's message catalogue words each code for the player (and a
//! translation can word it again); a log gets [`SessionError`]'s developer text (the kind and
//! the code). No sentence for the player is written here. The layers above (the app, the course,
//! the puzzles, online play) have codes of their own, in their own types.

use serde::{Deserialize, Serialize};
use ultima_rules::{CaptureWay, Color, Movement, Obstacle, Reading, Role};

mod rules;

/// What a refusal is about, for the caller to branch on (the UI, a server's status code): the
/// kinds every layer sorts its codes into. The game's own codes are of the first four and
/// `BadRequest`; the others are the layers' above (stopped searches, storage, the network).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ErrorKind {
    /// The move is not legal; the problem says why.
    IllegalMove,
    /// There is no game in progress, or not the one the request named.
    NoGame,
    /// The game has ended (or a clock has run out).
    GameOver,
    /// It is not the turn, or not the seat, of whoever asked.
    NotYourTurn,
    /// The bot's search was stopped (take-back, leaving the game, quitting).
    Cancelled,
    /// Saving or loading failed.
    Storage,
    /// The request itself was malformed or does not apply to this game.
    BadRequest,
    /// Online play: the server cannot be reached, or the line to it is down just now.
    Network,
}

/// A refusal of the rules or of the session, as a code with parameters:
/// `{"code": "frozen", "role": "pawn", "square": "d4"}`. Squares are names (`"e2"`), sides and
/// roles as the rules' types serialise them. `GameProblem` in TypeScript, where `Problem` is the
/// app's union of every layer's codes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(
    rename = "GameProblem",
    tag = "code",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Problem {
    // The rules refused the move (one for each `ultima_rules::MoveError`).
    /// The text is not a move in coordinates or the people's notation.
    Malformed {
        text: String,
    },
    NoPiece {
        square: String,
    },
    /// The piece on `square` is `owner`'s, and it is the other side's move.
    NotYourPiece {
        role: Role,
        square: String,
        owner: Color,
    },
    /// The piece is frozen by the enemy pieces `by` (immobilizers, and chameleons next to an
    /// immobilizer): it cannot move. `removable`: it can be removed instead (never a king, nor
    /// when the removal would leave the king in check).
    Frozen {
        role: Role,
        square: String,
        by: Vec<Freezer>,
        removable: bool,
    },
    KingRemoval,
    /// A removal in a reading that has none (the Cambridge rules): the frozen piece, and the
    /// enemy pieces `by` that freeze it.
    NoRemoval {
        role: Role,
        square: String,
        reading: Reading,
        by: Vec<Freezer>,
    },
    /// Only a frozen piece can be removed, and this one is not frozen.
    NotFrozen {
        role: Role,
        square: String,
    },
    /// A removal of a piece that is not frozen, in a reading without removal (the Cambridge
    /// rules): no piece is ever removed there.
    RemovalNotInReading {
        role: Role,
        square: String,
        reading: Reading,
    },
    /// `to` does not lie the way the piece moves (`movement`: one step, along a rank or file,
    /// along a line).
    NotThatWay {
        role: Role,
        from: String,
        to: String,
        movement: Movement,
    },
    /// An `occupant` of `occupant_owner`'s stands on `to`, and this piece cannot take it by
    /// moving there (only the king moves onto an enemy piece).
    Occupied {
        role: Role,
        from: String,
        to: String,
        occupant: Role,
        occupant_owner: Color,
    },
    /// The path to `to` is blocked at `at` by a `blocker` of `blocker_owner`'s, as `obstacle`
    /// says; `behind` is the square right behind it when the obstacle is two in a row.
    PathBlocked {
        role: Role,
        from: String,
        to: String,
        at: String,
        blocker: Role,
        blocker_owner: Color,
        obstacle: Obstacle,
        behind: Option<String>,
    },
    /// After the move (`from == to`: the removal) the mover's king on `king` could be taken,
    /// by each of `checks`; `was_in_check` when the move fails to answer a check.
    LeavesKingInCheck {
        role: Role,
        from: String,
        to: String,
        king: String,
        was_in_check: bool,
        checks: Vec<CheckBy>,
    },
    /// A move in the people's notation names the wrong piece.
    WrongPiece {
        text: String,
        named: Role,
        square: String,
        actual: Role,
    },
    /// A move in the people's notation lists other captures than the move makes.
    WrongCaptures {
        text: String,
        actual: Vec<String>,
    },

    /// A king has been taken (the Zillions rules, played to take the king): `winner` has won
    /// and no move follows.
    KingTaken {
        winner: Color,
    },

    // The session refused the action.
    GameOver,
    /// It is the other side's move.
    NotYourTurn,
    /// That seat is the bot's: only the bot acts for it.
    SeatIsBot,
    /// `side`'s time has run out: the game is lost on time as soon as the clock is read
    /// (`Session::flag`).
    TimeUp {
        side: Color,
    },
    NothingToTakeBack,
    TakeBackAlreadyRequested,
    /// There is no take-back request to answer (or it is the answerer's own).
    NoTakeBackRequest,
    DrawAlreadyOffered,
    /// There is no draw offer to answer (or it is the answerer's own).
    NoDrawOffer,
    /// Draw offers are for games between people, not against the bot.
    NotAgainstBot,
    /// The engine's evaluation is not shown while a game against a person online goes on.
    NoEngineOnline,
    /// The text is not a square name.
    BadSquare {
        text: String,
    },
    /// The game has no position after that many moves.
    NoSuchPly {
        ply: u32,
    },
}

/// An enemy piece that freezes the mover: `{"role": "immobilizer", "square": "d5"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct Freezer {
    pub role: Role,
    pub square: String,
}

/// An enemy piece that could take the king, and how: it would move from `square` to
/// `landing` and take by `way` (a chameleon, always by the king's step, imitating the king);
/// `partner` is the pawn's far side of the pinch or the coordinator's king.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CheckBy {
    pub role: Role,
    pub square: String,
    pub way: CaptureWay,
    pub landing: String,
    pub partner: Option<String>,
}

impl Problem {
    pub fn kind(&self) -> ErrorKind {
        use Problem::*;
        match self {
            Malformed { .. }
            | NoPiece { .. }
            | NotYourPiece { .. }
            | Frozen { .. }
            | KingRemoval
            | NoRemoval { .. }
            | NotFrozen { .. }
            | RemovalNotInReading { .. }
            | NotThatWay { .. }
            | Occupied { .. }
            | PathBlocked { .. }
            | LeavesKingInCheck { .. }
            | WrongPiece { .. }
            | WrongCaptures { .. } => ErrorKind::IllegalMove,
            GameOver | KingTaken { .. } | TimeUp { .. } => ErrorKind::GameOver,
            NotYourTurn | SeatIsBot => ErrorKind::NotYourTurn,
            NothingToTakeBack
            | TakeBackAlreadyRequested
            | NoTakeBackRequest
            | DrawAlreadyOffered
            | NoDrawOffer
            | NotAgainstBot
            | NoEngineOnline
            | BadSquare { .. }
            | NoSuchPly { .. } => ErrorKind::BadRequest,
        }
    }
}

/// A refused action: what kind of refusal, and the problem as a code. Its `Display` (the kind
/// and the code, `IllegalMove: KingRemoval`) is for developers: logs, and the command line's
/// match runner saying why an engine forfeited; the player reads the UI's wording of `problem`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
#[error("{kind:?}: {problem:?}")]
pub struct SessionError {
    pub kind: ErrorKind,
    pub problem: Problem,
}

impl SessionError {
    /// The error for `problem`, of the kind the problem belongs to.
    pub fn new(problem: Problem) -> SessionError {
        SessionError {
            kind: problem.kind(),
            problem,
        }
    }
}

impl From<Problem> for SessionError {
    fn from(problem: Problem) -> SessionError {
        SessionError::new(problem)
    }
}

#[cfg(test)]
mod tests;
