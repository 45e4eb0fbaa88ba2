//! Material: the sum of the pieces' values.

use ultima_rules::{ByRole, Color, Role};

use super::{signed, Context, EvalParams};

/// The piece values the bot plays with, in centipawns, in the order King, Pawn, Withdrawer,
/// Long leaper, Chameleon, Coordinator, Immobilizer (the king's value is never used: it is
/// never taken, the game ends first).
///
/// Starting values argued from the pieces' powers, then moved by the self-play coordinate search
/// `ultima tune`: two short passes (chameleon 400 -> 350, coordinator 350 -> 400), then a run of
/// 200 games a trial (withdrawer 400 -> 350, long leaper 450 -> 500). TUNING.md records exactly
/// what was run and what it saw.
pub const DEFAULT_MATERIAL: ByRole<i32> = ByRole([0, 100, 350, 500, 350, 400, 650]);

pub(super) fn score(context: &Context, params: &EvalParams) -> i32 {
    Color::ALL
        .into_iter()
        .map(|color| {
            let total: i32 = Role::ALL
                .into_iter()
                .filter(|&role| role != Role::King)
                .map(|role| {
                    let count = context.board.pieces(color, role).count() as i32;
                    count * params.value(role)
                })
                .sum();
            signed(color, total)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::terms_of;

    #[test]
    fn an_extra_piece_counts_for_its_side() {
        let even = terms_of("k7/8/8/8/8/8/8/7K w 0 1");
        let white_pawn = terms_of("k7/8/8/8/8/8/P7/7K w 0 1");
        let black_leaper = terms_of("k7/8/5l2/8/8/8/8/7K w 0 1");
        assert_eq!(even.material, 0);
        assert_eq!(white_pawn.material, 100);
        assert_eq!(
            black_leaper.material,
            -super::DEFAULT_MATERIAL[ultima_rules::Role::LongLeaper]
        );
    }

    #[test]
    fn the_immobilizer_is_worth_the_most() {
        let values = super::DEFAULT_MATERIAL;
        let immobilizer = values[ultima_rules::Role::Immobilizer];
        assert!(values.0[1..6].iter().all(|&v| v < immobilizer));
    }
}
