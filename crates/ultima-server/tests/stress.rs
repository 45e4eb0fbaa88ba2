//! Both players of many games sending every kind of message at once, without waiting for
//! answers: the server must answer everything, never stall, and keep each game a legal one that
//! both players see the same.

mod common;

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use ultima_protocol::{ClientMessage, ServerMessage};
use ultima_rules::{Game, Position};
use ultima_server::{Config, Rate};

use common::{pair, server_with, Client};

/// Sends random actions for `rounds` rounds on a socket of its own, reading everything back.
async fn storm(url: String, game: String, token: String, seed: u64, rounds: usize) -> usize {
    let (socket, _) = match tokio_tungstenite::connect_async(url.as_str()).await {
        Ok(connected) => connected,
        Err(error) => panic!("{error}"),
    };
    let (mut sink, mut source) = socket.split();
    let resume = ClientMessage::Resume { game, token }.encode();
    if sink.send(Message::text(resume)).await.is_err() {
        panic!("send failed");
    }
    // The moves as this side last heard them, for the writer to move in the real game.
    let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let hearing = heard.clone();
    let reader = tokio::spawn(async move {
        let mut answers = 0usize;
        while let Ok(Some(Ok(frame))) =
            tokio::time::timeout(Duration::from_secs(3), source.next()).await
        {
            if let Message::Text(text) = frame {
                let mut moves = match hearing.lock() {
                    Ok(moves) => moves,
                    Err(poisoned) => poisoned.into_inner(),
                };
                match ServerMessage::decode(text.as_str()) {
                    Ok(ServerMessage::Moved { ply, mv, .. }) => {
                        moves.truncate(ply as usize);
                        moves.push(mv);
                    }
                    Ok(ServerMessage::State(state)) => *moves = state.moves,
                    Ok(_) => {}
                    Err(error) => panic!("not the protocol ({error}): {text}"),
                }
                answers += 1;
            }
        }
        answers
    });
    let mut dice = seed | 1;
    let mut moved = 0usize;
    for _ in 0..rounds {
        let mut game = Game::new(Position::start());
        let known: Vec<String> = match heard.lock() {
            Ok(moves) => moves.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        for text in &known {
            if let Ok(mv) = game.position().parse_coordinates(text) {
                let _ = game.play(&mv);
            }
        }
        dice ^= dice << 13;
        dice ^= dice >> 7;
        dice ^= dice << 17;
        let message = match dice % 12 {
            0 => ClientMessage::OfferDraw {},
            1 => ClientMessage::AcceptDraw {},
            2 => ClientMessage::DeclineDraw {},
            3 => ClientMessage::RequestTakeBack {},
            4 => ClientMessage::AcceptTakeBack {},
            5 => ClientMessage::DeclineTakeBack {},
            6 => ClientMessage::OfferRematch {},
            7 => ClientMessage::ClaimWin {},
            _ => {
                // A legal move in the game as last heard: refused when it is not this side's
                // turn, or when the game moved on meanwhile.
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    ClientMessage::Ping {}
                } else {
                    moved += 1;
                    let chosen = moves[(dice >> 8) as usize % moves.len()];
                    ClientMessage::Move {
                        ply: game.moves().len() as u32,
                        mv: chosen.coordinates(),
                    }
                }
            }
        };
        if sink.send(Message::text(message.encode())).await.is_err() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(dice % 3)).await;
    }
    let _ = moved;
    match reader.await {
        Ok(answers) => answers,
        Err(error) => panic!("{error}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_of_every_message_from_both_sides_leaves_legal_games_both_see_alike() {
    let server = server_with(Config {
        message_rate: Rate {
            burst: 100_000,
            per_second: 100_000.0,
        },
        join_rate: Rate {
            burst: 100_000,
            per_second: 100_000.0,
        },
        create_rate: Rate {
            burst: 100_000,
            per_second: 100_000.0,
        },
        // Most of the storm is refused (out of turn, nothing to accept): kept open all the same.
        max_refusals: 1_000_000,
        ..Config::default()
    })
    .await;
    let url = server.url();
    let mut games = Vec::new();
    for _ in 0..8 {
        games.push(pair(&url, None).await);
    }
    let mut storms = Vec::new();
    for (i, players) in games.iter().enumerate() {
        for (j, token) in [&players.white_token, &players.black_token]
            .into_iter()
            .enumerate()
        {
            storms.push(tokio::spawn(storm(
                url.clone(),
                players.game.clone(),
                token.clone(),
                (i * 2 + j) as u64 * 0x9E37 + 1,
                150,
            )));
        }
    }
    for storm in storms {
        let answers = match storm.await {
            Ok(answers) => answers,
            Err(error) => panic!("{error}"),
        };
        // Every message gets an answer (its error, or the change it made, to both sides).
        assert!(answers >= 150, "{answers} answers");
    }
    // Each game: both sides, resuming afresh, see the same moves, and they replay legally.
    let mut played = 0;
    for players in &games {
        let mut views = Vec::new();
        for token in [&players.white_token, &players.black_token] {
            let mut client = Client::connect(&url).await;
            client
                .send(&ClientMessage::Resume {
                    game: players.game.clone(),
                    token: token.clone(),
                })
                .await;
            client.seated().await;
            views.push(client.state().await);
        }
        assert_eq!(views[0].moves, views[1].moves);
        played += views[0].moves.len();
        assert_eq!(views[0].result, views[1].result);
        assert_eq!(views[0].revision, views[1].revision);
        let mut replay = Game::new(Position::start());
        for text in &views[0].moves {
            let mv = replay.position().parse_coordinates(text);
            assert!(matches!(mv.map(|mv| replay.play(&mv)), Ok(Ok(_))), "{text}");
        }
    }
    // The storm did play (moves survive take-backs and rematches only in part).
    eprintln!("stress: {played} moves in the final games");
    assert!(played > 0, "no move was played");
}
