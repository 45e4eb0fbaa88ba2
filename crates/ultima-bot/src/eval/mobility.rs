//! Mobility: the empty squares each free piece can move to. Frozen pieces have none.

use ultima_rules::{Bitboard, Color, Role};

use super::{signed, Context};
use ultima_rules::attacks;

/// Centipawns per reachable square, by role (King, Pawn, Withdrawer, Long leaper, Chameleon,
/// Coordinator, Immobilizer). Pieces that take by where they go (leaper, withdrawer,
/// chameleon) gain most from open lines.
const PER_SQUARE: [i32; 7] = [1, 1, 3, 3, 3, 2, 2];

pub(super) fn score(context: &Context) -> i32 {
    Color::ALL
        .into_iter()
        .map(|color| signed(color, side(context, color)))
        .sum()
}

/// The sliders of `color` with the same weight, as sets.
fn side(context: &Context, color: Color) -> i32 {
    let board = context.board;
    let free = board.by_color(color) & !context.frozen[color];
    let empty = context.empty.0;
    let mut total = 0;
    // Rays of different pieces in one direction never share a square (a piece ahead on the
    // same line blocks the one behind it), so the squares a set of pieces reaches in one
    // direction, counted once, are the sum of what each reaches: one fill per direction and
    // per weight instead of one slide per piece and direction.
    let pawns = (free & board.by_role(Role::Pawn)).0;
    if pawns != 0 {
        let reached: u32 = ORTHOGONAL
            .iter()
            .map(|&(shift, mask)| reach(pawns, empty, shift, mask).count_ones())
            .sum();
        total += PER_SQUARE[Role::Pawn.index()] * reached as i32;
    }
    for group in SLIDER_GROUPS {
        let mut pieces = Bitboard::EMPTY;
        for role in group {
            pieces |= board.by_role(role);
        }
        let pieces = (free & pieces).0;
        if pieces == 0 {
            continue;
        }
        let reached: u32 = ORTHOGONAL
            .iter()
            .chain(DIAGONAL.iter())
            .map(|&(shift, mask)| reach(pieces, empty, shift, mask).count_ones())
            .sum();
        total += PER_SQUARE[group[0].index()] * reached as i32;
    }
    for king in free & board.by_role(Role::King) {
        let reach = attacks::neighbours(king) & !board.by_color(color);
        total += PER_SQUARE[Role::King.index()] * reach.count() as i32;
    }
    total
}

/// The empty squares `pieces` slide to along ranks and files (the pawn's lines).
pub(super) fn rook_reach(pieces: Bitboard, empty: Bitboard) -> Bitboard {
    let reached = ORTHOGONAL.iter().fold(0, |all, &(shift, mask)| {
        all | reach(pieces.0, empty.0, shift, mask)
    });
    Bitboard(reached)
}

/// The officers by weight: each group's roles share one [`PER_SQUARE`].
const SLIDER_GROUPS: [[Role; 3]; 2] = [
    [Role::Withdrawer, Role::LongLeaper, Role::Chameleon],
    [Role::Coordinator, Role::Immobilizer, Role::Immobilizer],
];

const NOT_FILE_A: u64 = !Bitboard::FILE_A.0;
const NOT_FILE_H: u64 = !Bitboard::FILE_H.0;
/// Each direction as a shift of the board (left when positive) and the squares a step in it
/// can land on without wrapping round an edge.
const ORTHOGONAL: [(i32, u64); 4] = [(8, !0), (-8, !0), (1, NOT_FILE_A), (-1, NOT_FILE_H)];
const DIAGONAL: [(i32, u64); 4] = [
    (9, NOT_FILE_A),
    (7, NOT_FILE_H),
    (-7, NOT_FILE_A),
    (-9, NOT_FILE_H),
];

#[inline(always)]
fn shifted(bits: u64, shift: i32) -> u64 {
    if shift > 0 {
        bits << shift
    } else {
        bits >> -shift
    }
}

/// The empty squares `pieces` slide to in the direction of `shift` (a Kogge-Stone fill over
/// the empty squares).
#[inline(always)]
fn reach(pieces: u64, empty: u64, shift: i32, mask: u64) -> u64 {
    let mut filled = pieces;
    let mut open = empty & mask;
    let landable = open;
    filled |= open & shifted(filled, shift);
    open &= shifted(open, shift);
    filled |= open & shifted(filled, 2 * shift);
    open &= shifted(open, 2 * shift);
    filled |= open & shifted(filled, 4 * shift);
    shifted(filled, shift) & landable
}

#[cfg(test)]
mod tests {
    use super::super::test_support::terms_of;
    use super::*;

    #[test]
    fn open_lines_score_more_than_blocked_ones() {
        // The white withdrawer in the open, then boxed in by its own pawns.
        let open = terms_of("k7/8/8/8/3W4/8/8/7K w 0 1");
        let boxed = terms_of("k7/8/8/2PPP3/2PWP3/2PPP3/8/7K w 0 1");
        assert!(open.mobility > 0);
        assert!(open.mobility > boxed.mobility, "{open:?} vs {boxed:?}");
    }

    /// The mobility of one side as it was first written: a slide per piece and direction.
    fn one_piece_at_a_time(context: &Context, color: Color) -> i32 {
        let ours = context.board.by_color(color);
        let mut total = 0;
        for role in Role::ALL {
            let weight = PER_SQUARE[role.index()];
            for from in context.free_pieces(color, role) {
                let reach = match role {
                    Role::King => attacks::neighbours(from) & !ours,
                    Role::Pawn => attacks::rook_lines(from, context.occupied) & context.empty,
                    _ => attacks::queen_lines(from, context.occupied) & context.empty,
                };
                total += weight * reach.count() as i32;
            }
        }
        total
    }

    #[test]
    fn the_fills_count_what_slides_one_piece_at_a_time_count() {
        let positions = super::super::test_support::sample_positions(0x0b11_0001, 200, 150);
        assert!(positions.len() > 10_000, "{}", positions.len());
        for position in &positions {
            let context = Context::new(position);
            for color in Color::ALL {
                assert_eq!(
                    side(&context, color),
                    one_piece_at_a_time(&context, color),
                    "{color} in {position}"
                );
            }
        }
    }

    #[test]
    fn a_frozen_piece_has_no_mobility() {
        // The white withdrawer on d4 beside Black's immobilizer on e5, then away from it.
        let frozen = terms_of("k7/8/8/4i3/3W4/8/8/7K w 0 1");
        let free = terms_of("k7/8/8/7i/3W4/8/8/7K w 0 1");
        assert!(free.mobility > frozen.mobility, "{free:?} vs {frozen:?}");
    }
}
