//! The Ultima bot: a search over the rules of `ultima-rules`, an evaluation made for Ultima's
//! captures, and thirteen playing levels from Novice to Club.
//!
//! No threads and no clock of its own: the caller runs [`Engine::search`] (or
//! [`LevelPlayer::choose`]) on a thread of its choosing, hands in a [`Clock`], and may stop the
//! search from another thread with the flag in [`Limits::stop`]. Builds for WebAssembly.
//!
//! ```
//! use ultima_bot::{Engine, Limits, NoClock};
//! use ultima_rules::Position;
//!
//! let mut engine = Engine::new();
//! let result = engine
//!     .search(&Position::start(), &[], &Limits::depth(2), &NoClock, &mut |_| {})
//!     .unwrap();
//! assert!(Position::start().legal_moves().contains(&result.best_move));
//! ```

mod error;
pub mod eval;
mod levels;
mod limits;
pub mod search;

pub use error::BotError;
pub use eval::{evaluate, EvalParams, Terms};
pub use levels::{Choice, Level, LevelExt, LevelPlayer, LevelSettings, UnknownLevel};
#[cfg(not(target_arch = "wasm32"))]
pub use limits::StdClock;
pub use limits::{Clock, Limits, NoClock};
pub use search::{
    centipawns_win_chance, history_hashes, Engine, Score, SearchInfo, SearchResult, MATE,
    WIN_CHANCE_K,
};
