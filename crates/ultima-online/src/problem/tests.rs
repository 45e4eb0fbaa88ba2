use serde_json::json;
use ultima_game::{ErrorKind, Problem};
use ultima_protocol::ErrorCode;

use super::*;

fn code(problem: &OnlineProblem) -> serde_json::Value {
    serde_json::to_value(problem).expect("serialises")
}

/// The JSON the app's UI reads (`ui/src/problems.ts` words each code), as before the codes
/// left the game core.
#[test]
fn online_codes_keep_their_json() {
    let cases = [
        (
            OnlineProblem::BadServerAddress {
                address: "ws:/x".into(),
            },
            json!({ "code": "badServerAddress", "address": "ws:/x" }),
        ),
        (OnlineProblem::NoServer, json!({ "code": "noServer" })),
        (
            OnlineProblem::ServerUnreachable {
                address: "ws://10.0.0.2:7070".into(),
            },
            json!({ "code": "serverUnreachable", "address": "ws://10.0.0.2:7070" }),
        ),
        (
            OnlineProblem::ServerCertificate {
                address: "wss://club.example.org".into(),
            },
            json!({ "code": "serverCertificate", "address": "wss://club.example.org" }),
        ),
        (
            OnlineProblem::SecureConnectionFailed {
                address: "wss://club.example.org".into(),
            },
            json!({ "code": "secureConnectionFailed", "address": "wss://club.example.org" }),
        ),
        (
            OnlineProblem::ServerVersion {
                found: 2,
                expected: 1,
            },
            json!({ "code": "serverVersion", "found": 2, "expected": 1 }),
        ),
        (
            OnlineProblem::ServerBroken,
            json!({ "code": "serverBroken" }),
        ),
        (
            OnlineProblem::ServerUnavailable,
            json!({ "code": "serverUnavailable" }),
        ),
        (OnlineProblem::Offline, json!({ "code": "offline" })),
        (OnlineProblem::BadInvite, json!({ "code": "badInvite" })),
        (
            OnlineProblem::NoSuchInvite,
            json!({ "code": "noSuchInvite" }),
        ),
        (
            OnlineProblem::UnknownOnlineGame,
            json!({ "code": "unknownOnlineGame" }),
        ),
        (
            OnlineProblem::TooManyTries {
                retry_after_ms: 1500,
            },
            json!({ "code": "tooManyTries", "retryAfterMs": 1500 }),
        ),
        (
            OnlineProblem::WaitingForOpponent,
            json!({ "code": "waitingForOpponent" }),
        ),
        (
            OnlineProblem::NotClaimable { in_ms: Some(900) },
            json!({ "code": "notClaimable", "inMs": 900 }),
        ),
        (
            OnlineProblem::NotClaimable { in_ms: None },
            json!({ "code": "notClaimable", "inMs": null }),
        ),
        (OnlineProblem::NoRematch, json!({ "code": "noRematch" })),
        (
            OnlineProblem::NoOnlineGame,
            json!({ "code": "noOnlineGame" }),
        ),
        (
            OnlineProblem::HostFailed { port: 7070 },
            json!({ "code": "hostFailed", "port": 7070 }),
        ),
    ];
    for (problem, expected) in cases {
        assert_eq!(code(&problem), expected);
        let read: OnlineProblem = serde_json::from_value(expected).expect("reads back");
        assert_eq!(read, problem);
    }
}

#[test]
fn each_online_code_has_its_kind() {
    assert_eq!(OnlineProblem::NoServer.kind(), ErrorKind::BadRequest);
    assert_eq!(OnlineProblem::NoOnlineGame.kind(), ErrorKind::NoGame);
    assert_eq!(OnlineProblem::UnknownOnlineGame.kind(), ErrorKind::NoGame);
    assert_eq!(OnlineProblem::Offline.kind(), ErrorKind::Network);
    assert_eq!(
        OnlineProblem::HostFailed { port: 1 }.kind(),
        ErrorKind::Network
    );
    assert_eq!(
        OnlineProblem::ServerCertificate {
            address: "wss://x".into()
        }
        .kind(),
        ErrorKind::Network
    );
}

#[test]
fn the_servers_refusals_become_the_codes_the_app_words() {
    assert_eq!(
        problem_of(&ErrorCode::Refused {
            problem: Problem::NotYourTurn
        }),
        OnlineFailure::Game(Problem::NotYourTurn)
    );
    assert_eq!(
        problem_of(&ErrorCode::StaleMove { expected_ply: 4 }),
        OnlineFailure::GameChanged
    );
    assert_eq!(
        problem_of(&ErrorCode::InviteExpired),
        OnlineFailure::Online(OnlineProblem::NoSuchInvite)
    );
    assert_eq!(
        problem_of(&ErrorCode::JoinRateLimited {
            retry_after_ms: u64::MAX
        }),
        OnlineFailure::Online(OnlineProblem::TooManyTries {
            retry_after_ms: u32::MAX
        })
    );
    assert_eq!(
        problem_of(&ErrorCode::NotSeated),
        OnlineFailure::Online(OnlineProblem::ServerBroken)
    );
    assert_eq!(
        OnlineError::Closed.problem(),
        OnlineFailure::Online(OnlineProblem::Offline)
    );
    assert_eq!(
        OnlineError::Protocol {
            found: 3,
            expected: 1
        }
        .problem(),
        OnlineFailure::Online(OnlineProblem::ServerVersion {
            found: 3,
            expected: 1
        })
    );
    assert_eq!(
        OnlineError::Certificate {
            address: "wss://club.example.org".into(),
            reason: "its certificate has expired".into(),
        }
        .problem(),
        OnlineFailure::Online(OnlineProblem::ServerCertificate {
            address: "wss://club.example.org".into()
        })
    );
    assert_eq!(
        OnlineError::Tls {
            address: "wss://club.example.org".into(),
            reason: "received corrupt message".into(),
        }
        .problem(),
        OnlineFailure::Online(OnlineProblem::SecureConnectionFailed {
            address: "wss://club.example.org".into()
        })
    );
}
