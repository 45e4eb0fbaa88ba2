//! King safety, by the way the enemy would take the king: each enemy piece takes it its own way,
//! so each kind of capture has its own sign of danger.

use ultima_rules::{Bitboard, Color, Direction, Role, Square};

use super::{signed, Context};
use ultima_rules::attacks;

/// An enemy piece beside the king on its rank or file, with the square across the king empty:
/// half a pinch.
pub const PINCH_OPEN: i32 = 15;
/// ... and an enemy pawn can reach that empty square: one move from taking the king.
pub const PINCH_THREAT: i32 = 60;
/// The two kings share a rank or file while the enemy has a free coordinator.
pub const COORDINATOR_ALIGNED: i32 = 20;
/// ... and a coordinator can reach a square from which it takes the king.
pub const COORDINATOR_THREAT: i32 = 60;
/// The kings are one rank or file away from sharing one.
pub const COORDINATOR_NEAR: i32 = 8;
/// An enemy withdrawer next to the king with room to step away from it.
pub const WITHDRAWER_ADJACENT: i32 = 60;
/// An enemy withdrawer that can step next to the king.
pub const WITHDRAWER_NEAR: i32 = 20;
/// An enemy long leaper on a line through the king with the square behind the king empty,
/// with pieces between them.
pub const LEAPER_LINE: i32 = 20;
/// ... and nothing between them.
pub const LEAPER_THREAT: i32 = 60;
/// An enemy king or chameleon two steps away (they take a king by stepping onto it).
pub const STEPPER_NEAR: i32 = 15;
/// An enemy immobilizer two steps away, one move from freezing the king.
pub const IMMOBILIZER_NEAR: i32 = 25;
/// A king with no empty square around it, or only one.
pub const CRAMPED: [i32; 2] = [40, 20];

pub(super) fn score(context: &Context) -> i32 {
    Color::ALL
        .into_iter()
        .map(|color| signed(color, -danger(context, color)))
        .sum()
}

/// How exposed the king of `color` is; 0 for a side without a king.
pub(crate) fn danger(context: &Context, color: Color) -> i32 {
    let Some(king) = context.kings[color] else {
        return 0;
    };
    let enemy = !color;
    pinch(context, king, enemy)
        + coordination(context, king, enemy)
        + withdrawal(context, king, enemy)
        + leaping(context, king, enemy)
        + stepping(context, king, enemy)
        + cramp(context, king)
}

fn pinch(context: &Context, king: Square, enemy: Color) -> i32 {
    let theirs = context.board.by_color(enemy);
    let pawns = context.free_pieces(enemy, Role::Pawn);
    let mut danger = 0;
    for direction in Direction::ORTHOGONAL {
        let (Some(partner), Some(landing)) =
            (king.step(direction), king.step(direction.opposite()))
        else {
            continue;
        };
        if theirs.contains(partner) && context.empty.contains(landing) {
            danger += if (attacks::rook_lines(landing, context.occupied) & pawns).any() {
                PINCH_THREAT
            } else {
                PINCH_OPEN
            };
        }
    }
    danger
}

fn coordination(context: &Context, king: Square, enemy: Color) -> i32 {
    let coordinators = context.free_pieces(enemy, Role::Coordinator);
    let Some(their_king) = context.kings[enemy] else {
        return 0;
    };
    if coordinators.is_empty() {
        return 0;
    }
    // A coordinator takes our king by landing on our king's file when the kings share a rank,
    // or on our king's rank when they share a file.
    let mut targets = Bitboard::EMPTY;
    if their_king.rank() == king.rank() {
        targets |= Bitboard::file(king.file());
    }
    if their_king.file() == king.file() {
        targets |= Bitboard::rank(king.rank());
    }
    targets &= context.empty;
    if targets.any() {
        let reached = coordinators
            .into_iter()
            .any(|c| (attacks::queen_lines(c, context.occupied) & targets).any());
        COORDINATOR_ALIGNED + if reached { COORDINATOR_THREAT } else { 0 }
    } else if their_king.rank().abs_diff(king.rank()) == 1
        || their_king.file().abs_diff(king.file()) == 1
    {
        COORDINATOR_NEAR
    } else {
        0
    }
}

fn withdrawal(context: &Context, king: Square, enemy: Color) -> i32 {
    let near_king = attacks::neighbours(king);
    let mut danger = 0;
    for withdrawer in context.free_pieces(enemy, Role::Withdrawer) {
        if near_king.contains(withdrawer) {
            let away = Direction::between_neighbours(king, withdrawer)
                .and_then(|direction| withdrawer.step(direction));
            if away.is_some_and(|square| context.empty.contains(square)) {
                danger += WITHDRAWER_ADJACENT;
            }
        } else if (attacks::queen_lines(withdrawer, context.occupied) & near_king & context.empty)
            .any()
        {
            danger += WITHDRAWER_NEAR;
        }
    }
    danger
}

fn leaping(context: &Context, king: Square, enemy: Color) -> i32 {
    let leapers = context.free_pieces(enemy, Role::LongLeaper);
    // Only a leaper on a line through the king counts.
    let on_a_line = leapers.into_iter().any(|leaper| {
        let (file, rank) = (leaper.file(), leaper.rank());
        file == king.file()
            || rank == king.rank()
            || file.abs_diff(king.file()) == rank.abs_diff(king.rank())
    });
    if !on_a_line {
        return 0;
    }
    let mut danger = 0;
    for direction in Direction::ALL {
        // A leaper on the `direction` side of the king leaps it towards the opposite side.
        let behind = king.step(direction.opposite());
        if !behind.is_some_and(|square| context.empty.contains(square)) {
            continue;
        }
        let ray = attacks::ray(king, direction);
        for leaper in ray & leapers {
            let between = ray & !attacks::ray(leaper, direction) & !Bitboard::from_square(leaper);
            danger += if (between & context.occupied).is_empty() {
                LEAPER_THREAT
            } else {
                LEAPER_LINE
            };
        }
    }
    danger
}

/// Enemy pieces that take a king by stepping onto it (the king, a chameleon imitating it) and
/// immobilizers, two squares away: one step from taking or freezing it. Counted at two squares
/// only: a free stepper already beside the king gives check, which the search (not the
/// evaluation) answers, quiescence included; an immobilizer beside it has frozen it, which the
/// freezing term counts.
fn stepping(context: &Context, king: Square, enemy: Color) -> i32 {
    let steppers =
        context.free_pieces(enemy, Role::King) | context.free_pieces(enemy, Role::Chameleon);
    let immobilizers = context.board.pieces(enemy, Role::Immobilizer);
    // The squares two king steps away: the 5x5 square round the king without the 3x3.
    let near = Bitboard::from_square(king).grown();
    let two_away = near.grown() & !near;
    let near_steppers = (steppers & two_away).count() as i32;
    let near_immobilizers = (immobilizers & two_away).count() as i32;
    near_steppers * STEPPER_NEAR + near_immobilizers * IMMOBILIZER_NEAR
}

fn cramp(context: &Context, king: Square) -> i32 {
    let room = (attacks::neighbours(king) & context.empty).count() as usize;
    CRAMPED.get(room).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::terms_of;
    use super::*;

    /// `stepping` as it was first written: each piece's distance to the king.
    fn stepping_one_by_one(context: &Context, king: Square, enemy: Color) -> i32 {
        let steppers =
            context.free_pieces(enemy, Role::King) | context.free_pieces(enemy, Role::Chameleon);
        let immobilizers = context.board.pieces(enemy, Role::Immobilizer);
        let two_away = |square: Square| square.distance(king) == 2;
        let near_steppers = steppers.into_iter().filter(|&s| two_away(s)).count() as i32;
        let near_immobilizers = immobilizers.into_iter().filter(|&s| two_away(s)).count() as i32;
        near_steppers * STEPPER_NEAR + near_immobilizers * IMMOBILIZER_NEAR
    }

    #[test]
    fn the_shortcuts_change_nothing() {
        let positions = super::super::test_support::sample_positions(0x0b11_0003, 200, 150);
        let mut leaping_seen = 0;
        for position in &positions {
            let context = Context::new(position);
            for color in Color::ALL {
                let Some(king) = context.kings[color] else {
                    continue;
                };
                let enemy = !color;
                assert_eq!(
                    stepping(&context, king, enemy),
                    stepping_one_by_one(&context, king, enemy),
                    "{position}"
                );
                // Without the shortcut, the directions find nothing either.
                let leaping = leaping(&context, king, enemy);
                leaping_seen += usize::from(leaping > 0);
                let mut all_lines = 0;
                for direction in Direction::ALL {
                    let behind = king.step(direction.opposite());
                    if !behind.is_some_and(|square| context.empty.contains(square)) {
                        continue;
                    }
                    let ray = attacks::ray(king, direction);
                    for leaper in ray & context.free_pieces(enemy, Role::LongLeaper) {
                        let between =
                            ray & !attacks::ray(leaper, direction) & !Bitboard::from_square(leaper);
                        all_lines += if (between & context.occupied).is_empty() {
                            LEAPER_THREAT
                        } else {
                            LEAPER_LINE
                        };
                    }
                }
                assert_eq!(leaping, all_lines, "{position}");
            }
        }
        assert!(leaping_seen > 300, "only {leaping_seen}");
    }

    /// White's king is worse off in `worse` than in `better` (and Black's king the same).
    fn assert_worse(worse: &str, better: &str) {
        let (w, b) = (terms_of(worse), terms_of(better));
        assert!(
            w.king_safety < b.king_safety,
            "{worse}: {w:?} should be below {better}: {b:?}"
        );
    }

    #[test]
    fn pinch_partner_beside_the_king_with_a_pawn_to_close_it() {
        // Black pawn e4 beside the white king on d4; the black pawn on c8 can reach c4.
        assert_worse("2p4k/8/8/8/3Kp3/8/8/8 w 0 1", "1p5k/8/8/8/3Kp3/8/8/8 w 0 1");
        // Without any partner beside the king there is nothing to close.
        assert_worse(
            "1p5k/8/8/8/3Kp3/8/8/8 w 0 1",
            "1p5k/8/8/4p3/3K4/8/8/8 w 0 1",
        );
    }

    #[test]
    fn kings_on_one_file_with_an_enemy_coordinator() {
        // The black coordinator on h1 can land on e1..g1 and take the white king on d1.
        assert_worse("3k4/8/8/8/8/8/8/3K3c w 0 1", "k7/8/8/8/8/8/8/3K3c w 0 1");
        // One file apart is less dangerous than none, more than far apart.
        assert_worse("2k5/8/8/8/8/8/8/3K3c w 0 1", "k7/8/8/8/8/8/8/3K3c w 0 1");
    }

    #[test]
    fn a_withdrawer_next_to_the_king() {
        assert_worse("7k/8/8/8/8/8/2w5/1K6 w 0 1", "4w2k/8/8/8/8/8/8/1K6 w 0 1");
        assert_worse("7k/8/8/8/3w4/8/8/1K6 w 0 1", "4w2k/8/8/8/8/8/8/1K6 w 0 1");
    }

    #[test]
    fn a_long_leaper_on_a_line_through_the_king() {
        // Leaper d4, king d2, d1 empty behind the king: it can leap the king.
        assert_worse("7k/8/8/8/3l4/8/3K4/8 w 0 1", "7k/8/8/8/3l4/8/4K3/8 w 0 1");
        // With a piece between, the line is still a danger, but less.
        assert_worse("7k/8/8/8/3l4/8/3K4/8 w 0 1", "7k/8/8/8/3l4/3P4/3K4/8 w 0 1");
    }

    #[test]
    fn a_chameleon_or_immobilizer_two_steps_away() {
        assert_worse("7k/8/8/8/3x4/8/3K4/8 w 0 1", "x6k/8/8/8/8/8/3K4/8 w 0 1");
        assert_worse("7k/8/8/8/3i4/8/3K4/8 w 0 1", "i6k/8/8/8/8/8/3K4/8 w 0 1");
    }

    #[test]
    fn a_king_without_room() {
        assert_worse("7k/8/8/8/8/8/PP6/KP6 w 0 1", "7k/8/8/8/8/PPP5/8/K7 w 0 1");
    }

    #[test]
    fn black_king_danger_counts_for_white() {
        // The mirror of the withdrawer case: Black's king is in danger, White gains.
        let black_in_danger = terms_of("6k1/5W2/8/8/8/8/8/K7 b 0 1");
        assert!(black_in_danger.king_safety > 0, "{black_in_danger:?}");
    }
}
