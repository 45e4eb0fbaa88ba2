//! Online play in the app, end to end without a window: two apps, each with its own data folder;
//! one hosts ("Host on this network": the server library inside it) and creates a game, the other
//! joins with the invite; moves go through the server and come back through each app's task;
//! an app opened again on its folder resumes the game with its token; the end is filed among
//! the finished games.

use std::time::Duration;

use super::wire::{LinkView, OnlineView};
use super::Online;
use crate::error::{GameProblem, OnlineProblem, Problem};
use crate::state::AppState;
use crate::tests::{folder, open};
use ultima_online::protocol::{ClientMessage, ColorChoice, Presence};
use ultima_rules::{Color, Outcome, Reading, WinReason};

/// Waits (up to 10 s) until one of the app's online games satisfies `condition`.
async fn until(online: &Online, what: &str, condition: impl Fn(&OnlineView) -> bool) -> OnlineView {
    for _ in 0..500 {
        if let Some(view) = online.views().into_iter().find(|view| condition(view)) {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!(
        "timed out waiting for {what}: {:?}",
        online
            .views()
            .iter()
            .map(|v| (v.game.id.clone(), v.game.plies.len()))
            .collect::<Vec<_>>()
    );
}

async fn app(name: &str) -> (std::path::PathBuf, AppState, Online) {
    let dir = folder(name);
    let state = open(&dir);
    let online = Online::new(Some(dir.clone()));
    online.watch(&state, |_| {}).await.expect("watch");
    (dir, state, online)
}

/// The app quits and opens again on its folder. (In the app the process ends; here the closed
/// connection's task must have taken its last event and saved before the folder is opened again.)
async fn restart(online: Online, state: AppState, dir: &std::path::Path) -> (AppState, Online) {
    online.close_and_wait().await;
    drop(online);
    drop(state);
    let state = open(dir);
    let online = Online::new(Some(dir.to_path_buf()));
    online.watch(&state, |_| {}).await.expect("watch");
    (state, online)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosted_game_is_joined_played_resumed_after_a_restart_and_filed() {
    let (_host_dir, host_state, host) = app("online-host").await;
    let (guest_dir, guest_state, guest) = app("online-guest").await;

    // No server set and not hosting: said so.
    let error = host
        .create(
            &host_state,
            ColorChoice::White,
            None,
            None,
            Reading::Abbott1963,
            false,
        )
        .await
        .expect_err("no server");
    assert_eq!(error.problem, OnlineProblem::NoServer);

    let hosting = host.host(&host_state, 0).await.expect("hosts");
    assert!(hosting
        .addresses
        .iter()
        .any(|a| a == &format!("ws://127.0.0.1:{}", hosting.port)));
    let created = host
        .create(
            &host_state,
            ColorChoice::White,
            None,
            None,
            Reading::Abbott1963,
            true,
        )
        .await
        .expect("creates");
    let invite = created.invite.clone().expect("an invite to share");
    let id = created.game.id.clone();
    assert_eq!(created.opponent, Presence::Waiting);
    assert!(created.hosted);
    assert!(
        created.game.legal_moves.is_empty(),
        "nobody moves before the friend joins"
    );

    let address = format!("127.0.0.1:{}", hosting.port);
    let refused = guest
        .join(&guest_state, &address, "AAAA-AAAA-AAAA-AAAA")
        .await;
    assert_eq!(
        refused.expect_err("unknown code").problem,
        OnlineProblem::NoSuchInvite
    );
    let joined = guest
        .join(&guest_state, &address, &invite)
        .await
        .expect("joins");
    assert_eq!(
        joined.game.opponent,
        ultima_game::wire::Opponent::Online {
            player_side: Color::Black
        }
    );
    until(&host, "the friend", |v| v.opponent == Presence::Connected).await;

    // A move refused by the rules here, before it is sent, in the rules' words.
    let illegal = host.play(&id, "e2", "e8").await.expect_err("illegal");
    assert_eq!(illegal.kind, ultima_game::ErrorKind::IllegalMove);
    let played = host.play(&id, "e2", "e5").await.expect("plays");
    assert_eq!(played.game.plies.len(), 1);
    let seen = until(&guest, "white's move", |v| v.game.plies.len() == 1).await;
    assert_eq!(seen.game.may_act.play, Some(Color::Black));
    let not_yours = host
        .play(&id, "d2", "d6")
        .await
        .expect_err("not white's move");
    assert_eq!(not_yours.problem, GameProblem::NotYourTurn);
    guest.play(&id, "e7", "e6").await.expect("black plays");
    until(&host, "black's move", |v| v.game.plies.len() == 2).await;

    // The guest's app quits and opens again on its folder: the game is there and goes on.
    // (In the app the process ends; here the closed connection's task must have taken its
    // last event and saved before the folder is opened again.)
    let (reopened_state, reopened) = restart(guest, guest_state, &guest_dir).await;
    let saved = reopened.view(&id).expect("the saved game, at once");
    assert_eq!(saved.game.plies.len(), 2);
    let back = until(&reopened, "the connection back", |v| {
        v.link == LinkView::Connected && v.opponent == Presence::Connected
    })
    .await;
    assert_eq!(back.game.plies.len(), 2);
    host.play(&id, "d2", "d6").await.expect("white plays on");
    until(&reopened, "white's move after the restart", |v| {
        v.game.plies.len() == 3
    })
    .await;

    let resigned = reopened
        .act(&id, ClientMessage::Resign {})
        .await
        .expect("resigns");
    let won = Some(Outcome::Win {
        winner: Color::White,
        reason: WinReason::Resignation,
    });
    assert_eq!(resigned.game.result, won);
    let ended = until(&host, "the end", |v| v.game.result.is_some()).await;
    assert_eq!(ended.game.result, won);
    // Filed among the finished games on both sides, as an online game.
    for state in [&host_state, &reopened_state] {
        let mut page = state.finished_games(None, 10u32).expect("a page");
        for _ in 0..200 {
            if !page.games.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
            page = state.finished_games(None, 10u32).expect("a page");
        }
        let summary = page.games.first().expect("the online game is listed");
        assert_eq!(Some(summary.result), won);
        assert!(matches!(
            summary.opponent,
            ultima_game::wire::Opponent::Online { .. }
        ));
        assert_eq!(summary.moves, 3);
    }

    // A rematch: both ask, and both apps go on with the new game, the sides swapped.
    let first_id = ended.game.id.clone();
    let asked = host
        .act(&id, ClientMessage::OfferRematch {})
        .await
        .expect("asks");
    assert_eq!(asked.rematch_offer, Some(Color::White));
    until(&reopened, "the rematch offer", |v| {
        v.rematch_offer == Some(Color::White)
    })
    .await;
    let _ = reopened.act(&id, ClientMessage::OfferRematch {}).await;
    let rematch = until(&host, "the rematch", |v| v.game.id != first_id).await;
    assert_eq!(
        rematch.game.opponent,
        ultima_game::wire::Opponent::Online {
            player_side: Color::Black
        }
    );
    assert!(rematch.game.plies.is_empty() && rematch.game.result.is_none());
    assert_eq!(rematch.rematch_of.as_deref(), Some(first_id.as_str()));
    assert_eq!(host.views().len(), 1, "the rematch takes the game's place");
    let other = until(&reopened, "the rematch", |v| v.game.id != first_id).await;
    assert_eq!(other.game.id, rematch.game.id);
    assert_eq!(other.game.may_act.play, Some(Color::White));
    reopened
        .play(&rematch.game.id, "e2", "e5")
        .await
        .expect("white opens the rematch");
    until(&host, "the rematch's first move", |v| {
        v.game.plies.len() == 1
    })
    .await;
    host.stop_hosting(&host_state).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_back_asked_and_granted_then_the_friend_leaves_and_the_win_is_claimed() {
    // A server of its own, with a short wait before the win may be claimed.
    let server = ultima_server::start(ultima_server::Config {
        claim_after: Duration::from_millis(1500),
        ..ultima_server::Config::default()
    })
    .await
    .expect("the server starts");
    let address = format!("127.0.0.1:{}", server.local_addr().port());
    let (_host_dir, host_state, host) = app("online-claim-host").await;
    let (_guest_dir, guest_state, guest) = app("online-claim-guest").await;
    host.set_settings(
        &host_state,
        super::wire::OnlineSettings {
            server: address.clone(),
            host_port: 0,
        },
    )
    .expect("the server is set");
    let created = host
        .create(
            &host_state,
            ColorChoice::White,
            None,
            None,
            Reading::Abbott1963,
            false,
        )
        .await
        .expect("creates");
    assert!(!created.hosted);
    let id = created.game.id.clone();
    let invite = created.invite.expect("an invite");
    guest
        .join(&guest_state, &address, &invite)
        .await
        .expect("joins");
    until(&host, "the friend", |v| v.opponent == Presence::Connected).await;

    // White moves and asks to take it back; Black sees the request and grants it.
    host.play(&id, "e2", "e5").await.expect("plays");
    until(&guest, "white's move", |v| v.game.plies.len() == 1).await;
    let asked = host
        .act(&id, ClientMessage::RequestTakeBack {})
        .await
        .expect("asks");
    assert_eq!(asked.game.take_back_request, Some(Color::White));
    let seen = until(&guest, "the request", |v| {
        v.game.take_back_request == Some(Color::White)
    })
    .await;
    assert_eq!(seen.game.plies.len(), 1);
    let granted = guest
        .act(&id, ClientMessage::AcceptTakeBack {})
        .await
        .expect("grants");
    assert!(granted.game.plies.is_empty());
    assert_eq!(granted.game.take_back_request, None);
    let back = until(&host, "the take-back", |v| v.game.plies.is_empty()).await;
    assert_eq!(back.game.may_act.play, Some(Color::White));
    assert_eq!(back.game.take_back_request, None);

    // White plays another move; Black's app quits on Black's move.
    host.play(&id, "d2", "d6").await.expect("plays again");
    until(&guest, "the new move", |v| v.game.plies.len() == 1).await;
    guest.close_and_wait().await;
    let away = until(&host, "the friend away", |v| {
        v.opponent == Presence::Disconnected
    })
    .await;
    assert!(away.claim_win_in_ms.is_some_and(|ms| ms > 0.0));
    // Too early: refused in the game core's words, nothing changed.
    let early = host
        .act(&id, ClientMessage::ClaimWin {})
        .await
        .expect_err("not yet");
    assert!(matches!(
        early.problem,
        Problem::Online(OnlineProblem::NotClaimable { in_ms: Some(_) })
    ));
    until(&host, "the claim to be due", |v| {
        v.claim_win_in_ms == Some(0.0)
    })
    .await;
    let claimed = host
        .act(&id, ClientMessage::ClaimWin {})
        .await
        .expect("claims");
    let won = Some(Outcome::Win {
        winner: Color::White,
        reason: WinReason::Time,
    });
    assert_eq!(claimed.game.result, won);
    let mut page = host_state.finished_games(None, 10u32).expect("a page");
    for _ in 0..200 {
        if !page.games.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        page = host_state.finished_games(None, 10u32).expect("a page");
    }
    assert_eq!(page.games.first().map(|game| game.result), won);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invite_nobody_joins_expires_and_the_game_left_is_forgotten() {
    let server = ultima_server::start(ultima_server::Config {
        invite_expires_after: Duration::from_millis(300),
        ..ultima_server::Config::default()
    })
    .await
    .expect("the server starts");
    let (dir, state, online) = app("online-expiry").await;
    online
        .set_settings(
            &state,
            super::wire::OnlineSettings {
                server: format!("127.0.0.1:{}", server.local_addr().port()),
                host_port: 0,
            },
        )
        .expect("the server is set");
    let created = online
        .create(
            &state,
            ColorChoice::White,
            None,
            None,
            Reading::Abbott1963,
            false,
        )
        .await
        .expect("creates");
    assert!(created.invite.is_some());
    let id = created.game.id.clone();
    // Nobody joins: the server removes the game, the app's line stops with the reason.
    let stopped = until(&online, "the game to expire", |v| {
        matches!(v.link, LinkView::Stopped { .. })
    })
    .await;
    assert_eq!(
        stopped.link,
        LinkView::Stopped {
            problem: OnlineProblem::UnknownOnlineGame.into()
        }
    );
    // Left, it is forgotten: the next start has no game to go on with.
    online.leave(&state, &id).expect("left");
    assert_eq!(
        online.view(&id).expect_err("no game").problem,
        OnlineProblem::NoOnlineGame
    );
    drop(online);
    drop(state);
    let reopened_state = open(&dir);
    let reopened = Online::new(Some(dir.clone()));
    reopened
        .watch(&reopened_state, |_| {})
        .await
        .expect("watch");
    assert_eq!(
        reopened.view(&id).expect_err("nothing saved").problem,
        OnlineProblem::NoOnlineGame
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_correspondence_games_at_once_are_played_and_both_come_back_after_a_restart() {
    let server = ultima_server::start(ultima_server::Config::default())
        .await
        .expect("the server starts");
    let address = format!("127.0.0.1:{}", server.local_addr().port());
    let (_host_dir, host_state, host) = app("online-two-host").await;
    let (guest_dir, guest_state, guest) = app("online-two-guest").await;
    host.set_settings(
        &host_state,
        super::wire::OnlineSettings {
            server: address.clone(),
            host_port: 0,
        },
    )
    .expect("the server is set");
    let days = Some(ultima_online::protocol::Correspondence { days_per_move: 3 });
    // Two invites, both joined: the first game stays while the second is made.
    let mut ids = Vec::new();
    for _ in 0..2 {
        let created = host
            .create(
                &host_state,
                ColorChoice::White,
                None,
                days,
                Reading::Abbott1963,
                false,
            )
            .await
            .expect("creates");
        let invite = created.invite.clone().expect("an invite");
        guest
            .join(&guest_state, &address, &invite)
            .await
            .expect("joins");
        ids.push(created.game.id);
    }
    let (first, second) = (ids[0].clone(), ids[1].clone());
    assert_ne!(first, second);
    for id in [&first, &second] {
        until(&host, "the friend in each game", |v| {
            &v.game.id == id && v.opponent == Presence::Connected
        })
        .await;
    }
    assert_eq!(host.views().len(), 2);
    assert_eq!(guest.views().len(), 2);

    // A move in each, each answered by its own game's acknowledgement.
    let (one, two) = tokio::join!(
        host.play(&first, "e2", "e5"),
        host.play(&second, "d2", "d6")
    );
    assert_eq!(one.expect("plays in the first").game.id, first);
    assert_eq!(two.expect("plays in the second").game.id, second);
    until(&guest, "the first game's move", |v| {
        v.game.id == first && v.game.plies.len() == 1
    })
    .await;
    until(&guest, "the second game's move", |v| {
        v.game.id == second && v.game.plies.len() == 1
    })
    .await;
    guest
        .play(&second, "e7", "e6")
        .await
        .expect("black answers in the second");
    let status = guest.status(&guest_state).expect("the status");
    let clocks: Vec<_> = status
        .games
        .iter()
        .map(|v| v.game.clock.as_ref().and_then(|c| c.days_per_move))
        .collect();
    assert_eq!(clocks, vec![Some(3), Some(3)]);

    // The guest's app quits and opens again: both games come back, each with its connection.
    let (reopened_state, reopened) = restart(guest, guest_state, &guest_dir).await;
    let mut back: Vec<_> = reopened
        .views()
        .into_iter()
        .map(|v| (v.game.id, v.game.plies.len()))
        .collect();
    back.sort();
    let mut expected = vec![(first.clone(), 1), (second.clone(), 2)];
    expected.sort();
    assert_eq!(back, expected);
    for id in [&first, &second] {
        until(&reopened, "each connection back", |v| {
            &v.game.id == id && v.link == LinkView::Connected
        })
        .await;
    }
    reopened
        .play(&first, "e7", "e6")
        .await
        .expect("black plays in the first after the restart");
    until(&host, "black's move in the first", |v| {
        v.game.id == first && v.game.plies.len() == 2
    })
    .await;
    host.play(&second, "d6", "d5")
        .await
        .expect("white plays on in the second");
    until(&reopened, "white's move in the second", |v| {
        v.game.id == second && v.game.plies.len() == 3
    })
    .await;
    // Leaving a game in progress keeps it and its connection; the other is untouched.
    reopened.leave(&reopened_state, &first).expect("left");
    assert_eq!(reopened.views().len(), 2);
    server.shutdown().await;
}

/// A game created by another reading is played by it on both sides: the friend's copy learns it
/// from the server, and it is kept through a restart of the friend's app.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_another_reading_is_played_by_it_on_both_sides_and_after_a_restart() {
    let (_host_dir, host_state, host) = app("online-reading-host").await;
    let (guest_dir, guest_state, guest) = app("online-reading-guest").await;
    let hosting = host.host(&host_state, 0).await.expect("hosts");
    let created = host
        .create(
            &host_state,
            ColorChoice::White,
            None,
            None,
            Reading::Cambridge,
            true,
        )
        .await
        .expect("creates");
    assert_eq!(created.game.reading, Reading::Cambridge);
    let id = created.game.id.clone();
    let invite = created.invite.clone().expect("an invite");
    let address = format!("127.0.0.1:{}", hosting.port);
    let joined = guest
        .join(&guest_state, &address, &invite)
        .await
        .expect("joins");
    assert_eq!(joined.game.reading, Reading::Cambridge);
    until(&host, "the friend", |v| v.opponent == Presence::Connected).await;
    host.play(&id, "e2", "e5").await.expect("plays");
    until(&guest, "white's move", |v| v.game.plies.len() == 1).await;

    let (_reopened_state, reopened) = restart(guest, guest_state, &guest_dir).await;
    let saved = reopened.view(&id).expect("the saved game");
    assert_eq!(saved.game.reading, Reading::Cambridge);
    assert_eq!(saved.game.plies.len(), 1);
    host.stop_hosting(&host_state).await;
}
