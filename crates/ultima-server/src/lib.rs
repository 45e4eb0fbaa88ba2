//! The Ultima game server. It owns every game: each move is checked by the rules (through the
//! game core's `Session`), stored, and only then sent to both players; clocks run here; a
//! player proves their seat with a secret token and can come back with it.
//!
//! - [`start`] runs the server inside a tokio runtime (the binary, the app's "Host on this
//!   network", the tests on port 0) and returns a [`RunningServer`].
//! - Storage: SQLite by default (a file, or memory), or Redis with [`Config::redis`] so that
//!   several processes share the games.
//! - The protocol: `ultima-protocol` and `PROTOCOL.md`.
//! - HTTP: one address for the websocket and, with [`Config::web`], the built web app
//!   (`http`: the routes; `listen`: the accept loop and the connection caps of `slots`;
//!   `connection`: one websocket, its limits and why it is closed).

mod config;
mod connection;
mod error;
mod game;
mod http;
mod hub;
mod ids;
mod limit;
mod listen;
#[cfg(feature = "redis")]
mod redis_store;
mod slots;
mod sqlite;
mod time;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use config::Config;
pub use error::{ServerError, StoreError};
pub use limit::Rate;
pub use time::ServerClock;

use hub::{Backend, Hub};

/// A server accepting connections. Dropping it stops it, as [`RunningServer::shutdown`] does.
pub struct RunningServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: Mutex<Option<JoinHandle<()>>>,
    hub: Arc<Hub>,
    slots: Arc<slots::Slots>,
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

    /// Runs the sweep now, as the server does every minute (games whose time ran out end,
    /// games left alone expire, old finished games are deleted): for tests that make time pass
    /// with [`Config::clock`].
    pub async fn sweep_now(&self) {
        self.hub.sweep().await;
    }

    /// Connections open now (HTTP and websockets).
    pub fn connections(&self) -> usize {
        self.slots.open()
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
            let backend = Backend::sqlite(store);
            let listener = bind(config.listen).await?;
            let hub = Arc::new(Hub::new(config, backend)?);
            hub.restore(open).await?;
            Ok(run(listener, hub))
        }
    }
}

#[cfg(feature = "redis")]
async fn start_redis(config: Config, url: &str) -> Result<RunningServer, ServerError> {
    let store = redis_store::RedisStore::connect(url).await?;
    let backend = Backend::Redis(store.clone());
    let listener = bind(config.listen).await?;
    let hub = Arc::new(Hub::new(config, backend)?);
    redis_store::run_background(store, Arc::clone(&hub)).await?;
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
    let (stop, stopped) = watch::channel(false);
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
    let slots = slots::Slots::new(
        hub.config.max_connections,
        hub.config.max_connections_per_address,
    );
    let shared = Arc::new(http::Shared {
        hub: Arc::clone(&hub),
        slots: Arc::clone(&slots),
        stop: stopped.clone(),
    });
    let counted = Arc::clone(&slots);
    let router = http::router(shared);
    let behind_proxy = hub.config.behind_proxy;
    let write_timeout = hub.config.write_timeout;
    let task = tokio::spawn(async move {
        listen::accept(
            listener,
            router,
            slots,
            behind_proxy,
            write_timeout,
            stopped,
        )
        .await;
    });
    RunningServer {
        addr,
        stop,
        task: Mutex::new(Some(task)),
        hub,
        slots: counted,
    }
}
