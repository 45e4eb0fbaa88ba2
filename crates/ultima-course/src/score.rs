//! A solve's raw score: what the runner measures, a task's thresholds turn into stars, and the
//! progress keeps.

use serde::{Deserialize, Serialize};

/// A solve's raw score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// Learner moves in the solving try (1 for a quiz).
    pub moves: u32,
    /// Tries used, the solving one included (1: solved at the first try).
    pub tries: u32,
    /// The solving try used the hint, which costs a star. Older progress has no such field.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hinted: bool,
}
