//! How a server runs: where it listens and stores, and its limits and lifetimes.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::limit::Rate;
use crate::time::ServerClock;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen; port 0 picks a free port (see
    /// [`RunningServer::local_addr`](crate::RunningServer::local_addr)).
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
    /// Games created per address; asking for a rematch (or accepting one) counts as creating.
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
    /// A finished game is kept this long after its last change (for its players to see it
    /// again, resume it, ask for a rematch), then deleted by the sweep. An unfinished game is
    /// kept until it finishes (a correspondence game's deadline always ends it).
    pub keep_finished_for: Duration,
    /// Where the games' time is read: the system clock, or a test's.
    pub clock: ServerClock,

    // HTTP, connections and their limits.
    /// The built web app served beside the websocket (`npm run build:web` writes it to
    /// ui/web/dist); `None`: the websocket only, and `/` says how to get the app.
    pub web: Option<PathBuf>,
    /// Connections open at once, in total; more are answered 503 and closed.
    pub max_connections: usize,
    /// Connections open at once from one address (an IPv6 /64 is one address); more are
    /// answered 429 and closed.
    pub max_connections_per_address: usize,
    /// A seated connection from which nothing came (no message, not even a ping) for this long
    /// is closed: its seat shows away. Clients ping every 10 s.
    pub idle_timeout: Duration,
    /// A write to a client that does not read within this is given up, and the connection
    /// dropped: its seat shows away, and the opponent can claim the game (a file of the web app
    /// that is not read is given up alike).
    pub write_timeout: Duration,
    /// A connection refused more messages than this in 10 seconds (any refusal: the rate, a bad
    /// frame, a move out of turn) is closed.
    pub max_refusals: u32,
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
            keep_finished_for: Duration::from_secs(30 * 24 * 60 * 60),
            clock: ServerClock::system(),

            web: None,
            max_connections: 10_000,
            max_connections_per_address: 100,
            idle_timeout: Duration::from_secs(60),
            write_timeout: Duration::from_secs(10),
            max_refusals: 100,
        }
    }
}
