//! One online game as the server keeps it: the game core's [`Session`] (moves checked by the
//! rules, the clock, offers, the outcome) and what online play adds (the players' tokens, the
//! invite, who is connected, the rematch). Pure: every change is given `now`, and a refused
//! change leaves the game as it was (the hub works on a copy and keeps it only once stored).

use serde::{Deserialize, Serialize};
use ultima_game::{ClockView, NewGame, Session, SessionError, StoredGame, TimeControl};
use ultima_protocol::{Correspondence, ErrorCode, GameState, Presence, ServerMessage};
use ultima_rules::{Color, DrawReason, Outcome, WinReason};

/// What is stored of a game besides the session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Meta {
    /// The hash of White's token (see [`crate::ids::token_hash`]; an older store has the token
    /// itself, read as its hash). `None` until the seat is given (the friend's, on joining).
    #[serde(default)]
    pub white_token: Option<String>,
    #[serde(default)]
    pub black_token: Option<String>,
    /// Until the friend joins.
    pub invite: Option<String>,
    pub white: Seat,
    pub black: Seat,
    pub rematch_offer: Option<Color>,
    pub rematch: Option<String>,
    /// A correspondence game's time per move (`None`: a clock in the session, or untimed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correspondence: Option<PerMove>,
}

/// A correspondence game's time: the side to move has `days` days from `since` (the friend
/// joining, or the last move or take-back) for its move. The session keeps no clock for it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PerMove {
    pub days: u8,
    /// `None` until both players have joined: nothing runs before.
    pub since: Option<f64>,
}

impl PerMove {
    pub fn per_move_ms(self) -> f64 {
        Correspondence {
            days_per_move: self.days,
        }
        .per_move_ms() as f64
    }
}

/// A side to move whose time ran out (see [`LiveGame::flag`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Flag {
    /// The game ended on time (lost, or drawn against a bare king): `state` to both.
    Ended(Change),
    /// A correspondence game whose first moves were not both made in time: it is aborted, and
    /// goes (as an abandoned game with no move does).
    Abort,
}

/// A side's player: there or not.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Seat {
    /// Someone has taken this seat (the creator at once; the friend on joining).
    pub joined: bool,
    pub connected: bool,
    /// When the player's last connection closed.
    pub away_since: Option<f64>,
    /// The server process holding the connection (with Redis: so that a process that dies is
    /// noticed).
    pub holder: Option<String>,
}

/// A game as stored: a version that goes up with every write (for compare-and-set between
/// processes), the online part and the game core's stored game.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct GameDoc {
    pub version: u64,
    pub meta: Meta,
    pub game: StoredGame,
}

/// A game in memory.
#[derive(Clone, Debug)]
pub(crate) struct LiveGame {
    pub version: u64,
    pub meta: Meta,
    pub session: Session,
}

/// What a change was, for what the players are sent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub(crate) enum Change {
    /// A move: `moved` to both.
    Moved { ply: u32, mv: String },
    /// Anything else: `state` to both.
    Changed,
    /// Both asked for a rematch: the players go on in `game`.
    Rematch { game: String },
    /// The game expired and is gone (see [`LiveGame::expiry`]): `gameExpired` to both.
    Removed { game: String },
}

/// What becomes of a game left alone too long (see [`LiveGame::expiry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Expiry {
    /// Nothing was played: the game goes (its invite and id then answer `inviteExpired` and
    /// `gameExpired`).
    Remove,
    /// Moves were played: the game ends, the side to move losing on time, and is kept with its
    /// record.
    End,
}

/// How long games may be left alone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Lifetimes {
    /// An invite nobody has joined with, from the game's creation.
    pub invite_ms: f64,
    /// A started game, from when the last of its players left.
    pub abandoned_ms: f64,
}

/// What a game is played on, as its creator asked: a clock, days per move or neither, and the
/// reading of the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Terms {
    pub time_control: Option<TimeControl>,
    pub correspondence: Option<Correspondence>,
    pub reading: ultima_rules::Reading,
}

/// Why a game does not read back.
#[derive(Debug, thiserror::Error)]
pub(crate) enum DocError {
    #[error("the stored game does not read: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the stored game's record does not read: {0}")]
    Record(#[from] ultima_game::StoredError),
}

fn refused(error: SessionError) -> ErrorCode {
    ErrorCode::Refused {
        problem: error.problem,
    }
}

impl LiveGame {
    /// A new game on `terms`: the creator's seat taken (`creator_token`: the hash of their
    /// token), the friend's waiting for the invite.
    pub fn new(
        id: String,
        creator: Color,
        creator_token: String,
        invite: String,
        terms: Terms,
        now: f64,
    ) -> LiveGame {
        let Terms {
            time_control,
            correspondence,
            reading,
        } = terms;
        let request = NewGame::Friend {
            turn_board: false,
            time_control,
            reading,
        };
        let session = Session::new(request, id, now, true);
        let (white_token, black_token) = match creator {
            Color::White => (Some(creator_token), None),
            Color::Black => (None, Some(creator_token)),
        };
        let mut meta = Meta {
            white_token,
            black_token,
            invite: Some(invite),
            white: Seat::default(),
            black: Seat::default(),
            rematch_offer: None,
            rematch: None,
            correspondence: correspondence.map(|correspondence| PerMove {
                days: correspondence.days_per_move,
                since: None,
            }),
        };
        meta.seat_mut(creator).joined = true;
        meta.seat_mut(creator).away_since = Some(now);
        LiveGame {
            version: 0,
            meta,
            session,
        }
    }

    pub fn id(&self) -> &str {
        self.session.id()
    }

    /// The invite the game waits on, in compact letters (as it is filed), if it has one.
    pub fn compact_invite(&self) -> Option<String> {
        self.meta
            .invite
            .as_ref()
            .and_then(|invite| invite.parse::<ultima_protocol::Invite>().ok())
            .map(ultima_protocol::Invite::compact)
    }

    pub fn to_doc(&self) -> GameDoc {
        GameDoc {
            version: self.version,
            meta: self.meta.clone(),
            game: self.session.to_stored(),
        }
    }

    pub fn from_doc(doc: GameDoc) -> Result<LiveGame, DocError> {
        let restored = Session::from_stored(&doc.game)?;
        let mut meta = doc.meta;
        // Tokens stored as themselves (an older store) are hashed: the next write stores them so.
        for token in [&mut meta.white_token, &mut meta.black_token] {
            if let Some(stored) = token.as_mut() {
                *stored = crate::ids::stored_token(stored);
            }
        }
        Ok(LiveGame {
            version: doc.version,
            meta,
            session: restored.session,
        })
    }

    pub fn from_json(text: &str) -> Result<LiveGame, DocError> {
        LiveGame::from_doc(serde_json::from_str(text)?)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_doc()).unwrap_or_default()
    }

    pub fn is_over(&self) -> bool {
        self.session.is_over()
    }

    /// The seat `token` proves, if any.
    pub fn seat_of(&self, token: &str) -> Option<Color> {
        let proves = |stored: &Option<String>| {
            stored
                .as_deref()
                .is_some_and(|stored| crate::ids::token_matches(token, stored))
        };
        if proves(&self.meta.white_token) {
            Some(Color::White)
        } else if proves(&self.meta.black_token) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The side the invite seats.
    pub fn friend_side(&self) -> Color {
        if self.meta.white.joined {
            Color::Black
        } else {
            Color::White
        }
    }

    fn both_joined(&self) -> Result<(), ErrorCode> {
        if self.meta.white.joined && self.meta.black.joined {
            Ok(())
        } else {
            Err(ErrorCode::WaitingForOpponent)
        }
    }

    /// The friend takes the free seat with the invite; `token`: the hash of the token they are
    /// given.
    pub fn join(&mut self, holder: &str, token: String, now: f64) -> Result<Color, ErrorCode> {
        if self.meta.invite.is_none() {
            return Err(ErrorCode::NoSuchInvite);
        }
        let side = self.friend_side();
        self.meta.invite = None;
        match side {
            Color::White => self.meta.white_token = Some(token),
            Color::Black => self.meta.black_token = Some(token),
        }
        self.meta.seat_mut(side).joined = true;
        self.connect(side, holder, now);
        self.restart_per_move(now);
        Ok(side)
    }

    pub fn connect(&mut self, seat: Color, holder: &str, _now: f64) {
        let seat = self.meta.seat_mut(seat);
        seat.connected = true;
        seat.away_since = None;
        seat.holder = Some(holder.to_string());
    }

    pub fn disconnect(&mut self, seat: Color, now: f64) {
        let seat = self.meta.seat_mut(seat);
        seat.connected = false;
        seat.away_since = Some(now);
        seat.holder = None;
    }

    /// The seats connected through a process, and that process's name (Redis: several
    /// processes serve the games).
    #[cfg(feature = "redis")]
    pub fn held_by(&self) -> impl Iterator<Item = (Color, &str)> {
        [Color::White, Color::Black].into_iter().filter_map(|seat| {
            let held = self.meta.seat(seat);
            held.holder
                .as_deref()
                .filter(|_| held.connected)
                .map(|holder| (seat, holder))
        })
    }

    /// A correspondence game: the side to move's time starts again at `now` (the friend
    /// joined, a move was played or taken back).
    fn restart_per_move(&mut self, now: f64) {
        if let Some(per_move) = &mut self.meta.correspondence {
            per_move.since = Some(now);
        }
    }

    /// When the side to move's time per move runs out (correspondence), while the game goes on.
    pub fn deadline(&self) -> Option<f64> {
        if self.is_over() {
            return None;
        }
        let per_move = self.meta.correspondence?;
        Some(per_move.since? + per_move.per_move_ms())
    }

    /// Whether [`LiveGame::flag`] would end (or abort) the game at `now`.
    pub fn flag_due(&self, now: f64) -> bool {
        self.session.flag_due(now) || self.deadline().is_some_and(|deadline| now >= deadline)
    }

    /// When the running clock or the time per move runs out, if one runs: the time to call
    /// [`LiveGame::flag`].
    pub fn next_flag_at(&self) -> Option<f64> {
        self.session.next_flag_at().or_else(|| self.deadline())
    }

    /// Ends the game on time if the running clock, or the side to move's time per move, has
    /// run out (a loss, or a draw when the opponent has nothing but its king left); a
    /// correspondence game whose first moves were not both made in time is to be aborted.
    pub fn flag(&mut self, now: f64) -> Option<Flag> {
        if self.session.flag(now).is_some() {
            return Some(Flag::Ended(Change::Changed));
        }
        let deadline = self.deadline().filter(|&deadline| now >= deadline)?;
        if self.session.game().moves().len() < 2 {
            return Some(Flag::Abort);
        }
        let turn = self.session.game().position().turn();
        // Ended when the time ran out, whenever the server noticed.
        self.session
            .time_out(turn, deadline)
            .ok()
            .map(|_| Flag::Ended(Change::Changed))
    }

    /// The clock as the players see it at `now`: the session's, or a correspondence game's
    /// time per move.
    pub fn clock_view(&self, now: f64) -> Option<ClockView> {
        if let Some(clock) = self.session.clock() {
            return Some(clock.view(now));
        }
        let per_move = self.meta.correspondence?;
        let whole = per_move.per_move_ms();
        let turn = self.session.game().position().turn();
        let deadline = self.deadline();
        let left = |side: Color| match deadline {
            Some(deadline) if side == turn => (deadline - now).clamp(0.0, whole),
            _ => whole,
        };
        Some(ClockView {
            white_ms: left(Color::White),
            black_ms: left(Color::Black),
            running: deadline.map(|_| turn),
            base_ms: u32::try_from(whole as u64).unwrap_or(u32::MAX),
            increment_ms: 0,
            days_per_move: Some(per_move.days),
        })
    }

    /// `seat` plays `mv` (coordinates) as move number `ply`.
    pub fn play(&mut self, seat: Color, ply: u32, mv: &str, now: f64) -> Result<Change, ErrorCode> {
        self.both_joined()?;
        let played = self.ply();
        if ply != played {
            return Err(ErrorCode::StaleMove {
                expected_ply: played,
            });
        }
        let text = mv.trim();
        let (from, to) = match (text.get(..2), text.get(2..)) {
            (Some(from), Some(to)) if text.len() == 4 => (from, to),
            _ => {
                return Err(ErrorCode::Refused {
                    problem: ultima_game::Problem::Malformed {
                        text: text.to_string(),
                    },
                })
            }
        };
        let played_move = self.session.play(seat, from, to, now).map_err(refused)?;
        self.restart_per_move(now);
        Ok(Change::Moved {
            ply,
            mv: played_move.coordinates(),
        })
    }

    /// Moves played.
    pub fn ply(&self) -> u32 {
        u32::try_from(self.session.game().moves().len()).unwrap_or(u32::MAX)
    }

    pub fn resign(&mut self, seat: Color, now: f64) -> Result<Change, ErrorCode> {
        self.session.resign(seat, now).map_err(refused)?;
        Ok(Change::Changed)
    }

    pub fn offer_draw(&mut self, seat: Color, now: f64) -> Result<Change, ErrorCode> {
        self.both_joined()?;
        self.session.offer_draw(seat, now).map_err(refused)?;
        Ok(Change::Changed)
    }

    pub fn answer_draw(
        &mut self,
        seat: Color,
        accept: bool,
        now: f64,
    ) -> Result<Change, ErrorCode> {
        self.both_joined()?;
        self.session
            .answer_draw(seat, accept, now)
            .map_err(refused)?;
        Ok(Change::Changed)
    }

    pub fn request_take_back(&mut self, seat: Color, now: f64) -> Result<Change, ErrorCode> {
        self.both_joined()?;
        self.session.take_back(seat, now).map_err(refused)?;
        Ok(Change::Changed)
    }

    pub fn answer_take_back(
        &mut self,
        seat: Color,
        accept: bool,
        now: f64,
    ) -> Result<Change, ErrorCode> {
        self.both_joined()?;
        self.session
            .answer_take_back(seat, accept, now)
            .map_err(refused)?;
        if accept {
            self.restart_per_move(now);
        }
        Ok(Change::Changed)
    }

    /// How long until `seat` may claim the win, if the opponent is away on their move. Never
    /// in correspondence: players are away most of the time, and the time per move decides.
    pub fn claim_win_in(&self, seat: Color, now: f64, claim_after_ms: u64) -> Option<u64> {
        let opponent = self.meta.seat(!seat);
        let away_on_move = !self.is_over()
            && self.meta.correspondence.is_none()
            && self.meta.seat(seat).joined
            && opponent.joined
            && !opponent.connected
            && self.session.game().position().turn() == !seat;
        if !away_on_move {
            return None;
        }
        let since = opponent.away_since.unwrap_or(now);
        let due = since + claim_after_ms as f64;
        Some((due - now).max(0.0).ceil() as u64)
    }

    /// `seat` claims the win: the opponent, away on their move, loses on time.
    pub fn claim_win(
        &mut self,
        seat: Color,
        now: f64,
        claim_after_ms: u64,
    ) -> Result<Change, ErrorCode> {
        match self.claim_win_in(seat, now, claim_after_ms) {
            Some(0) => {
                self.session.time_out(!seat, now).map_err(refused)?;
                Ok(Change::Changed)
            }
            in_ms => Err(ErrorCode::NotClaimable { in_ms }),
        }
    }

    /// `seat` asks for a rematch; `Some(game)` when this accepts the opponent's request: the
    /// new game, sides swapped, the same tokens.
    pub fn offer_rematch(
        &mut self,
        seat: Color,
        new_id: impl FnOnce() -> Result<String, ErrorCode>,
        now: f64,
    ) -> Result<(Change, Option<LiveGame>), ErrorCode> {
        if !self.is_over() || self.meta.rematch.is_some() || self.meta.rematch_offer == Some(seat) {
            return Err(ErrorCode::NoRematch);
        }
        if self.meta.rematch_offer != Some(!seat) {
            self.meta.rematch_offer = Some(seat);
            return Ok((Change::Changed, None));
        }
        let id = new_id()?;
        let session = self.session.rematch(id.clone(), now);
        let mut meta = Meta {
            white_token: self.meta.black_token.clone(),
            black_token: self.meta.white_token.clone(),
            invite: None,
            white: self.meta.black.clone(),
            black: self.meta.white.clone(),
            rematch_offer: None,
            rematch: None,
            correspondence: self.meta.correspondence.map(|per_move| PerMove {
                days: per_move.days,
                since: Some(now),
            }),
        };
        for seat in [&mut meta.white, &mut meta.black] {
            if !seat.connected && seat.away_since.is_none() {
                seat.away_since = Some(now);
            }
        }
        self.meta.rematch_offer = None;
        self.meta.rematch = Some(id.clone());
        let next = LiveGame {
            version: 0,
            meta,
            session,
        };
        Ok((Change::Rematch { game: id }, Some(next)))
    }

    pub fn decline_rematch(&mut self, seat: Color) -> Result<Change, ErrorCode> {
        if self.meta.rematch_offer != Some(!seat) {
            return Err(ErrorCode::NoRematch);
        }
        self.meta.rematch_offer = None;
        Ok(Change::Changed)
    }

    /// Whether the game has been left alone too long at `now`, and what becomes of it:
    /// - an invite nobody has joined with `lifetimes.invite_ms` after the game was created: the
    ///   game goes;
    /// - a started game neither player has been connected to for `lifetimes.abandoned_ms`: the
    ///   game goes if no move was played, and otherwise ends, the side to move losing on time
    ///   (as when the opponent claims the win), kept with its record.
    ///
    /// A finished game never expires; nor does a started correspondence game, which its time
    /// per move ends (see [`LiveGame::flag`]).
    pub fn expiry(&self, now: f64, lifetimes: Lifetimes) -> Option<Expiry> {
        if self.is_over() {
            return None;
        }
        if self.meta.invite.is_some() {
            let age = now - self.session.created_at();
            return (age >= lifetimes.invite_ms).then_some(Expiry::Remove);
        }
        if self.meta.correspondence.is_some() {
            return None;
        }
        let (white, black) = (&self.meta.white, &self.meta.black);
        if white.connected || black.connected {
            return None;
        }
        let created = self.session.created_at();
        let left = white
            .away_since
            .unwrap_or(created)
            .max(black.away_since.unwrap_or(created));
        if now - left < lifetimes.abandoned_ms {
            return None;
        }
        Some(if self.session.game().moves().is_empty() {
            Expiry::Remove
        } else {
            Expiry::End
        })
    }

    /// Ends an abandoned game ([`Expiry::End`]): the side to move loses on time.
    pub fn abandon(&mut self, now: f64) -> Result<Change, ErrorCode> {
        let turn = self.session.game().position().turn();
        self.session.time_out(turn, now).map_err(refused)?;
        Ok(Change::Changed)
    }

    /// The result and its reason in words, once the game is over, for the log:
    /// `black wins (time) after 12 moves`, `draw (agreement) after 40 moves`.
    pub fn result_line(&self) -> Option<String> {
        let outcome = self.session.game().outcome()?;
        let moves = self.ply();
        Some(match outcome {
            Outcome::Win { winner, reason } => {
                let reason = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::NoLegalMove => "no legal move",
                    WinReason::Resignation => "resignation",
                    WinReason::Time => "time",
                    WinReason::KingCaptured => "king captured",
                };
                let winner = winner.name().to_lowercase();
                format!("{winner} wins ({reason}) after {moves} moves")
            }
            Outcome::Draw { reason } => {
                let reason = match reason {
                    DrawReason::Repetition => "repetition",
                    DrawReason::FiftyMoves => "fifty moves",
                    DrawReason::BareKings => "bare kings",
                    DrawReason::Agreement => "agreement",
                    DrawReason::TimeoutBareKing => "time out against a bare king",
                    DrawReason::Stalemate => "stalemate",
                };
                format!("draw ({reason}) after {moves} moves")
            }
        })
    }

    /// The time control in words, for the log: `clock 300+5 s`, `correspondence 3 days per
    /// move`, `untimed`.
    pub fn time_control_line(&self) -> String {
        if let Some(control) = self.session.time_control() {
            return format!(
                "clock {}+{} s",
                f64::from(control.base_ms) / 1000.0,
                f64::from(control.increment_ms) / 1000.0
            );
        }
        match self.meta.correspondence {
            Some(PerMove { days: 1, .. }) => "correspondence 1 day per move".to_string(),
            Some(per_move) => format!("correspondence {} days per move", per_move.days),
            None => "untimed".to_string(),
        }
    }

    /// The whole game as `seat` sees it at `now`.
    pub fn state(&self, seat: Color, now: f64, claim_after_ms: u64) -> GameState {
        let opponent = self.meta.seat(!seat);
        let presence = if !opponent.joined {
            Presence::Waiting
        } else if opponent.connected {
            Presence::Connected
        } else {
            Presence::Disconnected
        };
        let game = self.session.game();
        GameState {
            game: self.id().to_string(),
            you: seat,
            invite: self.meta.invite.clone(),
            moves: game.moves().iter().map(|mv| mv.coordinates()).collect(),
            clock: self.clock_view(now),
            draw_offer: self.session.draw_offer(),
            take_back_request: self.session.take_back_request(),
            rematch_offer: self.meta.rematch_offer,
            result: game.outcome(),
            opponent: presence,
            claim_win_in_ms: self.claim_win_in(seat, now, claim_after_ms),
            rematch: self.meta.rematch.clone(),
            revision: self.session.revision(),
            reading: self.session.reading(),
        }
    }

    /// What a change sends to `seat`.
    pub fn message(
        &self,
        change: &Change,
        seat: Color,
        now: f64,
        claim_after_ms: u64,
    ) -> ServerMessage {
        match change {
            Change::Moved { ply, mv } => ServerMessage::Moved {
                ply: *ply,
                mv: mv.clone(),
                revision: self.session.revision(),
                clock: self.clock_view(now),
                result: self.session.game().outcome(),
            },
            Change::Changed | Change::Rematch { .. } => {
                ServerMessage::State(self.state(seat, now, claim_after_ms))
            }
            Change::Removed { .. } => ServerMessage::error(ErrorCode::GameExpired),
        }
    }
}

/// A stored game's document with the tokens stored as themselves (an older store) hashed;
/// `None` when it has none such (or does not read: it is left as it is).
pub(crate) fn hash_plain_tokens(doc: &str) -> Option<String> {
    let mut value: serde_json::Value = serde_json::from_str(doc).ok()?;
    let meta = value.get_mut("meta")?.as_object_mut()?;
    let mut changed = false;
    for key in ["whiteToken", "blackToken"] {
        if let Some(serde_json::Value::String(stored)) = meta.get_mut(key) {
            if crate::ids::is_plain(stored) {
                *stored = crate::ids::token_hash(stored);
                changed = true;
            }
        }
    }
    if !changed {
        return None;
    }
    serde_json::to_string(&value).ok()
}

impl Meta {
    pub fn seat(&self, side: Color) -> &Seat {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    pub fn seat_mut(&mut self, side: Color) -> &mut Seat {
        match side {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

#[cfg(test)]
mod tests;
