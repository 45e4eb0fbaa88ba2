//! What the `wss://` tests share: a real server in this process, a TLS terminator in front of it
//! (as a club's reverse proxy is) with a certificate made for the test, and waiting for events.

#![allow(dead_code)] // Each test file uses its own part of it.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use rcgen::CertifiedKey;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;
use tokio::time::timeout;
use tokio_rustls::TlsAcceptor;
use ultima_online::protocol::{GameState, ServerMessage};
use ultima_online::{Event, Events, Options};
use ultima_rules::Outcome;

pub fn quick() -> Options {
    Options {
        connect_timeout: Duration::from_secs(5),
        first_retry: Duration::from_millis(50),
        max_retry: Duration::from_millis(400),
        ..Options::default()
    }
}

/// A real server on a free port of 127.0.0.1, in memory.
pub async fn server() -> ultima_server::RunningServer {
    ultima_server::start(ultima_server::Config {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: None,
        ..ultima_server::Config::default()
    })
    .await
    .expect("the server starts")
}

/// A self-signed certificate for `names`, as a club may make for its proxy.
pub fn certificate(names: &[&str]) -> CertifiedKey<rcgen::KeyPair> {
    let names: Vec<String> = names.iter().map(|name| name.to_string()).collect();
    rcgen::generate_simple_self_signed(names).expect("a certificate")
}

/// A self-signed certificate for `names` made as an authority (`CA:TRUE`), as
/// `openssl req -x509` makes one by default.
pub fn authority_certificate(names: &[&str]) -> CertifiedKey<rcgen::KeyPair> {
    let names: Vec<String> = names.iter().map(|name| name.to_string()).collect();
    let mut params = rcgen::CertificateParams::new(names).expect("the names");
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let signing_key = rcgen::KeyPair::generate().expect("a key");
    let cert = params.self_signed(&signing_key).expect("a certificate");
    CertifiedKey { cert, signing_key }
}

/// A TLS terminator on a free port of 127.0.0.1 that presents `certificate` and passes the
/// bytes inside on to `backend` (the server's plain port), as nginx or Caddy in front of a
/// club's server.
pub struct TlsProxy {
    pub port: u16,
    task: JoinHandle<()>,
}

impl TlsProxy {
    pub async fn start(
        backend: SocketAddr,
        certificate: &CertifiedKey<rcgen::KeyPair>,
    ) -> TlsProxy {
        let chain = vec![CertificateDer::from(certificate.cert.der().to_vec())];
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(
            certificate.signing_key.serialize_der(),
        ));
        // The provider the client uses (the one this build of rustls has).
        #[allow(deprecated)]
        let provider = rustls::crypto::ring::default_provider();
        let config = rustls::ServerConfig::builder_with_provider(Arc::new(provider))
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .expect("the certificate and its key");
        let acceptor = TlsAcceptor::from(Arc::new(config));
        let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
            .await
            .expect("a port for the proxy");
        let port = listener.local_addr().expect("its address").port();
        let task = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    // A client that refuses the certificate ends its handshake here.
                    let Ok(mut client) = acceptor.accept(client).await else {
                        return;
                    };
                    let Ok(mut server) = TcpStream::connect(backend).await else {
                        return;
                    };
                    let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                });
            }
        });
        TlsProxy { port, task }
    }
}

impl Drop for TlsProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The next event that `pick` takes, within 10 s.
pub async fn next<T>(
    events: &mut Events,
    what: &str,
    mut pick: impl FnMut(&Event) -> Option<T>,
) -> T {
    let found = timeout(Duration::from_secs(10), async {
        while let Some(event) = events.recv().await {
            if let Some(found) = pick(&event) {
                return Some(found);
            }
        }
        None
    })
    .await;
    match found {
        Ok(Some(found)) => found,
        Ok(None) => panic!("the events ended before {what}"),
        Err(_) => panic!("no {what} within 10 s"),
    }
}

pub fn state_where(
    condition: impl Fn(&GameState) -> bool,
) -> impl FnMut(&Event) -> Option<GameState> {
    move |event| match event {
        Event::Message(ServerMessage::State(state)) if condition(state) => Some(state.clone()),
        _ => None,
    }
}

pub fn moved(ply: u32) -> impl FnMut(&Event) -> Option<(String, Option<Outcome>)> {
    move |event| match event {
        Event::Message(ServerMessage::Moved {
            ply: p, mv, result, ..
        }) if *p == ply => Some((mv.clone(), *result)),
        _ => None,
    }
}

pub fn now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}
