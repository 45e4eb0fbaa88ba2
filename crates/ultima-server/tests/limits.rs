//! Holding up: a connection that keeps being refused, too many connections, a seated one gone
//! quiet, a client that stops reading, a broken websocket or handshake. Each is closed or
//! refused saying why, and the opponent's seat shows away when a player is dropped.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Error as WsError;
use ultima_protocol::{ClientMessage, ErrorCode, Presence, ServerMessage};
use ultima_server::{Config, Rate};

use common::{pair, server_with, Client};

fn generous(config: Config) -> Config {
    Config {
        message_rate: Rate {
            burst: 100_000,
            per_second: 100_000.0,
        },
        ..common::generous(config)
    }
}

#[tokio::test]
async fn a_connection_that_keeps_being_refused_is_closed_saying_why_whatever_comes_between() {
    let server = server_with(generous(Config {
        max_refusals: 5,
        ..Config::default()
    }))
    .await;
    // Refusals with accepted messages between them (a count "in a row" would start again).
    let mut client = Client::connect(&server.url()).await;
    for _ in 0..5 {
        client.send_text("{not json").await;
        assert!(matches!(client.error().await, ErrorCode::BadMessage { .. }));
        client.ping().await;
    }
    client.send(&ClientMessage::AcceptDraw {}).await;
    assert_eq!(client.error().await, ErrorCode::NotSeated);
    assert_eq!(
        client.close_frame(Duration::from_secs(5)).await,
        Some((1008, "too many refused messages".into()))
    );

    // Refused for the rate while the bucket refills between the refusals: closed all the same.
    let server = server_with(Config {
        message_rate: Rate {
            burst: 1,
            per_second: 20.0,
        },
        max_refusals: 5,
        ..Config::default()
    })
    .await;
    let mut client = Client::connect(&server.url()).await;
    let mut limited = 0;
    for _ in 0..10 {
        tokio::time::sleep(Duration::from_millis(60)).await;
        client.send(&ClientMessage::Ping {}).await;
        client.send(&ClientMessage::Ping {}).await;
        for _ in 0..2 {
            match client.next_or_closed(Duration::from_secs(5)).await {
                Some(ServerMessage::Pong {}) => {}
                Some(ServerMessage::Error {
                    error: ErrorCode::RateLimited { .. },
                }) => limited += 1,
                other => panic!("{other:?}"),
            }
        }
        if limited == 6 {
            break;
        }
    }
    assert_eq!(limited, 6);
    assert_eq!(
        client.close_frame(Duration::from_secs(5)).await,
        Some((1008, "too many refused messages".into()))
    );
}

/// The HTTP status a websocket connection was refused with.
async fn refused_status(url: &str, forwarded: Option<&str>) -> u16 {
    let mut request = match url.into_client_request() {
        Ok(request) => request,
        Err(error) => panic!("{error}"),
    };
    if let Some(address) = forwarded.and_then(|address| address.parse().ok()) {
        request.headers_mut().insert("x-forwarded-for", address);
    }
    match tokio_tungstenite::connect_async(request).await {
        Err(WsError::Http(response)) => response.status().as_u16(),
        Err(error) => panic!("refused otherwise: {error}"),
        Ok(_) => panic!("not refused"),
    }
}

async fn connect_forwarded(url: &str, address: &str) -> Client {
    let mut request = match url.into_client_request() {
        Ok(request) => request,
        Err(error) => panic!("{error}"),
    };
    if let Ok(value) = address.parse() {
        request.headers_mut().insert("x-forwarded-for", value);
    }
    Client::connect_request(request).await
}

#[tokio::test]
async fn connections_are_capped_per_address_and_in_total() {
    let server = server_with(Config {
        max_connections_per_address: 3,
        ..Config::default()
    })
    .await;
    let url = server.url();
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(Client::connect(&url).await);
    }
    assert_eq!(refused_status(&url, None).await, 429);
    // One closes: its place is given back.
    if let Some(client) = open.pop() {
        client.close().await;
    }
    common::until("the place given back", || server.connections() == 2).await;
    open.push(Client::connect(&url).await);

    let server = server_with(Config {
        max_connections: 2,
        ..Config::default()
    })
    .await;
    let url = server.url();
    let _first = Client::connect(&url).await;
    let _second = Client::connect(&url).await;
    assert_eq!(refused_status(&url, None).await, 503);

    // Behind a proxy, each player's own address is counted; IPv6 by its /64.
    let server = server_with(Config {
        behind_proxy: true,
        max_connections_per_address: 2,
        ..Config::default()
    })
    .await;
    let url = server.url();
    let _a = connect_forwarded(&url, "2001:db8:1:2::1").await;
    let _b = connect_forwarded(&url, "2001:db8:1:2:ffff::9").await;
    assert_eq!(refused_status(&url, Some("2001:db8:1:2::77")).await, 429);
    let _c = connect_forwarded(&url, "2001:db8:1:3::1").await;
    let _d = connect_forwarded(&url, "203.0.113.7").await;
    let _e = connect_forwarded(&url, "::ffff:203.0.113.7").await;
    assert_eq!(refused_status(&url, Some("203.0.113.7")).await, 429);
}

/// Waits until `client` is told the opponent is away (pinging meanwhile, so that it stays).
async fn until_opponent_away(client: &mut Client) {
    for _ in 0..400 {
        client.send(&ClientMessage::Ping {}).await;
        loop {
            match client.next().await {
                ServerMessage::Pong {} => break,
                ServerMessage::State(state) if state.opponent == Presence::Disconnected => {
                    return;
                }
                ServerMessage::State(_) => continue,
                other => panic!("{other:?}"),
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the opponent never showed away");
}

#[tokio::test]
async fn a_seated_connection_that_goes_quiet_is_closed_and_its_seat_shows_away() {
    let server = server_with(Config {
        idle_timeout: Duration::from_millis(400),
        ..Config::default()
    })
    .await;
    let mut players = pair(&server.url(), None).await;
    // White pings (as the app does, every 10 s); Black says nothing.
    until_opponent_away(&mut players.white).await;
    assert_eq!(
        players.black.close_frame(Duration::from_secs(5)).await,
        Some((4001, "no message for too long".into()))
    );
}

/// A websocket frame from a client: masked (with a zero key, so the payload reads as it is).
fn client_frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mut frame = vec![0x80 | opcode];
    match payload.len() {
        len @ 0..=125 => frame.push(0x80 | len as u8),
        len => {
            frame.push(0x80 | 126);
            frame.extend_from_slice(&(len as u16).to_be_bytes());
        }
    }
    frame.extend_from_slice(&[0, 0, 0, 0]);
    frame.extend_from_slice(payload);
    frame
}

const HANDSHAKE: &str = "GET / HTTP/1.1\r\nHost: ultima\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

/// Reads from `stream` until `enough` holds of what came (or it closes, or 5 s pass).
async fn read_until(stream: &mut TcpStream, enough: impl Fn(&[u8]) -> bool) -> Vec<u8> {
    let mut got = Vec::new();
    let mut buffer = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !enough(&got) {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) | Err(_) => break,
            Ok(Ok(n)) => got.extend_from_slice(&buffer[..n]),
        }
    }
    got
}

/// A websocket opened by hand (the handshake answered 101, and the server's hello read).
async fn raw_socket(addr: SocketAddr, receive_buffer: Option<u32>) -> TcpStream {
    let socket = match tokio::net::TcpSocket::new_v4() {
        Ok(socket) => socket,
        Err(error) => panic!("{error}"),
    };
    if let Some(size) = receive_buffer {
        let _ = socket.set_recv_buffer_size(size);
    }
    let mut stream = match socket.connect(addr).await {
        Ok(stream) => stream,
        Err(error) => panic!("{error}"),
    };
    let _ = stream.write_all(HANDSHAKE.as_bytes()).await;
    let answer = read_until(&mut stream, |got| {
        String::from_utf8_lossy(got).contains("\"hello\"")
    })
    .await;
    let text = String::from_utf8_lossy(&answer).into_owned();
    assert!(text.starts_with("HTTP/1.1 101"), "{text}");
    stream
}

#[tokio::test]
async fn a_client_that_stops_reading_is_dropped_and_its_seat_shows_away() {
    let server = server_with(generous(Config {
        write_timeout: Duration::from_millis(300),
        max_refusals: 1_000_000,
        ..Config::default()
    }))
    .await;
    let mut players = pair(&server.url(), None).await;
    // Black's seat is taken over by a client that sends and never reads (a small receive
    // window, so the server's writes back up soon).
    let mut stuck = raw_socket(server.local_addr(), Some(4096)).await;
    let resume = ClientMessage::Resume {
        game: players.game.clone(),
        token: players.black_token.clone(),
    }
    .encode();
    let _ = stuck.write_all(&client_frame(0x1, resume.as_bytes())).await;
    let flood = tokio::spawn(async move {
        let ping = client_frame(0x1, ClientMessage::Ping {}.encode().as_bytes());
        // Until the server closes (its socket's buffers may grow to megabytes first).
        while stuck.write_all(&ping).await.is_ok() {}
        stuck
    });
    // White hears Black back (the new connection), then away once the server gave up writing.
    until_opponent_away(&mut players.white).await;
    flood.abort();
}

#[tokio::test]
async fn a_broken_websocket_is_closed_with_a_close_frame_and_a_bad_handshake_answered_400() {
    let server = server_with(Config::default()).await;
    let addr = server.local_addr();
    // An unmasked frame from a client breaks the protocol: a close frame with 1002.
    let mut stream = raw_socket(addr, None).await;
    let _ = stream.write_all(&[0x81, 0x02, b'h', b'i']).await;
    let close = read_until(&mut stream, |got| got.len() >= 4).await;
    assert_eq!(close.first(), Some(&0x88), "{close:?}");
    assert_eq!(close.get(2..4), Some(&[0x03, 0xEA][..]), "{close:?}");
    assert!(String::from_utf8_lossy(&close).contains("protocol error"));

    // A text frame that is not UTF-8: 1007.
    let mut stream = raw_socket(addr, None).await;
    let _ = stream.write_all(&client_frame(0x1, &[0xff, 0xfe])).await;
    let close = read_until(&mut stream, |got| got.len() >= 4).await;
    assert_eq!(close.get(..1), Some(&[0x88][..]), "{close:?}");
    assert_eq!(close.get(2..4), Some(&[0x03, 0xEF][..]), "{close:?}");

    // A frame over the hard limit: its error, then a close frame with 1009.
    let mut client = Client::connect(&server.url()).await;
    client.send_text(&"x".repeat(100 * 1024)).await;
    assert_eq!(
        client.next().await,
        ServerMessage::error(ErrorCode::FrameTooLarge { limit_bytes: 1024 })
    );
    assert_eq!(
        client.close_frame(Duration::from_secs(5)).await,
        Some((1009, "frame too large".into()))
    );

    // Handshakes that are not one: HTTP 400.
    for request in [
        "GET / HTTP/1.1\r\nHost: u\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: u\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: x\r\nSec-WebSocket-Version: 7\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: u\r\nUpgrade: tea\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        "HELLO THERE\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: u\r\nX: \u{1}\u{2}\r\n\r\n",
    ] {
        let mut stream = match TcpStream::connect(addr).await {
            Ok(stream) => stream,
            Err(error) => panic!("{error}"),
        };
        let _ = stream.write_all(request.as_bytes()).await;
        let answer = read_until(&mut stream, |got| got.len() >= 12).await;
        let text = String::from_utf8_lossy(&answer).into_owned();
        assert!(text.starts_with("HTTP/1.1 400"), "{request:?}: {text:?}");
    }
    // The server goes on.
    let mut next = Client::connect(&server.url()).await;
    next.ping().await;
}

#[tokio::test]
async fn a_connection_that_sends_no_request_is_closed() {
    // The request's head must come within 10 s (a fixed setting): a silent socket is closed
    // and its place given back, as is a kept-alive one once its next request is that late.
    let server = server_with(Config::default()).await;
    let mut silent = match TcpStream::connect(server.local_addr()).await {
        Ok(stream) => stream,
        Err(error) => panic!("{error}"),
    };
    // And one kept alive after a request, that sends no other.
    let mut kept = match TcpStream::connect(server.local_addr()).await {
        Ok(stream) => stream,
        Err(error) => panic!("{error}"),
    };
    let _ = kept
        .write_all(b"GET /nothing HTTP/1.1\r\nHost: ultima\r\n\r\n")
        .await;
    let answer = read_until(&mut kept, |got| got.ends_with(b"not found\n")).await;
    assert!(answer.starts_with(b"HTTP/1.1 404"));
    common::until("the connections counted", || server.connections() == 2).await;
    for stream in [&mut silent, &mut kept] {
        let mut buffer = [0u8; 64];
        let read = tokio::time::timeout(Duration::from_secs(15), stream.read(&mut buffer)).await;
        assert!(
            matches!(read, Ok(Ok(0)) | Ok(Err(_))),
            "still open after 15 s"
        );
    }
    common::until("the places given back", || server.connections() == 0).await;
}
