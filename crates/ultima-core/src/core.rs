//! [`AppCore`]: the whole app's state, owned in one place and changed only by its commands and
//! by the results of the work it handed out. It does no I/O of its own beyond its platform's
//! store and history, starts no thread and sets no timer: what it wants done (a bot search, a
//! clock's flag to watch, updates for the UI) waits in it as values, and the shell takes them
//! after each call (`take_events`, `take_job`, `searching`, `next_deadline`).

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use ultima_app_state::course::CourseData;
use ultima_app_state::error::AppError;
use ultima_app_state::events::GameEvent;
use ultima_app_state::games::Games;
use ultima_app_state::puzzles::PuzzleData;
use ultima_app_state::record::Loaded;
use ultima_game::Session;

use crate::bot::BotJob;
use crate::platform::{History, Platform};

/// The bot's search under way: which game and ply it is for.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Search {
    pub(crate) ticket: u32,
    pub(crate) game_id: String,
    pub(crate) ply: usize,
}

/// The app: the settings and the game in progress, the course, the trainer, the history, the
/// bot's turn and the clock's flag.
pub struct AppCore<P: Platform> {
    pub(crate) platform: P,
    pub(crate) store: P::Store,
    pub(crate) history: P::History,
    /// The settings and the game in progress.
    pub(crate) games: Games,
    pub(crate) course: CourseData,
    pub(crate) puzzles: PuzzleData,
    /// The UI registered its channel (`watch_games`): the bot may move.
    pub(crate) watched: bool,
    pub(crate) events: Vec<GameEvent>,
    pub(crate) search: Option<Search>,
    /// A search to start, not yet taken by the shell.
    pub(crate) job: Option<BotJob>,
    pub(crate) tickets: u32,
    /// The stop flag of the evaluation bar's search under way (the newest request is the one
    /// wanted: it stops the one before).
    pub(crate) eval_bar: Arc<Mutex<Option<Arc<AtomicBool>>>>,
    /// Online play on this side (its connection is the shell's).
    pub(crate) online: crate::online::state::Online,
}

/// How the core was opened, beyond what was saved.
#[derive(Clone, Copy, Debug, Default)]
pub struct Opening {
    /// The saved record is of an older format (or was repaired): the settings and the game in
    /// progress are written again at once in this version's, so that old entries do not come
    /// back.
    pub rewrite: bool,
}

impl<P: Platform> AppCore<P> {
    /// The app from what was saved: the small record (read into `loaded`) and the history. A
    /// game that ended before it was filed (a crash in between) is filed now, and so is a
    /// puzzle attempt left over.
    pub fn open(
        platform: P,
        store: P::Store,
        loaded: Loaded,
        history: P::History,
        opening: Opening,
    ) -> AppCore<P> {
        let Loaded {
            settings,
            mut current,
            notices,
            course_progress,
            course_task,
            puzzle_rating,
            puzzle_current,
        } = loaded;
        // The player was not thinking while the app was closed.
        if let Some(session) = &mut current {
            session.resume_clock(platform.now_ms());
        }
        let games = Games::new(settings, current, notices);
        // The course's task open is played again; the trainer knows the puzzles seen.
        let course = CourseData::restored(course_progress, course_task.as_ref());
        let puzzles = PuzzleData::new(puzzle_rating, puzzle_current, history.seen_puzzles());
        let mut core = AppCore {
            platform,
            store,
            history,
            games,
            course,
            puzzles,
            watched: false,
            events: Vec::new(),
            search: None,
            job: None,
            tickets: 0,
            eval_bar: Default::default(),
            online: crate::online::state::Online::default(),
        };
        core.online = crate::online::state::Online::read(&core.store);
        if let Err(error) = core.games.file_current(Some(&mut core.history)) {
            eprintln!("ultima: filing the finished game: {error:?}");
        }
        if opening.rewrite {
            use ultima_app_state::record::Saves;
            if let Err(error) = core
                .store
                .save_games(&core.games.settings, core.games.current.as_ref())
            {
                eprintln!("ultima: saving after start-up: {error:?}");
            }
        }
        core.puzzles.settle(&core.store, Some(&mut core.history));
        core
    }

    /// The platform (for a shell's own use of it).
    pub fn platform(&self) -> &P {
        &self.platform
    }

    /// The small saved record (the browser writes its snapshot after each call).
    pub fn store(&self) -> &P::Store {
        &self.store
    }

    /// The history (the browser writes its pending records after each call).
    pub fn history_mut(&mut self) -> &mut P::History {
        &mut self.history
    }

    /// The updates for the UI's channel since the last call.
    pub fn take_events(&mut self) -> Vec<GameEvent> {
        std::mem::take(&mut self.events)
    }

    /// The bot's search to start now, if one is due.
    pub fn take_job(&mut self) -> Option<BotJob> {
        self.job.take()
    }

    /// The ticket of the search wanted now: a search under way for another ticket is to stop.
    pub fn searching(&self) -> Option<u32> {
        self.search.as_ref().map(|search| search.ticket)
    }

    /// When the running clock of the game in progress runs out (ms since 1970), for the
    /// shell's timer; then it calls [`AppCore::clock_due`].
    pub fn next_deadline(&self) -> Option<f64> {
        self.games.current.as_ref()?.next_flag_at()
    }

    /// A fresh identifier for a game.
    pub(crate) fn new_game_id(&self) -> String {
        ultima_app_state::clock::game_id(self.platform.now_ms())
    }

    /// The game in progress if it is `game_id`, else that finished game.
    pub fn find(&self, game_id: &str) -> Result<Session, AppError> {
        if let Some(session) = self.games.current_named(game_id) {
            return Ok(session.clone());
        }
        self.history.game(game_id)
    }

    /// The course's status as the home screen shows it.
    pub fn course_status(&self) -> ultima_app_state::course::wire::CourseStatus {
        self.course.status()
    }

    #[doc(hidden)]
    /// For tests: the trainer draws from `puzzles` instead of the shipped collection.
    pub fn use_puzzles(&mut self, puzzles: &'static [ultima_puzzles::Puzzle]) {
        self.puzzles.use_collection(puzzles);
    }

    #[doc(hidden)]
    /// For tests: how many moves the game in progress has.
    pub fn current_plies(&self) -> Option<usize> {
        Some(self.games.current.as_ref()?.game().moves().len())
    }
}
