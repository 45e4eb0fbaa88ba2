//! What the app knows of a connection to a server, apart from how it is held (a tokio task
//! here, `client`; a browser's WebSocket elsewhere): how it takes its seat, what it takes to come
//! back, the state of the line, and what it reports.

use serde::{Deserialize, Serialize};
use ultima_protocol::{ClientMessage, ClockSetting, ColorChoice, ServerMessage};
use ultima_rules::Color;

use crate::error::OnlineError;

/// How a connection takes its seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A new game; the server answers with the invite for the friend.
    Create {
        color: ColorChoice,
        clock: Option<ClockSetting>,
    },
    /// The other seat of the game an invite names.
    Join { invite: String },
    /// Back to a game with its token.
    Resume(Credentials),
}

impl Seat {
    pub fn message(&self) -> ClientMessage {
        match self {
            Seat::Create { color, clock } => ClientMessage::Create {
                color: *color,
                clock: *clock,
                correspondence: None,
            },
            Seat::Join { invite } => ClientMessage::Join {
                invite: invite.clone(),
            },
            Seat::Resume(credentials) => ClientMessage::Resume {
                game: credentials.game.clone(),
                token: credentials.token.clone(),
            },
        }
    }
}

/// What it takes to come back to a game: keep it (the app saves it) to resume after a restart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    pub game: String,
    pub color: Color,
    pub token: String,
}

/// The state of the line to the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// Connected and seated (again).
    Connected,
    /// The line is down; the `attempt`th try to come back is in `retry_in_ms`.
    Lost {
        attempt: u32,
        retry_in_ms: u64,
        reason: String,
    },
}

/// What the connection's task reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The server's message (a state, a move, a refusal, a pong).
    Message(ServerMessage),
    /// The connection was seated in another game: the rematch (the same token; coming back
    /// after a drop now resumes that game).
    Seated(Credentials),
    /// The line went down or came back.
    Link(Link),
    /// The task has stopped for good: the server refused the token, or the client was closed.
    Stopped(OnlineError),
}

/// `ws://HOST:PORT` as given, or with `ws://` put in front of a bare `HOST:PORT`.
pub fn normalize_address(address: &str) -> Result<String, OnlineError> {
    let trimmed = address.trim();
    let bad = |reason: &str| OnlineError::BadAddress {
        address: trimmed.to_string(),
        reason: reason.to_string(),
    };
    let full = if trimmed.contains("://") {
        trimmed.to_string()
    } else {
        format!("ws://{trimmed}")
    };
    let Some(rest) = full.strip_prefix("ws://") else {
        return Err(if full.starts_with("wss://") {
            bad("this client speaks plain ws://; put a TLS proxy's ws:// address, or the server's own")
        } else {
            bad("it must start with ws://")
        });
    };
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() {
        return Err(bad("it has no host"));
    }
    if host.chars().any(char::is_whitespace) {
        return Err(bad("it has a space in it"));
    }
    Ok(full)
}
