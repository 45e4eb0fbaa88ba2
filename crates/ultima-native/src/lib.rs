//! The app's platform on a native machine (desktop, phone, tests), with no shell in it: the
//! store file guarded against torn writes, the history in SQLite, the bot's search on a
//! thread, the clock's timer thread. A native shell (src-tauri) holds the core (`ultima-core`)
//! on this platform and runs the work it hands out with these runners.
//!
//! - `open`: [`open`], the store and the history opened in the app's data folder (an older
//!   save's finished games moved into the database) and the core on this platform.
//! - `platform`: [`Desktop`], the core's platform: the store ([`Saved`]), the history
//!   ([`Filed`]), the system's time and chance.
//! - `persistence` + `durable` + `store`: the store file with its format version, guarded
//!   against torn writes; `store`'s [`KeyValue`] is the file itself (the shell's plugin, or
//!   [`FileStore`]).
//! - `history`: the finished games, puzzle attempts and analyses in SQLite (`ultima-history`).
//! - `bot`: the bot's search on a thread of its own ([`BotRunner`]).
//! - `timer`: the clock's timer thread ([`FlagTimer`]).

pub mod bot;
pub mod durable;
pub mod history;
pub mod open;
pub mod persistence;
pub mod platform;
pub mod store;
pub mod timer;

pub use bot::BotRunner;
pub use history::Finished;
pub use open::open;
pub use persistence::Persistence;
pub use platform::{Desktop, Filed, Saved};
pub use store::{FileStore, KeyValue};
pub use timer::FlagTimer;
