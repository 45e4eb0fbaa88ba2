use ultima_protocol::{ClockSetting, ColorChoice};
use ultima_rules::Color;

use super::*;

fn hello() -> String {
    ServerMessage::Hello {
        protocol: PROTOCOL_VERSION,
    }
    .encode()
}

fn seated(game: &str, token: &str, invite: Option<&str>) -> String {
    ServerMessage::Seated {
        game: game.into(),
        color: Color::White,
        token: token.into(),
        invite: invite.map(str::to_string),
    }
    .encode()
}

fn create() -> Seat {
    Seat::Create {
        color: ColorChoice::White,
        clock: Some(ClockSetting {
            base_ms: 300_000,
            increment_ms: 2_000,
        }),
        correspondence: None,
        reading: ultima_rules::Reading::Abbott1963,
    }
}

fn credentials(game: &str, token: &str) -> Credentials {
    Credentials {
        game: game.into(),
        color: Color::White,
        token: token.into(),
    }
}

fn sent(effects: &[Effect]) -> Vec<ClientMessage> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Send(text) => Some(ClientMessage::decode(text).expect("a client message")),
            _ => None,
        })
        .collect()
}

/// A line seated by create, with its effects on the way.
fn seated_line() -> Line {
    let (mut line, effects) = Line::new("ws://h:1".into(), create(), Options::default(), 0.0);
    assert_eq!(effects, vec![Effect::Open]);
    assert!(line.opened(0.0).is_empty());
    line.received(&hello(), 1.0);
    line.received(&seated("g1", "t1", Some("ABCD")), 2.0);
    assert!(line.is_connected());
    line
}

#[test]
fn create_says_hello_then_asks_its_seat_then_is_ready_with_the_invite() {
    let (mut line, _) = Line::new("ws://h:1".into(), create(), Options::default(), 0.0);
    line.opened(0.0);
    let effects = line.received(&hello(), 5.0);
    assert_eq!(sent(&effects), vec![create().message()]);
    assert!(!line.is_connected());
    let effects = line.received(&seated("g1", "t1", Some("ABCD-EFGH")), 9.0);
    assert_eq!(
        effects,
        vec![
            Effect::Ready {
                credentials: credentials("g1", "t1"),
                invite: Some("ABCD-EFGH".into()),
            },
            Effect::Report(Event::Link(Link::Connected)),
        ]
    );
    assert_eq!(line.credentials(), Some(&credentials("g1", "t1")));
}

#[test]
fn a_join_refused_fails_at_once_and_the_line_is_over() {
    let (mut line, _) = Line::new(
        "ws://h:1".into(),
        Seat::Join {
            invite: "NOPE".into(),
        },
        Options::default(),
        0.0,
    );
    line.opened(0.0);
    line.received(&hello(), 0.0);
    let refusal = ServerMessage::error(ErrorCode::NoSuchInvite).encode();
    let effects = line.received(&refusal, 0.0);
    assert_eq!(
        effects,
        vec![
            Effect::Close,
            Effect::Failed(OnlineError::Refused(ErrorCode::NoSuchInvite))
        ]
    );
    assert!(line.is_stopped());
    assert!(line.closed("closed").is_empty());
    assert_eq!(
        line.send(&ClientMessage::Resign {}),
        Err(OnlineError::Closed)
    );
}

#[test]
fn a_server_of_another_protocol_or_nothing_at_all_is_a_failure_that_says_so() {
    let (mut line, _) = Line::new("ws://h:1".into(), create(), Options::default(), 0.0);
    let other = ServerMessage::Hello {
        protocol: PROTOCOL_VERSION + 1,
    }
    .encode();
    assert_eq!(
        line.received(&other, 0.0).last(),
        Some(&Effect::Failed(OnlineError::Protocol {
            found: PROTOCOL_VERSION + 1,
            expected: PROTOCOL_VERSION
        }))
    );

    let (mut line, _) = Line::new("ws://h:1".into(), create(), Options::default(), 0.0);
    assert_eq!(
        line.closed("connection refused"),
        vec![
            Effect::Close,
            Effect::Failed(OnlineError::Unreachable {
                address: "ws://h:1".into(),
                reason: "connection refused".into()
            })
        ]
    );

    let (mut line, _) = Line::new("ws://h:1".into(), create(), Options::default(), 0.0);
    line.opened(0.0);
    assert!(line
        .received("{not json", 1.0)
        .iter()
        .any(|effect| matches!(effect, Effect::Failed(OnlineError::Unexpected(_)))));
}

#[test]
fn a_socket_that_takes_too_long_to_seat_is_given_up() {
    let (mut line, _) = Line::new("ws://h:1".into(), create(), Options::default(), 0.0);
    line.opened(0.0);
    assert!(line.tick(9_000.0).is_empty());
    let effects = line.tick(10_500.0);
    assert_eq!(effects.first(), Some(&Effect::Close));
    assert!(matches!(
        effects.last(),
        Some(Effect::Failed(OnlineError::Unreachable { reason, .. })) if reason.contains("10 s")
    ));
}

#[test]
fn seated_it_reports_messages_sends_and_pings() {
    let mut line = seated_line();
    let state = ServerMessage::Pong {}.encode();
    assert!(line.received(&state, 3.0).is_empty());
    let refusal = ServerMessage::error(ErrorCode::NotClaimable { in_ms: None });
    assert_eq!(
        line.received(&refusal.encode(), 4.0),
        vec![Effect::Report(Event::Message(refusal))]
    );
    assert_eq!(
        sent(&line.send(&ClientMessage::Resign {}).expect("seated")),
        vec![ClientMessage::Resign {}]
    );
    assert!(line.tick(9_000.0).is_empty());
    assert_eq!(sent(&line.tick(10_010.0)), vec![ClientMessage::Ping {}]);
    assert!(line.tick(11_000.0).is_empty());
}

#[test]
fn a_rematch_seat_is_the_one_to_come_back_to() {
    let mut line = seated_line();
    let effects = line.received(&seated("g2", "t2", None), 3.0);
    assert_eq!(
        effects,
        vec![Effect::Report(Event::Seated(credentials("g2", "t2")))]
    );
    line.closed("network down");
    line.retry_due(0.0);
    line.opened(10.0);
    let effects = line.received(&hello(), 11.0);
    assert_eq!(
        sent(&effects),
        vec![ClientMessage::Resume {
            game: "g2".into(),
            token: "t2".into()
        }]
    );
}

#[test]
fn a_drop_comes_back_with_the_token_waiting_longer_each_time() {
    let mut line = seated_line();
    let effects = line.closed("network down");
    assert_eq!(
        effects,
        vec![
            Effect::Report(Event::Link(Link::Lost {
                attempt: 1,
                retry_in_ms: 250,
                reason: "network down".into()
            })),
            Effect::RetryIn(Duration::from_millis(250)),
        ]
    );
    assert_eq!(
        line.send(&ClientMessage::Resign {}),
        Err(OnlineError::Offline)
    );
    // Trying again: the server is still away, twice.
    for (attempt, wait) in [(1, 250), (2, 500)] {
        assert_eq!(line.retry_due(0.0), vec![Effect::Open]);
        let effects = line.closed("connection refused");
        assert!(effects.contains(&Effect::RetryIn(Duration::from_millis(wait * 2))));
        assert!(effects.iter().any(|effect| matches!(
            effect,
            Effect::Report(Event::Link(Link::Lost { attempt: a, .. })) if *a == attempt + 1
        )));
    }
    // Back: seated again with the token, no second `Ready`.
    line.retry_due(0.0);
    line.opened(50.0);
    assert_eq!(
        sent(&line.received(&hello(), 51.0)),
        vec![ClientMessage::Resume {
            game: "g1".into(),
            token: "t1".into()
        }]
    );
    assert_eq!(
        line.received(&seated("g1", "t1", None), 52.0),
        vec![Effect::Report(Event::Link(Link::Connected))]
    );
    // A later drop starts again from the first wait.
    assert!(line
        .closed("again")
        .contains(&Effect::RetryIn(Duration::from_millis(250))));
}

#[test]
fn a_token_the_server_refuses_stops_the_line_and_rate_limits_wait_as_told() {
    let (mut line, effects) = Line::resume(
        "ws://h:1".into(),
        credentials("g1", "t1"),
        Options::default(),
        0.0,
    );
    assert_eq!(effects, vec![Effect::Open]);
    line.opened(0.0);
    line.received(&hello(), 0.0);
    let limited = ServerMessage::error(ErrorCode::JoinRateLimited {
        retry_after_ms: 6_000,
    });
    let effects = line.received(&limited.encode(), 0.0);
    assert!(effects.contains(&Effect::RetryIn(Duration::from_secs(6))));
    line.retry_due(0.0);
    line.opened(0.0);
    line.received(&hello(), 0.0);
    let refused = ServerMessage::error(ErrorCode::BadToken).encode();
    assert_eq!(
        line.received(&refused, 0.0),
        vec![
            Effect::Close,
            Effect::Report(Event::Stopped(OnlineError::Refused(ErrorCode::BadToken)))
        ]
    );
    assert!(line.is_stopped());
}

#[test]
fn silence_is_a_drop_and_a_garbled_frame_too() {
    let mut line = seated_line();
    let effects = line.tick(40_000.0);
    assert_eq!(effects.first(), Some(&Effect::Close));
    assert!(effects.iter().any(|effect| matches!(
        effect,
        Effect::Report(Event::Link(Link::Lost { reason, .. })) if reason.contains("stopped answering")
    )));

    let mut line = seated_line();
    let effects = line.received("\u{0}garbage", 3.0);
    assert_eq!(effects.first(), Some(&Effect::Close));
    assert!(effects
        .iter()
        .any(|effect| matches!(effect, Effect::RetryIn(_))));
}

#[test]
fn closing_is_final_and_said_once() {
    let mut line = seated_line();
    assert_eq!(
        line.close(),
        vec![
            Effect::Close,
            Effect::Report(Event::Stopped(OnlineError::Closed))
        ]
    );
    assert!(line.close().is_empty());
    assert!(line.closed("bye").is_empty());
    assert!(line.retry_due(0.0).is_empty());
    assert!(line.received(&hello(), 0.0).is_empty());
}

#[test]
fn retries_wait_longer_each_time_up_to_the_limit() {
    let options = Options::default();
    let waits: Vec<u128> = (1..=7)
        .map(|n| options.retry_after(n).as_millis())
        .collect();
    assert_eq!(waits, vec![250, 500, 1000, 2000, 4000, 8000, 8000]);
    assert_eq!(options.retry_after(200), options.max_retry);
}

#[test]
fn a_certificate_refused_fails_a_create_and_keeps_a_comeback_trying_in_words() {
    let refused = OnlineError::Certificate {
        address: "wss://club.example.org".into(),
        reason: "its certificate has expired".into(),
    };
    let (mut line, _) = Line::new(
        "wss://club.example.org".into(),
        create(),
        Options::default(),
        0.0,
    );
    assert_eq!(
        line.failed(refused.clone()),
        vec![Effect::Close, Effect::Failed(refused.clone())]
    );
    assert!(line.is_stopped());

    // Coming back: the proxy's certificate may be renewed meanwhile, so the line tries again,
    // saying why it could not.
    let mut line = seated_line();
    line.closed("network down");
    line.retry_due(0.0);
    let effects = line.failed(refused.clone());
    assert!(effects.contains(&Effect::RetryIn(Duration::from_millis(500))));
    assert!(effects.iter().any(|effect| matches!(
        effect,
        Effect::Report(Event::Link(Link::Lost { attempt: 2, reason, .. }))
            if *reason == refused.to_string()
    )));
}
