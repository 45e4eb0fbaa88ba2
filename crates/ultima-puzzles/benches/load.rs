//! What loading the puzzles costs the app: reading the shipped collection (`collection()`, what
//! the app does once, the first time the trainer asks for a puzzle), the same for a collection
//! of 2,000 puzzles (the goal's size, made of the shipped lines under new ids, so that the figure
//! does not wait for the data), and choosing the next puzzle among them with 1,000 already seen.
//!
//! `cargo bench -p ultima-puzzles --bench load` prints, for each, the mean, median, 95th
//! percentile and maximum over many runs (a plain program, as `ultima-history`'s benchmark, so
//! that the maximum is reported: the bound is 50 ms for the load). Run by
//! `cargo test --benches`, it does the same a few times, as a check that it works.

use std::collections::HashSet;
use std::hint::black_box;
use std::time::{Duration, Instant};

use ultima_puzzles::rating::{choose_next, Difficulty, NextPuzzle};
use ultima_puzzles::{collection, is_comment, parse_file, Puzzle, COLLECTION};

/// The size of the grown collection.
const GOAL: usize = 2_000;

/// Mean, median, 95th percentile and maximum of `runs` runs of `work`, printed on one line.
fn measure<T>(what: &str, runs: usize, mut work: impl FnMut() -> T) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(work());
            start.elapsed()
        })
        .collect();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / times.len().max(1) as f64;
    let at = |q: f64| {
        times
            .get(((times.len() - 1) as f64 * q).round() as usize)
            .copied()
    };
    let (median, p95, max) = (
        at(0.5).map_or(0.0, ms),
        at(0.95).map_or(0.0, ms),
        times.last().copied().map_or(0.0, ms),
    );
    println!(
        "{what:<58} n={runs:<5} mean {mean:8.3} ms  median {median:8.3} ms  p95 {p95:8.3} ms  max {max:8.3} ms"
    );
}

/// The shipped collection's puzzle lines repeated under new ids up to `size` lines.
fn grown(size: usize) -> String {
    let lines: Vec<&str> = COLLECTION
        .lines()
        .filter(|line| !is_comment(line))
        .collect();
    assert!(!lines.is_empty(), "the shipped collection has puzzles");
    let mut text = String::new();
    for n in 0..size {
        let line = lines[n % lines.len()];
        let (id, rest) = line.split_once(';').expect("a puzzle line has fields");
        text.push_str(&format!("{id}-{}", n / lines.len()));
        text.push(';');
        text.push_str(rest);
        text.push('\n');
    }
    text
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not.
    let full = std::env::args().any(|argument| argument == "--bench");
    let runs = if full { 200 } else { 3 };
    let shipped = collection().expect("the shipped collection reads");
    println!("{} puzzles shipped", shipped.len());
    measure(
        &format!("load the shipped collection ({} puzzles)", shipped.len()),
        runs,
        || collection().map(|puzzles| puzzles.len()),
    );
    let text = grown(GOAL);
    measure(
        &format!("load a collection of {GOAL} puzzles"),
        runs,
        || parse_file(&text).map(|puzzles| puzzles.len()),
    );
    let puzzles: Vec<Puzzle> = parse_file(&text).expect("the grown collection reads");
    let seen: HashSet<String> = puzzles
        .iter()
        .step_by(2)
        .map(|puzzle| puzzle.id.clone())
        .collect();
    let mut seed = 0_u64;
    measure(
        &format!("choose the next of {GOAL} puzzles, {} seen", seen.len()),
        runs * 10,
        || {
            seed += 1;
            choose_next(
                &puzzles,
                &NextPuzzle {
                    rating: 1500,
                    difficulty: Difficulty::Normal,
                    theme: None,
                    last_theme: None,
                    seen: &seen,
                    seed,
                },
            )
            .map(|puzzle| puzzle.id.len())
        },
    );
}
