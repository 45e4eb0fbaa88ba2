//! The app's state and the logic of its commands, without Tauri and without a file: written
//! once, used by the desktop app (`src-tauri`) and the browser's backend (`ultima-wasm`), so
//! that both answer the same commands with the very same types (and JSON shapes), read saved
//! entries with the same code, and refuse with the same codes.
//!
//! - `error`, `problem`, `notice`: what the UI is told, as codes it words itself (each layer's
//!   codes in its own type, `problem`; the error of a command, `error`).
//! - `events`: the updates pushed to the UI without its asking.
//! - `games`: the settings and the game in progress, saved after every change, filed once over.
//! - `settings`: the player's settings, read field by field.
//! - `stored`: the game core's stored types read back, cut short where a record breaks.
//! - `record`: the small saved record (settings, the game in progress, the course's and the
//!   trainer's entries): read entry by entry, staged; [`record::Saves`] is how a platform saves it.
//! - `archive`: the history (finished games, puzzle attempts, analyses) as the logic files into
//!   it, and its pages.
//! - `clock`: the system's time and seeds (the logic takes them as parameters), game ids.
//! - `analysis`, `course`, `puzzles`: each screen's logic, views and saved entries.
//! - `online`: what the online screens receive (`wire`) and online play's entry in the record
//!   (`stored`).

pub mod analysis;
pub mod archive;
pub mod clock;
pub mod course;
pub mod error;
pub mod events;
pub mod games;
pub mod notice;
pub mod online;
pub mod problem;
pub mod puzzles;
pub mod record;
pub mod settings;
pub mod stored;
#[cfg(test)]
mod tests;
