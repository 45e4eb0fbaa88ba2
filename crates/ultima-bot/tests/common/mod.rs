//! Helpers shared by the bot's tests: positions, brute-force mate checks, random positions.

#![allow(dead_code)]

use ultima_rand::Rng;
use ultima_rules::{Game, Move, Position};

pub fn position(ufen: &str) -> Position {
    Position::from_ufen(ufen).unwrap_or_else(|e| panic!("{ufen}: {e}"))
}

/// Whether the side to move can force the opponent out of legal moves within `moves` of its
/// own moves, by trying everything (the rules engine alone decides).
pub fn wins_within(position: &Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    position
        .legal_moves()
        .iter()
        .any(|mv| forces_win(position, mv, moves))
}

/// Whether `mv` wins within `moves` moves (itself included), whatever the opponent replies.
pub fn forces_win(position: &Position, mv: &Move, moves: u32) -> bool {
    let after = position.play_unchecked(mv);
    let replies = after.legal_moves();
    if replies.is_empty() {
        return true;
    }
    moves > 1
        && replies
            .iter()
            .all(|reply| wins_within(&after.play_unchecked(reply), moves - 1))
}

/// Positions from random games: `count` of them, each `plies` random legal moves from the
/// start (varied), never finished games.
pub fn random_positions(seed: u64, count: usize) -> Vec<(Game, Position)> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::with_capacity(count);
    while found.len() < count {
        let mut game = Game::default();
        let plies = 4 + rng.index(80);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            let mv = moves[rng.index(moves.len())];
            game.play(&mv).expect("a legal move plays");
        }
        if game.outcome().is_none() {
            let position = game.position().clone();
            found.push((game, position));
        }
    }
    found
}
