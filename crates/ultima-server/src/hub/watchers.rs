//! A game in memory and the connections watching it: what the hub sends them, the change of a
//! game, the move to its rematch, or its end when it expired.

use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;
use ultima_protocol::{ErrorCode, ServerMessage};
use ultima_rules::Color;

use super::lock::lock;
use crate::game::{Change, LiveGame};

/// What the hub sends a connection.
#[derive(Debug)]
pub(crate) enum Outbound {
    Message(ServerMessage),
    /// The connection now plays `seat` in `game` (a rematch).
    Seat {
        game: String,
        seat: Color,
    },
    /// A newer connection took this connection's seat: it closes.
    Replaced,
}

/// A connection watching a game as one seat.
struct Sub {
    conn: u64,
    seat: Color,
    /// The token the connection holds (only its hash is stored), given again for a rematch.
    token: String,
    tx: mpsc::Sender<Outbound>,
}

/// A game this process holds, and the connections here watching it.
pub(crate) struct Entry {
    /// `None` once the game expired and was removed.
    pub(super) game: tokio::sync::Mutex<Option<LiveGame>>,
    subs: Mutex<Vec<Sub>>,
    /// When the one pending clock timer of this game fires, if one is pending.
    pub(super) timer: Mutex<Option<f64>>,
}

impl Entry {
    pub(super) fn new(game: Option<LiveGame>) -> Arc<Entry> {
        Arc::new(Entry {
            game: tokio::sync::Mutex::new(game),
            subs: Mutex::new(Vec::new()),
            timer: Mutex::new(None),
        })
    }

    /// Whether a connection here watches the game.
    pub(super) fn is_watched(&self) -> bool {
        !lock(&self.subs).is_empty()
    }

    /// The seats the connections here watch the game as.
    #[cfg(feature = "redis")]
    pub(super) fn watched_seats(&self) -> Vec<Color> {
        lock(&self.subs).iter().map(|sub| sub.seat).collect()
    }

    /// The connection `conn` watches the game as `seat`, holding `token`; another connection
    /// here watching as `seat` is told it was replaced, and no longer watches.
    pub(super) fn subscribe(
        &self,
        conn: u64,
        seat: Color,
        token: &str,
        tx: &mpsc::Sender<Outbound>,
    ) {
        let mut subs = lock(&self.subs);
        subs.retain(|sub| {
            let replaced = sub.seat == seat && sub.conn != conn;
            if replaced {
                let _ = sub.tx.try_send(Outbound::Replaced);
            }
            !replaced
        });
        subs.push(Sub {
            conn,
            seat,
            token: token.to_string(),
            tx: tx.clone(),
        });
    }

    /// The connection `conn` no longer watches the game; whether another here still watches it
    /// as `seat`.
    pub(super) fn unsubscribe(&self, conn: u64, seat: Color) -> bool {
        let mut subs = lock(&self.subs);
        subs.retain(|sub| sub.conn != conn);
        subs.iter().any(|sub| sub.seat == seat)
    }

    /// Sends a change to the connections watching the game; one that cannot keep up is
    /// dropped (it reconnects and gets the whole state). `claim_ms`: how long a player must be
    /// away before the opponent may claim the win.
    pub(super) fn deliver(&self, game: &LiveGame, change: &Change, now: f64, claim_ms: u64) {
        lock(&self.subs).retain(|sub| {
            let message = game.message(change, sub.seat, now, claim_ms);
            sub.tx.try_send(Outbound::Message(message)).is_ok()
        });
    }

    /// Moves this game's connections to the rematch `created`, each to the other side.
    pub(super) async fn deliver_rematch(&self, created: &Entry, now: f64, claim_ms: u64) {
        let subs: Vec<Sub> = lock(&self.subs).drain(..).collect();
        let game = created.game.lock().await;
        let Some(game) = game.as_ref() else { return };
        let mut moved = lock(&created.subs);
        for sub in subs {
            let seat = !sub.seat;
            let messages = [
                Outbound::Seat {
                    game: game.id().to_string(),
                    seat,
                },
                // A rematch keeps each player's token.
                Outbound::Message(ServerMessage::Seated {
                    game: game.id().to_string(),
                    color: seat,
                    token: sub.token.clone(),
                    invite: None,
                }),
                Outbound::Message(ServerMessage::State(game.state(seat, now, claim_ms))),
            ];
            if messages
                .into_iter()
                .all(|message| sub.tx.try_send(message).is_ok())
            {
                moved.push(Sub {
                    conn: sub.conn,
                    seat,
                    token: sub.token,
                    tx: sub.tx,
                });
            }
        }
    }

    /// Tells the players of a game that is gone, and closes their connections.
    pub(super) fn deliver_removed(&self) {
        let subs: Vec<Sub> = lock(&self.subs).drain(..).collect();
        for sub in subs {
            let gone = ServerMessage::error(ErrorCode::GameExpired);
            let _ = sub.tx.try_send(Outbound::Message(gone));
        }
    }
}

/// Tells a connection the seat it now holds in `game` (with the invite when `invite`).
pub(super) fn seated(
    tx: &mpsc::Sender<Outbound>,
    game: &LiveGame,
    seat: Color,
    token: &str,
    invite: bool,
) {
    let _ = tx.try_send(Outbound::Message(ServerMessage::Seated {
        game: game.id().to_string(),
        color: seat,
        token: token.to_string(),
        invite: game.meta.invite.clone().filter(|_| invite),
    }));
}
