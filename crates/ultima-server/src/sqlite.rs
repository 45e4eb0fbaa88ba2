//! The games in SQLite, one file (or memory, for tests and a server that keeps nothing).
//!
//! WAL journal with `synchronous = FULL`: a write is on disk when its transaction commits, so
//! once the hub is told a game is stored it survives a `kill -9` (and a power cut). One thread
//! owns the connection and commits in groups: every write waiting when a transaction starts
//! goes in it, so a thousand games moving at once cost a handful of disk syncs, not a thousand,
//! and nobody is told "stored" before the commit that holds their write.

use std::path::Path;
use std::sync::mpsc;
use std::thread;

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::oneshot;

use crate::error::StoreError;

fn sqlite(doing: &'static str) -> impl Fn(rusqlite::Error) -> StoreError {
    move |error| StoreError::Sqlite {
        doing,
        reason: error.to_string(),
    }
}

/// One game's row.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    pub id: String,
    /// The invite's compact letters while it waits for the friend.
    pub invite: Option<String>,
    pub finished: bool,
    pub updated_at: f64,
    /// The rules' record (`start ...`, `moves ...`, `end ...`), also inside `doc`: kept apart so
    /// a finished game can be read without the server.
    pub record: String,
    /// The outcome's JSON, once finished.
    pub result: Option<String>,
    pub doc: String,
}

/// A game that expired (see `LiveGame::expiry`): its row goes, its id and invite are kept a
/// while to say so.
#[derive(Clone, Debug)]
pub(crate) struct Removal {
    pub id: String,
    /// The invite's compact letters, if it still waited.
    pub invite: Option<String>,
    pub at: f64,
}

/// What is asked of the expired games' list.
#[derive(Clone, Debug)]
pub(crate) enum Expired {
    Game(String),
    Invite(String),
}

enum Job {
    Put(Row, oneshot::Sender<Result<(), StoreError>>),
    Load(String, oneshot::Sender<Result<Option<String>, StoreError>>),
    Remove(Removal, oneshot::Sender<Result<(), StoreError>>),
    IsExpired(Expired, oneshot::Sender<Result<bool, StoreError>>),
    /// Forgets the expired games removed before this time.
    Forget(f64, oneshot::Sender<Result<(), StoreError>>),
    Prune(Prune, oneshot::Sender<Result<Vec<String>, StoreError>>),
}

/// Finished games to delete: those last changed before `before`, noted as expired at `at` (so
/// that their players are told the game is gone).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prune {
    pub before: f64,
    pub at: f64,
}

/// The most finished games one sweep deletes (the next sweep goes on).
const PRUNE_AT_ONCE: u32 = 10_000;

/// The writer thread's mailbox.
#[derive(Clone)]
pub(crate) struct Sqlite {
    jobs: mpsc::Sender<Job>,
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY NOT NULL,
    invite TEXT UNIQUE,
    finished INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    record TEXT NOT NULL,
    result TEXT,
    doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_open ON games (finished) WHERE finished = 0;
CREATE INDEX IF NOT EXISTS games_finished ON games (updated_at) WHERE finished = 1;
CREATE TABLE IF NOT EXISTS expired (
    id TEXT PRIMARY KEY NOT NULL,
    invite TEXT UNIQUE,
    at REAL NOT NULL
);";

/// The most writes one transaction takes.
const GROUP: usize = 512;

impl Sqlite {
    /// Opens (or creates) the file, or a database in memory; returns the store and the
    /// documents of every game that is not finished (to go on with).
    pub(crate) fn open(path: Option<&Path>) -> Result<(Sqlite, Vec<String>), StoreError> {
        Sqlite::open_unnamed(path).map_err(|error| match (error, path) {
            (StoreError::Sqlite { doing, reason }, Some(path)) => StoreError::Open {
                path: path.to_path_buf(),
                reason: format!("{doing}: {reason}"),
            },
            (error, _) => error,
        })
    }

    fn open_unnamed(path: Option<&Path>) -> Result<(Sqlite, Vec<String>), StoreError> {
        let connection = match path {
            Some(path) => Connection::open(path).map_err(|error| StoreError::Open {
                path: path.to_path_buf(),
                reason: error.to_string(),
            })?,
            None => Connection::open_in_memory().map_err(sqlite("opening a database in memory"))?,
        };
        connection
            .busy_timeout(std::time::Duration::from_secs(5))
            .map_err(sqlite("setting the busy timeout"))?;
        let mode: String = connection
            .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))
            .map_err(sqlite("switching to the WAL journal"))?;
        let expected = if path.is_some() { "wal" } else { "memory" };
        if !mode.eq_ignore_ascii_case(expected) {
            return Err(StoreError::Sqlite {
                doing: "switching to the WAL journal",
                reason: format!("the journal mode stayed {mode}"),
            });
        }
        connection
            .pragma_update(None, "synchronous", "FULL")
            .map_err(sqlite("setting synchronous = FULL"))?;
        connection
            .execute_batch(SCHEMA)
            .map_err(sqlite("creating the tables"))?;
        migrate(&connection)?;
        let open = {
            let mut statement = connection
                .prepare("SELECT doc FROM games WHERE finished = 0")
                .map_err(sqlite("reading the open games"))?;
            let rows = statement
                .query_map([], |row| row.get::<_, String>(0))
                .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
                .map_err(sqlite("reading the open games"))?;
            rows
        };
        // The writer thread holds `alive`; the checkpoints stop when it is gone.
        let alive = std::sync::Arc::new(());
        if let Some(path) = path {
            checkpoint_in_the_background(&connection, path, std::sync::Arc::downgrade(&alive))?;
        }
        let (jobs, inbox) = mpsc::channel();
        thread::Builder::new()
            .name("ultima-server-sqlite".into())
            .spawn(move || {
                run(connection, inbox);
                drop(alive);
            })
            .map_err(|error| StoreError::Sqlite {
                doing: "starting its thread",
                reason: error.to_string(),
            })?;
        Ok((Sqlite { jobs }, open))
    }

    /// Stores the row; returns once it is committed.
    pub(crate) async fn put(&self, row: Row) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job::Put(row, reply))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// A game's document, finished or not.
    pub(crate) async fn load(&self, id: &str) -> Result<Option<String>, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job::Load(id.to_string(), reply))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// Removes an expired game (never a finished one: the hub does not ask) and notes it.
    pub(crate) async fn remove(&self, removal: Removal) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job::Remove(removal, reply))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// Whether this game or invite expired (and is not yet forgotten).
    pub(crate) async fn is_expired(&self, what: Expired) -> Result<bool, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job::IsExpired(what, reply))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// Deletes the finished games last changed before `prune.before` (at most
    /// [`PRUNE_AT_ONCE`]) and notes them as expired; returns their ids.
    pub(crate) async fn prune_finished(&self, prune: Prune) -> Result<Vec<String>, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job::Prune(prune, reply))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// Forgets the games removed before `before` (their invite then answers `noSuchInvite`).
    pub(crate) async fn forget_expired(&self, before: f64) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Job::Forget(before, reply))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }
}

/// Moves the WAL's pages into the database from another connection, every half second,
/// instead of in the writer's commit every thousand pages: a checkpoint syncs the database file,
/// and no move should wait for that.
fn checkpoint_in_the_background(
    writer: &Connection,
    path: &Path,
    alive: std::sync::Weak<()>,
) -> Result<(), StoreError> {
    writer
        .pragma_update(None, "wal_autocheckpoint", 0)
        .map_err(sqlite("turning off the writer's checkpoints"))?;
    let checkpointer = Connection::open(path).map_err(|error| StoreError::Open {
        path: path.to_path_buf(),
        reason: error.to_string(),
    })?;
    thread::Builder::new()
        .name("ultima-server-checkpoint".into())
        .spawn(move || loop {
            thread::sleep(std::time::Duration::from_millis(500));
            if alive.upgrade().is_none() {
                return;
            }
            // PASSIVE: copies what it can without waiting for, or blocking, the writer.
            if checkpointer
                .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
                .is_err()
            {
                return;
            }
        })
        .map_err(|error| StoreError::Sqlite {
            doing: "starting the checkpoint thread",
            reason: error.to_string(),
        })?;
    Ok(())
}

fn put(connection: &Connection, row: &Row) -> Result<(), StoreError> {
    connection
        .prepare_cached(
            "INSERT INTO games (id, invite, finished, updated_at, record, result, doc)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (id) DO UPDATE SET invite = ?2, finished = ?3, updated_at = ?4,
                 record = ?5, result = ?6, doc = ?7",
        )
        .and_then(|mut statement| {
            statement.execute(params![
                row.id,
                row.invite,
                row.finished,
                row.updated_at,
                row.record,
                row.result,
                row.doc
            ])
        })
        .map(|_| ())
        .map_err(sqlite("storing a game"))
}

fn load(connection: &Connection, id: &str) -> Result<Option<String>, StoreError> {
    connection
        .prepare_cached("SELECT doc FROM games WHERE id = ?1")
        .and_then(|mut statement| {
            statement
                .query_row([id], |row| row.get::<_, String>(0))
                .optional()
        })
        .map_err(sqlite("reading a game"))
}

fn remove(connection: &Connection, removal: &Removal) -> Result<(), StoreError> {
    connection
        .execute_batch("BEGIN IMMEDIATE")
        .map_err(sqlite("starting a transaction"))?;
    let done = connection
        .execute(
            "DELETE FROM games WHERE id = ?1 AND finished = 0",
            [&removal.id],
        )
        .and_then(|_| {
            connection.execute(
                "INSERT OR REPLACE INTO expired (id, invite, at) VALUES (?1, ?2, ?3)",
                params![removal.id, removal.invite, removal.at],
            )
        })
        .map_err(sqlite("removing an expired game"));
    match done {
        Ok(_) => connection.execute_batch("COMMIT").map_err(|error| {
            let _ = connection.execute_batch("ROLLBACK");
            sqlite("committing")(error)
        }),
        Err(error) => {
            let _ = connection.execute_batch("ROLLBACK");
            Err(error)
        }
    }
}

fn is_expired(connection: &Connection, what: &Expired) -> Result<bool, StoreError> {
    let (sql, key) = match what {
        Expired::Game(id) => ("SELECT 1 FROM expired WHERE id = ?1", id),
        Expired::Invite(code) => ("SELECT 1 FROM expired WHERE invite = ?1", code),
    };
    connection
        .prepare_cached(sql)
        .and_then(|mut statement| statement.exists([key]))
        .map_err(sqlite("reading the expired games"))
}

fn prune_finished(connection: &Connection, prune: Prune) -> Result<Vec<String>, StoreError> {
    connection
        .execute_batch("BEGIN IMMEDIATE")
        .map_err(sqlite("starting a transaction"))?;
    let done = (|| {
        let ids = connection
            .prepare_cached("SELECT id FROM games WHERE finished = 1 AND updated_at < ?1 LIMIT ?2")?
            .query_map(params![prune.before, PRUNE_AT_ONCE], |row| {
                row.get::<_, String>(0)
            })?
            .collect::<Result<Vec<_>, _>>()?;
        for id in &ids {
            connection.execute("DELETE FROM games WHERE id = ?1", [id])?;
            connection.execute(
                "INSERT OR REPLACE INTO expired (id, invite, at) VALUES (?1, NULL, ?2)",
                params![id, prune.at],
            )?;
        }
        Ok(ids)
    })()
    .map_err(sqlite("deleting old finished games"));
    match done {
        Ok(ids) => {
            connection.execute_batch("COMMIT").map_err(|error| {
                let _ = connection.execute_batch("ROLLBACK");
                sqlite("committing")(error)
            })?;
            Ok(ids)
        }
        Err(error) => {
            let _ = connection.execute_batch("ROLLBACK");
            Err(error)
        }
    }
}

fn forget_expired(connection: &Connection, before: f64) -> Result<(), StoreError> {
    connection
        .execute("DELETE FROM expired WHERE at < ?1", [before])
        .map(|_| ())
        .map_err(sqlite("forgetting old expired games"))
}

/// `PRAGMA user_version` of a file whose stored tokens are all hashed.
const TOKENS_HASHED: i64 = 1;

/// Brings a file written by an older server up to date, once: the tokens stored as themselves
/// are replaced by their hashes (the players' tokens go on proving their seats).
fn migrate(connection: &Connection) -> Result<(), StoreError> {
    let version: i64 = connection
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .map_err(sqlite("reading the file's version"))?;
    if version >= TOKENS_HASHED {
        return Ok(());
    }
    connection
        .execute_batch("BEGIN IMMEDIATE")
        .map_err(sqlite("starting the tokens' migration"))?;
    let result = hash_tokens(connection).and_then(|()| {
        connection
            .execute_batch(&format!("PRAGMA user_version = {TOKENS_HASHED}; COMMIT"))
            .map_err(sqlite("committing the tokens' migration"))
    });
    if result.is_err() {
        let _ = connection.execute_batch("ROLLBACK");
    }
    result
}

fn hash_tokens(connection: &Connection) -> Result<(), StoreError> {
    let rows: Vec<(String, String)> = {
        let mut statement = connection
            .prepare("SELECT id, doc FROM games")
            .map_err(sqlite("reading the games to hash their tokens"))?;
        let rows = statement
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(sqlite("reading the games to hash their tokens"))?;
        rows
    };
    let mut update = connection
        .prepare("UPDATE games SET doc = ?2 WHERE id = ?1")
        .map_err(sqlite("hashing the tokens"))?;
    for (id, doc) in rows {
        if let Some(doc) = crate::game::hash_plain_tokens(&doc) {
            update
                .execute(params![id, doc])
                .map_err(sqlite("hashing the tokens"))?;
        }
    }
    Ok(())
}

/// Commits `rows` in one transaction.
fn commit(connection: &Connection, rows: &[&Row]) -> Result<(), StoreError> {
    connection
        .execute_batch("BEGIN IMMEDIATE")
        .map_err(sqlite("starting a transaction"))?;
    for row in rows {
        if let Err(error) = put(connection, row) {
            let _ = connection.execute_batch("ROLLBACK");
            return Err(error);
        }
    }
    connection.execute_batch("COMMIT").map_err(|error| {
        let _ = connection.execute_batch("ROLLBACK");
        sqlite("committing")(error)
    })
}

fn run(connection: Connection, inbox: mpsc::Receiver<Job>) {
    while let Ok(first) = inbox.recv() {
        let mut jobs = vec![first];
        while jobs.len() < GROUP {
            match inbox.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let mut puts = Vec::new();
        for job in jobs {
            match job {
                Job::Put(row, reply) => puts.push((row, reply)),
                Job::Load(id, reply) => {
                    let _ = reply.send(load(&connection, &id));
                }
                Job::Remove(removal, reply) => {
                    let _ = reply.send(remove(&connection, &removal));
                }
                Job::IsExpired(what, reply) => {
                    let _ = reply.send(is_expired(&connection, &what));
                }
                Job::Forget(before, reply) => {
                    let _ = reply.send(forget_expired(&connection, before));
                }
                Job::Prune(prune, reply) => {
                    let _ = reply.send(prune_finished(&connection, prune));
                }
            }
        }
        if puts.is_empty() {
            continue;
        }
        let rows: Vec<&Row> = puts.iter().map(|(row, _)| row).collect();
        match commit(&connection, &rows) {
            Ok(()) => {
                for (_, reply) in puts {
                    let _ = reply.send(Ok(()));
                }
            }
            // One bad write must not fail the others: each again on its own.
            Err(_) => {
                for (row, reply) in puts {
                    let _ = reply.send(commit(&connection, &[&row]));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, finished: bool) -> Row {
        Row {
            id: id.into(),
            invite: None,
            finished,
            updated_at: 1.0,
            record: "start x".into(),
            result: None,
            doc: format!("doc of {id}"),
        }
    }

    #[tokio::test]
    async fn rows_are_stored_and_open_games_come_back_on_reopening() {
        let dir = std::env::temp_dir().join(format!("ultima-server-sqlite-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("games.sqlite");
        let _ = std::fs::remove_file(&path);
        {
            let opened = Sqlite::open(Some(&path));
            let (store, open) = match opened {
                Ok(opened) => opened,
                Err(error) => panic!("{error}"),
            };
            assert!(open.is_empty());
            for (id, finished) in [("a", false), ("b", true), ("c", false)] {
                assert!(store.put(row(id, finished)).await.is_ok());
            }
            let mut updated = row("c", true);
            updated.doc = "c again".into();
            assert!(store.put(updated).await.is_ok());
            assert_eq!(
                store.load("c").await.ok().flatten().as_deref(),
                Some("c again")
            );
            assert_eq!(store.load("zz").await.ok().flatten(), None);
            // The file is in WAL mode (a property of the file, seen from any connection).
            let mode = Connection::open(&path).and_then(|other| {
                other.query_row("PRAGMA journal_mode", [], |row| row.get::<_, String>(0))
            });
            assert_eq!(mode.ok().as_deref(), Some("wal"));
        }
        let reopened = Sqlite::open(Some(&path));
        let open = reopened.map(|(_, open)| open).unwrap_or_default();
        assert_eq!(open, vec!["doc of a".to_string()]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
