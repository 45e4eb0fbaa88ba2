//! Time and chance: in the browser from JavaScript's `Date.now()` and `Math.random()`
//! (WebAssembly has no `SystemTime`), natively (the tests) from the system.

/// Milliseconds since 1970, as JavaScript counts time.
#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> f64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as f64)
        .unwrap_or(0.0)
}

/// A seed for the bot's and the coin's randomness.
#[cfg(target_arch = "wasm32")]
pub fn seed() -> u64 {
    // Two draws of 32 bits (a draw is a double in [0, 1)).
    let draw = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (draw() << 32) ^ draw()
}

#[cfg(not(target_arch = "wasm32"))]
pub fn seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5eed)
}

/// A fresh identifier for a game: the time and a counter, unique on this device.
pub fn new_game_id() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    format!(
        "g{}-{}",
        now_ms() as u64,
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// The bot's clock for its time limits: milliseconds from its creation.
pub struct PageClock {
    origin: f64,
}

impl PageClock {
    pub fn new() -> PageClock {
        PageClock { origin: now_ms() }
    }
}

impl Default for PageClock {
    fn default() -> Self {
        PageClock::new()
    }
}

impl ultima_bot::Clock for PageClock {
    fn now_ms(&self) -> u64 {
        (now_ms() - self.origin).max(0.0) as u64
    }
}
