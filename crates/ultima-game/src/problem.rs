//! Why something was refused, as a code with parameters: the UI's message catalogue words it
//! for the player (and a translation can word it again), the log gets [`SessionError`]'s
//! developer text. No sentence for the player is written here.

use std::fmt;

use serde::{Deserialize, Serialize};
use ultima_rules::{CaptureWay, Color, IllegalReason, MoveError, Movement, Obstacle, Role};

/// What a refusal is about, for the caller to branch on (the UI, a server's status code).
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

/// What failed when saving or loading (the app's storage codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum StorageWhat {
    /// The app's data folder could not be found or created.
    DataFolder,
    /// The save file could not be checked, opened or read.
    SaveFile,
    /// The backup copy could not be written.
    Backup,
    /// The data could not be prepared for saving.
    Prepare,
    /// Saving failed.
    Save,
    /// The finished games' database failed.
    History,
    /// The app's state was damaged by an earlier error; a restart helps.
    StateDamaged,
}

/// A refusal, as a code with parameters: `{"code": "frozen", "role": "pawn", "square": "d4"}`.
/// Squares are names (`"e2"`), sides and roles as the rules' types serialise them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(
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
    /// immobilizer): it cannot move (it can be removed instead).
    Frozen {
        role: Role,
        square: String,
        by: Vec<Freezer>,
    },
    KingRemoval,
    /// Only a frozen piece can be removed, and this one is not frozen.
    NotFrozen {
        role: Role,
        square: String,
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

    // The app refused (codes the app uses; kept here so every code is in one enum).
    /// There is no game in progress.
    NoGame,
    /// The game named is no longer the one in progress.
    NotCurrentGame,
    /// The game named is not among the finished games.
    NotFinished,
    /// The game has no bot.
    NoBot,
    /// The bot's search was stopped.
    BotStopped,
    /// The game changed while the bot was thinking.
    GameChanged,
    /// The bot failed to move.
    BotFailed,
    Storage {
        what: StorageWhat,
    },

    // The rules course refused (the app's course commands).
    /// The course has no task with this id.
    NoSuchTask {
        task: String,
    },
    /// The task named is not the one open (open it first).
    NotOpenTask {
        task: String,
    },
    /// The course (embedded in the app) could not be read.
    CourseUnavailable,

    // The puzzle trainer refused (the app's puzzle commands).
    /// The collection has no puzzle with this id.
    NoSuchPuzzle {
        puzzle: String,
    },
    /// The puzzle named is not the one open (open it first).
    NotOpenPuzzle {
        puzzle: String,
    },
    /// Every puzzle that fits the choice has been seen.
    NoPuzzleLeft,
    /// The text is not a puzzle theme.
    UnknownTheme {
        theme: String,
    },
    /// The puzzle collection (embedded in the app) could not be read.
    PuzzlesUnavailable,

    // Online play refused (the app's online commands, and the server's refusals).
    /// The server address is not one (`ws://HOST:PORT`).
    BadServerAddress {
        address: String,
    },
    /// No server address is set.
    NoServer,
    /// Nothing answered at the server's address.
    ServerUnreachable {
        address: String,
    },
    /// The server speaks another version of the protocol.
    ServerVersion {
        found: u32,
        expected: u32,
    },
    /// The server sent something this version does not understand.
    ServerBroken,
    /// The server could not store the change; nothing changed, try again.
    ServerUnavailable,
    /// The line to the server is down just now (the app is coming back).
    Offline,
    /// The invite code does not read (16 letters, as `HKDW-MPRT-CAXE-FGNJ`).
    BadInvite,
    /// No game waits for this invite: never given, or the friend's seat is taken already.
    NoSuchInvite,
    /// The server does not know this game, or its token.
    UnknownOnlineGame,
    /// Too many tries (joining, or messages); wait this long.
    TooManyTries {
        retry_after_ms: u32,
    },
    /// The friend has not joined yet.
    WaitingForOpponent,
    /// The win cannot be claimed: the opponent is there, or it is not their move (`None`), or
    /// not yet (`in_ms`).
    NotClaimable {
        in_ms: Option<u32>,
    },
    /// There is no rematch to offer or answer.
    NoRematch,
    /// There is no online game (open, or to answer).
    NoOnlineGame,
    /// The server inside the app could not start on this port.
    HostFailed {
        port: u16,
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
            | NotFrozen { .. }
            | NotThatWay { .. }
            | Occupied { .. }
            | PathBlocked { .. }
            | LeavesKingInCheck { .. }
            | WrongPiece { .. }
            | WrongCaptures { .. } => ErrorKind::IllegalMove,
            GameOver | TimeUp { .. } => ErrorKind::GameOver,
            NotYourTurn | SeatIsBot => ErrorKind::NotYourTurn,
            NothingToTakeBack
            | TakeBackAlreadyRequested
            | NoTakeBackRequest
            | DrawAlreadyOffered
            | NoDrawOffer
            | NotAgainstBot
            | NoEngineOnline
            | BadSquare { .. }
            | NoSuchPly { .. }
            | NoBot
            | NoSuchTask { .. }
            | NoSuchPuzzle { .. }
            | NoPuzzleLeft
            | UnknownTheme { .. }
            // Not `cancelled`, which the UI passes over in silence: a failed bot is shown.
            | BotFailed => ErrorKind::BadRequest,
            NoGame | NotCurrentGame | NotFinished | NotOpenTask { .. } | NotOpenPuzzle { .. } => {
                ErrorKind::NoGame
            }

            BotStopped | GameChanged => ErrorKind::Cancelled,
            Storage { .. } | CourseUnavailable | PuzzlesUnavailable => ErrorKind::Storage,
            BadServerAddress { .. }
            | NoServer
            | BadInvite
            | NoSuchInvite
            | TooManyTries { .. }
            | WaitingForOpponent
            | NotClaimable { .. }
            | NoRematch => ErrorKind::BadRequest,
            UnknownOnlineGame | NoOnlineGame => ErrorKind::NoGame,
            ServerUnreachable { .. }
            | ServerVersion { .. }
            | ServerBroken
            | ServerUnavailable
            | Offline
            | HostFailed { .. } => ErrorKind::Network,
        }
    }
}

/// The rules' names of roles (`MoveError::WrongPiece` carries `Role::name`) back to roles.
fn role_named(name: &str) -> Role {
    Role::ALL
        .into_iter()
        .find(|role| role.name() == name)
        // Every name in a `MoveError::WrongPiece` is a `Role::name` (a test walks them all).
        .unwrap_or(Role::Pawn)
}

impl From<&IllegalReason> for Problem {
    fn from(reason: &IllegalReason) -> Problem {
        match reason {
            IllegalReason::NoPiece { square } => Problem::NoPiece {
                square: square.to_string(),
            },
            IllegalReason::NotYourPiece {
                role,
                square,
                owner,
            } => Problem::NotYourPiece {
                role: *role,
                square: square.to_string(),
                owner: *owner,
            },
            IllegalReason::Frozen { role, square, by } => Problem::Frozen {
                role: *role,
                square: square.to_string(),
                by: by
                    .iter()
                    .map(|freezer| Freezer {
                        role: freezer.role,
                        square: freezer.square.to_string(),
                    })
                    .collect(),
            },
            IllegalReason::KingRemoval { .. } => Problem::KingRemoval,
            IllegalReason::NotFrozen { role, square } => Problem::NotFrozen {
                role: *role,
                square: square.to_string(),
            },
            IllegalReason::NotThatWay {
                role,
                from,
                to,
                movement,
            } => Problem::NotThatWay {
                role: *role,
                from: from.to_string(),
                to: to.to_string(),
                movement: *movement,
            },
            IllegalReason::Occupied {
                role,
                from,
                to,
                occupant,
            } => Problem::Occupied {
                role: *role,
                from: from.to_string(),
                to: to.to_string(),
                occupant: occupant.role,
                occupant_owner: occupant.color,
            },
            IllegalReason::PathBlocked {
                role,
                from,
                to,
                at,
                blocker,
                obstacle,
                behind,
            } => Problem::PathBlocked {
                role: *role,
                from: from.to_string(),
                to: to.to_string(),
                at: at.to_string(),
                blocker: blocker.role,
                blocker_owner: blocker.color,
                obstacle: *obstacle,
                behind: behind.map(|behind| behind.square.to_string()),
            },
            IllegalReason::LeavesKingInCheck {
                role,
                from,
                to,
                king,
                was_in_check,
                checks,
            } => Problem::LeavesKingInCheck {
                role: *role,
                from: from.to_string(),
                to: to.to_string(),
                king: king.to_string(),
                was_in_check: *was_in_check,
                checks: checks
                    .iter()
                    .map(|check| CheckBy {
                        role: check.attacker.role,
                        square: check.attacker.square.to_string(),
                        way: check.way,
                        landing: check.landing.to_string(),
                        partner: check.partner.map(|square| square.to_string()),
                    })
                    .collect(),
            },
        }
    }
}

impl From<&MoveError> for Problem {
    fn from(error: &MoveError) -> Problem {
        match error {
            MoveError::Malformed(text) => Problem::Malformed { text: text.clone() },
            MoveError::Illegal(reason) => reason.into(),
            MoveError::WrongPiece {
                text,
                named,
                square,
                actual,
            } => Problem::WrongPiece {
                text: text.clone(),
                named: role_named(named),
                square: square.to_string(),
                actual: role_named(actual),
            },
            MoveError::WrongCaptures { text, actual } => Problem::WrongCaptures {
                text: text.clone(),
                // `actual` is the captured squares joined by ", ", or "nothing".
                actual: actual
                    .split(", ")
                    .filter(|square| *square != "nothing" && !square.is_empty())
                    .map(str::to_string)
                    .collect(),
            },
        }
    }
}

/// A refused action: what kind of refusal, and the problem as a code. Its `Display` is for
/// developers and logs; the player reads the UI's wording of `problem`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
#[error("{kind:?}: {problem}")]
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

impl From<MoveError> for SessionError {
    fn from(error: MoveError) -> SessionError {
        SessionError::new(Problem::from(&error))
    }
}

impl From<ultima_rules::GameError> for SessionError {
    fn from(error: ultima_rules::GameError) -> SessionError {
        match error {
            ultima_rules::GameError::Over(_) => SessionError::new(Problem::GameOver),
            ultima_rules::GameError::Illegal(error) => error.into(),
        }
    }
}

/// Developer text, for logs (never shown to the player).
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Problem::*;
        match self {
            Malformed { text } => write!(f, "`{text}` is not a move"),
            NoPiece { square } => write!(f, "no piece on {square}"),
            NotYourPiece {
                role,
                square,
                owner,
            } => write!(f, "the {} on {square} is {owner}'s", role.name()),
            Frozen { role, square, by } => {
                write!(f, "the {} on {square} is frozen by", role.name())?;
                for freezer in by {
                    write!(f, " the {} on {}", freezer.role.name(), freezer.square)?;
                }
                Ok(())
            }
            KingRemoval => f.write_str("a king cannot be removed"),
            NotFrozen { role, square } => {
                write!(f, "the {} on {square} is not frozen", role.name())
            }
            NotThatWay {
                role,
                from,
                to,
                movement,
            } => write!(
                f,
                "the {} on {from} cannot move to {to} (it moves {movement:?})",
                role.name()
            ),
            Occupied {
                role,
                from,
                to,
                occupant,
                occupant_owner,
            } => write!(
                f,
                "the {} on {from} cannot move to {to}: {occupant_owner}'s {} is there",
                role.name(),
                occupant.name()
            ),
            PathBlocked {
                role,
                from,
                to,
                at,
                blocker,
                blocker_owner,
                obstacle,
                behind,
            } => {
                write!(
                    f,
                    "the {} on {from} cannot move to {to}: {blocker_owner}'s {} on {at} is in the \
                     way ({obstacle:?})",
                    role.name(),
                    blocker.name()
                )?;
                match behind {
                    Some(behind) => write!(f, ", {behind} behind it"),
                    None => Ok(()),
                }
            }
            LeavesKingInCheck {
                from,
                to,
                king,
                checks,
                ..
            } => {
                write!(f, "{from}{to} leaves the king on {king} in check from")?;
                for check in checks {
                    write!(
                        f,
                        " the {} on {} ({:?})",
                        check.role.name(),
                        check.square,
                        check.way
                    )?;
                }
                Ok(())
            }
            WrongPiece {
                text,
                named,
                actual,
                ..
            } => write!(
                f,
                "`{text}` names a {}, the piece is a {}",
                named.name(),
                actual.name()
            ),
            WrongCaptures { text, actual } => {
                write!(f, "`{text}` lists the wrong captures (takes {actual:?})")
            }
            GameOver => f.write_str("the game is over"),
            NotYourTurn => f.write_str("not this seat's turn"),
            SeatIsBot => f.write_str("that seat is the bot's"),
            TimeUp { side } => write!(f, "{side}'s time is up"),
            NothingToTakeBack => f.write_str("nothing to take back"),
            TakeBackAlreadyRequested => f.write_str("a take-back is already requested"),
            NoTakeBackRequest => f.write_str("no take-back request to answer"),
            DrawAlreadyOffered => f.write_str("a draw is already offered"),
            NoDrawOffer => f.write_str("no draw offer to answer"),
            NotAgainstBot => f.write_str("not in a game against the bot"),
            NoEngineOnline => f.write_str("no engine evaluation in a game online"),
            BadSquare { text } => write!(f, "`{text}` is not a square"),
            NoSuchPly { ply } => write!(f, "the game has no move {ply}"),
            NoGame => f.write_str("no game in progress"),
            NotCurrentGame => f.write_str("not the game in progress"),
            NotFinished => f.write_str("not among the finished games"),
            NoBot => f.write_str("the game has no bot"),
            BotStopped => f.write_str("the bot's search was stopped"),
            GameChanged => f.write_str("the game changed while the bot was thinking"),
            BotFailed => f.write_str("the bot failed"),
            Storage { what } => write!(f, "storage failed: {what:?}"),
            NoSuchTask { task } => write!(f, "the course has no task {task}"),
            NotOpenTask { task } => write!(f, "the course task {task} is not open"),
            CourseUnavailable => f.write_str("the course could not be read"),
            NoSuchPuzzle { puzzle } => write!(f, "the collection has no puzzle {puzzle}"),
            NotOpenPuzzle { puzzle } => write!(f, "the puzzle {puzzle} is not open"),
            NoPuzzleLeft => f.write_str("every puzzle that fits has been seen"),
            UnknownTheme { theme } => write!(f, "`{theme}` is not a puzzle theme"),
            PuzzlesUnavailable => f.write_str("the puzzle collection could not be read"),
            BadServerAddress { address } => write!(f, "`{address}` is not a server address"),
            NoServer => f.write_str("no server address is set"),
            ServerUnreachable { address } => write!(f, "no server answered at {address}"),
            ServerVersion { found, expected } => {
                write!(f, "the server speaks protocol {found}, this app {expected}")
            }
            ServerBroken => f.write_str("the server sent something unexpected"),
            ServerUnavailable => f.write_str("the server could not store the change"),
            Offline => f.write_str("the line to the server is down"),
            BadInvite => f.write_str("not an invite code"),
            NoSuchInvite => f.write_str("no game waits for this invite"),
            UnknownOnlineGame => f.write_str("the server does not know this game or token"),
            TooManyTries { retry_after_ms } => {
                write!(f, "too many tries; wait {retry_after_ms} ms")
            }
            WaitingForOpponent => f.write_str("the friend has not joined yet"),
            NotClaimable { in_ms: Some(ms) } => write!(f, "the win can be claimed in {ms} ms"),
            NotClaimable { in_ms: None } => f.write_str("the win cannot be claimed"),
            NoRematch => f.write_str("no rematch to offer or answer"),
            NoOnlineGame => f.write_str("no online game"),
            HostFailed { port } => write!(f, "the server could not start on port {port}"),
        }
    }
}

#[cfg(test)]
mod tests;
