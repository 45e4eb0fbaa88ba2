//! The game as this side sees it: the server's word (its [`GameState`] and each
//! [`ServerMessage::Moved`](ultima_protocol::ServerMessage)) played into a local copy, a
//! [`Session`] of the game core, so that the client has the position, the legal moves, the
//! views the UI draws and a finished game to file, all checked by the same rules as the server.
//!
//! The server is the authority: a state whose moves are not the copy's is replayed from the
//! start, and a move the copy cannot play means the two are out of step (the caller asks for
//! the state again by resuming).

use ultima_game::wire::{ClockView, GameView, MayAct};
use ultima_game::Session;
use ultima_protocol::{GameState, Presence};
use ultima_rules::{Color, DrawReason, Outcome, Position, WinReason};

/// The server's game and this copy do not agree.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OutOfStep {
    #[error("the server's move {ply} `{text}` does not play here: {reason}")]
    BadMove {
        ply: usize,
        text: String,
        reason: String,
    },
    #[error("the server's move is ply {ply}, but this copy has {have} moves")]
    Ply { ply: u32, have: usize },
    #[error("the server says the game ended ({outcome}), which does not follow from its moves")]
    Outcome { outcome: Outcome },
}

/// What an update changed, for sounds and announcements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move was added at the end (and may have ended the game).
    Moved,
    /// The game ended without a move (resignation, agreement, time).
    Ended,
    /// Anything else: offers, presence, the clock, a take-back.
    Other,
}

#[derive(Clone, Debug)]
pub struct OnlineGame {
    session: Session,
    state: GameState,
    /// When `state.clock` was read (milliseconds since 1970).
    clock_at: f64,
    /// Goes up with every update taken, so that of two views the newer shows.
    revision: u32,
}

impl OnlineGame {
    /// The copy of the server's game `state`, named `id` here, at `now`.
    pub fn new(id: String, state: GameState, now: f64) -> Result<OnlineGame, OutOfStep> {
        let session = replay(id, &state, now)?;
        Ok(OnlineGame {
            session,
            revision: state.revision,
            state,
            clock_at: now,
        })
    }

    /// Takes the whole state the server sent.
    pub fn apply_state(&mut self, state: GameState, now: f64) -> Result<Change, OutOfStep> {
        let was_over = self.session.is_over();
        let before = self.state.moves.len();
        let extends = state.moves.len() >= before
            && state.moves[..before] == self.state.moves[..]
            && state.reading == self.state.reading;
        if extends && !(was_over && state.result.is_none()) {
            for (ply, text) in state.moves.iter().enumerate().skip(before) {
                play_text(&mut self.session, ply, text, now)?;
            }
            settle(&mut self.session, state.result, now)?;
        } else {
            self.session = replay(self.session.id().to_string(), &state, now)?;
        }
        let change = if extends && state.moves.len() == before + 1 {
            Change::Moved
        } else if !was_over && self.session.is_over() {
            Change::Ended
        } else {
            Change::Other
        };
        self.state = state;
        self.clock_at = now;
        self.revision = self.revision.wrapping_add(1);
        Ok(change)
    }

    /// Takes a move the server accepted: `mv` at index `ply`, with the clock and result after it.
    pub fn apply_move(
        &mut self,
        ply: u32,
        mv: &str,
        clock: Option<ClockView>,
        result: Option<Outcome>,
        now: f64,
    ) -> Result<Change, OutOfStep> {
        let have = self.state.moves.len();
        if usize::try_from(ply).ok() != Some(have) {
            return Err(OutOfStep::Ply { ply, have });
        }
        play_text(&mut self.session, have, mv, now)?;
        settle(&mut self.session, result, now)?;
        let state = &mut self.state;
        state.moves.push(mv.to_string());
        state.clock = clock;
        state.result = result;
        // A move ends the offers it answers (as on the server): the mover's opponent's draw
        // offer and any take-back request.
        let mover = !self.session.game().position().turn();
        if state.draw_offer == Some(!mover) {
            state.draw_offer = None;
        }
        state.take_back_request = None;
        if result.is_some() {
            state.draw_offer = None;
        }
        self.clock_at = now;
        self.revision = self.revision.wrapping_add(1);
        Ok(Change::Moved)
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The side this device plays.
    pub fn you(&self) -> Color {
        self.state.you
    }

    /// Every move, in coordinates.
    pub fn moves(&self) -> &[String] {
        &self.state.moves
    }

    pub fn position(&self) -> &Position {
        self.session.game().position()
    }

    pub fn result(&self) -> Option<Outcome> {
        self.session.game().outcome()
    }

    pub fn is_over(&self) -> bool {
        self.session.is_over()
    }

    /// The opponent has joined (moves can be played).
    pub fn opponent_joined(&self) -> bool {
        self.state.opponent != Presence::Waiting
    }

    /// It is this side's move and the game goes on with both players seated.
    pub fn is_my_move(&self) -> bool {
        !self.is_over() && self.opponent_joined() && self.position().turn() == self.you()
    }

    /// The clock as it reads at `now` (counted down from when the server's reading came).
    pub fn clock_at(&self, now: f64) -> Option<ClockView> {
        let mut clock = self.state.clock?;
        let elapsed = (now - self.clock_at).max(0.0);
        match clock.running {
            Some(Color::White) => clock.white_ms = (clock.white_ms - elapsed).max(0.0),
            Some(Color::Black) => clock.black_ms = (clock.black_ms - elapsed).max(0.0),
            None => {}
        }
        Some(clock)
    }

    /// How long until the win can be claimed, read at `now` (`Some(0)`: now).
    pub fn claim_win_in(&self, now: f64) -> Option<u64> {
        let left = self.state.claim_win_in_ms?;
        let elapsed = (now - self.clock_at).max(0.0) as u64;
        Some(left.saturating_sub(elapsed))
    }

    /// The game as the play screen draws it at `now`: what this side may do, by the server's
    /// state (its offers, whether the friend has joined) and the rules.
    pub fn view(&self, now: f64) -> GameView {
        let mut view = self.session.view(now);
        let state = &self.state;
        let you = self.you();
        let open = !self.is_over() && self.opponent_joined();
        let has_moved = {
            let first = self.session.game().start().turn();
            let needed = if first == you { 1 } else { 2 };
            state.moves.len() >= needed
        };
        let when = |allowed: bool| allowed.then_some(you);
        view.may_act = MayAct {
            play: when(open && self.position().turn() == you),
            resign: when(open),
            offer_draw: when(open && state.draw_offer != Some(you)),
            answer_draw: when(open && state.draw_offer == Some(!you)),
            take_back: when(open && has_moved && state.take_back_request.is_none()),
            answer_take_back: when(open && state.take_back_request == Some(!you)),
        };
        if view.may_act.play.is_none() {
            view.legal_moves.clear();
        }
        view.revision = self.revision;
        view.clock = self.clock_at(now);
        view.draw_offer = state.draw_offer;
        view.take_back_request = state.take_back_request;
        view
    }
}

/// The server's moves played from the start, and its declared end.
fn replay(id: String, state: &GameState, now: f64) -> Result<Session, OutOfStep> {
    let mut session = Session::online(id, state.you, state.reading, now);
    for (ply, text) in state.moves.iter().enumerate() {
        play_text(&mut session, ply, text, now)?;
    }
    settle(&mut session, state.result, now)?;
    Ok(session)
}

/// Plays the server's move `text` (coordinates) as the side to move.
fn play_text(session: &mut Session, ply: usize, text: &str, now: f64) -> Result<(), OutOfStep> {
    let bad = |reason: String| OutOfStep::BadMove {
        ply,
        text: text.to_string(),
        reason,
    };
    let mv = session
        .game()
        .position()
        .parse_coordinates(text)
        .map_err(|error| bad(error.to_string()))?;
    let seat = session.game().position().turn();
    session
        .play_move(seat, &mv, now)
        .map_err(|error| bad(error.to_string()))?;
    Ok(())
}

/// Ends the copy as the server says the game ended, when the moves alone did not.
fn settle(session: &mut Session, outcome: Option<Outcome>, now: f64) -> Result<(), OutOfStep> {
    let Some(outcome) = outcome else {
        return Ok(());
    };
    if session.is_over() {
        return if session.game().outcome() == Some(outcome) {
            Ok(())
        } else {
            Err(OutOfStep::Outcome { outcome })
        };
    }
    let done = match outcome {
        Outcome::Win {
            winner,
            reason: WinReason::Resignation,
        } => session.resign(!winner, now).is_ok(),
        Outcome::Win {
            winner,
            reason: WinReason::Time,
        } => session.time_out(!winner, now).is_ok(),
        Outcome::Draw {
            reason: DrawReason::Agreement,
        } => {
            session.offer_draw(Color::White, now).is_ok()
                && session.answer_draw(Color::Black, true, now).is_ok()
        }
        // Mate, no legal move, repetition, fifty moves, bare kings: the moves decide these.
        _ => false,
    };
    if done && session.game().outcome() == Some(outcome) {
        Ok(())
    } else {
        Err(OutOfStep::Outcome { outcome })
    }
}

#[cfg(test)]
mod tests;
