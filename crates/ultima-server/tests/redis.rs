//! Several server processes sharing games through Redis. These need a `redis-server`:
//! `scripts/redis-test.sh` starts one on loopback and runs them with `--ignored`, the URL in
//! `ULTIMA_TEST_REDIS`.

mod common;

use std::time::Duration;

use common::{
    create, join_refused, kill_9, mv, resume, resume_seat, spawn, until, Client, Spawned,
};
use ultima_protocol::{ClientMessage, ClockSetting, ColorChoice, Presence, ServerMessage};
use ultima_rules::{Color, DrawReason, Game, Outcome, Position, WinReason};

fn redis_url() -> String {
    match std::env::var("ULTIMA_TEST_REDIS") {
        Ok(url) => url,
        Err(_) => {
            panic!("set ULTIMA_TEST_REDIS=redis://127.0.0.1:PORT/ (scripts/redis-test.sh does)")
        }
    }
}

/// A connection of the test's own to the Redis the processes share.
fn redis_connection() -> redis::Connection {
    redis::Client::open(redis_url())
        .and_then(|client| client.get_connection())
        .expect("connects to Redis")
}

fn process(claim_after: &str) -> Spawned {
    let url = redis_url();
    spawn(&[
        "--redis",
        &url,
        "--claim-after",
        claim_after,
        "--message-rate",
        "1000",
    ])
}

/// White creates on `a`, Black joins on `b`.
async fn pair_across(
    a: &Spawned,
    b: &Spawned,
    clock: Option<ClockSetting>,
) -> (Client, Client, String, String, String) {
    let (mut white, game, white_token, invite) = create(&a.url, ColorChoice::White, clock).await;
    let mut black = Client::connect(&b.url).await;
    black.send(&ClientMessage::Join { invite }).await;
    let (joined, color, black_token, _) = black.seated().await;
    assert_eq!((joined.as_str(), color), (game.as_str(), Color::Black));
    assert_eq!(black.state().await.opponent, Presence::Connected);
    // White, on the other process, hears that Black joined.
    assert_eq!(white.state().await.opponent, Presence::Connected);
    (white, black, game, white_token, black_token)
}

async fn play(mover: &mut Client, other: &mut Client, ply: u32, text: &str) {
    mover.send(&mv(ply, text)).await;
    let echoed = mover.next().await;
    assert!(
        matches!(&echoed, ServerMessage::Moved { ply: p, mv, .. } if *p == ply && mv == text),
        "{echoed:?}"
    );
    // The same move; the clock is read when each process sends it.
    let seen = other.next().await;
    match (&seen, &echoed) {
        (
            ServerMessage::Moved {
                ply: a,
                mv: m,
                revision: r,
                result: x,
                ..
            },
            ServerMessage::Moved {
                ply: b,
                mv: n,
                revision: s,
                result: y,
                ..
            },
        ) => assert_eq!((a, m, r, x), (b, n, s, y)),
        _ => panic!("{seen:?} / {echoed:?}"),
    }
}

#[tokio::test]
#[ignore = "needs a redis-server: scripts/redis-test.sh"]
async fn two_players_on_two_processes_play_one_game() {
    let a = process("30");
    let b = process("30");
    let (mut white, mut black, _, _, _) = pair_across(&a, &b, None).await;
    let mut game = Game::new(Position::start());
    for ply in 0..40u32 {
        let moves = game.position().legal_moves();
        let chosen = moves[(ply as usize * 13 + 5) % moves.len()];
        let (mover, other) = match game.position().turn() {
            Color::White => (&mut white, &mut black),
            Color::Black => (&mut black, &mut white),
        };
        play(mover, other, ply, &chosen.coordinates()).await;
        assert!(game.play(&chosen).is_ok());
        if game.outcome().is_some() {
            break;
        }
    }
    if game.outcome().is_none() {
        // A draw offered on one process, accepted on the other.
        black.send(&ClientMessage::OfferDraw {}).await;
        assert_eq!(white.state().await.draw_offer, Some(Color::Black));
        black.state().await;
        white.send(&ClientMessage::AcceptDraw {}).await;
        let drawn = Some(Outcome::Draw {
            reason: DrawReason::Agreement,
        });
        assert_eq!(white.state().await.result, drawn);
        assert_eq!(black.state().await.result, drawn);
    }
    // A rematch across the processes.
    white.send(&ClientMessage::OfferRematch {}).await;
    white.state().await;
    black.state().await;
    black.send(&ClientMessage::OfferRematch {}).await;
    let (new_game, color, _, _) = white.seated().await;
    assert_eq!(color, Color::Black);
    let (same, color, _, _) = black.seated().await;
    assert_eq!((same, color), (new_game, Color::White));
    white.state().await;
    black.state().await;
    play(&mut black, &mut white, 0, "e2e5").await;
}

#[tokio::test]
#[ignore = "needs a redis-server: scripts/redis-test.sh"]
async fn a_process_dies_and_its_player_goes_on_through_another() {
    let mut a = process("30");
    let b = process("30");
    let (mut white, mut black, game, white_token, _) = pair_across(&a, &b, None).await;
    play(&mut white, &mut black, 0, "e2e5").await;
    play(&mut black, &mut white, 1, "d7d4").await;
    kill_9(&mut a);
    drop(white);
    // Black, on the process that lives, sees White go (the dead process's key expires).
    let away = black.state().await;
    assert_eq!(away.opponent, Presence::Disconnected);
    // White comes back through the other process: every move is there, and play goes on.
    let (mut white, state) = resume_seat(&b.url, &game, &white_token).await;
    assert_eq!(state.moves, vec!["e2e5".to_string(), "d7d4".to_string()]);
    assert_eq!(black.state().await.opponent, Presence::Connected);
    play(&mut white, &mut black, 2, "a2a4").await;
    // And a new process serves the game as well.
    let c = process("30");
    let (_again, state) = resume_seat(&c.url, &game, &white_token).await;
    assert_eq!(state.moves.len(), 3);
}

#[tokio::test]
#[ignore = "needs a redis-server: scripts/redis-test.sh"]
async fn the_clock_falls_once_across_processes() {
    let a = process("30");
    let b = process("30");
    let clock = ClockSetting {
        base_ms: 500,
        increment_ms: 0,
    };
    let (mut white, mut black, _, _, _) = pair_across(&a, &b, Some(clock)).await;
    play(&mut white, &mut black, 0, "e2e5").await;
    play(&mut black, &mut white, 1, "d7d4").await;
    let flagged = Some(Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Time,
    });
    assert_eq!(white.state().await.result, flagged);
    assert_eq!(black.state().await.result, flagged);
    // Once: nothing more comes.
    assert!(white
        .next_within(Duration::from_millis(300))
        .await
        .is_none());
    assert!(black
        .next_within(Duration::from_millis(300))
        .await
        .is_none());
}

/// A redis-server of this test's own, on its own port and folder (append-only file, synced at
/// every write), to kill and restart.
struct OwnRedis {
    child: std::process::Child,
    port: u16,
    dir: std::path::PathBuf,
}

impl OwnRedis {
    fn start(port: u16, dir: &std::path::Path) -> OwnRedis {
        let child = std::process::Command::new("redis-server")
            .args([
                "--bind",
                "127.0.0.1",
                "--port",
                &port.to_string(),
                "--save",
                "",
            ])
            .args(["--appendonly", "yes", "--appendfsync", "always", "--dir"])
            .arg(dir)
            .stdout(std::process::Stdio::null())
            .spawn();
        let child = match child {
            Ok(child) => child,
            Err(error) => panic!("cannot start redis-server: {error}"),
        };
        // Ready when it accepts a connection.
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        OwnRedis {
            child,
            port,
            dir: dir.to_path_buf(),
        }
    }

    fn kill_9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        self.kill_9();
    }
}

#[tokio::test]
#[ignore = "needs a redis-server: scripts/redis-test.sh"]
async fn redis_killed_and_restarted_from_its_append_only_file_loses_no_accepted_move() {
    let dir = common::TempDir::new("own-redis");
    let port: u16 = std::env::var("ULTIMA_TEST_REDIS_SPARE_PORT")
        .ok()
        .and_then(|port| port.parse().ok())
        .unwrap_or(6399);
    let mut redis = OwnRedis::start(port, &dir.0);
    let url = format!("redis://127.0.0.1:{port}/");
    let spawn_on = |url: &str| spawn(&["--redis", url, "--message-rate", "1000"]);
    let a = spawn_on(&url);
    let b = spawn_on(&url);
    let (mut white, mut black, game, white_token, _) = pair_across(&a, &b, None).await;
    play(&mut white, &mut black, 0, "e2e5").await;
    play(&mut black, &mut white, 1, "d7d4").await;
    redis.kill_9();
    // While Redis is away a move cannot be stored, so it is refused, not lost.
    white.send(&mv(2, "a2a4")).await;
    assert_eq!(white.error().await, ultima_protocol::ErrorCode::Unavailable);
    let redis = OwnRedis::start(redis.port, &redis.dir.clone());
    // The processes reconnect by themselves; the game goes on where it was.
    let mut stored = false;
    for _ in 0..50 {
        white.send(&mv(2, "a2a4")).await;
        match white.next().await {
            ServerMessage::Moved { ply: 2, .. } => {
                stored = true;
                break;
            }
            ServerMessage::Error { .. } | ServerMessage::State(_) => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(stored, "the processes never reconnected to Redis");
    // Black, on the other process, gets the move (or the whole state, if it came while that
    // process was subscribing again).
    let mut seen = false;
    while let Some(message) = black.next_within(Duration::from_secs(5)).await {
        match message {
            ServerMessage::Moved { ply: 2, .. } => seen = true,
            ServerMessage::State(state) if state.moves.len() == 3 => seen = true,
            _ => {}
        }
        if seen {
            break;
        }
    }
    assert!(seen, "black never heard of the move");
    let (_again, state) = resume_seat(&b.url, &game, &white_token).await;
    assert_eq!(
        state.moves,
        vec!["e2e5".to_string(), "d7d4".to_string(), "a2a4".to_string()]
    );
    drop(redis);
}

/// A game's stored document in Redis, read directly.
fn redis_doc(connection: &mut redis::Connection, game: &str) -> String {
    let doc: Option<String> = redis::cmd("HGET")
        .arg(format!("ultima:game:{game}"))
        .arg("doc")
        .query(connection)
        .expect("reads");
    doc.expect("the game is stored")
}

#[tokio::test]
#[ignore = "needs a redis-server: scripts/redis-test.sh"]
async fn tokens_are_stored_hashed_and_data_from_before_that_keeps_every_players_game() {
    let mut redis = redis_connection();
    let mut a = process("30");
    let mut b = process("30");
    let (mut white, mut black, game, white_token, black_token) = pair_across(&a, &b, None).await;
    play(&mut white, &mut black, 0, "e2e5").await;
    let doc = redis_doc(&mut redis, &game);
    assert!(
        !doc.contains(&white_token) && !doc.contains(&black_token),
        "{doc}"
    );
    assert!(doc.contains("sha256:"));
    drop((white, black));
    kill_9(&mut a);
    kill_9(&mut b);

    // As a server from before hashing stored it: the tokens themselves, no data version, no
    // sets of games.
    let _: () = redis::cmd("ZREM")
        .arg("ultima:open")
        .arg(&game)
        .query(&mut redis)
        .expect("removed");
    let doc = redis_doc(&mut redis, &game);
    let mut value: serde_json::Value = serde_json::from_str(&doc).expect("json");
    value["meta"]["whiteToken"] = white_token.clone().into();
    value["meta"]["blackToken"] = black_token.clone().into();
    let _: () = redis::cmd("HSET")
        .arg(format!("ultima:game:{game}"))
        .arg("doc")
        .arg(value.to_string())
        .query(&mut redis)
        .expect("written");
    let _: () = redis::cmd("DEL")
        .arg("ultima:schema")
        .query(&mut redis)
        .expect("deleted");

    // A process on that data: both players come back with their tokens and play on; the
    // stored tokens are hashes again.
    let c = process("30");
    let doc = redis_doc(&mut redis, &game);
    assert!(
        !doc.contains(&white_token) && !doc.contains(&black_token),
        "{doc}"
    );
    let version: Option<i64> = redis::cmd("GET")
        .arg("ultima:schema")
        .query(&mut redis)
        .expect("reads");
    assert_eq!(version, Some(3));
    // The set of open games the sweep of abandoned ones reads has it.
    assert!(in_set(&mut redis, "ultima:open", &game));
    let (mut white, state) = resume_seat(&c.url, &game, &white_token).await;
    assert_eq!(state.moves, vec!["e2e5".to_string()]);
    let (mut black, _) = resume_seat(&c.url, &game, &black_token).await;
    white.state().await;
    play(&mut black, &mut white, 1, "d7d4").await;
}

fn in_set(redis: &mut redis::Connection, set: &str, game: &str) -> bool {
    let score: Option<f64> = redis::cmd("ZSCORE")
        .arg(set)
        .arg(game)
        .query(redis)
        .expect("reads");
    score.is_some()
}

fn stored(redis: &mut redis::Connection, game: &str) -> bool {
    let exists: bool = redis::cmd("EXISTS")
        .arg(format!("ultima:game:{game}"))
        .query(redis)
        .expect("reads");
    exists
}

#[tokio::test]
#[ignore = "needs a redis-server: scripts/redis-test.sh"]
async fn expired_invites_and_abandoned_games_across_processes() {
    let mut redis = redis_connection();
    let url = redis_url();
    let gone = ServerMessage::Error {
        error: ultima_protocol::ErrorCode::GameExpired,
    };

    // An invite created on one process, nobody joins: gone from Redis, the creator told,
    // the code refused on the other process.
    {
        let lifetimes = ["--invite-expires-after", "0.4", "--abandoned-after", "3600"];
        let a = spawn(&[&["--redis", &url][..], &lifetimes[..]].concat());
        let b = spawn(&[&["--redis", &url][..], &lifetimes[..]].concat());
        let (mut creator, game, token, invite) = create(&a.url, ColorChoice::White, None).await;
        assert!(in_set(&mut redis, "ultima:invites", &game));
        assert_eq!(
            creator.error().await,
            ultima_protocol::ErrorCode::GameExpired
        );
        assert!(creator.closed_within(Duration::from_secs(5)).await);
        assert!(!stored(&mut redis, &game));
        assert!(!in_set(&mut redis, "ultima:invites", &game));
        assert!(!in_set(&mut redis, "ultima:open", &game));
        assert_eq!(
            join_refused(&b.url, &invite).await,
            ultima_protocol::ErrorCode::InviteExpired
        );
        assert_eq!(resume(&b.url, &game, &token).await, gone);
    }

    // Games both players left: the played one ends (the side to move losing on time) and is
    // kept; the unplayed one goes.
    let lifetimes = ["--invite-expires-after", "3600", "--abandoned-after", "0.5"];
    let c = spawn(&[&["--redis", &url][..], &lifetimes[..]].concat());
    let d = spawn(&[&["--redis", &url][..], &lifetimes[..]].concat());
    let (mut white, mut black, played, white_token, _) = pair_across(&c, &d, None).await;
    play(&mut white, &mut black, 0, "e2e5").await;
    drop((white, black));
    let (white, black, unplayed, unplayed_token, _) = pair_across(&c, &d, None).await;
    drop((white, black));
    until("the played game to end", || {
        stored(&mut redis, &played) && !in_set(&mut redis, "ultima:open", &played)
    })
    .await;
    until("the unplayed game to go", || !stored(&mut redis, &unplayed)).await;
    match resume(&d.url, &played, &white_token).await {
        ServerMessage::State(state) => {
            assert_eq!(state.moves, vec!["e2e5".to_string()]);
            assert_eq!(
                state.result,
                Some(Outcome::Win {
                    winner: Color::White,
                    reason: WinReason::Time
                })
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(resume(&c.url, &unplayed, &unplayed_token).await, gone);
}

#[tokio::test]
#[ignore = "needs a redis-server: scripts/redis-test.sh"]
async fn correspondence_deadlines_and_old_finished_games_across_processes() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    const DAY: f64 = 24.0 * 60.0 * 60.0 * 1000.0;
    let mut redis = redis_connection();
    // Two processes in this one, sharing Redis and a clock the test moves (from now on, so the
    // other tests' games are not old for it).
    let start = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs_f64() * 1000.0)
        .unwrap_or(0.0);
    let time = Arc::new(AtomicU64::new(start.to_bits()));
    let set = |at: f64| time.store(at.to_bits(), Ordering::SeqCst);
    let config = || {
        let time = Arc::clone(&time);
        common::generous(ultima_server::Config {
            redis: Some(redis_url()),
            keep_finished_for: Duration::from_secs(2 * 24 * 60 * 60),
            clock: ultima_server::ServerClock::from_fn(move || {
                f64::from_bits(time.load(Ordering::SeqCst))
            }),
            ..ultima_server::Config::default()
        })
    };
    let a = common::server_with(config()).await;
    let b = common::server_with(config()).await;
    let days = Some(ultima_protocol::Correspondence { days_per_move: 1 });
    let mut white = Client::connect(&a.url()).await;
    white
        .send(&ClientMessage::Create {
            color: ColorChoice::White,
            clock: None,
            correspondence: days,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .await;
    let (game, _, white_token, invite) = white.seated().await;
    white.state().await;
    let mut black = Client::connect(&b.url()).await;
    black
        .send(&ClientMessage::Join {
            invite: invite.unwrap_or_default(),
        })
        .await;
    black.seated().await;
    black.state().await;
    white.state().await;
    play(&mut white, &mut black, 0, "e2e5").await;
    set(start + 0.5 * DAY);
    play(&mut black, &mut white, 1, "d7d4").await;
    assert!(in_set(&mut redis, "ultima:deadlines", &game));
    drop((white, black));

    // White's day passes with nobody connected: the other process's sweep ends the game.
    set(start + 1.5 * DAY + 1.0);
    let away = |redis: &mut redis::Connection| {
        let doc: Option<String> = redis::cmd("HGET")
            .arg(format!("ultima:game:{game}"))
            .arg("doc")
            .query(redis)
            .expect("reads");
        doc.is_some_and(|doc| !doc.contains(r#""connected":true"#))
    };
    until("both players to be away", || away(&mut redis)).await;
    b.sweep_now().await;
    assert!(in_set(&mut redis, "ultima:finished", &game));
    assert!(!in_set(&mut redis, "ultima:open", &game));
    assert!(!in_set(&mut redis, "ultima:deadlines", &game));
    match resume(&a.url(), &game, &white_token).await {
        ServerMessage::State(state) => assert_eq!(
            state.result,
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Time
            })
        ),
        other => panic!("{other:?}"),
    }

    // Kept two days after its last change (White looking at it), then deleted; its players are
    // told it is gone.
    until("White to have left", || away(&mut redis)).await;
    set(start + 3.0 * DAY);
    a.sweep_now().await;
    assert!(stored(&mut redis, &game));
    set(start + 4.0 * DAY);
    a.sweep_now().await;
    assert!(!stored(&mut redis, &game));
    assert!(!in_set(&mut redis, "ultima:finished", &game));
    assert_eq!(
        resume(&b.url(), &game, &white_token).await,
        ServerMessage::Error {
            error: ultima_protocol::ErrorCode::GameExpired
        }
    );
}
