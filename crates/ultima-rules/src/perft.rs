//! Perft: the number of legal move sequences of a given length, the standard test of a move
//! generator. Draws are ignored, as chess perft ignores them.

use crate::position::Position;
use crate::reading::{specialise, Switches};
use crate::types::Move;

/// Counts the legal move sequences of length `depth` from `position`, by its reading's rules.
pub fn perft(position: &Position, depth: u32) -> u64 {
    specialise!(position.reading(), switches => perft_with(position, depth, switches))
}

fn perft_with<S: Switches>(position: &Position, depth: u32, switches: S) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves_with(switches) as u64,
        _ => position
            .legal_moves_with(switches)
            .iter()
            .map(|mv| perft_with(&position.play_unchecked(mv), depth - 1, switches))
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
