//! Analyses kept with their games.

use serde::{Deserialize, Serialize};
use ultima_history::{FinishedGame, History, HistoryError, SCHEMA_VERSION};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Body {
    record: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Analysis {
    win_chances: Vec<f64>,
}

fn add_game(history: &History, id: &str) {
    history
        .add_game(&FinishedGame {
            id,
            created_at: 1.0,
            ended_at: 2.0,
            plies: 2,
            summary: &"summary",
            body: &Body {
                record: "moves e2e5 e7e4".into(),
            },
        })
        .expect("game stored");
}

#[test]
fn an_analysis_is_kept_with_its_game_and_a_newer_one_replaces_it() {
    let history = History::open_in_memory().unwrap();
    add_game(&history, "g1");
    assert_eq!(history.analysis::<Analysis>("g1").unwrap(), None);
    let first = Analysis {
        win_chances: vec![0.0, 0.1, -0.2],
    };
    history.save_analysis("g1", 1000, 5.0, &first).unwrap();
    let stored = history.analysis::<Analysis>("g1").unwrap().unwrap();
    assert_eq!(
        (stored.game_id.as_str(), stored.nodes, stored.analysed_at),
        ("g1", 1000, 5.0)
    );
    assert_eq!(stored.body, first);
    let deeper = Analysis {
        win_chances: vec![0.0, 0.05, -0.3],
    };
    history.save_analysis("g1", 100_000, 6.0, &deeper).unwrap();
    let stored = history.analysis::<Analysis>("g1").unwrap().unwrap();
    assert_eq!((stored.nodes, stored.body), (100_000, deeper));
}

#[test]
fn an_analysis_of_a_game_not_stored_is_refused() {
    let history = History::open_in_memory().unwrap();
    let analysis = Analysis {
        win_chances: vec![],
    };
    let refused = history.save_analysis("nowhere", 10, 1.0, &analysis);
    assert!(
        matches!(&refused, Err(HistoryError::NoSuchGame { id }) if id == "nowhere"),
        "{refused:?}"
    );
    assert_eq!(history.analysis::<Analysis>("nowhere").unwrap(), None);
}

#[test]
fn an_analysis_that_does_not_read_is_an_error_naming_the_game() {
    let history = History::open_in_memory().unwrap();
    add_game(&history, "g2");
    history
        .save_analysis("g2", 10, 1.0, &"not an analysis")
        .unwrap();
    let read = history.analysis::<Analysis>("g2");
    assert!(
        matches!(&read, Err(HistoryError::DamagedAnalysis { id, .. }) if id == "g2"),
        "{read:?}"
    );
}

#[test]
fn a_file_of_the_first_schema_gains_the_analyses_table() {
    let dir = std::env::temp_dir().join(format!("ultima-history-analyses-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("history.sqlite3");
    {
        // Version 1 as the app wrote it before analyses.
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY NOT NULL, created_at REAL NOT NULL,
                 ended_at REAL NOT NULL, plies INTEGER NOT NULL, summary TEXT NOT NULL,
                 body TEXT NOT NULL);
             CREATE INDEX games_newest_first ON games (ended_at DESC, id DESC);
             CREATE TABLE puzzle_attempts (id INTEGER PRIMARY KEY, puzzle_id TEXT NOT NULL,
                 at REAL NOT NULL, body TEXT NOT NULL, UNIQUE (puzzle_id, at));
             INSERT INTO games VALUES ('old', 1, 2, 0, '\"s\"', '{\"record\":\"\"}');
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let history = History::open(&path).unwrap();
    assert_eq!(SCHEMA_VERSION, 2);
    assert!(history.has_game("old").unwrap());
    let analysis = Analysis {
        win_chances: vec![0.0],
    };
    history.save_analysis("old", 10, 3.0, &analysis).unwrap();
    drop(history);
    let history = History::open(&path).unwrap();
    assert_eq!(
        history.analysis::<Analysis>("old").unwrap().map(|a| a.body),
        Some(analysis)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
