use serde_json::json;
use ultima_level::Level;
use ultima_rules::{Color, DrawReason, Outcome, Role, WinReason};

use super::*;
use crate::session::Session;

fn to_json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).expect("serialises")
}

#[test]
fn sides_roles_levels_and_results_keep_the_strings_the_ui_uses() {
    assert_eq!(to_json(&Color::White), json!("white"));
    assert_eq!(to_json(&Role::LongLeaper), json!("longLeaper"));
    assert_eq!(to_json(&Role::Immobilizer), json!("immobilizer"));
    assert_eq!(
        Level::ALL.map(|level| to_json(&level)),
        [
            "novice",
            "learner",
            "beginner",
            "improver",
            "casual",
            "steady",
            "keen",
            "solid",
            "sharp",
            "intermediate",
            "experienced",
            "strong",
            "club"
        ]
        .map(|name| json!(name))
    );
    // The app's first five levels, as games saved before the others came read them.
    for (name, level) in [
        ("novice", Level::Novice),
        ("beginner", Level::Beginner),
        ("casual", Level::Casual),
        ("intermediate", Level::Intermediate),
        ("club", Level::Club),
    ] {
        assert_eq!(
            serde_json::from_value::<Level>(json!(name)).expect("a level"),
            level
        );
    }
    assert_eq!(
        to_json(&Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMove
        }),
        json!({ "kind": "win", "winner": "black", "reason": "noLegalMove" })
    );
    assert_eq!(
        to_json(&Outcome::Draw {
            reason: DrawReason::FiftyMoves
        }),
        json!({ "kind": "draw", "reason": "fiftyMoves" })
    );
    assert_eq!(
        to_json(&Opponent::Bot {
            level: Level::Intermediate,
            bot_side: Color::Black
        }),
        json!({ "kind": "bot", "level": "intermediate", "botSide": "black" })
    );
}

#[test]
fn a_new_game_request_without_a_time_control_is_untimed() {
    let request: NewGame =
        serde_json::from_value(json!({ "kind": "bot", "level": "club", "playerSide": "random" }))
            .expect("reads as today's UI sends it");
    assert_eq!(
        request,
        NewGame::Bot {
            level: Level::Club,
            player_side: SideChoice::Random,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        }
    );
    let timed: NewGame = serde_json::from_value(json!({
        "kind": "friend",
        "turnBoard": true,
        "timeControl": { "baseMs": 180000, "incrementMs": 2000 }
    }))
    .expect("reads");
    assert!(matches!(
        timed,
        NewGame::Friend {
            time_control: Some(_),
            ..
        }
    ));
}

#[test]
fn a_new_game_request_names_its_reading_and_the_view_carries_it() {
    let request: NewGame = serde_json::from_value(json!({
        "kind": "friend",
        "turnBoard": false,
        "reading": "cambridge"
    }))
    .expect("reads");
    assert!(matches!(
        request,
        NewGame::Friend {
            reading: ultima_rules::Reading::Cambridge,
            ..
        }
    ));
    let view = to_json(&Session::new(request, "g1".into(), 0.0, true).view(0.0));
    assert_eq!(view["reading"], json!("cambridge"));
    let unknown = serde_json::from_value::<NewGame>(json!({
        "kind": "friend",
        "turnBoard": false,
        "reading": "1964"
    }));
    assert!(unknown.is_err(), "an unknown reading is refused");
}

#[test]
fn a_game_view_has_the_fields_the_ui_reads() {
    let mut session = Session::new(
        NewGame::Friend {
            turn_board: false,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        },
        "g1".into(),
        0.0,
        true,
    );
    session.play(Color::White, "e2", "e5", 1.0).expect("legal");
    let view = to_json(&session.view(1.0));
    let mut keys: Vec<&str> = view
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "board",
            "botToMove",
            "clock",
            "drawOffer",
            "evalBar",
            "id",
            "legalMoves",
            "mayAct",
            "opponent",
            "plies",
            "reading",
            "result",
            "revision",
            "takeBackRequest"
        ]
    );
    assert_eq!(
        view["plies"][0],
        json!({
            "side": "white", "role": "pawn", "from": "e2", "to": "e5",
            "captures": [], "removal": false, "mark": "none"
        })
    );
    assert_eq!(
        view["mayAct"],
        json!({
            "play": "black", "resign": "black", "offerDraw": "black",
            "answerDraw": null, "takeBack": "white", "answerTakeBack": null
        })
    );
    assert_eq!(view["board"]["turn"], json!("black"));
    assert_eq!(
        view["board"]["pieces"][0],
        json!({ "square": "a1", "side": "white", "role": "immobilizer" })
    );
}

/// The TypeScript the app's bindings will hold for these types: the rules' enums and the level
/// names export as themselves, with their serde shapes; the game's codes as `GameProblem`.
#[cfg(feature = "specta")]
#[test]
fn the_typescript_types_follow_the_serde_shapes() {
    use specta::Types;
    use specta_typescript::Typescript;

    let types = Types::default()
        .register::<GameView>()
        .register::<NewGame>()
        .register::<FinishedSummary>()
        .register::<crate::SessionError>();
    let typescript = Typescript::default()
        .export(&types, specta_serde::Format)
        .expect("exports");
    if std::env::var_os("ULTIMA_SHOW_TS").is_some() {
        println!("{typescript}");
    }
    for expected in [
        r#"export type Color = "white" | "black""#,
        r#""longLeaper""#,
        r#"export type Level = "novice" | "learner" | "beginner" | "improver" | "casual" | "steady" | "keen" | "solid" | "sharp" | "intermediate" | "experienced" | "strong" | "club""#,
        r#"kind: "win""#,
        r#"reason: WinReason"#,
        r#"botSide: Color"#,
        r#"timeControl?: TimeControl | null"#,
        r#"mark: Mark"#,
        r#"code: "frozen""#,
        r#"export type GameProblem ="#,
        r#"problem: GameProblem"#,
        r#"mayAct: MayAct"#,
    ] {
        assert!(
            typescript.contains(expected),
            "`{expected}` missing from:\n{typescript}"
        );
    }
}
