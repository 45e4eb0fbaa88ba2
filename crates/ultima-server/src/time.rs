//! The time as the game core counts it (milliseconds since 1970), read from a [`ServerClock`]:
//! the system's, or a test's that makes days pass in an instant.

use std::fmt;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since 1970, as the game core counts time.
pub(crate) fn system_now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

/// Where the server reads the time for the games (clocks, correspondence deadlines, expiry,
/// the keeping of finished games): the system clock by default ([`ServerClock::system`]).
/// Rate limits and network timeouts are not games' time: they always count real time.
#[derive(Clone)]
pub struct ServerClock(Arc<dyn Fn() -> f64 + Send + Sync>);

impl ServerClock {
    /// The system clock.
    pub fn system() -> ServerClock {
        ServerClock(Arc::new(system_now_ms))
    }

    /// A clock that reads `now` (milliseconds since 1970): for tests that make time pass.
    pub fn from_fn(now: impl Fn() -> f64 + Send + Sync + 'static) -> ServerClock {
        ServerClock(Arc::new(now))
    }

    /// Milliseconds since 1970.
    pub fn now_ms(&self) -> f64 {
        (self.0)()
    }
}

impl Default for ServerClock {
    fn default() -> ServerClock {
        ServerClock::system()
    }
}

impl fmt::Debug for ServerClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ServerClock(now = {} ms)", self.now_ms())
    }
}
