//! The rules of Ultima (Baroque chess), as `shared/RULES.md` states them, and the other readings
//! of `shared/READINGS.md` (1962, Cambridge, Boardspace, Zillions), which a position carries.
//!
//! Pure: no I/O, no global state, no allocation in move generation. Builds for every target the
//! app runs on (desktop, Android, iOS, WebAssembly).
//!
//! ```
//! use ultima_rules::{Position, perft};
//! let start = Position::start();
//! assert_eq!(start.legal_moves().len(), 32);
//! assert_eq!(perft(&start, 2), 944);
//! ```

pub mod attacks;
mod board;
mod check;
mod game;
mod movegen;
mod notation;
mod perft;
mod position;
mod random_line;
mod reading;
pub mod types;
mod why_not;
mod zobrist;

pub use board::Board;
pub use check::{CaptureWay, Check, PieceAt};
pub use game::{
    DrawReason, Game, GameError, Outcome, RecordBreak, RecordError, RecordPrefix, Status, WinReason,
};
pub use notation::{sorted_captures, MoveError};
pub use perft::{perft, perft_divide};
pub use position::{Position, PositionError, Setup, UfenError, START_UFEN};
pub use random_line::{random_quiet_line, random_quiet_line_from};
pub use reading::{
    ChameleonRule, FreezingRule, Goal, LeaperRule, NoMoveRule, Reading, Rules, UnknownReading,
};
pub use types::{Bitboard, ByColor, ByRole, Color, Direction, Move, MoveList, Piece, Role, Square};
pub use why_not::{IllegalReason, Movement, Obstacle, PieceOn};
