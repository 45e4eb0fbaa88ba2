//! Perft: the number of legal move sequences of a given length, the standard test of a move
//! generator. Draws are ignored, as chess perft ignores them.

use crate::position::Position;
use crate::types::{Move, MoveList};

/// Counts the legal move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut moves = MoveList::new();
            position.generate_pseudo_legal(&mut moves);
            moves
                .iter()
                .filter(|mv| position.is_legal_generated(mv))
                .count() as u64
        }
        _ => position
            .legal_moves()
            .iter()
            .map(|mv| perft(&position.play_unchecked(mv), depth - 1))
            .sum(),
    }
}

/// Perft split by first move: each legal move with the count below it.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|mv| (*mv, perft(&position.play_unchecked(mv), depth - 1)))
        .collect()
}
