//! An answer now, or the work that makes it: a command whose answer takes a search (a hint, the
//! evaluation bar) changes the state at once and hands back the search as [`Later::Work`], which
//! the shell runs outside the core (the desktop on a blocking thread, so the core stays free for
//! the bot's move meanwhile; the browser at once).

use ultima_app_state::error::AppError;

/// The search of a command, to run outside the core.
pub type Work<T> = Box<dyn FnOnce() -> Result<T, AppError> + Send>;

pub enum Later<T> {
    Now(T),
    Work(Work<T>),
}

impl<T> Later<T> {
    /// The answer, running the work if there is some.
    pub fn run(self) -> Result<T, AppError> {
        match self {
            Later::Now(value) => Ok(value),
            Later::Work(work) => work(),
        }
    }
}

impl<T> From<T> for Later<T> {
    fn from(value: T) -> Later<T> {
        Later::Now(value)
    }
}
