//! What a long history costs: 10,000 finished games and 10,000 puzzle attempts on disk, then
//! the time of one more save, of the home list, and of the other reads the app makes.
//!
//! `cargo bench -p ultima-history` prints, for each operation, the mean, median, 95th
//! percentile and maximum over many runs. The maximum matters as much as the median: a save
//! waits for the disk, so it is slow when other programs write, and the save that crosses
//! SQLite's WAL checkpoint threshold (1000 pages) also copies the WAL into the database; saves
//! are measured long enough to include a checkpoint. (This is why it is a plain program and
//! not a Criterion benchmark, which reports no maximum.)
//!
//! Run by `cargo test --benches`, it does the same on a few games, as a check that it works.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use ultima_history::{FinishedGame, GameCursor, History, Integrity};

/// What the home list shows of a game.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    result: String,
    reason: String,
    opponent: String,
    level: String,
    player_side: String,
    plies: u32,
}

/// What rebuilds a game: its record.
#[derive(Serialize, Deserialize)]
struct Body {
    version: u32,
    record: String,
}

/// A puzzle attempt: the moves tried, the outcome, the time taken and the rating change.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Attempt {
    moves: Vec<String>,
    solved: bool,
    time_ms: u32,
    rating_before: f64,
    rating_after: f64,
}

struct Sizes {
    games: u32,
    attempts: u32,
    /// Saves measured: enough to cross a WAL checkpoint at full size.
    saves: usize,
    reads: usize,
}

/// A deterministic sequence of numbers, so every run stores the same games.
struct Sequence(u64);

impl Sequence {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % below
    }

    fn square(&mut self) -> String {
        let file = b"abcdefgh"[self.next(8) as usize] as char;
        format!("{file}{}", 1 + self.next(8))
    }

    /// A record of `plies` plies in the app's notation (move numbers, the piece's letter,
    /// from-to, captured squares): about 1 KB for 80 plies.
    fn record(&mut self, plies: u32) -> String {
        let mut record = String::from("start ");
        for ply in 0..plies {
            if ply % 2 == 0 {
                record.push_str(&format!("{}. ", ply / 2 + 1));
            }
            record.push(b"KPWLCOI"[self.next(7) as usize] as char);
            record.push_str(&self.square());
            record.push('-');
            record.push_str(&self.square());
            for _ in 0..self.next(6).saturating_sub(3) {
                record.push('x');
                record.push_str(&self.square());
            }
            record.push(' ');
        }
        record
    }
}

fn summary(n: u32, plies: u32) -> Summary {
    Summary {
        result: ["whiteWins", "blackWins", "draw"][n as usize % 3].into(),
        reason: ["checkmate", "resignation", "repetition"][n as usize % 3].into(),
        opponent: "bot".into(),
        level: ["novice", "casual", "club"][n as usize % 3].into(),
        player_side: if n.is_multiple_of(2) {
            "white"
        } else {
            "black"
        }
        .into(),
        plies,
    }
}

fn store_games(history: &History, sequence: &mut Sequence, from: u32, to: u32) {
    let games: Vec<(String, Summary, Body, f64)> = (from..to)
        .map(|n| {
            let plies = 60 + sequence.next(40) as u32;
            let body = Body {
                version: 1,
                record: sequence.record(plies),
            };
            (format!("g{n:06}"), summary(n, plies), body, f64::from(n))
        })
        .collect();
    let added = history
        .add_games(games.iter().map(|(id, summary, body, t)| FinishedGame {
            id,
            created_at: 1.7e12 + t * 600_000.0,
            ended_at: 1.7e12 + t * 600_000.0 + 300_000.0,
            plies: summary.plies,
            summary,
            body,
        }))
        .expect("store the games");
    assert_eq!(added, (to - from) as usize);
}

fn attempt(sequence: &mut Sequence) -> Attempt {
    Attempt {
        moves: (0..4)
            .map(|_| sequence.square() + &sequence.square())
            .collect(),
        solved: sequence.next(3) != 0,
        time_ms: 5_000 + sequence.next(60_000) as u32,
        rating_before: 1500.0,
        rating_after: 1512.5,
    }
}

/// Times `run` `times` times; prints and returns the figures.
fn measure(name: &str, times: usize, mut run: impl FnMut(usize)) -> Vec<Duration> {
    let mut durations: Vec<Duration> = (0..times)
        .map(|i| {
            let start = Instant::now();
            run(i);
            start.elapsed()
        })
        .collect();
    durations.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = durations.iter().map(|d| ms(*d)).sum::<f64>() / times as f64;
    println!(
        "{name:<44} n={times:<5} mean {mean:8.3} ms  median {:8.3} ms  p95 {:8.3} ms  max {:8.3} ms",
        ms(durations[times / 2]),
        ms(durations[(times * 95 / 100).min(times - 1)]),
        ms(durations[times - 1]),
    );
    durations
}

fn run(sizes: &Sizes, dir: &Path) {
    let path = dir.join("history.sqlite");
    let mut sequence = Sequence(0x5EED_1234_ABCD_9876);
    {
        let history = History::open(&path).expect("open");
        let start = Instant::now();
        for from in (0..sizes.games).step_by(1000) {
            store_games(
                &history,
                &mut sequence,
                from,
                (from + 1000).min(sizes.games),
            );
        }
        for n in 0..sizes.attempts {
            let body = attempt(&mut sequence);
            history
                .add_puzzle_attempt(&format!("p{:05}", n % 3000), f64::from(n), &body)
                .expect("store an attempt");
        }
        println!(
            "stored {} games and {} puzzle attempts in {:.1} s",
            sizes.games,
            sizes.attempts,
            start.elapsed().as_secs_f64()
        );
    } // closed, as when the app quits: the WAL is checkpointed into the file
    let bytes = fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!(
        "file: {:.1} MB; an 80-ply record is {} bytes",
        bytes as f64 / 1e6,
        Sequence(7).record(80).len()
    );

    // The app's start: open, then the home list, with nothing cached yet in SQLite.
    let start = Instant::now();
    let history = History::open(&path).expect("open again");
    let opened = start.elapsed();
    let first = history.games_page::<Summary>(50, None).expect("a page");
    let listed = start.elapsed();
    assert_eq!(first.games.len(), 50.min(sizes.games as usize));
    println!(
        "at start: open {:.3} ms, then the first home list {:.3} ms",
        opened.as_secs_f64() * 1000.0,
        (listed - opened).as_secs_f64() * 1000.0
    );

    let mut next = sizes.games;
    let saves = measure("save one finished game (one commit)", sizes.saves, |_| {
        store_one(&history, &mut sequence, next);
        next += 1;
    });
    measure("home list: first page of 50 summaries", sizes.reads, |_| {
        let page = history.games_page::<Summary>(50, None).expect("a page");
        assert_eq!(page.games.len(), 50.min(next as usize));
    });
    let middle = GameCursor {
        ended_at: 1.7e12 + f64::from(sizes.games / 2) * 600_000.0 + 300_000.0,
        id: format!("g{:06}", sizes.games / 2),
    };
    measure("a page of 50 from the middle (cursor)", sizes.reads, |_| {
        let page = history
            .games_page::<Summary>(50, Some(&middle))
            .expect("a page");
        assert!(!page.games.is_empty());
    });
    measure("game_count", sizes.reads, |_| {
        assert_eq!(history.game_count().ok(), Some(u64::from(next)));
    });
    measure("read one game's body", sizes.reads, |i| {
        let id = format!("g{:06}", (i * 7919) % sizes.games as usize);
        let body = history.game_body::<Body>(&id).expect("read");
        assert!(body.is_some_and(|b| b.record.len() > 500));
    });
    let mut at = f64::from(sizes.attempts);
    measure("save one puzzle attempt (one commit)", sizes.reads, |i| {
        let body = attempt(&mut sequence);
        history
            .add_puzzle_attempt(&format!("p{:05}", i % 3000), at, &body)
            .expect("store an attempt");
        at += 1.0;
    });
    measure("puzzle attempts: first page of 50", sizes.reads, |_| {
        let page = history
            .puzzle_attempts_page::<Attempt>(50, None)
            .expect("a page");
        assert_eq!(page.attempts.len(), 50);
    });
    measure("quick_check (whole file)", 3, |_| {
        assert_eq!(history.check_integrity().ok(), Some(Integrity::Ok));
    });
    let slow = saves.iter().filter(|d| d.as_millis() >= 20).count();
    println!("saves over 20 ms: {slow} of {}", saves.len());
}

fn store_one(history: &History, sequence: &mut Sequence, n: u32) {
    let plies = 80;
    let body = Body {
        version: 1,
        record: sequence.record(plies),
    };
    let id = format!("g{n:06}");
    history
        .add_game(&FinishedGame {
            id: &id,
            created_at: 1.7e12 + f64::from(n) * 600_000.0,
            ended_at: 1.7e12 + f64::from(n) * 600_000.0 + 300_000.0,
            plies,
            summary: &summary(n, plies),
            body: &body,
        })
        .expect("store a game");
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not.
    let full = std::env::args().any(|argument| argument == "--bench");
    let sizes = if full {
        Sizes {
            games: 10_000,
            attempts: 10_000,
            saves: 1_000,
            reads: 200,
        }
    } else {
        Sizes {
            games: 120,
            attempts: 60,
            saves: 5,
            reads: 5,
        }
    };
    let dir = std::env::temp_dir().join(format!("ultima-history-bench-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a folder for the benchmark");
    run(&sizes, &dir);
    let _ = fs::remove_dir_all(&dir);
}
