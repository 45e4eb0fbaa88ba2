//! The perft suite in `data/perft.txt`: varied positions (frozen pieces, removals, chameleons
//! against every piece, long leaper chains, a check from each capture kind, kingless course
//! positions, middle games) with their counts at several depths.
//!
//! Entries above `ULTIMA_PERFT_NODES` nodes (default 3,000,000) are skipped to keep CI fast.

mod reference;

use ultima_rules::{perft, Position};

struct Entry {
    name: String,
    ufen: String,
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<Entry> {
    let text = include_str!("data/perft.txt");
    let mut entries: Vec<Entry> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
        let at = || format!("data/perft.txt line {}", number + 1);
        match keyword {
            "name" => entries.push(Entry {
                name: rest.to_string(),
                ufen: String::new(),
                counts: Vec::new(),
            }),
            "ufen" => {
                entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}: ufen before name", at()))
                    .ufen = rest.to_string()
            }
            "perft" => {
                let numbers: Vec<u64> = rest
                    .split_whitespace()
                    .map(|n| n.parse().unwrap_or_else(|_| panic!("{}: bad number", at())))
                    .collect();
                let [depth, nodes] = numbers[..] else {
                    panic!("{}: expected 'perft DEPTH NODES'", at())
                };
                entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}: perft before name", at()))
                    .counts
                    .push((depth as u32, nodes));
            }
            other => panic!("{}: unknown keyword {other}", at()),
        }
    }
    entries
}

fn node_limit() -> u64 {
    std::env::var("ULTIMA_PERFT_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000_000)
}

#[test]
fn the_suite_is_varied_enough() {
    let entries = suite();
    assert!(entries.len() >= 20, "only {} positions", entries.len());
    assert!(entries
        .iter()
        .all(|e| e.counts.len() >= 2 || e.counts.first().is_some_and(|c| c.1 == 0)));
}

#[test]
fn every_count_of_the_suite() {
    let limit = node_limit();
    let mut checked = 0;
    for entry in suite() {
        let position =
            Position::from_ufen(&entry.ufen).unwrap_or_else(|e| panic!("{}: {e}", entry.name));
        for &(depth, expected) in &entry.counts {
            if expected > limit {
                continue;
            }
            assert_eq!(
                perft(&position, depth),
                expected,
                "{} ({}) at depth {depth}",
                entry.name,
                entry.ufen
            );
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} counts checked");
}

fn reference_perft(ufen: &str, depth: u32) -> u64 {
    let moves = reference::legal_moves(ufen);
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    moves
        .into_iter()
        .map(|mv| reference_perft(&reference::play(ufen, mv), depth - 1))
        .sum()
}

#[test]
fn the_reference_generator_agrees_with_the_suite_at_small_depths() {
    let mut checked = 0;
    for entry in suite() {
        for &(depth, expected) in &entry.counts {
            if expected <= 20_000 {
                assert_eq!(
                    reference_perft(&entry.ufen, depth),
                    expected,
                    "{} at depth {depth}",
                    entry.name
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} counts checked");
}

/// The starts of the readings (the suite's entries whose name ends in `start`), by the
/// reference generator: to depth 3 always, to depth 4 (every count the suite has) when
/// `ULTIMA_REFERENCE_DEPTH` asks for it (it takes minutes).
#[test]
fn the_reference_generator_agrees_with_every_readings_start() {
    let deepest: u32 = std::env::var("ULTIMA_REFERENCE_DEPTH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let starts: Vec<Entry> = suite()
        .into_iter()
        .filter(|entry| entry.name.ends_with("start"))
        .collect();
    assert_eq!(starts.len(), 5, "one start per reading");
    for entry in starts {
        for &(depth, expected) in entry.counts.iter().filter(|(d, _)| *d <= deepest) {
            assert_eq!(
                reference_perft(&entry.ufen, depth),
                expected,
                "{} at depth {depth}",
                entry.name
            );
        }
    }
}
