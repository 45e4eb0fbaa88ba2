//! The messages of online play: what a client (the app, `ultima online`) and the Ultima server
//! say to each other over one websocket, as JSON text frames, one message a frame.
//!
//! - [`ClientMessage`]: what a client asks (create a game, join it by invite, resume it by
//!   token, move, resign, offer a draw, ...). Read strictly: an unknown `type`, an unknown
//!   field or a missing one is refused, never guessed at.
//! - [`ServerMessage`]: what the server says (who you are in which game, the whole game state,
//!   each move as it is accepted, refusals as codes).
//! - [`Invite`]: the code a player gives a friend: 64 random bits as 16 letters without
//!   look-alikes, `HKDW-MPRT-CAXE-FGNJ`.
//!
//! Every refusal is a code ([`ErrorCode`], and the game core's [`ultima_game::Problem`] for what
//! the game itself refuses): the UI words them. The flow and an example of every message are in
//! `crates/ultima-server/PROTOCOL.md`.
//!
//! Pure: no I/O, no clock, no randomness (the server draws the invite's bits).

mod invite;
mod message;
mod unique_keys;

pub use invite::{Invite, InviteError, INVITE_ALPHABET, INVITE_LETTERS};
pub use message::{
    ClientMessage, ClockSetting, ColorChoice, Correspondence, DecodeError, ErrorCode, GameState,
    Presence, ServerMessage, CORRESPONDENCE_DAYS, DAY_MS, MAX_BASE_MS, MAX_INCREMENT_MS,
    MAX_MESSAGE_BYTES, PROTOCOL_VERSION,
};
