//! Precomputed geometry: rays, neighbourhoods and sliding along lines.

use crate::types::{Bitboard, Direction, Square};

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

/// `RAYS[direction][square]`: every square from `square` (exclusive) to the edge.
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

/// The squares a slider on `square` passes in `direction` over the `occupied` board, up to and
/// including the first occupied square.
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

/// The first occupied square from `square` in `direction`, if any.
#[inline]
pub fn first_blocker(square: Square, direction: Direction, occupied: Bitboard) -> Option<Square> {
    let blockers = Bitboard(RAYS[direction.index()][square.usize()]) & occupied;
    if direction.is_increasing() {
        blockers.first()
    } else {
        blockers.last()
    }
}

/// Squares a rook on `square` passes over the `occupied` board, first blockers included.
#[inline]
pub fn rook_lines(square: Square, occupied: Bitboard) -> Bitboard {
    Direction::ORTHOGONAL
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, d| acc | slide(square, d, occupied))
}

/// Squares a queen on `square` passes over the `occupied` board, first blockers included.
#[inline]
pub fn queen_lines(square: Square, occupied: Bitboard) -> Bitboard {
    Direction::ALL
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, d| acc | slide(square, d, occupied))
}

/// The two squares a coordinator landing on `to` takes on, with its king on `king`: the corners
/// of the rectangle that `to` and the king span.
#[inline]
pub fn coordination_squares(to: Square, king: Square) -> Bitboard {
    let corners = Bitboard::from_square(Square::new_unchecked(king.rank() * 8 + to.file()))
        | Square::new_unchecked(to.rank() * 8 + king.file());
    corners.without(to).without(king)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn slides_stop_at_the_first_blocker() {
        let occupied = Bitboard::from_square(sq("d6")) | sq("d2") | sq("g4");
        let north = slide(sq("d4"), Direction::North, occupied);
        assert_eq!(north, Bitboard::from_square(sq("d5")) | sq("d6"));
        let south = slide(sq("d4"), Direction::South, occupied);
        assert_eq!(south, Bitboard::from_square(sq("d3")) | sq("d2"));
        assert_eq!(slide(sq("d4"), Direction::East, occupied).count(), 3);
        assert_eq!(slide(sq("d4"), Direction::West, occupied).count(), 3);
        assert_eq!(
            first_blocker(sq("d4"), Direction::East, occupied),
            Some(sq("g4"))
        );
        assert_eq!(
            first_blocker(sq("d4"), Direction::NorthEast, occupied),
            None
        );
        assert_eq!(queen_lines(sq("a1"), Bitboard::EMPTY).count(), 21);
        assert_eq!(rook_lines(sq("e4"), Bitboard::EMPTY).count(), 14);
        assert_eq!(neighbours(sq("a1")).count(), 3);
        assert_eq!(neighbours(sq("e4")).count(), 8);
        assert_eq!(
            Bitboard::from_square(sq("a1"))
                .orthogonal_neighbours()
                .count(),
            2
        );
        assert_eq!(
            Bitboard::from_square(sq("e4"))
                .orthogonal_neighbours()
                .count(),
            4
        );
        assert_eq!(sq("a1").distance(sq("c7")), 6);
    }
}
