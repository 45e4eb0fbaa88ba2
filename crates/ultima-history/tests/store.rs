//! The history store as the app uses it: through files on disk.

use std::fs;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use ultima_history::{
    set_aside, FinishedGame, GameCursor, History, HistoryError, Integrity, Stored, SCHEMA_VERSION,
};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Summary {
    result: String,
    opponent: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Body {
    record: String,
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ultima-history-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn summary(n: u32) -> Summary {
    Summary {
        result: if n.is_multiple_of(2) {
            "white"
        } else {
            "black"
        }
        .to_string(),
        opponent: format!("bot {n}"),
    }
}

fn body(n: u32) -> Body {
    Body {
        record: format!("e2e5 d7d4 ... game {n}"),
    }
}

/// Stores game `n`, ended at `ended_at`.
fn add(history: &History, id: &str, ended_at: f64, n: u32) -> Result<Stored, HistoryError> {
    history.add_game(&FinishedGame {
        id,
        created_at: ended_at - 60_000.0,
        ended_at,
        plies: n,
        summary: &summary(n),
        body: &body(n),
    })
}

/// A raw connection to the file, to see or damage what the store wrote.
fn raw(path: &std::path::Path) -> rusqlite::Connection {
    rusqlite::Connection::open(path).expect("raw open")
}

#[test]
fn a_new_file_and_its_folder_are_created_at_the_latest_schema_in_wal_mode() {
    let dir = folder("new");
    let path = dir.join("deeper").join("history.sqlite");
    let history = History::open(&path).expect("open");
    assert_eq!(history.game_count().ok(), Some(0));
    assert_eq!(history.puzzle_attempt_count().ok(), Some(0));
    assert_eq!(history.check_integrity().ok(), Some(Integrity::Ok));
    drop(history);
    let connection = raw(&path);
    let version: i64 = connection
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .expect("version");
    assert_eq!(version, SCHEMA_VERSION);
    let mode: String = connection
        .pragma_query_value(None, "journal_mode", |row| row.get(0))
        .expect("journal mode");
    assert_eq!(mode, "wal", "WAL is kept in the file");
}

#[test]
fn an_empty_file_is_migrated_and_reopening_keeps_what_was_stored() {
    let dir = folder("empty");
    let path = dir.join("history.sqlite");
    fs::write(&path, b"").expect("an empty file");
    let history = History::open(&path).expect("open an empty file");
    assert_eq!(add(&history, "g1", 1000.0, 1).ok(), Some(Stored::Added));
    drop(history);
    let history = History::open(&path).expect("open again");
    assert_eq!(history.game_count().ok(), Some(1));
    assert_eq!(history.game_body::<Body>("g1").ok(), Some(Some(body(1))));
}

#[test]
fn a_file_from_a_newer_schema_is_refused_and_left_untouched() {
    let dir = folder("newer");
    let path = dir.join("history.sqlite");
    {
        let connection = raw(&path);
        connection
            .execute_batch("CREATE TABLE games (future TEXT); PRAGMA user_version = 99;")
            .expect("a file from the future");
    }
    let before = fs::read(&path).expect("read");
    let error = History::open(&path).expect_err("refused");
    assert!(
        matches!(
            error,
            HistoryError::NewerSchema {
                found: 99,
                supported: SCHEMA_VERSION
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("newer"), "{error}");
    assert!(
        !error.is_damaged_file(),
        "a newer file is not to be set aside"
    );
    assert_eq!(
        fs::read(&path).expect("read"),
        before,
        "not one byte changed"
    );
    assert!(
        !dir.join("history.sqlite-wal").exists(),
        "no WAL was started"
    );
}

#[test]
fn a_file_with_a_negative_schema_version_is_refused_and_left_untouched() {
    let dir = folder("negative");
    let path = dir.join("history.sqlite");
    raw(&path)
        .execute_batch("PRAGMA user_version = -3;")
        .expect("a file no build writes");
    let before = fs::read(&path).expect("read");
    let error = History::open(&path).expect_err("refused");
    assert!(
        matches!(error, HistoryError::UnknownSchema { found: -3 }),
        "{error:?}"
    );
    assert_eq!(fs::read(&path).expect("read"), before);
}

#[test]
fn a_second_connection_reads_while_the_first_writes() {
    let dir = folder("two");
    let path = dir.join("history.sqlite");
    let writer = History::open(&path).expect("open");
    let reader = History::open(&path).expect("open a second time");
    for n in 0..20 {
        add(&writer, &format!("g{n}"), f64::from(n), n).expect("store");
        assert_eq!(reader.game_count().ok(), Some(u64::from(n) + 1));
    }
    assert_eq!(
        add(&reader, "g5", 5.0, 5).ok(),
        Some(Stored::AlreadyThere),
        "the second connection sees the first one's game"
    );
}

#[test]
fn a_file_that_is_not_a_database_gives_an_error_and_can_be_set_aside() {
    let dir = folder("garbage");
    let path = dir.join("history.sqlite");
    let garbage = b"{\"this\": \"is the old JSON save, not SQLite\"}".repeat(200);
    fs::write(&path, &garbage).expect("write");
    let error = History::open(&path).expect_err("not a database");
    assert!(
        matches!(error, HistoryError::NotADatabase { .. }),
        "{error:?}"
    );
    assert!(error.is_damaged_file());
    assert_eq!(fs::read(&path).expect("read"), garbage, "left untouched");
    let moved = set_aside(&path).expect("set aside");
    assert_eq!(moved.len(), 1);
    assert_eq!(
        fs::read(&moved[0]).expect("read"),
        garbage,
        "kept, not deleted"
    );
    let history = History::open(&path).expect("a new file in its place");
    assert_eq!(history.game_count().ok(), Some(0));
}

#[test]
fn setting_aside_moves_the_wal_too_and_never_overwrites_an_earlier_one() {
    let dir = folder("aside");
    let path = dir.join("history.sqlite");
    let mut first = Vec::new();
    for round in 0..2 {
        fs::write(&path, b"damaged").expect("write");
        fs::write(dir.join("history.sqlite-wal"), b"wal").expect("write");
        let moved = set_aside(&path).expect("set aside");
        assert_eq!(moved.len(), 2, "{moved:?}");
        assert!(moved.iter().all(|p| p.exists()));
        assert!(!path.exists() && !dir.join("history.sqlite-wal").exists());
        if round == 0 {
            first = moved;
        } else {
            assert!(
                moved.iter().all(|p| !first.contains(p)),
                "{moved:?} {first:?}"
            );
        }
    }
}

#[test]
fn storing_the_same_game_again_is_idempotent() {
    let history = History::open_in_memory().expect("open");
    assert_eq!(add(&history, "g1", 1000.0, 7).ok(), Some(Stored::Added));
    assert_eq!(
        add(&history, "g1", 1000.0, 7).ok(),
        Some(Stored::AlreadyThere)
    );
    assert_eq!(history.game_count().ok(), Some(1));
    assert_eq!(history.has_game("g1").ok(), Some(true));
    assert_eq!(history.has_game("g2").ok(), Some(false));
}

#[test]
fn a_different_body_under_a_stored_id_is_refused_and_the_stored_game_kept() {
    let history = History::open_in_memory().expect("open");
    add(&history, "g1", 1000.0, 7).expect("store");
    let error = add(&history, "g1", 1000.0, 8).expect_err("a different game");
    assert!(
        matches!(&error, HistoryError::GameConflict { id } if id == "g1"),
        "{error:?}"
    );
    assert_eq!(history.game_body::<Body>("g1").ok(), Some(Some(body(7))));
    assert_eq!(history.game_count().ok(), Some(1));
}

#[test]
fn storing_many_games_is_all_or_nothing() {
    let history = History::open_in_memory().expect("open");
    add(&history, "g2", 2000.0, 2).expect("store");
    let (s, b) = (summary(1), body(1));
    let other = body(99);
    let batch = [
        FinishedGame {
            id: "g1",
            created_at: 0.0,
            ended_at: 1000.0,
            plies: 1,
            summary: &s,
            body: &b,
        },
        FinishedGame {
            id: "g2",
            created_at: 0.0,
            ended_at: 2000.0,
            plies: 2,
            summary: &s,
            body: &other,
        },
    ];
    assert!(history.add_games(batch).is_err(), "g2 conflicts");
    assert_eq!(history.has_game("g1").ok(), Some(false), "rolled back");
    assert_eq!(history.add_games([batch[0]]).ok(), Some(1));
    assert_eq!(history.add_games([batch[0]]).ok(), Some(0));
}

#[test]
fn a_time_that_sqlite_cannot_keep_is_refused() {
    let history = History::open_in_memory().expect("open");
    let error = add(&history, "g1", f64::NAN, 1).expect_err("NaN");
    assert!(matches!(error, HistoryError::NotFinite { .. }), "{error:?}");
    assert!(history
        .add_puzzle_attempt("p1", f64::INFINITY, &body(1))
        .is_err());
}

#[test]
fn games_are_listed_newest_first_page_by_page() {
    let history = History::open_in_memory().expect("open");
    // Two games end at the same time: the id breaks the tie, so paging is stable.
    let ends = [5000.0, 1000.0, 3000.0, 3000.0, 4000.0, 2000.0, 6000.0];
    for (n, ended_at) in ends.iter().enumerate() {
        add(&history, &format!("g{n}"), *ended_at, n as u32).expect("store");
    }
    let mut seen = Vec::new();
    let mut before: Option<GameCursor> = None;
    let mut pages = 0;
    loop {
        let page = history
            .games_page::<Summary>(3, before.as_ref())
            .expect("a page");
        pages += 1;
        assert!(page.damaged.is_empty());
        assert!(page.games.len() <= 3);
        seen.extend(page.games.iter().map(|g| (g.id.clone(), g.ended_at)));
        match page.next {
            Some(next) => before = Some(next),
            None => break,
        }
    }
    assert_eq!(pages, 3, "7 games in pages of 3, no empty page at the end");
    let expected: Vec<(String, f64)> = [
        ("g6", 6000.0),
        ("g0", 5000.0),
        ("g4", 4000.0),
        ("g3", 3000.0),
        ("g2", 3000.0),
        ("g5", 2000.0),
        ("g1", 1000.0),
    ]
    .iter()
    .map(|(id, t)| (id.to_string(), *t))
    .collect();
    assert_eq!(seen, expected);

    let first = history.games_page::<Summary>(2, None).expect("page");
    assert_eq!(first.games[0].summary, summary(6));
    assert_eq!(first.games[0].plies, 6);
    assert_eq!(first.games[0].created_at, 6000.0 - 60_000.0);
    // A game stored after the first page was read does not shift the next one.
    add(&history, "g7", 7000.0, 7).expect("store");
    let second = history
        .games_page::<Summary>(2, first.next.as_ref())
        .expect("page");
    let ids: Vec<&str> = second.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["g4", "g3"]);
    // The cursor crosses to the UI and back as JSON.
    let json = serde_json::to_string(&first.next).expect("to JSON");
    let back: Option<GameCursor> = serde_json::from_str(&json).expect("from JSON");
    assert_eq!(back, first.next);
}

#[test]
fn rows_whose_json_does_not_read_are_reported_by_id_and_kept() {
    let dir = folder("damaged");
    let path = dir.join("history.sqlite");
    let history = History::open(&path).expect("open");
    for n in 0..5 {
        add(&history, &format!("g{n}"), 1000.0 * f64::from(n), n).expect("store");
    }
    history
        .add_puzzle_attempt("p1", 10.0, &body(1))
        .expect("store");
    history
        .add_puzzle_attempt("p1", 20.0, &body(2))
        .expect("store");
    {
        let connection = raw(&path);
        connection
            .execute_batch(
                "UPDATE games SET summary = '{\"result\": \"whi' WHERE id = 'g3';
                 UPDATE games SET summary = X'00ff' WHERE id = 'g1';
                 UPDATE games SET body = 'not json' WHERE id = 'g2';
                 UPDATE games SET plies = 'many' WHERE id = 'g0';
                 UPDATE puzzle_attempts SET body = '[' WHERE at = 10.0;",
            )
            .expect("damage some rows");
    }
    let page = history.games_page::<Summary>(50, None).expect("a page");
    let ids: Vec<&str> = page.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["g4", "g2"], "the readable summaries");
    assert_eq!(page.damaged, ["g3", "g1", "g0"]);
    assert_eq!(page.next, None);
    // A page of damaged rows still leads to the next page.
    let after_g4 = GameCursor {
        ended_at: 4000.0,
        id: "g4".into(),
    };
    let page = history
        .games_page::<Summary>(1, Some(&after_g4))
        .expect("a page");
    assert!(page.games.is_empty());
    assert_eq!(page.damaged, ["g3"]);
    let page = history
        .games_page::<Summary>(1, page.next.as_ref())
        .expect("a page");
    assert_eq!(page.games.len(), 1);
    assert_eq!(page.games[0].id, "g2");

    let error = history.game_body::<Body>("g2").expect_err("damaged body");
    assert!(
        matches!(&error, HistoryError::DamagedGame { id, .. } if id == "g2"),
        "{error:?}"
    );
    assert!(!error.is_damaged_file(), "one row, not the file");
    // A summary of another shape reads as damaged too, not as an error.
    let other_shape = history.games_page::<Vec<u8>>(50, None).expect("a page");
    assert!(other_shape.games.is_empty());
    assert_eq!(other_shape.damaged.len(), 5);

    let attempts = history.puzzle_attempts_of::<Body>("p1").expect("attempts");
    assert_eq!(attempts.attempts.len(), 1);
    assert_eq!(attempts.damaged.len(), 1);
    assert_eq!(history.game_count().ok(), Some(5), "nothing deleted");
    assert_eq!(
        history.puzzle_attempt_count().ok(),
        Some(2),
        "nothing deleted"
    );
}

#[test]
fn puzzle_attempts_are_stored_once_and_listed_both_ways() {
    let history = History::open_in_memory().expect("open");
    let mut ids = Vec::new();
    for n in 0..5u32 {
        let puzzle = if n % 2 == 0 { "p-even" } else { "p-odd" };
        let (id, stored) = history
            .add_puzzle_attempt(puzzle, 100.0 * f64::from(n), &body(n))
            .expect("store");
        assert_eq!(stored, Stored::Added);
        ids.push(id);
    }
    // The same attempt again (a retry after a crash) is stored once, and keeps its id.
    assert_eq!(
        history.add_puzzle_attempt("p-even", 200.0, &body(2)).ok(),
        Some((ids[2], Stored::AlreadyThere))
    );
    let error = history
        .add_puzzle_attempt("p-even", 200.0, &body(3))
        .expect_err("another attempt at the same time");
    assert!(
        matches!(error, HistoryError::AttemptConflict { .. }),
        "{error:?}"
    );
    assert_eq!(history.puzzle_attempt_count().ok(), Some(5));

    let even = history
        .puzzle_attempts_of::<Body>("p-even")
        .expect("attempts");
    let times: Vec<f64> = even.attempts.iter().map(|a| a.at).collect();
    assert_eq!(times, [0.0, 200.0, 400.0], "oldest first");
    assert_eq!(even.attempts[1].body, body(2));
    assert_eq!(even.next, None);

    let first = history.puzzle_attempts_page::<Body>(3, None).expect("page");
    let listed: Vec<i64> = first.attempts.iter().map(|a| a.id).collect();
    assert_eq!(listed, [ids[4], ids[3], ids[2]], "newest first");
    let second = history
        .puzzle_attempts_page::<Body>(3, first.next)
        .expect("page");
    let listed: Vec<i64> = second.attempts.iter().map(|a| a.id).collect();
    assert_eq!(listed, [ids[1], ids[0]]);
    assert_eq!(second.next, None);
}

#[test]
fn a_damaged_page_in_the_file_is_an_error_not_a_panic() {
    let dir = folder("corrupt");
    let path = dir.join("history.sqlite");
    {
        let history = History::open(&path).expect("open");
        let record = "e2e5 ".repeat(200);
        let batch: Vec<(String, Summary, Body)> = (0..300)
            .map(|n| {
                (
                    format!("g{n}"),
                    summary(n),
                    Body {
                        record: record.clone(),
                    },
                )
            })
            .collect();
        history
            .add_games(
                batch
                    .iter()
                    .enumerate()
                    .map(|(n, (id, s, b))| FinishedGame {
                        id,
                        created_at: 0.0,
                        ended_at: n as f64,
                        plies: 80,
                        summary: s,
                        body: b,
                    }),
            )
            .expect("store");
    } // closing checkpoints the WAL into the file
    let mut bytes = fs::read(&path).expect("read");
    assert!(bytes.len() > 40 * 4096, "{} bytes", bytes.len());
    // Scribble over pages in the middle, leaving the header whole.
    for byte in &mut bytes[8 * 4096..30 * 4096] {
        *byte = 0xA5;
    }
    fs::write(&path, &bytes).expect("write");
    let outcome = History::open(&path).and_then(|history| {
        let integrity = history.check_integrity()?;
        let listed = (0..10).try_fold(None::<GameCursor>, |before, _| {
            Ok::<_, HistoryError>(history.games_page::<Summary>(50, before.as_ref())?.next)
        });
        Ok((integrity, listed.err(), history.game_count().err()))
    });
    match outcome {
        Ok((Integrity::Damaged(problems), _, _)) => assert!(!problems.is_empty()),
        Ok((Integrity::Ok, listed, count)) => {
            panic!("the damage went unseen (listing: {listed:?}, count: {count:?})")
        }
        Err(error) => assert!(error.is_damaged_file(), "{error:?}"),
    }
}
