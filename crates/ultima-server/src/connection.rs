//! One player's websocket: frames read and checked (size, rate, schema), handed to the hub as
//! the connection's seat, answers and the game's changes written back.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use ultima_protocol::{
    ClientMessage, ErrorCode, ServerMessage, MAX_MESSAGE_BYTES, PROTOCOL_VERSION,
};

use crate::game::Change;
use crate::hub::{Applied, Hub, Outbound, Seating};
use crate::limit::Bucket;

/// Frames up to this size are read (and refused with `frameTooLarge` when over
/// [`MAX_MESSAGE_BYTES`]); a larger one ends the connection after the error.
const HARD_FRAME_LIMIT: usize = 64 * 1024;
/// Messages waiting to be written to a connection; one that falls this far behind is dropped.
const OUTBOX: usize = 1024;
/// A connection refused this many messages in a row for its rate is closed.
const FLOOD_CLOSE: u32 = 200;

fn limit_bytes() -> u32 {
    u32::try_from(MAX_MESSAGE_BYTES).unwrap_or(u32::MAX)
}

/// How long a new connection has to finish the websocket handshake.
const HANDSHAKE: std::time::Duration = std::time::Duration::from_secs(10);

/// Serves one TCP connection until it closes, or until `stop` says the server stops.
pub(crate) async fn serve(
    hub: Arc<Hub>,
    stream: TcpStream,
    peer: SocketAddr,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    // Small buffers: messages are tiny and a server holds thousands of connections (the
    // default 128 KiB read buffer alone would be 256 KiB a game).
    let config = WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(1024 * 1024)
        .max_message_size(Some(HARD_FRAME_LIMIT))
        .max_frame_size(Some(HARD_FRAME_LIMIT));
    // Behind a reverse proxy on this machine, the player's address is the one the proxy
    // gives (for the join and create limits); from anywhere else the header is not believed.
    let trust = hub.config.behind_proxy && peer.ip().is_loopback();
    let mut forwarded: Option<IpAddr> = None;
    // The callback's type, error response included, is tungstenite's.
    #[allow(clippy::result_large_err)]
    let read_forwarded = |request: &Request, response: Response| {
        if trust {
            forwarded = request
                .headers()
                .get("x-forwarded-for")
                .and_then(|value| value.to_str().ok())
                .and_then(|value| value.rsplit(',').next())
                .and_then(|address| address.trim().parse().ok());
        }
        Ok(response)
    };
    let handshake =
        tokio_tungstenite::accept_hdr_async_with_config(stream, read_forwarded, Some(config));
    let Ok(Ok(socket)) = tokio::time::timeout(HANDSHAKE, handshake).await else {
        return;
    };
    let peer = match forwarded {
        Some(address) => SocketAddr::new(address, peer.port()),
        None => peer,
    };
    let (mut sink, mut source) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Outbound>(OUTBOX);
    let conn = hub.next_conn();
    let mut seating: Option<Seating> = None;
    let mut bucket = Bucket::new(hub.config.message_rate, Instant::now());
    let mut refused_in_a_row = 0u32;
    let send = |message: &ServerMessage| Message::text(message.encode());
    if sink
        .send(send(&ServerMessage::Hello {
            protocol: PROTOCOL_VERSION,
        }))
        .await
        .is_err()
    {
        return;
    }
    // The hub holds the only senders once seated; before that this one keeps the channel open.
    let mut own_tx = Some(tx);
    // A connection that seats nobody is closed after a while, so idle sockets do not pile up.
    let seat_by = tokio::time::Instant::now() + hub.config.seat_within;
    loop {
        tokio::select! {
            _ = tokio::time::sleep_until(seat_by), if seating.is_none() => {
                let _ = sink.send(Message::Close(None)).await;
                break;
            }
            frame = source.next() => {
                let reply = match frame {
                    None => break,
                    Some(Err(WsError::Capacity(_))) => {
                        let error = ErrorCode::FrameTooLarge { limit_bytes: limit_bytes() };
                        let _ = sink.send(send(&ServerMessage::error(error))).await;
                        break;
                    }
                    Some(Err(_)) => break,
                    Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
                    Some(Ok(frame)) => {
                        if let Err(wait) = bucket.take(Instant::now()) {
                            refused_in_a_row += 1;
                            if refused_in_a_row >= FLOOD_CLOSE {
                                break;
                            }
                            let retry_after_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1);
                            Some(ServerMessage::error(ErrorCode::RateLimited { retry_after_ms }))
                        } else {
                            refused_in_a_row = 0;
                            let tx = match (&own_tx, &seating) {
                                (Some(tx), _) => Some(tx.clone()),
                                _ => None,
                            };
                            match handle(&hub, conn, peer, tx, &mut seating, frame).await {
                                Ok(answer) => answer,
                                Err(error) => Some(ServerMessage::error(error)),
                            }
                        }
                    }
                };
                if seating.is_some() {
                    own_tx = None;
                }
                if let Some(reply) = reply {
                    if sink.send(send(&reply)).await.is_err() {
                        break;
                    }
                }
            }
            _ = stop.changed() => {
                let _ = sink.send(Message::Close(None)).await;
                break;
            }
            out = rx.recv() => match out {
                Some(Outbound::Message(message)) => {
                    if sink.send(send(&message)).await.is_err() {
                        break;
                    }
                }
                Some(Outbound::Seat { game, seat }) => seating = Some(Seating { game, seat }),
                // Dropped by the hub: too far behind.
                None => break,
            },
        }
    }
    if let Some(seating) = seating {
        hub.leave(conn, &seating).await;
    }
}

/// One frame: a refusal as the error code, a direct answer (`pong`), or nothing (the answers
/// go through the hub, in order with the game's changes).
async fn handle(
    hub: &Arc<Hub>,
    conn: u64,
    peer: SocketAddr,
    tx: Option<mpsc::Sender<Outbound>>,
    seating: &mut Option<Seating>,
    frame: Message,
) -> Result<Option<ServerMessage>, ErrorCode> {
    let text = match &frame {
        Message::Text(text) => text.as_str(),
        _ => {
            return Err(ErrorCode::BadMessage {
                detail: "binary frame: messages are JSON text frames".into(),
            })
        }
    };
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ErrorCode::FrameTooLarge {
            limit_bytes: limit_bytes(),
        });
    }
    let message = ClientMessage::decode(text).map_err(|error| ErrorCode::BadMessage {
        detail: error.to_string(),
    })?;
    match message {
        ClientMessage::Ping {} => return Ok(Some(ServerMessage::Pong {})),
        ClientMessage::Create {
            color,
            clock,
            correspondence,
        } => {
            let tx = seat_channel(seating, tx)?;
            create_limit(hub, peer)?;
            *seating = Some(hub.create(conn, &tx, color, clock, correspondence).await?);
        }
        ClientMessage::Join { invite } => {
            let tx = seat_channel(seating, tx)?;
            join_limit(hub, peer)?;
            *seating = Some(hub.join(conn, &tx, &invite).await?);
        }
        ClientMessage::Resume { game, token } => {
            let tx = seat_channel(seating, tx)?;
            join_limit(hub, peer)?;
            *seating = Some(hub.resume(conn, &tx, &game, &token).await?);
            // Only refused resumes count (guessing): a player may come back to many games.
            hub.join_limits.give_back(peer.ip());
        }
        other => {
            let seating = seating.as_ref().ok_or(ErrorCode::NotSeated)?;
            // A rematch is a new game: asking for one (or accepting) counts as creating.
            if matches!(other, ClientMessage::OfferRematch {}) {
                create_limit(hub, peer)?;
            }
            act(hub, seating, other).await?;
        }
    }
    Ok(None)
}

fn seat_channel(
    seating: &Option<Seating>,
    tx: Option<mpsc::Sender<Outbound>>,
) -> Result<mpsc::Sender<Outbound>, ErrorCode> {
    match (seating, tx) {
        (None, Some(tx)) => Ok(tx),
        _ => Err(ErrorCode::AlreadySeated),
    }
}

fn join_limit(hub: &Hub, peer: SocketAddr) -> Result<(), ErrorCode> {
    hub.join_limits
        .take(peer.ip(), Instant::now())
        .map_err(|wait| ErrorCode::JoinRateLimited {
            retry_after_ms: u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1),
        })
}

fn create_limit(hub: &Hub, peer: SocketAddr) -> Result<(), ErrorCode> {
    hub.create_limits
        .take(peer.ip(), Instant::now())
        .map_err(|wait| ErrorCode::CreateRateLimited {
            retry_after_ms: u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1),
        })
}

/// A game message, as the connection's seat.
async fn act(hub: &Arc<Hub>, seating: &Seating, message: ClientMessage) -> Result<(), ErrorCode> {
    let seat = seating.seat;
    let claim_after = hub.claim_after_ms();
    let applied =
        |result: Result<Change, ErrorCode>| result.map(|change| Some(Applied::from(change)));
    let change = move |game: &mut crate::game::LiveGame,
                       now: f64|
          -> Result<Option<Applied>, ErrorCode> {
        match &message {
            ClientMessage::Move { ply, mv } => applied(game.play(seat, *ply, mv, now)),
            ClientMessage::Resign {} => applied(game.resign(seat, now)),
            ClientMessage::OfferDraw {} => applied(game.offer_draw(seat, now)),
            ClientMessage::AcceptDraw {} => applied(game.answer_draw(seat, true, now)),
            ClientMessage::DeclineDraw {} => applied(game.answer_draw(seat, false, now)),
            ClientMessage::RequestTakeBack {} => applied(game.request_take_back(seat, now)),
            ClientMessage::AcceptTakeBack {} => applied(game.answer_take_back(seat, true, now)),
            ClientMessage::DeclineTakeBack {} => applied(game.answer_take_back(seat, false, now)),
            ClientMessage::ClaimWin {} => applied(game.claim_win(seat, now, claim_after)),
            ClientMessage::OfferRematch {} => {
                let new_id = || {
                    crate::ids::game_id().map_err(|error| {
                        eprintln!("ultima-server: {error}");
                        ErrorCode::Unavailable
                    })
                };
                let (change, created) = game.offer_rematch(seat, new_id, now)?;
                Ok(Some(Applied { change, created }))
            }
            ClientMessage::DeclineRematch {} => applied(game.decline_rematch(seat)),
            ClientMessage::Create { .. }
            | ClientMessage::Join { .. }
            | ClientMessage::Resume { .. }
            | ClientMessage::Ping {} => Err(ErrorCode::AlreadySeated),
        }
    };
    hub.act(&seating.game, change, |_, _| {}).await
}
