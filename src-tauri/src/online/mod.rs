//! Online play in the app: a game against a friend elsewhere, on a server (`ultima-server`,
//! reached through `ultima-online`) or on the server inside the app ("Host on this network").
//! The webview never touches the network: the connection lives here, in a task that takes the
//! server's messages into this side's copy of the game, saves it, files it once it is over, and
//! pushes every change through the UI's channel (`watch_online`), as the bot's moves are.
//!
//! - `commands`: the commands the UI calls (thin: they hand over to [`Online`]).
//! - `wire`: what the online screens receive.
//! - `stored`: the entry in the store (settings, the game and its token), so that a game goes
//!   on after the app restarts.
//! - `host`: the server inside the app.

pub mod commands;
mod host;
pub mod stored;
pub mod wire;

#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::oneshot;
use ultima_online::protocol::{ClientMessage, ClockSetting, ColorChoice, ServerMessage};
use ultima_online::{
    normalize_address, problem_of, Client, Event, Events, Link, OnlineError, OnlineGame, Options,
    Seat,
};
use ultima_protocol::GameState;

use crate::error::{square, AppError, AppProblem, GameProblem, OnlineProblem};
use crate::state::{now_ms, AppState};
use host::Hosting;
use stored::{StoredOnline, StoredOnlineGame};
use wire::{HostView, LinkView, OnlineEvent, OnlineSettings, OnlineStatus, OnlineView};

/// How long the server may take to answer a request before the app says it is offline.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(15);

type Sink = Arc<dyn Fn(OnlineEvent) + Send + Sync>;

/// Online play's part of the app (handed to Tauri with `.manage()`).
#[derive(Clone, Default)]
pub struct Online(Arc<Mutex<Inner>>);

#[derive(Default)]
struct Inner {
    /// The app's data folder (the server inside the app keeps its games there).
    folder: Option<PathBuf>,
    /// The store's entry has been read.
    loaded: bool,
    settings: OnlineSettings,
    /// A game saved at the last run, not yet resumed.
    saved: Option<StoredOnlineGame>,
    /// The port the server inside the app ran on at the last run.
    saved_hosting: Option<u16>,
    live: Option<Live>,
    hosting: Option<Hosting>,
    sink: Option<Sink>,
    /// Counts the games opened, so that a task of a game replaced says nothing more.
    opened: u64,
}

struct Live {
    number: u64,
    address: String,
    hosted: bool,
    client: Client,
    game: OnlineGame,
    link: LinkView,
    pending: Option<Pending>,
    /// The game (by its server id) that is among the finished games already.
    filed: Option<String>,
    /// The task taking this game's events (see [`Online::pump`]).
    task: Option<tauri::async_runtime::JoinHandle<()>>,
}

/// A request waiting for the server's answer.
struct Pending {
    expect: Expect,
    answer: oneshot::Sender<Result<OnlineView, AppError>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// The acknowledgement of the move at this ply.
    Move(u32),
    /// The next state (offers, answers, resignation).
    State,
}

/// The app's name of a server's game (apart from the app's own `g...` ids).
fn local_id(game: &str) -> String {
    format!("online-{game}")
}

fn network_problem(error: &OnlineError) -> AppError {
    AppError::new(error.problem())
}

fn no_game() -> AppError {
    AppError::new(OnlineProblem::NoOnlineGame)
}

impl Live {
    fn view(&self, now: f64) -> OnlineView {
        let state = self.game.state();
        OnlineView {
            game: self.game.view(now),
            invite: state.invite.clone(),
            opponent: state.opponent,
            link: self.link.clone(),
            claim_win_in_ms: self.game.claim_win_in(now).map(|ms| ms as f64),
            rematch_offer: state.rematch_offer,
            server: self.address.clone(),
            hosted: self.hosted,
        }
    }

    fn stored(&self) -> StoredOnlineGame {
        StoredOnlineGame {
            address: self.address.clone(),
            hosted: self.hosted,
            credentials: self.client.credentials(),
            state: self.game.state().clone(),
        }
    }

    /// Answers the request waiting, if `answered` says this is its answer.
    fn answer(&mut self, answered: impl FnOnce(Expect) -> bool, now: f64) {
        let is_it = self.pending.as_ref().is_some_and(|p| answered(p.expect));
        if is_it {
            if let Some(pending) = self.pending.take() {
                let _ = pending.answer.send(Ok(self.view(now)));
            }
        }
    }

    fn refuse_pending(&mut self, error: AppError) -> bool {
        match self.pending.take() {
            Some(pending) => {
                let _ = pending.answer.send(Err(error));
                true
            }
            None => false,
        }
    }
}

impl Online {
    /// Online play for the app whose data folder is `folder` (`None` when it has none: then
    /// it cannot host).
    pub fn new(folder: Option<PathBuf>) -> Online {
        let online = Online::default();
        online.inner().folder = folder;
        online
    }

    fn inner(&self) -> MutexGuard<'_, Inner> {
        // Every field is whole at any time: a panic elsewhere cannot leave one half-written.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reads the store's entry once.
    fn load(&self, app: &AppState) {
        let mut inner = self.inner();
        if inner.loaded {
            return;
        }
        inner.loaded = true;
        let Ok(persistence) = app.persistence() else {
            return;
        };
        let Some(value) = persistence.entry(stored::KEY) else {
            return;
        };
        let read = match stored::read(&value) {
            Some(read) => read,
            None => {
                persistence.set_aside(stored::KEY, value);
                StoredOnline::default()
            }
        };
        inner.settings = read.settings;
        inner.saved = read.game.filter(|game| game.state.result.is_none());
        inner.saved_hosting = read.hosting;
    }

    /// Saves the settings and the game in progress.
    fn save(&self, app: &AppState) {
        let entry = {
            let inner = self.inner();
            StoredOnline {
                settings: inner.settings.clone(),
                game: inner
                    .live
                    .as_ref()
                    .map(Live::stored)
                    .or_else(|| inner.saved.clone()),
                hosting: inner.hosting.as_ref().map(|hosting| hosting.port),
            }
        };
        let Ok(persistence) = app.persistence() else {
            return;
        };
        match serde_json::to_value(&entry) {
            Ok(value) => {
                if let Err(error) = persistence.save_entry(stored::KEY, Some(value)) {
                    eprintln!("ultima: saving the online game: {error:?}");
                }
            }
            Err(error) => eprintln!("ultima: preparing the online game's save: {error}"),
        }
    }

    fn push(&self, event: OnlineEvent) {
        let sink = self.inner().sink.clone();
        if let Some(sink) = sink {
            sink(event);
        }
    }

    pub fn status(&self, app: &AppState) -> OnlineStatus {
        self.load(app);
        let inner = self.inner();
        OnlineStatus {
            settings: inner.settings.clone(),
            game: inner.live.as_ref().map(|live| live.view(now_ms())),
            hosting: inner.hosting.as_ref().map(|hosting| HostView {
                port: hosting.port,
                addresses: hosting.addresses(),
            }),
        }
    }

    /// The UI's channel; a game saved at the last run comes back now (and the server inside
    /// the app, if it was running).
    pub async fn watch(
        &self,
        app: &AppState,
        sink: impl Fn(OnlineEvent) + Send + Sync + 'static,
    ) -> Result<(), AppError> {
        self.load(app);
        let (saved, saved_hosting) = {
            let mut inner = self.inner();
            inner.sink = Some(Arc::new(sink));
            (inner.saved.take(), inner.saved_hosting.take())
        };
        if let Some(port) = saved_hosting {
            if let Err(error) = self.host(app, port).await {
                eprintln!("ultima: starting the server inside the app again: {error:?}");
            }
        }
        if let Some(saved) = saved {
            let address = if saved.hosted {
                self.inner()
                    .hosting
                    .as_ref()
                    .map_or(saved.address.clone(), Hosting::local_address)
            } else {
                saved.address.clone()
            };
            let id = local_id(&saved.state.game);
            let game = OnlineGame::new(id, saved.state.clone(), now_ms())
                .map_err(|_| AppError::new(OnlineProblem::ServerBroken))?;
            let (client, events) =
                Client::resume(&address, saved.credentials.clone(), Options::default())
                    .map_err(|e| network_problem(&e))?;
            let link = LinkView::Reconnecting {
                attempt: 0,
                retry_in_ms: 0.0,
            };
            self.begin(app, address, saved.hosted, client, events, game, link);
        }
        Ok(())
    }

    pub fn set_settings(
        &self,
        app: &AppState,
        settings: OnlineSettings,
    ) -> Result<OnlineSettings, AppError> {
        self.load(app);
        let server = if settings.server.trim().is_empty() {
            String::new()
        } else {
            normalize_address(&settings.server).map_err(|e| network_problem(&e))?
        };
        let settings = OnlineSettings {
            server,
            host_port: settings.host_port,
        };
        self.inner().settings = settings.clone();
        self.save(app);
        Ok(settings)
    }

    /// Starts the server inside the app on `port` (0: any free port); the addresses a friend
    /// needs come back.
    pub async fn host(&self, app: &AppState, port: u16) -> Result<HostView, AppError> {
        self.load(app);
        if let Some(hosting) = self.inner().hosting.as_ref() {
            return Ok(HostView {
                port: hosting.port,
                addresses: hosting.addresses(),
            });
        }
        let folder = self.inner().folder.clone().ok_or_else(|| {
            AppError::new(AppProblem::Storage {
                what: crate::error::StorageWhat::DataFolder,
            })
        })?;
        let hosting = Hosting::start(port, &folder).await?;
        let view = HostView {
            port: hosting.port,
            addresses: hosting.addresses(),
        };
        {
            let mut inner = self.inner();
            if port != 0 {
                inner.settings.host_port = port;
            }
            inner.hosting = Some(hosting);
        }
        self.save(app);
        Ok(view)
    }

    /// Stops the server inside the app (its games stay in its file, for the next time).
    pub async fn stop_hosting(&self, app: &AppState) {
        let hosting = self.inner().hosting.take();
        if let Some(hosting) = hosting {
            hosting.server.shutdown().await;
        }
        self.save(app);
    }

    /// A new game on the server (`hosted`: the one inside the app, started first if need be),
    /// with the invite for the friend.
    pub async fn create(
        &self,
        app: &AppState,
        color: ColorChoice,
        clock: Option<ClockSetting>,
        hosted: bool,
    ) -> Result<OnlineView, AppError> {
        self.load(app);
        let address = if hosted {
            let port = self.inner().settings.host_port;
            self.host(app, port).await?;
            self.inner()
                .hosting
                .as_ref()
                .map(Hosting::local_address)
                .ok_or_else(|| AppError::new(OnlineProblem::HostFailed { port }))?
        } else {
            self.server_address()?
        };
        self.open(app, address, hosted, Seat::Create { color, clock })
            .await
    }

    /// Joins the friend's game with the invite, on the server at `server` (saved as the
    /// server to use).
    pub async fn join(
        &self,
        app: &AppState,
        server: &str,
        invite: &str,
    ) -> Result<OnlineView, AppError> {
        self.load(app);
        let address = normalize_address(server).map_err(|e| network_problem(&e))?;
        let view = self
            .open(
                app,
                address.clone(),
                false,
                Seat::Join {
                    invite: invite.to_string(),
                },
            )
            .await?;
        self.inner().settings.server = address;
        self.save(app);
        Ok(view)
    }

    fn server_address(&self) -> Result<String, AppError> {
        let server = self.inner().settings.server.clone();
        if server.is_empty() {
            return Err(AppError::new(OnlineProblem::NoServer));
        }
        Ok(server)
    }

    async fn open(
        &self,
        app: &AppState,
        address: String,
        hosted: bool,
        seat: Seat,
    ) -> Result<OnlineView, AppError> {
        let (client, mut events) = Client::open(&address, seat, Options::default())
            .await
            .map_err(|e| network_problem(&e))?;
        let state = first_state(&mut events)
            .await
            .inspect_err(|_| client.close())?;
        let game = OnlineGame::new(local_id(&state.game), state, now_ms()).map_err(|error| {
            eprintln!("ultima: the server's game does not replay: {error}");
            client.close();
            AppError::new(OnlineProblem::ServerBroken)
        })?;
        Ok(self.begin(
            app,
            address,
            hosted,
            client,
            events,
            game,
            LinkView::Connected,
        ))
    }

    /// Makes this the online game (the one before, if any, is left: it goes on on the server)
    /// and starts its task.
    #[allow(clippy::too_many_arguments)]
    fn begin(
        &self,
        app: &AppState,
        address: String,
        hosted: bool,
        client: Client,
        events: Events,
        game: OnlineGame,
        link: LinkView,
    ) -> OnlineView {
        let (view, number) = {
            let mut inner = self.inner();
            if let Some(before) = inner.live.take() {
                before.client.close();
            }
            inner.opened += 1;
            let number = inner.opened;
            let live = Live {
                number,
                address,
                hosted,
                client,
                game,
                link,
                pending: None,
                filed: None,
                task: None,
            };
            let view = live.view(now_ms());
            inner.live = Some(live);
            (view, number)
        };
        self.save(app);
        self.file_if_over(app);
        let online = self.clone();
        let app = app.clone();
        let task =
            tauri::async_runtime::spawn(async move { online.pump(app, number, events).await });
        if let Some(live) = self.inner().live.as_mut().filter(|l| l.number == number) {
            live.task = Some(task);
        }
        view
    }

    /// Takes the connection's events until it stops or another game replaces this one.
    async fn pump(self, app: AppState, number: u64, mut events: Events) {
        while let Some(event) = events.recv().await {
            let stopped = matches!(event, Event::Stopped(_));
            let Some(outcome) = self.take_event(number, event) else {
                return;
            };
            if outcome.save {
                self.save(&app);
            }
            self.file_if_over(&app);
            for event in outcome.push {
                self.push(event);
            }
            if stopped {
                return;
            }
        }
    }

    /// One event of game `number`'s connection, under the lock; `None` when that game is no
    /// longer the online game.
    fn take_event(&self, number: u64, event: Event) -> Option<Taken> {
        let now = now_ms();
        let mut inner = self.inner();
        let live = inner.live.as_mut().filter(|live| live.number == number)?;
        let mut taken = Taken::default();
        match event {
            Event::Message(ServerMessage::State(state)) => {
                let ply_of_pending = match live.pending.as_ref().map(|p| p.expect) {
                    Some(Expect::Move(ply)) => Some(ply),
                    _ => None,
                };
                let move_in = ply_of_pending
                    .is_some_and(|ply| state.moves.len() > usize::try_from(ply).unwrap_or(0));
                take_state(live, state, now);
                taken.save = true;
                live.answer(|expect| expect == Expect::State || move_in, now);
            }
            Event::Message(ServerMessage::Moved {
                ply,
                mv,
                clock,
                result,
                ..
            }) => {
                match live.game.apply_move(ply, &mv, clock, result, now) {
                    Ok(_) => taken.save = true,
                    // The next state (the connection comes back with one) puts it right.
                    Err(error) => eprintln!("ultima: the online game is out of step: {error}"),
                }
                live.answer(|expect| expect == Expect::Move(ply), now);
            }
            Event::Message(ServerMessage::Error { error }) => {
                let error = AppError::new(problem_of(&error));
                if !live.refuse_pending(error.clone()) {
                    taken.push.push(OnlineEvent::Failed { error });
                }
            }
            Event::Message(_) => return Some(taken),
            Event::Seated(_) => {
                // A rematch: its state comes next.
                taken.save = true;
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
                live.refuse_pending(AppError::new(OnlineProblem::Offline));
            }
            Event::Stopped(error) => {
                live.refuse_pending(network_problem(&error));
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
        Some(taken)
    }

    /// Files the online game among the finished games once it is over (once).
    fn file_if_over(&self, app: &AppState) {
        let session = {
            let mut inner = self.inner();
            let Some(live) = inner.live.as_mut() else {
                return;
            };
            let id = live.game.state().game.clone();
            if !live.game.is_over() || live.filed.as_deref() == Some(id.as_str()) {
                return;
            }
            live.filed = Some(id);
            live.game.session().clone()
        };
        if let Some(finished) = app.finished_store() {
            if let Err(error) = finished.file(&session) {
                eprintln!("ultima: filing the online game: {error:?}");
            }
        }
    }

    /// The online game as it is now.
    pub fn view(&self) -> Result<OnlineView, AppError> {
        let inner = self.inner();
        let live = inner.live.as_ref().ok_or_else(no_game)?;
        Ok(live.view(now_ms()))
    }

    /// The board of the online game after `ply` moves (to step through it).
    pub fn board_at(&self, ply: u32) -> Result<ultima_game::wire::BoardView, AppError> {
        let inner = self.inner();
        let live = inner.live.as_ref().ok_or_else(no_game)?;
        Ok(live.game.session().board_at(ply)?)
    }

    /// Plays this side's move from `from` to `to`: checked here by the rules first (a refusal
    /// says why, as in any game), then sent; answers once the server has stored it.
    pub async fn play(&self, from: &str, to: &str) -> Result<OnlineView, AppError> {
        let (from, to) = (square(from)?, square(to)?);
        self.request(|live| {
            let view = live.game.view(now_ms());
            if view.may_act.play.is_none() {
                return Err(if live.game.opponent_joined() {
                    AppError::new(if live.game.is_over() {
                        GameProblem::GameOver
                    } else {
                        GameProblem::NotYourTurn
                    })
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
        .await
    }

    /// Sends `message` (resign, offers, answers, claim, rematch) and answers with the state
    /// after it.
    pub async fn act(&self, message: ClientMessage) -> Result<OnlineView, AppError> {
        self.request(move |_| Ok((message, Expect::State))).await
    }

    async fn request(
        &self,
        make: impl FnOnce(&Live) -> Result<(ClientMessage, Expect), AppError>,
    ) -> Result<OnlineView, AppError> {
        let answer = {
            let mut inner = self.inner();
            let live = inner.live.as_mut().ok_or_else(no_game)?;
            if live.pending.is_some() {
                // One request at a time (the UI sends the next once this one is answered).
                return Err(AppError::new(AppProblem::GameChanged));
            }
            let (message, expect) = make(live)?;
            live.client.send(message).map_err(|e| network_problem(&e))?;
            let (answer, answered) = oneshot::channel();
            live.pending = Some(Pending { expect, answer });
            answered
        };
        match tokio::time::timeout(ANSWER_TIMEOUT, answer).await {
            Ok(Ok(answer)) => answer,
            _ => {
                if let Some(live) = self.inner().live.as_mut() {
                    live.pending = None;
                }
                Err(AppError::new(OnlineProblem::Offline))
            }
        }
    }

    /// Closes the connection (the game goes on on the server, and comes back with the next
    /// start); the app's state stays as it is. The game stays what is saved: the connection's
    /// task may be saving an event it took just before, and must not save "no game".
    pub fn close(&self) {
        drop(self.close_game());
    }

    /// Closes the connection as [`Online::close`] does; the task of its events is handed back.
    fn close_game(&self) -> Option<tauri::async_runtime::JoinHandle<()>> {
        let mut inner = self.inner();
        let mut live = inner.live.take()?;
        live.client.close();
        inner.saved = Some(live.stored());
        live.task.take()
    }

    /// Closes the connection and waits until its task has taken its last event (and saved).
    #[cfg(test)]
    pub(crate) async fn close_and_wait(&self) {
        if let Some(task) = self.close_game() {
            let _ = task.await;
        }
    }

    /// Leaves the online game shown: a finished one is forgotten here (it is among the
    /// finished games), and so is one the server no longer knows (it expired: nobody joined,
    /// or nobody played); one in progress goes on (its connection stays).
    pub fn leave(&self, app: &AppState) {
        let left = {
            let mut inner = self.inner();
            let done = inner.live.as_ref().is_some_and(|live| {
                let unknown = live.link
                    == LinkView::Stopped {
                        problem: OnlineProblem::UnknownOnlineGame.into(),
                    };
                unknown || (live.game.is_over() && live.game.state().rematch_offer.is_none())
            });
            if done {
                inner.live.take()
            } else {
                None
            }
        };
        if let Some(live) = left {
            live.client.close();
            self.save(app);
        }
    }
}

/// What one event did: whether to save, what to push.
#[derive(Default)]
struct Taken {
    save: bool,
    push: Vec<OnlineEvent>,
}

/// Takes the server's whole state: the same game's, or the rematch's (a new copy).
fn take_state(live: &mut Live, state: GameState, now: f64) {
    if state.game != live.game.state().game {
        match OnlineGame::new(local_id(&state.game), state, now) {
            Ok(game) => live.game = game,
            Err(error) => eprintln!("ultima: the rematch does not replay: {error}"),
        }
        return;
    }
    if let Err(error) = live.game.apply_state(state.clone(), now) {
        // The server is the authority: start the copy again from its moves.
        eprintln!("ultima: the online game was out of step ({error}); replaying it");
        match OnlineGame::new(local_id(&state.game), state, now) {
            Ok(game) => live.game = game,
            Err(error) => eprintln!("ultima: the server's game does not replay: {error}"),
        }
    }
}

/// The first state after seating.
async fn first_state(events: &mut Events) -> Result<GameState, AppError> {
    let waiting = async {
        while let Some(event) = events.recv().await {
            match event {
                Event::Message(ServerMessage::State(state)) => return Ok(state),
                Event::Message(ServerMessage::Error { error }) => {
                    return Err(AppError::new(problem_of(&error)))
                }
                Event::Stopped(error) => return Err(network_problem(&error)),
                _ => {}
            }
        }
        Err(AppError::new(OnlineProblem::Offline))
    };
    tokio::time::timeout(ANSWER_TIMEOUT, waiting)
        .await
        .map_err(|_| AppError::new(OnlineProblem::Offline))?
}
