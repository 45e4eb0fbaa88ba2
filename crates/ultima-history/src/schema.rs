//! The database's schema and its migrations, numbered by `PRAGMA user_version`.
//!
//! Version `n` is reached by running `MIGRATIONS[n - 1]` on version `n - 1`; a new file is
//! version 0. A migration is only ever appended: once released, a step is never edited, since
//! files out there went through it.

use rusqlite::{Connection, TransactionBehavior};

use crate::HistoryError;

const MIGRATIONS: &[&str] = &[
    // 1: finished games and puzzle attempts.
    //
    // Games are listed newest first by (ended_at, id), so the home list reads one page of the
    // index and never the whole table. Their result and length live in `summary` and `plies`,
    // so nothing is replayed to list them.
    //
    // An attempt is identified by its puzzle and its time (milliseconds): the app retrying a
    // save after a crash stores it once.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY NOT NULL,
        created_at REAL NOT NULL,
        ended_at REAL NOT NULL,
        plies INTEGER NOT NULL,
        summary TEXT NOT NULL,
        body TEXT NOT NULL
    );
    CREATE INDEX games_newest_first ON games (ended_at DESC, id DESC);
    CREATE TABLE puzzle_attempts (
        id INTEGER PRIMARY KEY,
        puzzle_id TEXT NOT NULL,
        at REAL NOT NULL,
        body TEXT NOT NULL,
        UNIQUE (puzzle_id, at)
    );",
    // 2: a game's analysis, at most one per game (a new one replaces it), gone with its game.
    // `nodes` is the search's limit per position, so the app can tell a quick one from a deeper.
    "CREATE TABLE analyses (
        game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        nodes INTEGER NOT NULL,
        analysed_at REAL NOT NULL,
        body TEXT NOT NULL
    );",
];

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The file's schema version. Reading it is what first touches the file, so a file that is not
/// a database is found here.
pub(crate) fn version(connection: &Connection) -> Result<i64, HistoryError> {
    connection
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(HistoryError::sqlite("reading the schema version"))
}

/// Refuses a file from a newer build (or with a version no build writes) before anything is
/// written to it.
pub(crate) fn refuse_newer(found: i64) -> Result<(), HistoryError> {
    if found < 0 {
        return Err(HistoryError::UnknownSchema { found });
    }
    if found > SCHEMA_VERSION {
        return Err(HistoryError::NewerSchema {
            found,
            supported: SCHEMA_VERSION,
        });
    }
    Ok(())
}

/// Brings the file to [`SCHEMA_VERSION`], all steps in one transaction: a migration cut short
/// leaves the file as it was.
pub(crate) fn migrate(connection: &mut Connection) -> Result<(), HistoryError> {
    let transaction = connection
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(HistoryError::sqlite("starting the schema migration"))?;
    // Read again under the write lock: another process may have migrated meanwhile.
    let found = version(&transaction)?;
    refuse_newer(found)?;
    if found == SCHEMA_VERSION {
        return Ok(());
    }
    let first = usize::try_from(found).unwrap_or(MIGRATIONS.len());
    for step in &MIGRATIONS[first..] {
        transaction
            .execute_batch(step)
            .map_err(HistoryError::sqlite("migrating the schema"))?;
    }
    transaction
        .pragma_update(None, "user_version", SCHEMA_VERSION)
        .map_err(HistoryError::sqlite("recording the schema version"))?;
    transaction
        .commit()
        .map_err(HistoryError::sqlite("committing the schema migration"))
}
