use std::fmt;

use arrayvec::ArrayVec;

use super::{Bitboard, Role, Square};

/// A move: a piece going from one square to another and the enemy pieces it takes, or the
/// removal of one of the mover's own frozen pieces (`from == to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// The role of the piece that moves (or is removed).
    pub role: Role,
    /// The enemy pieces the move takes. Empty for a removal.
    pub captures: Bitboard,
}

impl Move {
    pub const fn is_removal(&self) -> bool {
        self.from.index() == self.to.index()
    }

    pub const fn is_capture(&self) -> bool {
        self.captures.any()
    }

    /// Whether the move resets the half-move clock.
    pub const fn is_irreversible(&self) -> bool {
        self.is_capture() || self.is_removal()
    }

    /// The coordinate text of the move: `e2e6`, a removal `d4d4`.
    pub fn coordinates(&self) -> String {
        format!("{}{}", self.from, self.to)
    }
}

impl fmt::Display for Move {
    /// Coordinate notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// More moves than any position can have: at most one own piece can reach an empty square
/// from each of the eight directions, and sliders reach at most 27 squares each, which keeps
/// the count of moves onto empty squares under 400; king captures add 8 and removals 15.
pub const MAX_MOVES: usize = 512;

/// A move list that lives on the stack: no allocation in move generation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
