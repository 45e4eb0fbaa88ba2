//! `kill -9` of the real server binary mid-game: after a restart on the same database every
//! accepted move is there and the games go on.

mod common;

use common::{create, kill_9, mv, pair, resume_seat, spawn, Client, Pair, TempDir};
use ultima_protocol::{ClientMessage, ClockSetting, Presence, ServerMessage};
use ultima_rules::{Color, Game, Position};

struct Played {
    pair: Pair,
    game: Game,
    /// Moves the server acknowledged.
    acked: usize,
}

fn next_move(game: &Game, seed: usize) -> String {
    let moves = game.position().legal_moves();
    moves[seed % moves.len()].coordinates()
}

#[tokio::test]
async fn kill_9_loses_no_accepted_move_and_the_games_go_on_after_a_restart() {
    let dir = TempDir::new("kill9");
    let db = dir.0.join("games.sqlite");
    let mut server = spawn(&["--db", &db.to_string_lossy()]);

    // Ten games, some timed, each a few moves in.
    let mut games = Vec::new();
    for i in 0..10 {
        let clock = (i % 2 == 0).then_some(ClockSetting {
            base_ms: 600_000,
            increment_ms: 1_000,
        });
        let mut played = Played {
            pair: pair(&server.url, clock).await,
            game: Game::new(Position::start()),
            acked: 0,
        };
        for ply in 0..(3 + i) {
            let text = next_move(&played.game, ply * 7 + i);
            let side = played.game.position().turn();
            played.pair.play(side, ply as u32, &text).await;
            let mv = played.game.position().parse_coordinates(&text);
            assert!(matches!(mv.map(|mv| played.game.play(&mv)), Ok(Ok(_))));
            played.acked += 1;
        }
        games.push(played);
    }
    // A game whose friend has not come yet.
    let (_waiting, waiting_game, waiting_token, invite) =
        create(&server.url, ultima_protocol::ColorChoice::Black, None).await;

    // One more move in every game, sent at once: some may be stored when the kill comes, some
    // not; none of those acknowledged may be lost.
    let mut sent = Vec::new();
    for played in &mut games {
        let text = next_move(&played.game, 3);
        let side = played.game.position().turn();
        let mover = match side {
            Color::White => &mut played.pair.white,
            Color::Black => &mut played.pair.black,
        };
        mover.send(&mv(played.acked as u32, &text)).await;
        sent.push(text);
    }
    // The acknowledgement of the first game's move, then at once the kill.
    {
        let first = &mut games[0];
        let side = first.game.position().turn();
        let mover = match side {
            Color::White => &mut first.pair.white,
            Color::Black => &mut first.pair.black,
        };
        match mover.next().await {
            ServerMessage::Moved { mv, .. } => assert_eq!(mv, sent[0]),
            other => panic!("{other:?}"),
        }
    }
    kill_9(&mut server);
    let acked_before: Vec<usize> = games
        .iter()
        .enumerate()
        .map(|(i, played)| played.acked + usize::from(i == 0))
        .collect();

    let server = spawn(&["--db", &db.to_string_lossy()]);
    // The invite still works after the restart, and the creator finds the friend there.
    let mut friend = Client::connect(&server.url).await;
    friend.send(&ClientMessage::Join { invite }).await;
    let (joined, color, _, _) = friend.seated().await;
    assert_eq!(
        (joined.as_str(), color),
        (waiting_game.as_str(), Color::White)
    );
    assert_eq!(friend.state().await.opponent, Presence::Disconnected);
    let (_, state) = resume_seat(&server.url, &waiting_game, &waiting_token).await;
    assert_eq!(
        (state.you, state.opponent, state.invite),
        (Color::Black, Presence::Connected, None)
    );
    for (i, played) in games.iter_mut().enumerate() {
        let (white, state) =
            resume_seat(&server.url, &played.pair.game, &played.pair.white_token).await;
        let expected: Vec<String> = played
            .game
            .moves()
            .iter()
            .map(|m| m.coordinates())
            .collect();
        assert!(
            state.moves.len() >= acked_before[i],
            "game {i}: {:?}",
            state.moves
        );
        assert!(state.moves.len() <= played.acked + 1, "game {i}");
        assert_eq!(state.moves[..played.acked], expected[..], "game {i}");
        if state.moves.len() > played.acked {
            assert_eq!(state.moves[played.acked], sent[i], "game {i}");
            let mv = played.game.position().parse_coordinates(&sent[i]);
            assert!(matches!(mv.map(|mv| played.game.play(&mv)), Ok(Ok(_))));
        }
        assert_eq!(state.opponent, Presence::Disconnected, "nobody is back yet");
        assert_eq!(state.clock.is_some(), i % 2 == 0);
        played.pair.white = white;
        let (black, _) =
            resume_seat(&server.url, &played.pair.game, &played.pair.black_token).await;
        assert_eq!(
            played.pair.white.state().await.opponent,
            Presence::Connected
        );
        played.pair.black = black;
        // The game goes on.
        let ply = played.game.moves().len();
        let text = next_move(&played.game, 11);
        let side = played.game.position().turn();
        played.pair.play(side, ply as u32, &text).await;
    }
}

/// Every stored document, read with SQLite itself (the file of a stopped server).
fn stored_docs(db: &std::path::Path) -> Vec<(String, String)> {
    let connection = rusqlite::Connection::open(db).expect("the file opens");
    let mut statement = connection
        .prepare("SELECT id, doc FROM games ORDER BY id")
        .expect("reads");
    let rows = statement
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .and_then(|rows| rows.collect::<Result<Vec<_>, _>>());
    rows.expect("rows")
}

#[tokio::test]
async fn tokens_are_stored_hashed_and_a_file_from_before_that_keeps_every_players_game() {
    let dir = TempDir::new("hashed");
    let db = dir.0.join("games.sqlite");
    let mut server = spawn(&["--db", &db.to_string_lossy()]);
    let mut playing = pair(&server.url, None).await;
    playing.play(Color::White, 0, "e2e5").await;
    let mut finished = pair(&server.url, None).await;
    finished.white.send(&ClientMessage::Resign {}).await;
    assert!(finished.white.state().await.result.is_some());
    let (_waiting, waiting_game, waiting_token, _) =
        create(&server.url, ultima_protocol::ColorChoice::White, None).await;
    kill_9(&mut server);

    // Only hashes are stored: no token is in the file.
    let tokens = [
        (
            playing.game.clone(),
            playing.white_token.clone(),
            "whiteToken",
        ),
        (
            playing.game.clone(),
            playing.black_token.clone(),
            "blackToken",
        ),
        (
            finished.game.clone(),
            finished.white_token.clone(),
            "whiteToken",
        ),
        (
            finished.game.clone(),
            finished.black_token.clone(),
            "blackToken",
        ),
        (waiting_game.clone(), waiting_token.clone(), "whiteToken"),
    ];
    let docs = stored_docs(&db);
    assert_eq!(docs.len(), 3);
    for (_, doc) in &docs {
        for (_, token, _) in &tokens {
            assert!(!doc.contains(token.as_str()), "a token is stored: {doc}");
        }
        assert!(doc.contains("sha256:"));
    }

    // The file as a server from before hashing wrote it: the tokens themselves (the friend's
    // too, before anyone joined), version 0.
    {
        let connection = rusqlite::Connection::open(&db).expect("opens");
        for (id, doc) in docs {
            let mut value: serde_json::Value = serde_json::from_str(&doc).expect("json");
            for (game, token, key) in &tokens {
                if *game == id {
                    value["meta"][*key] = serde_json::Value::String(token.clone());
                }
            }
            if id == waiting_game {
                value["meta"]["blackToken"] = "0123456789abcdef0123456789abcdef".into();
            }
            connection
                .execute(
                    "UPDATE games SET doc = ?2 WHERE id = ?1",
                    (&id, value.to_string()),
                )
                .expect("written");
        }
        connection
            .execute_batch("PRAGMA user_version = 0")
            .expect("versioned");
        let plain = stored_docs(&db)
            .iter()
            .filter(|(_, doc)| doc.contains(playing.white_token.as_str()))
            .count();
        assert_eq!(plain, 1);
    }

    // A server on that file: every player comes back with their token and plays on.
    let mut server = spawn(&["--db", &db.to_string_lossy()]);
    let (mut white, state) = resume_seat(&server.url, &playing.game, &playing.white_token).await;
    assert_eq!(state.moves, vec!["e2e5".to_string()]);
    let (mut black, state) = resume_seat(&server.url, &playing.game, &playing.black_token).await;
    assert_eq!(state.you, Color::Black);
    white.state().await;
    black.send(&mv(1, "d7d4")).await;
    assert!(matches!(
        black.next().await,
        ServerMessage::Moved { ply: 1, .. }
    ));
    let (_, state) = resume_seat(&server.url, &finished.game, &finished.black_token).await;
    assert!(state.result.is_some(), "the finished game is there");
    let (_, state) = resume_seat(&server.url, &waiting_game, &waiting_token).await;
    assert!(state.invite.is_some(), "the invite still waits");
    // A wrong token still proves nothing.
    let mut forger = Client::connect(&server.url).await;
    forger
        .resume(&playing.game, "0123456789abcdef0123456789abcdef")
        .await;
    assert_eq!(forger.error().await, ultima_protocol::ErrorCode::BadToken);
    kill_9(&mut server);

    // And the file holds hashes again, every game's (the finished one's too).
    for (_, doc) in stored_docs(&db) {
        for (_, token, _) in &tokens {
            assert!(
                !doc.contains(token.as_str()),
                "still stored as itself: {doc}"
            );
        }
    }
    let connection = rusqlite::Connection::open(&db).expect("opens");
    let version: i64 = connection
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("a version");
    assert_eq!(version, 1);
}
