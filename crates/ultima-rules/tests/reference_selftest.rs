//! Checks the reference move generator against the worked positions and perft counts of
//! RULES.md, so that it can be trusted to cross-check the engine.

mod reference;

use reference::{in_check, legal_moves, play, RefMove};

/// Square index from a name such as "e4".
fn sq(name: &str) -> u8 {
    let bytes = name.as_bytes();
    (bytes[1] - b'1') * 8 + (bytes[0] - b'a')
}

/// Capture bitmask from square names.
fn taken(names: &[&str]) -> u64 {
    names.iter().fold(0, |mask, name| mask | 1u64 << sq(name))
}

/// The legal move `from``to` of `ufen`; panics when there is none.
fn find(ufen: &str, from: &str, to: &str) -> RefMove {
    let (from, to) = (sq(from), sq(to));
    legal_moves(ufen)
        .into_iter()
        .find(|m| m.from == from && m.to == to)
        .unwrap_or_else(|| panic!("no legal move {from}->{to} in {ufen}"))
}

fn assert_takes(ufen: &str, from: &str, to: &str, expected: &[&str]) {
    let mv = find(ufen, from, to);
    assert_eq!(
        mv.captures,
        taken(expected),
        "{from}{to} in {ufen} should take {expected:?}"
    );
}

fn perft(ufen: &str, depth: u32) -> u64 {
    let moves = legal_moves(ufen);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| perft(&play(ufen, mv), depth - 1))
        .sum()
}

const START: &str = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1";

#[test]
fn worked_pinch_of_three() {
    let ufen = "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1";
    assert_takes(ufen, "d1", "d4", &["c4", "d5", "e4"]);
    assert_eq!(
        play(ufen, find(ufen, "d1", "d4")),
        "7k/8/3P4/8/1P1P1P2/8/8/K7 b 0 1"
    );
}

#[test]
fn worked_withdrawer() {
    let ufen = "7k/8/8/8/3W4/2p5/8/7K w 0 1";
    for to in ["e5", "f6", "g7"] {
        assert_takes(ufen, "d4", to, &["c3"]);
    }
    assert_takes(ufen, "d4", "d7", &[]);
    assert!(!in_check(ufen));
    let after_g7 = play(ufen, find(ufen, "d4", "g7"));
    assert_eq!(after_g7, "7k/6W1/8/8/8/8/8/7K b 0 1");
    assert!(in_check(&after_g7), "d4g7 gives check");
    let after_d7 = play(ufen, find(ufen, "d4", "d7"));
    assert!(!in_check(&after_d7));
}

#[test]
fn worked_long_leaper() {
    let ufen = "K6k/8/8/8/8/8/8/L1p2p2 w 0 1";
    assert_takes(ufen, "a1", "b1", &[]);
    assert_takes(ufen, "a1", "d1", &["c1"]);
    assert_takes(ufen, "a1", "e1", &["c1"]);
    assert_takes(ufen, "a1", "g1", &["c1", "f1"]);
    assert_takes(ufen, "a1", "h1", &["c1", "f1"]);
    // c1 and f1 are not landing squares.
    let moves = legal_moves(ufen);
    assert!(!moves.iter().any(|m| m.from == sq("a1") && m.to == sq("c1")));
    assert!(!moves.iter().any(|m| m.from == sq("a1") && m.to == sq("f1")));
}

#[test]
fn worked_coordinator() {
    let ufen = "8/p6C/8/8/8/K1p5/8/7k w 0 1";
    assert_takes(ufen, "h7", "c7", &["a7", "c3"]);
}

#[test]
fn immobilizer_freezes_and_frozen_pieces_can_be_removed() {
    // The black immobilizer on d5 freezes the white withdrawer on d4, which may only be removed.
    let ufen = "7k/8/8/3i4/3W4/8/8/K7 w 0 1";
    let moves = legal_moves(ufen);
    let from_d4: Vec<_> = moves.iter().filter(|m| m.from == sq("d4")).collect();
    assert_eq!(
        from_d4,
        vec![&RefMove {
            from: sq("d4"),
            to: sq("d4"),
            captures: 0
        }]
    );
    let after = play(ufen, *from_d4[0]);
    assert_eq!(after, "7k/8/8/3i4/8/8/8/K7 b 0 1");
}

#[test]
fn chameleon_and_immobilizer_freeze_each_other() {
    // White chameleon e4 next to black immobilizer e5: neither moves; both may be removed.
    let ufen = "k7/8/8/4i3/4X3/8/8/K7 w 0 1";
    let moves = legal_moves(ufen);
    assert!(moves
        .iter()
        .filter(|m| m.from == sq("e4"))
        .all(|m| m.to == sq("e4")));
    let black = legal_moves("k7/8/8/4i3/4X3/8/8/K7 b 0 1");
    assert!(black
        .iter()
        .filter(|m| m.from == sq("e5"))
        .all(|m| m.to == sq("e5")));
}

#[test]
fn clocks() {
    let after = play(START, find(START, "e2", "e5"));
    assert_eq!(after, "clxwkxli/pppppppp/8/4P3/8/8/PPPP1PPP/ILXKWXLC b 1 1");
    let after = play(&after, find(&after, "e7", "e6"));
    assert_eq!(
        after,
        "clxwkxli/pppp1ppp/4p3/4P3/8/8/PPPP1PPP/ILXKWXLC w 2 2"
    );
}

#[test]
fn perft_start_1_and_2() {
    assert_eq!(perft(START, 1), 32);
    assert_eq!(perft(START, 2), 944);
}

#[test]
fn perft_start_3() {
    assert_eq!(perft(START, 3), 42_762);
}

// The cases below are not worked examples of RULES.md but direct readings of its text.

#[test]
fn chameleon_takes_each_kind_only_its_own_way() {
    // Leaps the long leaper c1 and pinches the pawn f1 against its king in one move.
    let ufen = "7k/8/8/8/8/8/8/X1l2pK1 w 0 1";
    assert_takes(ufen, "a1", "b1", &[]);
    assert_takes(ufen, "a1", "d1", &["c1"]);
    assert_takes(ufen, "a1", "e1", &["c1", "f1"]);
    // It cannot leap a pawn.
    let ufen = "7k/8/8/8/8/8/8/X1p4K w 0 1";
    assert!(!legal_moves(ufen)
        .iter()
        .any(|m| m.from == sq("a1") && m.to == sq("d1")));
    // Withdraws from a withdrawer, not from a pawn.
    assert_takes("7k/8/8/8/3X4/2w5/8/7K w 0 1", "d4", "e5", &["c3"]);
    assert_takes("7k/8/8/8/3X4/2p5/8/7K w 0 1", "d4", "e5", &[]);
    // Pinches a pawn only when moving along a rank or file.
    assert_takes("7k/8/8/8/8/2pP4/8/1X5K w 0 1", "b1", "b3", &["c3"]);
    assert_takes("7k/8/8/8/8/2pP4/X7/7K w 0 1", "a2", "b3", &[]);
    // Never pinches a withdrawer.
    assert_takes("7k/8/8/8/8/2wP4/8/1X5K w 0 1", "b1", "b3", &[]);
    // Coordinates against a coordinator only.
    assert_takes("8/c6X/8/8/8/K1p5/8/7k w 0 1", "h7", "c7", &["a7"]);
}

#[test]
fn chameleon_checks_by_a_king_step() {
    // The black chameleon on g2 attacks the king on h1; taking it is White's only move.
    let ufen = "8/8/8/8/8/8/6x1/7K w 0 1";
    assert!(in_check(ufen));
    assert_eq!(
        legal_moves(ufen),
        vec![RefMove {
            from: sq("h1"),
            to: sq("g2"),
            captures: taken(&["g2"])
        }]
    );
    // Frozen by the white immobilizer on f3, the chameleon gives no check.
    assert!(!in_check("8/8/8/8/8/5I2/6x1/7K w 0 1"));
}

#[test]
fn a_king_next_to_an_enemy_immobilizer_cannot_move() {
    let ufen = "8/8/8/8/8/8/6i1/7K w 0 1";
    assert!(legal_moves(ufen).is_empty());
    assert!(!in_check(ufen));
}

#[test]
fn long_leaper_checks_by_leaping() {
    assert!(in_check("8/8/8/8/8/8/8/L1k5 b 0 1"));
    assert!(!in_check("8/8/8/8/8/8/8/L1kp4 b 0 1"));
}

#[test]
fn a_side_without_a_king() {
    let ufen = "8/p6C/8/8/8/2p5/8/7k w 0 1";
    assert!(!in_check(ufen));
    assert_takes(ufen, "h7", "c7", &[]);
}

/// Random games from the start: `play` accepts every listed move, the UFEN it writes parses
/// back to itself, and no legal move ever takes a king (that would mean the previous move left
/// its own king in check).
#[test]
fn random_games_keep_invariants() {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut random = move |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    for _ in 0..10 {
        let mut ufen = START.to_string();
        for _ in 0..120 {
            let moves = legal_moves(&ufen);
            if moves.is_empty() {
                break;
            }
            let kings = kings_mask(&ufen);
            assert!(moves.iter().all(|m| m.captures & kings == 0), "{ufen}");
            ufen = play(&ufen, moves[random(moves.len())]);
        }
    }
}

fn kings_mask(ufen: &str) -> u64 {
    let placement = ufen.split(' ').next().unwrap_or_default();
    let mut mask = 0;
    for (row, rank) in placement.split('/').enumerate() {
        let mut file = 0;
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => file += n as usize,
                None => {
                    if c == 'K' || c == 'k' {
                        mask |= 1u64 << ((7 - row) * 8 + file);
                    }
                    file += 1;
                }
            }
        }
    }
    mask
}
