//! A game session: the rules' `Game`, who plays it, and everything players do besides moving:
//! take-backs, resignation, draw offers and their answers, the clock.
//!
//! Authority: every action names the acting *seat* (a side), which the caller decides from
//! who is connected, never from what a client sends: a server knows "this connection is
//! White"; the app on one device uses [`Session::local_seat`] (against the bot, the player's
//! seat; between friends, the side to move moves, resigns and offers, the other side answers).
//! The session then decides whether that seat may do it. A refused action changes nothing.
//!
//! Time: every action is given `now` (milliseconds since 1970). A clock that has run out
//! refuses every action with `timeUp` until [`Session::flag`] ends the game on time; callers
//! call `flag` before acting (and when [`Session::next_flag_at`] comes).

use ultima_rules::{Color, Game, Move, Outcome, Position, Reading, Square};

use crate::clock::Clock;
use crate::problem::{Problem, SessionError};
use crate::time_control::TimeControl;
use crate::view;
use crate::wire::{
    BoardView, FinishedSummary, GameView, MayAct, NewGame, Opponent, PlyView, SideChoice,
};

/// What a seat may ask to do, besides moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Play,
    Resign,
    OfferDraw,
    AnswerDraw,
    /// Take back (against the bot) or ask to (between people).
    TakeBack,
    AnswerTakeBack,
}

/// What a take-back did: against the bot it is done at once; between people it waits for the
/// other side's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeBack {
    Done,
    Requested,
}

#[derive(Clone, Debug)]
pub struct Session {
    pub(crate) id: String,
    pub(crate) opponent: Opponent,
    pub(crate) game: Game,
    pub(crate) created_at: f64,
    pub(crate) ended_at: Option<f64>,
    pub(crate) clock: Option<Clock>,
    /// The side whose draw offer is open. It lapses when the offerer's opponent moves.
    pub(crate) draw_offer: Option<Color>,
    /// The side whose take-back request is open. It lapses with any move.
    pub(crate) take_back_request: Option<Color>,
    /// Goes up with every change, so that a view can be told from an older one.
    pub(crate) revision: u32,
    /// How many hints the player took (against the bot): the record keeps them.
    pub(crate) hints: u32,
    /// Whether the engine's evaluation bar was shown during play: the record notes it.
    pub(crate) eval_bar: bool,
    /// Every move's view, kept in step with the game (see [`Session::changed`]): a view of the
    /// game sends them all, and each is worked out once, not at every view.
    pub(crate) plies: Vec<PlyView>,
}

impl Session {
    /// A new game from the start position. `coin` decides a random side.
    pub fn new(request: NewGame, id: String, now: f64, coin: bool) -> Session {
        let (opponent, time_control, reading) = match request {
            NewGame::Bot {
                level,
                player_side,
                time_control,
                reading,
            } => {
                let player = match player_side {
                    SideChoice::White => Color::White,
                    SideChoice::Black => Color::Black,
                    SideChoice::Random if coin => Color::White,
                    SideChoice::Random => Color::Black,
                };
                let bot_side = !player;
                (Opponent::Bot { level, bot_side }, time_control, reading)
            }
            NewGame::Friend {
                turn_board,
                time_control,
                reading,
            } => (Opponent::Friend { turn_board }, time_control, reading),
        };
        Session::from_start(id, opponent, time_control, reading, now)
    }

    /// This device's copy of a game a server owns, in which it plays `player_side`: the
    /// server's moves and ends are played into it as they come (each by its side's seat), and
    /// it keeps no clock of its own (the server's runs). The game is played by `reading`, as
    /// the server's is.
    pub fn online(id: String, player_side: Color, reading: Reading, now: f64) -> Session {
        Session::from_start(id, Opponent::Online { player_side }, None, reading, now)
    }

    fn from_start(
        id: String,
        opponent: Opponent,
        time_control: Option<TimeControl>,
        reading: Reading,
        now: f64,
    ) -> Session {
        Session {
            id,
            opponent,
            game: Game::new(Position::start_of(reading)),
            created_at: now,
            ended_at: None,
            clock: time_control.map(Clock::new),
            draw_offer: None,
            take_back_request: None,
            revision: 0,
            hints: 0,
            eval_bar: false,
            plies: Vec::new(),
        }
    }

    /// The same opponent and time control again, the colours swapped against a bot.
    pub fn rematch(&self, id: String, now: f64) -> Session {
        let opponent = match self.opponent {
            Opponent::Bot { level, bot_side } => Opponent::Bot {
                level,
                bot_side: !bot_side,
            },
            friend => friend,
        };
        Session::from_start(id, opponent, self.time_control(), self.reading(), now)
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn opponent(&self) -> Opponent {
        self.opponent
    }

    /// The reading of the rules the game is played by (its start position's).
    pub fn reading(&self) -> Reading {
        self.game.reading()
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn created_at(&self) -> f64 {
        self.created_at
    }

    /// When the game ended (set once, when it ends; cleared by a take-back).
    pub fn ended_at(&self) -> Option<f64> {
        self.ended_at
    }

    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    pub fn time_control(&self) -> Option<TimeControl> {
        self.clock.as_ref().map(Clock::control)
    }

    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    pub fn take_back_request(&self) -> Option<Color> {
        self.take_back_request
    }

    /// Goes up by one with every change of the game (never down, take-backs included).
    pub fn revision(&self) -> u32 {
        self.revision
    }

    /// How many hints the player took in this game.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// Counts a hint: only against the bot, on the player's move, while the game goes on
    /// ([`Problem::NotAgainstBot`], [`Problem::NotYourTurn`], [`Problem::GameOver`] otherwise).
    pub fn count_hint(&mut self) -> Result<u32, SessionError> {
        if self.bot_side().is_none() {
            return Err(Problem::NotAgainstBot.into());
        }
        if self.is_over() {
            return Err(Problem::GameOver.into());
        }
        if self.is_bot_to_move() {
            return Err(Problem::NotYourTurn.into());
        }
        self.hints = self.hints.saturating_add(1);
        self.changed();
        Ok(self.hints)
    }

    /// Whether the engine's evaluation bar was shown while this game was played.
    pub fn eval_bar(&self) -> bool {
        self.eval_bar
    }

    /// Notes in the record that a position was evaluated for the evaluation bar during play:
    /// against the bot or between friends on one device, while the game goes on
    /// ([`Problem::NoEngineOnline`] in a game against a person online, [`Problem::GameOver`]).
    /// Answers whether this is the first time (only then the game changes).
    pub fn note_eval_bar(&mut self) -> Result<bool, SessionError> {
        if matches!(self.opponent, Opponent::Online { .. }) {
            return Err(Problem::NoEngineOnline.into());
        }
        if self.is_over() {
            return Err(Problem::GameOver.into());
        }
        if self.eval_bar {
            return Ok(false);
        }
        self.eval_bar = true;
        self.changed();
        Ok(true)
    }

    /// Every change goes through here: the revision goes up and the moves' views follow the
    /// game.
    fn changed(&mut self) {
        self.revision = self.revision.wrapping_add(1);
        self.sync_plies();
    }

    /// Brings the moves' views in step with the game's moves: the views of moves taken back
    /// go, those of new moves are worked out.
    pub(crate) fn sync_plies(&mut self) {
        let moves = self.game.moves();
        let kept = self
            .plies
            .iter()
            .zip(moves)
            .take_while(|(ply, mv)| view::is_view_of(ply, mv))
            .count();
        self.plies.truncate(kept);
        for (ply, mv) in moves.iter().enumerate().skip(kept) {
            if let Some(before) = self.game.position_at(ply) {
                self.plies.push(view::ply_view(before, mv));
            }
        }
    }

    pub fn bot_side(&self) -> Option<Color> {
        match self.opponent {
            Opponent::Bot { bot_side, .. } => Some(bot_side),
            Opponent::Friend { .. } | Opponent::Online { .. } => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    pub fn is_bot_to_move(&self) -> bool {
        !self.is_over() && self.bot_side() == Some(self.game.position().turn())
    }

    /// The seat the app acts as, on one device, for `action`: against the bot, and online,
    /// always the player's; between friends the side to move moves, resigns and offers a draw, the other
    /// side answers an offer, the side that moved last asks for a take-back and the side to
    /// move answers.
    pub fn local_seat(&self, action: Action) -> Color {
        if let Some(bot) = self.bot_side() {
            return !bot;
        }
        if let Opponent::Online { player_side } = self.opponent {
            return player_side;
        }
        let turn = self.game.position().turn();
        match action {
            Action::Play | Action::Resign | Action::OfferDraw => turn,
            Action::AnswerDraw => self.draw_offer.map_or(!turn, |offerer| !offerer),
            Action::TakeBack => !turn,
            Action::AnswerTakeBack => self.take_back_request.map_or(turn, |asker| !asker),
        }
    }

    /// Whether `seat` may do `action` at `now`.
    pub fn may(&self, seat: Color, action: Action, now: f64) -> bool {
        let check = match action {
            Action::Play => self.check_play(seat, now),
            Action::Resign => self.check_resign(seat, now),
            Action::OfferDraw => self.check_offer_draw(seat, now),
            Action::AnswerDraw => self.check_answer_draw(seat, now),
            Action::TakeBack => self.check_take_back(seat, now),
            Action::AnswerTakeBack => self.check_answer_take_back(seat, now),
        };
        check.is_ok()
    }

    /// Whether this device may take back (or ask to) now: today's "take back" button.
    pub fn can_take_back(&self, now: f64) -> bool {
        self.may(self.local_seat(Action::TakeBack), Action::TakeBack, now)
    }

    /// `seat` plays the move from `from` to `to` (square names).
    pub fn play(
        &mut self,
        seat: Color,
        from: &str,
        to: &str,
        now: f64,
    ) -> Result<Move, SessionError> {
        self.check_play(seat, now)?;
        let from = parse_square(from)?;
        let to = parse_square(to)?;
        let mover = self.game.position().turn();
        let played = self.game.play_at(from, to)?;
        self.pushed(mover, now);
        Ok(played)
    }

    /// `seat` plays `mv` (its squares; the rules work out the captures).
    pub fn play_move(&mut self, seat: Color, mv: &Move, now: f64) -> Result<Move, SessionError> {
        self.check_play(seat, now)?;
        self.push(*mv, now)
    }

    /// Plays the bot's move, checked by the rules like any other.
    pub fn play_bot(&mut self, mv: &Move, now: f64) -> Result<Move, SessionError> {
        self.check_open(now)?;
        if !self.is_bot_to_move() {
            return Err(Problem::NotYourTurn.into());
        }
        self.push(*mv, now)
    }

    fn push(&mut self, mv: Move, now: f64) -> Result<Move, SessionError> {
        let mover = self.game.position().turn();
        let played = self.game.play(&mv)?;
        self.pushed(mover, now);
        Ok(played)
    }

    /// After `mover`'s move: offers lapse, the clock is punched, an end noted.
    fn pushed(&mut self, mover: Color, now: f64) {
        if self.draw_offer == Some(!mover) {
            self.draw_offer = None;
        }
        self.take_back_request = None;
        let start_next = self.game.moves().len() >= 2 && !self.is_over();
        if let Some(clock) = &mut self.clock {
            clock.punch(mover, now, start_next);
        }
        self.note_end(now);
        self.changed();
    }

    /// `seat` takes back its last move (and the opponent's answer to it): against the bot at
    /// once; between people, it asks, and the other side answers.
    pub fn take_back(&mut self, seat: Color, now: f64) -> Result<TakeBack, SessionError> {
        self.check_take_back(seat, now)?;
        if self.bot_side().is_some() {
            self.undo_for(seat, now);
            Ok(TakeBack::Done)
        } else {
            self.take_back_request = Some(seat);
            self.changed();
            Ok(TakeBack::Requested)
        }
    }

    /// `seat` answers the opponent's take-back request.
    pub fn answer_take_back(
        &mut self,
        seat: Color,
        accept: bool,
        now: f64,
    ) -> Result<(), SessionError> {
        self.check_answer_take_back(seat, now)?;
        self.take_back_request = None;
        if accept {
            self.undo_for(!seat, now);
        } else {
            self.changed();
        }
        Ok(())
    }

    /// Undoes moves until `seat`'s last move is gone (with whatever answered it).
    fn undo_for(&mut self, seat: Color, now: f64) {
        while self.game.undo().is_some() {
            // After an undo, the side to move is the one whose move was undone.
            if self.game.position().turn() == seat {
                break;
            }
        }
        self.draw_offer = None;
        self.take_back_request = None;
        self.ended_at = None;
        let running = (self.game.moves().len() >= 2).then(|| self.game.position().turn());
        if let Some(clock) = &mut self.clock {
            clock.run(running, now);
        }
        self.changed();
    }

    /// `seat` resigns.
    pub fn resign(&mut self, seat: Color, now: f64) -> Result<(), SessionError> {
        self.check_resign(seat, now)?;
        self.game.resign(seat)?;
        self.end(now);
        Ok(())
    }

    /// `seat` offers a draw. When the opponent's offer is open, this accepts it.
    pub fn offer_draw(&mut self, seat: Color, now: f64) -> Result<(), SessionError> {
        self.check_offer_draw(seat, now)?;
        if self.draw_offer == Some(!seat) {
            self.game.agree_draw()?;
            self.end(now);
        } else {
            self.draw_offer = Some(seat);
            self.changed();
        }
        Ok(())
    }

    /// `seat` answers the opponent's draw offer: a draw when accepted, the offer gone if not.
    pub fn answer_draw(&mut self, seat: Color, accept: bool, now: f64) -> Result<(), SessionError> {
        self.check_answer_draw(seat, now)?;
        if accept {
            self.game.agree_draw()?;
            self.end(now);
        } else {
            self.draw_offer = None;
            self.changed();
        }
        Ok(())
    }

    /// Ends the game on time if the running clock has run out at `now`; the outcome if so.
    pub fn flag(&mut self, now: f64) -> Option<Outcome> {
        if self.is_over() {
            return None;
        }
        let side = self.clock.as_ref()?.flagged(now)?;
        let outcome = self.game.lose_on_time(side).ok()?;
        self.end(now);
        Some(outcome)
    }

    /// `seat`, the side to move, loses on time by a limit the session's clock does not keep,
    /// which the caller referees: a time-out per move (an engine in `ultima match` that does
    /// not answer), a server's deadline for a move, a player who left and did not come back.
    /// The session's own clock ends games through [`Session::flag`] instead.
    pub fn time_out(&mut self, seat: Color, now: f64) -> Result<Outcome, SessionError> {
        self.check_open(now)?;
        if seat != self.game.position().turn() {
            return Err(Problem::NotYourTurn.into());
        }
        let outcome = self.game.lose_on_time(seat)?;
        self.end(now);
        Ok(outcome)
    }

    /// Whether [`Session::flag`] would end the game at `now`.
    pub fn flag_due(&self, now: f64) -> bool {
        !self.is_over() && self.flagged(now).is_some()
    }

    /// When the running clock runs out, if the game goes on and a clock runs: the time to
    /// call [`Session::flag`].
    pub fn next_flag_at(&self) -> Option<f64> {
        if self.is_over() {
            return None;
        }
        self.clock.as_ref()?.flag_at()
    }

    /// Counts the running clock from `now` on, forgiving the time since it last ran (the app
    /// was closed): see [`Clock::resume`].
    pub fn resume_clock(&mut self, now: f64) {
        if let Some(clock) = &mut self.clock {
            clock.resume(now);
        }
    }

    fn end(&mut self, now: f64) {
        self.draw_offer = None;
        self.take_back_request = None;
        if let Some(clock) = &mut self.clock {
            clock.run(None, now);
        }
        self.note_end(now);
        self.changed();
    }

    fn note_end(&mut self, now: f64) {
        if self.ended_at.is_none() && self.is_over() {
            self.ended_at = Some(now);
        }
    }

    fn flagged(&self, now: f64) -> Option<Color> {
        self.clock.as_ref()?.flagged(now)
    }

    /// The game goes on and no clock has run out.
    fn check_open(&self, now: f64) -> Result<(), Problem> {
        if self.is_over() {
            return Err(Problem::GameOver);
        }
        match self.flagged(now) {
            Some(side) => Err(Problem::TimeUp { side }),
            None => Ok(()),
        }
    }

    /// A seat a person sits in: the bot's seat is the bot's alone.
    fn check_person(&self, seat: Color) -> Result<(), Problem> {
        if self.bot_side() == Some(seat) {
            Err(Problem::SeatIsBot)
        } else {
            Ok(())
        }
    }

    fn check_play(&self, seat: Color, now: f64) -> Result<(), Problem> {
        self.check_open(now)?;
        self.check_person(seat)?;
        if seat != self.game.position().turn() {
            return Err(Problem::NotYourTurn);
        }
        Ok(())
    }

    fn check_resign(&self, seat: Color, now: f64) -> Result<(), Problem> {
        self.check_open(now)?;
        self.check_person(seat)
    }

    fn check_offer_draw(&self, seat: Color, now: f64) -> Result<(), Problem> {
        self.check_open(now)?;
        if self.bot_side().is_some() {
            return Err(Problem::NotAgainstBot);
        }
        if self.draw_offer == Some(seat) {
            return Err(Problem::DrawAlreadyOffered);
        }
        Ok(())
    }

    fn check_answer_draw(&self, seat: Color, now: f64) -> Result<(), Problem> {
        self.check_open(now)?;
        if self.bot_side().is_some() {
            return Err(Problem::NotAgainstBot);
        }
        if self.draw_offer != Some(!seat) {
            return Err(Problem::NoDrawOffer);
        }
        Ok(())
    }

    fn check_take_back(&self, seat: Color, now: f64) -> Result<(), Problem> {
        self.check_open(now)?;
        self.check_person(seat)?;
        if self.take_back_request.is_some() {
            return Err(Problem::TakeBackAlreadyRequested);
        }
        if !self.has_moved(seat) {
            return Err(Problem::NothingToTakeBack);
        }
        Ok(())
    }

    fn check_answer_take_back(&self, seat: Color, now: f64) -> Result<(), Problem> {
        self.check_open(now)?;
        if self.take_back_request != Some(!seat) {
            return Err(Problem::NoTakeBackRequest);
        }
        Ok(())
    }

    /// Whether `seat` has made a move in this game.
    fn has_moved(&self, seat: Color) -> bool {
        let moves = self.game.moves().len();
        if self.game.start().turn() == seat {
            moves >= 1
        } else {
            moves >= 2
        }
    }

    /// The game as this device shows it at `now` (the clock read then): what may be done is
    /// for the seats of [`Session::local_seat`].
    pub fn view(&self, now: f64) -> GameView {
        self.view_with(|action| self.local_seat(action), now)
    }

    /// The game as `seat` sees it, for a connection that is that seat (a server's player).
    pub fn view_for(&self, seat: Color, now: f64) -> GameView {
        self.view_with(|_| seat, now)
    }

    fn view_with(&self, seat_for: impl Fn(Action) -> Color, now: f64) -> GameView {
        let game = &self.game;
        let board = view::board_view_after(game, game.moves().len(), self.plies.last().cloned())
            .unwrap_or_else(|| empty_board(game.position()));
        let may = |action| {
            let seat = seat_for(action);
            self.may(seat, action, now).then_some(seat)
        };
        let may_act = MayAct {
            play: may(Action::Play),
            resign: may(Action::Resign),
            offer_draw: may(Action::OfferDraw),
            answer_draw: may(Action::AnswerDraw),
            take_back: may(Action::TakeBack),
            answer_take_back: may(Action::AnswerTakeBack),
        };
        let legal_moves = if may_act.play.is_some() {
            game.position()
                .legal_moves()
                .iter()
                .map(view::move_view)
                .collect()
        } else {
            Vec::new()
        };
        GameView {
            id: self.id.clone(),
            revision: self.revision,
            opponent: self.opponent,
            board,
            legal_moves,
            plies: self.plies.clone(),
            result: game.outcome(),
            bot_to_move: self.is_bot_to_move(),
            clock: self.clock.as_ref().map(|clock| clock.view(now)),
            draw_offer: self.draw_offer,
            take_back_request: self.take_back_request,
            may_act,
            eval_bar: self.eval_bar,
            reading: self.reading(),
        }
    }

    /// The board after `ply` moves, to step through the game.
    pub fn board_at(&self, ply: u32) -> Result<BoardView, SessionError> {
        usize::try_from(ply)
            .ok()
            .and_then(|at| view::board_view(&self.game, at))
            .ok_or_else(|| Problem::NoSuchPly { ply }.into())
    }

    /// The line in the list of finished games, once the game is over.
    pub fn summary(&self) -> Option<FinishedSummary> {
        Some(FinishedSummary {
            id: self.id.clone(),
            opponent: self.opponent,
            result: self.game.outcome()?,
            moves: u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX),
            ended_at: self.ended_at.unwrap_or(self.created_at),
            eval_bar: self.eval_bar,
            reading: self.reading(),
        })
    }
}

fn empty_board(position: &Position) -> BoardView {
    BoardView {
        pieces: Vec::new(),
        frozen: Vec::new(),
        check: None,
        last_move: None,
        turn: position.turn(),
        ply: 0,
    }
}

fn parse_square(name: &str) -> Result<Square, Problem> {
    name.parse().map_err(|_| Problem::BadSquare {
        text: name.to_string(),
    })
}

#[cfg(test)]
mod tests;
