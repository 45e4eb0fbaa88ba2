//! The app's `puzzles` views and stored entries, from `src-tauri/src/puzzles/` (see `shared`).

#[allow(dead_code)]
#[path = "../../../../src-tauri/src/puzzles/stored.rs"]
pub mod stored;
#[allow(dead_code)]
#[path = "../../../../src-tauri/src/puzzles/wire.rs"]
pub mod wire;
