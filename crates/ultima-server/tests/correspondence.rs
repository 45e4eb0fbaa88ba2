//! Correspondence games over simulated days (the server's clock is a test's: days pass in an
//! instant), several games for one player, rematches counted against the create limit, and
//! finished games deleted once they are older than the time they are kept. A real SQLite file,
//! the effects read from the file itself.

mod common;

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::{generous, pair_with, resume_seat, server_with, TempDir};
use ultima_protocol::{ClientMessage, Correspondence, ErrorCode, ServerMessage};
use ultima_rules::{Color, DrawReason, Outcome, WinReason};
use ultima_server::{Config, Rate, ServerClock};

const DAY: f64 = 24.0 * 60.0 * 60.0 * 1000.0;
/// Some day in 2027.
const T0: f64 = 1_800_000_000_000.0;

/// The test's time, which the server reads.
#[derive(Clone)]
struct FakeTime(Arc<AtomicU64>);

impl FakeTime {
    fn new(at: f64) -> FakeTime {
        FakeTime(Arc::new(AtomicU64::new(at.to_bits())))
    }

    fn set(&self, at: f64) {
        self.0.store(at.to_bits(), Ordering::SeqCst);
    }

    fn clock(&self) -> ServerClock {
        let time = self.0.clone();
        ServerClock::from_fn(move || f64::from_bits(time.load(Ordering::SeqCst)))
    }
}

fn config(db: &Path, time: &FakeTime) -> Config {
    generous(Config {
        db: Some(db.to_path_buf()),
        clock: time.clock(),
        ..Config::default()
    })
}

fn days(days_per_move: u8) -> Option<Correspondence> {
    Some(Correspondence { days_per_move })
}

/// A game's row in the file: `Some(finished)`, or `None` once it is gone.
fn row(db: &Path, game: &str) -> Option<bool> {
    let connection = rusqlite::Connection::open(db).expect("the file opens");
    let finished =
        connection.query_row("SELECT finished FROM games WHERE id = ?1", [game], |row| {
            row.get::<_, bool>(0)
        });
    match finished {
        Ok(finished) => Some(finished),
        Err(rusqlite::Error::QueryReturnedNoRows) => None,
        Err(error) => panic!("{error}"),
    }
}

/// Waits until the file says nobody is connected to `game` (the server stores a player's
/// leaving after the connection closed; a restart before that would race it).
async fn until_away(db: &Path, game: &str) {
    common::until("the players' leaving to be stored", || {
        let connection = rusqlite::Connection::open(db).expect("the file opens");
        let doc: String = connection
            .query_row("SELECT doc FROM games WHERE id = ?1", [game], |row| {
                row.get(0)
            })
            .expect("the game is stored");
        !doc.contains(r#""connected":true"#)
    })
    .await;
}

fn count(db: &Path, table: &str) -> i64 {
    let connection = rusqlite::Connection::open(db).expect("the file opens");
    connection
        .query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
            row.get(0)
        })
        .expect("the table counts")
}

fn moved_clock(message: &ServerMessage) -> ultima_game::ClockView {
    match message {
        ServerMessage::Moved {
            clock: Some(clock), ..
        } => *clock,
        other => panic!("expected a move with a clock, got {other:?}"),
    }
}

async fn restart(
    server: ultima_server::RunningServer,
    db: &Path,
    time: &FakeTime,
) -> ultima_server::RunningServer {
    server.shutdown().await;
    drop(server);
    server_with(config(db, time)).await
}

#[tokio::test]
async fn a_correspondence_game_over_days_is_kept_resumed_with_its_deadline_and_lost_on_time() {
    let dir = TempDir::new("correspondence");
    let db = dir.0.join("games.sqlite");
    let time = FakeTime::new(T0);
    let server = server_with(config(&db, &time)).await;
    // Joined at T0: White has 3 days for the first move.
    let mut players = pair_with(&server.url(), None, days(3)).await;
    players.white.close().await;
    let _ = players.black.state().await; // White away
    let (white, state) = resume_seat(&server.url(), &players.game, &players.white_token).await;
    let clock = state.clock.expect("a correspondence game shows its time");
    assert_eq!(
        (
            clock.days_per_move,
            clock.running,
            clock.white_ms,
            clock.base_ms,
            clock.increment_ms
        ),
        (Some(3), Some(Color::White), 3.0 * DAY, 259_200_000, 0)
    );
    players.white = white;
    let _ = players.black.state().await; // White back

    // Day 1 White moves, day 2 Black: each move gives the mover the whole time back.
    time.set(T0 + DAY);
    let moved = players.play(Color::White, 0, "e2e5").await;
    let clock = moved_clock(&moved);
    assert_eq!(
        (clock.running, clock.white_ms, clock.black_ms),
        (Some(Color::Black), 3.0 * DAY, 3.0 * DAY)
    );
    time.set(T0 + 2.0 * DAY);
    players.play(Color::Black, 1, "d7d4").await;
    players.white.close().await;
    players.black.close().await;
    until_away(&db, &players.game).await;

    // Nobody connected, a restart: the game is kept, its deadline too (not forgiven).
    let server = restart(server, &db, &time).await;
    assert_eq!(row(&db, &players.game), Some(false));
    time.set(T0 + 4.0 * DAY);
    let (mut white, state) = resume_seat(&server.url(), &players.game, &players.white_token).await;
    let clock = state.clock.expect("the clock");
    assert_eq!(
        (clock.running, clock.white_ms, clock.black_ms),
        (Some(Color::White), DAY, 3.0 * DAY),
        "Black moved on day 2, plus 3 days: one day left on day 4"
    );
    assert_eq!(state.claim_win_in_ms, None, "no claims in correspondence");
    white.send(&common::mv(2, "a2a4")).await;
    let clock = moved_clock(&white.next().await);
    assert_eq!(
        (clock.running, clock.black_ms),
        (Some(Color::Black), 3.0 * DAY)
    );
    white.close().await;

    // Day 6.5: Black looks in and leaves; the sweep does nothing before the deadline.
    time.set(T0 + 6.5 * DAY);
    let (black, state) = resume_seat(&server.url(), &players.game, &players.black_token).await;
    let clock = state.clock.expect("the clock");
    assert_eq!(
        (clock.running, clock.black_ms, clock.white_ms),
        (Some(Color::Black), 0.5 * DAY, 3.0 * DAY)
    );
    black.close().await;
    time.set(T0 + 6.9 * DAY);
    server.sweep_now().await;
    assert_eq!(row(&db, &players.game), Some(false));

    // Black lets the time pass, nobody connected: the sweep ends the game, Black losing on time.
    time.set(T0 + 7.0 * DAY + 60_000.0);
    server.sweep_now().await;
    assert_eq!(row(&db, &players.game), Some(true));
    let (_, state) = resume_seat(&server.url(), &players.game, &players.white_token).await;
    assert_eq!(
        state.result,
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Time
        })
    );
    assert_eq!(state.moves.len(), 3);
    assert_eq!(state.clock.and_then(|clock| clock.running), None);
}

#[tokio::test]
async fn time_running_out_against_a_bare_king_is_a_draw_and_an_unmade_first_move_aborts() {
    let dir = TempDir::new("correspondence-bare-king");
    let db = dir.0.join("games.sqlite");
    let time = FakeTime::new(T0);
    let server = server_with(config(&db, &time)).await;
    let mut players = pair_with(&server.url(), None, days(1)).await;
    players.play(Color::White, 0, "e2e5").await;
    time.set(T0 + 0.5 * DAY);
    players.play(Color::Black, 1, "d7d4").await;
    players.white.close().await;
    players.black.close().await;
    // Another game: White moves, Black never does.
    let mut unanswered = pair_with(&server.url(), None, days(1)).await;
    unanswered.play(Color::White, 0, "e2e5").await;
    unanswered.white.close().await;
    unanswered.black.close().await;
    until_away(&db, &players.game).await;
    until_away(&db, &unanswered.game).await;
    server.shutdown().await;
    drop(server);

    // The first game, as if its moves had left Black with nothing but the king.
    {
        let connection = rusqlite::Connection::open(&db).expect("the file opens");
        let doc: String = connection
            .query_row(
                "SELECT doc FROM games WHERE id = ?1",
                [&players.game],
                |row| row.get(0),
            )
            .expect("the game is stored");
        let mut doc: serde_json::Value = serde_json::from_str(&doc).expect("a JSON document");
        doc["game"]["record"] = "start 3k4/8/8/8/8/8/4P3/3K4 w 0 1\nmoves e2e5 d8c8\n".into();
        connection
            .execute(
                "UPDATE games SET doc = ?2 WHERE id = ?1",
                [&players.game, &doc.to_string()],
            )
            .expect("the game is rewritten");
    }
    let server = server_with(config(&db, &time)).await;

    // White lets the day pass: a draw, Black having nothing but its king.
    time.set(T0 + 1.5 * DAY + 1.0);
    server.sweep_now().await;
    assert_eq!(row(&db, &players.game), Some(true));
    let (_, state) = resume_seat(&server.url(), &players.game, &players.black_token).await;
    assert_eq!(
        state.result,
        Some(Outcome::Draw {
            reason: DrawReason::TimeoutBareKing
        })
    );
    // The game Black never answered is aborted: gone, and its players told so.
    assert_eq!(row(&db, &unanswered.game), None);
    assert_eq!(
        common::resume(&server.url(), &unanswered.game, &unanswered.black_token).await,
        ServerMessage::Error {
            error: ErrorCode::GameExpired
        }
    );
}

#[tokio::test]
async fn one_player_has_several_correspondence_games_at_once_within_the_create_limit() {
    let dir = TempDir::new("correspondence-several");
    let db = dir.0.join("games.sqlite");
    let time = FakeTime::new(T0);
    // The default create limit (20 at once), joins and resumes generous.
    let server = server_with(Config {
        create_rate: Config::default().create_rate,
        ..config(&db, &time)
    })
    .await;
    let url = server.url();
    let mut games = Vec::new();
    for (at, days_per_move) in [1u8, 2, 3, 7, 14].into_iter().enumerate() {
        time.set(T0 + at as f64 * 60_000.0);
        let mut players = pair_with(&url, None, days(days_per_move)).await;
        players.play(Color::White, 0, "e2e5").await;
        games.push(players);
    }
    // Black answers in the odd games only; then everybody leaves.
    for (at, players) in games.iter_mut().enumerate() {
        if at % 2 == 1 {
            players.play(Color::Black, 1, "d7d4").await;
        }
    }
    for players in games.iter_mut() {
        players.white.ping().await;
    }
    time.set(T0 + 0.5 * DAY);
    // The creator comes back to every game, each with its own token: whose move it is, and the
    // time each side has.
    for (at, players) in games.into_iter().enumerate() {
        players.white.close().await;
        players.black.close().await;
        let (_, state) = resume_seat(&url, &players.game, &players.white_token).await;
        let clock = state.clock.expect("the clock");
        let to_move = if at % 2 == 1 {
            Color::White
        } else {
            Color::Black
        };
        assert_eq!(clock.running, Some(to_move), "game {at}");
        assert_eq!(state.moves.len(), if at % 2 == 1 { 2 } else { 1 });
        assert_eq!(state.result, None);
    }
}

#[tokio::test]
async fn a_rematch_loop_is_held_by_the_create_limit() {
    let dir = TempDir::new("rematch-loop");
    let db = dir.0.join("games.sqlite");
    let time = FakeTime::new(T0);
    // Six games at once from this address, then one an hour.
    let server = server_with(Config {
        create_rate: Rate {
            burst: 6,
            per_second: 1.0 / 3600.0,
        },
        ..config(&db, &time)
    })
    .await;
    // The create takes one; each rematch two (both players ask, from this address).
    let players = pair_with(&server.url(), None, None).await;
    let (mut a, mut b) = (players.white, players.black);
    let mut rematches = 0;
    let refused = loop {
        a.send(&ClientMessage::Resign {}).await;
        a.state().await;
        b.state().await;
        a.send(&ClientMessage::OfferRematch {}).await;
        match a.next().await {
            ServerMessage::State(state) => assert!(state.rematch_offer.is_some()),
            ServerMessage::Error { error } => break error,
            other => panic!("{other:?}"),
        }
        b.state().await;
        b.send(&ClientMessage::OfferRematch {}).await;
        match b.next().await {
            ServerMessage::Seated { .. } => {}
            ServerMessage::Error { error } => break error,
            other => panic!("{other:?}"),
        }
        b.state().await;
        a.seated().await;
        a.state().await;
        rematches += 1;
        assert!(rematches < 10, "the loop goes on past the limit");
    };
    assert_eq!(rematches, 2);
    assert!(
        matches!(refused, ErrorCode::CreateRateLimited { retry_after_ms } if retry_after_ms > 1000),
        "{refused:?}"
    );
    // Refused, it made nothing: the finished game waits, with A's offer open.
    b.quiet().await;
}

#[tokio::test]
async fn finished_games_are_deleted_once_older_than_kept_so_the_file_stops_growing() {
    let dir = TempDir::new("keep-finished");
    let db = dir.0.join("games.sqlite");
    let time = FakeTime::new(T0);
    let server = server_with(Config {
        keep_finished_for: Duration::from_secs(2 * 24 * 60 * 60),
        ..config(&db, &time)
    })
    .await;
    let url = server.url();
    // Every day two games are played and resigned; the sweep runs once a day.
    let mut first = None;
    let mut rows = Vec::new();
    for day in 0..40 {
        time.set(T0 + f64::from(day) * DAY);
        for _ in 0..2 {
            let mut players = pair_with(&url, None, None).await;
            players.white.send(&ClientMessage::Resign {}).await;
            players.white.state().await;
            players.black.state().await;
            first.get_or_insert((players.game.clone(), players.white_token.clone()));
            players.white.close().await;
            players.black.close().await;
        }
        // The players' leaving is stored today (then the finished games leave memory).
        common::until("the players to leave", || server.games_in_memory() == 0).await;
        server.sweep_now().await;
        rows.push((count(&db, "games"), count(&db, "expired")));
    }
    // Kept: the games of the last two days and today's; the deleted ones are remembered as
    // gone for 30 days, then forgotten: after that, nothing grows.
    for (day, (games, _)) in rows.iter().enumerate().skip(3) {
        assert_eq!(*games, 6, "day {day}");
    }
    let plateau = rows[34];
    assert!(
        rows[34..].iter().all(|&counted| counted == plateau),
        "{rows:?}"
    );
    assert!(plateau.1 <= 64, "{rows:?}");
    // The first game, deleted long ago and forgotten: unknown now.
    let (first, token) = first.expect("a game");
    assert_eq!(row(&db, &first), None);
    assert_eq!(
        common::resume(&url, &first, &token).await,
        ServerMessage::Error {
            error: ErrorCode::BadToken
        }
    );
}

#[tokio::test]
async fn coming_back_to_many_games_is_not_limited_but_guessing_tokens_is() {
    let dir = TempDir::new("resume-limit");
    let db = dir.0.join("games.sqlite");
    let time = FakeTime::new(T0);
    // Three joins or refused resumes at once from this address, then one an hour.
    let server = server_with(Config {
        join_rate: Rate {
            burst: 3,
            per_second: 1.0 / 3600.0,
        },
        ..config(&db, &time)
    })
    .await;
    let url = server.url();
    let players = pair_with(&url, None, days(7)).await; // the join takes one
                                                        // A player with many games opens the app: one resume each, all at once (here, the same
                                                        // game again and again), far past the burst.
    for _ in 0..12 {
        let (client, state) = resume_seat(&url, &players.game, &players.white_token).await;
        assert_eq!(state.you, Color::White);
        client.close().await;
    }
    // Guessed tokens are counted: two refused, then the limit.
    for _ in 0..2 {
        assert_eq!(
            common::resume(&url, &players.game, "0123456789abcdef0123456789abcdef").await,
            ServerMessage::Error {
                error: ErrorCode::BadToken
            }
        );
    }
    assert!(matches!(
        common::resume(&url, &players.game, "0123456789abcdef0123456789abcdef").await,
        ServerMessage::Error {
            error: ErrorCode::JoinRateLimited { .. }
        }
    ));
}
