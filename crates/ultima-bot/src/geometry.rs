//! Lines and neighbourhoods on the board, for the evaluation's mobility and threat terms.
//!
//! The rules crate keeps its own tables private; these few lines of geometry are cheap to have
//! twice and keep the bot independent of the engine's internals.

use ultima_rules::{Bitboard, Direction, Square};

const fn build_rays() -> [[u64; 64]; 8] {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::ALL[d].delta();
        let mut s = 0;
        while s < 64 {
            let mut file = (s % 8) as i8 + df;
            let mut rank = (s / 8) as i8 + dr;
            let mut bits = 0u64;
            while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                bits |= 1 << (rank * 8 + file);
                file += df;
                rank += dr;
            }
            rays[d][s] = bits;
            s += 1;
        }
        d += 1;
    }
    rays
}

const fn build_neighbours() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        table[s] = Bitboard(1 << s).grown().0 & !(1 << s);
        s += 1;
    }
    table
}

static RAYS: [[u64; 64]; 8] = build_rays();
static NEIGHBOURS: [u64; 64] = build_neighbours();

/// The squares from `square` (exclusive) to the edge of the board in `direction`.
#[inline]
pub fn ray(square: Square, direction: Direction) -> Bitboard {
    Bitboard(RAYS[direction.index()][square.usize()])
}

/// The up to eight squares next to `square`.
#[inline]
pub fn neighbours(square: Square) -> Bitboard {
    Bitboard(NEIGHBOURS[square.usize()])
}

/// Every square next to one of `squares` along a rank or file.
#[inline]
pub fn orthogonal_neighbours_of(squares: Bitboard) -> Bitboard {
    squares.north() | squares.south() | squares.east() | squares.west()
}

/// The squares a slider on `square` passes in `direction` over `occupied`, up to and including
/// the first occupied square.
#[inline]
pub fn slide(square: Square, direction: Direction, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[direction.index()][square.usize()];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        return Bitboard(ray);
    }
    let first = if direction.is_increasing() {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    Bitboard(ray ^ RAYS[direction.index()][first as usize])
}

/// Squares a rook on `square` passes over `occupied`, first blockers included.
#[inline]
pub fn rook_lines(square: Square, occupied: Bitboard) -> Bitboard {
    Direction::ORTHOGONAL
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, d| acc | slide(square, d, occupied))
}

/// Squares a queen on `square` passes over `occupied`, first blockers included.
#[inline]
pub fn queen_lines(square: Square, occupied: Bitboard) -> Bitboard {
    Direction::ALL
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, d| acc | slide(square, d, occupied))
}

/// The distance a king would walk from `a` to `b`.
#[inline]
pub fn king_distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn lines_stop_at_blockers_and_edges() {
        let occupied = Bitboard::from_square(sq("d6")) | sq("g4");
        assert_eq!(
            slide(sq("d4"), Direction::North, occupied),
            Bitboard::from_square(sq("d5")) | sq("d6")
        );
        assert_eq!(queen_lines(sq("a1"), Bitboard::EMPTY).count(), 21);
        assert_eq!(rook_lines(sq("e4"), Bitboard::EMPTY).count(), 14);
        assert_eq!(neighbours(sq("h8")).count(), 3);
        assert_eq!(orthogonal_neighbours_of(sq("a1").into()).count(), 2);
        assert_eq!(orthogonal_neighbours_of(sq("e4").into()).count(), 4);
        assert_eq!(king_distance(sq("a1"), sq("c7")), 6);
    }
}
