//! The bot by each reading of the rules (READINGS.md): positions where the right move differs
//! from 1963's, each fact about the position checked with the rules crate first.

mod common;

use common::position;
use ultima_bot::{Engine, Level, LevelPlayer, Limits, NoClock, Score, SearchResult};
use ultima_rules::{Color, DrawReason, Move, Outcome, Position, Reading, Status, WinReason};

fn search(position: &Position, depth: u32) -> SearchResult {
    Engine::with_hash_mb(4)
        .search(position, &[], &Limits::depth(depth), &NoClock, &mut |_| {})
        .expect("the position has legal moves")
}

fn mv(position: &Position, text: &str) -> Move {
    position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn status_after(position: &Position, mv: &Move) -> Status {
    position.play_unchecked(mv).status()
}

fn win_for(winner: Color, reason: WinReason) -> Status {
    Status::Over {
        outcome: Outcome::Win { winner, reason },
    }
}

/// Whether `mv` leaves the mover's king where the opponent can take it.
fn leaves_king_to_be_taken(position: &Position, mv: &Move) -> bool {
    let after = position.play_unchecked(mv);
    after
        .board()
        .is_in_check_under(position.turn(), &after.rules())
}

/// The lone black king h8 and the white immobilizer a1: `a1g7` freezes the king. In 1963 Black
/// then has no legal move and loses; in Boardspace that is a stalemate, a draw (Black is not in
/// check), and White, a piece up, plays on instead.
const FREEZE_THE_KING: &str = "7k/8/8/8/8/8/8/I1K5 w 0 1";

#[test]
fn boardspace_the_winning_side_does_not_stalemate() {
    let abbott = position(FREEZE_THE_KING);
    let freeze = mv(&abbott, "a1g7");
    assert_eq!(
        status_after(&abbott, &freeze),
        win_for(Color::White, WinReason::NoLegalMove)
    );
    let result = search(&abbott, 4);
    assert_eq!(result.info.score, Score::Mate(1));
    assert_eq!(
        status_after(&abbott, &result.best_move),
        win_for(Color::White, WinReason::NoLegalMove)
    );

    let boardspace = abbott.with_reading(Reading::Boardspace).expect("valid");
    assert_eq!(
        status_after(&boardspace, &freeze),
        Status::Over {
            outcome: Outcome::Draw {
                reason: DrawReason::Stalemate
            }
        }
    );
    let stalemates = boardspace
        .legal_moves()
        .iter()
        .filter(|m| status_after(&boardspace, m).to_string() == "draw: stalemate")
        .count();
    assert!(stalemates >= 1);
    for depth in [1, 3, 5] {
        let result = search(&boardspace, depth);
        assert!(
            matches!(result.info.score, Score::Centipawns(cp) if cp > 0),
            "depth {depth}: {:?}",
            result.info
        );
        assert!(
            matches!(
                status_after(&boardspace, &result.best_move),
                Status::Ongoing { .. }
            ),
            "depth {depth}: {} stalemates",
            result.best_move.coordinates()
        );
    }
    // Every level, which takes any win at once, does not take the stalemate for one.
    let mut novice = LevelPlayer::new(Level::Novice, 7);
    let choice = novice
        .choose(&boardspace, &[], &NoClock, None)
        .expect("a move");
    assert!(matches!(
        status_after(&boardspace, &choice.mv),
        Status::Ongoing { .. }
    ));
}

#[test]
fn boardspace_a_checkmate_still_wins_and_scores_as_a_mate() {
    // The withdrawer d8 to g8 checks the king h8 and leaves it no square (search.rs' mate).
    let boardspace = position("3W3k/5K2/8/8/8/8/8/C7 w 0 1 boardspace");
    let mate = mv(&boardspace, "d8g8");
    assert_eq!(
        status_after(&boardspace, &mate),
        win_for(Color::White, WinReason::Checkmate)
    );
    let result = search(&boardspace, 3);
    assert_eq!(result.info.score, Score::Mate(1));
    assert_eq!(result.best_move, mate);
}

/// The kings side by side: in Zillions White, to move, takes the black king and has won.
#[test]
fn zillions_the_bot_takes_the_king() {
    let zillions = position("8/8/8/4k3/3K4/8/P7/8 w 0 1 zillions");
    let take = mv(&zillions, "d4e5");
    assert_eq!(
        status_after(&zillions, &take),
        win_for(Color::White, WinReason::KingCaptured)
    );
    let result = search(&zillions, 3);
    assert_eq!(result.best_move, take);
    assert_eq!(result.info.score, Score::Mate(1));
    for level in [Level::Novice, Level::Casual] {
        let mut player = LevelPlayer::new(level, 3);
        let choice = player
            .choose(&zillions, &[], &NoClock, None)
            .expect("a move");
        assert_eq!(choice.mv, take, "{level:?}");
    }
    // One move earlier: whatever Black plays, White takes the king; the search sees the mate
    // in two (one of its own moves, then the capture).
    let before = position("8/8/8/5k2/3K4/8/P7/8 w 0 1 zillions");
    let step = mv(&before, "d4e4");
    let after = before.play_unchecked(&step);
    assert!(after.is_king_attacked(), "e4 stands beside f5");
    let reply = search(&after, 3);
    // Black's king, beside White's, steps away or takes it: it takes it.
    assert_eq!(
        status_after(&after, &reply.best_move),
        win_for(Color::Black, WinReason::KingCaptured)
    );
    assert_eq!(reply.info.score, Score::Mate(1));
}

#[test]
fn zillions_the_king_steps_out_of_capture_rather_than_win_material() {
    // The black leaper e8 can leap the white king e2 (e1 empty behind it). White's withdrawer
    // b4 can take the black withdrawer c4 by stepping away to a4, but then loses its king.
    let zillions = position("4l2k/8/8/8/1Ww5/8/4K3/8 w 0 1 zillions");
    assert!(zillions.is_king_attacked());
    assert!(!zillions.is_check(), "Zillions has no check");
    let grab = mv(&zillions, "b4a4");
    assert!(grab.is_capture());
    assert!(leaves_king_to_be_taken(&zillions, &grab));
    let black_wins = zillions.play_unchecked(&grab);
    let taking = search(&black_wins, 2);
    assert_eq!(
        status_after(&black_wins, &taking.best_move),
        win_for(Color::Black, WinReason::KingCaptured)
    );
    for depth in [1, 2, 4] {
        let result = search(&zillions, depth);
        assert!(
            !leaves_king_to_be_taken(&zillions, &result.best_move),
            "depth {depth}: {}",
            result.best_move.coordinates()
        );
        assert!(
            !matches!(result.info.score, Score::Mate(n) if n < 0),
            "{:?}",
            result.info
        );
    }
    let mut novice = LevelPlayer::new(Level::Novice, 11);
    let choice = novice
        .choose(&zillions, &[], &NoClock, None)
        .expect("a move");
    assert!(!leaves_king_to_be_taken(&zillions, &choice.mv));
}

#[test]
fn zillions_a_pinned_piece_stays_even_for_a_capture() {
    // The pawn d3 shields the king d2 from the leaper d8. In Zillions it may move (no check
    // rule), and d3-c3 pinches the withdrawer b3 against a3, but then the leaper takes the king.
    let zillions = position("3l3k/8/8/8/8/Pw1P4/3K4/8 w 0 1 zillions");
    let pinch = mv(&zillions, "d3c3");
    assert!(pinch.is_capture());
    assert!(leaves_king_to_be_taken(&zillions, &pinch));
    let abbott = zillions.with_reading(Reading::Abbott1963).expect("valid");
    assert!(abbott.parse_move("d3c3").is_err(), "pinned in 1963");
    for depth in [1, 3, 5] {
        let result = search(&zillions, depth);
        assert!(
            !leaves_king_to_be_taken(&zillions, &result.best_move),
            "depth {depth}: {}",
            result.best_move.coordinates()
        );
    }
    for level in [Level::Novice, Level::Casual] {
        let mut player = LevelPlayer::new(level, 5);
        let choice = player
            .choose(&zillions, &[], &NoClock, None)
            .expect("a move");
        assert!(
            !leaves_king_to_be_taken(&zillions, &choice.mv),
            "{level:?}: {}",
            choice.mv.coordinates()
        );
    }
}

#[test]
fn cambridge_offers_no_removal_and_the_bot_never_plays_one() {
    // White's king f4 and immobilizer d4 stand beside the black immobilizer e5. In 1963 both
    // are frozen and White's one move is to remove the immobilizer. By MacKay's rule the
    // immobilizer d4 frees the king, and there is no removal.
    let abbott = position("7k/8/8/4i3/3I1K2/8/8/8 w 0 1");
    let moves = abbott.legal_moves();
    assert_eq!(moves.len(), 1);
    assert!(moves[0].is_removal());
    assert!(search(&abbott, 3).best_move.is_removal());

    let cambridge = abbott.with_reading(Reading::Cambridge).expect("valid");
    let moves = cambridge.legal_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| !m.is_removal()));
    for depth in [1, 3, 5] {
        let result = search(&cambridge, depth);
        assert!(!result.best_move.is_removal());
        assert!(moves.contains(&result.best_move));
    }
}

#[test]
fn cambridge_a_side_whose_only_move_was_a_removal_has_lost() {
    // The white king a1 frozen by the immobilizer b2, and the immobilizers d4 and e5 frozen by
    // each other: in 1963 White may remove d4; in Cambridge White has no move and has lost.
    let abbott = position("7k/8/8/4i3/3I4/8/1i6/K7 w 0 1");
    assert!(abbott.legal_moves().iter().all(Move::is_removal));
    let cambridge = abbott.with_reading(Reading::Cambridge).expect("valid");
    assert_eq!(
        cambridge.status(),
        win_for(Color::Black, WinReason::NoLegalMove)
    );
    // One move before, Black to move: by MacKay's rule the immobilizers c3 and e5, both beside
    // d4, free each other, and c3-b2 freezes the king and leaves White no move (in 1963 c3 is
    // frozen by d4). Black wins at once, and the search scores it so.
    let before = position("7k/8/8/4i3/3I4/2i5/8/K7 b 0 1");
    assert!(before.parse_move("c3b2").is_err());
    let before_cambridge = before.with_reading(Reading::Cambridge).expect("valid");
    let freeze = mv(&before_cambridge, "c3b2");
    assert_eq!(
        status_after(&before_cambridge, &freeze),
        win_for(Color::Black, WinReason::NoLegalMove)
    );
    let result = search(&before_cambridge, 3);
    assert_eq!(result.info.score, Score::Mate(1));
    assert_eq!(
        status_after(&before_cambridge, &result.best_move),
        win_for(Color::Black, WinReason::NoLegalMove)
    );
}

/// For every reading: whenever the search says mate in one, the move it plays ends the game
/// won for the mover by that reading's rules, and a move that ends the game in a draw by them
/// is never scored as a mate.
#[test]
fn mate_scores_agree_with_each_readings_status() {
    let placements = [
        FREEZE_THE_KING,
        "3W3k/5K2/8/8/8/8/8/C7 w 0 1",
        "8/8/8/5k2/3K4/8/P7/8 w 0 1",
        "7k/8/8/4i3/3I4/2i5/8/K7 b 0 1",
        "7k/8/8/8/8/8/1i6/K7 b 0 1",
        "4l2k/8/8/8/1Ww5/8/4K3/8 w 0 1",
    ];
    let mut mates_seen = 0;
    for placement in placements {
        let base = position(placement);
        for reading in Reading::ALL {
            let Ok(position) = base.with_reading(reading) else {
                continue;
            };
            if position.legal_moves().is_empty() {
                continue;
            }
            let result = search(&position, 3);
            let status = status_after(&position, &result.best_move);
            if result.info.score == Score::Mate(1) {
                mates_seen += 1;
                assert!(
                    matches!(status, Status::Over { outcome: Outcome::Win { winner, .. } } if winner == position.turn()),
                    "{reading} {placement}: {} gives {status}",
                    result.best_move.coordinates()
                );
            }
            if let Status::Over {
                outcome: Outcome::Draw { .. },
            } = status
            {
                assert!(
                    !matches!(result.info.score, Score::Mate(_)),
                    "{reading} {placement}: {:?}",
                    result.info
                );
            }
        }
    }
    assert!(mates_seen >= 8, "{mates_seen}");
}

#[test]
fn one_engine_follows_the_reading_of_each_position_it_is_given() {
    // The same placement by 1963 then Boardspace then 1963 again, with one engine and its table.
    let abbott = position(FREEZE_THE_KING);
    let boardspace = abbott.with_reading(Reading::Boardspace).expect("valid");
    let mut engine = Engine::with_hash_mb(4);
    let mut run = |position: &Position| {
        engine
            .search(position, &[], &Limits::depth(4), &NoClock, &mut |_| {})
            .expect("moves")
            .info
            .score
    };
    assert_eq!(run(&abbott), Score::Mate(1));
    assert!(matches!(run(&boardspace), Score::Centipawns(cp) if cp > 0));
    assert_eq!(run(&abbott), Score::Mate(1));
}
