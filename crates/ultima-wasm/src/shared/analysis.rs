//! The app's analysis views, from `src-tauri/src/analysis/` (see `shared`).

#[allow(dead_code)]
#[path = "../../../../src-tauri/src/analysis/wire.rs"]
pub mod wire;
