//! The openings a match plays from: short random lines, the same for the same seed.

use ultima_rand::Rng;
use ultima_rules::{random_quiet_line_from, Move, Position};

/// The longest random opening: well short of the fifty-move rule (100 plies without a
/// capture), which the opening generator does not look at.
pub const MAX_OPENING_PLIES: usize = 40;

/// `count` openings of `plies` random legal moves from the 1963 start, without captures, drawn
/// from `seed`: the same seed gives the same openings.
pub fn openings(seed: u64, count: usize, plies: usize) -> Vec<Vec<Move>> {
    openings_from(&Position::start(), seed, count, plies)
}

/// [`openings`] from `start` (a reading's start position), by its reading's moves.
pub fn openings_from(start: &Position, seed: u64, count: usize, plies: usize) -> Vec<Vec<Move>> {
    let mut rng = Rng::new(seed);
    // The capacity is only a hint: a count out of reach must not allocate.
    let mut found = Vec::with_capacity(count.min(1024));
    let mut attempts = 0usize;
    while found.len() < count && attempts < count.saturating_mul(100) {
        attempts += 1;
        let (line, position) = random_quiet_line_from(&mut rng, start.clone(), plies);
        // A line into a position with a capture waiting is fine; one that ends the game is not.
        if line.len() == plies && position.has_legal_move() && !found.contains(&line) {
            found.push(line);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima_rules::Game;

    #[test]
    fn openings_are_reproducible_distinct_and_legal() {
        let a = openings(42, 6, 6);
        assert_eq!(a, openings(42, 6, 6));
        assert_eq!(a.len(), 6);
        for line in &a {
            let mut game = Game::default();
            for mv in line {
                game.play(mv).unwrap();
            }
            assert!(game.outcome().is_none());
        }
        assert_ne!(a, openings(43, 6, 6));
    }

    /// Match results are reproducible by seed: these openings must never change (they were
    /// taken before the loop moved into `ultima_rules::random_quiet_line`).
    #[test]
    fn openings_stay_the_same_for_a_seed() {
        let lines: Vec<String> = openings(42, 3, 6)
            .iter()
            .map(|line| {
                line.iter()
                    .map(Move::coordinates)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(
            lines,
            [
                "f2f6 b7b3 a2a4 c7c4 a1a3 c8c7",
                "b2b5 g7g5 c2c3 f7f3 c1b2 e7f7",
                "e2e3 e7e4 g2g3 e4d4 f1d3 d7d5",
            ]
        );
        let many = openings(7, 200, 12);
        assert_eq!(many.len(), 200);
        let all: String = many
            .iter()
            .flatten()
            .map(|mv| mv.coordinates() + " ")
            .collect();
        assert_eq!(fnv1a(&all), 0x45dd_2596_f775_4996);
    }

    /// FNV-1a: a fingerprint of many openings at once.
    fn fnv1a(text: &str) -> u64 {
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
    }
}
