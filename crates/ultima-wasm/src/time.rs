//! Time and chance: in the browser from JavaScript's `Date.now()` and `Math.random()`
//! (WebAssembly has no `SystemTime`), natively (the tests) from the system.

/// Milliseconds since 1970, as JavaScript counts time.
#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

#[cfg(not(target_arch = "wasm32"))]
pub use ultima_app_state::clock::system_now_ms as now_ms;

/// A seed for the bot's and the coin's randomness.
#[cfg(target_arch = "wasm32")]
pub fn seed() -> u64 {
    // Two draws of 32 bits (a draw is a double in [0, 1)).
    let draw = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (draw() << 32) ^ draw()
}

#[cfg(not(target_arch = "wasm32"))]
pub use ultima_app_state::clock::system_seed as seed;

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
