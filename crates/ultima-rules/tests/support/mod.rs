//! Shared by the integration tests: random games and random positions, drawn from the
//! project's seeded generator.

#![allow(dead_code)]

use ultima_rules::{Color, Move, Piece, Position, Reading, Role, Square};

/// The project's one seeded generator, so that a failing test's games can be replayed.
pub use ultima_rand::Rng;

/// A move chosen at random, preferring captures half of the time so that games thin out and
/// reach the positions where the rules are subtle.
pub fn random_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let captures: Vec<&Move> = moves.iter().filter(|m| m.is_capture()).collect();
    if !captures.is_empty() && rng.chance(50) {
        return Some(*captures[rng.index(captures.len())]);
    }
    Some(moves[rng.index(moves.len())])
}

/// Every position of a random game of at most `max_plies` plies from `start`.
pub fn random_game(start: Position, max_plies: usize, rng: &mut Rng) -> Vec<Position> {
    let mut positions = vec![start];
    for _ in 0..max_plies {
        let Some(current) = positions.last() else {
            break;
        };
        let Some(mv) = random_move(current, rng) else {
            break;
        };
        let next = current.play_unchecked(&mv);
        positions.push(next);
    }
    positions
}

/// A random legal position: a few pieces of each kind scattered on the board, with or without
/// kings. Tries until the setup is a valid position.
pub fn random_position(rng: &mut Rng) -> Position {
    random_position_of(Reading::Abbott1963, rng)
}

/// A random legal position of `reading` (see [`random_position`]).
pub fn random_position_of(reading: Reading, rng: &mut Rng) -> Position {
    let field = if reading.is_default() {
        String::new()
    } else {
        format!(" {reading}")
    };
    loop {
        let mut placement: [Option<Piece>; 64] = [None; 64];
        for color in Color::ALL {
            let with_king = rng.chance(90);
            if with_king {
                placement[rng.index(64)] = Some(Piece::new(color, Role::King));
            }
            let count = 1 + rng.index(12);
            for _ in 0..count {
                let role = Role::ALL[1 + rng.index(6)];
                let square = rng.index(64);
                if placement[square].is_none() {
                    placement[square] = Some(Piece::new(color, role));
                }
            }
        }
        let turn = if rng.chance(50) { "w" } else { "b" };
        let ufen = format!(
            "{} {turn} {} 1{field}",
            placement_text(&placement),
            rng.index(90)
        );
        if let Ok(position) = Position::from_ufen(&ufen) {
            return position;
        }
    }
}

fn placement_text(placement: &[Option<Piece>; 64]) -> String {
    let mut text = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let square = Square::from_coords(file, rank)
                .map(Square::usize)
                .unwrap_or(0);
            match placement[square] {
                Some(piece) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(piece.letter());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// Many positions: from random games from the start, and from random games from random
/// positions (kingless sides, crowds of chameleons and immobilizers).
pub fn sample_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    sample_positions_of(Reading::Abbott1963, seed, games, plies)
}

/// [`sample_positions`] of `reading`: games from its start and from random positions.
pub fn sample_positions_of(
    reading: Reading,
    seed: u64,
    games: usize,
    plies: usize,
) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut all = Vec::new();
    for game in 0..games {
        let start = if game % 2 == 0 {
            Position::start_of(reading)
        } else {
            random_position_of(reading, &mut rng)
        };
        all.extend(random_game(start, plies, &mut rng));
    }
    all
}
