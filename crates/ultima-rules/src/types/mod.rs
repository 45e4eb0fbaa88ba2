//! Small `Copy` types that the rest of the engine speaks in.

mod bitboard;
mod moves;
mod piece;
mod square;

pub use bitboard::{Bitboard, Squares};
pub use moves::{Move, MoveList, MAX_MOVES};
pub use piece::{ByColor, ByRole, Color, Piece, Role};
pub use square::{Direction, File, ParseSquareError, Rank, Square};
