//! The accept loop: each TCP connection counted ([`Slots`]: in total and per address), refused
//! with a 503 or a 429 over the limits, then served HTTP/1.1 by hyper (the request's head within
//! [`HEAD_WITHIN`], a write within `Config::write_timeout`, upgrades to websockets allowed) with
//! the router of [`crate::http`].

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

use crate::http::Peer;
use crate::slots::{Full, Slots};

/// How long a new connection (or a kept-alive one between requests) has to send a request's
/// head, the websocket handshake's included.
pub(crate) const HEAD_WITHIN: Duration = Duration::from_secs(10);

/// Accepts connections until `stop` says the server stops.
pub(crate) async fn accept(
    listener: TcpListener,
    router: Router,
    slots: Arc<Slots>,
    behind_proxy: bool,
    write_timeout: Duration,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    // Behind a proxy on this machine every player comes from loopback: their own
                    // addresses are counted when their websocket asks (crate::http).
                    let proxied = behind_proxy && peer.ip().is_loopback();
                    match slots.enter((!proxied).then_some(peer.ip())) {
                        Ok(slot) => {
                            let peer = Peer { addr: peer, slot: Arc::new(Mutex::new(Some(slot))) };
                            tokio::spawn(serve(stream, peer, router.clone(), write_timeout, stop.clone()));
                        }
                        Err(full) => refuse(stream, peer, full),
                    }
                }
                // Out of file descriptors and the like: wait a little, go on.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            },
            _ = stop.changed() => break,
        }
    }
}

/// Answers a connection over a limit with its status and closes it (what fits in the socket's
/// buffer at once: nothing waits on a client over a limit).
fn refuse(stream: TcpStream, peer: SocketAddr, full: Full) {
    eprintln!(
        "ultima-server: refused a connection from {}: {full}",
        peer.ip()
    );
    let status = match full {
        Full::Total { .. } => "503 Service Unavailable",
        Full::Address { .. } => "429 Too Many Requests",
    };
    let body = format!("{full}: try again later\n");
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Retry-After: 10\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(response.as_bytes());
}

/// Serves one TCP connection's requests (or its websocket, which then lives on its own task).
async fn serve(
    stream: TcpStream,
    peer: Peer,
    router: Router,
    write_timeout: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    // A write pending that long fails (a client that stopped reading a file, or its websocket),
    // and the connection ends.
    let mut timed = tokio_io_timeout::TimeoutStream::new(stream);
    timed.set_write_timeout(Some(write_timeout));
    let io = TokioIo::new(Box::pin(timed));
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(peer.clone());
        router.clone().oneshot(request)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_WITHIN)
        .max_buf_size(64 * 1024);
    let connection = builder.serve_connection(io, service).with_upgrades();
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => {}
        _ = stop.changed() => {}
    }
}
