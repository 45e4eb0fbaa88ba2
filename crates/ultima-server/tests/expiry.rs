//! Games left alone too long: an invite nobody joins expires (the game goes, the code and the
//! game say so); a started game nobody is connected to is abandoned (gone if nothing was
//! played, else ended with its record kept). Short lifetimes, a real SQLite file, the effects
//! read from the file itself.

mod common;

use std::path::Path;
use std::time::Duration;

use common::{create, generous, join_refused, pair, resume, server_with, until, TempDir};
use ultima_protocol::{ColorChoice, ErrorCode, ServerMessage};
use ultima_rules::{Color, Outcome, WinReason};
use ultima_server::Config;

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

fn config(db: &Path, invite_ms: u64, abandoned_ms: u64) -> Config {
    generous(Config {
        db: Some(db.to_path_buf()),
        invite_expires_after: Duration::from_millis(invite_ms),
        abandoned_after: Duration::from_millis(abandoned_ms),
        ..Config::default()
    })
}

#[tokio::test]
async fn an_invite_nobody_joins_expires_its_game_goes_and_its_code_says_so() {
    let dir = TempDir::new("invite-expiry");
    let db = dir.0.join("games.sqlite");
    let server = server_with(config(&db, 400, 3_600_000)).await;
    let url = server.url();
    // One creator leaves, the other waits on.
    let (left, old_game, old_token, old_invite) = create(&url, ColorChoice::White, None).await;
    left.close().await;
    let (mut waiting, game, token, invite) = create(&url, ColorChoice::White, None).await;
    assert_eq!(row(&db, &game), Some(false));

    // The one waiting is told, and the server closes the connection.
    assert_eq!(waiting.error().await, ErrorCode::GameExpired);
    assert!(waiting.closed_within(Duration::from_secs(5)).await);
    assert_eq!(row(&db, &game), None, "the game is gone from the file");
    assert_eq!(join_refused(&url, &invite).await, ErrorCode::InviteExpired);
    assert_eq!(
        resume(&url, &game, &token).await,
        ServerMessage::Error {
            error: ErrorCode::GameExpired
        }
    );
    // The older one expired as well (swept, or refused at the join and swept after).
    assert_eq!(
        join_refused(&url, &old_invite).await,
        ErrorCode::InviteExpired
    );
    until("the older game to go", || row(&db, &old_game).is_none()).await;
    assert_eq!(
        resume(&url, &old_game, &old_token).await,
        ServerMessage::Error {
            error: ErrorCode::GameExpired
        }
    );
    // Never-issued codes are still unknown, not expired.
    assert_eq!(
        join_refused(&url, "CCCC-CCCC-CCCC-CCCC").await,
        ErrorCode::NoSuchInvite
    );
    server.shutdown().await;
    drop(server);

    // After a restart on the file the code still says it expired.
    let server = server_with(config(&db, 400, 3_600_000)).await;
    assert_eq!(
        join_refused(&server.url(), &invite).await,
        ErrorCode::InviteExpired
    );
    // A game joined in time is not touched by the invite's lifetime.
    let mut players = pair(&server.url(), None).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    players.play(Color::White, 0, "e2e5").await;
}

#[tokio::test]
async fn a_game_nobody_is_connected_to_is_abandoned_ended_with_its_record_or_gone_if_unplayed() {
    let dir = TempDir::new("abandoned");
    let db = dir.0.join("games.sqlite");
    let server = server_with(config(&db, 3_600_000, 500)).await;
    let url = server.url();
    // Watched: White stays, Black leaves first of all.
    let mut watched = pair(&url, None).await;
    watched.play(Color::White, 0, "e2e5").await;
    watched.black.close().await;
    assert!(matches!(
        watched.white.next().await,
        ServerMessage::State(state) if state.claim_win_in_ms.is_some()
    ));
    // Played: one move, then both leave (Black to move).
    let mut played = pair(&url, None).await;
    played.play(Color::White, 0, "e2e5").await;
    played.white.close().await;
    played.black.close().await;
    // Unplayed: both leave at once.
    let unplayed = pair(&url, None).await;
    unplayed.white.close().await;
    unplayed.black.close().await;

    until("the played game to end", || {
        row(&db, &played.game) == Some(true)
    })
    .await;
    until("the unplayed game to go", || {
        row(&db, &unplayed.game).is_none()
    })
    .await;
    // The watched game, left by Black before the others were, goes on: White is there.
    assert_eq!(row(&db, &watched.game), Some(false));
    watched.white.ping().await;

    let ended = Outcome::Win {
        winner: Color::White,
        reason: WinReason::Time,
    };
    let check = |message: ServerMessage| match message {
        ServerMessage::State(state) => {
            assert_eq!(state.result, Some(ended));
            assert_eq!(state.moves, vec!["e2e5".to_string()]);
        }
        other => panic!("{other:?}"),
    };
    check(resume(&url, &played.game, &played.black_token).await);
    assert_eq!(
        resume(&url, &unplayed.game, &unplayed.white_token).await,
        ServerMessage::Error {
            error: ErrorCode::GameExpired
        }
    );
    server.shutdown().await;
    drop(server);

    // The ended game is kept, with its record, across a restart; the removed one stays gone.
    let server = server_with(config(&db, 3_600_000, 500)).await;
    check(resume(&server.url(), &played.game, &played.white_token).await);
    assert_eq!(
        resume(&server.url(), &unplayed.game, &unplayed.black_token).await,
        ServerMessage::Error {
            error: ErrorCode::GameExpired
        }
    );
}
