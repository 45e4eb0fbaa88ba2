use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Square;

/// A set of squares, one bit per square (bit 0 is a1).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(u64::MAX);
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    pub const RANK_1: Bitboard = Bitboard(0xff);

    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    pub const fn file(file: u8) -> Bitboard {
        Bitboard(Bitboard::FILE_A.0 << file)
    }

    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(Bitboard::RANK_1.0 << (8 * rank))
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn any(self) -> bool {
        self.0 != 0
    }

    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | (1 << square.index()))
    }

    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square.index()))
    }

    /// The lowest square in the set.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square in the set.
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The only square in the set, if it has exactly one.
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            self.first()
        } else {
            None
        }
    }

    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_H.0) << 1)
    }

    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_A.0) >> 1)
    }

    /// The set grown by one step in each of the eight directions (the set itself included).
    pub const fn grown(self) -> Bitboard {
        let row = Bitboard(self.0 | self.east().0 | self.west().0);
        Bitboard(row.0 | row.north().0 | row.south().0)
    }

    /// Every square one step from the set along a rank or file.
    pub const fn orthogonal_neighbours(self) -> Bitboard {
        Bitboard(self.north().0 | self.south().0 | self.east().0 | self.west().0)
    }

    pub fn iter(self) -> Squares {
        Squares(self.0)
    }
}

/// The squares of a bitboard, lowest first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let square = Square::new_unchecked(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(square)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<T: IntoIterator<Item = Square>>(iter: T) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $trait<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Square) -> Bitboard {
                Bitboard(self.0 $op (1u64 << rhs.index()))
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $assign_trait<Square> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Square) {
                self.0 = self.0 $op (1u64 << rhs.index());
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|s| s.to_string()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(names: &[&str]) -> Bitboard {
        names.iter().map(|n| n.parse::<Square>().unwrap()).collect()
    }

    #[test]
    fn growing_does_not_wrap() {
        assert_eq!(squares(&["a1"]).grown(), squares(&["a1", "a2", "b1", "b2"]));
        assert_eq!(
            squares(&["h4"]).grown(),
            squares(&["g3", "g4", "g5", "h3", "h4", "h5"])
        );
        assert_eq!(squares(&["d4"]).grown().count(), 9);
        assert_eq!(squares(&["a8", "h1"]).grown().count(), 8);
    }

    #[test]
    fn iteration_is_ordered() {
        let bb = squares(&["h8", "a1", "e4"]);
        let names: Vec<String> = bb.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "e4", "h8"]);
        assert_eq!(bb.first().map(|s| s.to_string()), Some("a1".into()));
        assert_eq!(bb.last().map(|s| s.to_string()), Some("h8".into()));
        assert_eq!(bb.single(), None);
        assert_eq!(
            squares(&["c3"]).single().map(|s| s.to_string()),
            Some("c3".into())
        );
    }
}
