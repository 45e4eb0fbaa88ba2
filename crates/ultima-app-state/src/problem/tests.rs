use serde_json::json;
use ultima_rules::Role;

use super::*;
use crate::error::AppError;

/// One code of each of every layer's variants, with the JSON the UI reads
/// (`ui/src/problems.ts` words each code): the JSON each code had when every code was the game
/// core's.
fn every_layers_codes() -> Vec<(Problem, serde_json::Value)> {
    vec![
        (
            GameProblem::Frozen {
                role: Role::Pawn,
                square: "d4".into(),
                by: vec![ultima_game::Freezer {
                    role: Role::Immobilizer,
                    square: "d5".into(),
                }],
                removable: true,
            }
            .into(),
            json!({
                "code": "frozen", "role": "pawn", "square": "d4",
                "by": [{ "role": "immobilizer", "square": "d5" }], "removable": true
            }),
        ),
        (
            GameProblem::KingRemoval.into(),
            json!({ "code": "kingRemoval" }),
        ),
        (
            GameProblem::NoSuchPly { ply: 7 }.into(),
            json!({ "code": "noSuchPly", "ply": 7 }),
        ),
        (AppProblem::NoGame.into(), json!({ "code": "noGame" })),
        (
            AppProblem::NotCurrentGame.into(),
            json!({ "code": "notCurrentGame" }),
        ),
        (
            AppProblem::NotFinished.into(),
            json!({ "code": "notFinished" }),
        ),
        (AppProblem::NoBot.into(), json!({ "code": "noBot" })),
        (
            AppProblem::BotStopped.into(),
            json!({ "code": "botStopped" }),
        ),
        (
            AppProblem::GameChanged.into(),
            json!({ "code": "gameChanged" }),
        ),
        (AppProblem::BotFailed.into(), json!({ "code": "botFailed" })),
        (
            AppProblem::Storage {
                what: StorageWhat::DataFolder,
            }
            .into(),
            json!({ "code": "storage", "what": "dataFolder" }),
        ),
        (
            AppProblem::Storage {
                what: StorageWhat::StateDamaged,
            }
            .into(),
            json!({ "code": "storage", "what": "stateDamaged" }),
        ),
        (
            CourseProblem::NoSuchTask {
                task: "nowhere-1".into(),
            }
            .into(),
            json!({ "code": "noSuchTask", "task": "nowhere-1" }),
        ),
        (
            CourseProblem::NotOpenTask {
                task: "board-1".into(),
            }
            .into(),
            json!({ "code": "notOpenTask", "task": "board-1" }),
        ),
        (
            CourseProblem::CourseUnavailable.into(),
            json!({ "code": "courseUnavailable" }),
        ),
        (
            PuzzleProblem::NoSuchPuzzle {
                puzzle: "line0".into(),
            }
            .into(),
            json!({ "code": "noSuchPuzzle", "puzzle": "line0" }),
        ),
        (
            PuzzleProblem::NotOpenPuzzle {
                puzzle: "line0".into(),
            }
            .into(),
            json!({ "code": "notOpenPuzzle", "puzzle": "line0" }),
        ),
        (
            PuzzleProblem::NoPuzzleLeft.into(),
            json!({ "code": "noPuzzleLeft" }),
        ),
        (
            PuzzleProblem::UnknownTheme {
                theme: "fork".into(),
            }
            .into(),
            json!({ "code": "unknownTheme", "theme": "fork" }),
        ),
        (
            PuzzleProblem::PuzzlesUnavailable.into(),
            json!({ "code": "puzzlesUnavailable" }),
        ),
        (
            OnlineProblem::TooManyTries {
                retry_after_ms: 1500,
            }
            .into(),
            json!({ "code": "tooManyTries", "retryAfterMs": 1500 }),
        ),
        (
            OnlineProblem::NoOnlineGame.into(),
            json!({ "code": "noOnlineGame" }),
        ),
    ]
}

#[test]
fn each_layers_code_crosses_as_its_own_json() {
    for (problem, expected) in every_layers_codes() {
        assert_eq!(
            serde_json::to_value(&problem).expect("serialises"),
            expected
        );
        // No two layers share a code: each reads back as the layer's that wrote it.
        let read: Problem = serde_json::from_value(expected).expect("reads back");
        assert_eq!(read, problem);
    }
    // Byte for byte, as the UI receives it: the layer's code first, no wrapper.
    assert_eq!(
        serde_json::to_string(&AppError::new(AppProblem::NoGame)).expect("json"),
        r#"{"kind":"noGame","problem":{"code":"noGame"}}"#
    );
    assert_eq!(
        serde_json::to_string(&AppError::new(GameProblem::NoPiece {
            square: "e2".into()
        }))
        .expect("json"),
        r#"{"kind":"illegalMove","problem":{"code":"noPiece","square":"e2"}}"#
    );
}

#[test]
fn each_code_has_its_kind() {
    let kinds = [
        (Problem::from(AppProblem::NotCurrentGame), ErrorKind::NoGame),
        (AppProblem::BotStopped.into(), ErrorKind::Cancelled),
        (AppProblem::GameChanged.into(), ErrorKind::Cancelled),
        // A failed bot is shown, not passed over in silence as a cancelled search is.
        (AppProblem::BotFailed.into(), ErrorKind::BadRequest),
        (
            AppProblem::Storage {
                what: StorageWhat::Save,
            }
            .into(),
            ErrorKind::Storage,
        ),
        (
            CourseProblem::NotOpenTask { task: "t".into() }.into(),
            ErrorKind::NoGame,
        ),
        (CourseProblem::CourseUnavailable.into(), ErrorKind::Storage),
        (PuzzleProblem::NoPuzzleLeft.into(), ErrorKind::BadRequest),
        (
            PuzzleProblem::NotOpenPuzzle { puzzle: "p".into() }.into(),
            ErrorKind::NoGame,
        ),
        (PuzzleProblem::PuzzlesUnavailable.into(), ErrorKind::Storage),
        (OnlineProblem::Offline.into(), ErrorKind::Network),
        (GameProblem::SeatIsBot.into(), ErrorKind::NotYourTurn),
    ];
    for (problem, kind) in kinds {
        assert_eq!(problem.kind(), kind, "{problem:?}");
        assert_eq!(AppError::new(problem).kind, kind);
    }
    assert!(AppError::new(AppProblem::BotStopped).is_cancelled());
}

#[test]
fn online_failures_become_the_layers_codes() {
    assert_eq!(
        Problem::from(OnlineFailure::GameChanged),
        AppProblem::GameChanged
    );
    assert_eq!(
        Problem::from(OnlineFailure::Game(GameProblem::NotYourTurn)),
        GameProblem::NotYourTurn
    );
    assert_eq!(
        Problem::from(OnlineFailure::Online(OnlineProblem::Offline)),
        OnlineProblem::Offline
    );
    assert_ne!(Problem::from(AppProblem::NoGame), AppProblem::NoBot);
    assert_ne!(
        Problem::from(AppProblem::NoGame),
        OnlineProblem::NoOnlineGame
    );
}
