//! Zobrist keys: one random number per (side, role, square) and one for Black to move.

use ultima_rand::splitmix64;

use crate::types::{Color, Piece, Square};

const fn build_keys() -> ([[[u64; 64]; 7]; 2], u64) {
    let mut keys = [[[0u64; 64]; 7]; 2];
    let mut state = 0x0075_6c74_696d_6121; // "ultima!"
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 7 {
            let mut square = 0;
            while square < 64 {
                let (next, key) = splitmix64(state);
                state = next;
                keys[color][role][square] = key;
                square += 1;
            }
            role += 1;
        }
        color += 1;
    }
    let (_, black_to_move) = splitmix64(state);
    (keys, black_to_move)
}

static KEYS: ([[[u64; 64]; 7]; 2], u64) = build_keys();

/// The key of `piece` standing on `square`.
#[inline]
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    KEYS.0[piece.color.index()][piece.role.index()][square.usize()]
}

/// The key that is mixed in when Black is to move.
#[inline]
pub fn side_key(turn: Color) -> u64 {
    match turn {
        Color::White => 0,
        Color::Black => KEYS.1,
    }
}
