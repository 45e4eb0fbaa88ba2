//! The Ultima game server. It owns every game: each move is checked by the rules (through the
//! game core's `Session`), stored, and only then sent to both players; clocks run here; a
//! player proves their seat with a secret token and can come back with it.
//!
//! - [`start`] runs the server inside a tokio runtime (the binary, the app's "Host on this
//!   network", the tests on port 0) and returns a [`RunningServer`].
//! - Storage: SQLite by default (a file, or memory), or Redis with [`Config::redis`] so that
//!   several processes share the games.
//! - The protocol: `ultima-protocol` and `PROTOCOL.md`.

mod connection;
mod game;
mod hub;
mod ids;
mod limit;
#[cfg(feature = "redis")]
mod redis_store;
mod sqlite;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use limit::Rate;
pub use sqlite::StoreError;

use hub::{Backend, Hub};

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen; port 0 picks a free port (see [`RunningServer::local_addr`]).
    pub listen: SocketAddr,
    /// The SQLite file; `None` keeps the games in memory (gone when the server stops).
    pub db: Option<PathBuf>,
    /// A Redis URL (`redis://127.0.0.1:6379/`): the games live there, shared by every server
    /// process given the same URL; `db` is then not used.
    pub redis: Option<String>,
    /// How long a player must be away, on their move, before the opponent may claim the win.
    pub claim_after: Duration,
    /// Messages per connection.
    pub message_rate: Rate,
    /// Join and resume attempts per address.
    pub join_rate: Rate,
    /// Games created per address (rematches are not counted: both players ask for them).
    pub create_rate: Rate,
    /// A reverse proxy on this machine (nginx, for TLS) forwards the players: the address the
    /// join and create limits count is its `X-Forwarded-For`, for connections from loopback only.
    pub behind_proxy: bool,
    /// A connection that has not created, joined or resumed a game by then is closed.
    pub seat_within: Duration,
    /// An invite nobody has joined with expires this long after the game was created: the
    /// game goes, and the invite answers `inviteExpired`.
    pub invite_expires_after: Duration,
    /// A started game neither player has been connected to for this long is abandoned: gone if
    /// no move was played, otherwise ended, the side to move losing on time.
    pub abandoned_after: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            db: None,
            redis: None,
            claim_after: Duration::from_secs(30),
            message_rate: Rate {
                burst: 20,
                per_second: 10.0,
            },
            join_rate: Rate {
                burst: 10,
                per_second: 1.0 / 6.0,
            },
            create_rate: Rate {
                burst: 20,
                per_second: 1.0 / 30.0,
            },
            behind_proxy: false,
            seat_within: Duration::from_secs(60),
            invite_expires_after: Duration::from_secs(24 * 60 * 60),
            abandoned_after: Duration::from_secs(14 * 24 * 60 * 60),
        }
    }
}

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

/// A server accepting connections. Dropping it stops it, as [`RunningServer::shutdown`] does.
pub struct RunningServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: Mutex<Option<JoinHandle<()>>>,
    hub: Arc<Hub>,
}

impl RunningServer {
    /// The address it listens on (with the port picked when asked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// `ws://ADDR/`.
    pub fn url(&self) -> String {
        format!("ws://{}/", self.addr)
    }

    /// Games held in this process's memory (for the load figures).
    pub fn games_in_memory(&self) -> usize {
        self.hub.games_in_memory()
    }

    /// Stops accepting connections and closes the open ones. Games are stored as they go, so
    /// nothing is lost (the players are away until a server serves the games again).
    pub async fn shutdown(&self) {
        let _ = self.stop.send(true);
        let task = self.task.lock().ok().and_then(|mut task| task.take());
        if let Some(task) = task {
            let _ = task.await;
        }
    }
}

/// Opens the store, takes in the open games, and listens. Must be called in a tokio runtime.
pub async fn start(config: Config) -> Result<RunningServer, ServerError> {
    match config.redis.clone() {
        Some(url) => start_redis(config, &url).await,
        None => {
            let (store, open) = sqlite::Sqlite::open(config.db.as_deref())?;
            let backend = Backend::Sqlite {
                store,
                invites: Mutex::new(Default::default()),
            };
            let listener = bind(config.listen).await?;
            let hub = Arc::new(Hub::new(config, backend)?);
            hub.restore(open).await?;
            Ok(run(listener, hub))
        }
    }
}

#[cfg(feature = "redis")]
async fn start_redis(config: Config, url: &str) -> Result<RunningServer, ServerError> {
    let backend = Backend::Redis(redis_store::RedisStore::connect(url).await?);
    let listener = bind(config.listen).await?;
    let hub = Arc::new(Hub::new(config, backend)?);
    redis_store::run_background(&hub).await?;
    Ok(run(listener, hub))
}

#[cfg(not(feature = "redis"))]
async fn start_redis(_config: Config, _url: &str) -> Result<RunningServer, ServerError> {
    Err(ServerError::NoRedis)
}

async fn bind(addr: SocketAddr) -> Result<TcpListener, ServerError> {
    TcpListener::bind(addr)
        .await
        .map_err(|error| ServerError::Listen {
            addr,
            reason: error.to_string(),
        })
}

fn run(listener: TcpListener, hub: Arc<Hub>) -> RunningServer {
    let addr = listener.local_addr().unwrap_or(hub.config.listen);
    let (stop, mut stopped) = watch::channel(false);
    // Games left alone too long are ended or removed (see `LiveGame::expiry`).
    let sweeping = Arc::clone(&hub);
    let mut sweep_stopped = stopped.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(sweeping.sweep_every());
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => sweeping.sweep().await,
                _ = sweep_stopped.changed() => break,
            }
        }
    });
    let accepting = Arc::clone(&hub);
    let task = tokio::spawn(async move {
        loop {
            tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, peer)) => {
                        let stop = stopped.clone();
                        tokio::spawn(connection::serve(Arc::clone(&accepting), stream, peer, stop));
                    }
                    // Out of file descriptors and the like: wait a little, go on.
                    Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                },
                _ = stopped.changed() => break,
            }
        }
    });
    RunningServer {
        addr,
        stop,
        task: Mutex::new(Some(task)),
        hub,
    }
}
