//! A websocket client for the tests: sends client messages, reads server messages.

#![allow(dead_code)]

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use ultima_protocol::{
    ClientMessage, ClockSetting, ColorChoice, Correspondence, ErrorCode, GameState, ServerMessage,
};
use ultima_rules::Color;
use ultima_server::{Config, Rate, RunningServer};

pub const WAIT: Duration = Duration::from_secs(10);

pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// A server in this process on a free port, games in memory, generous join limits.
pub async fn server() -> RunningServer {
    server_with(Config::default()).await
}

pub fn generous(config: Config) -> Config {
    Config {
        join_rate: Rate {
            burst: 10_000,
            per_second: 10_000.0,
        },
        create_rate: Rate {
            burst: 10_000,
            per_second: 10_000.0,
        },
        ..config
    }
}

pub async fn server_with(config: Config) -> RunningServer {
    match ultima_server::start(config).await {
        Ok(server) => server,
        Err(error) => panic!("the server does not start: {error}"),
    }
}

impl Client {
    pub async fn connect(url: &str) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        match url.into_client_request() {
            Ok(request) => Client::connect_request(request).await,
            Err(error) => panic!("{url}: {error}"),
        }
    }

    pub async fn connect_request(
        request: tokio_tungstenite::tungstenite::handshake::client::Request,
    ) -> Client {
        let (socket, _) = match tokio_tungstenite::connect_async(request).await {
            Ok(connected) => connected,
            Err(error) => panic!("cannot connect: {error}"),
        };
        let mut client = Client { socket };
        match client.next().await {
            ServerMessage::Hello { protocol } => {
                assert_eq!(protocol, ultima_protocol::PROTOCOL_VERSION)
            }
            other => panic!("expected hello, got {other:?}"),
        }
        client
    }

    pub async fn send(&mut self, message: &ClientMessage) {
        self.send_text(&message.encode()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        if let Err(error) = self.socket.send(Message::text(text.to_string())).await {
            panic!("send failed: {error}");
        }
    }

    /// Sends a message; false when the connection is gone.
    pub async fn try_send(&mut self, message: &ClientMessage) -> bool {
        self.socket
            .send(Message::text(message.encode()))
            .await
            .is_ok()
    }

    /// Reads until the server closes: the close frame's code and reason (`None`: closed without
    /// one, or nothing within `wait`). Messages before it are skipped.
    pub async fn close_frame(&mut self, wait: Duration) -> Option<(u16, String)> {
        loop {
            match tokio::time::timeout(wait, self.socket.next()).await {
                Ok(Some(Ok(Message::Close(frame)))) => {
                    return frame.map(|frame| (u16::from(frame.code), frame.reason.to_string()))
                }
                Ok(Some(Ok(_))) => continue,
                Ok(Some(Err(_))) | Ok(None) | Err(_) => return None,
            }
        }
    }

    pub async fn send_frame(&mut self, frame: Message) {
        if let Err(error) = self.socket.send(frame).await {
            panic!("send failed: {error}");
        }
    }

    /// The next server message (panics after [`WAIT`]).
    pub async fn next(&mut self) -> ServerMessage {
        match self.next_within(WAIT).await {
            Some(message) => message,
            None => panic!("no message within {WAIT:?}"),
        }
    }

    /// The next server message, if one comes within `wait`.
    pub async fn next_within(&mut self, wait: Duration) -> Option<ServerMessage> {
        loop {
            let frame = match tokio::time::timeout(wait, self.socket.next()).await {
                Err(_) => return None,
                Ok(None) => return None,
                Ok(Some(Err(error))) => panic!("the connection failed: {error}"),
                Ok(Some(Ok(frame))) => frame,
            };
            match frame {
                Message::Text(text) => match ServerMessage::decode(text.as_str()) {
                    Ok(message) => return Some(message),
                    Err(error) => {
                        panic!("the server sent what the protocol does not read ({error}): {text}")
                    }
                },
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// The next server message, or `None` once the connection is closed or reset (or nothing
    /// comes within `wait`).
    pub async fn next_or_closed(&mut self, wait: Duration) -> Option<ServerMessage> {
        loop {
            match tokio::time::timeout(wait, self.socket.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => match ServerMessage::decode(text.as_str()) {
                    Ok(message) => return Some(message),
                    Err(error) => panic!("not the protocol ({error}): {text}"),
                },
                Ok(Some(Ok(Message::Close(_)))) | Ok(Some(Err(_))) | Ok(None) | Err(_) => {
                    return None
                }
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// Whether the connection is closed (by the server) within `wait`.
    pub async fn closed_within(&mut self, wait: Duration) -> bool {
        loop {
            match tokio::time::timeout(wait, self.socket.next()).await {
                Err(_) => return false,
                Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => return true,
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    pub async fn state(&mut self) -> GameState {
        match self.next().await {
            ServerMessage::State(state) => state,
            other => panic!("expected a state, got {other:?}"),
        }
    }

    pub async fn error(&mut self) -> ErrorCode {
        match self.next().await {
            ServerMessage::Error { error } => error,
            other => panic!("expected an error, got {other:?}"),
        }
    }

    /// Nothing arrives for a moment.
    pub async fn quiet(&mut self) {
        if let Some(message) = self.next_within(Duration::from_millis(150)).await {
            panic!("expected nothing, got {message:?}");
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }

    /// Seated: (game, colour, token, invite).
    pub async fn seated(&mut self) -> (String, Color, String, Option<String>) {
        match self.next().await {
            ServerMessage::Seated {
                game,
                color,
                token,
                invite,
            } => (game, color, token, invite),
            other => panic!("expected seated, got {other:?}"),
        }
    }

    /// Asks for `token`'s seat of `game`.
    pub async fn resume(&mut self, game: &str, token: &str) {
        self.send(&ClientMessage::Resume {
            game: game.to_string(),
            token: token.to_string(),
        })
        .await;
    }

    pub async fn ping(&mut self) {
        self.send(&ClientMessage::Ping {}).await;
        match self.next().await {
            ServerMessage::Pong {} => {}
            other => panic!("expected pong, got {other:?}"),
        }
    }
}

/// A game created on `url` by a new client taking `color`, who has read its seat and the
/// waiting state: (creator, game id, token, invite).
pub async fn create(
    url: &str,
    color: ColorChoice,
    clock: Option<ClockSetting>,
) -> (Client, String, String, String) {
    let mut creator = Client::connect(url).await;
    creator
        .send(&ClientMessage::Create {
            color,
            clock,
            correspondence: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .await;
    let (game, _, token, invite) = creator.seated().await;
    creator.state().await;
    (creator, game, token, invite.unwrap_or_default())
}

/// A new client on `url` asks to join by `invite` and is refused: why.
pub async fn join_refused(url: &str, invite: &str) -> ErrorCode {
    let mut friend = Client::connect(url).await;
    friend
        .send(&ClientMessage::Join {
            invite: invite.to_string(),
        })
        .await;
    friend.error().await
}

/// A new client on `url` resumes `token`'s seat of `game`: the answer after the seat (the
/// game's state), or the refusal.
pub async fn resume(url: &str, game: &str, token: &str) -> ServerMessage {
    let mut client = Client::connect(url).await;
    client.resume(game, token).await;
    match client.next().await {
        ServerMessage::Seated { .. } => client.next().await,
        other => other,
    }
}

/// A new client on `url` back in `token`'s seat of `game`, and the game's state it was sent.
pub async fn resume_seat(url: &str, game: &str, token: &str) -> (Client, GameState) {
    let mut client = Client::connect(url).await;
    client.resume(game, token).await;
    client.seated().await;
    let state = client.state().await;
    (client, state)
}

/// Waits (up to 20 s) until `condition` holds.
pub async fn until(what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !condition() {
        assert!(
            std::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Two players in one game: (white, black, game id, white's token, black's token).
pub struct Pair {
    pub white: Client,
    pub black: Client,
    pub game: String,
    pub white_token: String,
    pub black_token: String,
}

/// The creator takes White (or `creator`), the friend joins; both have read everything sent
/// so far.
pub async fn pair(url: &str, clock: Option<ClockSetting>) -> Pair {
    pair_with(url, clock, None).await
}

/// [`pair`], with days per move instead of a clock when `correspondence` is given.
pub async fn pair_with(
    url: &str,
    clock: Option<ClockSetting>,
    correspondence: Option<Correspondence>,
) -> Pair {
    let mut creator = Client::connect(url).await;
    creator
        .send(&ClientMessage::Create {
            color: ColorChoice::White,
            clock,
            correspondence,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .await;
    let (game, color, white_token, invite) = creator.seated().await;
    assert_eq!(color, Color::White);
    let invite = invite.unwrap_or_default();
    let waiting = creator.state().await;
    assert_eq!(waiting.opponent, ultima_protocol::Presence::Waiting);
    assert_eq!(waiting.invite.as_deref(), Some(invite.as_str()));
    let mut friend = Client::connect(url).await;
    friend.send(&ClientMessage::Join { invite }).await;
    let (joined, color, black_token, none) = friend.seated().await;
    assert_eq!(
        (joined.as_str(), color, none),
        (game.as_str(), Color::Black, None)
    );
    let state = friend.state().await;
    assert_eq!(state.opponent, ultima_protocol::Presence::Connected);
    assert_eq!(state.invite, None);
    let state = creator.state().await;
    assert_eq!(state.opponent, ultima_protocol::Presence::Connected);
    Pair {
        white: creator,
        black: friend,
        game,
        white_token,
        black_token,
    }
}

pub fn mv(ply: u32, text: &str) -> ClientMessage {
    ClientMessage::Move {
        ply,
        mv: text.to_string(),
    }
}

impl Pair {
    /// `side` plays `text` as move `ply`; both see it.
    pub async fn play(&mut self, side: Color, ply: u32, text: &str) -> ServerMessage {
        let (mover, other) = match side {
            Color::White => (&mut self.white, &mut self.black),
            Color::Black => (&mut self.black, &mut self.white),
        };
        mover.send(&mv(ply, text)).await;
        let echoed = mover.next().await;
        let seen = other.next().await;
        assert_eq!(echoed, seen);
        match &echoed {
            ServerMessage::Moved { ply: p, mv: m, .. } => {
                assert_eq!((*p, m.as_str()), (ply, text));
            }
            other => panic!("expected moved, got {other:?}"),
        }
        echoed
    }
}

/// A temporary folder, removed when dropped.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!(
            "ultima-server-{name}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0)
        ));
        let _ = std::fs::create_dir_all(&path);
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The server binary, started on a free port.
pub struct Spawned {
    pub child: std::process::Child,
    pub url: String,
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the binary on a free port with `args` and reads its `listening on ADDR` line.
pub fn spawn(args: &[&str]) -> Spawned {
    use std::io::{BufRead, BufReader};
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_ultima-server"))
        .args([
            "--listen",
            "127.0.0.1:0",
            "--join-burst",
            "1000",
            "--create-burst",
            "1000",
        ])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(error) => panic!("cannot start ultima-server: {error}"),
    };
    let mut line = String::new();
    if let Some(stdout) = child.stdout.take() {
        let _ = BufReader::new(stdout).read_line(&mut line);
    }
    let addr = match line.trim().strip_prefix("listening on ") {
        Some(addr) => addr.to_string(),
        None => panic!("expected `listening on ADDR`, got {line:?}"),
    };
    Spawned {
        child,
        url: format!("ws://{addr}/"),
    }
}

/// `kill -9`: SIGKILL, no chance to flush or close anything.
pub fn kill_9(server: &mut Spawned) {
    assert!(server.child.kill().is_ok());
    let _ = server.child.wait();
}
