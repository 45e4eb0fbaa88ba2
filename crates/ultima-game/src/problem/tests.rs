use serde_json::json;
use ultima_rules::{Color, GameError, MoveError, Outcome, Position, Role, Square, WinReason};

use super::*;

fn square(name: &str) -> Square {
    name.parse().expect("a square")
}

fn code(problem: &Problem) -> serde_json::Value {
    serde_json::to_value(problem).expect("serialises")
}

fn refused(ufen: &str, coordinates: &str) -> Problem {
    let position = Position::from_ufen(ufen).expect("a valid position");
    let error = position
        .parse_coordinates(coordinates)
        .expect_err("an illegal move");
    Problem::from(&error)
}

#[test]
fn problems_are_codes_with_their_parameters() {
    assert_eq!(
        code(&Problem::Frozen {
            role: Role::Pawn,
            square: "d4".into()
        }),
        json!({ "code": "frozen", "role": "pawn", "square": "d4" })
    );
    assert_eq!(
        code(&Problem::NotYourPiece {
            role: Role::LongLeaper,
            square: "b8".into(),
            owner: Color::Black
        }),
        json!({ "code": "notYourPiece", "role": "longLeaper", "square": "b8", "owner": "black" })
    );
    assert_eq!(
        code(&Problem::KingRemoval),
        json!({ "code": "kingRemoval" })
    );
    assert_eq!(
        code(&Problem::LeavesKingInCheck {
            from: "e2".into(),
            to: "e5".into()
        }),
        json!({ "code": "leavesKingInCheck", "from": "e2", "to": "e5" })
    );
    assert_eq!(
        code(&Problem::TimeUp { side: Color::White }),
        json!({ "code": "timeUp", "side": "white" })
    );
    assert_eq!(
        code(&Problem::NoSuchPly { ply: 7 }),
        json!({ "code": "noSuchPly", "ply": 7 })
    );
    assert_eq!(
        code(&Problem::Storage {
            what: StorageWhat::DataFolder
        }),
        json!({ "code": "storage", "what": "dataFolder" })
    );
    assert_eq!(
        code(&Problem::TakeBackAlreadyRequested),
        json!({ "code": "takeBackAlreadyRequested" })
    );
    let error = SessionError::new(Problem::NoDrawOffer);
    assert_eq!(
        serde_json::to_value(&error).expect("json"),
        json!({ "kind": "badRequest", "problem": { "code": "noDrawOffer" } })
    );
    let read: Problem =
        serde_json::from_value(json!({ "code": "noPiece", "square": "e2" })).expect("reads back");
    assert_eq!(
        read,
        Problem::NoPiece {
            square: "e2".into()
        }
    );
}

#[test]
fn every_refusal_of_the_rules_has_its_code() {
    // Positions where each refusal happens, played through the rules.
    let start = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1";
    assert_eq!(
        refused(start, "e4e5"),
        Problem::NoPiece {
            square: "e4".into()
        }
    );
    assert_eq!(
        refused(start, "e7e5"),
        Problem::NotYourPiece {
            role: Role::Pawn,
            square: "e7".into(),
            owner: Color::Black
        }
    );
    assert_eq!(
        refused(start, "b1b3"),
        Problem::Unreachable {
            role: Role::LongLeaper,
            from: "b1".into(),
            to: "b3".into()
        }
    );
    assert_eq!(
        refused(start, "e2e2"),
        Problem::NotFrozen {
            role: Role::Pawn,
            square: "e2".into()
        }
    );
    assert_eq!(refused(start, "d1d1"), Problem::KingRemoval);
    assert_eq!(
        refused(start, "e2"),
        Problem::Malformed { text: "e2".into() }
    );
    // White's pawn on b2 is frozen by the black immobilizer on b3.
    assert_eq!(
        refused("7k/8/8/8/8/1i6/1P6/K7 w 0 1", "b2c2"),
        Problem::Frozen {
            role: Role::Pawn,
            square: "b2".into()
        }
    );
    // The white king may not step next to the black king, which would take it.
    assert_eq!(
        refused("8/8/8/8/8/k7/8/K7 w 0 1", "a1a2"),
        Problem::LeavesKingInCheck {
            from: "a1".into(),
            to: "a2".into()
        }
    );
    let position = Position::from_ufen(start).expect("start");
    let wrong_piece = position
        .parse_san("Ke2-e5")
        .expect_err("a pawn, not a king");
    assert_eq!(
        Problem::from(&wrong_piece),
        Problem::WrongPiece {
            text: "Ke2-e5".into(),
            named: Role::King,
            square: "e2".into(),
            actual: Role::Pawn
        }
    );
    let wrong_captures = position.parse_san("Pe2-e5xe6").expect_err("takes nothing");
    assert_eq!(
        Problem::from(&wrong_captures),
        Problem::WrongCaptures {
            text: "Pe2-e5xe6".into(),
            actual: Vec::new()
        }
    );
}

#[test]
fn listed_captures_and_every_role_name_come_back_structured() {
    let error = MoveError::WrongCaptures {
        text: "Pd1-d4".into(),
        actual: "c4, d5, e4".into(),
    };
    assert_eq!(
        Problem::from(&error),
        Problem::WrongCaptures {
            text: "Pd1-d4".into(),
            actual: vec!["c4".into(), "d5".into(), "e4".into()]
        }
    );
    for role in Role::ALL {
        let error = MoveError::Frozen {
            role: role.name(),
            square: square("a1"),
        };
        assert_eq!(
            Problem::from(&error),
            Problem::Frozen {
                role,
                square: "a1".into()
            }
        );
    }
}

#[test]
fn each_problem_has_its_kind() {
    let illegal = SessionError::from(MoveError::KingRemoval);
    assert_eq!(illegal.kind, ErrorKind::IllegalMove);
    let over = SessionError::from(GameError::Over(Outcome::Win {
        winner: Color::White,
        reason: WinReason::Time,
    }));
    assert_eq!(
        (over.kind, over.problem),
        (ErrorKind::GameOver, Problem::GameOver)
    );
    assert_eq!(Problem::SeatIsBot.kind(), ErrorKind::NotYourTurn);
    assert_eq!(Problem::NotCurrentGame.kind(), ErrorKind::NoGame);
    assert_eq!(Problem::BotStopped.kind(), ErrorKind::Cancelled);
    assert_eq!(Problem::BotFailed.kind(), ErrorKind::BadRequest);
    assert_eq!(
        Problem::Storage {
            what: StorageWhat::Save
        }
        .kind(),
        ErrorKind::Storage
    );
    assert_eq!(
        SessionError::new(Problem::Frozen {
            role: Role::Pawn,
            square: "d4".into()
        })
        .to_string(),
        "IllegalMove: the pawn on d4 is frozen",
        "developer text for the log"
    );
}
