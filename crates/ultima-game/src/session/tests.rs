use ultima_level::Level;
use ultima_rules::{Color, DrawReason, Outcome, Role, WinReason};

use super::*;
use crate::problem::ErrorKind;
use crate::wire::Mark;

const WHITE: Color = Color::White;
const BLACK: Color = Color::Black;

fn friend() -> Session {
    Session::new(
        NewGame::Friend {
            turn_board: false,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        },
        "g1".into(),
        0.0,
        true,
    )
}

fn bot(player_side: SideChoice) -> Session {
    Session::new(
        NewGame::Bot {
            level: Level::Novice,
            player_side,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        },
        "g2".into(),
        0.0,
        true,
    )
}

fn timed_friend(base_ms: u32, increment_ms: u32) -> Session {
    Session::new(
        NewGame::Friend {
            turn_board: false,
            time_control: Some(TimeControl {
                base_ms,
                increment_ms,
            }),
            reading: ultima_rules::Reading::Abbott1963,
        },
        "g3".into(),
        0.0,
        true,
    )
}

fn problem<T: std::fmt::Debug>(result: Result<T, SessionError>) -> Problem {
    result.expect_err("refused").problem
}

/// The bot's move from coordinates, as the bot would hand it over.
fn bot_move(session: &Session, text: &str) -> Move {
    session
        .game()
        .position()
        .parse_coordinates(text)
        .expect("legal")
}

#[test]
fn a_friend_game_plays_both_sides_and_refuses_illegal_moves() {
    let mut session = friend();
    assert_eq!(session.view(0.0).legal_moves.len(), 32);
    session.play(WHITE, "e2", "e5", 1.0).expect("legal");
    let error = session
        .play(BLACK, "e2", "e4", 2.0)
        .expect_err("no piece there");
    assert_eq!(error.kind, ErrorKind::IllegalMove);
    assert_eq!(
        error.problem,
        Problem::NoPiece {
            square: "e2".into()
        }
    );
    assert_eq!(
        session.game().moves().len(),
        1,
        "a refused move changes nothing"
    );
    session.play(BLACK, "d7", "d4", 3.0).expect("black's move");
    let view = session.view(3.0);
    assert_eq!(view.plies.len(), 2);
    let first = &view.plies[0];
    assert_eq!(
        (
            first.side,
            first.role,
            first.from.as_str(),
            first.to.as_str()
        ),
        (WHITE, Role::Pawn, "e2", "e5")
    );
    assert_eq!(first.mark, Mark::None);
    assert!(!first.removal);
    let error = session
        .play(WHITE, "z9", "e4", 4.0)
        .expect_err("no such square");
    assert_eq!(error.kind, ErrorKind::BadRequest);
    assert_eq!(error.problem, Problem::BadSquare { text: "z9".into() });
}

#[test]
fn a_seat_moves_only_on_its_turn() {
    let mut session = friend();
    assert_eq!(
        problem(session.play(BLACK, "e7", "e4", 1.0)),
        Problem::NotYourTurn
    );
    session.play(WHITE, "e2", "e5", 1.0).expect("white's turn");
    assert_eq!(
        problem(session.play(WHITE, "d2", "d5", 2.0)),
        Problem::NotYourTurn,
        "white cannot move twice"
    );
    let mv = bot_move(&session, "d7d4");
    assert_eq!(
        problem(session.play_move(WHITE, &mv, 2.0)),
        Problem::NotYourTurn
    );
    session.play_move(BLACK, &mv, 2.0).expect("black's turn");
    assert_eq!(session.game().moves().len(), 2);
}

#[test]
fn against_a_bot_the_player_cannot_move_for_it_and_takes_back_a_whole_turn() {
    let mut session = bot(SideChoice::Black);
    assert!(session.is_bot_to_move());
    assert!(session.view(0.0).legal_moves.is_empty());
    assert_eq!(session.view(0.0).may_act.play, None);
    assert_eq!(
        problem(session.play(BLACK, "e7", "e4", 1.0)),
        Problem::NotYourTurn,
        "the player's seat, on the bot's move"
    );
    assert_eq!(
        problem(session.play(WHITE, "e2", "e5", 1.0)),
        Problem::SeatIsBot,
        "nobody but the bot plays for the bot's seat"
    );
    let first = bot_move(&session, "e2e5");
    session.play_bot(&first, 1.0).expect("bot's move");
    assert_eq!(
        problem(session.play_bot(&bot_move(&session, "d7d5"), 1.5)),
        Problem::NotYourTurn,
        "the bot does not play the player's moves"
    );
    assert!(!session.can_take_back(1.0), "the player has not moved yet");
    assert_eq!(
        problem(session.take_back(BLACK, 1.0)),
        Problem::NothingToTakeBack
    );
    session.play(BLACK, "d7", "d5", 2.0).expect("player's move");
    let second = bot_move(&session, "a2a3");
    session.play_bot(&second, 3.0).expect("bot's move");
    assert!(session.can_take_back(3.0));
    assert_eq!(session.view(3.0).may_act.take_back, Some(BLACK));
    assert_eq!(problem(session.take_back(WHITE, 3.0)), Problem::SeatIsBot);
    assert_eq!(session.take_back(BLACK, 4.0), Ok(TakeBack::Done));
    assert_eq!(
        session.game().moves().len(),
        1,
        "player's move and bot's answer are gone"
    );
    assert!(!session.is_bot_to_move());
}

#[test]
fn against_a_bot_a_take_back_while_it_thinks_takes_back_the_players_move_only() {
    let mut session = bot(SideChoice::White);
    session.play(WHITE, "e2", "e5", 1.0).expect("player's move");
    assert!(session.is_bot_to_move());
    assert_eq!(session.take_back(WHITE, 2.0), Ok(TakeBack::Done));
    assert!(session.game().moves().is_empty());
}

#[test]
fn resigning_ends_the_game_and_only_a_person_resigns() {
    let mut against_bot = bot(SideChoice::White);
    assert_eq!(
        problem(against_bot.resign(BLACK, 1.0)),
        Problem::SeatIsBot,
        "the bot's seat"
    );
    assert!(!against_bot.is_over());
    assert_eq!(against_bot.local_seat(Action::Resign), WHITE);
    against_bot.resign(WHITE, 2.0).expect("the player resigns");
    assert_eq!(
        against_bot.view(2.0).result,
        Some(Outcome::Win {
            winner: BLACK,
            reason: WinReason::Resignation
        }),
        "the bot (black) wins"
    );
    assert_eq!(against_bot.ended_at(), Some(2.0));
    assert_eq!(problem(against_bot.resign(WHITE, 3.0)), Problem::GameOver);

    let mut friends = friend();
    friends.play(WHITE, "e2", "e5", 1.0).expect("legal");
    assert_eq!(
        friends.local_seat(Action::Resign),
        BLACK,
        "the side to move"
    );
    friends.resign(BLACK, 2.0).expect("black resigns");
    assert_eq!(
        friends.game().outcome(),
        Some(Outcome::Win {
            winner: WHITE,
            reason: WinReason::Resignation
        })
    );
    let error = friends.play(WHITE, "d2", "d5", 3.0).expect_err("over");
    assert_eq!(
        (error.kind, error.problem),
        (ErrorKind::GameOver, Problem::GameOver)
    );
    assert!(friends.view(3.0).legal_moves.is_empty());
    assert_eq!(friends.view(3.0).may_act, MayAct::default());
}

#[test]
fn a_draw_offer_is_answered_by_the_other_side_only() {
    let mut session = friend();
    assert_eq!(
        problem(session.answer_draw(BLACK, true, 1.0)),
        Problem::NoDrawOffer
    );
    session.offer_draw(WHITE, 1.0).expect("white offers");
    assert_eq!(session.draw_offer(), Some(WHITE));
    assert_eq!(
        problem(session.offer_draw(WHITE, 1.5)),
        Problem::DrawAlreadyOffered
    );
    assert_eq!(
        problem(session.answer_draw(WHITE, true, 2.0)),
        Problem::NoDrawOffer,
        "nobody accepts their own offer"
    );
    let view = session.view(2.0);
    assert_eq!(view.draw_offer, Some(WHITE));
    assert_eq!(view.may_act.answer_draw, Some(BLACK));
    assert_eq!(view.may_act.offer_draw, None, "white's offer is open");
    session
        .answer_draw(BLACK, true, 5.0)
        .expect("black accepts");
    assert_eq!(
        session.game().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    assert_eq!(session.ended_at(), Some(5.0));
    assert_eq!(session.draw_offer(), None);
    assert_eq!(
        problem(session.play(WHITE, "e2", "e5", 6.0)),
        Problem::GameOver
    );
}

#[test]
fn a_declined_offer_is_gone_and_an_offer_lapses_when_the_opponent_moves() {
    let mut session = friend();
    session.offer_draw(WHITE, 1.0).expect("offer");
    session.answer_draw(BLACK, false, 2.0).expect("decline");
    assert_eq!(session.draw_offer(), None);
    assert!(!session.is_over());

    session.offer_draw(WHITE, 3.0).expect("offer again");
    session
        .play(WHITE, "e2", "e5", 4.0)
        .expect("the offerer moves");
    assert_eq!(session.draw_offer(), Some(WHITE), "still open");
    session
        .play(BLACK, "d7", "d4", 5.0)
        .expect("the opponent moves");
    assert_eq!(session.draw_offer(), None, "lapsed");
    assert_eq!(
        problem(session.answer_draw(BLACK, true, 6.0)),
        Problem::NoDrawOffer
    );
}

#[test]
fn offering_when_the_opponent_has_offered_agrees_the_draw() {
    let mut session = friend();
    session.offer_draw(WHITE, 1.0).expect("offer");
    session.offer_draw(BLACK, 2.0).expect("black offers too");
    assert_eq!(
        session.game().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
}

#[test]
fn no_draw_offers_against_the_bot() {
    let mut session = bot(SideChoice::White);
    assert_eq!(
        problem(session.offer_draw(WHITE, 1.0)),
        Problem::NotAgainstBot
    );
    assert_eq!(
        problem(session.answer_draw(WHITE, true, 1.0)),
        Problem::NotAgainstBot
    );
    assert_eq!(session.view(1.0).may_act.offer_draw, None);
}

#[test]
fn between_friends_a_take_back_is_asked_for_and_answered() {
    let mut session = friend();
    assert_eq!(
        problem(session.take_back(WHITE, 0.0)),
        Problem::NothingToTakeBack
    );
    session.play(WHITE, "e2", "e5", 1.0).expect("legal");
    assert_eq!(
        session.local_seat(Action::TakeBack),
        WHITE,
        "who moved last"
    );
    assert_eq!(session.view(1.0).may_act.take_back, Some(WHITE));
    assert_eq!(session.take_back(WHITE, 2.0), Ok(TakeBack::Requested));
    assert_eq!(session.game().moves().len(), 1, "only asked");
    assert_eq!(
        problem(session.take_back(WHITE, 2.5)),
        Problem::TakeBackAlreadyRequested
    );
    assert_eq!(
        problem(session.answer_take_back(WHITE, true, 3.0)),
        Problem::NoTakeBackRequest,
        "nobody grants their own request"
    );
    let view = session.view(3.0);
    assert_eq!(view.take_back_request, Some(WHITE));
    assert_eq!(view.may_act.answer_take_back, Some(BLACK));
    session
        .answer_take_back(BLACK, false, 4.0)
        .expect("declined");
    assert_eq!(session.game().moves().len(), 1);
    assert_eq!(session.take_back_request(), None);

    session.take_back(WHITE, 5.0).expect("asks again");
    session.answer_take_back(BLACK, true, 6.0).expect("granted");
    assert!(session.game().moves().is_empty(), "white's move is gone");
}

#[test]
fn a_take_back_request_by_the_side_to_move_undoes_its_move_and_the_answer() {
    let mut session = friend();
    session.play(WHITE, "e2", "e5", 1.0).expect("legal");
    session.play(BLACK, "d7", "d4", 2.0).expect("legal");
    session.take_back(WHITE, 3.0).expect("white, to move, asks");
    session.answer_take_back(BLACK, true, 4.0).expect("granted");
    assert!(session.game().moves().is_empty());
    assert_eq!(session.game().position().turn(), WHITE);
}

#[test]
fn a_take_back_request_lapses_with_a_move() {
    let mut session = friend();
    session.play(WHITE, "e2", "e5", 1.0).expect("legal");
    session.take_back(WHITE, 2.0).expect("asks");
    session
        .play(BLACK, "d7", "d4", 3.0)
        .expect("black moves instead");
    assert_eq!(session.take_back_request(), None);
    assert_eq!(
        problem(session.answer_take_back(BLACK, true, 4.0)),
        Problem::NoTakeBackRequest
    );
}

#[test]
fn a_rematch_swaps_the_colours_against_the_bot_and_keeps_the_time_control() {
    let session = bot(SideChoice::White);
    let again = session.rematch("g9".into(), 1.0);
    assert_eq!(
        again.opponent(),
        Opponent::Bot {
            level: Level::Novice,
            bot_side: WHITE
        }
    );
    assert!(again.game().moves().is_empty());
    assert_eq!(again.created_at(), 1.0);
    assert_eq!(again.id(), "g9");

    let timed = timed_friend(60_000, 1_000);
    assert_eq!(
        timed.rematch("g10".into(), 2.0).time_control(),
        timed.time_control()
    );
    assert_eq!(
        friend().rematch("g11".into(), 0.0).opponent(),
        friend().opponent()
    );
}

#[test]
fn a_random_side_follows_the_coin() {
    let request = |coin| {
        Session::new(
            NewGame::Bot {
                level: Level::Club,
                player_side: SideChoice::Random,
                time_control: None,
                reading: ultima_rules::Reading::Abbott1963,
            },
            "g".into(),
            0.0,
            coin,
        )
        .bot_side()
    };
    assert_eq!(request(true), Some(BLACK), "heads: the player is white");
    assert_eq!(request(false), Some(WHITE));
}

#[test]
fn the_devices_seats_between_friends() {
    let mut session = friend();
    let view = session.view(0.0);
    assert_eq!(view.may_act.play, Some(WHITE));
    assert_eq!(view.may_act.resign, Some(WHITE));
    assert_eq!(view.may_act.offer_draw, Some(WHITE));
    assert_eq!(view.may_act.answer_draw, None);
    assert_eq!(view.may_act.take_back, None);
    session.play(WHITE, "e2", "e5", 1.0).expect("legal");
    session
        .offer_draw(WHITE, 1.0)
        .expect("white offers after moving");
    assert_eq!(
        session.local_seat(Action::AnswerDraw),
        BLACK,
        "the offerer's opponent answers, even on its own move"
    );
    let view = session.view(1.0);
    assert_eq!(view.may_act.play, Some(BLACK));
    assert_eq!(view.may_act.offer_draw, Some(BLACK), "which accepts");
    assert!(!view.bot_to_move);
    assert!(session.may(BLACK, Action::AnswerDraw, 1.0));
    assert!(!session.may(WHITE, Action::AnswerDraw, 1.0));
}

#[test]
fn every_change_raises_the_revision_and_a_refusal_does_not() {
    let mut session = friend();
    assert_eq!(session.revision(), 0);
    session.play(WHITE, "e2", "e5", 1.0).expect("legal");
    assert_eq!(session.revision(), 1);
    let _ = session.play(WHITE, "d2", "d5", 1.0);
    assert_eq!(session.revision(), 1, "refused");
    session.offer_draw(BLACK, 2.0).expect("offer");
    session.answer_draw(WHITE, false, 2.0).expect("decline");
    session.take_back(WHITE, 3.0).expect("ask");
    session.answer_take_back(BLACK, true, 3.0).expect("grant");
    assert_eq!(session.revision(), 5, "take-backs raise it too");
    assert!(session.game().moves().is_empty());
    session.resign(WHITE, 4.0).expect("resign");
    assert_eq!(session.view(4.0).revision, 6);
}

#[test]
fn a_timed_game_charges_the_mover_and_adds_the_increment() {
    let mut session = timed_friend(60_000, 2_000);
    session
        .play(WHITE, "e2", "e5", 1_000.0)
        .expect("untimed first move");
    assert_eq!(session.next_flag_at(), None, "nothing runs yet");
    session
        .play(BLACK, "d7", "d4", 9_000.0)
        .expect("untimed first move");
    assert_eq!(session.next_flag_at(), Some(69_000.0), "white's clock runs");
    session.play(WHITE, "a2", "a4", 19_000.0).expect("timed");
    let clock = session.view(19_000.0).clock.expect("a timed game");
    assert_eq!(clock.white_ms, 52_000.0, "60 - 10 + 2 seconds");
    assert_eq!(clock.black_ms, 60_000.0);
    assert_eq!(clock.running, Some(BLACK));
    assert_eq!(
        session.view(29_000.0).clock.map(|c| c.black_ms),
        Some(50_000.0)
    );
    assert_eq!(friend().view(0.0).clock, None, "an untimed game has none");
}

#[test]
fn a_flag_fall_loses_on_time_and_until_then_nothing_else_is_done() {
    let mut session = timed_friend(10_000, 0);
    session.play(WHITE, "e2", "e5", 0.0).expect("legal");
    session.play(BLACK, "d7", "d4", 0.0).expect("legal");
    assert_eq!(session.flag(9_999.0), None, "time left");
    assert!(!session.flag_due(9_999.0));
    assert!(session.flag_due(10_000.0));
    let late = session
        .play(WHITE, "a2", "a4", 10_500.0)
        .expect_err("too late");
    assert_eq!(
        (late.kind, late.problem),
        (ErrorKind::GameOver, Problem::TimeUp { side: WHITE })
    );
    assert_eq!(
        problem(session.offer_draw(BLACK, 10_500.0)),
        Problem::TimeUp { side: WHITE }
    );
    assert_eq!(session.game().moves().len(), 2, "refused, nothing changed");
    assert_eq!(
        session.flag(10_500.0),
        Some(Outcome::Win {
            winner: BLACK,
            reason: WinReason::Time
        })
    );
    assert_eq!(session.ended_at(), Some(10_500.0));
    assert_eq!(session.next_flag_at(), None);
    assert_eq!(session.flag(20_000.0), None, "once");
    let clock = session.view(99_000.0).clock.expect("clock");
    assert_eq!((clock.white_ms, clock.running), (0.0, None));
    assert!(session.game().record().contains("end white loses on time"));
}

#[test]
fn a_time_out_refereed_by_the_caller_loses_the_side_to_move_on_time() {
    let mut session = friend();
    session.play(WHITE, "e2", "e5", 1.0).expect("legal");
    let before = session.revision();
    assert_eq!(
        problem(session.time_out(WHITE, 2.0)),
        Problem::NotYourTurn,
        "only the side to move is over a limit on its move"
    );
    assert_eq!(session.revision(), before, "refused, nothing changed");
    assert_eq!(
        session.time_out(BLACK, 3.0),
        Ok(Outcome::Win {
            winner: WHITE,
            reason: WinReason::Time
        })
    );
    assert_eq!(session.ended_at(), Some(3.0));
    assert!(session.game().record().contains("end black loses on time"));
    assert_eq!(problem(session.time_out(BLACK, 4.0)), Problem::GameOver);

    // The bot's seat too: the referee, not the seat, declares it (a server's engine).
    let mut against_bot = bot(SideChoice::White);
    against_bot.play(WHITE, "e2", "e5", 1.0).expect("legal");
    assert!(against_bot.time_out(BLACK, 2.0).is_ok());

    // A clock that has run out is the session's to declare, through `flag`.
    let mut timed = timed_friend(10_000, 0);
    timed.play(WHITE, "e2", "e5", 0.0).expect("legal");
    timed.play(BLACK, "d7", "d4", 0.0).expect("legal");
    assert_eq!(
        problem(timed.time_out(WHITE, 10_500.0)),
        Problem::TimeUp { side: WHITE }
    );
}

#[test]
fn a_take_back_keeps_the_time_spent_and_runs_the_clock_of_the_side_to_move() {
    let mut session = timed_friend(60_000, 0);
    session.play(WHITE, "e2", "e5", 0.0).expect("legal");
    session.play(BLACK, "d7", "d4", 0.0).expect("legal");
    session.play(WHITE, "a2", "a4", 5_000.0).expect("legal");
    session.take_back(WHITE, 8_000.0).expect("ask");
    session
        .answer_take_back(BLACK, true, 9_000.0)
        .expect("grant");
    let clock = session.view(9_000.0).clock.expect("clock");
    assert_eq!(clock.white_ms, 55_000.0, "white's spent time stays spent");
    assert_eq!(clock.black_ms, 56_000.0, "black thought from 5 to 9 s");
    assert_eq!(clock.running, Some(WHITE));

    session
        .take_back(BLACK, 9_000.0)
        .expect("black asks for d7d4 back");
    session
        .answer_take_back(WHITE, true, 9_000.0)
        .expect("granted");
    assert_eq!(session.game().moves().len(), 1);
    assert_eq!(
        session.view(9_000.0).clock.and_then(|c| c.running),
        None,
        "back to the untimed first moves"
    );
}

#[test]
fn resuming_the_clock_forgives_the_time_the_app_was_closed() {
    let mut session = timed_friend(60_000, 0);
    session.play(WHITE, "e2", "e5", 0.0).expect("legal");
    session.play(BLACK, "d7", "d4", 0.0).expect("legal");
    session.resume_clock(1_000_000.0);
    assert!(!session.flag_due(1_000_000.0));
    assert_eq!(session.next_flag_at(), Some(1_060_000.0));
}

#[test]
fn boards_along_the_game_and_the_summary_once_it_is_over() {
    let mut session = friend();
    session.play(WHITE, "e2", "e5", 1.0).expect("legal");
    session.play(BLACK, "d7", "d4", 2.0).expect("legal");
    let start = session.board_at(0).expect("the start");
    assert_eq!(start.ply, 0);
    assert_eq!(start.last_move, None);
    assert_eq!(start.pieces.len(), 32);
    let after = session.board_at(2).expect("the current board");
    assert_eq!(after.last_move.as_ref().map(|m| m.to.as_str()), Some("d4"));
    assert_eq!(after, session.view(2.0).board);
    let error = session.board_at(3).expect_err("no such move");
    assert_eq!(
        (error.kind, error.problem),
        (ErrorKind::BadRequest, Problem::NoSuchPly { ply: 3 })
    );
    assert_eq!(session.summary(), None, "still going");
    session.resign(WHITE, 7.0).expect("resign");
    let summary = session.summary().expect("over");
    assert_eq!(summary.moves, 2);
    assert_eq!(summary.ended_at, 7.0);
    assert_eq!(summary.result, session.game().outcome().expect("over"));
    assert_eq!(summary.opponent, session.opponent());
}

#[test]
fn a_connection_sees_what_its_own_seat_may_do() {
    let mut session = friend();
    session.play(WHITE, "e2", "e5", 1.0).expect("legal");
    session.offer_draw(WHITE, 1.0).expect("offer");
    let white = session.view_for(WHITE, 1.0);
    assert_eq!(white.may_act.play, None, "black's move");
    assert!(white.legal_moves.is_empty());
    assert_eq!(
        white.may_act.resign,
        Some(WHITE),
        "a player resigns on either move"
    );
    assert_eq!(white.may_act.answer_draw, None, "its own offer");
    assert_eq!(white.may_act.take_back, Some(WHITE));
    let black = session.view_for(BLACK, 1.0);
    assert_eq!(black.may_act.play, Some(BLACK));
    assert!(!black.legal_moves.is_empty());
    assert_eq!(black.may_act.answer_draw, Some(BLACK));
    assert_eq!(black.may_act.take_back, None, "black has not moved");
    assert_eq!(black.board, white.board);
}

#[test]
fn online_the_device_acts_as_its_own_side_and_the_game_saves_as_online() {
    let mut session = Session::online("online-g9".into(), BLACK, Reading::Abbott1963, 0.0);
    assert_eq!(session.opponent(), Opponent::Online { player_side: BLACK });
    assert_eq!(session.clock(), None, "the server keeps the clock");
    for action in [
        Action::Play,
        Action::Resign,
        Action::OfferDraw,
        Action::AnswerDraw,
        Action::TakeBack,
    ] {
        assert_eq!(session.local_seat(action), BLACK);
    }
    // The other side's move, as the server says it, is played as that side.
    session.play(WHITE, "e2", "e5", 1.0).expect("white's move");
    assert_eq!(session.view(1.0).may_act.play, Some(BLACK));
    let stored = session.to_stored();
    assert_eq!(
        serde_json::to_value(stored.opponent).expect("json"),
        serde_json::json!({"kind": "online", "playerSide": "black"})
    );
    let restored = Session::from_stored(&stored).expect("restored").session;
    assert_eq!(restored.opponent(), session.opponent());
    assert_eq!(restored.game().moves().len(), 1);
}

#[test]
fn hints_are_counted_against_the_bot_on_the_players_move_and_kept_in_the_record() {
    let mut session = bot(SideChoice::Black);
    assert_eq!(
        problem(session.count_hint()),
        Problem::NotYourTurn,
        "the bot's move"
    );
    let first = bot_move(&session, "e2e5");
    session.play_bot(&first, 1.0).expect("bot's move");
    assert_eq!(session.count_hint(), Ok(1));
    assert_eq!(session.count_hint(), Ok(2));
    let stored = session.to_stored();
    assert_eq!(stored.hints, 2);
    let json = serde_json::to_value(&stored).expect("JSON");
    assert_eq!(json["hints"], 2);
    let back = Session::from_stored(&crate::StoredGame::from_json(json).expect("reads"))
        .expect("restores")
        .session;
    assert_eq!(back.hints(), 2);

    // A game without hints is written as before (no `hints` field), and reads as none.
    let none = bot(SideChoice::White).to_stored();
    let json = serde_json::to_value(&none).expect("JSON");
    assert!(json.get("hints").is_none(), "{json}");
    assert_eq!(crate::StoredGame::from_json(json).expect("reads").hints, 0);

    assert_eq!(problem(friend().count_hint()), Problem::NotAgainstBot);
    session.resign(BLACK, 2.0).expect("resigned");
    assert_eq!(problem(session.count_hint()), Problem::GameOver);
}

#[test]
fn the_eval_bar_shown_during_play_is_noted_once_kept_in_the_record_and_listed() {
    let mut session = friend();
    assert!(!session.eval_bar());
    let revision = session.revision();
    assert_eq!(session.note_eval_bar(), Ok(true), "the first time");
    assert_eq!(session.revision(), revision + 1, "the game changed");
    assert_eq!(session.note_eval_bar(), Ok(false), "already noted");
    assert_eq!(
        session.revision(),
        revision + 1,
        "nothing changed the second time"
    );
    assert!(session.view(0.0).eval_bar);

    // Kept through save and resume.
    let json = serde_json::to_value(session.to_stored()).expect("JSON");
    assert_eq!(json["evalBar"], true);
    let back = Session::from_stored(&crate::StoredGame::from_json(json).expect("reads"))
        .expect("restores")
        .session;
    assert!(back.eval_bar());

    // A game without it is written as before (no `evalBar` field), and reads as not shown.
    let none = bot(SideChoice::White).to_stored();
    let json = serde_json::to_value(&none).expect("JSON");
    assert!(json.get("evalBar").is_none(), "{json}");
    assert!(!crate::StoredGame::from_json(json).expect("reads").eval_bar);

    // Against the bot too; the finished game's line in the list says it.
    let mut against_bot = bot(SideChoice::White);
    assert_eq!(against_bot.note_eval_bar(), Ok(true));
    against_bot.resign(WHITE, 1.0).expect("resigned");
    assert_eq!(problem(against_bot.note_eval_bar()), Problem::GameOver);
    let summary = against_bot.stored_summary().expect("over");
    assert!(summary.eval_bar);
    let value = serde_json::to_value(&summary).expect("JSON");
    assert_eq!(value["evalBar"], true);
    let read = crate::StoredSummary::from_json(value).expect("reads");
    assert!(read.view().eval_bar);
    assert_eq!(against_bot.summary().map(|s| s.eval_bar), Some(true));

    // Never while a game against a person online goes on.
    let mut online = Session::online("online-g1".into(), WHITE, Reading::Abbott1963, 0.0);
    assert_eq!(problem(online.note_eval_bar()), Problem::NoEngineOnline);
    assert!(!online.eval_bar());
}

#[test]
fn the_moves_views_kept_are_those_worked_out_afresh_through_moves_take_backs_and_a_restore() {
    // A bot game: take-backs undo at once (the player's move and the bot's answer).
    let mut session = bot(SideChoice::White);
    let mut seed = 7_u64;
    for step in 0..60_u32 {
        let now = f64::from(step);
        let game = session.game().clone();
        let legal = game.position().legal_moves();
        if legal.is_empty() || session.is_over() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = legal[(seed >> 33) as usize % legal.len()];
        if session.is_bot_to_move() {
            session.play_bot(&mv, now).expect("the bot's move");
        } else if step % 7 == 6 && session.can_take_back(now) {
            session.take_back(WHITE, now).expect("taken back");
        } else {
            session
                .play(WHITE, &mv.from.to_string(), &mv.to.to_string(), now)
                .expect("a legal move");
        }
        assert_eq!(
            session.view(now).plies,
            view::ply_views(session.game()),
            "after step {step}"
        );
        assert_eq!(
            session.view(now).board,
            session
                .board_at(session.game().moves().len() as u32)
                .expect("the board")
        );
    }
    let restored = Session::from_stored(&session.to_stored())
        .expect("restores")
        .session;
    assert_eq!(restored.view(99.0).plies, view::ply_views(restored.game()));
}
