//! The settings and the game in progress: saved after every change (see [`Saves`]), the game
//! filed among the finished games once it ended (see [`Archive`]). The bot's turn and the
//! clock's flag are the platform's (a thread and a timer thread in the app, a Web Worker and a
//! page timer in the browser): they act through [`Games::change_current`] like the player.

use serde::Serialize;
use specta::Type;
use ultima_game::wire::{GameView, NewGame, Opponent};
use ultima_game::{Action, Session};

use crate::archive::{Archive, FinishedPage};
use crate::course::wire::CourseStatus;
use crate::error::{AppError, AppProblem, GameProblem};
use crate::notice::Notice;
use crate::puzzles::wire::PuzzleStatus;
use crate::record::Saves;
use crate::settings::Settings;

/// How many finished games the home screen gets at start-up (more come page by page).
pub const FIRST_PAGE: u32 = 50;

/// Everything the home screen needs at start-up.
#[derive(Clone, Debug, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct Startup {
    pub settings: Settings,
    /// The game in progress or just finished, if any.
    pub current: Option<GameView>,
    /// The newest finished games; `next` asks `finished_games` for more.
    pub finished: FinishedPage,
    /// Things the player must be told: a repaired save file, an entry that could not be read.
    pub notices: Vec<Notice>,
    /// Nothing is saved this session (the save file comes from a newer version).
    pub read_only: bool,
    /// The rules course: whether it is finished, the next task, the task open.
    pub course: CourseStatus,
    /// The puzzle trainer: the rating, the streak, the puzzle in progress.
    pub puzzles: PuzzleStatus,
}

/// What the player (or, between friends, the side the core names) does to the game in
/// progress.
#[derive(Clone, Copy, Debug)]
pub enum Act<'a> {
    /// A move (`from == to`: a removal).
    Play {
        from: &'a str,
        to: &'a str,
    },
    /// Against the bot, takes back the player's last move (and the bot's answer) at once;
    /// between friends, the side that moved last asks, and the other answers.
    TakeBack,
    AnswerTakeBack {
        accept: bool,
    },
    /// Against the bot the player resigns, between friends the side to move.
    Resign,
    OfferDraw,
    AnswerDraw {
        accept: bool,
    },
}

impl Act<'_> {
    /// Whether the bot's search under way is stopped first (a refused act lets it go on).
    pub fn stops_bot(&self) -> bool {
        matches!(self, Act::TakeBack | Act::Resign)
    }

    fn apply(&self, session: &mut Session, now: f64) -> Result<(), AppError> {
        match *self {
            Act::Play { from, to } => {
                let seat = session.local_seat(Action::Play);
                session.play(seat, from, to, now)?;
            }
            Act::TakeBack => {
                let seat = session.local_seat(Action::TakeBack);
                session.take_back(seat, now)?;
            }
            Act::AnswerTakeBack { accept } => {
                let seat = session.local_seat(Action::AnswerTakeBack);
                session.answer_take_back(seat, accept, now)?;
            }
            Act::Resign => {
                let seat = session.local_seat(Action::Resign);
                session.resign(seat, now)?;
            }
            Act::OfferDraw => {
                let seat = session.local_seat(Action::OfferDraw);
                session.offer_draw(seat, now)?;
            }
            Act::AnswerDraw { accept } => {
                let seat = session.local_seat(Action::AnswerDraw);
                session.answer_draw(seat, accept, now)?;
            }
        }
        Ok(())
    }
}

/// The settings and the game in progress.
pub struct Games {
    pub settings: Settings,
    pub current: Option<Session>,
    /// What the player is still to be told (at start-up).
    pub notices: Vec<Notice>,
    /// The id of the game in progress once it ended and is in the history.
    filed: Option<String>,
}

fn no_game() -> AppError {
    AppError::new(AppProblem::NoGame)
}

fn check_id(session: &Session, game_id: &str) -> Result<(), AppError> {
    if session.id() == game_id {
        Ok(())
    } else {
        Err(AppError::new(AppProblem::NotCurrentGame))
    }
}

impl Games {
    pub fn new(settings: Settings, current: Option<Session>, notices: Vec<Notice>) -> Games {
        Games {
            settings,
            current,
            notices,
            filed: None,
        }
    }

    /// Puts the game in progress among the finished games once it has ended (once: a game
    /// that ended does not change any more). Without any history, not even in memory, there
    /// is nowhere to keep it, and nothing is done.
    pub fn file_current<A: Archive + ?Sized>(
        &mut self,
        archive: Option<&mut A>,
    ) -> Result<(), AppError> {
        let Some(archive) = archive else {
            return Ok(());
        };
        let Some(session) = self.current.as_ref().filter(|s| s.is_over()) else {
            return Ok(());
        };
        if self.filed.as_deref() == Some(session.id()) {
            return Ok(());
        }
        archive.file(session)?;
        self.filed = Some(session.id().to_string());
        Ok(())
    }

    /// Changes the data and saves it; when the save fails, the change is undone (in memory and
    /// in the record's memory) so that what the player sees is always what is saved. A game
    /// that ended with the change is filed among the finished games (retried before the game
    /// is replaced and at the next start).
    fn change<A: Archive + ?Sized, T>(
        &mut self,
        saves: &dyn Saves,
        mut archive: Option<&mut A>,
        change: impl FnOnce(&mut Games, Option<&mut A>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let (settings, current) = (self.settings, self.current.clone());
        let answer = change(self, archive.as_deref_mut()).and_then(|answer| {
            saves
                .save_games(&self.settings, self.current.as_ref())
                .map(|()| answer)
        });
        match &answer {
            Ok(_) => {
                if let Err(error) = self.file_current(archive) {
                    eprintln!("ultima: filing the finished game: {error:?}");
                }
            }
            Err(_) => {
                self.settings = settings;
                self.current = current;
                let _ = saves.stage_games(&self.settings, self.current.as_ref());
            }
        }
        answer
    }

    /// Changes the game in progress named `game_id`, saves, and answers with the new view. A
    /// clock that ran out ends the game on time first, and the change is not made then (the
    /// view says why).
    pub fn change_current<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        game_id: &str,
        now: f64,
        change: impl FnOnce(&mut Session, f64) -> Result<(), AppError>,
    ) -> Result<GameView, AppError> {
        self.change(saves, archive, |games, _| {
            let session = games.current.as_mut().ok_or_else(no_game)?;
            check_id(session, game_id)?;
            if session.flag(now).is_none() {
                change(session, now)?;
            }
            Ok(session.view(now))
        })
    }

    /// Does `act` to the game in progress `game_id` as the seat the core names for it.
    pub fn act<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        game_id: &str,
        act: Act<'_>,
        now: f64,
    ) -> Result<GameView, AppError> {
        self.change_current(saves, archive, game_id, now, |session, now| {
            act.apply(session, now)
        })
    }

    /// A new game: `id` names it, `coin` decides a side left to chance.
    pub fn new_game<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        request: NewGame,
        id: String,
        now: f64,
        coin: bool,
    ) -> Result<GameView, AppError> {
        self.start(saves, archive, Session::new(request, id, now, coin), now)
    }

    /// Makes `session` the game in progress. One that ended is filed first: if that fails,
    /// the new game is refused rather than the old one lost.
    pub fn start<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        session: Session,
        now: f64,
    ) -> Result<GameView, AppError> {
        self.change(saves, archive, |games, archive| {
            games.file_current(archive)?;
            let view = session.view(now);
            games.current = Some(session);
            Ok(view)
        })
    }

    /// The game in progress if it is `game_id`.
    pub fn open(&self, game_id: &str) -> Result<&Session, AppError> {
        let session = self.current.as_ref().ok_or_else(no_game)?;
        check_id(session, game_id)?;
        Ok(session)
    }

    /// Against the bot, on the player's move: counts a hint in the game `game_id` and saves
    /// it; the game as it is then, and the hints so far (see [`crate::analysis::hint`], which
    /// finds the piece).
    pub fn count_hint<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        game_id: &str,
        now: f64,
    ) -> Result<(ultima_rules::Game, u32), AppError> {
        let mut counted = None;
        self.change_current(saves, archive, game_id, now, |session, _| {
            let hints = session.count_hint()?;
            counted = Some((session.game().clone(), hints));
            Ok(())
        })?;
        // `change_current` leaves the game as it is when its clock ran out meanwhile.
        counted.ok_or(AppError::new(GameProblem::GameOver))
    }

    /// The evaluation bar is asked for in `session` (the game in progress or a finished one,
    /// as the platform found it): while the game goes on its record notes the bar (saved);
    /// never in a game against a person online while it goes on.
    pub fn note_eval_bar<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        session: &Session,
        now: f64,
    ) -> Result<(), AppError> {
        if session.is_over() {
            return Ok(());
        }
        if matches!(session.opponent(), Opponent::Online { .. }) {
            return Err(AppError::new(GameProblem::NoEngineOnline));
        }
        if !session.eval_bar() {
            self.change_current(saves, archive, session.id(), now, |session, _| {
                session.note_eval_bar()?;
                Ok(())
            })?;
        }
        Ok(())
    }

    /// The game in progress if it is `game_id` (else the platform looks among the finished).
    pub fn current_named(&self, game_id: &str) -> Option<&Session> {
        self.current.as_ref().filter(|s| s.id() == game_id)
    }

    pub fn set_settings<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        settings: Settings,
    ) -> Result<Settings, AppError> {
        self.change(saves, archive, |games, _| {
            games.settings = settings;
            Ok(settings)
        })
    }
}
