//! What can go wrong with the history database, in words a developer can act on.

use std::io;
use std::path::PathBuf;

/// An error from the history store. The messages are for developers and logs; the app turns
/// them into codes for the player (see [`HistoryError::is_damaged_file`]).
#[derive(Debug, thiserror::Error)]
pub enum HistoryError {
    #[error("could not create the folder {path} for the history database: {source}")]
    CreateFolder {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("could not open the history database {path}: {source}")]
    Open {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    /// The file exists but SQLite does not recognise it (not a database, or its first page is
    /// destroyed). Nothing was written to it.
    #[error("{path} is not an SQLite database (its header does not read); it was left untouched")]
    NotADatabase { path: PathBuf },
    /// SQLite found damaged pages while doing `what`.
    #[error("the history database is damaged (SQLite reported corruption while {what}): {source}")]
    Corrupt {
        what: &'static str,
        #[source]
        source: rusqlite::Error,
    },
    /// The file was written by a newer version of the app. It was read, never written.
    #[error(
        "the history database has schema version {found}, newer than version {supported} that \
         this build knows; it was left untouched"
    )]
    NewerSchema { found: i64, supported: i64 },
    /// The file's schema version is negative: no build of the app writes that.
    #[error("the history database has schema version {found}, which no version of the app writes; it was left untouched")]
    UnknownSchema { found: i64 },
    /// SQLite refused to switch to the WAL journal (it answers with the mode it kept).
    #[error(
        "the history database could not use the WAL journal; SQLite kept journal mode {mode:?}"
    )]
    NoWal { mode: String },
    /// `add_game` with an id that is already stored with a different body.
    #[error("a different game is already stored under the id {id:?}")]
    GameConflict { id: String },
    /// `add_puzzle_attempt` with a puzzle and time already stored with a different body.
    #[error("a different attempt at puzzle {puzzle_id:?} is already stored for the time {at}")]
    AttemptConflict { puzzle_id: String, at: f64 },
    /// A stored game whose body does not read as the type asked for (damaged, or written by
    /// an incompatible version). The row is kept.
    #[error("the stored game {id:?} has a body that does not read: {source}")]
    DamagedGame {
        id: String,
        #[source]
        source: serde_json::Error,
    },
    /// `save_analysis` for a game that is not stored.
    #[error("no game is stored under the id {id:?} to keep an analysis of")]
    NoSuchGame { id: String },
    /// A stored analysis whose body does not read as the type asked for. The row is kept.
    #[error("the stored analysis of game {id:?} does not read: {source}")]
    DamagedAnalysis {
        id: String,
        #[source]
        source: serde_json::Error,
    },
    /// A summary or body could not be turned into JSON (for example a map with non-string keys).
    #[error("could not encode the {what} as JSON: {source}")]
    Encode {
        what: &'static str,
        #[source]
        source: serde_json::Error,
    },
    /// A time or count that SQLite cannot keep as given (NaN and infinities become NULL in SQLite).
    #[error("{field} must be a finite number, not {value}")]
    NotFinite { field: &'static str, value: f64 },
    #[error("could not move the damaged file {from} aside to {to}: {source}")]
    SetAside {
        from: PathBuf,
        to: PathBuf,
        #[source]
        source: io::Error,
    },
    /// Any other failure of SQLite (disk full, read-only folder, a lock held too long...).
    #[error("SQLite failed while {what}: {source}")]
    Sqlite {
        what: &'static str,
        #[source]
        source: rusqlite::Error,
    },
}

impl HistoryError {
    /// Whether the file itself is damaged, so that the app should move it aside
    /// ([`crate::set_aside`]) and start a new one, telling the player.
    pub fn is_damaged_file(&self) -> bool {
        matches!(
            self,
            HistoryError::NotADatabase { .. } | HistoryError::Corrupt { .. }
        )
    }

    /// Wraps an SQLite error met while doing `what`, telling corruption apart.
    pub(crate) fn sqlite(what: &'static str) -> impl FnOnce(rusqlite::Error) -> HistoryError {
        move |source| match source.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase) => {
                HistoryError::Corrupt { what, source }
            }
            _ => HistoryError::Sqlite { what, source },
        }
    }
}
