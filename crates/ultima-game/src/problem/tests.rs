use serde_json::json;
use ultima_rules::{
    CaptureWay, Color, GameError, IllegalReason, MoveError, Movement, Obstacle, Outcome, Position,
    Reading, Role, Square, WinReason,
};

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
            square: "d4".into(),
            by: vec![Freezer {
                role: Role::Immobilizer,
                square: "d5".into()
            }],
            removable: true,
        }),
        json!({
            "code": "frozen", "role": "pawn", "square": "d4",
            "by": [{ "role": "immobilizer", "square": "d5" }], "removable": true
        })
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
            role: Role::Withdrawer,
            from: "d1".into(),
            to: "d2".into(),
            king: "e1".into(),
            was_in_check: false,
            checks: vec![CheckBy {
                role: Role::LongLeaper,
                square: "a1".into(),
                way: CaptureWay::Leap,
                landing: "f1".into(),
                partner: None
            }]
        }),
        json!({
            "code": "leavesKingInCheck", "role": "withdrawer", "from": "d1", "to": "d2",
            "king": "e1", "wasInCheck": false,
            "checks": [{
                "role": "longLeaper", "square": "a1", "way": "leap", "landing": "f1",
                "partner": null
            }]
        })
    );
    assert_eq!(
        code(&Problem::PathBlocked {
            role: Role::LongLeaper,
            from: "a1".into(),
            to: "f1".into(),
            at: "c1".into(),
            blocker: Role::Pawn,
            blocker_owner: Color::Black,
            obstacle: Obstacle::TwoInARow,
            behind: Some("d1".into())
        }),
        json!({
            "code": "pathBlocked", "role": "longLeaper", "from": "a1", "to": "f1", "at": "c1",
            "blocker": "pawn", "blockerOwner": "black", "obstacle": "twoInARow", "behind": "d1"
        })
    );
    assert_eq!(
        code(&Problem::Occupied {
            role: Role::King,
            from: "d1".into(),
            to: "d2".into(),
            occupant: Role::Pawn,
            occupant_owner: Color::White
        }),
        json!({
            "code": "occupied", "role": "king", "from": "d1", "to": "d2",
            "occupant": "pawn", "occupantOwner": "white"
        })
    );
    assert_eq!(
        code(&Problem::NotThatWay {
            role: Role::Pawn,
            from: "a2".into(),
            to: "b3".into(),
            movement: Movement::RankOrFile
        }),
        json!({
            "code": "notThatWay", "role": "pawn", "from": "a2", "to": "b3",
            "movement": "rankOrFile"
        })
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
    // The long leaper on b1 never leaps its own pawn on b2.
    assert_eq!(
        refused(start, "b1b3"),
        Problem::PathBlocked {
            role: Role::LongLeaper,
            from: "b1".into(),
            to: "b3".into(),
            at: "b2".into(),
            blocker: Role::Pawn,
            blocker_owner: Color::White,
            obstacle: Obstacle::OwnPiece,
            behind: None
        }
    );
    // Two black pawns in a row: the long leaper cannot leap them.
    assert_eq!(
        refused("K6k/8/8/8/8/8/8/L1pp4 w 0 1", "a1f1"),
        Problem::PathBlocked {
            role: Role::LongLeaper,
            from: "a1".into(),
            to: "f1".into(),
            at: "c1".into(),
            blocker: Role::Pawn,
            blocker_owner: Color::Black,
            obstacle: Obstacle::TwoInARow,
            behind: Some("d1".into())
        }
    );
    assert_eq!(
        refused(start, "d1d2"),
        Problem::Occupied {
            role: Role::King,
            from: "d1".into(),
            to: "d2".into(),
            occupant: Role::Pawn,
            occupant_owner: Color::White
        }
    );
    assert_eq!(
        refused(start, "e2f3"),
        Problem::NotThatWay {
            role: Role::Pawn,
            from: "e2".into(),
            to: "f3".into(),
            movement: Movement::RankOrFile
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
            square: "b2".into(),
            by: vec![Freezer {
                role: Role::Immobilizer,
                square: "b3".into()
            }],
            removable: true,
        }
    );
    // The white king may not step next to the black king, which would take it.
    assert_eq!(
        refused("8/8/8/8/8/k7/8/K7 w 0 1", "a1a2"),
        Problem::LeavesKingInCheck {
            role: Role::King,
            from: "a1".into(),
            to: "a2".into(),
            king: "a2".into(),
            was_in_check: false,
            checks: vec![CheckBy {
                role: Role::King,
                square: "a3".into(),
                way: CaptureWay::KingStep,
                landing: "a2".into(),
                partner: None
            }]
        }
    );
    // The black pawn on a3 would land on e3 to pinch the king on e4 against e5.
    assert_eq!(
        refused("7k/8/8/4p3/4K3/p3W3/8/8 w 0 1", "e3e2"),
        Problem::LeavesKingInCheck {
            role: Role::Withdrawer,
            from: "e3".into(),
            to: "e2".into(),
            king: "e4".into(),
            was_in_check: false,
            checks: vec![CheckBy {
                role: Role::Pawn,
                square: "a3".into(),
                way: CaptureWay::Pinch,
                landing: "e3".into(),
                partner: Some("e5".into())
            }]
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
        let error = MoveError::WrongPiece {
            text: "a1a2".into(),
            named: role.name(),
            square: square("a1"),
            actual: role.name(),
        };
        assert_eq!(
            Problem::from(&error),
            Problem::WrongPiece {
                text: "a1a2".into(),
                named: role,
                square: "a1".into(),
                actual: role
            }
        );
    }
}

#[test]
fn each_problem_has_its_kind() {
    let illegal = SessionError::from(MoveError::Illegal(IllegalReason::KingRemoval {
        square: square("e1"),
    }));
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
    assert_eq!(Problem::NoSuchPly { ply: 3 }.kind(), ErrorKind::BadRequest);
    assert_eq!(
        SessionError::new(Problem::Frozen {
            role: Role::Pawn,
            square: "d4".into(),
            by: vec![Freezer {
                role: Role::Immobilizer,
                square: "d5".into()
            }],
            removable: true,
        })
        .to_string(),
        "IllegalMove: Frozen { role: Pawn, square: \"d4\", by: [Freezer { role: Immobilizer, \
         square: \"d5\" }], removable: true }",
        "developer text for the log: the kind and the code"
    );
}

#[test]
fn the_other_readings_refusals_have_their_codes() {
    // Cambridge: the pawn on d4 is frozen by the immobilizer on d5, and there is no removal.
    let problem = refused("7k/8/8/3i4/3P4/8/8/K7 w 0 1 cambridge", "d4d4");
    assert_eq!(
        problem,
        Problem::NoRemoval {
            role: Role::Pawn,
            square: "d4".into(),
            reading: Reading::Cambridge,
            by: vec![Freezer {
                role: Role::Immobilizer,
                square: "d5".into()
            }],
        }
    );
    assert_eq!(problem.kind(), ErrorKind::IllegalMove);
    assert_eq!(
        code(&problem),
        json!({
            "code": "noRemoval",
            "role": "pawn",
            "square": "d4",
            "reading": "cambridge",
            "by": [{ "role": "immobilizer", "square": "d5" }]
        })
    );
    // Cambridge: a free piece named twice: no piece is ever removed by those rules.
    let problem = refused("7k/8/8/8/3W4/8/8/K7 w 0 1 cambridge", "d4d4");
    assert_eq!(
        problem,
        Problem::RemovalNotInReading {
            role: Role::Withdrawer,
            square: "d4".into(),
            reading: Reading::Cambridge,
        }
    );
    assert_eq!(problem.kind(), ErrorKind::IllegalMove);
    assert_eq!(
        code(&problem),
        json!({ "code": "removalNotInReading", "role": "withdrawer", "square": "d4", "reading": "cambridge" })
    );
    // Zillions: White's king has been taken, so no move follows.
    let problem = refused("7k/8/8/8/8/8/8/P7 w 0 1 zillions", "a1a2");
    assert_eq!(
        problem,
        Problem::KingTaken {
            winner: Color::Black
        }
    );
    assert_eq!(problem.kind(), ErrorKind::GameOver);
    assert_eq!(
        code(&problem),
        json!({ "code": "kingTaken", "winner": "black" })
    );
}
