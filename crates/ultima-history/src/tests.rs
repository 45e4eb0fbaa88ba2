//! What needs the connection itself: how SQLite plans the listings.

use super::*;

/// SQLite's plan for `sql`, one line per step.
fn plan(history: &History, sql: &str) -> Vec<String> {
    let mut statement = history
        .connection
        .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
        .expect("the query prepares");
    let parameters = statement.parameter_count();
    let values: Vec<f64> = vec![1.0; parameters];
    statement
        .query_map(rusqlite::params_from_iter(values), |row| {
            row.get::<_, String>(3)
        })
        .expect("the plan")
        .collect::<Result<_, _>>()
        .expect("the plan's lines")
}

/// Durability and waiting, as `History::open` documents them (per connection, so only seen
/// from inside).
#[test]
fn a_file_is_opened_in_wal_mode_with_full_sync_a_busy_timeout_and_foreign_keys() {
    let dir = std::env::temp_dir().join(format!("ultima-history-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let history = History::open(dir.join("history.sqlite")).expect("open");
    let pragma = |name: &str| -> String {
        history
            .connection
            .pragma_query_value(None, name, |row| row.get::<_, rusqlite::types::Value>(0))
            .map(|value| match value {
                rusqlite::types::Value::Integer(n) => n.to_string(),
                rusqlite::types::Value::Text(text) => text,
                other => format!("{other:?}"),
            })
            .expect("a pragma")
    };
    assert_eq!(pragma("journal_mode"), "wal");
    assert_eq!(pragma("synchronous"), "2", "FULL");
    assert_eq!(pragma("busy_timeout"), "5000");
    assert_eq!(pragma("foreign_keys"), "1");
    drop(history);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The home list must read one page of the index, never all the games (nor sort them).
#[test]
fn listing_games_walks_the_index_without_sorting() {
    let history = History::open_in_memory().expect("open");
    for sql in [games::FIRST_PAGE, games::NEXT_PAGE] {
        let steps = plan(&history, sql);
        assert!(
            steps.iter().any(|s| s.contains("games_newest_first")),
            "{sql}: {steps:?}"
        );
        assert!(
            !steps.iter().any(|s| s.contains("TEMP B-TREE")),
            "{sql} sorts: {steps:?}"
        );
    }
    let steps = plan(&history, games::NEXT_PAGE);
    assert!(
        steps.iter().any(|s| s.contains("SEARCH")),
        "the next page starts at the cursor, it does not scan up to it: {steps:?}"
    );
}

#[test]
fn listing_attempts_walks_the_rowid_backwards() {
    let history = History::open_in_memory().expect("open");
    let steps = plan(&history, puzzles::ATTEMPTS_PAGE);
    assert!(steps.iter().any(|s| s.contains("SEARCH")), "{steps:?}");
    assert!(
        !steps.iter().any(|s| s.contains("TEMP B-TREE")),
        "{steps:?}"
    );
    let steps = plan(&history, puzzles::ATTEMPTS_OF);
    assert!(steps.iter().any(|s| s.contains("INDEX")), "{steps:?}");
    assert!(
        !steps.iter().any(|s| s.contains("TEMP B-TREE")),
        "{steps:?}"
    );
}
