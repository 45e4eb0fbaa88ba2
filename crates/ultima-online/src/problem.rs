//! Online play's own codes, for the app's UI to word from its catalogue (as the game's
//! [`Problem`] are): what the client's failures ([`OnlineError`]) and the server's refusals
//! ([`ErrorCode`]) are for the player.

use serde::{Deserialize, Serialize};
use ultima_game::{ErrorKind, Problem};
use ultima_protocol::ErrorCode;

use crate::error::OnlineError;

/// Online play's refusals and failures, as codes with parameters (`{"code": "noServer"}`), for
/// the app's UI to word; the game's own refusals stay the game's (`ultima_game::Problem`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(
    tag = "code",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum OnlineProblem {
    /// The server address is not one (`ws://HOST:PORT`).
    BadServerAddress { address: String },
    /// No server address is set.
    NoServer,
    /// Nothing answered at the server's address.
    ServerUnreachable { address: String },
    /// A `wss://` server's certificate was refused (self-signed or from an authority the app
    /// does not trust, expired, made for another name).
    ServerCertificate { address: String },
    /// A `wss://` server's secure handshake failed (it does not speak TLS at that address).
    SecureConnectionFailed { address: String },
    /// The server speaks another version of the protocol.
    ServerVersion { found: u32, expected: u32 },
    /// The server sent something this version does not understand.
    ServerBroken,
    /// The server could not store the change; nothing changed, try again.
    ServerUnavailable,
    /// The line to the server is down just now (the app is coming back).
    Offline,
    /// The invite code does not read (16 letters, as `HKDW-MPRT-CAXE-FGNJ`).
    BadInvite,
    /// No game waits for this invite: never given, or the friend's seat is taken already.
    NoSuchInvite,
    /// The server does not know this game, or its token.
    UnknownOnlineGame,
    /// Too many tries (joining, or messages); wait this long.
    TooManyTries { retry_after_ms: u32 },
    /// The friend has not joined yet.
    WaitingForOpponent,
    /// The win cannot be claimed: the opponent is there, or it is not their move (`None`), or
    /// not yet (`in_ms`).
    NotClaimable { in_ms: Option<u32> },
    /// There is no rematch to offer or answer.
    NoRematch,
    /// There is no online game (open, or to answer).
    NoOnlineGame,
    /// The server inside the app could not start on this port.
    HostFailed { port: u16 },
    /// This app cannot host a game (the browser's): create it on a server instead.
    HostNotHere,
}

impl OnlineProblem {
    pub fn kind(&self) -> ErrorKind {
        use OnlineProblem::*;
        match self {
            BadServerAddress { .. }
            | NoServer
            | BadInvite
            | NoSuchInvite
            | TooManyTries { .. }
            | WaitingForOpponent
            | NotClaimable { .. }
            | NoRematch
            | HostNotHere => ErrorKind::BadRequest,
            UnknownOnlineGame | NoOnlineGame => ErrorKind::NoGame,
            ServerUnreachable { .. }
            | ServerCertificate { .. }
            | SecureConnectionFailed { .. }
            | ServerVersion { .. }
            | ServerBroken
            | ServerUnavailable
            | Offline
            | HostFailed { .. } => ErrorKind::Network,
        }
    }
}

/// What the app tells the player when online play fails: the game's refusal, the position having
/// moved on, or online play's own code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineFailure {
    /// The game refused it (the server's game core, as its `Refused` says).
    Game(Problem),
    /// The position moved on before the request arrived (the opponent's take-back): for the app,
    /// the game changed under the request, as under the bot's search.
    GameChanged,
    /// Online play's own code.
    Online(OnlineProblem),
}

impl From<OnlineProblem> for OnlineFailure {
    fn from(problem: OnlineProblem) -> OnlineFailure {
        OnlineFailure::Online(problem)
    }
}

impl OnlineError {
    /// The code the app's UI words for it.
    pub fn problem(&self) -> OnlineFailure {
        match self {
            OnlineError::BadAddress { address, .. } => OnlineProblem::BadServerAddress {
                address: address.clone(),
            }
            .into(),
            OnlineError::Unreachable { address, .. } => OnlineProblem::ServerUnreachable {
                address: address.clone(),
            }
            .into(),
            OnlineError::Certificate { address, .. } => OnlineProblem::ServerCertificate {
                address: address.clone(),
            }
            .into(),
            OnlineError::Tls { address, .. } => OnlineProblem::SecureConnectionFailed {
                address: address.clone(),
            }
            .into(),
            OnlineError::Protocol { found, expected } => OnlineProblem::ServerVersion {
                found: *found,
                expected: *expected,
            }
            .into(),
            OnlineError::Refused(code) => problem_of(code),
            OnlineError::Unexpected(_) => OnlineProblem::ServerBroken.into(),
            OnlineError::Offline | OnlineError::Closed => OnlineProblem::Offline.into(),
        }
    }
}

/// The code the app's UI words for a refusal of the server.
pub fn problem_of(code: &ErrorCode) -> OnlineFailure {
    let online = match code {
        ErrorCode::Refused { problem } => return OnlineFailure::Game(problem.clone()),
        // The position moved on before the move arrived (the opponent's take-back).
        ErrorCode::StaleMove { .. } => return OnlineFailure::GameChanged,
        ErrorCode::BadInvite => OnlineProblem::BadInvite,
        // The app's words for these say an invite or game may have expired.
        ErrorCode::NoSuchInvite | ErrorCode::InviteExpired => OnlineProblem::NoSuchInvite,
        ErrorCode::BadToken | ErrorCode::GameExpired => OnlineProblem::UnknownOnlineGame,
        ErrorCode::RateLimited { retry_after_ms }
        | ErrorCode::JoinRateLimited { retry_after_ms }
        | ErrorCode::CreateRateLimited { retry_after_ms } => OnlineProblem::TooManyTries {
            retry_after_ms: u32::try_from(*retry_after_ms).unwrap_or(u32::MAX),
        },
        ErrorCode::WaitingForOpponent => OnlineProblem::WaitingForOpponent,
        ErrorCode::NotClaimable { in_ms } => OnlineProblem::NotClaimable {
            in_ms: in_ms.map(|ms| u32::try_from(ms).unwrap_or(u32::MAX)),
        },
        ErrorCode::NoRematch => OnlineProblem::NoRematch,
        ErrorCode::Unavailable => OnlineProblem::ServerUnavailable,
        // What this client sends is well-formed, small, and seated: the server and this
        // version do not agree.
        ErrorCode::BadMessage { .. }
        | ErrorCode::FrameTooLarge { .. }
        | ErrorCode::BadClock { .. }
        | ErrorCode::BadCorrespondence { .. }
        | ErrorCode::NotSeated
        | ErrorCode::AlreadySeated => OnlineProblem::ServerBroken,
    };
    OnlineFailure::Online(online)
}

#[cfg(test)]
mod tests;
