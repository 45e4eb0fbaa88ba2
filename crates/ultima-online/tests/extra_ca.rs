//! ULTIMA_EXTRA_CA, the way a club with its own certificate has its players' apps and command
//! lines trust it: a file that names the certificate makes `Client::open` reach the club's
//! `wss://` server; a file missing or without a certificate is said at once. (One test in this
//! file: it sets the process's environment.)

mod common;

use common::{certificate, quick, server, TlsProxy};
use ultima_online::protocol::ColorChoice;
use ultima_online::tls::EXTRA_CA_VARIABLE;
use ultima_online::{Client, OnlineError, Seat};

fn create() -> Seat {
    Seat::Create {
        color: ColorChoice::Black,
        clock: None,
        correspondence: None,
        reading: ultima_rules::Reading::Abbott1963,
    }
}

#[tokio::test]
async fn a_club_certificate_named_by_ultima_extra_ca_is_trusted() {
    let server = server().await;
    let made = certificate(&["localhost"]);
    let proxy = TlsProxy::start(server.local_addr(), &made).await;
    let url = format!("wss://localhost:{}", proxy.port);
    let folder = std::env::temp_dir().join(format!("ultima-extra-ca-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");

    // Not set: the club's certificate is not trusted.
    std::env::remove_var(EXTRA_CA_VARIABLE);
    let error = Client::open(&url, create(), quick()).await.err();
    assert!(
        matches!(error, Some(OnlineError::Certificate { .. })),
        "{error:?}"
    );

    // Its file named: trusted.
    let pem = folder.join("club.pem");
    std::fs::write(&pem, made.cert.pem()).expect("the file");
    std::env::set_var(EXTRA_CA_VARIABLE, &pem);
    let (client, _) = Client::open(&url, create(), quick())
        .await
        .expect("the club's server is trusted");
    assert!(client.invite().is_some());
    client.close();

    // A file missing, or one without certificates: said before anything is sent.
    let missing = folder.join("missing.pem");
    std::env::set_var(EXTRA_CA_VARIABLE, &missing);
    match Client::open(&url, create(), quick()).await.err() {
        Some(OnlineError::Tls { reason, .. }) => {
            assert!(
                reason.starts_with("ULTIMA_EXTRA_CA: could not read")
                    && reason.contains("missing.pem"),
                "{reason}"
            );
        }
        other => panic!("{other:?}"),
    }
    let words = folder.join("words.pem");
    std::fs::write(&words, "not a certificate").expect("the file");
    std::env::set_var(EXTRA_CA_VARIABLE, &words);
    match Client::open(&url, create(), quick()).await.err() {
        Some(OnlineError::Tls { reason, .. }) => {
            assert!(reason.contains("no certificate in it"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // A plain ws:// server does not read the file.
    let (client, _) = Client::open(&server.url(), create(), quick())
        .await
        .expect("ws:// does not need the file");
    client.close();

    std::env::remove_var(EXTRA_CA_VARIABLE);
    let _ = std::fs::remove_dir_all(&folder);
    server.shutdown().await;
}
