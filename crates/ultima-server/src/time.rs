//! The time as the game core counts it.

use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since 1970, as the game core counts time.
pub(crate) fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}
