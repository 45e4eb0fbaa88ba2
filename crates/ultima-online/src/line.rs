//! A connection to a server as a state machine without I/O: the shell that holds the socket (the
//! browser's `WebSocket`) tells it what happened (opened, a frame, closed, a timer) and does
//! what it answers ([`Effect`]s: open a socket, send a frame, close, wait and call again). It
//! seats the player (create, join, resume), checks the protocol's version, reports the server's
//! messages and the state of the line as [`Event`]s, keeps the line alive with pings, and after
//! a drop comes back with the game's token, waiting longer after each failed try.
//!
//! It follows the rules of the tokio client ([`crate::client`]): the same seating, the same
//! refusals taken as final, the same waits ([`Options::retry_after`]).

use std::time::Duration;

use ultima_protocol::{ClientMessage, ErrorCode, ServerMessage, PROTOCOL_VERSION};

use crate::error::OnlineError;
use crate::link::{Credentials, Event, Link, Seat};

/// How patient the connection is (the same defaults for every shell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// How long connecting (and being seated) may take.
    pub connect_timeout: Duration,
    /// The wait before the first try to come back; doubled after each failed one.
    pub first_retry: Duration,
    /// The longest wait between tries.
    pub max_retry: Duration,
    /// How often the line is checked with a ping.
    pub ping_every: Duration,
    /// A line on which nothing came for this long is taken as dropped.
    pub silence_limit: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            connect_timeout: Duration::from_secs(10),
            first_retry: Duration::from_millis(250),
            max_retry: Duration::from_secs(8),
            ping_every: Duration::from_secs(10),
            silence_limit: Duration::from_secs(30),
        }
    }
}

impl Options {
    /// The wait before the `attempt`th try (1, 2, ...).
    pub fn retry_after(&self, attempt: u32) -> Duration {
        let doubled = self
            .first_retry
            .saturating_mul(1u32 << attempt.saturating_sub(1).min(16));
        doubled.min(self.max_retry)
    }
}

/// Refusals that trying again cannot mend.
pub(crate) fn is_final(error: &OnlineError) -> bool {
    match error {
        OnlineError::Refused(code) => !matches!(
            code,
            ErrorCode::JoinRateLimited { .. }
                | ErrorCode::CreateRateLimited { .. }
                | ErrorCode::RateLimited { .. }
                | ErrorCode::Unavailable
        ),
        OnlineError::Protocol { .. } | OnlineError::BadAddress { .. } | OnlineError::Closed => true,
        _ => false,
    }
}

/// How long to wait before trying again after `error` (the server's own wait when it says one).
pub(crate) fn wait_after(error: &OnlineError, attempt: u32, options: &Options) -> Duration {
    match error {
        OnlineError::Refused(
            ErrorCode::JoinRateLimited { retry_after_ms }
            | ErrorCode::CreateRateLimited { retry_after_ms }
            | ErrorCode::RateLimited { retry_after_ms },
        ) => Duration::from_millis(*retry_after_ms),
        _ => options.retry_after(attempt),
    }
}

/// What the shell is to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Open a socket to the line's address (the one before, if any, is closed already).
    Open,
    /// Send this text frame.
    Send(String),
    /// Close the socket.
    Close,
    /// Call [`Line::retry_due`] after this long.
    RetryIn(Duration),
    /// Seated for the first time: these credentials (keep them to come back) and, for a game
    /// created here, the invite.
    Ready {
        credentials: Credentials,
        invite: Option<String>,
    },
    /// The first seating failed: the line is over (create and join fail at once, as the tokio
    /// client's `open` does).
    Failed(OnlineError),
    /// Something for the game: a message, a new seat, the line down or back, the end.
    Report(Event),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// A socket is being opened.
    Opening,
    /// The server said hello; the seat was asked for.
    Seating,
    /// Seated: the game's messages come and go.
    Seated,
    /// Down, waiting to try again.
    Waiting,
    /// Over for good.
    Stopped,
}

/// One connection's state.
#[derive(Clone, Debug)]
pub struct Line {
    address: String,
    /// The seat to ask for: the first one (create, join, resume), then the game's token.
    seat: Seat,
    /// Not seated yet: a create or a join that fails ends the line.
    first: bool,
    credentials: Option<Credentials>,
    options: Options,
    phase: Phase,
    attempt: u32,
    /// When something last came (ms, the shell's clock).
    heard_ms: f64,
    /// When the last ping went.
    pinged_ms: f64,
}

impl Line {
    /// A line that takes `seat` (create, join or resume) at `address` (already normalized),
    /// its socket opened at `now_ms`. If this first seating fails the line is over
    /// ([`Effect::Failed`]).
    pub fn new(address: String, seat: Seat, options: Options, now_ms: f64) -> (Line, Vec<Effect>) {
        Line::start(address, seat, true, options, now_ms)
    }

    /// A line that comes back to a game with its `credentials` in the background: it tries
    /// until it is seated, reporting each failed try, and stops only on a refusal that cannot
    /// mend (a token the server does not know).
    pub fn resume(
        address: String,
        credentials: Credentials,
        options: Options,
        now_ms: f64,
    ) -> (Line, Vec<Effect>) {
        Line::start(address, Seat::Resume(credentials), false, options, now_ms)
    }

    fn start(
        address: String,
        seat: Seat,
        first: bool,
        options: Options,
        now_ms: f64,
    ) -> (Line, Vec<Effect>) {
        let credentials = match &seat {
            Seat::Resume(credentials) => Some(credentials.clone()),
            _ => None,
        };
        let line = Line {
            address,
            seat,
            first,
            credentials,
            options,
            phase: Phase::Opening,
            attempt: 0,
            heard_ms: now_ms,
            pinged_ms: now_ms,
        };
        (line, vec![Effect::Open])
    }

    pub fn address(&self) -> &str {
        &self.address
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The game this line plays now (the rematch's, once one started) and its token.
    pub fn credentials(&self) -> Option<&Credentials> {
        self.credentials.as_ref()
    }

    pub fn is_connected(&self) -> bool {
        self.phase == Phase::Seated
    }

    pub fn is_stopped(&self) -> bool {
        self.phase == Phase::Stopped
    }

    /// The socket opened: the server speaks first.
    pub fn opened(&mut self, now_ms: f64) -> Vec<Effect> {
        self.heard_ms = now_ms;
        Vec::new()
    }

    /// A text frame came.
    pub fn received(&mut self, text: &str, now_ms: f64) -> Vec<Effect> {
        self.heard_ms = now_ms;
        let message = match ServerMessage::decode(text) {
            Ok(message) => message,
            Err(error) => {
                let error = OnlineError::Unexpected(error.to_string());
                return match self.phase {
                    Phase::Seated => {
                        let reason = format!("the server sent a frame that does not read: {error}");
                        let mut effects = vec![Effect::Close];
                        effects.extend(self.lost(reason));
                        effects
                    }
                    _ => self.seating_failed(error),
                };
            }
        };
        match (self.phase, message) {
            (Phase::Opening, ServerMessage::Hello { protocol }) => {
                if protocol != PROTOCOL_VERSION {
                    return self.seating_failed(OnlineError::Protocol {
                        found: protocol,
                        expected: PROTOCOL_VERSION,
                    });
                }
                self.phase = Phase::Seating;
                vec![Effect::Send(self.seat.message().encode())]
            }
            (Phase::Opening, other) => self.seating_failed(unexpected("hello", &other)),
            (
                Phase::Seating,
                ServerMessage::Seated {
                    game,
                    color,
                    token,
                    invite,
                },
            ) => {
                let credentials = Credentials { game, color, token };
                self.credentials = Some(credentials.clone());
                self.seat = Seat::Resume(credentials.clone());
                self.phase = Phase::Seated;
                self.attempt = 0;
                self.pinged_ms = now_ms;
                let mut effects = Vec::new();
                if std::mem::take(&mut self.first) {
                    effects.push(Effect::Ready {
                        credentials,
                        invite,
                    });
                }
                effects.push(Effect::Report(Event::Link(Link::Connected)));
                effects
            }
            (Phase::Seating, ServerMessage::Error { error }) => {
                self.seating_failed(OnlineError::Refused(error))
            }
            (Phase::Seating, ServerMessage::Pong {}) => Vec::new(),
            (Phase::Seating, other) => self.seating_failed(unexpected("seated", &other)),
            (
                Phase::Seated,
                ServerMessage::Seated {
                    game, color, token, ..
                },
            ) => {
                // A rematch: the same connection, the new game's seat.
                let credentials = Credentials { game, color, token };
                self.credentials = Some(credentials.clone());
                self.seat = Seat::Resume(credentials.clone());
                vec![Effect::Report(Event::Seated(credentials))]
            }
            (Phase::Seated, ServerMessage::Hello { .. } | ServerMessage::Pong {}) => Vec::new(),
            (Phase::Seated, message) => vec![Effect::Report(Event::Message(message))],
            // A late frame of a socket being given up.
            (Phase::Waiting | Phase::Stopped, _) => Vec::new(),
        }
    }

    /// The socket closed (or could not open, or took too long: `reason` says which).
    pub fn closed(&mut self, reason: &str) -> Vec<Effect> {
        let error = OnlineError::Unreachable {
            address: self.address.clone(),
            reason: reason.to_string(),
        };
        self.failed(error)
    }

    /// The socket could not open for a reason the shell knows better than "unreachable" (the
    /// server's certificate was refused, the secure handshake failed), or it closed.
    pub fn failed(&mut self, error: OnlineError) -> Vec<Effect> {
        match self.phase {
            Phase::Stopped | Phase::Waiting => Vec::new(),
            Phase::Opening | Phase::Seating => self.seating_failed(error),
            Phase::Seated => self.lost(match error {
                OnlineError::Unreachable { reason, .. } => reason,
                other => other.to_string(),
            }),
        }
    }

    /// The wait asked by [`Effect::RetryIn`] is over.
    pub fn retry_due(&mut self, now_ms: f64) -> Vec<Effect> {
        if self.phase != Phase::Waiting {
            return Vec::new();
        }
        self.phase = Phase::Opening;
        self.heard_ms = now_ms;
        vec![Effect::Open]
    }

    /// Called often (every second or so): a ping on a seated line every [`Options::ping_every`],
    /// or, when nothing came for [`Options::silence_limit`], the line taken as dropped; a socket
    /// that takes longer than [`Options::connect_timeout`] to be seated is given up.
    pub fn tick(&mut self, now_ms: f64) -> Vec<Effect> {
        let quiet = Duration::from_secs_f64((now_ms - self.heard_ms).max(0.0) / 1000.0);
        match self.phase {
            Phase::Seated if quiet > self.options.silence_limit => {
                let mut effects = vec![Effect::Close];
                effects.extend(self.lost("the server stopped answering".into()));
                effects
            }
            Phase::Seated
                if now_ms - self.pinged_ms >= self.options.ping_every.as_secs_f64() * 1000.0 =>
            {
                self.pinged_ms = now_ms;
                vec![Effect::Send(ClientMessage::Ping {}.encode())]
            }
            Phase::Opening | Phase::Seating if quiet > self.options.connect_timeout => {
                let mut effects = vec![Effect::Close];
                let reason = format!("no answer in {} s", self.options.connect_timeout.as_secs());
                effects.extend(self.closed(&reason));
                effects
            }
            _ => Vec::new(),
        }
    }

    /// `message` to the server; refused with [`OnlineError::Offline`] while the line is down
    /// (nothing is queued: a move must be played in the position the server has).
    pub fn send(&self, message: &ClientMessage) -> Result<Vec<Effect>, OnlineError> {
        match self.phase {
            Phase::Seated => Ok(vec![Effect::Send(message.encode())]),
            Phase::Stopped => Err(OnlineError::Closed),
            _ => Err(OnlineError::Offline),
        }
    }

    /// Closes the line for good (the game goes on on the server: resume it later).
    pub fn close(&mut self) -> Vec<Effect> {
        if self.phase == Phase::Stopped {
            return Vec::new();
        }
        self.phase = Phase::Stopped;
        vec![
            Effect::Close,
            Effect::Report(Event::Stopped(OnlineError::Closed)),
        ]
    }

    /// Seating failed: the first seating ends the line; coming back tries again unless the
    /// refusal is final.
    fn seating_failed(&mut self, error: OnlineError) -> Vec<Effect> {
        if self.first {
            self.phase = Phase::Stopped;
            return vec![Effect::Close, Effect::Failed(error)];
        }
        if is_final(&error) {
            self.phase = Phase::Stopped;
            return vec![Effect::Close, Effect::Report(Event::Stopped(error))];
        }
        self.attempt = self.attempt.saturating_add(1);
        let wait = wait_after(&error, self.attempt, &self.options);
        self.phase = Phase::Waiting;
        vec![
            Effect::Close,
            Effect::Report(Event::Link(Link::Lost {
                attempt: self.attempt,
                retry_in_ms: u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
                reason: error.to_string(),
            })),
            Effect::RetryIn(wait),
        ]
    }

    /// A seated line went down: the first try to come back is due soon.
    fn lost(&mut self, reason: String) -> Vec<Effect> {
        self.attempt = 1;
        let wait = self.options.retry_after(self.attempt);
        self.phase = Phase::Waiting;
        vec![
            Effect::Report(Event::Link(Link::Lost {
                attempt: self.attempt,
                retry_in_ms: u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
                reason,
            })),
            Effect::RetryIn(wait),
        ]
    }
}

fn unexpected(wanted: &str, got: &ServerMessage) -> OnlineError {
    OnlineError::Unexpected(format!("wanted `{wanted}`, got {}", got.encode()))
}

#[cfg(test)]
mod tests;
