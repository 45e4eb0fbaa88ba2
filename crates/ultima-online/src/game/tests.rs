use super::*;
use ultima_game::wire::ClockView;

fn state(you: Color, moves: &[&str]) -> GameState {
    GameState {
        game: "g1".into(),
        you,
        invite: None,
        moves: moves.iter().map(|m| m.to_string()).collect(),
        clock: None,
        draw_offer: None,
        take_back_request: None,
        rematch_offer: None,
        result: None,
        opponent: Presence::Connected,
        claim_win_in_ms: None,
        rematch: None,
        revision: 0,
        reading: ultima_rules::Reading::Abbott1963,
    }
}

#[test]
fn the_servers_moves_are_played_and_only_the_side_to_move_here_may_move() {
    let mut game = OnlineGame::new("online-g1".into(), state(Color::White, &[]), 0.0).unwrap();
    assert!(game.is_my_move());
    assert!(!game.view(0.0).legal_moves.is_empty());
    assert_eq!(
        game.apply_move(0, "e2e5", None, None, 1.0),
        Ok(Change::Moved)
    );
    assert!(!game.is_my_move());
    let view = game.view(1.0);
    assert!(view.legal_moves.is_empty());
    assert_eq!(view.may_act.play, None);
    assert_eq!(view.may_act.resign, Some(Color::White));
    assert_eq!(view.plies.len(), 1);
    // A move for another ply is out of step, and changes nothing.
    assert_eq!(
        game.apply_move(3, "e7e6", None, None, 2.0),
        Err(OutOfStep::Ply { ply: 3, have: 1 })
    );
    assert!(matches!(
        game.apply_move(1, "e2e4", None, None, 2.0),
        Err(OutOfStep::BadMove { ply: 1, .. })
    ));
    assert_eq!(game.moves(), ["e2e5"]);
    assert_eq!(
        game.apply_move(1, "e7e6", None, None, 2.0),
        Ok(Change::Moved)
    );
    assert!(game.is_my_move());
}

#[test]
fn nobody_moves_before_the_friend_joins() {
    let mut waiting = state(Color::White, &[]);
    waiting.opponent = Presence::Waiting;
    waiting.invite = Some("HKDW-MPRT-CAXE-FGNJ".into());
    let game = OnlineGame::new("x".into(), waiting, 0.0).unwrap();
    assert!(!game.is_my_move());
    let view = game.view(0.0);
    assert!(view.legal_moves.is_empty());
    assert_eq!(view.may_act, MayAct::default());
}

#[test]
fn a_take_back_replays_and_a_resignation_ends_the_copy() {
    let mut game =
        OnlineGame::new("x".into(), state(Color::Black, &["e2e5", "e7e6"]), 0.0).unwrap();
    assert!(!game.is_my_move());
    assert_eq!(game.view(0.0).may_act.take_back, Some(Color::Black));
    // The server accepted a take-back of Black's move.
    let change = game
        .apply_state(state(Color::Black, &["e2e5"]), 1.0)
        .unwrap();
    assert_eq!(change, Change::Other);
    assert!(game.is_my_move());
    let mut resigned = state(Color::Black, &["e2e5"]);
    resigned.result = Some(Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Resignation,
    });
    assert_eq!(game.apply_state(resigned, 2.0), Ok(Change::Ended));
    assert_eq!(game.result(), resigned_outcome());
    assert!(
        game.session().summary().is_some(),
        "a finished copy can be filed"
    );
    // An end the moves contradict is refused.
    let mut bad = state(Color::Black, &["e2e5"]);
    bad.result = Some(Outcome::Draw {
        reason: DrawReason::BareKings,
    });
    assert!(matches!(
        OnlineGame::new("y".into(), bad, 0.0),
        Err(OutOfStep::Outcome { .. })
    ));
}

fn resigned_outcome() -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Resignation,
    })
}

#[test]
fn agreement_and_time_end_the_copy_as_the_server_says() {
    let mut drawn = state(Color::White, &["e2e5"]);
    drawn.result = Some(Outcome::Draw {
        reason: DrawReason::Agreement,
    });
    let game = OnlineGame::new("x".into(), drawn.clone(), 0.0).unwrap();
    assert_eq!(game.result(), drawn.result);
    let mut flagged = state(Color::White, &["e2e5", "e7e6"]);
    flagged.result = Some(Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Time,
    });
    let game = OnlineGame::new("x".into(), flagged.clone(), 0.0).unwrap();
    assert_eq!(game.result(), flagged.result);
}

#[test]
fn the_running_clock_counts_down_from_the_reading_and_offers_show() {
    let mut timed = state(Color::White, &["e2e5", "e7e6"]);
    timed.clock = Some(ClockView {
        white_ms: 10_000.0,
        black_ms: 9_000.0,
        running: Some(Color::White),
        base_ms: 10_000,
        increment_ms: 0,
        days_per_move: None,
    });
    timed.draw_offer = Some(Color::Black);
    let game = OnlineGame::new("x".into(), timed, 1_000.0).unwrap();
    let clock = game.clock_at(3_500.0).unwrap();
    assert_eq!((clock.white_ms, clock.black_ms), (7_500.0, 9_000.0));
    assert_eq!(game.clock_at(100_000.0).unwrap().white_ms, 0.0);
    let view = game.view(1_000.0);
    assert_eq!(view.draw_offer, Some(Color::Black));
    assert_eq!(view.may_act.answer_draw, Some(Color::White));
    assert_eq!(view.may_act.offer_draw, Some(Color::White));
}
