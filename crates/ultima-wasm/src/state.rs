//! The app's state in the browser: the settings and the game in progress
//! (`ultima_app_state::games`, staged in the saved record after every change), the course, the
//! trainer, the finished games, the bot's turn and the clock's flag. The browser's page is one thread, so there are no locks
//! and no threads here: the bot's search runs in a Web Worker (see [`BotJob`]), the clock's
//! flag is a timer the page sets from [`AppState::next_deadline`], and the events for the
//! page's channel are queued ([`AppState::take_events`]).

use ultima_app_state::games::{Act, Games, Startup, FIRST_PAGE};
use ultima_game::wire::{BoardView, GameView, NewGame, Opponent};
use ultima_game::Session;
use ultima_rules::Move;

use crate::bot::BotJob;
use crate::course_state::CourseData;
use crate::error::{AppError, ErrorKind, Problem};
use crate::events::GameEvent;
use crate::finished::{Finished, FinishedPage, PageCursor, Write};
use crate::puzzle_state::PuzzleData;
use crate::settings::Settings;
use crate::store::{Loaded, Store};
use crate::time::{new_game_id, now_ms, seed};
use ultima_app_state::record::Parts;

/// The bot's search under way: which game and ply it is for.
#[derive(Clone, Debug, PartialEq)]
struct Search {
    ticket: u32,
    game_id: String,
    ply: usize,
}

pub struct AppState {
    /// The settings and the game in progress.
    pub(crate) games: Games,
    pub(crate) course: CourseData,
    pub(crate) puzzles: PuzzleData,
    pub(crate) store: Store,
    pub(crate) finished: Finished,
    /// The page registered its channel (`watch_games`): the bot may move.
    watched: bool,
    events: Vec<GameEvent>,
    search: Option<Search>,
    /// A search to start in the worker, not yet handed to the page.
    job: Option<BotJob>,
    tickets: u32,
}

impl AppState {
    /// The state from what was saved: the small record (see `store`) and the history's.
    pub fn open(store: Store, loaded: Loaded, finished: Finished) -> AppState {
        let Parts {
            games,
            course,
            puzzles,
        } = loaded.into_parts(finished.seen_puzzles(), now_ms());
        let mut state = AppState {
            games,
            course,
            puzzles,
            store,
            finished,
            watched: false,
            events: Vec::new(),
            search: None,
            job: None,
            tickets: 0,
        };
        // A game that ended before it was filed (the page closed in between) is filed now.
        if let Err(error) = state.games.file_current(Some(&mut state.finished)) {
            eprintln!("ultima: filing the finished game: {error:?}");
        }
        state.settle_puzzles();
        state
    }

    /// The records to write before the command's answer goes out: the finished games and
    /// attempts filed, then the small record (`None` when it did not change or must not be
    /// written).
    pub fn take_writes(&mut self) -> Vec<Write> {
        self.finished.take_writes()
    }

    pub fn snapshot(&self) -> Option<String> {
        self.store.snapshot()
    }

    pub fn take_events(&mut self) -> Vec<GameEvent> {
        std::mem::take(&mut self.events)
    }

    /// The search the worker should run now, if one is to start.
    pub fn take_job(&mut self) -> Option<BotJob> {
        self.job.take()
    }

    /// The ticket of the search under way (the page stops a worker on another one).
    pub fn searching(&self) -> Option<u32> {
        self.search.as_ref().map(|search| search.ticket)
    }

    /// When the running clock of the game in progress runs out (ms since 1970).
    pub fn next_deadline(&self) -> Option<f64> {
        self.games.current.as_ref()?.next_flag_at()
    }

    /// Changes the game in progress named `game_id`, stages it (see [`Games::change_current`]).
    fn change_current(
        &mut self,
        game_id: &str,
        change: impl FnOnce(&mut Session, f64) -> Result<(), AppError>,
    ) -> Result<GameView, AppError> {
        self.games.change_current(
            &self.store,
            Some(&mut self.finished),
            game_id,
            now_ms(),
            change,
        )
    }

    pub fn start_up(&mut self) -> Result<Startup, AppError> {
        Ok(Startup {
            settings: self.games.settings,
            current: self
                .games
                .current
                .as_ref()
                .map(|session| session.view(now_ms())),
            finished: self.finished.page(None, FIRST_PAGE),
            notices: std::mem::take(&mut self.games.notices),
            read_only: self.store.is_read_only(),
            course: self.course_status(),
            puzzles: self.puzzle_status(),
        })
    }

    /// The page's channel is registered: if it is the bot's move, it starts now.
    pub fn watch(&mut self) {
        self.watched = true;
        self.drive_bot();
    }

    pub fn new_game(&mut self, request: NewGame) -> Result<GameView, AppError> {
        self.search = None;
        let coin = seed().is_multiple_of(2);
        let view = self.games.new_game(
            &self.store,
            Some(&mut self.finished),
            request,
            new_game_id(),
            now_ms(),
            coin,
        );
        self.drive_bot();
        view
    }

    pub fn rematch(&mut self, game_id: &str) -> Result<GameView, AppError> {
        let previous = self.find(game_id)?;
        self.search = None;
        let session = previous.rematch(new_game_id(), now_ms());
        let view = self
            .games
            .start(&self.store, Some(&mut self.finished), session, now_ms());
        self.drive_bot();
        view
    }

    pub fn open_game(&mut self, game_id: &str) -> Result<GameView, AppError> {
        let view = self.games.open(game_id)?.view(now_ms());
        self.drive_bot();
        Ok(view)
    }

    /// Does `act` to the game in progress, then lets the bot move if it is its turn.
    fn act(&mut self, game_id: &str, act: Act<'_>) -> Result<GameView, AppError> {
        if act.stops_bot() {
            self.cancel_for(game_id);
        }
        let view = self.games.act(
            &self.store,
            Some(&mut self.finished),
            game_id,
            act,
            now_ms(),
        );
        self.drive_bot();
        view
    }

    pub fn play_move(&mut self, game_id: &str, from: &str, to: &str) -> Result<GameView, AppError> {
        self.act(game_id, Act::Play { from, to })
    }

    pub fn take_back(&mut self, game_id: &str) -> Result<GameView, AppError> {
        self.act(game_id, Act::TakeBack)
    }

    /// Against the bot, on the player's move: counts a hint in the game (saved) and finds the
    /// piece the engine would move, as the app's `game_hint` does.
    pub fn game_hint(
        &mut self,
        game_id: &str,
    ) -> Result<crate::analysis::wire::HintView, AppError> {
        let (game, hints) =
            self.games
                .count_hint(&self.store, Some(&mut self.finished), game_id, now_ms())?;
        ultima_app_state::analysis::hint(&game, hints)
    }

    /// The evaluation bar in play, as the app's `game_eval_bar` does: the position after `ply`
    /// moves of `game_id` scored (on the page's thread: a search of a few hundredths of a
    /// second, nothing to stop), the record of a game in progress noting the bar (saved).
    pub fn game_eval_bar(
        &mut self,
        game_id: &str,
        ply: u32,
    ) -> Result<crate::analysis::wire::EvalBarView, AppError> {
        let session = self.find(game_id)?;
        self.games
            .note_eval_bar(&self.store, Some(&mut self.finished), &session, now_ms())?;
        let never = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        crate::analysis::wire::eval_bar(session.game(), ply, &never)
    }

    pub fn answer_take_back(&mut self, game_id: &str, accept: bool) -> Result<GameView, AppError> {
        self.act(game_id, Act::AnswerTakeBack { accept })
    }

    pub fn resign(&mut self, game_id: &str) -> Result<GameView, AppError> {
        self.act(game_id, Act::Resign)
    }

    pub fn offer_draw(&mut self, game_id: &str) -> Result<GameView, AppError> {
        self.act(game_id, Act::OfferDraw)
    }

    pub fn answer_draw(&mut self, game_id: &str, accept: bool) -> Result<GameView, AppError> {
        self.act(game_id, Act::AnswerDraw { accept })
    }

    /// The player left the play screen: the bot stops thinking (`open_game` resumes it).
    pub fn leave_game(&mut self, game_id: &str) {
        self.cancel_for(game_id);
    }

    pub fn board_at(&self, game_id: &str, ply: u32) -> Result<BoardView, AppError> {
        Ok(self.find(game_id)?.board_at(ply)?)
    }

    pub fn finished_game(&self, game_id: &str) -> Result<GameView, AppError> {
        Ok(self.finished.game(game_id)?.view(now_ms()))
    }

    pub fn finished_games(&self, before: Option<&PageCursor>, limit: u32) -> FinishedPage {
        self.finished.page(before, limit)
    }

    pub fn set_settings(&mut self, settings: Settings) -> Result<Settings, AppError> {
        self.games
            .set_settings(&self.store, Some(&mut self.finished), settings)
    }

    /// The clock's timer rang: a clock that ran out ends the game on time, saved and pushed.
    pub fn clock_due(&mut self) {
        let Some(game_id) = self.games.current.as_ref().map(|s| s.id().to_string()) else {
            return;
        };
        if !self
            .games
            .current
            .as_ref()
            .is_some_and(|s| s.flag_due(now_ms()))
        {
            return;
        }
        self.cancel_for(&game_id);
        match self.change_current(&game_id, |_, _| Ok(())) {
            Ok(game) => self.events.push(GameEvent::Changed { game }),
            Err(error) => self.events.push(GameEvent::Failed { game_id, error }),
        }
    }

    /// The game in progress if it is `game_id`, else that finished game.
    pub(crate) fn find(&self, game_id: &str) -> Result<Session, AppError> {
        if let Some(session) = self.games.current_named(game_id) {
            return Ok(session.clone());
        }
        self.finished.game(game_id)
    }

    fn cancel_for(&mut self, game_id: &str) {
        if self
            .search
            .as_ref()
            .is_some_and(|search| search.game_id == game_id)
        {
            self.search = None;
            self.job = None;
        }
    }

    /// Starts the bot's search if the game in progress is its move and the page is watching
    /// (a search already under way for the same position goes on).
    fn drive_bot(&mut self) {
        if !self.watched {
            return;
        }
        let Some(session) = self.games.current.as_ref().filter(|s| s.is_bot_to_move()) else {
            return;
        };
        let Opponent::Bot { level, .. } = session.opponent() else {
            return;
        };
        let game_id = session.id().to_string();
        let ply = session.game().moves().len();
        if self
            .search
            .as_ref()
            .is_some_and(|search| search.game_id == game_id && search.ply == ply)
        {
            return;
        }
        self.tickets = self.tickets.wrapping_add(1);
        let ticket = self.tickets;
        self.job = Some(BotJob::new(ticket, level, session.game(), seed()));
        self.search = Some(Search {
            ticket,
            game_id: game_id.clone(),
            ply,
        });
        self.events.push(GameEvent::BotThinking { game_id });
    }

    /// The worker's answer for `ticket`: its move is played, saved and pushed as `changed`,
    /// unless the game moved on first (a take-back, a new game), when it is dropped. `None`:
    /// the search found no move.
    pub fn bot_played(&mut self, ticket: u32, mv: Option<&str>) {
        let Some(search) = self.search.clone().filter(|search| search.ticket == ticket) else {
            return;
        };
        self.search = None;
        let answer = match mv {
            None => Err(AppError {
                kind: ErrorKind::BadRequest,
                problem: Problem::BotFailed,
            }),
            Some(text) => self.change_current(&search.game_id, |session, now| {
                if session.game().moves().len() != search.ply {
                    return Err(AppError::new(Problem::GameChanged));
                }
                let mv: Move = session
                    .game()
                    .position()
                    .parse_coordinates(text)
                    .map_err(|_| AppError::new(Problem::BotFailed))?;
                session.play_bot(&mv, now)?;
                Ok(())
            }),
        };
        match answer {
            Ok(game) => self.events.push(GameEvent::Changed { game }),
            Err(error) if error.is_cancelled() => {}
            Err(error) => self.events.push(GameEvent::Failed {
                game_id: search.game_id,
                error,
            }),
        }
        self.drive_bot();
    }
}
