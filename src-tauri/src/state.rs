//! The state handed to Tauri with `.manage()`: the app's one [`AppCore`] on the native
//! platform (`ultima-native`'s [`Desktop`]) under a lock, with what runs the work it hands out
//! (the bot's thread, the clock's timer thread, the channel the UI watches). Every command goes
//! through [`AppState::with_core`], which lets the core change, then runs what it asked for.
//! Everything here runs off the main thread (see `commands`).

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use ultima_core::{AppCore, Later};
use ultima_native::{BotRunner, Desktop, FlagTimer, KeyValue};

use crate::error::{AppError, AppProblem, StorageWhat};
use crate::events::{Events, GameEvent};

struct Shared {
    /// The app, or why its data could not be opened (then every command says so).
    core: Result<Mutex<AppCore<Desktop>>, AppError>,
    bot: BotRunner,
    events: Events,
    clock: FlagTimer,
}

#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    /// Opens the app on its data in `folder` (the app's data folder; see `ultima_native::open`).
    /// Never fails: a store that cannot be opened gives an app that says why.
    pub fn open(
        folder: &Path,
        build_store: impl FnOnce(&Path) -> Result<Box<dyn KeyValue>, String>,
    ) -> AppState {
        let core = match ultima_native::open(folder, build_store) {
            Ok(core) => core,
            Err(error) => return AppState::unavailable(error),
        };
        let state = AppState(Arc::new(Shared {
            core: Ok(Mutex::new(core)),
            bot: BotRunner::default(),
            events: Events::default(),
            clock: FlagTimer::default(),
        }));
        // The clock of a game in progress runs on.
        let _ = state.with_core(|_| Ok(()));
        state
    }

    /// The state of an app whose store could not be opened.
    pub fn unavailable(error: AppError) -> AppState {
        AppState(Arc::new(Shared {
            core: Err(error),
            bot: BotRunner::default(),
            events: Events::default(),
            clock: FlagTimer::default(),
        }))
    }

    pub fn bot(&self) -> &BotRunner {
        &self.0.bot
    }

    fn core(&self) -> Result<MutexGuard<'_, AppCore<Desktop>>, AppError> {
        let core = self.0.core.as_ref().map_err(Clone::clone)?;
        core.lock().map_err(|_| {
            AppError::new(AppProblem::Storage {
                what: StorageWhat::StateDamaged,
            })
        })
    }

    /// Runs `work` on the app, then what it asked for: the updates pushed to the UI, the bot's
    /// search started (or stopped), the clock's timer set.
    pub fn with_core<T>(
        &self,
        work: impl FnOnce(&mut AppCore<Desktop>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let mut core = self.core()?;
        let answer = work(&mut core);
        self.settle(&mut core);
        answer
    }

    fn settle(&self, core: &mut AppCore<Desktop>) {
        for event in core.take_events() {
            self.0.events.send(event);
        }
        self.0.bot.keep_only(core.searching());
        if let Some(job) = core.take_job() {
            let weak = Arc::downgrade(&self.0);
            self.0.bot.start(job, move |ticket, mv| {
                let Some(state) = upgrade(&weak) else {
                    return;
                };
                let mv = mv.map(|mv| mv.coordinates());
                let _ = state.with_core(|core| {
                    core.bot_played(ticket, mv.as_deref());
                    Ok(())
                });
                state.0.bot.end(ticket);
            });
        }
        let deadline = core.next_deadline().map(|at| (String::new(), at));
        let weak = Arc::downgrade(&self.0);
        self.0.clock.set(deadline, move |_| {
            if let Some(state) = upgrade(&weak) {
                let _ = state.with_core(|core| {
                    core.clock_due();
                    Ok(())
                });
            }
        });
    }

    /// The UI's channel for pushed updates. If the game in progress is the bot's move, the bot
    /// starts now.
    pub fn watch(&self, sink: impl Fn(GameEvent) + Send + Sync + 'static) -> Result<(), AppError> {
        self.0.events.register(sink);
        self.with_core(|core| core.watch_games())
    }

    /// The game in progress if it is `game_id`, else that finished game.
    #[cfg(test)]
    pub(crate) fn find(&self, game_id: &str) -> Result<ultima_game::Session, AppError> {
        self.with_core(|core| core.find(game_id))
    }
}

/// What the tests look at besides the commands.
#[cfg(test)]
impl AppState {
    pub fn course_status(&self) -> ultima_app_state::course::wire::CourseStatus {
        self.with_core(|core| Ok(core.course_status()))
            .unwrap_or_else(|_| ultima_app_state::course::unknown_status())
    }

    pub fn puzzle_status(&self) -> ultima_app_state::puzzles::wire::PuzzleStatus {
        self.puzzle_rating().expect("the puzzle status")
    }

    pub fn current_plies(&self) -> Option<usize> {
        self.with_core(|core| Ok(core.current_plies()))
            .ok()
            .flatten()
    }

    /// Runs a command by name with its JSON arguments (as the browser's shell does).
    pub fn call(&self, command: &str, args: &serde_json::Value) -> ultima_core::Answer {
        self.with_core(|core| Ok(core.call(command, args)))
            .unwrap_or_else(ultima_core::Answer::Error)
    }

    pub fn use_puzzles(&self, puzzles: &'static [ultima_puzzles::Puzzle]) {
        let _ = self.with_core(|core| {
            core.use_puzzles(puzzles);
            Ok(())
        });
    }
}

fn upgrade(weak: &Weak<Shared>) -> Option<AppState> {
    weak.upgrade().map(AppState)
}

/// Every command of the core's list as a method that blocks until it is answered (its search,
/// if it has one, run outside the core's lock): the Tauri commands call these on a blocking
/// thread.
macro_rules! blocking {
    ($( $(#[$doc:meta])* $name:ident ( $($arg:ident : $ty:ty),* ) -> $answer:ty; )*) => {
        impl AppState {
            $(
                $(#[$doc])*
                pub fn $name(&self, $($arg: impl Into<$ty>),*) -> Result<$answer, AppError> {
                    $(let $arg: $ty = $arg.into();)*
                    self.with_core(move |core| core.$name($($arg),*).map(Later::<$answer>::from))?
                        .run()
                }
            )*
        }
    };
}

ultima_core::with_commands!(blocking);

/// The app's state while it opens: the window shows at once, the store and the database open
/// on a thread of their own (moving an older save's finished games into SQLite can take a few
/// seconds once), and commands wait for them.
#[derive(Clone, Default)]
pub struct Launch(Arc<(Mutex<Option<AppState>>, std::sync::Condvar)>);

impl Launch {
    pub fn opened(&self, state: AppState) {
        let (slot, ready) = &*self.0;
        *slot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(state);
        ready.notify_all();
    }

    /// The state once it is open (blocks until then).
    pub fn wait(&self) -> AppState {
        let (slot, ready) = &*self.0;
        let mut opened = slot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        loop {
            if let Some(state) = opened.as_ref() {
                return state.clone();
            }
            opened = ready
                .wait(opened)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }

    /// The state if it is open already.
    pub fn get(&self) -> Option<AppState> {
        let (slot, _) = &*self.0;
        slot.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}
