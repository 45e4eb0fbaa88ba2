//! The client against the real server (`ultima-server`, in this process on port 0): a whole
//! game between two clients, refusals, and coming back after the line drops (cut by a proxy
//! between the client and the server) and after the server restarts.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;
use tokio::time::timeout;
use ultima_online::protocol::{
    ClientMessage, ColorChoice, ErrorCode, GameState, Presence, ServerMessage,
};
use ultima_online::{Change, Client, Event, Events, Link, OnlineError, OnlineGame, Options, Seat};
use ultima_rules::{Color, Outcome, WinReason};

fn quick() -> Options {
    Options {
        connect_timeout: Duration::from_secs(5),
        first_retry: Duration::from_millis(50),
        max_retry: Duration::from_millis(400),
        ..Options::default()
    }
}

async fn server(
    db: Option<std::path::PathBuf>,
    listen: SocketAddr,
) -> ultima_server::RunningServer {
    ultima_server::start(ultima_server::Config {
        listen,
        db,
        ..ultima_server::Config::default()
    })
    .await
    .expect("the server starts")
}

/// A client that creates an untimed game, playing `color`.
async fn create(url: &str, color: ColorChoice) -> (Client, Events) {
    Client::open(
        url,
        Seat::Create {
            color,
            clock: None,
            correspondence: None,
            reading: ultima_rules::Reading::Abbott1963,
        },
        quick(),
    )
    .await
    .expect("create")
}

/// A client that joins with `invite`, or why it could not.
async fn join(url: &str, invite: impl Into<String>) -> Result<(Client, Events), OnlineError> {
    let invite = invite.into();
    Client::open(url, Seat::Join { invite }, quick()).await
}

fn send_move(client: &Client, ply: u32, mv: &str) {
    client
        .send(ClientMessage::Move { ply, mv: mv.into() })
        .expect("send");
}

fn local() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], 0))
}

/// The next event that `pick` takes, within 10 s.
async fn next<T>(events: &mut Events, what: &str, mut pick: impl FnMut(&Event) -> Option<T>) -> T {
    let found = timeout(Duration::from_secs(10), async {
        while let Some(event) = events.recv().await {
            if let Some(found) = pick(&event) {
                return Some(found);
            }
        }
        None
    })
    .await;
    match found {
        Ok(Some(found)) => found,
        Ok(None) => panic!("the events ended before {what}"),
        Err(_) => panic!("no {what} within 10 s"),
    }
}

fn state_where(condition: impl Fn(&GameState) -> bool) -> impl FnMut(&Event) -> Option<GameState> {
    move |event| match event {
        Event::Message(ServerMessage::State(state)) if condition(state) => Some(state.clone()),
        _ => None,
    }
}

fn moved(ply: u32) -> impl FnMut(&Event) -> Option<(String, Option<Outcome>)> {
    move |event| match event {
        Event::Message(ServerMessage::Moved {
            ply: p, mv, result, ..
        }) if *p == ply => Some((mv.clone(), *result)),
        _ => None,
    }
}

/// The line to the server was lost.
fn lost(event: &Event) -> Option<()> {
    matches!(event, Event::Link(Link::Lost { .. })).then_some(())
}

fn now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

#[tokio::test]
async fn two_clients_play_a_game_to_a_resignation_and_both_copies_agree() {
    let server = server(None, local()).await;
    let url = server.url();
    let (white, mut white_events) = create(&url, ColorChoice::White).await;
    let invite = white
        .invite()
        .expect("the creator gets an invite")
        .to_string();
    assert_eq!(invite.len(), 19, "{invite}");
    let waiting = next(
        &mut white_events,
        "the waiting state",
        state_where(|s| s.opponent == Presence::Waiting),
    )
    .await;
    let mut white_game = OnlineGame::new("w".into(), waiting, now()).expect("a copy");
    assert!(
        !white_game.is_my_move(),
        "nobody moves before the friend joins"
    );

    // Typed as a person may: lower case, spaces for dashes.
    let typed = invite.to_lowercase().replace('-', " ");
    let (black, mut black_events) = join(&url, typed).await.expect("join");
    assert_eq!(black.credentials().color, Color::Black);
    assert_eq!(black.credentials().game, white.credentials().game);
    let joined = next(
        &mut white_events,
        "the friend joining",
        state_where(|s| s.opponent == Presence::Connected),
    )
    .await;
    white_game.apply_state(joined, now()).expect("the state");
    let black_state = next(
        &mut black_events,
        "the joiner's state",
        state_where(|_| true),
    )
    .await;
    let mut black_game = OnlineGame::new("b".into(), black_state, now()).expect("a copy");
    assert!(white_game.is_my_move());

    // The invite is used up.
    let again = join(&url, invite.clone()).await;
    assert_eq!(
        again.err(),
        Some(OnlineError::Refused(ErrorCode::NoSuchInvite))
    );

    for (ply, (mover, text)) in [(&white, "e2e5"), (&black, "e7e6"), (&white, "d2d6")]
        .into_iter()
        .enumerate()
    {
        let ply = ply as u32;
        send_move(mover, ply, text);
        for (events, game) in [
            (&mut white_events, &mut white_game),
            (&mut black_events, &mut black_game),
        ] {
            let (mv, result) = next(events, "the move", moved(ply)).await;
            assert_eq!(mv, text);
            assert_eq!(
                game.apply_move(ply, &mv, None, result, now()),
                Ok(Change::Moved)
            );
        }
    }
    // Out of turn: refused, nothing changes.
    send_move(&white, 3, "a2a5");
    let refused = next(&mut white_events, "the refusal", |event| match event {
        Event::Message(ServerMessage::Error { error }) => Some(error.clone()),
        _ => None,
    })
    .await;
    assert!(matches!(refused, ErrorCode::Refused { .. }), "{refused:?}");

    black.send(ClientMessage::Resign {}).expect("resign");
    let ended = next(
        &mut white_events,
        "the end",
        state_where(|s| s.result.is_some()),
    )
    .await;
    assert_eq!(white_game.apply_state(ended, now()), Ok(Change::Ended));
    let ended = next(
        &mut black_events,
        "the end",
        state_where(|s| s.result.is_some()),
    )
    .await;
    black_game.apply_state(ended, now()).expect("the end");
    let won = Some(Outcome::Win {
        winner: Color::White,
        reason: WinReason::Resignation,
    });
    assert_eq!(white_game.result(), won);
    assert_eq!(black_game.result(), won);
    assert_eq!(white_game.moves(), ["e2e5", "e7e6", "d2d6"]);
    assert_eq!(white_game.moves(), black_game.moves());
    white.close();
    black.close();
    server.shutdown().await;
}

#[tokio::test]
async fn an_unknown_invite_a_forged_token_and_no_server_are_refused_in_words() {
    let server = server(None, local()).await;
    let url = server.url();
    let refused = join(&url, "AAAA-AAAA-AAAA-AAAA").await;
    assert_eq!(
        refused.err(),
        Some(OnlineError::Refused(ErrorCode::NoSuchInvite))
    );
    let refused = join(&url, "not a code").await;
    assert_eq!(
        refused.err(),
        Some(OnlineError::Refused(ErrorCode::BadInvite))
    );

    let (host, _events) = create(&url, ColorChoice::Black).await;
    let mut forged = host.credentials();
    forged.token = "0".repeat(forged.token.len().max(8));
    let refused = Client::open(&url, Seat::Resume(forged.clone()), quick()).await;
    let error = refused.expect_err("a forged token is refused");
    assert_eq!(error, OnlineError::Refused(ErrorCode::BadToken));
    assert!(error.to_string().contains("token"), "{error}");
    // In the background, a refused token stops the task for good.
    let (_client, mut events) = Client::resume(&url, forged, quick()).expect("an address");
    let stopped = next(&mut events, "the stop", |event| match event {
        Event::Stopped(error) => Some(error.clone()),
        _ => None,
    })
    .await;
    assert_eq!(stopped, OnlineError::Refused(ErrorCode::BadToken));
    host.close();
    server.shutdown().await;

    // Nobody listens there now.
    let gone = join(&url, "AAAA-AAAA-AAAA-AAAA").await;
    let error = gone.expect_err("no server");
    assert!(
        matches!(error, OnlineError::Unreachable { .. }),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("could not reach the server at ws://127.0.0.1:"),
        "{error}"
    );
    let bad = join("ftp://example:1", String::new()).await;
    assert!(matches!(bad.err(), Some(OnlineError::BadAddress { .. })));
}

/// A TCP proxy in front of the server whose connections can be cut, as a network drop would.
struct Proxy {
    addr: SocketAddr,
    links: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Proxy {
    async fn start(target: SocketAddr) -> Proxy {
        let listener = TcpListener::bind(local()).await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let links: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let kept = links.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let link = tokio::spawn(async move {
                    if let Ok(mut outbound) = TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                kept.lock().expect("links").push(link);
            }
        });
        Proxy { addr, links }
    }

    /// Drops every connection through the proxy (new ones are still let through).
    fn cut(&self) {
        for link in self.links.lock().expect("links").drain(..) {
            link.abort();
        }
    }
}

#[tokio::test]
async fn after_a_drop_the_client_comes_back_with_its_token_and_plays_on() {
    let server = server(None, local()).await;
    let proxy = Proxy::start(server.local_addr()).await;
    let through = format!("ws://{}", proxy.addr);
    let (white, mut white_events) = create(&through, ColorChoice::White).await;
    let invite = white.invite().expect("invite").to_string();
    let (black, mut black_events) = join(&server.url(), invite).await.expect("join");
    send_move(&white, 0, "e2e5");
    next(&mut black_events, "white's move", moved(0)).await;

    proxy.cut();
    next(&mut white_events, "the drop", lost).await;
    assert_eq!(
        white.send(ClientMessage::Resign {}),
        Err(OnlineError::Offline),
        "nothing is sent while down"
    );
    let seen = next(
        &mut black_events,
        "the opponent's absence",
        state_where(|s| s.opponent == Presence::Disconnected),
    )
    .await;
    assert_eq!(seen.moves, ["e2e5"]);
    // The opponent moves while White is away.
    send_move(&black, 1, "e7e6");
    next(&mut black_events, "black's move", moved(1)).await;

    next(&mut white_events, "the line back", |event| {
        (*event == Event::Link(Link::Connected)).then_some(())
    })
    .await;
    let back = next(&mut white_events, "the whole state", state_where(|_| true)).await;
    assert_eq!(
        back.moves,
        ["e2e5", "e7e6"],
        "the move made while away is there"
    );
    assert_eq!(back.you, Color::White);
    let game = OnlineGame::new("w".into(), back, now()).expect("a copy");
    assert!(game.is_my_move());
    let present = next(
        &mut black_events,
        "the opponent back",
        state_where(|s| s.opponent == Presence::Connected),
    )
    .await;
    assert_eq!(present.moves.len(), 2);
    send_move(&white, 2, "d2d6");
    next(
        &mut black_events,
        "white's move after coming back",
        moved(2),
    )
    .await;
    white.close();
    black.close();
    server.shutdown().await;
}

#[tokio::test]
async fn a_server_restart_on_its_file_loses_nothing_and_both_clients_come_back() {
    let folder = std::env::temp_dir().join(format!("ultima-online-test-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("folder");
    let db = folder.join("games.sqlite");
    let first = server(Some(db.clone()), local()).await;
    let addr = first.local_addr();
    // Both through the proxy: a stopped server leaves its open connections to the runtime,
    // so the proxy cuts them as the process's end would.
    let proxy = Proxy::start(addr).await;
    let through = format!("ws://{}", proxy.addr);
    let (white, mut white_events) = create(&through, ColorChoice::White).await;
    let invite = white.invite().expect("invite").to_string();
    let (black, mut black_events) = join(&through, invite).await.expect("join");
    send_move(&white, 0, "e2e5");
    next(&mut black_events, "white's move", moved(0)).await;
    first.shutdown().await;
    drop(first);
    proxy.cut();
    next(&mut white_events, "the drop", lost).await;

    let second = server(Some(db), addr).await;
    let back = next(
        &mut white_events,
        "the state after the restart",
        state_where(|_| true),
    )
    .await;
    assert_eq!(back.moves, ["e2e5"]);
    let back = next(
        &mut black_events,
        "black's state after the restart",
        state_where(|_| true),
    )
    .await;
    assert_eq!(back.moves, ["e2e5"]);
    send_move(&black, 1, "e7e6");
    next(
        &mut white_events,
        "black's move after the restart",
        moved(1),
    )
    .await;
    white.close();
    black.close();
    second.shutdown().await;
    let _ = std::fs::remove_dir_all(&folder);
}
