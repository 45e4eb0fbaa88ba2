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

/// The same position turned half round with the colours swapped (ranks mirrored, White for
/// Black, the other side to move): Ultima's rules are the same for it, so a win stays a win.
pub fn flipped_ufen(ufen: &str) -> String {
    let fields: Vec<&str> = ufen.split_whitespace().collect();
    let placement: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    format!("{} {side} {} {}", placement.join("/"), fields[2], fields[3])
}

/// A move in coordinates, turned half round as [`flipped_ufen`] turns its position.
pub fn flipped_move(coordinates: &str) -> String {
    coordinates
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(rank) => char::from_digit(9 - rank, 10).unwrap_or(c),
            None => c,
        })
        .collect()
}

/// The moves of `position` after which the opponent has no legal move, by brute force.
pub fn wins_in_one(position: &Position) -> Vec<String> {
    let mut wins: Vec<String> = position
        .legal_moves()
        .iter()
        .filter(|mv| forces_win(position, mv, 1))
        .map(Move::coordinates)
        .collect();
    wins.sort();
    wins
}

/// Blockades in one: the side to move wins by leaving the opponent, not in check, without a
/// legal move. Each with the winning moves (all of them, as brute force finds them), and each
/// is also played turned half round with the colours swapped (see [`flipped_ufen`]).
pub const BLOCKADES_IN_ONE: [(&str, &[&str]); 5] = [
    // Kings, and Black far ahead (about eleven pawns' worth). Black's king h8 with its
    // withdrawer g8, coordinator g7 and immobilizer h7 sits behind white pawns f8 f7 f6 g6;
    // only h6 is open. In the a1 corner Black's withdrawer, coordinator and two chameleons
    // are walled in by white pawns b3 c2 and withdrawers a3 c3 c1, which can take a2, b2 or b1
    // in eight ways, each opening the wall. Only Ph4-h6 closes h6 and wins (the withdrawer's
    // c1-h6 closes it too but opens c1).
    ("5Pwk/5Pci/5PP1/8/7P/WPW5/cxP5/wxW1K3 w 0 1", &["h4h6"]),
    // The same with no king on either side (a course position): Black's chameleon h8 instead
    // of its king.
    ("5Pwx/5Pci/5PP1/8/7P/WPW5/cxP5/wxW5 w 0 1", &["h4h6"]),
    // Kings, and Black far behind: king and three pawns in the corner; h6 is open and the
    // pawn h4 or the withdrawer c1 closes it.
    ("5Ppk/5Ppp/5PP1/8/7P/8/8/ILXKWXLC w 0 1", &["c1h6", "h4h6"]),
    // No black king and Black far behind: a lone pawn h8 beside the white pawn h7; the
    // withdrawer a8 closes g8.
    ("W6p/7P/8/8/8/8/8/LXKI4 w 0 1", &["a8g8"]),
    // No kings, the h8 corner closed, and Black's one loose piece, the pawn e5, taken: by the
    // pawn c5 or d2 landing on d5 (pinching it against f5). Nothing else wins; the withdrawers'
    // captures in the a1 corner open the wall there.
    (
        "5Pwx/5Pci/5PPP/2P1pP2/8/WPW5/cxPP4/wxW5 w 0 1",
        &["c5d5", "d2d5"],
    ),
];

/// Blockades in two, none in one (brute force checks both), also played turned half round.
pub const BLOCKADES_IN_TWO: [&str; 4] = [
    // Kings, and Black far ahead: two walled-in armies (a8 and a1 corners) and a free king h8,
    // which the immobilizer e3 freezes in two moves wherever it goes (a frozen king is not in
    // check, but it cannot move). The white withdrawers' captures in the a1 corner open that
    // wall instead.
    "cxwP3k/wcxP4/PPPP4/8/8/WPW1I3/cxP5/wxW1K3 w 0 1",
    // No kings, Black far ahead: a walled-in army in the a1 corner, and a pawn h8 that can go to
    // g8 or h7. A corner piece cannot be pinched, so White closes one square, the pawn takes the
    // other, and White closes the square it left.
    "5P1p/6P1/7P/8/4W3/PPPP4/wcxP4/cxwP4 w 0 1",
    // The same pawn and no black army: Black far behind.
    "5P1p/6P1/7P/8/4W3/8/8/LXI5 w 0 1",
    // Kings, Black far behind: the lone king of the first mate in two (tests/search.rs) against
    // an immobilizer and a row of pawns.
    "7k/8/8/8/PPPPP3/8/8/2I1K3 w 0 1",
];
