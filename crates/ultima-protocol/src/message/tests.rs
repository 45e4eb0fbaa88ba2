use serde_json::{json, Value};
use ultima_game::{ClockView, Problem};
use ultima_rules::{Color, DrawReason, Outcome, WinReason};

use super::*;

fn every_client_message() -> Vec<ClientMessage> {
    vec![
        ClientMessage::Create {
            color: ColorChoice::Random,
            clock: Some(ClockSetting {
                base_ms: 300_000,
                increment_ms: 5_000,
            }),
            correspondence: None,
            reading: ultima_rules::Reading::Abbott1963,
        },
        ClientMessage::Create {
            color: ColorChoice::White,
            clock: None,
            correspondence: None,
            reading: ultima_rules::Reading::Abbott1963,
        },
        ClientMessage::Create {
            color: ColorChoice::Black,
            clock: None,
            correspondence: Some(Correspondence { days_per_move: 3 }),
            reading: ultima_rules::Reading::Cambridge,
        },
        ClientMessage::Join {
            invite: "HKDW-MPRT-CAXE-FGNJ".into(),
        },
        ClientMessage::Resume {
            game: "g1".into(),
            token: "00ff".into(),
        },
        ClientMessage::Move {
            ply: 0,
            mv: "e2e6".into(),
        },
        ClientMessage::Resign {},
        ClientMessage::OfferDraw {},
        ClientMessage::AcceptDraw {},
        ClientMessage::DeclineDraw {},
        ClientMessage::RequestTakeBack {},
        ClientMessage::AcceptTakeBack {},
        ClientMessage::DeclineTakeBack {},
        ClientMessage::ClaimWin {},
        ClientMessage::OfferRematch {},
        ClientMessage::DeclineRematch {},
        ClientMessage::Ping {},
    ]
}

fn a_state() -> GameState {
    GameState {
        game: "g1".into(),
        you: Color::Black,
        invite: None,
        moves: vec!["e2e6".into(), "e7e3".into()],
        clock: Some(ClockView {
            white_ms: 299_000.0,
            black_ms: 300_000.0,
            running: Some(Color::White),
            base_ms: 300_000,
            increment_ms: 5_000,
            days_per_move: None,
        }),
        draw_offer: Some(Color::White),
        take_back_request: None,
        rematch_offer: None,
        result: None,
        opponent: Presence::Disconnected,
        claim_win_in_ms: Some(12_000),
        rematch: None,
        revision: 3,
        reading: ultima_rules::Reading::Abbott1963,
    }
}

fn every_server_message() -> Vec<ServerMessage> {
    let errors = vec![
        ErrorCode::BadMessage {
            detail: "unknown field `x`".into(),
        },
        ErrorCode::FrameTooLarge { limit_bytes: 1024 },
        ErrorCode::RateLimited {
            retry_after_ms: 200,
        },
        ErrorCode::JoinRateLimited {
            retry_after_ms: 5_000,
        },
        ErrorCode::CreateRateLimited {
            retry_after_ms: 30_000,
        },
        ErrorCode::BadClock {
            max_base_ms: MAX_BASE_MS,
            max_increment_ms: MAX_INCREMENT_MS,
        },
        ErrorCode::BadCorrespondence {
            allowed_days: CORRESPONDENCE_DAYS.to_vec(),
        },
        ErrorCode::BadInvite,
        ErrorCode::NoSuchInvite,
        ErrorCode::InviteExpired,
        ErrorCode::BadToken,
        ErrorCode::GameExpired,
        ErrorCode::NotSeated,
        ErrorCode::AlreadySeated,
        ErrorCode::WaitingForOpponent,
        ErrorCode::StaleMove { expected_ply: 4 },
        ErrorCode::Refused {
            problem: Problem::NotYourTurn,
        },
        ErrorCode::NotClaimable { in_ms: Some(1_000) },
        ErrorCode::NotClaimable { in_ms: None },
        ErrorCode::NoRematch,
        ErrorCode::Unavailable,
    ];
    let mut messages = vec![
        ServerMessage::Hello {
            protocol: PROTOCOL_VERSION,
        },
        ServerMessage::Seated {
            game: "g1".into(),
            color: Color::White,
            token: "00ff".into(),
            invite: Some("HKDW-MPRT-CAXE-FGNJ".into()),
        },
        ServerMessage::State(a_state()),
        ServerMessage::Moved {
            ply: 2,
            mv: "d2d4".into(),
            revision: 4,
            clock: None,
            result: Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Checkmate,
            }),
        },
        ServerMessage::Pong {},
    ];
    messages.extend(errors.into_iter().map(ServerMessage::error));
    messages
}

#[test]
fn every_client_message_reads_back_as_itself() {
    for message in every_client_message() {
        let text = message.encode();
        assert_eq!(ClientMessage::decode(&text).ok(), Some(message), "{text}");
    }
}

#[test]
fn every_server_message_reads_back_as_itself() {
    for message in every_server_message() {
        let text = message.encode();
        assert_eq!(ServerMessage::decode(&text).ok(), Some(message), "{text}");
    }
}

#[test]
fn messages_are_tagged_camel_case_json() {
    let create = ClientMessage::Create {
        color: ColorChoice::Black,
        clock: Some(ClockSetting {
            base_ms: 60_000,
            increment_ms: 0,
        }),
        correspondence: None,
        reading: ultima_rules::Reading::Abbott1963,
    };
    assert_eq!(
        serde_json::to_value(&create).ok(),
        Some(
            json!({"type": "create", "color": "black", "clock": {"baseMs": 60000, "incrementMs": 0}})
        )
    );
    let mv = ClientMessage::Move {
        ply: 3,
        mv: "d4d4".into(),
    };
    assert_eq!(
        serde_json::to_value(&mv).ok(),
        Some(json!({"type": "move", "ply": 3, "move": "d4d4"}))
    );
    assert_eq!(
        serde_json::to_value(ClientMessage::OfferDraw {}).ok(),
        Some(json!({"type": "offerDraw"}))
    );
    let refused = ServerMessage::error(ErrorCode::Refused {
        problem: Problem::NoPiece {
            square: "d4".into(),
        },
    });
    assert_eq!(
        serde_json::to_value(&refused).ok(),
        Some(
            json!({"type": "error", "error": {"code": "refused", "problem": {"code": "noPiece", "square": "d4"}}})
        )
    );
    let state = serde_json::to_value(ServerMessage::State(a_state())).unwrap_or_default();
    assert_eq!(state["type"], "state");
    assert_eq!(state["claimWinInMs"], 12_000);
    assert_eq!(state["opponent"], "disconnected");
}

#[test]
fn unknown_fields_types_and_missing_fields_are_refused() {
    let refused = [
        // An unknown field, on a message with fields and on one without.
        r#"{"type": "move", "ply": 0, "move": "e2e6", "token": "x"}"#,
        r#"{"type": "resign", "seat": "white"}"#,
        r#"{"type": "ping", "id": 1}"#,
        // An unknown field inside the clock.
        r#"{"type": "create", "color": "white", "clock": {"baseMs": 1, "incrementMs": 0, "delayMs": 5}}"#,
        // A missing field.
        r#"{"type": "create", "clock": null}"#,
        r#"{"type": "move", "move": "e2e6"}"#,
        // Unknown type, no type, a wrong kind of value, a wrong side.
        r#"{"type": "teleport"}"#,
        r#"{"ply": 0, "move": "e2e6"}"#,
        r#"{"type": "move", "ply": "0", "move": "e2e6"}"#,
        r#"{"type": "move", "ply": -1, "move": "e2e6"}"#,
        r#"{"type": "create", "color": "purple", "clock": null}"#,
        // Not an object; not JSON.
        r#"["move", 0, "e2e6"]"#,
        r#"{"type": "create", "color": "white", "clock": [60000, 0]}"#,
        "null",
        "",
        "{\"type\": \"move\"",
        "\u{0}\u{1}garbage",
    ];
    for text in refused {
        assert!(ClientMessage::decode(text).is_err(), "accepted: {text}");
    }
    // Server messages are read as strictly by clients.
    assert!(ServerMessage::decode(r#"{"type": "pong", "extra": true}"#).is_err());
    assert!(ServerMessage::decode(r#"{"type": "hello", "protocol": 1, "x": 0}"#).is_err());
    let mut state = serde_json::to_value(ServerMessage::State(a_state())).unwrap_or_default();
    state["surprise"] = json!(1);
    assert!(ServerMessage::decode(&state.to_string()).is_err());
}

#[test]
fn a_clock_left_out_is_untimed() {
    assert_eq!(
        ClientMessage::decode(r#"{"type": "create", "color": "white"}"#).ok(),
        Some(ClientMessage::Create {
            color: ColorChoice::White,
            clock: None,
            correspondence: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
    );
}

#[test]
fn correspondence_is_days_per_move_and_left_out_when_not_asked() {
    // An older client's create (no `correspondence`) reads as before, and a new client's clock
    // game is written exactly as before.
    let old = r#"{"type":"create","color":"black","clock":{"baseMs":60000,"incrementMs":0}}"#;
    let read = ClientMessage::decode(old).ok();
    assert_eq!(
        read,
        Some(ClientMessage::Create {
            color: ColorChoice::Black,
            clock: Some(ClockSetting {
                base_ms: 60_000,
                increment_ms: 0,
            }),
            correspondence: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
    );
    assert_eq!(read.map(|message| message.encode()).as_deref(), Some(old));
    let daily = ClientMessage::Create {
        color: ColorChoice::Random,
        clock: None,
        correspondence: Some(Correspondence { days_per_move: 7 }),
        reading: ultima_rules::Reading::Abbott1963,
    };
    assert_eq!(
        serde_json::to_value(&daily).ok(),
        Some(json!({
            "type": "create",
            "color": "random",
            "clock": null,
            "correspondence": {"daysPerMove": 7}
        }))
    );
    assert!(ClientMessage::decode(
        r#"{"type":"create","color":"white","correspondence":{"daysPerMove":3,"hours":1}}"#
    )
    .is_err());
    let valid: Vec<u8> = (0..=20)
        .filter(|&days_per_move| Correspondence { days_per_move }.is_valid())
        .collect();
    assert_eq!(valid, CORRESPONDENCE_DAYS);
    assert_eq!(
        Correspondence { days_per_move: 2 }.per_move_ms(),
        172_800_000
    );
}

#[test]
fn a_correspondence_clock_reads_with_its_days_and_a_clock_without() {
    let mut state = a_state();
    let text = ServerMessage::State(state.clone()).encode();
    assert!(!text.contains("daysPerMove"), "{text}");
    state.clock = Some(ClockView {
        white_ms: 86_000_000.0,
        black_ms: 86_400_000.0,
        running: Some(Color::White),
        base_ms: 86_400_000,
        increment_ms: 0,
        days_per_move: Some(1),
    });
    let text = ServerMessage::State(state.clone()).encode();
    assert!(text.contains(r#""daysPerMove":1"#), "{text}");
    assert_eq!(
        ServerMessage::decode(&text).ok(),
        Some(ServerMessage::State(state))
    );
}

#[test]
fn clock_bounds() {
    let clock = |base_ms, increment_ms| ClockSetting {
        base_ms,
        increment_ms,
    };
    assert!(clock(1, 0).is_valid());
    assert!(clock(MAX_BASE_MS, MAX_INCREMENT_MS).is_valid());
    assert!(!clock(0, 5_000).is_valid());
    assert!(!clock(MAX_BASE_MS + 1, 0).is_valid());
    assert!(!clock(60_000, MAX_INCREMENT_MS + 1).is_valid());
}

/// The JSON blocks of `PROTOCOL.md` fenced as ```` ```json client ```` and
/// ```` ```json server ````.
fn documented_examples() -> Vec<(String, String)> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ultima-server/PROTOCOL.md"
    ));
    let mut examples = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        match (&mut current, line.trim_end()) {
            (None, fence) if fence.starts_with("```json ") => {
                current = Some((fence["```json ".len()..].to_string(), String::new()));
            }
            (Some(_), "```") => examples.extend(current.take()),
            (Some((_, body)), line) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, _) => {}
        }
    }
    examples
}

fn tag(value: &Value, key: &str) -> String {
    value[key].as_str().unwrap_or_default().to_string()
}

#[test]
fn every_example_in_protocol_md_reads_and_every_message_has_one() {
    let examples = documented_examples();
    let mut client_types = std::collections::BTreeSet::new();
    let mut server_types = std::collections::BTreeSet::new();
    let mut error_codes = std::collections::BTreeSet::new();
    for (direction, body) in &examples {
        let written: Value = match serde_json::from_str(body) {
            Ok(value) => value,
            Err(error) => panic!("not JSON ({error}): {body}"),
        };
        let reread = match direction.as_str() {
            "client" => {
                let message = ClientMessage::decode(body);
                assert!(message.is_ok(), "{message:?}: {body}");
                client_types.insert(tag(&written, "type"));
                message
                    .ok()
                    .map(|m| serde_json::to_value(m).unwrap_or_default())
            }
            "server" => {
                let message = ServerMessage::decode(body);
                assert!(message.is_ok(), "{message:?}: {body}");
                server_types.insert(tag(&written, "type"));
                if written["type"] == "error" {
                    error_codes.insert(tag(&written["error"], "code"));
                }
                message
                    .ok()
                    .map(|m| serde_json::to_value(m).unwrap_or_default())
            }
            other => panic!("a ```json block is `client` or `server`, not `{other}`"),
        };
        assert_eq!(reread.as_ref(), Some(&written), "as written: {body}");
    }
    let names = |values: Vec<Value>, key: &str| -> std::collections::BTreeSet<String> {
        values.iter().map(|value| tag(value, key)).collect()
    };
    let all_client = names(
        every_client_message()
            .iter()
            .map(|m| serde_json::to_value(m).unwrap_or_default())
            .collect(),
        "type",
    );
    let all_server = names(
        every_server_message()
            .iter()
            .map(|m| serde_json::to_value(m).unwrap_or_default())
            .collect(),
        "type",
    );
    let all_errors: std::collections::BTreeSet<String> = every_server_message()
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Error { error } => Some(tag(
                &serde_json::to_value(error).unwrap_or_default(),
                "code",
            )),
            _ => None,
        })
        .collect();
    assert_eq!(client_types, all_client, "client messages in PROTOCOL.md");
    assert_eq!(server_types, all_server, "server messages in PROTOCOL.md");
    assert_eq!(error_codes, all_errors, "error codes in PROTOCOL.md");
}

#[test]
fn outcomes_are_the_rules_own_shapes() {
    let draw = Outcome::Draw {
        reason: DrawReason::Agreement,
    };
    assert_eq!(
        serde_json::to_value(draw).ok(),
        Some(json!({"kind": "draw", "reason": "agreement"}))
    );
}

/// The reading travels in `create` and in the state, and is left out for 1963: an older
/// client's `create` (no field) is a 1963 game, and an older client never meets the field in a
/// 1963 game's state.
#[test]
fn the_reading_is_written_only_when_it_is_not_1963() {
    use ultima_rules::Reading;
    let create = |reading| ClientMessage::Create {
        color: ColorChoice::White,
        clock: None,
        correspondence: None,
        reading,
    };
    let text = serde_json::to_string(&create(Reading::Zillions)).expect("writes");
    assert!(text.contains(r#""reading":"zillions""#), "{text}");
    let text = serde_json::to_string(&create(Reading::Abbott1963)).expect("writes");
    assert!(!text.contains("reading"), "{text}");
    assert_eq!(
        ClientMessage::decode(r#"{"type":"create","color":"white","clock":null}"#).expect("reads"),
        create(Reading::Abbott1963)
    );
    assert_eq!(
        ClientMessage::decode(r#"{"type":"create","color":"white","clock":null,"reading":"1962"}"#)
            .expect("reads"),
        create(Reading::Abbott1962)
    );
    assert!(ClientMessage::decode(
        r#"{"type":"create","color":"white","clock":null,"reading":"chess"}"#
    )
    .is_err());
    let mut state = a_state();
    let text = serde_json::to_string(&ServerMessage::State(state.clone())).expect("writes");
    assert!(!text.contains("reading"), "{text}");
    state.reading = Reading::Cambridge;
    let text = serde_json::to_string(&ServerMessage::State(state.clone())).expect("writes");
    assert!(text.contains(r#""reading":"cambridge""#), "{text}");
    let back: ServerMessage = serde_json::from_str(&text).expect("reads back");
    assert_eq!(back, ServerMessage::State(state));
}
