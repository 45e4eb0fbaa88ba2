//! The client side of Ultima online play (the protocol is `ultima-protocol`'s, documented in
//! `crates/ultima-server/PROTOCOL.md`):
//!
//! - [`client`]: a connection to a server, held by a tokio task: it creates a game (and gets
//!   the invite), joins one by invite, or resumes one by token; sends moves and offers; reports
//!   the server's messages and the state of the line as [`Event`]s; and after a drop comes back
//!   with the token by itself, waiting longer after each failed try.
//! - [`tls`]: the secure line to a `wss://` server (one behind a TLS proxy), and the
//!   certificates it trusts.
//! - [`line`]: the same connection as a state machine without I/O, for a shell that holds the
//!   socket itself (the browser's `WebSocket`).
//! - [`game`]: the game as this side sees it, the server's state and moves played into a
//!   local [`ultima_game::Session`] (the position, the legal moves, the view the UI draws, the
//!   finished game to file).
//! - [`OnlineProblem`]: online play's codes, which the app's UI words (the client's failures and
//!   the server's refusals, by [`OnlineError::problem`] and [`problem_of`]).
//!
//! Used by `ultima online` (a bot put online) and by the app. Without the default `client`
//! feature (no tokio, no socket) it is the game as this side sees it and the codes, for the app
//! state's and the browser's builds.

#[cfg(feature = "client")]
pub mod client;
mod error;
pub mod game;
pub mod line;
pub mod link;
mod problem;
#[cfg(feature = "client")]
pub mod tls;

#[cfg(feature = "client")]
pub use client::{Client, Events};
pub use error::{describe, OnlineError};
pub use game::{Change, OnlineGame, OutOfStep};
pub use line::{Effect, Line, Options};
pub use link::{invite_link, normalize_address, Credentials, Event, Link, Seat};
pub use problem::{problem_of, OnlineFailure, OnlineProblem};
#[cfg(feature = "client")]
pub use tls::Trust;
pub use ultima_protocol as protocol;
