//! What bounds a search: depth, nodes, time, and a stop flag that another thread may set; and
//! how many best lines it finds.
//!
//! The library never reads a clock by itself: the caller hands in a [`Clock`]. On desktop and
//! mobile that is [`StdClock`]; in a browser (WebAssembly has no `std::time::Instant`) the app
//! implements [`Clock`] over `performance.now()`, or passes [`NoClock`] and stops the search
//! with the flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A monotonic clock in milliseconds. Only differences between readings matter.
pub trait Clock {
    fn now_ms(&self) -> u64;
}

/// A clock that never moves: time limits never fire, only depth, nodes and the stop flag do.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> u64 {
        0
    }
}

/// The operating system's monotonic clock (not on WebAssembly, where it does not exist).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct StdClock {
    origin: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl StdClock {
    pub fn new() -> StdClock {
        StdClock {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for StdClock {
    fn default() -> StdClock {
        StdClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for StdClock {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.origin.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// The limits of one search. Any that is set ends the search; with none set the search runs
/// to the maximum depth or until the stop flag is raised.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes (positions visited, quiescence included).
    pub nodes: Option<u64>,
    /// Wall time for the whole search, in milliseconds, read from the [`Clock`].
    pub movetime_ms: Option<u64>,
    /// Raised by another thread to end the search; checked every 1024 nodes.
    pub stop: Option<Arc<AtomicBool>>,
    /// How many best lines to find, each with its exact score (multi-PV); unset or 1: one.
    /// Not a limit: N lines cost about N searches of the lines after the first.
    pub multipv: Option<usize>,
}

impl Limits {
    /// No limit at all (stop with the flag).
    pub fn infinite() -> Limits {
        Limits::default()
    }

    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }

    pub fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = Some(depth);
        self
    }

    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    pub fn with_movetime(mut self, ms: u64) -> Limits {
        self.movetime_ms = Some(ms);
        self
    }

    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Limits {
        self.stop = Some(stop);
        self
    }

    pub fn with_multipv(mut self, lines: usize) -> Limits {
        self.multipv = Some(lines);
        self
    }

    /// The number of lines to find: [`Limits::multipv`], at least one.
    pub fn lines(&self) -> usize {
        self.multipv.unwrap_or(1).max(1)
    }

    pub(crate) fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stop_flag_is_read() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::infinite().with_stop(flag.clone());
        assert!(!limits.stop_requested());
        flag.store(true, Ordering::Relaxed);
        assert!(limits.stop_requested());
    }
}
