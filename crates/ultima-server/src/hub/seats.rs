//! A connection takes a seat, and leaves it: a new game (its creator seated, its invite
//! waiting), the friend joining with the invite, a player coming back with their token, a
//! connection closing.

use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;
use ultima_game::TimeControl;
use ultima_protocol::{
    ClockSetting, ColorChoice, Correspondence, ErrorCode, Invite, ServerMessage,
    CORRESPONDENCE_DAYS,
};
use ultima_rules::{Color, Reading};

use super::games::Hub;
use super::lock::lock;
use super::storage::unavailable;
use super::watchers::{seated, Outbound};
use crate::error::ServerError;
use crate::game::{Change, Expiry, LiveGame, Terms};
use crate::ids;

/// A connection's seat: the game and the side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Seating {
    pub game: String,
    pub seat: Color,
}

impl Hub {
    /// A new game (a clock, days per move, or untimed); the creator's connection is seated in
    /// it.
    pub(crate) async fn create(
        self: &Arc<Self>,
        conn: u64,
        tx: &mpsc::Sender<Outbound>,
        color: ColorChoice,
        clock: Option<ClockSetting>,
        correspondence: Option<Correspondence>,
        reading: Reading,
    ) -> Result<Seating, ErrorCode> {
        if correspondence.is_some_and(|days| !days.is_valid() || clock.is_some()) {
            return Err(ErrorCode::BadCorrespondence {
                allowed_days: CORRESPONDENCE_DAYS.to_vec(),
            });
        }
        if clock.is_some_and(|clock| !clock.is_valid()) {
            return Err(ErrorCode::BadClock {
                max_base_ms: ultima_protocol::MAX_BASE_MS,
                max_increment_ms: ultima_protocol::MAX_INCREMENT_MS,
            });
        }
        let random = |error: ServerError| {
            eprintln!("ultima-server: {error}");
            ErrorCode::Unavailable
        };
        let seat = match color {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random if ids::coin().map_err(random)? => Color::White,
            ColorChoice::Random => Color::Black,
        };
        let id = ids::game_id().map_err(random)?;
        let invite = ids::invite().map_err(random)?;
        let token = ids::token().map_err(random)?;
        let now = self.now();
        let mut game = LiveGame::new(
            id.clone(),
            seat,
            ids::token_hash(&token),
            invite.to_string(),
            Terms {
                time_control: clock.map(|clock| TimeControl {
                    base_ms: clock.base_ms,
                    increment_ms: clock.increment_ms,
                }),
                correspondence,
                reading,
            },
            now,
        );
        game.connect(seat, &self.process.clone(), now);
        self.commit(&mut game, &Change::Changed)
            .await
            .map_err(unavailable)?;
        self.backend
            .add_invite(&invite.compact(), &id)
            .await
            .map_err(unavailable)?;
        eprintln!(
            "ultima-server: game {id} created: {}, {} rules",
            game.time_control_line(),
            reading
        );
        let entry = self.insert(game.clone());
        entry.subscribe(conn, seat, &token, tx);
        seated(tx, &game, seat, &token, true);
        let _ = tx.try_send(Outbound::Message(ServerMessage::State(game.state(
            seat,
            now,
            self.claim_after_ms(),
        ))));
        Ok(Seating { game: id, seat })
    }

    /// The friend joins with the invite.
    pub(crate) async fn join(
        self: &Arc<Self>,
        conn: u64,
        tx: &mpsc::Sender<Outbound>,
        invite: &str,
    ) -> Result<Seating, ErrorCode> {
        let code = invite
            .parse::<Invite>()
            .map_err(|_| ErrorCode::BadInvite)?
            .compact();
        let id = self.backend.take_invite(&code).await?;
        let lifetimes = self.lifetimes();
        let process = self.process.clone();
        let token = match ids::token() {
            Ok(token) => token,
            Err(error) => {
                self.backend.give_back_invite(&code, &id).await;
                eprintln!("ultima-server: {error}");
                return Err(ErrorCode::Unavailable);
            }
        };
        let hash = ids::token_hash(&token);
        let seat: Mutex<Option<Color>> = Mutex::new(None);
        let joined = self
            .act(
                &id,
                |game, now| {
                    // Not swept yet: the sweep removes it (and the invite says so from then).
                    if game.meta.invite.is_some()
                        && game.expiry(now, lifetimes) == Some(Expiry::Remove)
                    {
                        return Err(ErrorCode::InviteExpired);
                    }
                    let side = game.join(&process, hash.clone(), now)?;
                    *lock(&seat) = Some(side);
                    Ok(Some(Change::Changed.into()))
                },
                |game, entry| {
                    let side = *lock(&seat);
                    if let Some(side) = side {
                        entry.subscribe(conn, side, &token, tx);
                        seated(tx, game, side, &token, false);
                    }
                },
            )
            .await;
        let seat = *lock(&seat);
        match (joined, seat) {
            (Ok(()), Some(seat)) => Ok(Seating { game: id, seat }),
            (Err(error), _) => {
                if matches!(error, ErrorCode::Unavailable | ErrorCode::InviteExpired) {
                    self.backend.give_back_invite(&code, &id).await;
                }
                if error == ErrorCode::GameExpired {
                    return Err(ErrorCode::InviteExpired);
                }
                Err(error)
            }
            (Ok(()), None) => Err(ErrorCode::NoSuchInvite),
        }
    }

    /// A player comes back with their token.
    pub(crate) async fn resume(
        self: &Arc<Self>,
        conn: u64,
        tx: &mpsc::Sender<Outbound>,
        id: &str,
        token: &str,
    ) -> Result<Seating, ErrorCode> {
        let process = self.process.clone();
        let mut seat = None;
        self.act(
            id,
            |game, now| {
                let side = game.seat_of(token).ok_or(ErrorCode::BadToken)?;
                seat = Some(side);
                game.connect(side, &process, now);
                Ok(Some(Change::Changed.into()))
            },
            |game, entry| {
                if let Some(side) = game.seat_of(token) {
                    entry.subscribe(conn, side, token, tx);
                    seated(tx, game, side, token, true);
                }
            },
        )
        .await?;
        let seat = seat.ok_or(ErrorCode::BadToken)?;
        Ok(Seating {
            game: id.to_string(),
            seat,
        })
    }

    /// A connection closed: its seat is away once no other connection holds it here.
    pub(crate) async fn leave(self: &Arc<Self>, conn: u64, seating: &Seating) {
        let Some(entry) = self.cached(&seating.game) else {
            return;
        };
        if entry.unsubscribe(conn, seating.seat) {
            return;
        }
        let seat = seating.seat;
        let process = self.process.clone();
        let _ = self
            .act(
                &seating.game,
                |game, now| {
                    let held_here = game.meta.seat(seat).holder.as_deref() == Some(&process);
                    if !game.meta.seat(seat).connected || !held_here {
                        return Ok(None);
                    }
                    game.disconnect(seat, now);
                    Ok(Some(Change::Changed.into()))
                },
                |_, _| {},
            )
            .await;
        self.forget_if_over_and_unwatched(&entry, &seating.game)
            .await;
    }
}
