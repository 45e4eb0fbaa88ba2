//! The search: mates, legality, limits, stopping, repetitions and the fifty-move rule.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use common::{forces_win, position, random_positions, wins_within};
use ultima_bot::{history_hashes, BotError, Engine, Limits, NoClock, Score, SearchResult};
use ultima_rules::{Color, Game, Position};

fn search(position: &Position, limits: Limits) -> SearchResult {
    Engine::with_hash_mb(4)
        .search(position, &[], &limits, &NoClock, &mut |_| {})
        .expect("the position has legal moves")
}

/// Mates in one, each checked by hand against RULES.md (see the comments) and by brute force.
const MATES_IN_ONE: [(&str, &str); 3] = [
    // The lone black king on h8; the white immobilizer a1 reaches g7 along the long diagonal
    // and freezes it. A frozen king cannot move and a king is never removed: Black has no legal
    // move and loses. (g8 and h7, the other squares beside h8, are not on a line from a1.)
    ("7k/8/8/8/8/8/8/I1K5 w 0 1", "a1g7"),
    // The white withdrawer d8 slides to g8 beside the black king on h8, with f8 empty behind
    // it: check (it can withdraw from h8). The king cannot take g8 or go to g7 (both beside the
    // white king f7), and h7 is taken by the coordinator a1 landing on h1 (the corner of h1 and
    // the white king's rank 7 is h7). No black move is left.
    ("3W3k/5K2/8/8/8/8/8/C7 w 0 1", "d8g8"),
    // The same turned half round with colours swapped: Black mates with e1b1.
    ("7c/8/8/8/8/8/2k5/K3w3 b 0 1", "e1b1"),
];

/// Mates in two, checked by hand and by brute force.
const MATES_IN_TWO: [&str; 2] = [
    // 1. Ic1-h6 (c1-d2-e3-f4-g5-h6). The king on h8 must move: to g7 or h7 it stands beside the
    // immobilizer and is frozen at once; to g8, 2. Ih6-g7 (or h7, f8) freezes it. From c1 no
    // square beside h8 is on a line, so there is no mate in one.
    "7k/8/8/8/8/8/8/2I1K3 w 0 1",
    // 1. Wa1-d4: the king h8 cannot go to g7 or h7 (beside the white king g6), so 1... Kg8.
    // 2. Wd4-g7: Kxg7, Kf7 and Kh7 stand beside the white king; Kf8 and Kh8 stand beside the
    // withdrawer with room behind it (h6, f6), so it could withdraw and take: no legal move.
    "7k/8/6K1/8/8/8/8/W7 w 0 1",
];

#[test]
fn finds_mates_in_one() {
    for (ufen, expected) in MATES_IN_ONE {
        let position = position(ufen);
        let mating = position.parse_move(expected).unwrap();
        assert!(
            forces_win(&position, &mating, 1),
            "{ufen}: {expected} is mate"
        );
        let result = search(&position, Limits::depth(3));
        assert!(
            forces_win(&position, &result.best_move, 1),
            "{ufen}: {} does not mate",
            result.best_move
        );
        assert_eq!(result.info.score, Score::Mate(1), "{ufen}");
    }
}

#[test]
fn finds_mates_in_two() {
    for ufen in MATES_IN_TWO {
        let position = position(ufen);
        assert!(wins_within(&position, 2), "{ufen} is a mate in two");
        assert!(!wins_within(&position, 1), "{ufen} is not a mate in one");
        let result = search(&position, Limits::depth(5));
        assert!(
            forces_win(&position, &result.best_move, 2),
            "{ufen}: {} does not force mate in two",
            result.best_move
        );
        assert_eq!(result.info.score, Score::Mate(2), "{ufen}");
    }
}

#[test]
fn sees_being_mated() {
    // Black to move after 1. Ic1-h6 of the first mate in two: every move loses in one.
    let position = position_after("7k/8/8/8/8/8/8/2I1K3 w 0 1", "c1h6");
    let result = search(&position, Limits::depth(4));
    assert_eq!(result.info.score, Score::Mate(-1));
}

fn position_after(ufen: &str, mv: &str) -> Position {
    let position = position(ufen);
    let mv = position.parse_move(mv).unwrap();
    position.play_unchecked(&mv)
}

#[test]
fn never_plays_an_illegal_move() {
    for (index, (game, position)) in random_positions(11, 60).into_iter().enumerate() {
        let limits = if index % 2 == 0 {
            Limits::depth(2)
        } else {
            Limits::nodes(2_000)
        };
        let result = Engine::with_hash_mb(1)
            .search(
                &position,
                &history_hashes(&game),
                &limits,
                &NoClock,
                &mut |_| {},
            )
            .unwrap();
        assert!(
            position.legal_moves().contains(&result.best_move),
            "{}: {} is not legal",
            position.ufen(),
            result.best_move
        );
    }
}

#[test]
fn the_principal_variation_is_playable() {
    for (_, position) in random_positions(5, 12) {
        let result = search(&position, Limits::depth(3));
        let mut current = position.clone();
        for mv in &result.info.pv {
            let legal = current.legal_moves();
            assert!(legal.contains(mv), "{}: pv move {mv}", current.ufen());
            current = current.play_unchecked(mv);
        }
        assert_eq!(result.info.pv.first(), Some(&result.best_move));
    }
}

#[test]
fn one_legal_move_is_played_at_once() {
    // After 1. Wa1-d4 in the second mate in two, Black's only move is Kh8-g8.
    let position = position("7k/8/6K1/8/3W4/8/8/8 b 0 1");
    assert_eq!(position.legal_moves().len(), 1);
    let result = search(&position, Limits::depth(40));
    assert_eq!(result.best_move.coordinates(), "h8g8");
    assert_eq!(result.info.depth, 0);
    assert_eq!(result.info.nodes, 0);
}

#[test]
fn no_legal_move_is_an_error() {
    let frozen = position("7k/8/8/8/8/8/1i6/K7 w 0 1");
    let answer =
        Engine::with_hash_mb(1).search(&frozen, &[], &Limits::depth(3), &NoClock, &mut |_| {});
    assert_eq!(answer, Err(BotError::NoLegalMove(Color::White)));
    assert_eq!(
        answer.map(|_| ()).unwrap_err().to_string(),
        "White has no legal move: the game is over"
    );
}

#[test]
fn respects_the_depth_limit() {
    let mut depths = Vec::new();
    let result = Engine::with_hash_mb(4)
        .search(
            &Position::start(),
            &[],
            &Limits::depth(4),
            &NoClock,
            &mut |info| depths.push(info.depth),
        )
        .unwrap();
    assert_eq!(depths, [1, 2, 3, 4]);
    assert_eq!(result.info.depth, 4);
}

#[test]
fn respects_the_node_limit() {
    for limit in [1, 100, 5_000, 40_000] {
        let result = search(&Position::start(), Limits::nodes(limit));
        assert!(
            result.info.nodes <= limit + 1,
            "{} > {limit}",
            result.info.nodes
        );
        assert!(Position::start().legal_moves().contains(&result.best_move));
    }
}

#[test]
fn node_counts_are_reproducible() {
    let a = search(&Position::start(), Limits::depth(5));
    let b = search(&Position::start(), Limits::depth(5));
    assert_eq!(a.info.nodes, b.info.nodes);
    assert_eq!(a.best_move, b.best_move);
}

#[test]
fn stops_when_told() {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (sender, receiver) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .stack_size(16 << 20)
        .spawn(move || {
            let limits = Limits::infinite().with_stop(flag);
            let result = Engine::with_hash_mb(4).search(
                &Position::start(),
                &[],
                &limits,
                &NoClock,
                &mut |_| {},
            );
            let _ = sender.send(result);
        })
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    stop.store(true, Ordering::Relaxed);
    // A generous bound: the flag is read every 1024 nodes, about a millisecond.
    let result = receiver
        .recv_timeout(Duration::from_secs(20))
        .expect("the search stops when told")
        .unwrap();
    handle.join().unwrap();
    assert!(Position::start().legal_moves().contains(&result.best_move));
    assert!(result.info.depth >= 1);
}

#[test]
fn a_raised_flag_before_the_start_still_answers() {
    let stop = Arc::new(AtomicBool::new(true));
    let result = search(&Position::start(), Limits::infinite().with_stop(stop));
    assert!(Position::start().legal_moves().contains(&result.best_move));
}

#[test]
fn the_fifty_move_rule_is_seen() {
    // White has a withdrawer and a long leaper against a lone king, but only one reversible
    // move remains before the hundredth ply: nothing can be won in time, it is a draw.
    let late = position("7k/8/8/8/8/8/8/WL1K4 w 99 60");
    let early = position("7k/8/8/8/8/8/8/WL1K4 w 0 60");
    assert!(!wins_within(&late, 1));
    assert_eq!(search(&late, Limits::depth(3)).info.raw_score, 0);
    assert!(search(&early, Limits::depth(3)).info.raw_score > 300);
}

#[test]
fn repetitions_are_seen() {
    // Kings shuffle back to the start: d1-e1 h8-g8 e1-d1 g8-h8. Playing d1-e1 again repeats.
    let mut game = Game::new(position("7k/8/8/8/8/8/8/WL1K4 w 0 1"));
    for mv in ["d1e1", "h8g8", "e1d1", "g8h8"] {
        game.play_text(mv).unwrap();
    }
    let history = history_hashes(&game);
    assert_eq!(history.len(), 4);
    let root = game.position().clone();
    let mut engine = Engine::with_hash_mb(1);
    let free = engine
        .search(&root, &[], &Limits::depth(2), &NoClock, &mut |_| {})
        .unwrap();
    engine.clear();
    let seen = engine
        .search(&root, &history, &Limits::depth(2), &NoClock, &mut |_| {})
        .unwrap();
    // Winning material either way; with the history the search does not repeat (the score of
    // the repeating move itself is checked in the crate's unit tests).
    assert!(free.info.raw_score > 300 && seen.info.raw_score > 300);
    assert_ne!(seen.best_move.coordinates(), "d1e1");
}

#[test]
fn the_losing_side_takes_a_draw_by_repetition() {
    // White has a withdrawer and a long leaper against a lone king and the kings shuffle:
    // after seven plies Black's g8-h8 brings back the start position a third time, a draw.
    // Blind to the history, Black is lost; seeing it, Black takes the draw.
    let mut game = Game::new(position("7k/8/8/8/8/8/8/WL1K4 w 0 1"));
    for mv in ["d1e1", "h8g8", "e1d1", "g8h8", "d1e1", "h8g8", "e1d1"] {
        game.play_text(mv).unwrap();
    }
    let root = game.position().clone();
    let blind = search(&root, Limits::depth(4));
    assert!(blind.info.raw_score < -300, "{}", blind.info.raw_score);
    let seeing = Engine::with_hash_mb(4)
        .search(
            &root,
            &history_hashes(&game),
            &Limits::depth(4),
            &NoClock,
            &mut |_| {},
        )
        .unwrap();
    assert_eq!(seeing.best_move.coordinates(), "g8h8");
    assert_eq!(seeing.info.raw_score, 0);
}

/// A clock that moves one millisecond each time it is read, so that a time limit is reached
/// after a fixed amount of work whatever the machine's speed. It also counts its readings.
#[derive(Default)]
struct TickClock {
    reads: std::sync::atomic::AtomicU64,
}

impl ultima_bot::Clock for TickClock {
    fn now_ms(&self) -> u64 {
        self.reads.fetch_add(1, Ordering::Relaxed)
    }
}

#[test]
fn the_time_limit_is_respected() {
    let clock = TickClock::default();
    let limits = Limits::infinite().with_movetime(40);
    let result = Engine::with_hash_mb(4)
        .search(&Position::start(), &[], &limits, &clock, &mut |_| {})
        .unwrap();
    assert!(Position::start().legal_moves().contains(&result.best_move));
    assert!(result.info.depth >= 1);
    // The limit is read every 1024 nodes, and one tick of this clock is one reading: the search
    // ends at its first reading past 40 "milliseconds" (each finished iteration reads it twice
    // more, and the result once).
    assert!(
        result.info.time_ms <= 40 + 5,
        "the search ran {} ms of a 40 ms limit",
        result.info.time_ms
    );
    assert!(
        result.info.nodes <= 45 * 1024,
        "{} nodes for about 40 readings",
        result.info.nodes
    );
}

#[test]
fn the_stop_flag_and_the_clock_are_read_every_1024_nodes() {
    // Both are read at the same moment, every 1024 nodes: count the clock's readings in a
    // search that a node limit ends (its time limit is never reached). At the bench's million
    // nodes a second, 1024 nodes is about a millisecond, well inside the 20 ms in which a
    // search must end when told (`ultima bench --stop` measures it).
    let clock = TickClock::default();
    let limits = Limits::nodes(200_000)
        .with_movetime(u64::MAX)
        .with_stop(Arc::new(AtomicBool::new(false)));
    let result = Engine::with_hash_mb(4)
        .search(&Position::start(), &[], &limits, &clock, &mut |_| {})
        .unwrap();
    let reads = clock.reads.load(Ordering::Relaxed);
    assert!(result.info.nodes >= 200_000);
    assert!(
        reads >= result.info.nodes / 1024,
        "{reads} readings of the clock in {} nodes",
        result.info.nodes
    );
}
