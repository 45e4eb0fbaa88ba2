//! Games against the bot and between friends on one device: the commands of the play screen and
//! the home screen's list, the bot's turn (handed out as a [`BotJob`], played when it comes
//! back) and the clock's flag.

use ultima_app_state::archive::{FinishedPage, PageCursor};
use ultima_app_state::error::{AppError, AppProblem, ErrorKind};
use ultima_app_state::events::GameEvent;
use ultima_app_state::games::{Act, Startup, FIRST_PAGE};
use ultima_app_state::settings::Settings;
use ultima_game::wire::{BoardView, GameView, NewGame, Opponent};
use ultima_game::Session;
use ultima_rules::Move;

use crate::bot::BotJob;
use crate::core::{AppCore, Search};
use crate::platform::{History, Platform, Store};

impl<P: Platform> AppCore<P> {
    /// Changes the game in progress named `game_id` and saves it (see
    /// `Games::change_current`).
    fn change_current(
        &mut self,
        game_id: &str,
        change: impl FnOnce(&mut Session, f64) -> Result<(), AppError>,
    ) -> Result<GameView, AppError> {
        let now = self.platform.now_ms();
        let view =
            self.games
                .change_current(&self.store, Some(&mut self.history), game_id, now, change);
        if let Ok(view) = &view {
            self.course_game_changed(view);
        }
        view
    }

    /// Everything the home screen needs at start-up.
    pub fn start_up(&mut self) -> Result<Startup, AppError> {
        let now = self.platform.now_ms();
        Ok(Startup {
            settings: self.games.settings,
            current: self.games.current.as_ref().map(|session| session.view(now)),
            finished: self.history.page(None, FIRST_PAGE)?,
            notices: std::mem::take(&mut self.games.notices),
            read_only: self.store.is_read_only(),
            course: self.course.status(),
            puzzles: self.puzzles.status(),
        })
    }

    /// The UI registered its channel for pushed updates: if it is the bot's move, it starts now.
    pub fn watch_games(&mut self) -> Result<(), AppError> {
        self.watched = true;
        self.drive_bot();
        Ok(())
    }

    pub fn new_game(&mut self, request: NewGame) -> Result<GameView, AppError> {
        self.search = None;
        self.job = None;
        let coin = self.platform.seed().is_multiple_of(2);
        let (id, now) = (self.new_game_id(), self.platform.now_ms());
        let view =
            self.games
                .new_game(&self.store, Some(&mut self.history), request, id, now, coin);
        self.drive_bot();
        view
    }

    pub fn rematch(&mut self, game_id: String) -> Result<GameView, AppError> {
        let previous = self.find(&game_id)?;
        self.search = None;
        self.job = None;
        let (id, now) = (self.new_game_id(), self.platform.now_ms());
        let session = previous.rematch(id, now);
        let view = self
            .games
            .start(&self.store, Some(&mut self.history), session, now);
        self.drive_bot();
        view
    }

    /// The play screen shows the game in progress (again): if it is the bot's move and its
    /// search was stopped (by `leave_game`), it starts again.
    pub fn open_game(&mut self, game_id: String) -> Result<GameView, AppError> {
        let view = self.games.open(&game_id)?.view(self.platform.now_ms());
        self.drive_bot();
        Ok(view)
    }

    /// Does `act` to the game in progress, then lets the bot move if it is its turn (also when
    /// the act was refused: a search it stopped must go on).
    fn act(&mut self, game_id: &str, act: Act<'_>) -> Result<GameView, AppError> {
        if act.stops_bot() {
            self.cancel_for(game_id);
        }
        let now = self.platform.now_ms();
        let view = self
            .games
            .act(&self.store, Some(&mut self.history), game_id, act, now);
        if let Ok(view) = &view {
            self.course_game_changed(view);
        }
        self.drive_bot();
        view
    }

    /// Plays the player's move (between friends, the side to move's). When that makes it the
    /// bot's move, the bot's answer comes through the channel (`changed`).
    pub fn play_move(
        &mut self,
        game_id: String,
        from: String,
        to: String,
    ) -> Result<GameView, AppError> {
        self.act(
            &game_id,
            Act::Play {
                from: &from,
                to: &to,
            },
        )
    }

    /// Against the bot, takes back the player's last move at once; between friends, the side
    /// that moved last asks (`answer_take_back`).
    pub fn take_back(&mut self, game_id: String) -> Result<GameView, AppError> {
        self.act(&game_id, Act::TakeBack)
    }

    /// Between friends: the side asked for a take-back accepts it or declines it.
    pub fn answer_take_back(
        &mut self,
        game_id: String,
        accept: bool,
    ) -> Result<GameView, AppError> {
        self.act(&game_id, Act::AnswerTakeBack { accept })
    }

    /// The side whose seat may resign does: against the bot the player, between friends on one
    /// device the side to move.
    pub fn resign(&mut self, game_id: String) -> Result<GameView, AppError> {
        self.act(&game_id, Act::Resign)
    }

    /// Between friends: the side to move offers a draw (if the other side's offer is open,
    /// this accepts it).
    pub fn offer_draw(&mut self, game_id: String) -> Result<GameView, AppError> {
        self.act(&game_id, Act::OfferDraw)
    }

    /// Between friends: the side the draw was offered to accepts it or declines it.
    pub fn answer_draw(&mut self, game_id: String, accept: bool) -> Result<GameView, AppError> {
        self.act(&game_id, Act::AnswerDraw { accept })
    }

    /// The player left the play screen: the bot stops thinking (the game stays saved, and
    /// `open_game` resumes it).
    pub fn leave_game(&mut self, game_id: String) -> Result<(), AppError> {
        self.cancel_for(&game_id);
        Ok(())
    }

    /// The board of a game (in progress or finished) after `ply` moves, to step through it.
    pub fn board_at(&mut self, game_id: String, ply: u32) -> Result<BoardView, AppError> {
        Ok(self.find(&game_id)?.board_at(ply)?)
    }

    /// A finished game, to review it.
    pub fn finished_game(&mut self, game_id: String) -> Result<GameView, AppError> {
        Ok(self.history.game(&game_id)?.view(self.platform.now_ms()))
    }

    /// The game (in progress or finished) as text to copy and share (see `Session::text`).
    pub fn game_text(&mut self, game_id: String) -> Result<String, AppError> {
        Ok(self.find(&game_id)?.text())
    }

    /// Finished games, newest first: `limit` of them after `before` (the `next` of the page
    /// before; `null` for the newest). Read from their stored summaries, never replayed.
    pub fn finished_games(
        &mut self,
        before: Option<PageCursor>,
        limit: u32,
    ) -> Result<FinishedPage, AppError> {
        self.history.page(before.as_ref(), limit)
    }

    pub fn set_settings(&mut self, settings: Settings) -> Result<Settings, AppError> {
        self.games
            .set_settings(&self.store, Some(&mut self.history), settings)
    }

    /// The shell's timer rang: a clock that ran out ends the game on time, saved and pushed.
    pub fn clock_due(&mut self) {
        let now = self.platform.now_ms();
        let Some(game_id) = self
            .games
            .current
            .as_ref()
            .filter(|session| session.flag_due(now))
            .map(|session| session.id().to_string())
        else {
            return;
        };
        self.cancel_for(&game_id);
        match self.change_current(&game_id, |_, _| Ok(())) {
            Ok(game) => self.events.push(GameEvent::Changed { game }),
            Err(error) => self.events.push(GameEvent::Failed { game_id, error }),
        }
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

    /// Hands out the bot's search if the game in progress is its move and the UI is watching
    /// (a search already under way for the same position goes on).
    pub(crate) fn drive_bot(&mut self) {
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
        self.job = Some(BotJob::new(
            ticket,
            level,
            session.game(),
            self.platform.seed(),
        ));
        self.search = Some(Search {
            ticket,
            game_id: game_id.clone(),
            ply,
        });
        self.events.push(GameEvent::BotThinking { game_id });
    }

    /// The bot's move for the search `ticket` (coordinates; `None`: the search found none):
    /// played, saved and pushed as `changed`, unless the game moved on first (a take-back, a
    /// new game), when it is dropped.
    pub fn bot_played(&mut self, ticket: u32, mv: Option<&str>) {
        let Some(search) = self.search.clone().filter(|search| search.ticket == ticket) else {
            return;
        };
        self.search = None;
        let answer = match mv {
            None => Err(AppError {
                kind: ErrorKind::BadRequest,
                problem: AppProblem::BotFailed.into(),
            }),
            Some(text) => self.change_current(&search.game_id, |session, now| {
                if session.game().moves().len() != search.ply {
                    return Err(AppError::new(AppProblem::GameChanged));
                }
                let mv: Move = session
                    .game()
                    .position()
                    .parse_coordinates(text)
                    .map_err(|_| AppError::new(AppProblem::BotFailed))?;
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
