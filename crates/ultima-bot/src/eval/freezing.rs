//! Freezing: a piece next to an enemy immobilizer (an immobilizer next to an enemy chameleon)
//! cannot move or take, so it is worth only part of its value; a frozen king cannot run.

use ultima_rules::{Color, Role};

use super::{signed, Context, EvalParams};

/// The share of a frozen piece's value that is lost while it stays frozen, in percent. It still
/// serves as a pinch partner, still freezes (an immobilizer), and can be removed, so not all.
pub const FROZEN_PERCENT: i32 = 40;

/// What a frozen king costs: it cannot step away from any threat.
pub const FROZEN_KING: i32 = 150;

pub(super) fn score(context: &Context, params: &EvalParams) -> i32 {
    Color::ALL
        .into_iter()
        .map(|color| signed(color, -penalty(context, params, color)))
        .sum()
}

fn penalty(context: &Context, params: &EvalParams, color: Color) -> i32 {
    context.frozen[color]
        .into_iter()
        .filter_map(|square| context.board.piece_at(square))
        .map(|piece| match piece.role {
            Role::King => FROZEN_KING,
            role => params.value(role) * FROZEN_PERCENT / 100,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::terms_of;

    #[test]
    fn freezing_enemy_pieces_is_good() {
        // White's immobilizer next to two black pieces, then away from them.
        let freezing = terms_of("k7/8/8/2pw4/3I4/8/8/7K w 0 1");
        let apart = terms_of("k7/8/8/2pw4/8/8/8/I6K w 0 1");
        assert!(freezing.freezing > 0, "{freezing:?}");
        assert_eq!(apart.freezing, 0);
    }

    #[test]
    fn freezing_a_valuable_piece_is_worth_more_than_freezing_a_pawn() {
        // The same white immobilizer on d4 beside a black long leaper, then beside a pawn.
        let leaper = terms_of("k7/8/8/3l4/3I4/8/8/7K w 0 1");
        let pawn = terms_of("k7/8/8/3p4/3I4/8/8/7K w 0 1");
        assert!(pawn.freezing > 0, "{pawn:?}");
        assert!(leaper.freezing > pawn.freezing, "{leaper:?} vs {pawn:?}");
        // And the whole evaluation moves with it: the immobilizer beside the leaper, against
        // the same pieces with the immobilizer in the corner.
        let apart = crate::evaluate(
            &ultima_rules::Position::from_ufen("k7/8/8/3l4/8/8/8/I6K w 0 1").expect("valid"),
            &crate::EvalParams::default(),
        );
        let beside = crate::evaluate(
            &ultima_rules::Position::from_ufen("k7/8/8/3l4/3I4/8/8/7K w 0 1").expect("valid"),
            &crate::EvalParams::default(),
        );
        assert!(beside > apart, "{beside} vs {apart}");
    }

    #[test]
    fn the_freezing_follows_the_positions_reading() {
        // Two white chameleons beside the black immobilizer e5: frozen in 1963, free by
        // MacKay's rule (each frees the other) in Cambridge, where only e5 is frozen.
        let ufen = "7k/8/8/4i3/3X1X2/8/8/K7 w 0 1";
        let abbott = ultima_rules::Position::from_ufen(ufen).expect("valid");
        let cambridge = abbott
            .with_reading(ultima_rules::Reading::Cambridge)
            .expect("valid");
        assert_eq!(abbott.frozen(ultima_rules::Color::White).count(), 2);
        assert!(cambridge.frozen(ultima_rules::Color::White).is_empty());
        let (by_1963, by_cambridge) = (terms_of(ufen), terms_of(&format!("{ufen} cambridge")));
        assert!(by_1963.freezing < 0, "{by_1963:?}");
        assert!(by_cambridge.freezing > 0, "{by_cambridge:?}");
        assert!(by_cambridge.mobility > by_1963.mobility);
    }

    #[test]
    fn a_frozen_king_is_bad_for_its_side() {
        let frozen = terms_of("k7/8/8/8/8/8/6i1/7K w 0 1");
        let free = terms_of("k7/8/8/8/8/8/i7/7K w 0 1");
        assert!(frozen.freezing < free.freezing, "{frozen:?} vs {free:?}");
        // A chameleon beside an enemy immobilizer: each freezes the other.
        let mutual = terms_of("k7/8/8/3Xi3/8/8/8/7K w 0 1");
        assert!(
            mutual.freezing > 0,
            "the immobilizer is worth more: {mutual:?}"
        );
    }
}
