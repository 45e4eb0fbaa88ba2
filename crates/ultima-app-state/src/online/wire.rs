//! What the online screens receive: the game as the play screen draws it (the game core's
//! `GameView`, this side's seat in every `mayAct`), and what online play adds to it.

use serde::{Deserialize, Serialize};
use specta::Type;

use crate::error::{AppError, Problem};
use ultima_game::wire::GameView;
use ultima_protocol::{ClientMessage, Presence};
use ultima_rules::Color;

/// The line to the server.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum LinkView {
    Connected,
    /// Down; the app tries again in `retryInMs` (try number `attempt`).
    Reconnecting {
        attempt: u32,
        retry_in_ms: f64,
    },
    /// Down for good: the server refused this game's token (or the app left the game).
    Stopped {
        problem: Problem,
    },
}

/// An online game.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct OnlineView {
    pub game: GameView,
    /// The invite to give the friend, while nobody has joined.
    pub invite: Option<String>,
    /// The same invite as a link that opens the web app and joins (from the server's address;
    /// `None` on the server inside the app, which does not serve the web app).
    pub invite_link: Option<String>,
    /// Whether the opponent is there.
    pub opponent: Presence,
    pub link: LinkView,
    /// While the opponent is away on their move: milliseconds until the win can be claimed.
    pub claim_win_in_ms: Option<f64>,
    /// The side that asked for a rematch, after the game.
    pub rematch_offer: Option<Color>,
    /// The server the game is played on.
    pub server: String,
    /// The server is the one inside this app ("Host on this network").
    pub hosted: bool,
    /// The game this one is the rematch of (its id), when it took that game's place.
    pub rematch_of: Option<String>,
}

/// The server inside the app, for friends on the same network.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct HostView {
    pub port: u16,
    /// The addresses a friend types (`ws://192.168.1.20:7070`), the likeliest first.
    pub addresses: Vec<String>,
}

/// The online screen's settings, saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct OnlineSettings {
    /// The server's address (`ws://HOST:PORT`); empty until the player gives one.
    pub server: String,
    /// The port "Host on this network" listens on.
    pub host_port: u16,
}

impl Default for OnlineSettings {
    fn default() -> OnlineSettings {
        OnlineSettings {
            server: String::new(),
            host_port: DEFAULT_HOST_PORT,
        }
    }
}

pub const DEFAULT_HOST_PORT: u16 = 7070;

/// Everything the online screen needs when it opens.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct OnlineStatus {
    pub settings: OnlineSettings,
    /// The online games: those in progress first, then those finished still shown; the newest
    /// first in each.
    pub games: Vec<OnlineView>,
    /// The server inside the app, while it runs.
    pub hosting: Option<HostView>,
    /// Whether this app can host a game (the desktop app can; a browser cannot).
    pub can_host: bool,
}

/// Pushed through the channel of `watch_online`.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum OnlineEvent {
    /// The game, its opponent or the line changed.
    Changed { view: Box<OnlineView> },
    /// The server refused something the app did not wait for the answer of.
    Failed { error: AppError },
}

/// What a player does in an online game besides moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum OnlineAction {
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    RequestTakeBack,
    AcceptTakeBack,
    DeclineTakeBack,
    ClaimWin,
    OfferRematch,
    DeclineRematch,
}

impl OnlineAction {
    /// The message that asks it of the server.
    pub fn message(self) -> ClientMessage {
        match self {
            OnlineAction::Resign => ClientMessage::Resign {},
            OnlineAction::OfferDraw => ClientMessage::OfferDraw {},
            OnlineAction::AcceptDraw => ClientMessage::AcceptDraw {},
            OnlineAction::DeclineDraw => ClientMessage::DeclineDraw {},
            OnlineAction::RequestTakeBack => ClientMessage::RequestTakeBack {},
            OnlineAction::AcceptTakeBack => ClientMessage::AcceptTakeBack {},
            OnlineAction::DeclineTakeBack => ClientMessage::DeclineTakeBack {},
            OnlineAction::ClaimWin => ClientMessage::ClaimWin {},
            OnlineAction::OfferRematch => ClientMessage::OfferRematch {},
            OnlineAction::DeclineRematch => ClientMessage::DeclineRematch {},
        }
    }
}
