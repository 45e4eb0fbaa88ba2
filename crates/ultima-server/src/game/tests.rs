use ultima_protocol::{ErrorCode, Presence};
use ultima_rules::Color;

use super::*;

fn new_game(now: f64) -> LiveGame {
    LiveGame::new(
        "g".into(),
        Color::White,
        crate::ids::token_hash("white-token"),
        "AAAA-AAAA-AAAA-AAAA".into(),
        Terms::default(),
        now,
    )
}

const DAY: f64 = 24.0 * 60.0 * 60.0 * 1000.0;

fn correspondence_game(days_per_move: u8, now: f64) -> LiveGame {
    LiveGame::new(
        "c".into(),
        Color::White,
        crate::ids::token_hash("white-token"),
        "AAAA-AAAA-AAAA-AAAA".into(),
        Terms {
            correspondence: Some(Correspondence { days_per_move }),
            ..Terms::default()
        },
        now,
    )
}

fn join(game: &mut LiveGame, now: f64) -> Result<Color, ErrorCode> {
    game.join("p", crate::ids::token_hash("black-token"), now)
}

#[test]
fn tokens_prove_seats_and_the_invite_seats_the_other_side_once() {
    let mut game = new_game(0.0);
    assert_eq!(game.seat_of("white-token"), Some(Color::White));
    // The friend's seat has no token before they join: none proves it, not even an empty one.
    assert_eq!(game.seat_of("black-token"), None);
    assert_eq!(game.seat_of(""), None);
    assert_eq!(
        game.state(Color::White, 0.0, 1000).opponent,
        Presence::Waiting
    );
    assert_eq!(join(&mut game, 1.0), Ok(Color::Black));
    assert_eq!(game.seat_of("black-token"), Some(Color::Black));
    assert_eq!(game.seat_of("black-toke"), None);
    assert_eq!(join(&mut game, 2.0), Err(ErrorCode::NoSuchInvite));
    assert_eq!(game.state(Color::White, 2.0, 1000).invite, None);
}

#[test]
fn the_win_is_claimable_only_from_an_opponent_away_on_their_move_after_the_wait() {
    let mut game = new_game(0.0);
    let _ = join(&mut game, 0.0);
    game.connect(Color::White, "p", 0.0);
    // Black away on White's move: nothing to claim (White can move).
    game.disconnect(Color::Black, 100.0);
    assert_eq!(game.claim_win_in(Color::White, 100.0, 1000), None);
    assert!(game.play(Color::White, 0, "e2e5", 200.0).is_ok());
    assert_eq!(game.claim_win_in(Color::White, 200.0, 1000), Some(900));
    assert_eq!(
        game.claim_win(Color::White, 600.0, 1000),
        Err(ErrorCode::NotClaimable { in_ms: Some(500) })
    );
    // The absent side cannot claim against a present one.
    assert_eq!(game.claim_win_in(Color::Black, 1200.0, 1000), None);
    assert_eq!(
        game.claim_win(Color::White, 1100.0, 1000),
        Ok(Change::Changed)
    );
    assert!(game.is_over());
    assert_eq!(game.claim_win_in(Color::White, 1200.0, 1000), None);
}

#[test]
fn a_game_reads_back_from_its_document() {
    let mut game = new_game(0.0);
    let _ = join(&mut game, 0.0);
    assert!(game.play(Color::White, 0, "e2e5", 1.0).is_ok());
    game.version = 7;
    let text = game.to_json();
    let back = LiveGame::from_json(&text);
    assert!(
        matches!(&back, Ok(back) if back.version == 7 && back.meta == game.meta && back.ply() == 1)
    );
    assert!(LiveGame::from_json("{\"version\": 1}").is_err());
}

#[test]
fn a_document_with_tokens_stored_as_themselves_is_read_and_rewritten_with_their_hashes() {
    let mut game = new_game(0.0);
    let _ = join(&mut game, 0.0);
    // As an older server stored it: the tokens themselves.
    game.meta.white_token = Some("white-token".into());
    game.meta.black_token = Some("black-token".into());
    let old = game.to_json();
    assert!(old.contains("\"white-token\""));
    let back = LiveGame::from_json(&old).expect("reads");
    assert_eq!(back.seat_of("white-token"), Some(Color::White));
    assert_eq!(back.seat_of("black-token"), Some(Color::Black));
    assert!(!back.to_json().contains("-token\""), "written back hashed");
    let rewritten = hash_plain_tokens(&old).expect("rewritten");
    assert!(!rewritten.contains("white-token") && !rewritten.contains("black-token"));
    let again = LiveGame::from_json(&rewritten).expect("reads");
    assert_eq!(again.meta, back.meta);
    assert_eq!(again.ply(), game.ply());
    // Already hashed: nothing to rewrite.
    assert_eq!(hash_plain_tokens(&rewritten), None);
    assert_eq!(hash_plain_tokens("not json"), None);
}

#[test]
fn an_unjoined_invite_expires_after_its_lifetime_and_an_abandoned_game_after_its_own() {
    let lifetimes = Lifetimes {
        invite_ms: 1000.0,
        abandoned_ms: 5000.0,
    };
    let mut game = new_game(0.0);
    game.connect(Color::White, "p", 0.0);
    // Waiting for the friend: from the creation, the creator there or not.
    assert_eq!(game.expiry(999.0, lifetimes), None);
    assert_eq!(game.expiry(1000.0, lifetimes), Some(Expiry::Remove));
    let _ = join(&mut game, 500.0);
    // Joined: the invite's lifetime is over; someone is connected.
    assert_eq!(game.expiry(100_000.0, lifetimes), None);
    game.disconnect(Color::White, 2000.0);
    assert_eq!(game.expiry(100_000.0, lifetimes), None, "Black is there");
    game.disconnect(Color::Black, 3000.0);
    // From when the last one left; nothing played: the game goes.
    assert_eq!(game.expiry(7999.0, lifetimes), None);
    assert_eq!(game.expiry(8000.0, lifetimes), Some(Expiry::Remove));
    // Back and a move played, then both away again: it ends, the side to move losing.
    game.connect(Color::White, "p", 9000.0);
    assert!(game.play(Color::White, 0, "e2e5", 9000.0).is_ok());
    game.disconnect(Color::White, 9500.0);
    assert_eq!(game.expiry(14_499.0, lifetimes), None);
    assert_eq!(game.expiry(14_500.0, lifetimes), Some(Expiry::End));
    assert_eq!(game.abandon(14_500.0), Ok(Change::Changed));
    assert_eq!(
        game.session.game().outcome(),
        Some(ultima_rules::Outcome::Win {
            winner: Color::White,
            reason: ultima_rules::WinReason::Time
        })
    );
    // A finished game never expires.
    assert_eq!(game.expiry(1e12, lifetimes), None);
}

#[test]
fn correspondence_time_runs_on_the_side_to_move_and_each_move_gives_it_back() {
    let mut game = correspondence_game(2, 0.0);
    // Nothing runs until the friend joins.
    assert_eq!(game.deadline(), None);
    let waiting = game.clock_view(5.0 * DAY);
    assert_eq!(waiting.map(|clock| clock.running), Some(None));
    assert_eq!(join(&mut game, DAY), Ok(Color::Black));
    assert_eq!(game.deadline(), Some(3.0 * DAY));
    assert_eq!(game.next_flag_at(), Some(3.0 * DAY));
    assert!(game.play(Color::White, 0, "e2e5", 2.0 * DAY).is_ok());
    assert_eq!(game.deadline(), Some(4.0 * DAY));
    let clock = game.clock_view(3.5 * DAY);
    assert_eq!(
        clock,
        Some(ClockView {
            white_ms: 2.0 * DAY,
            black_ms: 0.5 * DAY,
            running: Some(Color::Black),
            base_ms: 172_800_000,
            increment_ms: 0,
            days_per_move: Some(2),
        })
    );
    assert!(game.play(Color::Black, 1, "d7d4", 3.9 * DAY).is_ok());
    assert!(!game.flag_due(5.8 * DAY));
    assert_eq!(game.flag(5.8 * DAY), None);
    // The state sent has the same reading, and no claim: away players are the rule here.
    game.disconnect(Color::Black, 4.0 * DAY);
    let state = game.state(Color::Black, 5.0 * DAY, 1000);
    assert_eq!(
        state.clock.map(|clock| clock.white_ms),
        Some(3.9 * DAY + 2.0 * DAY - 5.0 * DAY)
    );
    assert_eq!(game.claim_win_in(Color::Black, 5.0 * DAY, 1000), None);
    // Nor does a correspondence game expire by being left alone: its deadline ends it.
    let lifetimes = Lifetimes {
        invite_ms: DAY,
        abandoned_ms: DAY,
    };
    assert_eq!(game.expiry(5.5 * DAY, lifetimes), None);
    // White lets the time pass: White loses on time, when the time ran out.
    assert!(game.flag_due(5.9 * DAY));
    assert_eq!(game.flag(6.0 * DAY), Some(Flag::Ended(Change::Changed)));
    assert_eq!(
        game.session.game().outcome(),
        Some(ultima_rules::Outcome::Win {
            winner: Color::Black,
            reason: ultima_rules::WinReason::Time,
        })
    );
    assert_eq!(game.session.ended_at(), Some(3.9 * DAY + 2.0 * DAY));
    assert_eq!(game.deadline(), None);
}

#[test]
fn a_correspondence_first_move_not_made_in_time_aborts_and_a_take_back_restarts_the_time() {
    let mut game = correspondence_game(1, 0.0);
    let _ = join(&mut game, 0.0);
    assert!(game.play(Color::White, 0, "e2e5", 0.5 * DAY).is_ok());
    // Black never answers: the game is aborted, not lost.
    assert_eq!(game.flag(1.5 * DAY), Some(Flag::Abort));
    assert!(!game.is_over());
    let mut game = correspondence_game(1, 0.0);
    let _ = join(&mut game, 0.0);
    assert_eq!(game.flag(1.0 * DAY), Some(Flag::Abort), "nor White's");
    // A take-back: the side to move again has the whole time.
    let mut game = correspondence_game(1, 0.0);
    let _ = join(&mut game, 0.0);
    assert!(game.play(Color::White, 0, "e2e5", 0.1 * DAY).is_ok());
    assert!(game.play(Color::Black, 1, "d7d4", 0.2 * DAY).is_ok());
    assert!(game.request_take_back(Color::Black, 0.3 * DAY).is_ok());
    assert!(game.answer_take_back(Color::White, true, 0.4 * DAY).is_ok());
    assert_eq!(game.deadline(), Some(0.4 * DAY + DAY));
    // A rematch keeps the time per move, running for White from the rematch.
    assert!(game.resign(Color::White, 0.5 * DAY).is_ok());
    assert!(game
        .offer_rematch(Color::White, || Ok("r".into()), 0.6 * DAY)
        .is_ok());
    let rematch = game.offer_rematch(Color::Black, || Ok("r".into()), 0.7 * DAY);
    let next = rematch.ok().and_then(|(_, next)| next);
    assert_eq!(next.and_then(|next| next.deadline()), Some(0.7 * DAY + DAY));
}

/// A game is played by the reading its creator chose, whatever the server's other games are
/// played by: the state says it; a move its rules allow and 1963's do not is taken; and a
/// rematch keeps it.
#[test]
fn a_game_is_played_by_the_reading_it_was_created_with() {
    use ultima_rules::Reading;
    let mut game = LiveGame::new(
        "z".into(),
        Color::White,
        crate::ids::token_hash("white-token"),
        "AAAA-AAAA-AAAA-AAAA".into(),
        Terms {
            reading: Reading::Zillions,
            ..Terms::default()
        },
        0.0,
    );
    assert_eq!(join(&mut game, 1.0), Ok(Color::Black));
    for seat in [Color::White, Color::Black] {
        assert_eq!(game.state(seat, 1.0, 0).reading, Reading::Zillions);
    }
    // Moves legal by both readings (a fixed walk through them) until a position where Zillions
    // allows a move 1963 does not (one that leaves the mover's king attacked): the server takes it.
    let mut now = 2.0;
    let mut differing = None;
    for step in 0..200usize {
        let position = game.session.game().position().clone();
        let zillions = position.legal_moves();
        let abbott = position
            .with_reading(Reading::Abbott1963)
            .expect("the same board")
            .legal_moves();
        if let Some(only_zillions) = zillions.iter().find(|mv| !abbott.contains(mv)) {
            differing = Some(only_zillions.coordinates());
            break;
        }
        let mv = abbott[(step * 7919 + 13) % abbott.len()].coordinates();
        let seat = position.turn();
        assert!(game.play(seat, game.ply(), &mv, now).is_ok(), "{mv}");
        now += 1.0;
    }
    let differing = differing.expect("a position where the readings differ");
    let seat = game.session.game().position().turn();
    assert!(
        game.play(seat, game.ply(), &differing, now).is_ok(),
        "{differing} is a Zillions move"
    );
    let state = game.state(seat, now, 0);
    assert_eq!(state.moves.last(), Some(&differing));
    assert_eq!(state.reading, Reading::Zillions);
    // The stored game reads back with its reading.
    let back = LiveGame::from_json(&game.to_json()).expect("reads back");
    assert_eq!(back.state(seat, now, 0).reading, Reading::Zillions);
    // Over, and a rematch: by the same rules.
    if !game.is_over() {
        assert!(game.resign(Color::White, now).is_ok());
    }
    assert!(game
        .offer_rematch(Color::White, || Ok("z2".into()), now)
        .is_ok());
    let (_, next) = game
        .offer_rematch(Color::Black, || Ok("z2".into()), now)
        .expect("both asked");
    let next = next.expect("the rematch");
    assert_eq!(next.state(Color::White, now, 0).reading, Reading::Zillions);
}
