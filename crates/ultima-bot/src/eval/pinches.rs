//! Pinches: a pawn takes an enemy piece by landing on one side of it when one of its own pieces
//! stands on the other side. An enemy piece with one of our pieces beside it and the square
//! across empty is half pinched; when one of our free pawns can reach that square, the piece
//! is threatened.

use ultima_rules::{Bitboard, Color, Role};

use super::{mobility, signed, Context, EvalParams};

/// One of our pieces as the far side of a pinch, the near side empty.
pub const HALF_PINCH: i32 = 6;
/// The share of a threatened piece's value credited to a pinch one pawn move away, in percent.
pub const THREAT_PERCENT: i32 = 20;

pub(super) fn score(context: &Context, params: &EvalParams) -> i32 {
    Color::ALL
        .into_iter()
        .map(|color| signed(color, side(context, params, color)))
        .sum()
}

/// All targets at once: for each direction, the enemy pieces with one of ours on that side
/// and the square across empty, as a set.
fn side(context: &Context, params: &EvalParams, color: Color) -> i32 {
    let enemy = !color;
    let ours = context.board.by_color(color);
    let pawns = context.free_pieces(color, Role::Pawn);
    // Kings are left to king safety.
    let targets = context.board.by_color(enemy) & !context.board.by_role(Role::King);
    let empty = context.empty;
    // The empty squares from which a free pawn of ours is in sight along a rank or file: those
    // it can slide to.
    let pawn_reach = if pawns.any() {
        mobility::rook_reach(pawns, empty)
    } else {
        Bitboard::EMPTY
    };
    // For each direction: the targets with our piece one step that way (`partner`) and the
    // square one step back empty (`landing`), and whether a pawn can reach that square.
    let sides = [
        (ours.south(), empty.north(), pawn_reach.north()),
        (ours.west(), empty.east(), pawn_reach.east()),
        (ours.north(), empty.south(), pawn_reach.south()),
        (ours.east(), empty.west(), pawn_reach.west()),
    ];
    let mut half_pinches = 0;
    let mut threatened = Bitboard::EMPTY;
    for (partner, landing, reachable) in sides {
        let open = targets & partner & landing;
        half_pinches += open.count() as i32;
        threatened |= open & reachable;
    }
    let threats: i32 = threatened
        .into_iter()
        .filter_map(|target| context.board.piece_at(target))
        .map(|piece| params.value(piece.role) * THREAT_PERCENT / 100)
        .sum();
    half_pinches * HALF_PINCH + threats
}

#[cfg(test)]
mod tests {
    use super::super::test_support::terms_of;
    use super::*;
    use ultima_rules::{attacks, Direction};

    /// The term for one side as it was first written: target by target, direction by direction.
    fn target_by_target(context: &Context, params: &EvalParams, color: Color) -> i32 {
        let enemy = !color;
        let ours = context.board.by_color(color);
        let pawns = context.free_pieces(color, Role::Pawn);
        let targets = context.board.by_color(enemy) & !context.board.by_role(Role::King);
        let near_ours = ours.orthogonal_neighbours();
        let mut total = 0;
        for target in targets & near_ours {
            let mut threat = 0;
            for direction in Direction::ORTHOGONAL {
                let (Some(partner), Some(landing)) =
                    (target.step(direction), target.step(direction.opposite()))
                else {
                    continue;
                };
                if !ours.contains(partner) || !context.empty.contains(landing) {
                    continue;
                }
                total += HALF_PINCH;
                if (attacks::rook_lines(landing, context.occupied) & pawns).any() {
                    let value = context
                        .board
                        .piece_at(target)
                        .map_or(0, |piece| params.value(piece.role));
                    threat = threat.max(value * THREAT_PERCENT / 100);
                }
            }
            total += threat;
        }
        total
    }

    #[test]
    fn the_sets_count_what_the_targets_one_by_one_count() {
        let positions = super::super::test_support::sample_positions(0x0b11_0002, 200, 150);
        assert!(positions.len() > 10_000, "{}", positions.len());
        let params = EvalParams::default();
        let mut threats = 0;
        for position in &positions {
            let context = Context::new(position);
            for color in Color::ALL {
                let expected = target_by_target(&context, &params, color);
                assert_eq!(
                    side(&context, &params, color),
                    expected,
                    "{color} in {position}"
                );
                // A total not a multiple of HALF_PINCH has a threat in it (a rough count).
                threats += usize::from(expected % HALF_PINCH != 0);
            }
        }
        assert!(threats > 1000, "only {threats} sides with a threat");
    }

    #[test]
    fn a_pawn_that_can_close_a_pinch_threatens() {
        // Black withdrawer b3 with the white pawn c3 beside it; the white pawn a1 reaches a3.
        let threat = terms_of("k7/8/8/8/8/1wP5/8/P6K w 0 1");
        // The same pieces, but c3 moved to c4: no partner beside the withdrawer.
        let none = terms_of("k7/8/8/8/2P5/1w6/8/P6K w 0 1");
        assert!(threat.pinches > none.pinches, "{threat:?} vs {none:?}");
        // With the a-pawn on b1 it cannot reach a3: only half a pinch.
        let half = terms_of("k7/8/8/8/8/1wP5/8/1P5K w 0 1");
        assert!(threat.pinches > half.pinches, "{threat:?} vs {half:?}");
    }

    #[test]
    fn a_bigger_piece_is_a_bigger_threat() {
        let withdrawer = terms_of("k7/8/8/8/8/1wP5/8/P6K w 0 1");
        let pawn = terms_of("k7/8/8/8/8/1pP5/8/P6K w 0 1");
        assert!(withdrawer.pinches > pawn.pinches);
    }

    #[test]
    fn black_pinches_count_against_white() {
        let black_threat = terms_of("p6k/8/8/8/8/8/1Wp5/7K b 0 1");
        assert!(black_threat.pinches < 0, "{black_threat:?}");
    }
}
