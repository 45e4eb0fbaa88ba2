//! The Ultima game core: what a game is, apart from any app, screen or network. The app, the
//! command line's `ultima match` and a server all drive games through [`Session`].
//!
//! - [`session`]: moves checked by the rules, take-backs, resignation, draw offers, the clock,
//!   and who may act (by seat, decided by the caller from who is connected).
//! - [`clock`]: a Fischer clock, pure (the time is always passed in), for a [`TimeControl`].
//! - [`wire`]: the views that cross to the UI (with `specta::Type` behind the `specta`
//!   feature), built by [`view`].
//! - [`problem`]: refusals as codes with parameters, never sentences.
//! - [`stored`]: what is saved, with a format number, migrations and partial recovery.
//! - [`reading_examples`]: the rules pages' small boards, each reading's differences from 1963.
//! - `text`: [`Session::text`], the game as text to copy and share (tag pairs and the moves, as
//!   PGN has them).
//!
//! No I/O, no system time, no Tauri.

pub mod clock;
pub mod problem;
pub mod reading_examples;
pub mod session;
pub mod stored;
mod text;
mod time_control;
pub mod view;
pub mod wire;

pub use clock::{Clock, Running, TimeControl};
pub use problem::{CheckBy, ErrorKind, Freezer, Problem, SessionError};
pub use reading_examples::{reading_examples, ExampleBoard, ExampleState, ReadingExample};
pub use session::{Action, Session, TakeBack};
pub use stored::{
    CutShort, Restored, StoredClock, StoredError, StoredGame, StoredOpponent, StoredSummary,
    GAME_FORMAT, SUMMARY_FORMAT,
};
pub use wire::{
    BoardView, ClockView, FinishedSummary, GameView, Mark, MayAct, MoveView, NewGame, Opponent,
    PieceView, PlyView, SideChoice,
};
