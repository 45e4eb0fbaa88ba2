//! The openings a match plays from: short random lines, the same for the same seed.

use ultima_rand::Rng;
use ultima_rules::{Move, Position};

/// The longest random opening: well short of the fifty-move rule (100 plies without a
/// capture), which the opening generator does not look at.
pub const MAX_OPENING_PLIES: usize = 40;

/// `count` openings of `plies` random legal moves from the start, without captures, drawn
/// from `seed`: the same seed gives the same openings.
pub fn openings(seed: u64, count: usize, plies: usize) -> Vec<Vec<Move>> {
    let mut rng = Rng::new(seed);
    // The capacities are only hints: a count or a length out of reach must not allocate.
    let mut found = Vec::with_capacity(count.min(1024));
    let mut attempts = 0usize;
    while found.len() < count && attempts < count.saturating_mul(100) {
        attempts += 1;
        let mut position = Position::start();
        let mut line = Vec::with_capacity(plies.min(MAX_OPENING_PLIES));
        for _ in 0..plies {
            let quiet: Vec<Move> = position
                .legal_moves()
                .into_iter()
                .filter(|mv| !mv.is_irreversible())
                .collect();
            if quiet.is_empty() {
                break;
            }
            let index = rng.index(quiet.len());
            let mv = quiet[index];
            position = position.play_unchecked(&mv);
            line.push(mv);
        }
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
}
