//! `kill -9` while the history stores games: nothing committed may be lost, and the file must
//! open whole afterwards. The test binary runs itself again as the writer, which stores games
//! without pause and prints each id once its commit has returned; the test kills it at random
//! moments and checks what is on disk against what it was told.

use std::fs;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use ultima_history::{FinishedGame, History, Integrity};
use ultima_rand::Rng;

const WRITER: &str = "ULTIMA_HISTORY_WRITER_CHILD";
const SEED: &str = "ULTIMA_HISTORY_KILL_SEED";
const ROUNDS: u32 = 20;

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Summary {
    result: String,
    plies: u32,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Body {
    record: String,
}

fn body_of(id: &str) -> Body {
    // About 1 KB, like the record of an 80-ply game, and different for every game.
    Body {
        record: format!("{id} {}", "e2e5 d7d4 ".repeat(100)),
    }
}

/// The writer's loop: one game per commit, each reported on stdout once committed, until it
/// is killed. Numbering goes on from what the file holds, so ids never repeat across rounds.
fn writer(path: &Path) -> ! {
    let history = match History::open(path) {
        Ok(history) => history,
        Err(error) => {
            eprintln!("the writer could not open the history: {error}");
            std::process::exit(2)
        }
    };
    let first = history.game_count().unwrap_or(0);
    let mut out = io::stdout().lock();
    for n in first.. {
        let id = format!("g{n:08}");
        let game = FinishedGame {
            id: &id,
            created_at: n as f64,
            ended_at: n as f64 + 1.0,
            plies: 80,
            summary: &Summary {
                result: "white".into(),
                plies: 80,
            },
            body: &body_of(&id),
        };
        if let Err(error) = history.add_game(&game) {
            eprintln!("the writer could not store {id}: {error}");
            std::process::exit(3)
        }
        if writeln!(out, "committed {id}")
            .and_then(|()| out.flush())
            .is_err()
        {
            std::process::exit(4)
        }
    }
    std::process::exit(5)
}

#[test]
fn killing_the_app_while_it_stores_games_never_loses_a_committed_one() {
    if let Some(path) = std::env::var_os(WRITER) {
        writer(Path::new(&path));
    }
    let dir = std::env::temp_dir().join(format!("ultima-history-kill-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("history.sqlite");
    let exe = std::env::current_exe().expect("the test binary");
    let seed = std::env::var(SEED)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    println!("seed {seed} (set {SEED} to repeat)");
    // Enough randomness to spread the kills, reproducible from the printed seed.
    let mut random = Rng::new(seed);
    let mut committed: Vec<String> = Vec::new();
    let mut last_count = 0;
    for round in 0..ROUNDS {
        let mut child = Command::new(&exe)
            .args([
                "killing_the_app_while_it_stores_games_never_loses_a_committed_one",
                "--exact",
                "--nocapture",
            ])
            .env(WRITER, &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the writer");
        let stdout = child.stdout.take().expect("the writer's stdout");
        let (first_commit, first_commit_seen) = std::sync::mpsc::channel();
        // Drained all along, so the writer never waits on a full pipe instead of committing.
        let reader = thread::spawn(move || {
            let mut ids = Vec::new();
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(id) = line.strip_prefix("committed ") {
                    if ids.is_empty() {
                        let _ = first_commit.send(());
                    }
                    ids.push(id.to_string());
                }
            }
            ids
        });
        // Once the writer is storing, let it run for 0 to 30 ms, so that the kill lands
        // anywhere in a commit (one takes a few milliseconds).
        let started = first_commit_seen
            .recv_timeout(Duration::from_secs(10))
            .is_ok();
        thread::sleep(Duration::from_micros(random.next_u64() % 30_000));
        child.kill().expect("kill -9 the writer");
        let status = child.wait().expect("the writer's end");
        let ids = reader.join().expect("the reader thread");
        let mut errors = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            let _ = io::Read::read_to_string(&mut stderr, &mut errors);
        }
        assert!(
            started,
            "round {round}: the writer stored nothing ({status}): {errors}"
        );
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(
                status.signal(),
                Some(9),
                "round {round}: the writer stopped by itself ({status}): {errors}"
            );
        }
        committed.extend(ids);

        let history = History::open(&path)
            .unwrap_or_else(|error| panic!("round {round}: the file does not open: {error}"));
        assert_eq!(
            history.check_integrity().ok(),
            Some(Integrity::Ok),
            "round {round}"
        );
        for id in &committed {
            assert_eq!(
                history.has_game(id).ok(),
                Some(true),
                "round {round}: {id} was committed, and is gone"
            );
        }
        let last = committed.last().expect("something was committed");
        assert_eq!(
            history.game_body::<Body>(last).ok(),
            Some(Some(body_of(last))),
            "round {round}: the last committed game reads back whole"
        );
        let count = history.game_count().expect("count");
        assert!(
            count >= last_count && count >= committed.len() as u64,
            "round {round}: {count} games, after {last_count}, {} committed",
            committed.len()
        );
        // Unreported, at most the one commit that returned just before each kill.
        assert!(
            count <= committed.len() as u64 + u64::from(round) + 1,
            "round {round}: {count} games but only {} reported",
            committed.len()
        );
        last_count = count;
    }
    println!(
        "{ROUNDS} kills: {} games committed and all kept",
        committed.len()
    );
    let _ = fs::remove_dir_all(&dir);
}
