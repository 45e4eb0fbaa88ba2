//! Pinches: a pawn takes an enemy piece by landing on one side of it when one of its own pieces
//! stands on the other side. An enemy piece with one of our pieces beside it and the square
//! across empty is half pinched; when one of our free pawns can reach that square, the piece
//! is threatened.

use ultima_rules::{Color, Direction, Role};

use super::{signed, Context, EvalParams};
use ultima_rules::attacks;

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

fn side(context: &Context, params: &EvalParams, color: Color) -> i32 {
    let enemy = !color;
    let ours = context.board.by_color(color);
    let pawns = context.free_pieces(color, Role::Pawn);
    // Kings are left to king safety.
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

#[cfg(test)]
mod tests {
    use super::super::test_support::terms_of;

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
