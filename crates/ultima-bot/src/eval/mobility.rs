//! Mobility: the empty squares each free piece can move to. Frozen pieces have none.

use ultima_rules::{Color, Role};

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

fn side(context: &Context, color: Color) -> i32 {
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

#[cfg(test)]
mod tests {
    use super::super::test_support::terms_of;

    #[test]
    fn open_lines_score_more_than_blocked_ones() {
        // The white withdrawer in the open, then boxed in by its own pawns.
        let open = terms_of("k7/8/8/8/3W4/8/8/7K w 0 1");
        let boxed = terms_of("k7/8/8/2PPP3/2PWP3/2PPP3/8/7K w 0 1");
        assert!(open.mobility > 0);
        assert!(open.mobility > boxed.mobility, "{open:?} vs {boxed:?}");
    }

    #[test]
    fn a_frozen_piece_has_no_mobility() {
        // The white withdrawer on d4 beside Black's immobilizer on e5, then away from it.
        let frozen = terms_of("k7/8/8/4i3/3W4/8/8/7K w 0 1");
        let free = terms_of("k7/8/8/7i/3W4/8/8/7K w 0 1");
        assert!(free.mobility > frozen.mobility, "{free:?} vs {frozen:?}");
    }
}
