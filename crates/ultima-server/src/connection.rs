//! One player's websocket: frames read and checked (size, rate, schema), handed to the hub as
//! the connection's seat, answers and the game's changes written back. A connection is closed,
//! with a close frame saying why, when it keeps being refused, breaks the protocol, goes quiet
//! too long, stops reading what it is sent, or its seat is taken by a newer connection.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::error::ProtocolError;
use tokio_tungstenite::tungstenite::Error as WsError;
use ultima_protocol::{
    ClientMessage, ErrorCode, ServerMessage, MAX_MESSAGE_BYTES, PROTOCOL_VERSION,
};

use crate::game::Change;
use crate::hub::{Applied, Hub, Outbound, Seating};
use crate::limit::{Bucket, Refusals};
use crate::slots::Slot;

/// Frames up to this size are read (and refused with `frameTooLarge` when over
/// [`MAX_MESSAGE_BYTES`]); a larger one ends the connection after the error.
pub(crate) const HARD_FRAME_LIMIT: usize = 64 * 1024;
/// Messages waiting to be written to a connection; one that falls this far behind is dropped.
const OUTBOX: usize = 1024;
/// The window in which a connection's refusals are counted (see `Config::max_refusals`).
pub(crate) const REFUSAL_WINDOW: Duration = Duration::from_secs(10);

/// Why the server closes a websocket: the close frame's code and reason (PROTOCOL.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Closing {
    /// The server stops (1001).
    ShuttingDown,
    /// The websocket protocol was broken (1002): a masked or reserved bit, a bad opcode...
    ProtocolError,
    /// A text frame that is not UTF-8 (1007).
    NotUtf8,
    /// Too many refused messages in [`REFUSAL_WINDOW`] (1008).
    TooManyRefusals,
    /// A frame over [`HARD_FRAME_LIMIT`] (1009).
    FrameTooLarge,
    /// The connection fell too far behind in reading what it is sent (1008).
    TooSlow,
    /// A newer connection took this connection's seat (4000).
    Replaced,
    /// Seated, and nothing came from the client for the idle timeout (4001).
    Idle,
    /// Nothing seated within the time given (4002).
    NotSeated,
}

impl Closing {
    pub(crate) fn code(self) -> u16 {
        match self {
            Closing::ShuttingDown => 1001,
            Closing::ProtocolError => 1002,
            Closing::NotUtf8 => 1007,
            Closing::TooManyRefusals | Closing::TooSlow => 1008,
            Closing::FrameTooLarge => 1009,
            Closing::Replaced => 4000,
            Closing::Idle => 4001,
            Closing::NotSeated => 4002,
        }
    }

    pub(crate) fn reason(self) -> &'static str {
        match self {
            Closing::ShuttingDown => "the server is stopping",
            Closing::ProtocolError => "websocket protocol error",
            Closing::NotUtf8 => "a text frame that is not UTF-8",
            Closing::TooManyRefusals => "too many refused messages",
            Closing::FrameTooLarge => "frame too large",
            Closing::TooSlow => "too slow reading",
            Closing::Replaced => "this seat was taken by a newer connection",
            Closing::Idle => "no message for too long",
            Closing::NotSeated => "no game joined in time",
        }
    }
}

fn limit_bytes() -> u32 {
    u32::try_from(MAX_MESSAGE_BYTES).unwrap_or(u32::MAX)
}

/// The writing half of a connection: every write is timed out, so a client that stops reading
/// is dropped rather than held forever.
struct Writer {
    sink: SplitSink<WebSocket, Message>,
    timeout: Duration,
    peer: SocketAddr,
}

impl Writer {
    /// Writes a message; false when the connection is gone or the write timed out.
    async fn send(&mut self, message: &ServerMessage) -> bool {
        let frame = Message::text(message.encode());
        match tokio::time::timeout(self.timeout, self.sink.send(frame)).await {
            Ok(Ok(())) => true,
            Ok(Err(_)) => false,
            Err(_) => {
                eprintln!(
                    "ultima-server: dropped a connection from {}: it read nothing for {} s",
                    self.peer.ip(),
                    self.timeout.as_secs_f64()
                );
                false
            }
        }
    }

    /// Sends the close frame (best effort, within the write timeout).
    async fn close(&mut self, why: Closing) {
        let frame = Message::Close(Some(CloseFrame {
            code: why.code(),
            reason: why.reason().into(),
        }));
        let _ = tokio::time::timeout(self.timeout, self.sink.send(frame)).await;
    }
}

/// Why reading a frame failed: the close it calls for, or `None` when the connection is simply
/// gone.
fn read_failure(error: axum::Error) -> Option<Closing> {
    let error = error.into_inner();
    match error.downcast_ref::<WsError>() {
        Some(WsError::Capacity(_)) => Some(Closing::FrameTooLarge),
        // Gone without a close frame: a client that lost its network, not a broken one.
        Some(WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake)) => None,
        Some(WsError::Protocol(_)) => Some(Closing::ProtocolError),
        Some(WsError::Utf8(_)) => Some(Closing::NotUtf8),
        _ => None,
    }
}

/// Serves one websocket until it closes, or until `stop` says the server stops. `peer` is the
/// player's address (the proxy's `X-Forwarded-For` when believed); `_slots` are the
/// connection's places in the connection counts, given back when it ends.
pub(crate) async fn serve(
    hub: Arc<Hub>,
    socket: WebSocket,
    peer: SocketAddr,
    mut stop: tokio::sync::watch::Receiver<bool>,
    _slots: Vec<Slot>,
) {
    let (sink, mut source) = socket.split();
    let mut writer = Writer {
        sink,
        timeout: hub.config.write_timeout,
        peer,
    };
    let (tx, mut rx) = mpsc::channel::<Outbound>(OUTBOX);
    let conn = hub.next_conn();
    let mut seating: Option<Seating> = None;
    let mut bucket = Bucket::new(hub.config.message_rate, Instant::now());
    let mut refusals = Refusals::new(hub.config.max_refusals, REFUSAL_WINDOW, Instant::now());
    if !writer
        .send(&ServerMessage::Hello {
            protocol: PROTOCOL_VERSION,
        })
        .await
    {
        return;
    }
    // The hub holds the only senders once seated; before that this one keeps the channel open.
    let mut own_tx = Some(tx);
    // A connection that seats nobody is closed after a while, so idle sockets do not pile up.
    let seat_by = tokio::time::Instant::now() + hub.config.seat_within;
    // A seated one is closed once nothing (not even a ping) came for the idle timeout.
    let idle = hub.config.idle_timeout;
    let mut idle_by = tokio::time::Instant::now() + idle;
    let closing: Option<Closing> = loop {
        tokio::select! {
            _ = tokio::time::sleep_until(seat_by), if seating.is_none() => {
                break Some(Closing::NotSeated);
            }
            _ = tokio::time::sleep_until(idle_by), if seating.is_some() => {
                break Some(Closing::Idle);
            }
            frame = source.next() => {
                idle_by = tokio::time::Instant::now() + idle;
                let reply = match frame {
                    None => break None,
                    Some(Err(error)) => {
                        let why = read_failure(error);
                        if why == Some(Closing::FrameTooLarge) {
                            let error = ErrorCode::FrameTooLarge { limit_bytes: limit_bytes() };
                            writer.send(&ServerMessage::error(error)).await;
                        }
                        if let Some(why) = why {
                            eprintln!(
                                "ultima-server: closed a connection from {}: {}",
                                peer.ip(),
                                why.reason()
                            );
                        }
                        break why;
                    }
                    Some(Ok(Message::Close(_))) => break None,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(frame)) => {
                        if let Err(wait) = bucket.take(Instant::now()) {
                            let retry_after_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1);
                            Err(ErrorCode::RateLimited { retry_after_ms })
                        } else {
                            let tx = match (&own_tx, &seating) {
                                (Some(tx), _) => Some(tx.clone()),
                                _ => None,
                            };
                            handle(&hub, conn, peer, tx, &mut seating, frame).await
                        }
                    }
                };
                if seating.is_some() {
                    own_tx = None;
                }
                let reply = match reply {
                    Ok(None) => continue,
                    Ok(Some(answer)) => answer,
                    Err(error) => {
                        if refusals.refuse(Instant::now()) {
                            eprintln!(
                                "ultima-server: closed a connection from {}: more than {} refused messages in {} s",
                                peer.ip(),
                                hub.config.max_refusals,
                                REFUSAL_WINDOW.as_secs()
                            );
                            writer.send(&ServerMessage::error(error)).await;
                            break Some(Closing::TooManyRefusals);
                        }
                        ServerMessage::error(error)
                    }
                };
                if !writer.send(&reply).await {
                    break None;
                }
            }
            _ = stop.changed() => break Some(Closing::ShuttingDown),
            out = rx.recv() => match out {
                Some(Outbound::Message(message)) => {
                    if !writer.send(&message).await {
                        break None;
                    }
                }
                Some(Outbound::Seat { game, seat }) => seating = Some(Seating { game, seat }),
                Some(Outbound::Replaced) => break Some(Closing::Replaced),
                // Dropped by the hub: too far behind.
                None => break Some(Closing::TooSlow),
            },
        }
    };
    if let Some(why) = closing {
        writer.close(why).await;
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
            reading,
        } => {
            let tx = seat_channel(seating, tx)?;
            create_limit(hub, peer)?;
            *seating = Some(
                hub.create(conn, &tx, color, clock, correspondence, reading)
                    .await?,
            );
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
    // The hub logs a game this ends (as it does the clock's flag and the sweep's).
    hub.act(&seating.game, change, |_, _| {}).await
}
