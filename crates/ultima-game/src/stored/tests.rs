use serde_json::json;
use ultima_level::Level;
use ultima_rules::{Color, DrawReason, Outcome, Reading, WinReason};

use super::*;
use crate::session::TakeBack;
use crate::wire::NewGame;

/// Games as today's release saved them (from a save file it wrote: format 1, no `format`).
const FORMAT_1_IN_PROGRESS: &str = r#"{
    "createdAt": 1796115425445.0,
    "endedAt": null,
    "id": "g1796115425445-2",
    "opponent": { "botSide": "white", "kind": "bot", "level": "casual" },
    "record": "start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\nmoves c2c5 a7a3 b2b6\n"
}"#;
const FORMAT_1_RESIGNED: &str = r#"{
    "createdAt": 1796115425321.0,
    "endedAt": 1796115425439.0,
    "id": "g1796115425321-1",
    "opponent": { "botSide": "black", "kind": "bot", "level": "novice" },
    "record": "start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\nmoves e2e5 h7h3\nend white resigns\n"
}"#;
const FORMAT_1_FRIENDS_DRAW: &str = r#"{
    "createdAt": 1796115425280.0,
    "endedAt": 1796115425313.0,
    "id": "g1796115425280-0",
    "opponent": { "kind": "friend", "turnBoard": false },
    "record": "start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\nmoves e2e5 d7d4 c2c3\nend draw agreed\n"
}"#;

fn restored(stored: &StoredGame) -> Restored {
    Session::from_stored(stored).expect("rebuilds")
}

#[test]
fn a_game_saved_by_todays_release_is_migrated() {
    let stored = StoredGame::from_json_str(FORMAT_1_IN_PROGRESS).expect("format 1 reads");
    assert_eq!(stored.format, GAME_FORMAT);
    assert_eq!(stored.id, "g1796115425445-2");
    assert_eq!(
        stored.opponent,
        StoredOpponent::Bot {
            level: Level::Casual,
            bot_side: Color::White
        }
    );
    assert_eq!(stored.created_at, 1796115425445.0);
    assert_eq!(stored.ended_at, None);
    assert_eq!(stored.clock, None);
    let back = restored(&stored);
    assert!(back.cut.is_none());
    let session = back.session;
    assert_eq!(session.game().moves().len(), 3);
    assert_eq!(
        session.game().reading(),
        Reading::Abbott1963,
        "a record whose start names no reading is played by the 1963 rules"
    );
    assert!(!session.is_over());
    assert!(
        !session.is_bot_to_move(),
        "three moves: black, the player, is to move"
    );

    let resigned = restored(&StoredGame::from_json_str(FORMAT_1_RESIGNED).expect("reads")).session;
    assert_eq!(
        resigned.game().outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(resigned.ended_at(), Some(1796115425439.0));

    let draw = restored(&StoredGame::from_json_str(FORMAT_1_FRIENDS_DRAW).expect("reads")).session;
    assert_eq!(draw.opponent(), Opponent::Friend { turn_board: false });
    assert_eq!(
        draw.summary().map(|s| (s.result, s.moves)),
        Some((
            Outcome::Draw {
                reason: DrawReason::Agreement
            },
            3
        ))
    );
}

#[test]
fn the_opponent_is_saved_as_in_format_1() {
    let stored = restored(&StoredGame::from_json_str(FORMAT_1_RESIGNED).expect("reads"))
        .session
        .to_stored();
    let value = serde_json::to_value(&stored).expect("serialises");
    assert_eq!(
        value["opponent"],
        json!({ "kind": "bot", "level": "novice", "botSide": "black" })
    );
    assert_eq!(value["format"], json!(2));
    assert_eq!(value["record"], json!("start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\nmoves e2e5 h7h3\nend white resigns\n"));
    assert_eq!(value["createdAt"], json!(1796115425321.0));
    assert_eq!(value["endedAt"], json!(1796115425439.0));
    let friend = serde_json::to_value(StoredOpponent::Friend { turn_board: true }).expect("json");
    assert_eq!(friend, json!({ "kind": "friend", "turnBoard": true }));
}

#[test]
fn a_game_comes_back_exactly_with_its_clock_and_offers() {
    let mut session = Session::new(
        NewGame::Friend {
            turn_board: true,
            time_control: Some(TimeControl {
                base_ms: 300_000,
                increment_ms: 3_000,
            }),
            reading: ultima_rules::Reading::Abbott1963,
        },
        "g7".into(),
        100.0,
        true,
    );
    for (seat, from, to, now) in [
        (Color::White, "e2", "e5", 1_000.0),
        (Color::Black, "d7", "d4", 2_000.0),
        (Color::White, "a2", "a4", 7_000.0),
    ] {
        session.play(seat, from, to, now).expect("legal");
    }
    session.offer_draw(Color::White, 7_500.0).expect("offer");
    let stored = session.to_stored();
    let text = serde_json::to_string(&stored).expect("serialises");
    let read = StoredGame::from_json_str(&text).expect("reads back");
    assert_eq!(read, stored);
    let clock = read.clock.expect("timed");
    assert_eq!(
        (
            clock.white_ms,
            clock.black_ms,
            clock.running,
            clock.running_since
        ),
        (298_000.0, 300_000.0, Some(Color::Black), Some(7_000.0))
    );
    let back = restored(&read);
    assert!(back.cut.is_none());
    assert_eq!(back.session.view(9_000.0), session.view(9_000.0));
    assert_eq!(back.session.draw_offer(), Some(Color::White));
    assert_eq!(back.session.revision(), session.revision());
    assert_eq!(back.session.next_flag_at(), session.next_flag_at());
}

#[test]
fn a_take_back_request_is_saved() {
    let mut session = Session::new(
        NewGame::Friend {
            turn_board: false,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        },
        "g8".into(),
        0.0,
        true,
    );
    session.play(Color::White, "e2", "e5", 1.0).expect("legal");
    assert_eq!(
        session.take_back(Color::White, 2.0),
        Ok(TakeBack::Requested)
    );
    let back = restored(&session.to_stored()).session;
    assert_eq!(back.take_back_request(), Some(Color::White));
}

#[test]
fn a_newer_format_is_refused_with_its_own_error() {
    let newer = json!({
        "format": 3,
        "id": "g1",
        "somethingNew": true
    });
    let error = StoredGame::from_json(newer).expect_err("not readable here");
    assert_eq!(
        error,
        StoredError::NewerFormat {
            format: 3,
            newest: GAME_FORMAT
        }
    );
    assert!(error.is_newer());
    let summary = StoredSummary::from_json(json!({ "format": 2 })).expect_err("newer");
    assert!(summary.is_newer());
}

#[test]
fn a_bad_format_or_a_damaged_entry_is_an_error_not_a_newer_save() {
    let error = StoredGame::from_json(json!({ "format": "two" })).expect_err("bad");
    assert_eq!(error, StoredError::BadFormat);
    assert!(!error.is_newer());
    let missing = StoredGame::from_json(json!({ "id": "g1" })).expect_err("no record");
    assert!(
        matches!(missing, StoredError::Unreadable { format: 1, .. }),
        "{missing:?}"
    );
    let wrong = StoredGame::from_json(json!({
        "id": "g1",
        "opponent": { "kind": "bot", "level": "grandmaster", "botSide": "black" },
        "record": "",
        "createdAt": 0.0,
        "endedAt": null
    }))
    .expect_err("no such level");
    assert!(!wrong.is_newer());
    assert!(matches!(
        StoredGame::from_json_str("{\"id\": "),
        Err(StoredError::NotJson(_))
    ));
}

#[test]
fn a_record_broken_at_a_move_keeps_the_moves_before_it_and_the_rest_aside() {
    let damaged = FORMAT_1_IN_PROGRESS.replace("a7a3 b2b6", "a7a3 b2b1 d2d5");
    let stored = StoredGame::from_json_str(&damaged).expect("the entry reads");
    let back = restored(&stored);
    let cut = back.cut.expect("the record breaks at move 3");
    assert_eq!(cut.kept_moves, 2);
    assert_eq!(cut.total_moves, 4);
    assert_eq!(cut.leftover, "moves b2b1 d2d5");
    assert!(
        matches!(cut.reason, RecordError::Move { ply: 3, .. }),
        "{:?}",
        cut.reason
    );
    assert_eq!(back.session.game().moves().len(), 2);
    assert_eq!(back.session.id(), "g1796115425445-2");
    assert!(back.session.is_bot_to_move(), "white, the bot, is to move");
}

#[test]
fn a_finished_game_cut_short_is_no_longer_over() {
    let damaged = FORMAT_1_RESIGNED.replace("e2e5 h7h3", "e2e5 h7h9");
    let back = restored(&StoredGame::from_json_str(&damaged).expect("reads"));
    let cut = back.cut.expect("broken");
    assert_eq!((cut.kept_moves, cut.total_moves), (1, 2));
    assert_eq!(cut.leftover, "moves h7h9\nend white resigns");
    assert!(!back.session.is_over());
    assert_eq!(back.session.ended_at(), None);
}

#[test]
fn a_broken_end_line_keeps_every_move() {
    let damaged = FORMAT_1_RESIGNED.replace("end white resigns", "end white gave up");
    let back = restored(&StoredGame::from_json_str(&damaged).expect("reads"));
    let cut = back.cut.expect("broken");
    assert_eq!((cut.kept_moves, cut.total_moves), (2, 2));
    assert_eq!(cut.leftover, "end white gave up");
    assert_eq!(back.session.game().moves().len(), 2);
}

#[test]
fn a_record_without_a_start_is_refused() {
    let damaged = FORMAT_1_RESIGNED.replace("start clxwkxli", "begin clxwkxli");
    let error = Session::from_stored(&StoredGame::from_json_str(&damaged).expect("reads"))
        .expect_err("nothing to keep");
    assert!(matches!(error, StoredError::Record(_)), "{error:?}");
    let bad_start = FORMAT_1_RESIGNED.replace("w 0 1", "x 0 1");
    assert!(Session::from_stored(&StoredGame::from_json_str(&bad_start).expect("reads")).is_err());
}

#[test]
fn a_summary_is_saved_beside_the_game_and_lists_without_replaying() {
    let session = restored(&StoredGame::from_json_str(FORMAT_1_RESIGNED).expect("reads")).session;
    let summary = session.stored_summary().expect("over");
    let value = serde_json::to_value(&summary).expect("json");
    assert_eq!(
        value,
        json!({
            "format": 1,
            "id": "g1796115425321-1",
            "opponent": { "kind": "bot", "level": "novice", "botSide": "black" },
            "result": { "kind": "win", "winner": "black", "reason": "resignation" },
            "moves": 2,
            "createdAt": 1796115425321.0,
            "endedAt": 1796115425439.0
        })
    );
    let read = StoredSummary::from_json(value).expect("reads back");
    assert_eq!(read, summary);
    assert_eq!(Some(read.view()), session.summary());
    let going = restored(&StoredGame::from_json_str(FORMAT_1_IN_PROGRESS).expect("reads")).session;
    assert_eq!(going.stored_summary(), None);
}

#[test]
fn a_game_of_another_reading_comes_back_with_its_reading() {
    let text = FORMAT_1_IN_PROGRESS.replace(" w 0 1\\n", " w 0 1 cambridge\\n");
    assert!(text.contains("cambridge"), "{text}");
    let stored = StoredGame::from_json_str(&text).expect("reads");
    let session = restored(&stored).session;
    assert_eq!(session.game().reading(), Reading::Cambridge);
    assert_eq!(session.game().moves().len(), 3);
    let saved = session.to_stored();
    assert!(
        saved
            .record
            .starts_with("start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1 cambridge\n"),
        "{}",
        saved.record
    );
}

#[test]
fn a_new_game_of_each_reading_saves_and_comes_back_with_it() {
    for reading in Reading::ALL {
        let mut session = Session::new(
            NewGame::Bot {
                level: Level::Novice,
                player_side: crate::wire::SideChoice::White,
                time_control: None,
                reading,
            },
            "g9".into(),
            0.0,
            true,
        );
        assert_eq!(session.reading(), reading);
        assert_eq!(session.view(0.0).reading, reading);
        assert_eq!(session.game().start().to_string(), reading.start_ufen());
        session.play(Color::White, "e2", "e5", 1.0).expect("legal");
        let json = serde_json::to_string(&session.to_stored()).expect("json");
        let back = restored(&StoredGame::from_json_str(&json).expect("reads")).session;
        assert_eq!(back.reading(), reading, "{json}");
        assert_eq!(back.game().moves().len(), 1);
        assert_eq!(back.view(2.0).reading, reading);
        assert_eq!(back.rematch("g10".into(), 3.0).reading(), reading);
    }
}

#[test]
fn a_summary_names_its_reading_unless_1963() {
    let text = FORMAT_1_RESIGNED.replace(" w 0 1\\n", " w 0 1 zillions\\n");
    let session = restored(&StoredGame::from_json_str(&text).expect("reads")).session;
    let summary = session.stored_summary().expect("over");
    let value = serde_json::to_value(&summary).expect("json");
    assert_eq!(value["reading"], json!("zillions"));
    let read = StoredSummary::from_json(value).expect("reads back");
    assert_eq!(read.view().reading, Reading::Zillions);
    assert_eq!(Some(read.view()), session.summary());
    let old = json!({
        "format": 1,
        "id": "g1",
        "opponent": { "kind": "friend", "turnBoard": false },
        "result": { "kind": "win", "winner": "black", "reason": "resignation" },
        "moves": 2,
        "createdAt": 1.0,
        "endedAt": 2.0
    });
    let old = StoredSummary::from_json(old).expect("a line saved before the readings reads");
    assert_eq!(old.reading, Reading::Abbott1963);
}
