//! What the app knows of a connection to a server, apart from how it is held (a tokio task
//! here, `client`; a browser's WebSocket elsewhere): how it takes its seat, what it takes to come
//! back, the state of the line, and what it reports.

use serde::{Deserialize, Serialize};
use ultima_protocol::{ClientMessage, ClockSetting, ColorChoice, Correspondence, ServerMessage};
use ultima_rules::{Color, Reading};

use crate::error::OnlineError;

/// How a connection takes its seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A new game; the server answers with the invite for the friend.
    Create {
        color: ColorChoice,
        clock: Option<ClockSetting>,
        /// Days per move instead of a clock (not both).
        correspondence: Option<Correspondence>,
        /// The rules the game is played by.
        reading: Reading,
    },
    /// The other seat of the game an invite names.
    Join { invite: String },
    /// Back to a game with its token.
    Resume(Credentials),
}

impl Seat {
    pub fn message(&self) -> ClientMessage {
        match self {
            Seat::Create {
                color,
                clock,
                correspondence,
                reading,
            } => ClientMessage::Create {
                color: *color,
                clock: *clock,
                correspondence: *correspondence,
                reading: *reading,
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

/// `ws://HOST:PORT` or `wss://HOST` as given, `http(s)://` written as `ws(s)://` (a page's
/// address is the server's), or `ws://` put in front of a bare `HOST:PORT`. A trailing `/` is
/// dropped, so that one server has one address.
pub fn normalize_address(address: &str) -> Result<String, OnlineError> {
    let trimmed = address.trim();
    let bad = |reason: &str| OnlineError::BadAddress {
        address: trimmed.to_string(),
        reason: reason.to_string(),
    };
    let (scheme, rest) = match trimmed.split_once("://") {
        None => ("ws", trimmed),
        Some((scheme, rest)) => match scheme.to_ascii_lowercase().as_str() {
            "ws" | "http" => ("ws", rest),
            "wss" | "https" => ("wss", rest),
            _ => return Err(bad("it must start with ws:// or wss://")),
        },
    };
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() {
        return Err(bad("it has no host"));
    }
    if rest.chars().any(char::is_whitespace) {
        return Err(bad("it has a space in it"));
    }
    let rest = rest.trim_end_matches('/');
    Ok(format!("{scheme}://{rest}"))
}

/// The link a friend opens to join the game of `invite` on the server at `address`: the web
/// app, which the server serves at its own address, with the invite in its route
/// (`ws://club:8080` gives `http://club:8080/#/join/HKDW-MPRT-CAXE-FGNJ`). `None` for an
/// address that is not one.
pub fn invite_link(address: &str, invite: &str) -> Option<String> {
    let address = normalize_address(address).ok()?;
    let (scheme, rest) = address.split_once("://")?;
    let web = if scheme == "wss" { "https" } else { "http" };
    let code: String = invite
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    Some(format!("{web}://{rest}/#/join/{code}"))
}
