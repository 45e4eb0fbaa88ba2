//! The app's `course` views and stored entries, from `src-tauri/src/course/` (see `shared`).

#[allow(dead_code)]
#[path = "../../../../src-tauri/src/course/stored.rs"]
pub mod stored;
#[allow(dead_code)]
#[path = "../../../../src-tauri/src/course/wire.rs"]
pub mod wire;
