//! How long a timed game is. Below both the clock that runs it and the views that show it, and
//! saved with a game.

use serde::{Deserialize, Serialize};

/// How long a timed game is: base time for each side and the increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TimeControl {
    pub base_ms: u32,
    pub increment_ms: u32,
}
