//! The app's state, handed to Tauri with `.manage()`: settings and the game in progress
//! (`ultima_app_state::games`, saved in the store after every change), the course and the
//! trainer (each under its own lock), the finished games (in the history database), the bot's
//! thread, the clock's timer thread, and the channel the UI watches. Everything here runs off the main thread (see `commands`).

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use ultima_app_state::archive::Archive;
use ultima_app_state::games::Games;
pub use ultima_app_state::games::{Act, Startup, FIRST_PAGE};

use crate::bot::{self, BotRunner, NoMove};
use crate::course::CourseData;
use crate::puzzles::PuzzleData;
use ultima_game::wire::{BoardView, GameView, NewGame, Opponent};
use ultima_game::Session;

use crate::error::{AppError, ErrorKind, Problem, StorageWhat};
use crate::events::{Events, GameEvent};
use crate::history::{Finished, FinishedPage, PageCursor};
use crate::persistence::Persistence;
use crate::settings::Settings;
use crate::store::KeyValue;
use crate::stored::LegacyFinished;
use crate::timer::FlagTimer;
use ultima_app_state::record::{Parts, Saves};

struct Shared {
    /// The settings and the game in progress.
    data: Mutex<Games>,
    /// The rules course (its own lock: a task's bot or hint never holds up a game).
    course: Mutex<CourseData>,
    /// The puzzle trainer (its own lock, as the course's).
    puzzles: Mutex<PuzzleData>,
    bot: BotRunner,
    events: Events,
    clock: FlagTimer,
    /// The store, or why it could not be opened (then nothing can be saved, and the UI says
    /// so instead of starting).
    persistence: Result<Persistence, AppError>,
    /// The finished games (in memory when the database cannot be opened or must not be
    /// written); `None` when the store could not be opened.
    finished: Option<Finished>,
}

#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    /// Opens the store and the history database in `folder` (the app's data folder) and moves
    /// the finished games of an older save into the database. Never fails: a store that
    /// cannot be opened gives an app that says why.
    pub fn open(
        folder: &Path,
        build_store: impl FnOnce(&Path) -> Result<Box<dyn KeyValue>, String>,
    ) -> AppState {
        let (persistence, mut loaded, legacy_finished) =
            match Persistence::open(folder, build_store) {
                Ok(opened) => opened,
                Err(error) => return AppState::unavailable(error),
            };
        let finished = if persistence.is_read_only() {
            Finished::in_memory()
        } else {
            let (finished, notice) = Finished::open(folder);
            loaded.notices.extend(notice);
            finished
        };
        let seen = finished
            .as_ref()
            .map(|finished| {
                finished.seen_puzzles().unwrap_or_else(|error| {
                    eprintln!("ultima: reading the puzzles played: {error:?}");
                    Default::default()
                })
            })
            .unwrap_or_default();
        let Parts {
            games,
            course,
            puzzles,
        } = loaded.into_parts(seen, now_ms());
        let state = AppState(Arc::new(Shared {
            data: Mutex::new(games),
            course: Mutex::new(course),
            puzzles: Mutex::new(puzzles),
            bot: BotRunner::default(),
            events: Events::default(),
            clock: FlagTimer::default(),
            persistence: Ok(persistence),
            finished,
        }));
        state.settle_after_opening(legacy_finished);
        state.settle_puzzles();
        state.arm_clock();
        state
    }

    /// The finished games of a version 1 save go into the database; only once they are
    /// committed there does the store forget them (a crash in between imports them again,
    /// which the database takes as a no-op). A game in progress that ended (a crash before it
    /// was filed) is filed. Then the store is saved in this version's format.
    fn settle_after_opening(&self, legacy_finished: Vec<LegacyFinished>) {
        let (Ok(persistence), Some(finished)) = (&self.0.persistence, &self.0.finished) else {
            return;
        };
        match finished.import(&legacy_finished) {
            // Kept in the store too while the database lives only in memory.
            Ok(()) if finished.is_on_disk() => persistence.forget_legacy_finished(),
            Ok(()) => {}
            Err(error) => {
                eprintln!("ultima: moving finished games into the database: {error:?}");
                return;
            }
        }
        let Ok(mut data) = self.data() else {
            return;
        };
        if let Err(error) = data.file_current(Some(&mut &*finished)) {
            eprintln!("ultima: filing the finished game: {error:?}");
        }
        // Write this version's format now if the file was older or anything was repaired, so
        // that old entries do not come back.
        if persistence.is_older_format() || !data.notices.is_empty() {
            if let Err(error) = persistence.save_games(&data.settings, data.current.as_ref()) {
                eprintln!("ultima: saving after start-up: {error:?}");
            }
        }
    }

    /// The state of an app whose store could not be opened.
    pub fn unavailable(error: AppError) -> AppState {
        AppState(Arc::new(Shared {
            data: Mutex::new(Games::new(Settings::default(), None, Vec::new())),
            course: Mutex::new(CourseData::default()),
            puzzles: Mutex::new(PuzzleData::default()),
            bot: BotRunner::default(),
            events: Events::default(),
            clock: FlagTimer::default(),
            persistence: Err(error),
            finished: None,
        }))
    }

    pub fn bot(&self) -> &BotRunner {
        &self.0.bot
    }

    fn data(&self) -> Result<MutexGuard<'_, Games>, AppError> {
        self.0.data.lock().map_err(|_| {
            AppError::new(Problem::Storage {
                what: StorageWhat::StateDamaged,
            })
        })
    }

    pub(crate) fn course_data(&self) -> Result<MutexGuard<'_, CourseData>, AppError> {
        self.0.course.lock().map_err(|_| {
            AppError::new(Problem::Storage {
                what: StorageWhat::StateDamaged,
            })
        })
    }

    pub(crate) fn puzzle_data(&self) -> Result<MutexGuard<'_, PuzzleData>, AppError> {
        self.0.puzzles.lock().map_err(|_| {
            AppError::new(Problem::Storage {
                what: StorageWhat::StateDamaged,
            })
        })
    }

    /// The finished games' and puzzle attempts' database, if there is one (even in memory).
    pub(crate) fn finished_store(&self) -> Option<&Finished> {
        self.0.finished.as_ref()
    }

    /// The store, or why it could not be opened.
    pub(crate) fn persistence(&self) -> Result<&Persistence, AppError> {
        self.0.persistence.as_ref().map_err(Clone::clone)
    }

    fn finished(&self) -> Result<&Finished, AppError> {
        self.0.finished.as_ref().ok_or_else(|| {
            AppError::new(Problem::Storage {
                what: StorageWhat::History,
            })
        })
    }

    /// Changes the game in progress named `game_id`, saves, and answers with the new view (see
    /// [`Games::change_current`]); the clock is set again.
    pub(crate) fn change_current(
        &self,
        game_id: &str,
        change: impl FnOnce(&mut Session, f64) -> Result<(), AppError>,
    ) -> Result<GameView, AppError> {
        let view = self.change_games(|games, saves, archive| {
            games.change_current(saves, archive, game_id, now_ms(), change)
        })?;
        self.arm_clock();
        Ok(view)
    }

    /// Runs `work` on the settings and the game in progress, with the store to save them in
    /// and the history to file a game that ended in.
    fn change_games<T>(
        &self,
        work: impl FnOnce(&mut Games, &Persistence, Option<&mut dyn Archive>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let persistence = self.0.persistence.as_ref().map_err(Clone::clone)?;
        let mut data = self.data()?;
        let mut finished = self.0.finished.as_ref();
        work(
            &mut data,
            persistence,
            finished.as_mut().map(|f| f as &mut dyn Archive),
        )
    }

    /// Counts a hint in the game in progress `game_id` and saves it (see
    /// [`Games::count_hint`]).
    pub(crate) fn count_hint(&self, game_id: &str) -> Result<(ultima_rules::Game, u32), AppError> {
        let counted = self.change_games(|games, saves, archive| {
            games.count_hint(saves, archive, game_id, now_ms())
        })?;
        self.arm_clock();
        Ok(counted)
    }

    /// The evaluation bar is asked for in `session` (see [`Games::note_eval_bar`]).
    pub(crate) fn note_eval_bar(&self, session: &Session) -> Result<(), AppError> {
        self.change_games(|games, saves, archive| {
            games.note_eval_bar(saves, archive, session, now_ms())
        })?;
        self.arm_clock();
        Ok(())
    }

    /// Sets the clock's thread to wake when the running clock of the game in progress runs
    /// out; then the game is lost on time, saved and pushed.
    fn arm_clock(&self) {
        let deadline = self.data().ok().and_then(|data| {
            let session = data.current.as_ref()?;
            Some((session.id().to_string(), session.next_flag_at()?))
        });
        let weak: Weak<Shared> = Arc::downgrade(&self.0);
        self.0.clock.set(deadline, move |game_id| {
            let Some(shared) = weak.upgrade() else {
                return;
            };
            let state = AppState(shared);
            state.0.bot.cancel_for(game_id);
            match state.change_current(game_id, |_, _| Ok(())) {
                Ok(game) => state.0.events.send(GameEvent::Changed { game }),
                Err(error) => state.0.events.send(GameEvent::Failed {
                    game_id: game_id.to_string(),
                    error,
                }),
            }
        });
    }

    pub fn start_up(&self) -> Result<Startup, AppError> {
        if let Err(error) = &self.0.persistence {
            return Err(error.clone());
        }
        let read_only = self
            .0
            .persistence
            .as_ref()
            .is_ok_and(Persistence::is_read_only);
        let (settings, current, notices) = {
            let mut data = self.data()?;
            (
                data.settings,
                data.current.as_ref().map(|session| session.view(now_ms())),
                std::mem::take(&mut data.notices),
            )
        };
        let finished = match &self.0.finished {
            Some(finished) => finished.page(None, FIRST_PAGE)?,
            None => FinishedPage::default(),
        };
        Ok(Startup {
            settings,
            current,
            finished,
            notices,
            read_only,
            course: self.course_status(),
            puzzles: self.puzzle_status(),
        })
    }

    /// The UI's channel for pushed updates. If the game in progress is the bot's move, the bot
    /// starts now.
    pub fn watch(&self, sink: impl Fn(GameEvent) + Send + Sync + 'static) {
        self.0.events.register(sink);
        self.drive_bot();
    }

    pub fn new_game(&self, request: NewGame) -> Result<GameView, AppError> {
        self.0.bot.cancel();
        let view = self.change_games(|games, saves, archive| {
            let coin = seed().is_multiple_of(2);
            games.new_game(saves, archive, request, new_game_id(), now_ms(), coin)
        });
        self.started();
        view
    }

    pub fn rematch(&self, game_id: &str) -> Result<GameView, AppError> {
        let previous = self.find(game_id)?;
        self.0.bot.cancel();
        let view = self.change_games(|games, saves, archive| {
            let session = previous.rematch(new_game_id(), now_ms());
            games.start(saves, archive, session, now_ms())
        });
        self.started();
        view
    }

    /// A new game is the game in progress (or was refused: the old one's bot, if it was to
    /// move, thinks again).
    fn started(&self) {
        self.arm_clock();
        self.drive_bot();
    }

    /// The play screen (re)opens the game in progress: the bot resumes if it is its move.
    pub fn open_game(&self, game_id: &str) -> Result<GameView, AppError> {
        let view = self.data()?.open(game_id)?.view(now_ms());
        self.drive_bot();
        Ok(view)
    }

    /// Does `act` to the game in progress, then lets the bot move if it is its turn (also
    /// when the act was refused: a search it stopped must go on).
    pub fn act(&self, game_id: &str, act: Act<'_>) -> Result<GameView, AppError> {
        if act.stops_bot() {
            self.0.bot.cancel_for(game_id);
        }
        let view = self
            .change_games(|games, saves, archive| games.act(saves, archive, game_id, act, now_ms()))
            .inspect(|_| self.arm_clock());
        self.drive_bot();
        view
    }

    /// The player's move (between friends, the side to move's).
    pub fn play_move(&self, game_id: &str, from: &str, to: &str) -> Result<GameView, AppError> {
        self.act(game_id, Act::Play { from, to })
    }

    /// Against the bot, takes back the player's last move (and the bot's answer) at once, its
    /// search stopped; between friends, the side that moved last asks, and the other answers.
    pub fn take_back(&self, game_id: &str) -> Result<GameView, AppError> {
        self.act(game_id, Act::TakeBack)
    }

    pub fn answer_take_back(&self, game_id: &str, accept: bool) -> Result<GameView, AppError> {
        self.act(game_id, Act::AnswerTakeBack { accept })
    }

    /// The seat the core names resigns: against the bot the player, between friends the side
    /// to move.
    pub fn resign(&self, game_id: &str) -> Result<GameView, AppError> {
        self.act(game_id, Act::Resign)
    }

    pub fn offer_draw(&self, game_id: &str) -> Result<GameView, AppError> {
        self.act(game_id, Act::OfferDraw)
    }

    pub fn answer_draw(&self, game_id: &str, accept: bool) -> Result<GameView, AppError> {
        self.act(game_id, Act::AnswerDraw { accept })
    }

    /// The player left the play screen: the bot stops thinking (the game stays saved, and
    /// `open_game` resumes it).
    pub fn leave_game(&self, game_id: &str) {
        self.0.bot.cancel_for(game_id);
    }

    /// The board of a game (in progress or finished) after `ply` moves, to step through it.
    pub fn board_at(&self, game_id: &str, ply: u32) -> Result<BoardView, AppError> {
        Ok(self.find(game_id)?.board_at(ply)?)
    }

    /// A finished game, to review it.
    pub fn finished_game(&self, game_id: &str) -> Result<GameView, AppError> {
        Ok(self.finished()?.game(game_id)?.view(now_ms()))
    }

    /// A page of finished games, newest first, after the page that ended at `before`.
    pub fn finished_games(
        &self,
        before: Option<&PageCursor>,
        limit: u32,
    ) -> Result<FinishedPage, AppError> {
        match &self.0.finished {
            Some(finished) => finished.page(before, limit),
            None => Ok(FinishedPage::default()),
        }
    }

    pub fn set_settings(&self, settings: Settings) -> Result<Settings, AppError> {
        self.change_games(|games, saves, archive| games.set_settings(saves, archive, settings))
    }

    #[cfg(test)]
    pub fn current_plies(&self) -> Option<usize> {
        Some(self.data().ok()?.current.as_ref()?.game().moves().len())
    }

    /// The game in progress if it is `game_id`, else that finished game.
    pub(crate) fn find(&self, game_id: &str) -> Result<Session, AppError> {
        if let Some(session) = self.data()?.current_named(game_id) {
            return Ok(session.clone());
        }
        self.finished()?.game(game_id)
    }

    /// Starts the bot's search if the game in progress is its move and the UI is watching (a
    /// search already under way for the same position goes on). Its move is played, saved and
    /// pushed as `changed`; a search stopped on purpose changes nothing and says nothing.
    pub fn drive_bot(&self) {
        if !self.0.events.is_watched() {
            return;
        }
        let Ok(data) = self.data() else {
            return;
        };
        let Some(session) = data.current.as_ref().filter(|s| s.is_bot_to_move()) else {
            return;
        };
        let Opponent::Bot { level, .. } = session.opponent() else {
            return;
        };
        let game_id = session.id().to_string();
        let ply = session.game().moves().len();
        let Some(ticket) = self.0.bot.begin(&game_id, ply) else {
            return;
        };
        let position = session.game().position().clone();
        let history = ultima_bot::history_hashes(session.game());
        drop(data);
        self.0.events.send(GameEvent::BotThinking {
            game_id: game_id.clone(),
        });
        let state = self.clone();
        let spawned = std::thread::Builder::new()
            .name("ultima-bot".into())
            .spawn(move || {
                let choice = bot::think(&ticket, level, &position, &history, seed());
                let answer = match choice {
                    Err(NoMove::Stopped) => None,
                    // Shown to the player (a `cancelled` kind would not be).
                    Err(NoMove::Failed) => Some(Err(AppError {
                        kind: ErrorKind::BadRequest,
                        problem: Problem::BotFailed,
                    })),
                    Ok(mv) => state
                        .change_current(&game_id, |session, now| {
                            // Checked under the lock: a take-back or a new game that came
                            // first wins, and this move is dropped.
                            if ticket.is_stopped() || session.game().moves().len() != ply {
                                return Err(AppError::new(Problem::GameChanged));
                            }
                            session.play_bot(&mv, now)?;
                            Ok(())
                        })
                        .map(Some)
                        .transpose(),
                };
                state.0.bot.end(&ticket);
                match answer {
                    None => {}
                    Some(Ok(game)) => state.0.events.send(GameEvent::Changed { game }),
                    Some(Err(error)) if error.is_cancelled() => {}
                    Some(Err(error)) => state.0.events.send(GameEvent::Failed { game_id, error }),
                }
            });
        if let Err(error) = spawned {
            eprintln!("ultima: starting the bot's thread: {error}");
        }
    }
}

pub use ultima_app_state::clock::{system_now_ms as now_ms, system_seed as seed};

/// A fresh identifier for a game.
pub fn new_game_id() -> String {
    ultima_app_state::clock::game_id(now_ms())
}

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
