//! The hub's std mutexes are held for a few lines and never across an await: one that a
//! panicking task poisoned is taken as it is.

use std::sync::{Mutex, MutexGuard};

/// The guard of `mutex`, poisoned or not.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    match mutex.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}
