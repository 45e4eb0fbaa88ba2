//! In a reading played to take the king (Zillions'), the moves after which a side left its own
//! king to be taken (the other side, to move, has a move that takes it) while another of its
//! moves would have kept the king safe: a blunder, not a mate. A match counts them per player,
//! so that "the stronger level never leaves its king to be taken" is read off the games.

use ultima_rules::{Color, Game, Position};

/// How many of each side's moves in `game` left its king to be taken when a move that did not
/// was there (white's, black's); none in a reading with the check rule, where no move may.
pub fn kings_left(game: &Game) -> [u32; 2] {
    let mut left = [0, 0];
    if game.start().rules().has_check() {
        return left;
    }
    for ply in 1..=game.moves().len() {
        let (Some(before), Some(after)) = (game.position_at(ply - 1), game.position_at(ply)) else {
            break;
        };
        let mover = before.turn();
        if king_can_be_taken(after, mover) && has_safe_move(before) {
            left[usize::from(mover == Color::Black)] += 1;
        }
    }
    left
}

/// Whether `side`'s king stands where the side to move in `position` can take it.
fn king_can_be_taken(position: &Position, side: Color) -> bool {
    let Some(king) = position.board().king_of(side) else {
        return false;
    };
    position.turn() != side
        && position
            .legal_moves()
            .iter()
            .any(|mv| mv.captures.contains(king))
}

/// Whether the side to move has a move after which its king cannot be taken.
fn has_safe_move(position: &Position) -> bool {
    let mover = position.turn();
    position
        .legal_moves()
        .iter()
        .any(|mv| !king_can_be_taken(&position.play_unchecked(mv), mover))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima_rules::{Position, Reading};

    fn game_of(ufen: &str, moves: &[&str]) -> Game {
        let mut game = Game::new(Position::from_ufen(ufen).expect("a position"));
        for text in moves {
            game.play_text(text).expect("legal");
        }
        game
    }

    #[test]
    fn a_king_left_to_be_taken_is_counted_for_the_side_that_left_it() {
        // READINGS.md: the king may step next to the black king; Black then takes it.
        let game = game_of("8/8/8/5k2/3K4/8/P7/8 w 0 1 zillions", &["d4e4"]);
        assert_eq!(kings_left(&game), [1, 0]);
        let game = game_of("8/8/8/5k2/3K4/8/P7/8 w 0 1 zillions", &["d4c4"]);
        assert_eq!(kings_left(&game), [0, 0]);
        // A side mated, every move of which leaves its king, is not counted: game 8 of the
        // Zillions match of Club against Intermediate (seed 25), where Club, Black, had no safe
        // move left at its last move and White took its king.
        let moves: Vec<&str> = "d2d3 f7f5 c2c4 c7c5 c4h4 b8f4 c1g5 h7h5 e1b4 g7g3 b2c2 h8d4 f1e1 a7a4 b4a3 c8c3 e2e6 f5e5 e1e3 b7b8 h4g4 a8f3 g4f4 e5e3 g1e1 c3c6 a1c3 e7e4 h1f1 e3d3 a3b3 c6g6 f2e2 g8e6 f1f3 h5h4 c2d2 d7h7 f3g4 e6h3 d2d4 h3h1 c3c8 h1a8 e1h1 h4h6 a2a1 a4a6 d4d6 f8e7 b3c4 a6c6 c4d5 c6c3 d5c4 a8a2 c4c7 a2f2 c7a5 e7e2 d1c2 f2f8 a5c5 f8f2 c5c4 e2e6 b1b2 g6g5 h1e1 f2f5 c2b1 f5f8 b2h8 g5a5 c4c7 a5a6 c8d7 h7e7 d6d3 b8b5 c7d8 a6c8 d8c7 b5a5 h8h4 f8f6 e1e5 f6f8 h4d8 a5a4 e5c5 a4a8 d8b8 a8a7 c7d8 f8b4 d8c8".split(' ').collect();
        let mated = game_of(
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1 zillions",
            &moves,
        );
        assert!(matches!(
            mated.outcome(),
            Some(ultima_rules::Outcome::Win {
                winner: Color::White,
                reason: ultima_rules::WinReason::KingCaptured
            })
        ));
        assert_eq!(kings_left(&mated), [0, 0]);
        // With the check rule no move may leave its king: nothing counted.
        let start = Game::new(Position::start_of(Reading::Abbott1963));
        assert_eq!(kings_left(&start), [0, 0]);
    }
}
