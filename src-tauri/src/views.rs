//! What crosses the bridge: the shapes the UI receives and sends. TypeScript bindings are
//! generated from these (see `bindings.rs`); nothing here is typed twice by hand.

use serde::{Deserialize, Serialize};
use specta::Type;
use ultima_rules::{
    Bitboard, Color, DrawReason, Game, Move, Outcome, Position, Role, Square, WinReason,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum PieceKind {
    King,
    Pawn,
    Withdrawer,
    LongLeaper,
    Chameleon,
    Coordinator,
    Immobilizer,
}

impl From<Role> for PieceKind {
    fn from(role: Role) -> PieceKind {
        match role {
            Role::King => PieceKind::King,
            Role::Pawn => PieceKind::Pawn,
            Role::Withdrawer => PieceKind::Withdrawer,
            Role::LongLeaper => PieceKind::LongLeaper,
            Role::Chameleon => PieceKind::Chameleon,
            Role::Coordinator => PieceKind::Coordinator,
            Role::Immobilizer => PieceKind::Immobilizer,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum BotLevel {
    Novice,
    Beginner,
    Casual,
    Intermediate,
    Club,
}

impl From<BotLevel> for ultima_bot::Level {
    fn from(level: BotLevel) -> ultima_bot::Level {
        match level {
            BotLevel::Novice => ultima_bot::Level::Novice,
            BotLevel::Beginner => ultima_bot::Level::Beginner,
            BotLevel::Casual => ultima_bot::Level::Casual,
            BotLevel::Intermediate => ultima_bot::Level::Intermediate,
            BotLevel::Club => ultima_bot::Level::Club,
        }
    }
}

/// Who the player faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Opponent {
    Bot {
        level: BotLevel,
        bot_side: Side,
    },
    /// A friend on this device; `turn_board` turns the board to the side to move.
    Friend {
        turn_board: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum SideChoice {
    White,
    Black,
    Random,
}

/// What the new-game screen asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum NewGame {
    Bot {
        level: BotLevel,
        player_side: SideChoice,
    },
    Friend {
        turn_board: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PieceView {
    pub square: String,
    pub side: Side,
    pub kind: PieceKind,
}

/// A legal move: its squares and what it would take. A removal has `from == to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct MoveView {
    pub from: String,
    pub to: String,
    pub captures: Vec<String>,
}

/// A move that was played, in the people's notation too.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PlyView {
    pub notation: String,
    pub from: String,
    pub to: String,
    pub captures: Vec<String>,
    pub side: Side,
    pub kind: PieceKind,
}

/// A board as the UI draws it: pieces, frozen pieces, the king in check, the last move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct BoardView {
    pub pieces: Vec<PieceView>,
    pub frozen: Vec<String>,
    pub check: Option<String>,
    pub last_move: Option<PlyView>,
    pub turn: Side,
    pub ply: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum EndReason {
    Checkmate,
    NoLegalMove,
    Repetition,
    FiftyMoves,
    BareKings,
    Resignation,
    Agreement,
    Time,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct GameResult {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win { winner, reason } => GameResult {
                winner: Some(winner.into()),
                reason: match reason {
                    WinReason::Checkmate => EndReason::Checkmate,
                    WinReason::NoLegalMove => EndReason::NoLegalMove,
                    WinReason::Resignation => EndReason::Resignation,
                    WinReason::Time => EndReason::Time,
                },
            },
            Outcome::Draw { reason } => GameResult {
                winner: None,
                reason: match reason {
                    DrawReason::Repetition => EndReason::Repetition,
                    DrawReason::FiftyMoves => EndReason::FiftyMoves,
                    DrawReason::BareKings => EndReason::BareKings,
                    DrawReason::Agreement => EndReason::Agreement,
                },
            },
        }
    }
}

/// A game as the play screen needs it.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    pub id: String,
    pub opponent: Opponent,
    pub board: BoardView,
    /// Empty when the game is over or the bot is to move.
    pub legal_moves: Vec<MoveView>,
    pub plies: Vec<PlyView>,
    pub result: Option<GameResult>,
    pub bot_to_move: bool,
    pub can_take_back: bool,
}

/// A finished game in the list on the home screen.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct FinishedSummary {
    pub id: String,
    pub opponent: Opponent,
    pub result: GameResult,
    pub moves: u32,
    /// Milliseconds since 1970 (a float for JavaScript).
    pub ended_at: f64,
}

pub fn square_names(squares: Bitboard) -> Vec<String> {
    ultima_rules::sorted_captures(squares)
        .iter()
        .map(Square::to_string)
        .collect()
}

pub fn move_view(mv: &Move) -> MoveView {
    MoveView {
        from: mv.from.to_string(),
        to: mv.to.to_string(),
        captures: square_names(mv.captures),
    }
}

pub fn ply_view(before: &Position, mv: &Move) -> PlyView {
    PlyView {
        notation: before.san(mv),
        from: mv.from.to_string(),
        to: mv.to.to_string(),
        captures: square_names(mv.captures),
        side: before.turn().into(),
        kind: mv.role.into(),
    }
}

/// The board after `ply` moves of `game`.
pub fn board_view(game: &Game, ply: usize) -> Option<BoardView> {
    let position = game.position_at(ply)?;
    let board = position.board();
    let pieces = board
        .occupied()
        .iter()
        .filter_map(|square| {
            board.piece_at(square).map(|piece| PieceView {
                square: square.to_string(),
                side: piece.color.into(),
                kind: piece.role.into(),
            })
        })
        .collect();
    let frozen = position.frozen(Color::White) | position.frozen(Color::Black);
    let check = if position.is_check() {
        board.king_of(position.turn()).map(|k| k.to_string())
    } else {
        None
    };
    let last_move = ply.checked_sub(1).and_then(|previous| {
        Some(ply_view(
            game.position_at(previous)?,
            game.moves().get(previous)?,
        ))
    });
    Some(BoardView {
        pieces,
        frozen: square_names(frozen),
        check,
        last_move,
        turn: position.turn().into(),
        ply: u32::try_from(ply).unwrap_or(u32::MAX),
    })
}
