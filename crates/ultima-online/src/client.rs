//! One player's connection to an Ultima server, held by a task of its own: it seats the player
//! (create, join or resume), passes the server's messages on as [`Event`]s, sends what it is
//! given, keeps the line alive, and when the line drops comes back with the game's token,
//! waiting longer after each failed try (up to a limit), until it is closed or the server
//! refuses the token.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::time::{timeout, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use ultima_protocol::{ClientMessage, ServerMessage, PROTOCOL_VERSION};

use crate::error::OnlineError;
pub use crate::line::Options;
use crate::line::{is_final, wait_after};
pub use crate::link::{normalize_address, Credentials, Event, Link, Seat};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

enum Command {
    Send(ClientMessage),
    Close,
}

/// A seated connection (or one coming back): send through it; its task reports on the
/// receiver it was opened with.
#[derive(Clone, Debug)]
pub struct Client {
    commands: mpsc::UnboundedSender<Command>,
    connected: Arc<AtomicBool>,
    credentials: Arc<Mutex<Credentials>>,
    invite: Option<String>,
}

pub type Events = mpsc::UnboundedReceiver<Event>;

impl Client {
    /// Connects to the server at `address` (`ws://HOST:PORT`, or `HOST:PORT`) and takes `seat`.
    /// Fails at once if the server cannot be reached or refuses; from then on the task comes
    /// back by itself after a drop. Must be called within a tokio runtime.
    pub async fn open(
        address: &str,
        seat: Seat,
        options: Options,
    ) -> Result<(Client, Events), OnlineError> {
        let address = normalize_address(address)?;
        let (socket, credentials, invite) = connect_and_seat(&address, &seat, &options).await?;
        Ok(Client::spawn(
            address,
            credentials,
            invite,
            Some(socket),
            options,
        ))
    }

    /// Comes back to a game with its credentials, in the background: the task tries until it
    /// is seated (reporting each failed try as [`Link::Lost`]), so a game saved while the server
    /// was away is shown at once and plays on when it is back. Must be called within a tokio
    /// runtime.
    pub fn resume(
        address: &str,
        credentials: Credentials,
        options: Options,
    ) -> Result<(Client, Events), OnlineError> {
        let address = normalize_address(address)?;
        Ok(Client::spawn(address, credentials, None, None, options))
    }

    fn spawn(
        address: String,
        credentials: Credentials,
        invite: Option<String>,
        socket: Option<Socket>,
        options: Options,
    ) -> (Client, Events) {
        let (commands, commands_in) = mpsc::unbounded_channel();
        let (events_out, events) = mpsc::unbounded_channel();
        let connected = Arc::new(AtomicBool::new(false));
        let credentials = Arc::new(Mutex::new(credentials));
        let task = Task {
            address,
            credentials: credentials.clone(),
            options,
            commands: commands_in,
            events: events_out,
            connected: connected.clone(),
        };
        tokio::spawn(task.run(socket));
        let client = Client {
            commands,
            connected,
            credentials,
            invite,
        };
        (client, events)
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
        lock(&self.credentials).clone()
    }

    /// The invite the server gave when this client created the game.
    pub fn invite(&self) -> Option<&str> {
        self.invite.as_deref()
    }
}

async fn connect_and_seat(
    address: &str,
    seat: &Seat,
    options: &Options,
) -> Result<(Socket, Credentials, Option<String>), OnlineError> {
    let unreachable = |reason: String| OnlineError::Unreachable {
        address: address.to_string(),
        reason,
    };
    if address.starts_with("wss://") {
        // No TLS library in this client: a server behind a TLS proxy is for the browser.
        return Err(OnlineError::BadAddress {
            address: address.to_string(),
            reason: "this client reaches servers by ws:// only; open a wss:// server's page in a browser".into(),
        });
    }
    let seating = async {
        let (mut socket, _) = tokio_tungstenite::connect_async(address)
            .await
            .map_err(|error| unreachable(error.to_string()))?;
        match next_message(&mut socket).await? {
            ServerMessage::Hello { protocol } if protocol == PROTOCOL_VERSION => {}
            ServerMessage::Hello { protocol } => {
                return Err(OnlineError::Protocol {
                    found: protocol,
                    expected: PROTOCOL_VERSION,
                })
            }
            other => return Err(unexpected("hello", &other)),
        }
        socket
            .send(Message::text(seat.message().encode()))
            .await
            .map_err(|error| unreachable(error.to_string()))?;
        loop {
            match next_message(&mut socket).await? {
                ServerMessage::Seated {
                    game,
                    color,
                    token,
                    invite,
                } => return Ok((socket, Credentials { game, color, token }, invite)),
                ServerMessage::Error { error } => return Err(OnlineError::Refused(error)),
                ServerMessage::Pong {} => {}
                other => return Err(unexpected("seated", &other)),
            }
        }
    };
    timeout(options.connect_timeout, seating)
        .await
        .map_err(|_| {
            unreachable(format!(
                "no answer in {} s",
                options.connect_timeout.as_secs()
            ))
        })?
}

fn unexpected(wanted: &str, got: &ServerMessage) -> OnlineError {
    OnlineError::Unexpected(format!("wanted `{wanted}`, got {}", got.encode()))
}

/// The next message on a line being seated (pings answered by the library on the way).
async fn next_message(socket: &mut Socket) -> Result<ServerMessage, OnlineError> {
    loop {
        let frame = socket
            .next()
            .await
            .ok_or_else(|| OnlineError::Unexpected("the server closed the connection".into()))?
            .map_err(|error| OnlineError::Unexpected(error.to_string()))?;
        match frame {
            Message::Text(text) => {
                return ServerMessage::decode(&text)
                    .map_err(|error| OnlineError::Unexpected(error.to_string()))
            }
            Message::Close(_) => {
                return Err(OnlineError::Unexpected(
                    "the server closed the connection".into(),
                ))
            }
            _ => {}
        }
    }
}

/// How a connected spell ended.
enum Ended {
    Closed,
    Lost(String),
}

fn lock(credentials: &Mutex<Credentials>) -> std::sync::MutexGuard<'_, Credentials> {
    // A plain value: a panic elsewhere cannot leave it half-written.
    credentials.lock().unwrap_or_else(PoisonError::into_inner)
}

struct Task {
    address: String,
    credentials: Arc<Mutex<Credentials>>,
    options: Options,
    commands: mpsc::UnboundedReceiver<Command>,
    events: mpsc::UnboundedSender<Event>,
    connected: Arc<AtomicBool>,
}

impl Task {
    fn report(&self, event: Event) {
        // The receiver may have gone (the caller stopped listening): the task ends at its
        // next command or drop.
        let _ = self.events.send(event);
    }

    async fn run(mut self, mut socket: Option<Socket>) {
        let mut attempt: u32 = 0;
        loop {
            let seat = Seat::Resume(lock(&self.credentials).clone());
            let mut line = match socket.take() {
                Some(line) => line,
                None => match connect_and_seat(&self.address, &seat, &self.options).await {
                    Ok((line, _, _)) => line,
                    Err(error) if is_final(&error) => {
                        self.report(Event::Stopped(error));
                        return;
                    }
                    Err(error) => {
                        attempt = attempt.saturating_add(1);
                        let wait = wait_after(&error, attempt, &self.options);
                        if !self.wait(attempt, wait, error.to_string()).await {
                            return;
                        }
                        continue;
                    }
                },
            };
            self.connected.store(true, Ordering::SeqCst);
            self.report(Event::Link(Link::Connected));
            let ended = self.serve(&mut line).await;
            self.connected.store(false, Ordering::SeqCst);
            match ended {
                Ended::Closed => {
                    let _ = line.close(None).await;
                    self.report(Event::Stopped(OnlineError::Closed));
                    return;
                }
                Ended::Lost(reason) => {
                    attempt = 1;
                    let wait = self.options.retry_after(attempt);
                    if !self.wait(attempt, wait, reason).await {
                        return;
                    }
                }
            }
        }
    }

    /// Says the line is down and waits `wait` before the next try; `false` when the client
    /// was closed meanwhile. Messages sent meanwhile are dropped (the client refuses them).
    async fn wait(&mut self, attempt: u32, wait: Duration, reason: String) -> bool {
        self.report(Event::Link(Link::Lost {
            attempt,
            retry_in_ms: u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
            reason,
        }));
        let until = Instant::now() + wait;
        loop {
            tokio::select! {
                _ = tokio::time::sleep_until(until) => return true,
                command = self.commands.recv() => match command {
                    None | Some(Command::Close) => {
                        self.report(Event::Stopped(OnlineError::Closed));
                        return false;
                    }
                    Some(Command::Send(_)) => {}
                },
            }
        }
    }

    async fn serve(&mut self, line: &mut Socket) -> Ended {
        let mut ping = tokio::time::interval(self.options.ping_every);
        ping.tick().await;
        let mut heard = Instant::now();
        loop {
            tokio::select! {
                frame = line.next() => {
                    let frame = match frame {
                        None => return Ended::Lost("the server closed the connection".into()),
                        Some(Err(error)) => return Ended::Lost(error.to_string()),
                        Some(Ok(frame)) => frame,
                    };
                    heard = Instant::now();
                    match frame {
                        Message::Text(text) => match ServerMessage::decode(&text) {
                            Ok(ServerMessage::Seated { game, color, token, .. }) => {
                                let credentials = Credentials { game, color, token };
                                *lock(&self.credentials) = credentials.clone();
                                self.report(Event::Seated(credentials));
                            }
                            Ok(ServerMessage::Hello { .. }) => {}
                            Ok(message) => self.report(Event::Message(message)),
                            Err(error) => {
                                return Ended::Lost(format!("the server sent a frame that does not read: {error}"))
                            }
                        },
                        Message::Close(_) => return Ended::Lost("the server closed the connection".into()),
                        _ => {}
                    }
                }
                command = self.commands.recv() => match command {
                    None | Some(Command::Close) => return Ended::Closed,
                    Some(Command::Send(message)) => {
                        if let Err(error) = line.send(Message::text(message.encode())).await {
                            return Ended::Lost(error.to_string());
                        }
                    }
                },
                _ = ping.tick() => {
                    if heard.elapsed() > self.options.silence_limit {
                        return Ended::Lost("the server stopped answering".into());
                    }
                    if let Err(error) = line.send(Message::Ping(Default::default())).await {
                        return Ended::Lost(error.to_string());
                    }
                }
            }
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
