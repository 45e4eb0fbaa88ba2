use std::fmt;
use std::str::FromStr;

/// A file, `a` (0) to `h` (7).
pub type File = u8;
/// A rank, `1` (0) to `8` (7).
pub type Rank = u8;

/// One of the 64 squares: `a1` is 0, `h1` is 7, `a2` is 8, `h8` is 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at `index` (0..64), if there is one.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` and `rank` (both 0..8), if there is one.
    pub const fn from_coords(file: File, rank: Rank) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    pub(crate) const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn usize(self) -> usize {
        self.0 as usize
    }

    pub const fn file(self) -> File {
        self.0 & 7
    }

    pub const fn rank(self) -> Rank {
        self.0 >> 3
    }

    /// The neighbour one step in `direction`, or `None` off the board.
    pub const fn step(self, direction: Direction) -> Option<Square> {
        let (df, dr) = direction.delta();
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// The number of king steps from here to `other`.
    pub const fn distance(self, other: Square) -> u8 {
        let files = self.file().abs_diff(other.file());
        let ranks = self.rank().abs_diff(other.rank());
        if files > ranks {
            files
        } else {
            ranks
        }
    }

    /// All 64 squares, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// Why a square's name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square (squares are named a1 to h8)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        match text.as_bytes() {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
                Ok(Square((rank - b'1') * 8 + (file - b'a')))
            }
            _ => Err(ParseSquareError(text.to_string())),
        }
    }
}

/// A unit step along a rank, file or diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Direction {
    North,
    East,
    NorthEast,
    NorthWest,
    South,
    West,
    SouthWest,
    SouthEast,
}

impl Direction {
    /// All eight directions. The first four point towards higher square indices.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::South,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// The four directions along ranks and files.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// (file step, rank step).
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::SouthWest => (-1, -1),
            Direction::SouthEast => (1, -1),
        }
    }

    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
            Direction::SouthWest => Direction::NorthEast,
            Direction::SouthEast => Direction::NorthWest,
        }
    }

    /// Whether a step in this direction raises the square index.
    pub const fn is_increasing(self) -> bool {
        (self as u8) < 4
    }

    pub const fn is_orthogonal(self) -> bool {
        let (df, dr) = self.delta();
        df == 0 || dr == 0
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction of a step from `from` to an adjacent `to`, if they are neighbours.
    pub fn between_neighbours(from: Square, to: Square) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&direction| from.step(direction) == Some(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
        assert_eq!("e2".parse::<Square>().map(Square::index), Ok(12));
    }

    #[test]
    fn steps_stay_on_the_board() {
        let h1 = Square::from_coords(7, 0).unwrap();
        assert_eq!(h1.step(Direction::East), None);
        assert_eq!(h1.step(Direction::South), None);
        assert_eq!(
            h1.step(Direction::NorthWest).map(|s| s.to_string()),
            Some("g2".into())
        );
        for direction in Direction::ALL {
            assert_eq!(direction.opposite().opposite(), direction);
            assert_eq!(
                direction.is_increasing(),
                !direction.opposite().is_increasing()
            );
        }
    }
}
