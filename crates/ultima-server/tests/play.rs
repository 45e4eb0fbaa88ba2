//! Whole games over real websockets against a server in this process on port 0.

mod common;

use std::time::Duration;

use common::{mv, pair, server, server_with, Client, TempDir};
use tokio_tungstenite::tungstenite::Message;
use ultima_game::Problem;
use ultima_protocol::{
    ClientMessage, ClockSetting, ColorChoice, ErrorCode, Presence, ServerMessage,
};
use ultima_rules::{Color, DrawReason, Game, Outcome, Position, WinReason};
use ultima_server::Config;

/// A small deterministic generator for the random games.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[tokio::test]
async fn a_whole_game_of_random_moves_is_refereed_sent_to_both_and_stored_with_its_record() {
    let dir = TempDir::new("whole");
    let db = dir.0.join("games.sqlite");
    // Moves as fast as the test sends them: far over the rate a person plays at.
    let server = server_with(Config {
        db: Some(db.clone()),
        message_rate: ultima_server::Rate {
            burst: 1000,
            per_second: 1000.0,
        },
        ..Config::default()
    })
    .await;
    let mut players = pair(&server.url(), None).await;
    let mut game = Game::new(Position::start());
    let mut dice = Dice(2026);
    let mut ply = 0u32;
    let mut result = None;
    while result.is_none() && ply < 400 {
        let moves = game.position().legal_moves();
        let chosen = moves[dice.below(moves.len())];
        let side = game.position().turn();
        let text = chosen.coordinates();
        let echoed = players.play(side, ply, &text).await;
        assert!(game.play(&chosen).is_ok());
        match echoed {
            ServerMessage::Moved {
                result: server_result,
                ..
            } => {
                assert_eq!(server_result, game.outcome(), "at ply {ply}");
                result = server_result;
            }
            other => panic!("{other:?}"),
        }
        ply += 1;
    }
    if result.is_none() {
        let side = game.position().turn();
        let resigner = match side {
            Color::White => &mut players.white,
            Color::Black => &mut players.black,
        };
        resigner.send(&ClientMessage::Resign {}).await;
        assert!(game.resign(side).is_ok());
        let white = players.white.state().await;
        let black = players.black.state().await;
        assert_eq!(white.result, game.outcome());
        assert_eq!(black.result, game.outcome());
        result = game.outcome();
    }
    // The record as the server kept it: every move, the end.
    let white = {
        players.white.close().await;
        let mut again = Client::connect(&server.url()).await;
        again
            .send(&ClientMessage::Resume {
                game: players.game.clone(),
                token: players.white_token.clone(),
            })
            .await;
        again.seated().await;
        again.state().await
    };
    let played: Vec<String> = game.moves().iter().map(|m| m.coordinates()).collect();
    assert_eq!(white.moves, played);
    assert_eq!(white.result, result);
    let connection = rusqlite::Connection::open(&db).map_err(|e| e.to_string());
    let stored: Result<(bool, String, Option<String>), String> = connection.and_then(|c| {
        c.query_row(
            "SELECT finished, record, result FROM games WHERE id = ?1",
            [&players.game],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .map_err(|e| e.to_string())
    });
    let (finished, record, stored_result) = match stored {
        Ok(row) => row,
        Err(error) => panic!("{error}"),
    };
    assert!(finished);
    assert_eq!(record, game.record());
    assert_eq!(
        stored_result.and_then(|text| serde_json::from_str::<Outcome>(&text).ok()),
        result
    );
}

#[tokio::test]
async fn bad_moves_and_bad_frames_are_refused_to_the_sender_and_change_nothing() {
    let server = server().await;
    let mut players = pair(&server.url(), None).await;
    players.play(Color::White, 0, "e2e5").await;
    let before = {
        players.white.send(&ClientMessage::Ping {}).await;
        players.white.next().await
    };
    assert_eq!(before, ServerMessage::Pong {});

    // An illegal move: no piece there.
    players.black.send(&mv(1, "d4d5")).await;
    assert_eq!(
        players.black.error().await,
        ErrorCode::Refused {
            problem: Problem::NoPiece {
                square: "d4".into()
            }
        }
    );
    // Out of turn: White moves again.
    players.white.send(&mv(1, "a2a4")).await;
    assert_eq!(
        players.white.error().await,
        ErrorCode::Refused {
            problem: Problem::NotYourTurn
        }
    );
    // Black moving a white piece.
    players.black.send(&mv(1, "a2a4")).await;
    assert!(matches!(
        players.black.error().await,
        ErrorCode::Refused {
            problem: Problem::NotYourPiece { .. }
        }
    ));
    // A move that is not coordinates.
    players.black.send(&mv(1, "e7")).await;
    assert!(matches!(
        players.black.error().await,
        ErrorCode::Refused {
            problem: Problem::Malformed { .. }
        }
    ));
    // The right move with the wrong ply (sent twice, or late).
    players.black.send(&mv(0, "d7d4")).await;
    assert_eq!(
        players.black.error().await,
        ErrorCode::StaleMove { expected_ply: 1 }
    );
    // Garbage, unknown fields, unknown types, a binary frame.
    for text in [
        "{not json",
        "\u{1}\u{2}",
        r#"{"type": "move", "ply": 1, "move": "d7d4", "seat": "white"}"#,
        r#"{"type": "move", "ply": 1, "move": "d7d4", "token": "forged"}"#,
        r#"{"type": "becomeWhite"}"#,
        r#"["move", 1, "d7d4"]"#,
        // A key twice: serde_json would take the last, another reader the first.
        r#"{"type": "move", "ply": 1, "ply": 1, "move": "d7d4"}"#,
        r#"{"type": "resign", "type": "move", "ply": 1, "move": "d7d4"}"#,
    ] {
        players.black.send_text(text).await;
        assert!(
            matches!(players.black.error().await, ErrorCode::BadMessage { .. }),
            "{text}"
        );
    }
    players
        .black
        .send_frame(Message::binary(vec![1u8, 2, 3]))
        .await;
    assert!(matches!(
        players.black.error().await,
        ErrorCode::BadMessage { .. }
    ));
    // An oversize frame: refused, and the connection goes on.
    let long = format!(
        r#"{{"type": "join", "invite": "{}"}}"#,
        "A".repeat(4 * ultima_protocol::MAX_MESSAGE_BYTES)
    );
    players.black.send_text(&long).await;
    assert_eq!(
        players.black.error().await,
        ErrorCode::FrameTooLarge { limit_bytes: 1024 }
    );
    players.black.ping().await;
    // Seating again on a seated connection.
    players
        .black
        .send(&ClientMessage::Resume {
            game: players.game.clone(),
            token: players.white_token.clone(),
        })
        .await;
    assert_eq!(players.black.error().await, ErrorCode::AlreadySeated);
    // Answers to offers nobody made.
    players.black.send(&ClientMessage::AcceptDraw {}).await;
    assert_eq!(
        players.black.error().await,
        ErrorCode::Refused {
            problem: Problem::NoDrawOffer
        }
    );
    players.black.send(&ClientMessage::OfferRematch {}).await;
    assert_eq!(players.black.error().await, ErrorCode::NoRematch);
    players.white.send(&ClientMessage::ClaimWin {}).await;
    assert_eq!(
        players.white.error().await,
        ErrorCode::NotClaimable { in_ms: None }
    );

    // The opponent heard of none of it, and the game is as it was.
    players.white.quiet().await;
    let mut watcher = Client::connect(&server.url()).await;
    watcher
        .send(&ClientMessage::Resume {
            game: players.game.clone(),
            token: players.black_token.clone(),
        })
        .await;
    watcher.seated().await;
    let state = watcher.state().await;
    // Black's seat came back on a second connection: it replaces the first, which is closed
    // saying why; White hears of it.
    players.white.state().await;
    assert_eq!(
        players.black.close_frame(Duration::from_secs(5)).await,
        Some((4000, "this seat was taken by a newer connection".into()))
    );
    assert_eq!(state.moves, vec!["e2e5".to_string()]);
    assert_eq!(state.revision, 1);
    assert_eq!(state.draw_offer, None);
    // And the real move still plays, from the new connection.
    players.black = watcher;
    players.play(Color::Black, 1, "d7d4").await;
}

#[tokio::test]
async fn a_forged_token_or_invite_seats_nobody() {
    let server = server().await;
    let players = pair(&server.url(), None).await;
    let mut intruder = Client::connect(&server.url()).await;
    let mut forged = players.white_token.clone();
    forged.replace_range(0..1, if forged.starts_with('0') { "1" } else { "0" });
    for (game, token) in [
        (players.game.clone(), forged),
        (players.game.clone(), String::new()),
        ("0000000000000000".to_string(), players.white_token.clone()),
        ("../../etc".to_string(), players.white_token.clone()),
    ] {
        intruder.send(&ClientMessage::Resume { game, token }).await;
        assert_eq!(intruder.error().await, ErrorCode::BadToken);
    }
    // The invite was used: it seats nobody else.
    intruder
        .send(&ClientMessage::Join {
            invite: "AAAA-AAAA-AAAA-AAAA".into(),
        })
        .await;
    assert_eq!(intruder.error().await, ErrorCode::NoSuchInvite);
    intruder
        .send(&ClientMessage::Join {
            invite: "not a code".into(),
        })
        .await;
    assert_eq!(intruder.error().await, ErrorCode::BadInvite);
    // Not seated: game messages are refused.
    intruder.send(&mv(0, "e2e5")).await;
    assert_eq!(intruder.error().await, ErrorCode::NotSeated);
    intruder.send(&ClientMessage::Resign {}).await;
    assert_eq!(intruder.error().await, ErrorCode::NotSeated);
}

#[tokio::test]
async fn an_invite_is_used_once_and_moves_wait_for_the_friend() {
    let server = server().await;
    let mut creator = Client::connect(&server.url()).await;
    creator
        .send(&ClientMessage::Create {
            color: ColorChoice::Black,
            clock: None,
            correspondence: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .await;
    let (_, color, _, invite) = creator.seated().await;
    assert_eq!(color, Color::Black);
    let invite = invite.unwrap_or_default();
    assert_eq!(invite.len(), 19);
    creator.state().await;
    creator.send(&ClientMessage::OfferDraw {}).await;
    assert_eq!(creator.error().await, ErrorCode::WaitingForOpponent);
    // The friend types it in lower case without dashes.
    let mut friend = Client::connect(&server.url()).await;
    friend
        .send(&ClientMessage::Join {
            invite: invite.replace('-', "").to_lowercase(),
        })
        .await;
    let (_, color, _, _) = friend.seated().await;
    assert_eq!(color, Color::White);
    friend.state().await;
    creator.state().await;
    let mut third = Client::connect(&server.url()).await;
    third.send(&ClientMessage::Join { invite }).await;
    assert_eq!(third.error().await, ErrorCode::NoSuchInvite);
}

#[tokio::test]
async fn random_colour_clock_bounds() {
    let server = server().await;
    let mut seen = std::collections::HashSet::new();
    for _ in 0..24 {
        let mut creator = Client::connect(&server.url()).await;
        creator
            .send(&ClientMessage::Create {
                color: ColorChoice::Random,
                clock: None,
                correspondence: None,
                reading: ultima_rules::Reading::Abbott1963,
            })
            .await;
        seen.insert(creator.seated().await.1);
        if seen.len() == 2 {
            break;
        }
    }
    assert_eq!(
        seen.len(),
        2,
        "a random side is sometimes white, sometimes black"
    );
    let mut creator = Client::connect(&server.url()).await;
    creator
        .send(&ClientMessage::Create {
            color: ColorChoice::White,
            clock: Some(ClockSetting {
                base_ms: 0,
                increment_ms: 0,
            }),
            correspondence: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .await;
    assert!(matches!(creator.error().await, ErrorCode::BadClock { .. }));
}

#[tokio::test]
async fn draws_take_backs_resignation_and_a_rematch() {
    let server = server().await;
    let mut players = pair(&server.url(), None).await;
    players.play(Color::White, 0, "e2e5").await;
    players.play(Color::Black, 1, "d7d4").await;

    // A draw offered and declined.
    players.white.send(&ClientMessage::OfferDraw {}).await;
    assert_eq!(players.white.state().await.draw_offer, Some(Color::White));
    assert_eq!(players.black.state().await.draw_offer, Some(Color::White));
    players.black.send(&ClientMessage::DeclineDraw {}).await;
    assert_eq!(players.white.state().await.draw_offer, None);
    assert_eq!(players.black.state().await.draw_offer, None);

    // A take-back asked for by Black and accepted: Black's move is gone.
    players.black.send(&ClientMessage::RequestTakeBack {}).await;
    assert_eq!(
        players.white.state().await.take_back_request,
        Some(Color::Black)
    );
    assert_eq!(
        players.black.state().await.take_back_request,
        Some(Color::Black)
    );
    players.white.send(&ClientMessage::AcceptTakeBack {}).await;
    let white = players.white.state().await;
    let black = players.black.state().await;
    assert_eq!(white.moves, vec!["e2e5".to_string()]);
    assert_eq!(black.moves, white.moves);
    assert_eq!(white.take_back_request, None);
    // Asked again and declined: nothing undone.
    players.play(Color::Black, 1, "c7c4").await;
    players.black.send(&ClientMessage::RequestTakeBack {}).await;
    players.white.state().await;
    players.black.state().await;
    players.white.send(&ClientMessage::DeclineTakeBack {}).await;
    assert_eq!(players.white.state().await.moves.len(), 2);
    assert_eq!(players.black.state().await.moves.len(), 2);

    // A draw agreed.
    players.black.send(&ClientMessage::OfferDraw {}).await;
    players.white.state().await;
    players.black.state().await;
    players.white.send(&ClientMessage::AcceptDraw {}).await;
    let drawn = Some(Outcome::Draw {
        reason: DrawReason::Agreement,
    });
    assert_eq!(players.white.state().await.result, drawn);
    assert_eq!(players.black.state().await.result, drawn);
    players.white.send(&mv(2, "a2a4")).await;
    assert_eq!(
        players.white.error().await,
        ErrorCode::Refused {
            problem: Problem::GameOver
        }
    );

    // A rematch: asked by White, declined, asked by Black, accepted by White.
    players.white.send(&ClientMessage::OfferRematch {}).await;
    assert_eq!(
        players.black.state().await.rematch_offer,
        Some(Color::White)
    );
    players.white.state().await;
    players.black.send(&ClientMessage::DeclineRematch {}).await;
    assert_eq!(players.white.state().await.rematch_offer, None);
    players.black.state().await;
    players.black.send(&ClientMessage::OfferRematch {}).await;
    players.white.state().await;
    players.black.state().await;
    players.white.send(&ClientMessage::OfferRematch {}).await;
    // Both are seated in the new game, sides swapped, with the tokens they had.
    let (game, color, token, _) = players.white.seated().await;
    assert_ne!(game, players.game);
    assert_eq!((color, token), (Color::Black, players.white_token.clone()));
    let (same_game, color, token, _) = players.black.seated().await;
    assert_eq!(same_game, game);
    assert_eq!((color, token), (Color::White, players.black_token.clone()));
    let fresh = players.white.state().await;
    assert_eq!(
        (fresh.you, fresh.moves.len(), fresh.result),
        (Color::Black, 0, None)
    );
    players.black.state().await;
    // The new game plays: the old Black now moves first, as White.
    players.black.send(&mv(0, "e2e5")).await;
    assert!(matches!(
        players.black.next().await,
        ServerMessage::Moved { ply: 0, .. }
    ));
    assert!(matches!(
        players.white.next().await,
        ServerMessage::Moved { ply: 0, .. }
    ));
    // The old game names the new one.
    let mut back = Client::connect(&server.url()).await;
    back.send(&ClientMessage::Resume {
        game: players.game.clone(),
        token: players.white_token.clone(),
    })
    .await;
    back.seated().await;
    assert_eq!(back.state().await.rematch, Some(game));

    // Resignation ends the new game.
    players.white.send(&ClientMessage::Resign {}).await;
    let resigned = Some(Outcome::Win {
        winner: Color::White,
        reason: WinReason::Resignation,
    });
    assert_eq!(players.white.state().await.result, resigned);
    assert_eq!(players.black.state().await.result, resigned);
}

#[tokio::test]
async fn a_dropped_player_comes_back_with_everything_and_the_opponent_may_claim_after_a_while() {
    let server = server_with(Config {
        claim_after: Duration::from_millis(400),
        ..Config::default()
    })
    .await;
    let mut players = pair(&server.url(), None).await;
    players.play(Color::White, 0, "e2e5").await;
    players.white.send(&ClientMessage::OfferDraw {}).await;
    players.white.state().await;
    players.black.state().await;

    // Black drops on their move: White sees it, and when the win may be claimed.
    let black = std::mem::replace(&mut players.black, Client::connect(&server.url()).await);
    black.close().await;
    let away = players.white.state().await;
    assert_eq!(away.opponent, Presence::Disconnected);
    let in_ms = away.claim_win_in_ms.unwrap_or(0);
    assert!(in_ms > 0 && in_ms <= 400, "{in_ms}");
    players.white.send(&ClientMessage::ClaimWin {}).await;
    assert!(matches!(
        players.white.error().await,
        ErrorCode::NotClaimable { in_ms: Some(_) }
    ));

    // Black comes back: the whole state, the offer still open; White sees Black connected.
    players
        .black
        .send(&ClientMessage::Resume {
            game: players.game.clone(),
            token: players.black_token.clone(),
        })
        .await;
    let (game, color, token, _) = players.black.seated().await;
    assert_eq!(
        (game, color, token),
        (
            players.game.clone(),
            Color::Black,
            players.black_token.clone()
        )
    );
    let state = players.black.state().await;
    assert_eq!(state.moves, vec!["e2e5".to_string()]);
    assert_eq!(state.draw_offer, Some(Color::White));
    assert_eq!(state.opponent, Presence::Connected);
    assert_eq!(players.white.state().await.opponent, Presence::Connected);
    players.play(Color::Black, 1, "d7d4").await;

    // White drops on their move and stays away: Black claims the win once it is due.
    let white = std::mem::replace(&mut players.white, Client::connect(&server.url()).await);
    white.close().await;
    assert_eq!(players.black.state().await.opponent, Presence::Disconnected);
    // Claimed as soon as the server says it may be: until then it says how long to wait.
    let over = loop {
        players.black.send(&ClientMessage::ClaimWin {}).await;
        match players.black.next().await {
            ServerMessage::State(state) => break state,
            ServerMessage::Error {
                error: ErrorCode::NotClaimable { in_ms: Some(ms) },
            } => {
                assert!(ms <= 400, "{ms} ms");
                tokio::time::sleep(Duration::from_millis(ms.max(1))).await;
            }
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        over.result,
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Time
        })
    );
}

#[tokio::test]
async fn the_server_flags_a_player_out_of_time() {
    let server = server().await;
    let clock = ClockSetting {
        base_ms: 400,
        increment_ms: 0,
    };
    let mut players = pair(&server.url(), Some(clock)).await;
    // Each side's first move is untimed; then White's clock runs.
    players.play(Color::White, 0, "e2e5").await;
    let started = tokio::time::Instant::now();
    match players.play(Color::Black, 1, "d7d4").await {
        ServerMessage::Moved {
            clock: Some(clock), ..
        } => {
            assert_eq!(clock.running, Some(Color::White));
            assert_eq!(clock.white_ms, 400.0);
        }
        other => panic!("{other:?}"),
    }
    let white = players.white.state().await;
    let black = players.black.state().await;
    let flagged = Some(Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Time,
    });
    assert_eq!(white.result, flagged);
    assert_eq!(black.result, flagged);
    let elapsed = started.elapsed();
    assert!(elapsed >= Duration::from_millis(390), "{elapsed:?}");
    assert_eq!(white.clock.map(|clock| clock.white_ms), Some(0.0));
    players.white.send(&mv(2, "a2a4")).await;
    assert_eq!(
        players.white.error().await,
        ErrorCode::Refused {
            problem: Problem::GameOver
        }
    );
}

#[tokio::test]
async fn a_flood_is_refused_past_the_limit_and_changes_nothing() {
    let server = server().await;
    let mut players = pair(&server.url(), None).await;
    for _ in 0..60 {
        players.black.send(&ClientMessage::OfferDraw {}).await;
    }
    let mut offers = 0;
    let mut refused = 0;
    let mut limited = 0;
    for _ in 0..60 {
        match players.black.next().await {
            ServerMessage::State(state) => {
                assert_eq!(state.draw_offer, Some(Color::Black));
                offers += 1;
            }
            ServerMessage::Error {
                error:
                    ErrorCode::Refused {
                        problem: Problem::DrawAlreadyOffered,
                    },
            } => refused += 1,
            ServerMessage::Error {
                error: ErrorCode::RateLimited { retry_after_ms },
            } => {
                assert!(retry_after_ms > 0);
                limited += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(offers, 1);
    assert!(limited >= 30, "{limited} limited, {refused} refused");
    assert_eq!(offers + refused + limited, 60);
    // White heard one offer only.
    assert_eq!(players.white.state().await.draw_offer, Some(Color::Black));
    players.white.quiet().await;
}

#[tokio::test]
async fn join_attempts_are_limited_per_address() {
    let server = server_with(Config {
        join_rate: ultima_server::Rate {
            burst: 3,
            per_second: 0.5,
        },
        ..Config::default()
    })
    .await;
    let mut guesser = Client::connect(&server.url()).await;
    for _ in 0..3 {
        guesser
            .send(&ClientMessage::Join {
                invite: "CCCC-CCCC-CCCC-CCCC".into(),
            })
            .await;
        assert_eq!(guesser.error().await, ErrorCode::NoSuchInvite);
    }
    // Another connection from the same address is counted with it.
    let mut other = Client::connect(&server.url()).await;
    other
        .send(&ClientMessage::Join {
            invite: "DDDD-DDDD-DDDD-DDDD".into(),
        })
        .await;
    assert!(matches!(
        other.error().await,
        ErrorCode::JoinRateLimited { retry_after_ms } if retry_after_ms > 1000
    ));
}

#[tokio::test]
async fn shutdown_closes_the_connections_and_refuses_new_ones() {
    let server = server().await;
    let url = server.url();
    let mut players = pair(&url, None).await;
    server.shutdown().await;
    assert!(players.white.closed_within(Duration::from_secs(5)).await);
    assert!(players.black.closed_within(Duration::from_secs(5)).await);
    assert!(tokio_tungstenite::connect_async(url.as_str())
        .await
        .is_err());
}

#[tokio::test]
async fn a_flood_that_goes_on_and_a_huge_frame_end_the_connection_after_their_errors() {
    let server = server().await;
    let mut flooder = Client::connect(&server.url()).await;
    for _ in 0..400 {
        // The server may close before the flood is all sent.
        if !flooder.try_send(&ClientMessage::Ping {}).await {
            break;
        }
    }
    let (mut pongs, mut limited) = (0, 0);
    let started = tokio::time::Instant::now();
    while let Some(message) = flooder.next_or_closed(Duration::from_secs(5)).await {
        match message {
            ServerMessage::Pong {} => pongs += 1,
            ServerMessage::Error {
                error: ErrorCode::RateLimited { .. },
            } => limited += 1,
            other => panic!("{other:?}"),
        }
    }
    // 20 at once (and a few more as the bucket refills), then errors, then the door after
    // `max_refusals` of them (what the server sent last may be lost with the reset of a socket
    // closed with unread data: tests/limits.rs reads the close frame).
    assert!(pongs < 40, "{pongs} pongs");
    assert!(
        pongs + limited < 20 + 100 + 40,
        "closed after the refusals allowed"
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "closed, not silent"
    );

    let mut sender = Client::connect(&server.url()).await;
    sender.send_text(&"x".repeat(100 * 1024)).await;
    assert_eq!(
        sender.next_or_closed(Duration::from_secs(5)).await,
        Some(ServerMessage::error(ErrorCode::FrameTooLarge {
            limit_bytes: 1024
        }))
    );
    assert_eq!(sender.next_or_closed(Duration::from_secs(5)).await, None);
    // The server goes on.
    let mut next = Client::connect(&server.url()).await;
    next.ping().await;
}

#[tokio::test]
async fn random_junk_frames_each_get_an_error_and_change_nothing() {
    let server = server_with(Config {
        message_rate: ultima_server::Rate {
            burst: 10_000,
            per_second: 10_000.0,
        },
        // Each refusal counts towards closing the connection: not here.
        max_refusals: 10_000,
        ..Config::default()
    })
    .await;
    let mut players = pair(&server.url(), None).await;
    players.play(Color::White, 0, "e2e5").await;
    let alphabet: Vec<char> =
        "{}[]\":,. -_0123456789aeimnoprstvyTABCDEFGHJKMNPRWX\\u\u{e9}\u{1f600}"
            .chars()
            .collect();
    let mut dice = Dice(77);
    let pieces = [
        r#"{"type":"#,
        r#""move""#,
        r#""ply":1"#,
        r#""resign""#,
        r#""token":"#,
        r#""clock":{"baseMs":"#,
        "null",
        "true",
        "1e309",
        "-0",
    ];
    for round in 0..300 {
        let text: String = if round % 2 == 0 {
            (0..dice.below(120))
                .map(|_| alphabet[dice.below(alphabet.len())])
                .collect()
        } else {
            (0..dice.below(8))
                .map(|_| pieces[dice.below(pieces.len())])
                .collect::<Vec<_>>()
                .join(if dice.below(2) == 0 { "," } else { "" })
        };
        players.black.send_text(&text).await;
        match players.black.next().await {
            ServerMessage::Error { .. } => {}
            other => panic!("{text:?} was taken: {other:?}"),
        }
    }
    players.white.quiet().await;
    players.play(Color::Black, 1, "d7d4").await;
}

/// Connects with an `X-Forwarded-For` header, as a reverse proxy would.
async fn connect_forwarded(url: &str, address: &str) -> Client {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = match url.into_client_request() {
        Ok(request) => request,
        Err(error) => panic!("{error}"),
    };
    if let Ok(value) = address.parse() {
        request.headers_mut().insert("x-forwarded-for", value);
    }
    Client::connect_request(request).await
}

#[tokio::test]
async fn behind_a_proxy_join_limits_count_the_forwarded_address() {
    let limited = |behind_proxy| Config {
        join_rate: ultima_server::Rate {
            burst: 1,
            per_second: 0.01,
        },
        behind_proxy,
        ..Config::default()
    };
    let guess = ClientMessage::Join {
        invite: "CCCC-CCCC-CCCC-CCCC".into(),
    };
    let server = server_with(limited(true)).await;
    for address in ["203.0.113.7", "198.51.100.1, 203.0.113.8"] {
        let mut client = connect_forwarded(&server.url(), address).await;
        client.send(&guess).await;
        assert_eq!(client.error().await, ErrorCode::NoSuchInvite, "{address}");
        client.send(&guess).await;
        assert!(matches!(
            client.error().await,
            ErrorCode::JoinRateLimited { .. }
        ));
    }
    // Without --behind-proxy the header is not believed: one address, one burst.
    let server = server_with(limited(false)).await;
    let mut first = connect_forwarded(&server.url(), "203.0.113.7").await;
    first.send(&guess).await;
    assert_eq!(first.error().await, ErrorCode::NoSuchInvite);
    let mut second = connect_forwarded(&server.url(), "203.0.113.9").await;
    second.send(&guess).await;
    assert!(matches!(
        second.error().await,
        ErrorCode::JoinRateLimited { .. }
    ));
}

#[tokio::test]
async fn games_created_are_limited_per_address_the_forwarded_one_behind_a_proxy() {
    let limited = |behind_proxy| Config {
        create_rate: ultima_server::Rate {
            burst: 2,
            per_second: 0.01,
        },
        behind_proxy,
        ..Config::default()
    };
    let create = ClientMessage::Create {
        color: ColorChoice::White,
        clock: None,
        correspondence: None,
        reading: ultima_rules::Reading::Abbott1963,
    };
    // Each game on a connection of its own (one seat a connection), from one address: two,
    // then the third is refused, and the refused connection can still create nothing more.
    let server = server_with(limited(false)).await;
    for _ in 0..2 {
        let mut creator = Client::connect(&server.url()).await;
        creator.send(&create).await;
        creator.seated().await;
    }
    let mut third = Client::connect(&server.url()).await;
    third.send(&create).await;
    assert!(matches!(
        third.error().await,
        ErrorCode::CreateRateLimited { retry_after_ms } if retry_after_ms > 1000
    ));
    // Joins are counted apart: the address may still join.
    third
        .send(&ClientMessage::Join {
            invite: "CCCC-CCCC-CCCC-CCCC".into(),
        })
        .await;
    assert_eq!(third.error().await, ErrorCode::NoSuchInvite);
    // The forwarded header is not believed without --behind-proxy.
    let mut forwarded = connect_forwarded(&server.url(), "203.0.113.7").await;
    forwarded.send(&create).await;
    assert!(matches!(
        forwarded.error().await,
        ErrorCode::CreateRateLimited { .. }
    ));

    // Behind a proxy every player comes from loopback: each forwarded address has its own.
    let server = server_with(limited(true)).await;
    for address in ["203.0.113.7", "198.51.100.1, 203.0.113.8"] {
        for _ in 0..2 {
            let mut creator = connect_forwarded(&server.url(), address).await;
            creator.send(&create).await;
            creator.seated().await;
        }
        let mut refused = connect_forwarded(&server.url(), address).await;
        refused.send(&create).await;
        assert!(
            matches!(refused.error().await, ErrorCode::CreateRateLimited { .. }),
            "{address}"
        );
    }
}

#[tokio::test]
async fn a_connection_that_seats_nobody_is_closed_after_a_while() {
    let server = server_with(Config {
        seat_within: Duration::from_millis(300),
        ..Config::default()
    })
    .await;
    let mut idle = Client::connect(&server.url()).await;
    idle.ping().await;
    assert!(idle.closed_within(Duration::from_secs(5)).await);
    // A seated one stays.
    let mut players = pair(&server.url(), None).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    players.white.ping().await;
    players.black.ping().await;
}
