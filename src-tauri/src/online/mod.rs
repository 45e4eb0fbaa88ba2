//! Online play in the app: a game against a friend elsewhere, on a server (`ultima-server`,
//! reached through `ultima-online`) or on the server inside the app ("Host on this network").
//! What online play is on this side (the games as the server tells them, the requests waiting,
//! the saved entry, the filing) is the core's (`ultima_core::online`); here are only the
//! connections, one per game (several at once): a tokio task each that hands the server's
//! messages to the core and pushes what changed through the UI's channel (`watch_online`), each
//! game's waiting request's answer with its time limit, and the server inside the app.
//!
//! - `commands`: the commands the UI calls (thin: they hand over to [`Online`]).
//! - `host`: the server inside the app.

pub mod commands;
mod host;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::oneshot;
use ultima_app_state::online::wire::{
    HostView, LinkView, OnlineEvent, OnlineSettings, OnlineStatus, OnlineView,
};
use ultima_core::online::{network_problem, Begun};
use ultima_online::protocol::{
    ClientMessage, ClockSetting, ColorChoice, Correspondence, GameState, ServerMessage,
};
use ultima_online::{normalize_address, problem_of, Client, Event, Events, Options, Seat};

use crate::error::{AppError, OnlineProblem};
use crate::state::AppState;
use host::Hosting;
use ultima_rules::Reading;

pub use ultima_app_state::online::wire;

/// How long the server may take to answer a request before the app says it is offline.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(15);

type Sink = Arc<dyn Fn(OnlineEvent) + Send + Sync>;

type Answer = oneshot::Sender<Result<OnlineView, AppError>>;

/// Online play's connection (handed to Tauri with `.manage()`).
#[derive(Clone, Default)]
pub struct Online(Arc<Mutex<Inner>>);

#[derive(Default)]
struct Inner {
    /// The app's data folder (the server inside the app keeps its games there).
    folder: Option<PathBuf>,
    /// The app, once a command has named it (the requests of a game in progress use it).
    app: Option<AppState>,
    hosting: Option<Hosting>,
    sink: Option<Sink>,
    /// The connection of each online game, by the game's number (the core's).
    connections: BTreeMap<u64, Connection>,
}

/// The connection of one online game.
struct Connection {
    client: Client,
    /// The task taking its events (see [`Online::pump`]).
    task: Option<tauri::async_runtime::JoinHandle<()>>,
    /// The request waiting for the server's answer.
    waiting: Option<Answer>,
}

fn no_game() -> AppError {
    AppError::new(OnlineProblem::NoOnlineGame)
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

    fn app(&self, app: &AppState) {
        self.inner().app = Some(app.clone());
    }

    fn known_app(&self) -> Result<AppState, AppError> {
        self.inner().app.clone().ok_or_else(no_game)
    }

    fn push(&self, event: OnlineEvent) {
        let sink = self.inner().sink.clone();
        if let Some(sink) = sink {
            sink(event);
        }
    }

    fn hosting_view(&self) -> Option<HostView> {
        self.inner().hosting.as_ref().map(|hosting| HostView {
            port: hosting.port,
            addresses: hosting.addresses(),
        })
    }

    pub fn status(&self, app: &AppState) -> Result<OnlineStatus, AppError> {
        self.app(app);
        let hosting = self.hosting_view();
        app.with_core(|core| Ok(core.online_status(hosting, true)))
    }

    /// The UI's channel; the games saved at the last run come back now (and the server inside
    /// the app, if it was running).
    pub async fn watch(
        &self,
        app: &AppState,
        sink: impl Fn(OnlineEvent) + Send + Sync + 'static,
    ) -> Result<(), AppError> {
        self.app(app);
        self.inner().sink = Some(Arc::new(sink));
        let (saved, saved_hosting) = app.with_core(|core| Ok(core.online_take_saved()))?;
        if let Some(port) = saved_hosting {
            if let Err(error) = self.host(app, port).await {
                eprintln!("ultima: starting the server inside the app again: {error:?}");
            }
        }
        let mut failed = Ok(());
        for saved in saved {
            // One that does not come back does not keep the others.
            if let Err(error) = self.resume(app, saved) {
                eprintln!("ultima: resuming an online game: {error:?}");
                failed = Err(error);
            }
        }
        failed
    }

    /// A game saved at the last run: shown at once, its connection coming back.
    fn resume(
        &self,
        app: &AppState,
        saved: ultima_app_state::online::stored::StoredOnlineGame,
    ) -> Result<(), AppError> {
        let address = if saved.hosted {
            self.inner()
                .hosting
                .as_ref()
                .map_or(saved.address.clone(), Hosting::local_address)
        } else {
            saved.address.clone()
        };
        let (client, events) =
            Client::resume(&address, saved.credentials.clone(), Options::default())
                .map_err(|e| network_problem(&e))?;
        let link = LinkView::Reconnecting {
            attempt: 0,
            retry_in_ms: 0.0,
        };
        let credentials = client.credentials();
        let begun = app.with_core(|core| {
            core.online_begin(address, saved.hosted, credentials, saved.state, link)
        });
        match begun {
            Ok(begun) => {
                self.attach(app, &begun, client, events);
                Ok(())
            }
            Err(error) => {
                client.close();
                Err(error)
            }
        }
    }

    pub fn set_settings(
        &self,
        app: &AppState,
        settings: OnlineSettings,
    ) -> Result<OnlineSettings, AppError> {
        self.app(app);
        app.with_core(|core| core.set_online_settings(settings))
    }

    /// Starts the server inside the app on `port` (0: any free port); the addresses a friend
    /// needs come back.
    pub async fn host(&self, app: &AppState, port: u16) -> Result<HostView, AppError> {
        self.app(app);
        if let Some(view) = self.hosting_view() {
            return Ok(view);
        }
        let folder = self.inner().folder.clone().ok_or_else(|| {
            AppError::storage(crate::error::StorageWhat::DataFolder, "no data folder")
        })?;
        let hosting = Hosting::start(port, &folder).await?;
        let running = hosting.port;
        self.inner().hosting = Some(hosting);
        app.with_core(|core| {
            core.online_hosting(Some(running), port != 0);
            Ok(())
        })?;
        self.hosting_view()
            .ok_or_else(|| AppError::new(OnlineProblem::HostFailed { port }))
    }

    /// Stops the server inside the app (its games stay in its file, for the next time).
    pub async fn stop_hosting(&self, app: &AppState) {
        self.app(app);
        let hosting = self.inner().hosting.take();
        if let Some(hosting) = hosting {
            hosting.server.shutdown().await;
        }
        let _ = app.with_core(|core| {
            core.online_hosting(None, false);
            Ok(())
        });
    }

    /// A new game on the server (`hosted`: the one inside the app, started first if need be),
    /// with the invite for the friend.
    pub async fn create(
        &self,
        app: &AppState,
        color: ColorChoice,
        clock: Option<ClockSetting>,
        correspondence: Option<Correspondence>,
        reading: Reading,
        hosted: bool,
    ) -> Result<OnlineView, AppError> {
        self.app(app);
        let address = if hosted {
            let port = app.with_core(|core| Ok(core.online_settings().host_port))?;
            self.host(app, port).await?;
            self.inner()
                .hosting
                .as_ref()
                .map(Hosting::local_address)
                .ok_or_else(|| AppError::new(OnlineProblem::HostFailed { port }))?
        } else {
            app.with_core(|core| core.online_server())?
        };
        let seat = Seat::Create {
            color,
            clock,
            correspondence,
            reading,
        };
        self.open(app, address, hosted, seat).await
    }

    /// Joins the friend's game with the invite, on the server at `server` (saved as the
    /// server to use).
    pub async fn join(
        &self,
        app: &AppState,
        server: &str,
        invite: &str,
    ) -> Result<OnlineView, AppError> {
        self.app(app);
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
        app.with_core(|core| {
            core.online_joined_on(address);
            Ok(())
        })?;
        Ok(view)
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
        let credentials = client.credentials();
        let begun = app
            .with_core(|core| {
                core.online_begin(address, hosted, credentials, state, LinkView::Connected)
            })
            .inspect_err(|_| client.close())?;
        self.attach(app, &begun, client, events);
        Ok(begun.view)
    }

    /// The connection of the game the core began (that of the entry it replaced, the same
    /// server game, if any, is closed); its task starts.
    fn attach(&self, app: &AppState, begun: &Begun, client: Client, events: Events) {
        let number = begun.number;
        {
            let mut inner = self.inner();
            if let Some(before) = begun.replaced.and_then(|n| inner.connections.remove(&n)) {
                before.client.close();
            }
            inner.connections.insert(
                number,
                Connection {
                    client,
                    task: None,
                    waiting: None,
                },
            );
        }
        let online = self.clone();
        let app = app.clone();
        let task =
            tauri::async_runtime::spawn(async move { online.pump(app, number, events).await });
        if let Some(connection) = self.inner().connections.get_mut(&number) {
            connection.task = Some(task);
        }
    }

    /// Hands the connection's events to the core until it stops or its game is no longer
    /// among the online games.
    async fn pump(self, app: AppState, number: u64, mut events: Events) {
        while let Some(event) = events.recv().await {
            let stopped = matches!(event, Event::Stopped(_));
            let Ok(Some(taken)) = app.with_core(|core| Ok(core.online_event(number, event))) else {
                return;
            };
            if let Some(answer) = taken.answer {
                let waiting = self
                    .inner()
                    .connections
                    .get_mut(&number)
                    .and_then(|c| c.waiting.take());
                if let Some(waiting) = waiting {
                    let _ = waiting.send(answer);
                }
            }
            for event in taken.push {
                self.push(event);
            }
            if stopped {
                return;
            }
        }
    }

    /// Every online game as it is now (in progress first).
    #[cfg(test)]
    pub(crate) fn views(&self) -> Vec<OnlineView> {
        self.known_app()
            .and_then(|app| app.with_core(|core| Ok(core.online_status(None, true).games)))
            .unwrap_or_default()
    }

    /// Online game `game_id` as it is now.
    pub fn view(&self, game_id: &str) -> Result<OnlineView, AppError> {
        self.known_app()?
            .with_core(|core| core.online_game(game_id))
    }

    /// The board of online game `game_id` after `ply` moves (to step through it).
    pub fn board_at(
        &self,
        game_id: &str,
        ply: u32,
    ) -> Result<ultima_game::wire::BoardView, AppError> {
        self.known_app()?
            .with_core(|core| core.online_board_at(game_id, ply))
    }

    /// Plays this side's move from `from` to `to` in game `game_id`: checked by the rules first
    /// (a refusal says why, as in any game), then sent; answers once the server has stored it.
    pub async fn play(&self, game_id: &str, from: &str, to: &str) -> Result<OnlineView, AppError> {
        self.request(|core| core.online_play(game_id, from, to))
            .await
    }

    /// Sends `message` (resign, offers, answers, claim, rematch) in game `game_id` and answers
    /// with the state after it.
    pub async fn act(&self, game_id: &str, message: ClientMessage) -> Result<OnlineView, AppError> {
        self.request(move |core| core.online_act(game_id, message))
            .await
    }

    async fn request(
        &self,
        make: impl FnOnce(
            &mut ultima_core::AppCore<ultima_native::Desktop>,
        ) -> Result<(u64, ClientMessage), AppError>,
    ) -> Result<OnlineView, AppError> {
        let app = self.known_app()?;
        let (answer, answered) = oneshot::channel();
        // The answer's slot is set while the core holds the request, so that no event between
        // the two can answer it unseen.
        let (number, message) = app.with_core(|core| {
            let (number, message) = make(core)?;
            match self.inner().connections.get_mut(&number) {
                Some(connection) => connection.waiting = Some(answer),
                None => {
                    core.online_unanswered(number);
                    return Err(no_game());
                }
            }
            Ok((number, message))
        })?;
        let sent = match self.inner().connections.get(&number) {
            Some(connection) => connection
                .client
                .send(message)
                .map_err(|e| network_problem(&e)),
            None => Err(no_game()),
        };
        if let Err(error) = sent {
            self.unanswered(&app, number);
            return Err(error);
        }
        match tokio::time::timeout(ANSWER_TIMEOUT, answered).await {
            Ok(Ok(answer)) => answer,
            _ => {
                self.unanswered(&app, number);
                Err(AppError::new(OnlineProblem::Offline))
            }
        }
    }

    fn unanswered(&self, app: &AppState, number: u64) {
        if let Some(connection) = self.inner().connections.get_mut(&number) {
            connection.waiting = None;
        }
        let _ = app.with_core(|core| {
            core.online_unanswered(number);
            Ok(())
        });
    }

    /// Closes the connections (the games go on on the server, and come back with the next
    /// start); the games stay what is saved.
    pub fn close(&self) {
        drop(self.close_games());
    }

    /// Closes the connections as [`Online::close`] does; the tasks of their events are handed
    /// back.
    fn close_games(&self) -> Vec<tauri::async_runtime::JoinHandle<()>> {
        let (app, connections) = {
            let mut inner = self.inner();
            (inner.app.clone(), std::mem::take(&mut inner.connections))
        };
        if let Some(app) = app {
            let _ = app.with_core(|core| Ok(core.online_close()));
        }
        connections
            .into_values()
            .filter_map(|mut connection| {
                connection.client.close();
                connection.task.take()
            })
            .collect()
    }

    /// Closes the connections and waits until their tasks have taken their last events (and
    /// saved).
    #[cfg(test)]
    pub(crate) async fn close_and_wait(&self) {
        for task in self.close_games() {
            let _ = task.await;
        }
    }

    /// Leaves online game `game_id`'s screen: a finished game is forgotten here (it is among
    /// the finished games), and so is one the server no longer knows; one in progress goes on
    /// (its connection stays). The other games' connections are not touched.
    pub fn leave(&self, app: &AppState, game_id: &str) -> Result<(), AppError> {
        self.app(app);
        let Some(number) = app.with_core(|core| Ok(core.online_leave(game_id)))? else {
            return Ok(());
        };
        let connection = self.inner().connections.remove(&number);
        if let Some(connection) = connection {
            connection.client.close();
        }
        Ok(())
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
