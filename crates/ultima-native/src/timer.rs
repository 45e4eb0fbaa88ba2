//! One thread that wakes when the running clock of the game in progress runs out, so that a
//! timed game is lost on time even when nobody acts (the session only notices when asked).

use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use ultima_app_state::clock::system_now_ms as now_ms;

/// When to call back, and for which game.
#[derive(Clone, Debug, PartialEq)]
struct Deadline {
    game_id: String,
    at: f64,
}

#[derive(Default)]
struct Slot {
    deadline: Option<Deadline>,
    started: bool,
}

#[derive(Default)]
pub struct FlagTimer {
    slot: Arc<(Mutex<Slot>, Condvar)>,
}

impl FlagTimer {
    /// Sets (or clears, with `None`) the moment to call `on_due` with the game's id. The
    /// thread starts with the first deadline.
    pub fn set(
        &self,
        deadline: Option<(String, f64)>,
        on_due: impl Fn(&str) + Send + Sync + 'static,
    ) {
        let (lock, wake) = &*self.slot;
        let mut slot = lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        slot.deadline = deadline.map(|(game_id, at)| Deadline { game_id, at });
        if !slot.started && slot.deadline.is_some() {
            slot.started = true;
            let shared = self.slot.clone();
            let spawned = std::thread::Builder::new()
                .name("ultima-clock".into())
                .spawn(move || watch(&shared, &on_due));
            if let Err(error) = spawned {
                eprintln!("ultima: starting the clock's thread: {error}");
                slot.started = false;
            }
        }
        wake.notify_all();
    }
}

fn watch(shared: &(Mutex<Slot>, Condvar), on_due: &(dyn Fn(&str) + Send + Sync)) {
    let (lock, wake) = shared;
    let mut slot = lock
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    loop {
        match slot.deadline.clone() {
            None => {
                slot = wake
                    .wait(slot)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
            }
            Some(deadline) => {
                let left = deadline.at - now_ms();
                if left > 0.0 {
                    // A few milliseconds late rather than early: the session must find the
                    // clock run out when asked.
                    let wait = Duration::from_millis(left.ceil() as u64 + 5);
                    slot = wake
                        .wait_timeout(slot, wait)
                        .map(|(slot, _)| slot)
                        .unwrap_or_else(|poisoned| poisoned.into_inner().0);
                    continue;
                }
                slot.deadline = None;
                drop(slot);
                on_due(&deadline.game_id);
                slot = lock
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
            }
        }
    }
}
