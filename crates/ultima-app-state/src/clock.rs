//! Time and chance as the system gives them, and game ids. The logic takes the time and the
//! seeds as parameters: the app gives these, the browser JavaScript's (WebAssembly has no
//! `SystemTime`) — these there only in its native tests.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since 1970, as JavaScript counts time.
pub fn system_now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as f64)
        .unwrap_or(0.0)
}

/// A seed for the bot's and the coin's randomness.
pub fn system_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5eed)
}

/// A fresh identifier for a game made at `now`: the time and a counter, unique on this device.
pub fn game_id(now: f64) -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    format!(
        "g{}-{}",
        now as u64,
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}
