//! Shared by the integration tests: a seeded random source and random positions.

#![allow(dead_code)]

use ultima_rules::{Color, Move, Piece, Position, Role, Square};

/// SplitMix64: small, fast, and the same sequence on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// A move chosen at random, preferring captures half of the time so that games thin out and
/// reach the positions where the rules are subtle.
pub fn random_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let captures: Vec<&Move> = moves.iter().filter(|m| m.is_capture()).collect();
    if !captures.is_empty() && rng.chance(50) {
        return Some(*captures[rng.below(captures.len())]);
    }
    Some(moves[rng.below(moves.len())])
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
    loop {
        let mut placement: [Option<Piece>; 64] = [None; 64];
        for color in Color::ALL {
            let with_king = rng.chance(90);
            if with_king {
                placement[rng.below(64)] = Some(Piece::new(color, Role::King));
            }
            let count = 1 + rng.below(12);
            for _ in 0..count {
                let role = Role::ALL[1 + rng.below(6)];
                let square = rng.below(64);
                if placement[square].is_none() {
                    placement[square] = Some(Piece::new(color, role));
                }
            }
        }
        let turn = if rng.chance(50) { "w" } else { "b" };
        let ufen = format!("{} {turn} {} 1", placement_text(&placement), rng.below(90));
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
    let mut rng = Rng::new(seed);
    let mut all = Vec::new();
    for game in 0..games {
        let start = if game % 2 == 0 {
            Position::start()
        } else {
            random_position(&mut rng)
        };
        all.extend(random_game(start, plies, &mut rng));
    }
    all
}
