//! The player's history — finished games, puzzle attempts, and later analyses — in one SQLite
//! file. It grows without bound, so nothing here reads or rewrites it whole: a game is saved
//! with one small transaction, and the home list reads one page of an index.
//!
//! Rows hold a few columns to sort and page by, and the rest as JSON of the caller's serde
//! types (a small `summary` to list, a `body` to rebuild the game), so the app decides what it
//! stores without this crate knowing its types. A row whose JSON no longer reads is reported by
//! its id and kept, never deleted.
//!
//! Times are milliseconds since 1970 as `f64`, as JavaScript and the app count them.
//!
//! [`History`] holds one SQLite connection: it is `Send` but not `Sync`, so the app keeps it
//! behind a mutex and calls it off the main thread (a save waits for the disk).

mod analyses;
mod error;
mod games;
mod puzzles;
mod schema;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::types::ValueRef;
use rusqlite::{Connection, ErrorCode};

pub use analyses::StoredAnalysis;
pub use error::HistoryError;
pub use games::{FinishedGame, GameCursor, GamesPage, ListedGame};
pub use puzzles::{AttemptsPage, PuzzleAttempt};
pub use schema::SCHEMA_VERSION;

/// How long a statement waits for another connection's lock before failing with "busy".
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The history database. See the crate's documentation.
#[derive(Debug)]
pub struct History {
    connection: Connection,
}

/// What an insert did: the app may save again what it saved before a crash, so storing the
/// same row twice is not an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// The row is new.
    Added,
    /// The same row was already there; nothing changed.
    AlreadyThere,
}

/// What [`History::check_integrity`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Integrity {
    Ok,
    /// SQLite's own words for each problem found (at most 100).
    Damaged(Vec<String>),
}

impl History {
    /// Opens the history file at `path`, creating it (and its folder) if there is none, and
    /// brings its schema up to date.
    ///
    /// The connection is set up as follows:
    /// - `journal_mode = WAL`: a commit appends to the `-wal` file beside the database and
    ///   never rewrites pages in place, so a process killed at any moment leaves the database
    ///   readable, with every transaction either whole or absent; readers do not block the
    ///   writer.
    /// - `synchronous = FULL`: each commit waits until the WAL is flushed to the disk. With WAL,
    ///   `NORMAL` would already keep every committed row through a `kill -9` (the appended WAL
    ///   is in the operating system's hands once the write returns, and is replayed on the
    ///   next open); `FULL` keeps it through a power cut or a system crash too, which on a
    ///   phone is not rare. It costs one flush per commit, and the app commits once per
    ///   finished game or puzzle attempt. With 10,000 games stored, on a 2-core machine, a
    ///   save took 0.2 ms (median; 1.2 ms at worst) when the disk was idle, and 0.4-1.3 ms
    ///   (14 ms at worst) while builds competed for the disk (`cargo bench -p ultima-history`).
    /// - `busy_timeout` of 5 s, so that a second connection (another window, a tool) waits
    ///   for the lock instead of failing at once.
    /// - `foreign_keys = ON`, for tables to come that refer to games.
    ///
    /// A file whose schema is newer than [`SCHEMA_VERSION`] is refused with
    /// [`HistoryError::NewerSchema`] before anything is written to it. A file that is not a
    /// database gives [`HistoryError::NotADatabase`]; the app may then [`set_aside`] it.
    pub fn open(path: impl AsRef<Path>) -> Result<History, HistoryError> {
        let path = path.as_ref();
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(folder).map_err(|source| HistoryError::CreateFolder {
                path: folder.to_path_buf(),
                source,
            })?;
        }
        let connection = Connection::open(path).map_err(|source| HistoryError::Open {
            path: path.to_path_buf(),
            source,
        })?;
        Self::set_up(connection, Some(path))
    }

    /// A history in memory, gone when dropped: for tests, and for an app that could not open
    /// its file and must still run.
    pub fn open_in_memory() -> Result<History, HistoryError> {
        let connection = Connection::open_in_memory()
            .map_err(HistoryError::sqlite("opening a database in memory"))?;
        Self::set_up(connection, None)
    }

    fn set_up(mut connection: Connection, path: Option<&Path>) -> Result<History, HistoryError> {
        connection
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(HistoryError::sqlite("setting the busy timeout"))?;
        // The first read of the file: it finds a file that is not a database, and a newer
        // schema, before the journal mode below writes to the header.
        let found = schema::version(&connection).map_err(|error| match (&error, path) {
            (HistoryError::Corrupt { source, .. }, Some(path))
                if source.sqlite_error_code() == Some(ErrorCode::NotADatabase) =>
            {
                HistoryError::NotADatabase {
                    path: path.to_path_buf(),
                }
            }
            _ => error,
        })?;
        schema::refuse_newer(found)?;
        let mode: String = connection
            .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))
            .map_err(HistoryError::sqlite("switching to the WAL journal"))?;
        let expected = if path.is_some() { "wal" } else { "memory" };
        if !mode.eq_ignore_ascii_case(expected) {
            return Err(HistoryError::NoWal { mode });
        }
        connection
            .pragma_update(None, "synchronous", "FULL")
            .map_err(HistoryError::sqlite("setting synchronous = FULL"))?;
        connection
            .pragma_update(None, "foreign_keys", true)
            .map_err(HistoryError::sqlite("enabling foreign keys"))?;
        schema::migrate(&mut connection)?;
        Ok(History { connection })
    }

    /// Runs SQLite's `PRAGMA quick_check` (every page and record read, indexes not compared
    /// with their tables). It reads the whole file, so the app runs it in the background, not
    /// before showing the home screen.
    pub fn check_integrity(&self) -> Result<Integrity, HistoryError> {
        let mut statement = self
            .connection
            .prepare("PRAGMA quick_check(100)")
            .map_err(HistoryError::sqlite("checking integrity"))?;
        let lines = statement
            .query_map([], |row| row.get::<_, String>(0))
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(HistoryError::sqlite("checking integrity"))?;
        if lines.len() == 1 && lines[0] == "ok" {
            Ok(Integrity::Ok)
        } else {
            Ok(Integrity::Damaged(lines))
        }
    }
}

/// Moves a damaged history file aside, with its `-wal` and `-shm` companions, to the first free
/// name `<file>.damaged-N` (companions keep their suffix, so the set still opens together for
/// a rescue). Nothing is deleted. Call it only while no [`History`] has the file open. Returns
/// where the files went.
///
/// Moving the companions matters: a `-wal` file left behind could be replayed into the new
/// database created under the old name.
pub fn set_aside(path: impl AsRef<Path>) -> Result<Vec<PathBuf>, HistoryError> {
    let path = path.as_ref();
    let companions = ["", "-wal", "-shm"];
    let with_suffix = |base: &Path, suffix: &str| {
        let mut name = base.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name)
    };
    let aside = (1u32..)
        .map(|n| with_suffix(path, &format!(".damaged-{n}")))
        .find(|candidate| {
            companions
                .iter()
                .all(|suffix| !with_suffix(candidate, suffix).exists())
        })
        .unwrap_or_else(|| with_suffix(path, ".damaged"));
    let mut moved = Vec::new();
    for suffix in companions {
        let from = with_suffix(path, suffix);
        if !from.exists() {
            continue;
        }
        let to = with_suffix(&aside, suffix);
        fs::rename(&from, &to).map_err(|source| HistoryError::SetAside {
            from: from.clone(),
            to: to.clone(),
            source,
        })?;
        moved.push(to);
    }
    Ok(moved)
}

/// A stored text, whatever SQLite holds: damage can change a column's type.
fn text_of(value: ValueRef<'_>) -> String {
    match value {
        ValueRef::Text(bytes) | ValueRef::Blob(bytes) => {
            String::from_utf8_lossy(bytes).into_owned()
        }
        ValueRef::Integer(n) => n.to_string(),
        ValueRef::Real(x) => x.to_string(),
        ValueRef::Null => String::new(),
    }
}

/// A stored number, if the column holds one.
fn number_of(value: ValueRef<'_>) -> Option<f64> {
    match value {
        ValueRef::Real(x) => Some(x),
        ValueRef::Integer(n) => Some(n as f64),
        _ => None,
    }
}

/// A stored JSON text read as `T`, or `None` if it is not text or does not read.
fn json_of<T: serde::de::DeserializeOwned>(value: ValueRef<'_>) -> Option<T> {
    match value {
        ValueRef::Text(bytes) => serde_json::from_slice(bytes).ok(),
        _ => None,
    }
}

fn check_finite(field: &'static str, value: f64) -> Result<(), HistoryError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(HistoryError::NotFinite { field, value })
    }
}

#[cfg(test)]
mod tests;
