//! The client reaching a server behind a TLS proxy (`wss://`), as the desktop app, the command
//! line and the phone build do a club's server: a real server in this process, a TLS terminator
//! in front of it with a self-signed certificate, two clients playing through it; and a
//! certificate not trusted, one made for another name, or no TLS at all, refused in words at
//! once.

mod common;

use std::time::{Duration, Instant};

use common::{
    authority_certificate, certificate, moved, next, now, quick, server, state_where, TlsProxy,
};
use ultima_online::protocol::{ClientMessage, ColorChoice, Presence};
use ultima_online::{
    Change, Client, OnlineError, OnlineFailure, OnlineGame, OnlineProblem, Seat, Trust,
};
use ultima_rules::Color;

fn create() -> Seat {
    Seat::Create {
        color: ColorChoice::White,
        clock: None,
        correspondence: None,
        reading: ultima_rules::Reading::Abbott1963,
    }
}

#[tokio::test]
async fn two_clients_play_through_a_tls_proxy_by_wss() {
    let server = server().await;
    let made = certificate(&["localhost"]);
    let proxy = TlsProxy::start(server.local_addr(), &made).await;
    // The club's certificate, given as its PEM file would be.
    let trust = Trust::public()
        .with_pem(made.cert.pem().as_bytes())
        .expect("the certificate reads");
    let url = format!("wss://localhost:{}", proxy.port);

    let (white, mut white_events) = Client::open_trusting(&url, create(), quick(), &trust)
        .await
        .expect("create over wss");
    let invite = white.invite().expect("an invite").to_string();
    let waiting = next(
        &mut white_events,
        "the waiting state",
        state_where(|s| s.opponent == Presence::Waiting),
    )
    .await;
    let mut white_game = OnlineGame::new("w".into(), waiting, now()).expect("a copy");

    let (black, mut black_events) =
        Client::open_trusting(&url, Seat::Join { invite }, quick(), &trust)
            .await
            .expect("join over wss");
    assert_eq!(black.credentials().color, Color::Black);
    assert_eq!(black.credentials().game, white.credentials().game);
    let joined = next(
        &mut white_events,
        "the friend joining",
        state_where(|s| s.opponent == Presence::Connected),
    )
    .await;
    white_game.apply_state(joined, now()).expect("the state");
    let black_state = next(
        &mut black_events,
        "the joiner's state",
        state_where(|_| true),
    )
    .await;
    let mut black_game = OnlineGame::new("b".into(), black_state, now()).expect("a copy");

    white
        .send(ClientMessage::Move {
            ply: 0,
            mv: "e2e5".into(),
        })
        .expect("send");
    for (events, game) in [
        (&mut white_events, &mut white_game),
        (&mut black_events, &mut black_game),
    ] {
        let (mv, result) = next(events, "the move", moved(0)).await;
        assert_eq!(mv, "e2e5");
        assert_eq!(
            game.apply_move(0, &mv, None, result, now()),
            Ok(Change::Moved)
        );
    }
    assert!(black_game.is_my_move());
    assert_eq!(white_game.moves(), black_game.moves());

    // Coming back by token goes through the proxy too.
    let credentials = black.credentials();
    black.close();
    let (again, mut again_events) =
        Client::resume_trusting(&url, credentials, quick(), &trust).expect("resume over wss");
    let state = next(
        &mut again_events,
        "the resumed state",
        state_where(|_| true),
    )
    .await;
    assert_eq!(state.moves, ["e2e5"]);
    again
        .send(ClientMessage::Move {
            ply: 1,
            mv: "e7e6".into(),
        })
        .expect("send after resuming");
    let (mv, _) = next(&mut white_events, "the reply", moved(1)).await;
    assert_eq!(mv, "e7e6");

    white.close();
    again.close();
    server.shutdown().await;
}

/// Opens a game at `url` with `trust`, and says how long the refusal took.
async fn refused(url: &str, trust: &Trust) -> (OnlineError, Duration) {
    let started = Instant::now();
    match Client::open_trusting(url, create(), quick(), trust).await {
        Ok(_) => panic!("{url} was trusted"),
        Err(error) => (error, started.elapsed()),
    }
}

#[tokio::test]
async fn a_self_signed_certificate_not_trusted_is_refused_in_words_at_once() {
    let server = server().await;
    let proxy = TlsProxy::start(server.local_addr(), &certificate(&["localhost"])).await;
    let url = format!("wss://localhost:{}", proxy.port);
    let (error, took) = refused(&url, &Trust::public()).await;
    assert!(
        matches!(&error, OnlineError::Certificate { address, .. } if *address == url),
        "{error:?}"
    );
    assert!(took < Duration::from_secs(3), "refused after {took:?}");
    let words = error.to_string();
    assert!(
        words.contains("not issued by an authority this client trusts")
            && words.contains("ULTIMA_EXTRA_CA"),
        "{words}"
    );
    assert_eq!(
        error.problem(),
        OnlineFailure::Online(OnlineProblem::ServerCertificate { address: url })
    );
    assert_eq!(server.connections(), 0, "nothing reached the server");
    server.shutdown().await;
}

#[tokio::test]
async fn a_certificate_for_another_name_is_refused_even_from_a_trusted_maker() {
    let server = server().await;
    let made = certificate(&["club.example.org"]);
    let proxy = TlsProxy::start(server.local_addr(), &made).await;
    let trust = Trust::public()
        .with_pem(made.cert.pem().as_bytes())
        .expect("the certificate reads");
    let url = format!("wss://localhost:{}", proxy.port);
    let (error, _) = refused(&url, &trust).await;
    assert!(
        matches!(&error, OnlineError::Certificate { reason, .. } if reason.contains("another name")),
        "{error:?}"
    );
    server.shutdown().await;
}

#[tokio::test]
async fn a_self_signed_authority_certificate_is_taken_only_when_named_and_for_its_name() {
    let server = server().await;
    let made = authority_certificate(&["localhost"]);
    let proxy = TlsProxy::start(server.local_addr(), &made).await;
    let url = format!("wss://localhost:{}", proxy.port);

    // Not named: refused, saying what kind of certificate it is.
    let (error, _) = refused(&url, &Trust::public()).await;
    assert!(
        matches!(&error, OnlineError::Certificate { reason, .. }
            if reason.contains("an authority's, not a server's")),
        "{error:?}"
    );

    // Named (as a club gives its proxy's certificate file): taken, and a game plays on it.
    let trust = Trust::public()
        .with_pem(made.cert.pem().as_bytes())
        .expect("the certificate reads");
    let (client, mut events) = Client::open_trusting(&url, create(), quick(), &trust)
        .await
        .expect("the named certificate is taken");
    next(
        &mut events,
        "the waiting state",
        state_where(|s| s.opponent == Presence::Waiting),
    )
    .await;
    client.close();

    // Named, but reached by a name it is not made for: refused.
    let by_number = format!("wss://127.0.0.1:{}", proxy.port);
    let (error, _) = refused(&by_number, &trust).await;
    assert!(
        matches!(&error, OnlineError::Certificate { reason, .. } if reason.contains("another name")),
        "{error:?}"
    );

    // Another authority's certificate named does not vouch for this one.
    let other = Trust::public()
        .with_pem(authority_certificate(&["localhost"]).cert.pem().as_bytes())
        .expect("the certificate reads");
    let (error, _) = refused(&url, &other).await;
    assert!(
        matches!(&error, OnlineError::Certificate { .. }),
        "{error:?}"
    );
    server.shutdown().await;
}

#[tokio::test]
async fn wss_to_a_plain_server_fails_its_handshake_in_words() {
    let server = server().await;
    let url = format!("wss://localhost:{}", server.local_addr().port());
    let (error, took) = refused(&url, &Trust::public()).await;
    assert!(
        matches!(&error, OnlineError::Tls { address, .. } if *address == url),
        "{error:?}"
    );
    assert!(took < Duration::from_secs(3), "refused after {took:?}");
    assert!(error.to_string().contains("does not speak TLS"), "{error}");
    assert_eq!(
        error.problem(),
        OnlineFailure::Online(OnlineProblem::SecureConnectionFailed { address: url })
    );
    // ws:// to the same server is still plain.
    let plain = server.url();
    assert!(plain.starts_with("ws://"), "{plain}");
    let (client, _) = Client::open_trusting(&plain, create(), quick(), &Trust::public())
        .await
        .expect("plain ws:// still works");
    client.close();
    server.shutdown().await;
}

#[test]
fn a_file_without_certificates_is_refused_when_read() {
    let error = Trust::public()
        .with_pem(b"just some words\n")
        .expect_err("no certificate");
    assert!(error.contains("no certificate"), "{error}");
    let error = Trust::public()
        .with_pem(b"-----BEGIN CERTIFICATE-----\n%%%%\n-----END CERTIFICATE-----\n")
        .expect_err("not base64");
    assert!(error.contains("not a PEM file"), "{error}");
}
