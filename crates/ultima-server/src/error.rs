//! Why the server could not start, and why a store failed.

use std::net::SocketAddr;
use std::path::PathBuf;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("cannot listen on {addr}: {reason}")]
    Listen { addr: SocketAddr, reason: String },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the system's random generator failed: {0}")]
    Random(String),
    #[error("this build has no Redis support (built without the `redis` feature)")]
    NoRedis,
}

/// Why the store failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    #[error("the game database {path} could not be opened: {reason}")]
    Open { path: PathBuf, reason: String },
    #[error("the game database failed while {doing}: {reason}")]
    Sqlite { doing: &'static str, reason: String },
    #[error("the game database's thread has stopped")]
    Stopped,
    #[cfg(feature = "redis")]
    #[error("Redis failed while {doing}: {reason}")]
    Redis { doing: &'static str, reason: String },
    /// Another process changed the game first (Redis): read it again and retry.
    #[error("the game was changed by another server process")]
    Conflict,
}
