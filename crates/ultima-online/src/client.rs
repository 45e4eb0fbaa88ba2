//! One player's connection to an Ultima server, held by a task of its own: the connection's
//! rules are [`Line`]'s (the same state machine the browser drives with its `WebSocket`): it
//! seats the player (create, join or resume), passes the server's messages on as [`Event`]s,
//! sends what it is given, keeps the line alive, and when the line drops comes back with the
//! game's token, waiting longer after each failed try (up to a limit), until it is closed or the
//! server refuses the token. This task only does the line's I/O with tokio (through TLS for a
//! `wss://` server: [`crate::tls`]).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{timeout, Instant};
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_tungstenite::{Connector, MaybeTlsStream, WebSocketStream};
use ultima_protocol::ClientMessage;

use crate::error::OnlineError;
pub use crate::line::Options;
use crate::line::{Effect, Line};
pub use crate::link::{normalize_address, Credentials, Event, Link, Seat};
use crate::tls::{self, Trust};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How often the line's clock is looked at (pings, silences, a slow seating).
const TICK: Duration = Duration::from_secs(1);

enum Command {
    Send(ClientMessage),
    Close,
}

/// The first seating's outcome: the credentials and the invite, or why not.
type Ready = oneshot::Sender<Result<(Credentials, Option<String>), OnlineError>>;

/// A seated connection (or one coming back): send through it; its task reports on the
/// receiver it was opened with.
#[derive(Clone, Debug)]
pub struct Client {
    commands: mpsc::UnboundedSender<Command>,
    connected: Arc<AtomicBool>,
    /// The game played now (a rematch changes it); `None` never once the client exists.
    credentials: Arc<Mutex<Option<Credentials>>>,
    /// The credentials it was opened with (the fallback of [`Client::credentials`]).
    first: Credentials,
    invite: Option<String>,
}

pub type Events = mpsc::UnboundedReceiver<Event>;

fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

/// The connector for `address`: TLS with `trust`'s authorities for a `wss://` server (`trust`
/// is only asked then), none for a `ws://` one.
fn connector(
    address: &str,
    trust: impl FnOnce() -> Result<Trust, String>,
) -> Result<Option<Connector>, OnlineError> {
    if !tls::is_secure(address) {
        return Ok(None);
    }
    trust()
        .and_then(|trust| trust.connector())
        .map(Some)
        .map_err(|reason| OnlineError::Tls {
            address: address.to_string(),
            reason,
        })
}

impl Client {
    /// Connects to the server at `address` (`ws://HOST:PORT`, `HOST:PORT`, or `wss://HOST` for
    /// a server behind a TLS proxy, its certificate checked against the public authorities and
    /// the file named by [`tls::EXTRA_CA_VARIABLE`]) and takes `seat`. Fails at once if the
    /// server cannot be reached, is not trusted, or refuses; from then on the task comes back by
    /// itself after a drop. Must be called within a tokio runtime.
    pub async fn open(
        address: &str,
        seat: Seat,
        options: Options,
    ) -> Result<(Client, Events), OnlineError> {
        let address = normalize_address(address)?;
        let connector = connector(&address, Trust::from_environment)?;
        Client::start(address, seat, options, connector).await
    }

    /// [`Client::open`], a `wss://` server's certificate checked against `trust`'s authorities
    /// only (not the environment's).
    pub async fn open_trusting(
        address: &str,
        seat: Seat,
        options: Options,
        trust: &Trust,
    ) -> Result<(Client, Events), OnlineError> {
        let address = normalize_address(address)?;
        let connector = connector(&address, || Ok(trust.clone()))?;
        Client::start(address, seat, options, connector).await
    }

    async fn start(
        address: String,
        seat: Seat,
        options: Options,
        connector: Option<Connector>,
    ) -> Result<(Client, Events), OnlineError> {
        let (line, effects) = Line::new(address, seat, options, now_ms());
        let (ready, seated) = oneshot::channel();
        let (parts, events) = Client::spawn(line, effects, connector, None, Some(ready));
        let (credentials, invite) = seated.await.map_err(|_| OnlineError::Closed)??;
        Ok((parts.client(credentials, invite), events))
    }

    /// Comes back to a game with its credentials, in the background: the task tries until it
    /// is seated (reporting each failed try as [`Link::Lost`]), so a game saved while the server
    /// was away is shown at once and plays on when it is back. A `wss://` server is checked as
    /// by [`Client::open`]. Must be called within a tokio runtime.
    pub fn resume(
        address: &str,
        credentials: Credentials,
        options: Options,
    ) -> Result<(Client, Events), OnlineError> {
        let address = normalize_address(address)?;
        let connector = connector(&address, Trust::from_environment)?;
        Ok(Client::resume_with(
            address,
            credentials,
            options,
            connector,
        ))
    }

    /// [`Client::resume`], a `wss://` server's certificate checked against `trust`'s
    /// authorities only.
    pub fn resume_trusting(
        address: &str,
        credentials: Credentials,
        options: Options,
        trust: &Trust,
    ) -> Result<(Client, Events), OnlineError> {
        let address = normalize_address(address)?;
        let connector = connector(&address, || Ok(trust.clone()))?;
        Ok(Client::resume_with(
            address,
            credentials,
            options,
            connector,
        ))
    }

    fn resume_with(
        address: String,
        credentials: Credentials,
        options: Options,
        connector: Option<Connector>,
    ) -> (Client, Events) {
        let (line, effects) = Line::resume(address, credentials.clone(), options, now_ms());
        let (parts, events) =
            Client::spawn(line, effects, connector, Some(credentials.clone()), None);
        (parts.client(credentials, None), events)
    }

    fn spawn(
        line: Line,
        effects: Vec<Effect>,
        connector: Option<Connector>,
        credentials: Option<Credentials>,
        ready: Option<Ready>,
    ) -> (Parts, Events) {
        let (commands, commands_in) = mpsc::unbounded_channel();
        let (events_out, events) = mpsc::unbounded_channel();
        let connected = Arc::new(AtomicBool::new(false));
        let credentials = Arc::new(Mutex::new(credentials));
        let task = Task {
            line,
            connector,
            socket: None,
            retry_at: None,
            commands: commands_in,
            events: events_out,
            connected: connected.clone(),
            credentials: credentials.clone(),
            ready,
        };
        tokio::spawn(task.run(effects));
        (
            Parts {
                commands,
                connected,
                credentials,
            },
            events,
        )
    }

    /// Sends `message` to the server. Refused with [`OnlineError::Offline`] while the line is
    /// down (nothing is queued: a move must be played in the position the server has).
    pub fn send(&self, message: ClientMessage) -> Result<(), OnlineError> {
        if !self.is_connected() {
            return Err(OnlineError::Offline);
        }
        self.commands
            .send(Command::Send(message))
            .map_err(|_| OnlineError::Closed)
    }

    /// Closes the connection (the game goes on on the server: resume it later).
    pub fn close(&self) {
        let _ = self.commands.send(Command::Close);
    }

    pub fn is_connected(&self) -> bool {
        self.connected.load(Ordering::SeqCst)
    }

    /// The game this connection plays now (the rematch's, once one started) and its token.
    pub fn credentials(&self) -> Credentials {
        lock(&self.credentials)
            .clone()
            .unwrap_or_else(|| self.first.clone())
    }

    /// The invite the server gave when this client created the game.
    pub fn invite(&self) -> Option<&str> {
        self.invite.as_deref()
    }
}

/// A client's shared parts, before its credentials are known.
struct Parts {
    commands: mpsc::UnboundedSender<Command>,
    connected: Arc<AtomicBool>,
    credentials: Arc<Mutex<Option<Credentials>>>,
}

impl Parts {
    fn client(self, first: Credentials, invite: Option<String>) -> Client {
        Client {
            commands: self.commands,
            connected: self.connected,
            credentials: self.credentials,
            first,
            invite,
        }
    }
}

fn lock(
    credentials: &Mutex<Option<Credentials>>,
) -> std::sync::MutexGuard<'_, Option<Credentials>> {
    // A plain value: a panic elsewhere cannot leave it half-written.
    credentials.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The next frame of the socket, or never while there is none.
async fn next_frame(socket: &mut Option<Socket>) -> Option<Result<Message, WsError>> {
    match socket {
        Some(socket) => socket.next().await,
        None => std::future::pending().await,
    }
}

/// Until `at`, or never.
async fn until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

struct Task {
    line: Line,
    /// TLS for a `wss://` server.
    connector: Option<Connector>,
    socket: Option<Socket>,
    retry_at: Option<Instant>,
    commands: mpsc::UnboundedReceiver<Command>,
    events: mpsc::UnboundedSender<Event>,
    connected: Arc<AtomicBool>,
    credentials: Arc<Mutex<Option<Credentials>>>,
    ready: Option<Ready>,
}

impl Task {
    async fn run(mut self, effects: Vec<Effect>) {
        self.apply(effects).await;
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        while !self.line.is_stopped() {
            let effects = tokio::select! {
                frame = next_frame(&mut self.socket) => match frame {
                    Some(Ok(Message::Text(text))) => self.line.received(&text, now_ms()),
                    Some(Ok(Message::Close(_))) | None => {
                        self.socket = None;
                        self.line.closed("the server closed the connection")
                    }
                    // Pings are answered by the library; nothing else is the protocol's.
                    Some(Ok(_)) => Vec::new(),
                    Some(Err(error)) => {
                        self.socket = None;
                        self.line.closed(&error.to_string())
                    }
                },
                _ = until(self.retry_at) => {
                    self.retry_at = None;
                    self.line.retry_due(now_ms())
                }
                _ = tick.tick() => self.line.tick(now_ms()),
                command = self.commands.recv() => match command {
                    // Refused while the line is down: the client said so already.
                    Some(Command::Send(message)) => self.line.send(&message).unwrap_or_default(),
                    None | Some(Command::Close) => self.line.close(),
                },
            };
            self.apply(effects).await;
        }
        if let Some(mut socket) = self.socket.take() {
            let _ = socket.close(None).await;
        }
    }

    /// Does what the line says, and what that leads to, in order.
    async fn apply(&mut self, effects: Vec<Effect>) {
        let mut queue: VecDeque<Effect> = effects.into();
        while let Some(effect) = queue.pop_front() {
            let more = match effect {
                Effect::Open => self.open().await,
                Effect::Send(text) => match self.socket.as_mut() {
                    Some(socket) => match socket.send(Message::text(text)).await {
                        Ok(()) => Vec::new(),
                        Err(error) => {
                            self.socket = None;
                            self.line.closed(&error.to_string())
                        }
                    },
                    None => Vec::new(),
                },
                Effect::Close => {
                    if let Some(mut socket) = self.socket.take() {
                        let _ = socket.close(None).await;
                    }
                    Vec::new()
                }
                Effect::RetryIn(wait) => {
                    self.retry_at = Some(Instant::now() + wait);
                    Vec::new()
                }
                Effect::Ready {
                    credentials,
                    invite,
                } => {
                    *lock(&self.credentials) = Some(credentials.clone());
                    if let Some(ready) = self.ready.take() {
                        let _ = ready.send(Ok((credentials, invite)));
                    }
                    Vec::new()
                }
                Effect::Failed(error) => {
                    if let Some(ready) = self.ready.take() {
                        let _ = ready.send(Err(error));
                    }
                    Vec::new()
                }
                Effect::Report(event) => {
                    if let Event::Seated(credentials) = &event {
                        *lock(&self.credentials) = Some(credentials.clone());
                    }
                    // The receiver may have gone (the caller stopped listening): the task ends
                    // at its next command or drop.
                    let _ = self.events.send(event);
                    Vec::new()
                }
            };
            queue.extend(more);
            self.connected
                .store(self.line.is_connected(), Ordering::SeqCst);
        }
    }

    /// Opens a socket to the line's address (in the line's time limit).
    async fn open(&mut self) -> Vec<Effect> {
        let limit = self.line.options().connect_timeout;
        let address = self.line.address().to_string();
        let connecting = tokio_tungstenite::connect_async_tls_with_config(
            address.as_str(),
            None,
            false,
            self.connector.clone(),
        );
        match timeout(limit, connecting).await {
            Ok(Ok((socket, _))) => {
                self.socket = Some(socket);
                self.line.opened(now_ms())
            }
            Ok(Err(error)) => match tls::failure(&address, &error) {
                Some(failure) => self.line.failed(failure),
                None => self.line.closed(&error.to_string()),
            },
            Err(_) => self
                .line
                .closed(&format!("no answer in {} s", limit.as_secs())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_take_ws_in_front_and_refuse_what_is_not_one() {
        assert_eq!(
            normalize_address(" 192.168.1.20:7070 ").ok().as_deref(),
            Some("ws://192.168.1.20:7070")
        );
        assert_eq!(
            normalize_address("ws://localhost:7070").ok().as_deref(),
            Some("ws://localhost:7070")
        );
        assert_eq!(
            normalize_address("https://club.example.org/")
                .ok()
                .as_deref(),
            Some("wss://club.example.org")
        );
        assert_eq!(
            normalize_address("WSS://club.example.org/ultima")
                .ok()
                .as_deref(),
            Some("wss://club.example.org/ultima")
        );
        assert_eq!(
            crate::invite_link("wss://club.example.org/", "HKDW-MPRT").as_deref(),
            Some("https://club.example.org/#/join/HKDW-MPRT")
        );
        assert_eq!(
            crate::invite_link("192.168.1.20:8080", "AB CD<x>").as_deref(),
            Some("http://192.168.1.20:8080/#/join/ABCDx")
        );
        assert_eq!(crate::invite_link("ftp://x", "AB"), None);
        for bad in ["ftp://x:1", "ws://", "ws://a b:1", ""] {
            assert!(
                matches!(normalize_address(bad), Err(OnlineError::BadAddress { .. })),
                "{bad}"
            );
        }
    }
}
