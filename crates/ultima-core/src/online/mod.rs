//! Online play on this side, without the connection: the settings, the games against friends
//! elsewhere as the server tells them (`ultima_online::OnlineGame`; several at once, as
//! correspondence makes normal), each with the state of its line and its request waiting for the
//! server's answer, saved in the record (to come back to them after a restart) and filed once
//! over. A command on one game names it by its app id (`online-<server id>`); its connection's
//! events name it by its number. The shell holds the connection itself (a tokio task on
//! the desktop) and hands every [`Event`] of it to [`AppCore::online_event`]; what comes back
//! ([`Taken`]) says what to push to the UI and which waiting request is answered.

use serde_json::Value;
use ultima_app_state::archive::Archive;
use ultima_app_state::error::{square, AppError, AppProblem, GameProblem, OnlineProblem};
use ultima_app_state::online::stored::{self, StoredOnline, StoredOnlineGame};
use ultima_app_state::online::wire::{
    HostView, LinkView, OnlineEvent, OnlineSettings, OnlineStatus, OnlineView,
};
use ultima_app_state::record::{self, Saves};
use ultima_online::protocol::{ClientMessage, GameState, ServerMessage};
use ultima_online::{
    normalize_address, problem_of, Credentials, Event, Link, OnlineError, OnlineGame,
};

pub(crate) mod state;

use state::{local_id, no_game, server_id, Expect, Live};
pub use state::{network_problem, Begun, Online, Taken};

use crate::core::AppCore;
use crate::platform::Platform;

impl<P: Platform> AppCore<P> {
    /// Saves the settings, the games (and those saved, not yet resumed) and the port of the
    /// server inside the app.
    fn save_online(&self) {
        let online = &self.online;
        let entry = StoredOnline {
            settings: online.settings.clone(),
            games: online
                .saved
                .iter()
                .cloned()
                .chain(online.games.iter().map(Live::stored))
                .collect(),
            hosting: online.hosting.or(online.saved_hosting),
        };
        let Some(entries) = self.store.entries() else {
            return;
        };
        match serde_json::to_value(&entry) {
            Ok(value) => {
                entries.set(record::KEY_VERSION, Value::from(record::VERSION));
                entries.set(stored::KEY, value);
                if let Err(error) = self.store.write() {
                    eprintln!("ultima: saving the online game: {error:?}");
                }
            }
            Err(error) => eprintln!("ultima: preparing the online game's save: {error}"),
        }
    }

    /// Files online game `number` among the finished games once it is over (once).
    fn file_online_if_over(&mut self, number: u64) {
        let Some(live) = self.online.games.iter_mut().find(|l| l.number == number) else {
            return;
        };
        let id = live.game.state().game.clone();
        if !live.game.is_over() || live.filed.as_deref() == Some(id.as_str()) {
            return;
        }
        live.filed = Some(id);
        let session = live.game.session().clone();
        if let Err(error) = self.history.file(&session) {
            eprintln!("ultima: filing the online game: {error:?}");
        }
    }

    /// The settings, the online games and the server inside the app (`hosting`: its view, from
    /// the shell that runs it; `can_host`: whether the shell can run one). The games in
    /// progress come first, then the finished ones still shown; the newest first in each.
    pub fn online_status(&self, hosting: Option<HostView>, can_host: bool) -> OnlineStatus {
        let now = self.platform.now_ms();
        let mut games: Vec<&Live> = self.online.games.iter().rev().collect();
        games.sort_by_key(|live| !live.in_progress());
        OnlineStatus {
            settings: self.online.settings.clone(),
            games: games.into_iter().map(|live| live.view(now)).collect(),
            hosting,
            can_host,
        }
    }

    pub fn online_settings(&self) -> OnlineSettings {
        self.online.settings.clone()
    }

    /// The server's address is checked (and written as `ws://…`), and the settings saved.
    pub fn set_online_settings(
        &mut self,
        settings: OnlineSettings,
    ) -> Result<OnlineSettings, AppError> {
        let server = if settings.server.trim().is_empty() {
            String::new()
        } else {
            normalize_address(&settings.server).map_err(|e| network_problem(&e))?
        };
        self.online.settings = OnlineSettings {
            server,
            host_port: settings.host_port,
        };
        self.save_online();
        Ok(self.online.settings.clone())
    }

    /// The server to create a game on (the settings').
    pub fn online_server(&self) -> Result<String, AppError> {
        let server = self.online.settings.server.clone();
        if server.is_empty() {
            return Err(AppError::new(OnlineProblem::NoServer));
        }
        Ok(server)
    }

    /// The server a friend's game was joined on becomes the one to use.
    pub fn online_joined_on(&mut self, address: String) {
        self.online.settings.server = address;
        self.save_online();
    }

    /// The server inside the app runs on `port` (`None`: it stopped); saved, so that it starts
    /// again with the app. `chosen`: the player chose that port (kept in the settings).
    pub fn online_hosting(&mut self, port: Option<u16>, chosen: bool) {
        if let (Some(port), true) = (port, chosen) {
            self.online.settings.host_port = port;
        }
        self.online.hosting = port;
        self.online.saved_hosting = None;
        self.save_online();
    }

    /// What the last run left to resume: its unfinished games and the port of its server inside
    /// the app (handed out once).
    pub fn online_take_saved(&mut self) -> (Vec<StoredOnlineGame>, Option<u16>) {
        (
            std::mem::take(&mut self.online.saved),
            self.online.saved_hosting.take(),
        )
    }

    /// Adds an online game, seated at `address` with `credentials` and the server's `state`
    /// (the others go on; an entry of the same server game is replaced); saved, and filed if it
    /// is over.
    pub fn online_begin(
        &mut self,
        address: String,
        hosted: bool,
        credentials: Credentials,
        state: GameState,
        link: LinkView,
    ) -> Result<Begun, AppError> {
        let now = self.platform.now_ms();
        let game = OnlineGame::new(local_id(&state.game), state, now).map_err(|error| {
            eprintln!("ultima: the server's game does not replay: {error}");
            AppError::new(OnlineProblem::ServerBroken)
        })?;
        self.online.opened += 1;
        let number = self.online.opened;
        let live = Live {
            number,
            address,
            hosted,
            credentials,
            game,
            link,
            pending: None,
            filed: None,
            rematch_of: None,
        };
        let view = live.view(now);
        let id = live.local_id();
        let replaced = match self.online.games.iter().position(|l| l.local_id() == id) {
            Some(at) => Some(std::mem::replace(&mut self.online.games[at], live).number),
            None => {
                self.online.games.push(live);
                None
            }
        };
        self.online
            .saved
            .retain(|saved| local_id(&saved.state.game) != id);
        self.save_online();
        self.file_online_if_over(number);
        Ok(Begun {
            number,
            view,
            replaced,
        })
    }

    /// One event of game `number`'s connection; `None` when that game is no longer among the
    /// online games (its connection is to be closed).
    pub fn online_event(&mut self, number: u64, event: Event) -> Option<Taken> {
        let now = self.platform.now_ms();
        let live = self
            .online
            .games
            .iter_mut()
            .find(|live| live.number == number)?;
        let mut taken = Taken::default();
        let mut save = false;
        match event {
            Event::Message(ServerMessage::State(state)) => {
                let move_in = match live.pending {
                    Some(Expect::Move(ply)) => {
                        state.moves.len() > usize::try_from(ply).unwrap_or(0)
                    }
                    _ => false,
                };
                live.take_state(state, now);
                save = true;
                live.answer(|expect| expect == Expect::State || move_in, now, &mut taken);
            }
            Event::Message(ServerMessage::Moved {
                ply,
                mv,
                clock,
                result,
                ..
            }) => {
                match live.game.apply_move(ply, &mv, clock, result, now) {
                    Ok(_) => save = true,
                    // The next state (the connection comes back with one) puts it right.
                    Err(error) => eprintln!("ultima: the online game is out of step: {error}"),
                }
                live.answer(|expect| expect == Expect::Move(ply), now, &mut taken);
            }
            Event::Message(ServerMessage::Error { error }) => {
                let error = AppError::new(problem_of(&error));
                if !live.refuse(error.clone(), &mut taken) {
                    taken.push.push(OnlineEvent::Failed { error });
                }
                return Some(taken);
            }
            Event::Message(_) => return Some(taken),
            Event::Seated(credentials) => {
                // A rematch: its state comes next.
                live.credentials = credentials;
                self.save_online();
                return Some(taken);
            }
            Event::Link(Link::Connected) => live.link = LinkView::Connected,
            Event::Link(Link::Lost {
                attempt,
                retry_in_ms,
                ..
            }) => {
                live.link = LinkView::Reconnecting {
                    attempt,
                    retry_in_ms: retry_in_ms as f64,
                };
                live.refuse(AppError::new(OnlineProblem::Offline), &mut taken);
            }
            Event::Stopped(error) => {
                live.refuse(network_problem(&error), &mut taken);
                if error == OnlineError::Closed {
                    return Some(taken);
                }
                live.link = LinkView::Stopped {
                    problem: error.problem().into(),
                };
            }
        }
        taken.push.push(OnlineEvent::Changed {
            view: Box::new(live.view(now)),
        });
        if save {
            self.save_online();
        }
        self.file_online_if_over(number);
        Some(taken)
    }

    /// This side's move from `from` to `to` in game `game_id`, checked by the rules first (a
    /// refusal says why, as in any game): the message to send, and the game's number; the answer
    /// comes with the server's acknowledgement ([`Taken::answer`]).
    pub fn online_play(
        &mut self,
        game_id: &str,
        from: &str,
        to: &str,
    ) -> Result<(u64, ClientMessage), AppError> {
        let (from, to) = (square(from)?, square(to)?);
        let now = self.platform.now_ms();
        self.online_request(game_id, |live| {
            let view = live.game.view(now);
            if view.may_act.play.is_none() {
                return Err(if live.game.opponent_joined() {
                    if live.game.is_over() {
                        AppError::new(GameProblem::GameOver)
                    } else {
                        AppError::new(GameProblem::NotYourTurn)
                    }
                } else {
                    AppError::new(OnlineProblem::WaitingForOpponent)
                });
            }
            let mv = live
                .game
                .position()
                .find_move(from, to)
                .map_err(|error| AppError::new(GameProblem::from(&error)))?;
            let ply = u32::try_from(live.game.moves().len()).unwrap_or(u32::MAX);
            Ok((
                ClientMessage::Move {
                    ply,
                    mv: mv.to_string(),
                },
                Expect::Move(ply),
            ))
        })
    }

    /// `message` (resign, offers, answers, claim, rematch) to send in game `game_id`; answered
    /// with the state after it.
    pub fn online_act(
        &mut self,
        game_id: &str,
        message: ClientMessage,
    ) -> Result<(u64, ClientMessage), AppError> {
        self.online_request(game_id, move |_| Ok((message, Expect::State)))
    }

    /// Online game `game_id` (its app id, `online-…`).
    fn live(&self, game_id: &str) -> Result<&Live, AppError> {
        let id = server_id(game_id).ok_or_else(no_game)?;
        self.online
            .games
            .iter()
            .find(|live| live.game.state().game == id)
            .ok_or_else(no_game)
    }

    fn online_request(
        &mut self,
        game_id: &str,
        make: impl FnOnce(&Live) -> Result<(ClientMessage, Expect), AppError>,
    ) -> Result<(u64, ClientMessage), AppError> {
        let number = self.live(game_id)?.number;
        let live = self
            .online
            .games
            .iter_mut()
            .find(|live| live.number == number)
            .ok_or_else(no_game)?;
        if live.pending.is_some() {
            // One request at a time in a game (the UI sends the next once this one is answered).
            return Err(AppError::new(AppProblem::GameChanged));
        }
        let (message, expect) = make(live)?;
        live.pending = Some(expect);
        Ok((live.number, message))
    }

    /// The request of game `number` got no answer in time, or could not be sent: it is
    /// forgotten.
    pub fn online_unanswered(&mut self, number: u64) {
        if let Some(live) = self.online.games.iter_mut().find(|l| l.number == number) {
            live.pending = None;
        }
    }

    /// Online game `game_id` as it is now.
    pub fn online_game(&self, game_id: &str) -> Result<OnlineView, AppError> {
        Ok(self.live(game_id)?.view(self.platform.now_ms()))
    }

    /// The board of online game `game_id` after `ply` moves (to step through it).
    pub fn online_board_at(
        &self,
        game_id: &str,
        ply: u32,
    ) -> Result<ultima_game::wire::BoardView, AppError> {
        Ok(self.live(game_id)?.game.session().board_at(ply)?)
    }

    /// The app closes: the online games go on on the server and come back with the next
    /// start (they stay what is saved). The numbers of their connections, to close.
    pub fn online_close(&mut self) -> Vec<u64> {
        let games = std::mem::take(&mut self.online.games);
        let numbers = games.iter().map(|live| live.number).collect();
        self.online
            .saved
            .extend(games.iter().filter(|l| l.in_progress()).map(Live::stored));
        numbers
    }

    /// Leaves online game `game_id`'s screen: a finished game is forgotten here (it is among the
    /// finished games), and so is one the server no longer knows (it expired); one in progress
    /// goes on. The number of the connection to close, if it is left.
    pub fn online_leave(&mut self, game_id: &str) -> Option<u64> {
        let number = self.live(game_id).ok().and_then(|live| {
            let unknown = live.link
                == LinkView::Stopped {
                    problem: OnlineProblem::UnknownOnlineGame.into(),
                };
            let done =
                unknown || (live.game.is_over() && live.game.state().rematch_offer.is_none());
            done.then_some(live.number)
        })?;
        self.online.games.retain(|live| live.number != number);
        self.save_online();
        Some(number)
    }
}
