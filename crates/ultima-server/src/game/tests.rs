use ultima_protocol::{ErrorCode, Presence};
use ultima_rules::Color;

use super::*;

fn new_game(now: f64) -> LiveGame {
    LiveGame::new(
        "g".into(),
        Color::White,
        crate::ids::token_hash("white-token"),
        "AAAA-AAAA-AAAA-AAAA".into(),
        None,
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
