//! Why the client could not do what it was asked, in words for logs and the command line; the
//! app's UI words the codes of it instead ([`crate::problem`]).

use ultima_protocol::ErrorCode;

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum OnlineError {
    /// Not a `ws://HOST:PORT` address.
    #[error(
        "`{address}` is not a server address ({reason}); give one like ws://192.168.1.20:7070"
    )]
    BadAddress { address: String, reason: String },
    /// Nothing answered at the address (no server, a firewall, no network).
    #[error("could not reach the server at {address}: {reason}")]
    Unreachable { address: String, reason: String },
    /// A `wss://` server's certificate was refused (not issued by a trusted authority, expired,
    /// made for another name).
    #[error("the server at {address} could not prove it is that server: {reason}")]
    Certificate { address: String, reason: String },
    /// A `wss://` server's secure handshake failed (it does not speak TLS there, or not a
    /// version this client does), or TLS could not be set up here.
    #[error("could not open a secure connection to {address}: {reason}")]
    Tls { address: String, reason: String },
    /// The server speaks another version of the protocol.
    #[error("the server speaks protocol {found}; this client speaks {expected}")]
    Protocol { found: u32, expected: u32 },
    /// The server refused the request.
    #[error("the server refused: {}", describe(.0))]
    Refused(ErrorCode),
    /// The server sent a frame that is not one of its messages, or not in the order of the
    /// protocol.
    #[error("the server sent something unexpected: {0}")]
    Unexpected(String),
    /// There is no connection to the server just now (it dropped; the client is coming back).
    #[error("not connected to the server just now")]
    Offline,
    /// The client was closed.
    #[error("the connection was closed")]
    Closed,
}

impl OnlineError {
    /// The server's code, when it refused.
    pub fn code(&self) -> Option<&ErrorCode> {
        match self {
            OnlineError::Refused(code) => Some(code),
            _ => None,
        }
    }
}

/// The server's refusal in words (for the command line and logs).
pub fn describe(code: &ErrorCode) -> String {
    match code {
        ErrorCode::BadMessage { detail } => format!("a message it could not read ({detail})"),
        ErrorCode::FrameTooLarge { limit_bytes } => {
            format!("a message longer than {limit_bytes} bytes")
        }
        ErrorCode::RateLimited { retry_after_ms } => {
            format!("too many messages; try again in {retry_after_ms} ms")
        }
        ErrorCode::JoinRateLimited { retry_after_ms } => {
            format!("too many attempts to join from this address; try again in {retry_after_ms} ms")
        }
        ErrorCode::CreateRateLimited { retry_after_ms } => {
            format!("too many games created from this address; try again in {retry_after_ms} ms")
        }
        ErrorCode::BadClock {
            max_base_ms,
            max_increment_ms,
        } => format!(
            "that clock (the base must be more than 0 and at most {} minutes, the increment at most {} seconds)",
            max_base_ms / 60_000,
            max_increment_ms / 1000
        ),
        ErrorCode::BadCorrespondence { allowed_days } => format!(
            "that time per move (the days per move must be one of {allowed_days:?}, without a clock)"
        ),
        ErrorCode::BadInvite => "that is not an invite code (16 letters, as HKDW-MPRT-CAXE-FGNJ)".into(),
        ErrorCode::NoSuchInvite => {
            "no game waits for that invite code (it was never given, or someone has joined with it already)".into()
        }
        ErrorCode::InviteExpired => {
            "that invite code: nobody joined with it in time, and its game is gone (ask for a new one)".into()
        }
        ErrorCode::BadToken => "the game or its token (it does not know them)".into(),
        ErrorCode::GameExpired => {
            "the game: it is gone (its invite expired, it was left or not started in time, or it finished long ago)".into()
        }
        ErrorCode::NotSeated => "a game action before a game was created or joined".into(),
        ErrorCode::AlreadySeated => "a second game on one connection".into(),
        ErrorCode::WaitingForOpponent => "a move before the friend joined".into(),
        ErrorCode::StaleMove { expected_ply } => {
            format!("a move for another position (the game is at ply {expected_ply})")
        }
        ErrorCode::Refused { problem } => format!("the game does not allow it ({problem:?})"),
        ErrorCode::NotClaimable { in_ms: Some(ms) } => {
            format!("claiming the win yet (in {} s)", ms.div_ceil(1000))
        }
        ErrorCode::NotClaimable { in_ms: None } => "claiming the win now".into(),
        ErrorCode::NoRematch => "a rematch now".into(),
        ErrorCode::Unavailable => "the change, because it could not store it; try again".into(),
    }
}
