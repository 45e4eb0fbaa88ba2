//! The app's own modules that hold no Tauri and no file: compiled here from the same source
//! files as in `src-tauri`, so that the browser's answers have the very types (and JSON shapes)
//! of the app's, and the reading of saved entries is the same code.
//!
//! They are the error and notice codes, the settings, the game's stored entries, the pushed
//! events, the analysis' views, and the course's and the trainer's views and stored entries. What the app keeps in
//! files (`persistence`, `durable`, `history`) and its threads (`bot`, `timer`, `state`) are
//! the browser's own here (see `store`, `finished`, `state`).

// Items only the app uses (its threads' event sink, its test helpers) stay unused here.
#[allow(dead_code)]
#[path = "../../../src-tauri/src/error.rs"]
pub mod error;
#[allow(dead_code)]
#[path = "../../../src-tauri/src/events.rs"]
pub mod events;
#[allow(dead_code)]
#[path = "../../../src-tauri/src/notice.rs"]
pub mod notice;
#[allow(dead_code)]
#[path = "../../../src-tauri/src/settings.rs"]
pub mod settings;
#[allow(dead_code)]
#[path = "../../../src-tauri/src/stored.rs"]
pub mod stored;

// The analysis', the course's and the trainer's views and stored entries (their files beside
// this one).
pub mod analysis;
pub mod course;
pub mod puzzles;
