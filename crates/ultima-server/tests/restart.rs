//! `kill -9` of the real server binary mid-game: after a restart on the same database every
//! accepted move is there and the games go on.

mod common;

use common::{kill_9, mv, pair, spawn, Client, Pair, TempDir};
use ultima_protocol::{ClientMessage, ClockSetting, Presence, ServerMessage};
use ultima_rules::{Color, Game, Position};

/// A game's moves as the server has them, read by resuming `token`'s seat.
async fn resume(url: &str, game: &str, token: &str) -> (Client, ultima_protocol::GameState) {
    let mut client = Client::connect(url).await;
    client
        .send(&ClientMessage::Resume {
            game: game.to_string(),
            token: token.to_string(),
        })
        .await;
    client.seated().await;
    let state = client.state().await;
    (client, state)
}

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
    let mut waiting = Client::connect(&server.url).await;
    waiting
        .send(&ClientMessage::Create {
            color: ultima_protocol::ColorChoice::Black,
            clock: None,
        })
        .await;
    let (waiting_game, _, waiting_token, invite) = waiting.seated().await;
    waiting.state().await;

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
    friend
        .send(&ClientMessage::Join {
            invite: invite.unwrap_or_default(),
        })
        .await;
    let (joined, color, _, _) = friend.seated().await;
    assert_eq!(
        (joined.as_str(), color),
        (waiting_game.as_str(), Color::White)
    );
    assert_eq!(friend.state().await.opponent, Presence::Disconnected);
    let (_, state) = resume(&server.url, &waiting_game, &waiting_token).await;
    assert_eq!(
        (state.you, state.opponent, state.invite),
        (Color::Black, Presence::Connected, None)
    );
    for (i, played) in games.iter_mut().enumerate() {
        let (white, state) = resume(&server.url, &played.pair.game, &played.pair.white_token).await;
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
        let (black, _) = resume(&server.url, &played.pair.game, &played.pair.black_token).await;
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
