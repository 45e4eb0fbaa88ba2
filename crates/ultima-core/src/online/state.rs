//! Online play's state on this side: the settings, the games in progress (each with its line and
//! its request waiting), what the last run left to resume; read from the record's entry.

use ultima_app_state::error::AppError;
use ultima_app_state::error::OnlineProblem;
use ultima_app_state::online::stored::{self, StoredOnline, StoredOnlineGame};
use ultima_app_state::online::wire::{LinkView, OnlineEvent, OnlineSettings, OnlineView};
use ultima_app_state::record::{self, Saves};
use ultima_online::protocol::GameState;
use ultima_online::{invite_link, Credentials, OnlineError, OnlineGame};

/// Online play's part of the app.
#[derive(Default)]
pub struct Online {
    pub(crate) settings: OnlineSettings,
    /// The games saved at the last run, not yet resumed.
    pub(crate) saved: Vec<StoredOnlineGame>,
    /// The port the server inside the app ran on at the last run, not yet started again.
    pub(crate) saved_hosting: Option<u16>,
    /// The port of the server inside the app now (the shell runs it).
    pub(crate) hosting: Option<u16>,
    /// The online games, in the order they were begun (several at once: correspondence).
    pub(crate) games: Vec<Live>,
    /// Counts the games begun: each game's connection is told apart by its number.
    pub(crate) opened: u64,
}

pub(crate) struct Live {
    pub(crate) number: u64,
    pub(crate) address: String,
    pub(crate) hosted: bool,
    pub(crate) credentials: Credentials,
    pub(crate) game: OnlineGame,
    pub(crate) link: LinkView,
    /// What the request waiting for the server expects.
    pub(crate) pending: Option<Expect>,
    /// The game (by its server id) that is among the finished games already.
    pub(crate) filed: Option<String>,
    /// The game this one is the rematch of (its app id), once a rematch took its place.
    pub(crate) rematch_of: Option<String>,
}

/// What a request waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Expect {
    /// The acknowledgement of the move at this ply.
    Move(u32),
    /// The next state (offers, answers, resignation).
    State,
}

/// What one event of the connection did: what to push to the UI, and the waiting request's
/// answer if this was it.
#[derive(Debug, Default)]
pub struct Taken {
    pub push: Vec<OnlineEvent>,
    pub answer: Option<Result<OnlineView, AppError>>,
}

/// A game begun: its number (its connection's events name it), its view, and the number of the
/// game it replaced (whose connection the shell closes).
#[derive(Debug)]
pub struct Begun {
    pub number: u64,
    pub view: OnlineView,
    pub replaced: Option<u64>,
}

/// The app's name of a server's game (apart from the app's own `g...` ids).
pub(crate) fn local_id(game: &str) -> String {
    format!("online-{game}")
}

/// The server's id of a game, from the app's name of it (`None` for another name).
pub(crate) fn server_id(local: &str) -> Option<&str> {
    local.strip_prefix("online-")
}

pub(crate) fn no_game() -> AppError {
    AppError::new(OnlineProblem::NoOnlineGame)
}

/// A connection's failure, as the UI is told it.
pub fn network_problem(error: &OnlineError) -> AppError {
    AppError::new(error.problem())
}

impl Live {
    pub(crate) fn view(&self, now: f64) -> OnlineView {
        let state = self.game.state();
        OnlineView {
            game: self.game.view(now),
            invite: state.invite.clone(),
            invite_link: state
                .invite
                .as_deref()
                .filter(|_| !self.hosted)
                .and_then(|code| invite_link(&self.address, code)),
            opponent: state.opponent,
            link: self.link.clone(),
            claim_win_in_ms: self.game.claim_win_in(now).map(|ms| ms as f64),
            rematch_offer: state.rematch_offer,
            server: self.address.clone(),
            hosted: self.hosted,
            rematch_of: self.rematch_of.clone(),
        }
    }

    pub(crate) fn stored(&self) -> StoredOnlineGame {
        StoredOnlineGame {
            address: self.address.clone(),
            hosted: self.hosted,
            credentials: self.credentials.clone(),
            state: self.game.state().clone(),
        }
    }

    /// The app's name of this game (its rematch's, once it goes on).
    pub(crate) fn local_id(&self) -> String {
        local_id(&self.game.state().game)
    }

    /// The game goes on (not over).
    pub(crate) fn in_progress(&self) -> bool {
        !self.game.is_over()
    }

    /// The waiting request's answer, if `answered` says this is it.
    pub(crate) fn answer(
        &mut self,
        answered: impl FnOnce(Expect) -> bool,
        now: f64,
        taken: &mut Taken,
    ) {
        if self.pending.is_some_and(answered) {
            self.pending = None;
            taken.answer = Some(Ok(self.view(now)));
        }
    }

    /// The waiting request, refused with `error`; `false` when none was waiting.
    pub(crate) fn refuse(&mut self, error: AppError, taken: &mut Taken) -> bool {
        if self.pending.take().is_some() {
            taken.answer = Some(Err(error));
            return true;
        }
        false
    }

    /// The server's whole state: the same game's, or the rematch's (a new copy).
    pub(crate) fn take_state(&mut self, state: GameState, now: f64) {
        if state.game != self.game.state().game {
            let before = self.local_id();
            match OnlineGame::new(local_id(&state.game), state, now) {
                Ok(game) => {
                    self.game = game;
                    self.rematch_of = Some(before);
                }
                Err(error) => eprintln!("ultima: the rematch does not replay: {error}"),
            }
            return;
        }
        if let Err(error) = self.game.apply_state(state.clone(), now) {
            // The server is the authority: start the copy again from its moves.
            eprintln!("ultima: the online game was out of step ({error}); replaying it");
            match OnlineGame::new(local_id(&state.game), state, now) {
                Ok(game) => self.game = game,
                Err(error) => eprintln!("ultima: the server's game does not replay: {error}"),
            }
        }
    }
}

impl Online {
    /// Online play from the record's entry (one that does not read is set aside).
    pub(crate) fn read(saves: &dyn Saves) -> Online {
        let mut online = Online::default();
        let Some(entries) = saves.entries() else {
            return online;
        };
        let Some(value) = entries.get(stored::KEY) else {
            return online;
        };
        let read = match stored::read(&value) {
            Some(read) => read,
            None => {
                record::set_aside(entries, stored::KEY, value);
                StoredOnline::default()
            }
        };
        online.settings = read.settings;
        online.saved = read
            .games
            .into_iter()
            .filter(|game| game.state.result.is_none())
            .collect();
        online.saved_hosting = read.hosting;
        online
    }
}
