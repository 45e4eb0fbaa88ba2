//! One try at a task, move by move: the game, the opponent's replies, the pieces the goal is
//! about, followed wherever they go. The runner and the check share it, so the check judges
//! exactly what the learner meets.

use ultima_bot::{history_hashes, Engine, LevelExt, LevelPlayer, NoClock};
use ultima_rules::{DrawReason, Game, GameError, Move, MoveError, Outcome, Square};

use crate::data::{DrawGoal, Goal, OpponentSpec, Task};

/// Why a try ended without the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum MissReason {
    /// The move (or the opponent's reply) lost what the goal needed.
    GoalMissed,
    /// All the moves the task allows are used.
    BudgetSpent,
    /// The game ended (the learner lost, or a draw that is not the goal).
    GameOver,
}

/// What one learner move led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LineStep {
    Continue {
        played: Move,
        reply: Move,
    },
    Solved {
        played: Move,
        reply: Option<Move>,
    },
    Missed {
        played: Move,
        reply: Option<Move>,
        reason: MissReason,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct Line<'a> {
    pub(crate) task: &'a Task,
    pub(crate) game: Game,
    /// The learner's moves so far.
    pub(crate) learner_moves: u32,
    /// Whether every move so far is the solution's (the hint then shows the solution's move).
    pub(crate) on_script: bool,
    /// Where the goal's pieces stand now (`None`: gone), in the goal's order.
    tracked: Vec<Option<Square>>,
    /// The learner removed the goal's piece.
    removed: bool,
    /// The learner played the goal's move (a notation task).
    played_goal: bool,
}

impl<'a> Line<'a> {
    pub(crate) fn new(task: &'a Task) -> Line<'a> {
        let tracked = match &task.goal {
            Goal::Capture(squares) | Goal::Safe(squares) => {
                squares.iter().map(|s| Some(*s)).collect()
            }
            Goal::Remove(square) => vec![Some(*square)],
            _ => Vec::new(),
        };
        Line {
            task,
            game: Game::new(task.board.position.clone()),
            learner_moves: 0,
            on_script: true,
            tracked,
            removed: false,
            played_goal: false,
        }
    }

    /// Where the goal's pieces stand now (those taken or removed left out).
    pub(crate) fn tracked_squares(&self) -> Vec<Square> {
        self.tracked.iter().flatten().copied().collect()
    }

    fn follow(&mut self, mv: &Move) {
        for slot in self.tracked.iter_mut() {
            if let Some(square) = *slot {
                if mv.captures.contains(square) || (mv.is_removal() && mv.from == square) {
                    *slot = None;
                } else if mv.from == square {
                    *slot = Some(mv.to);
                }
            }
        }
    }

    fn goal_met(&self) -> bool {
        let learner = self.task.learner();
        let outcome = self.game.outcome();
        // Leaving the opponent without a legal move wins the game, which is more than any
        // task asks (even a draw task: a win counts over a draw, as in the rules).
        if matches!(outcome, Some(Outcome::Win { winner, .. }) if winner == learner)
            && !self.task.goal.is_quiz()
        {
            return true;
        }
        match &self.task.goal {
            Goal::Capture(_) => self.tracked.iter().all(Option::is_none),
            Goal::Reach(square) => self
                .game
                .position()
                .piece_at(*square)
                .is_some_and(|p| p.color == learner),
            Goal::Win => matches!(outcome, Some(Outcome::Win { winner, .. }) if winner == learner),
            Goal::Remove(_) => self.removed,
            // Judged after the reply (a win on the spot is handled above).
            Goal::Safe(_) => false,
            Goal::Draw(kind) => {
                let wanted = match kind {
                    DrawGoal::Repetition => DrawReason::Repetition,
                    DrawGoal::Fifty => DrawReason::FiftyMoves,
                    DrawGoal::BareKings => DrawReason::BareKings,
                };
                matches!(outcome, Some(Outcome::Draw { reason }) if reason == wanted)
            }
            Goal::Play { .. } => self.played_goal,
            Goal::Takes { .. } | Goal::Threats(_) | Goal::Setup => false,
        }
    }

    /// The script's reply to the learner's latest move, when it is legal here, even after the
    /// learner left the solution: a different move with the same idea then meets the same
    /// answer. When it is not legal, the bot answers.
    fn scripted_reply(&self) -> Option<Move> {
        // The reply to the learner's latest move follows it in the solution.
        let index = (2 * self.learner_moves as usize).checked_sub(1)?;
        let (from, to) = *self.task.solution.get(index)?;
        self.game.position().find_move(from, to).ok()
    }

    /// For a piece to keep: a reply that takes one of the pieces, if there is one. "Safe"
    /// means no reply can take them, not that the bot happened not to.
    fn threat_reply(&self) -> Option<Move> {
        if !matches!(self.task.goal, Goal::Safe(_)) {
            return None;
        }
        self.game
            .position()
            .legal_moves()
            .into_iter()
            .find(|reply| {
                self.tracked
                    .iter()
                    .flatten()
                    .any(|square| reply.captures.contains(*square))
            })
    }

    /// The learner plays `from`-`to`; the opponent answers when the try goes on.
    pub(crate) fn play(&mut self, from: Square, to: Square) -> Result<LineStep, MoveError> {
        let played = self.game.position().find_move(from, to)?;
        match self.game.play(&played) {
            Ok(_) => {}
            Err(GameError::Illegal(e)) => return Err(e),
            Err(GameError::Over(_)) => {
                return Ok(LineStep::Missed {
                    played,
                    reply: None,
                    reason: MissReason::GameOver,
                })
            }
        }
        let index = 2 * self.learner_moves as usize;
        self.on_script &= self.task.solution.get(index) == Some(&(from, to));
        self.learner_moves += 1;
        if played.is_removal()
            && self.task.goal == Goal::Remove(from)
            && self.tracked.first() == Some(&Some(from))
        {
            self.removed = true;
        }
        self.follow(&played);
        if self.task.goal == (Goal::Play { from, to }) {
            self.played_goal = true;
        }

        if self.goal_met() {
            return Ok(LineStep::Solved {
                played,
                reply: None,
            });
        }
        let missed = |reply, reason| LineStep::Missed {
            played,
            reply,
            reason,
        };
        if self.game.outcome().is_some() {
            return Ok(missed(None, MissReason::GameOver));
        }
        let judged_after_reply = matches!(self.task.goal, Goal::Safe(_) | Goal::Draw(_));
        let spent = self.learner_moves >= self.task.max_moves;
        if spent && !judged_after_reply {
            return Ok(missed(None, MissReason::BudgetSpent));
        }

        let reply = match self
            .threat_reply()
            .or_else(|| self.scripted_reply())
            .or_else(|| bot_reply(&self.task.opponent, &self.game))
        {
            Some(reply) => reply,
            None => return Ok(missed(None, MissReason::GameOver)),
        };
        if self.game.play(&reply).is_err() {
            return Ok(missed(None, MissReason::GameOver));
        }
        self.follow(&reply);

        if let Goal::Safe(_) = self.task.goal {
            if self.tracked.iter().any(Option::is_none) {
                return Ok(missed(Some(reply), MissReason::GoalMissed));
            }
            if spent {
                return Ok(LineStep::Solved {
                    played,
                    reply: Some(reply),
                });
            }
        }
        if self.goal_met() {
            return Ok(LineStep::Solved {
                played,
                reply: Some(reply),
            });
        }
        if self.game.outcome().is_some() {
            return Ok(missed(Some(reply), MissReason::GameOver));
        }
        if spent {
            return Ok(missed(Some(reply), MissReason::BudgetSpent));
        }
        // A learner piece the goal needs was lost to the reply: no use going on.
        if let Goal::Remove(_) = self.task.goal {
            if self.tracked.first() == Some(&None) {
                return Ok(missed(Some(reply), MissReason::GoalMissed));
            }
        }
        Ok(LineStep::Continue { played, reply })
    }

    /// The learner's moves from here that reach the goal within the budget, first one found,
    /// searching at most `depth` learner moves deep.
    pub(crate) fn winning_move(&self, depth: u32) -> Option<Move> {
        if depth == 0 {
            return None;
        }
        for mv in self.game.position().legal_moves() {
            let mut next = self.clone();
            match next.play(mv.from, mv.to) {
                Ok(LineStep::Solved { .. }) => return Some(mv),
                Ok(LineStep::Continue { .. }) => {
                    if next.winning_move(depth - 1).is_some() {
                        return Some(mv);
                    }
                }
                Ok(LineStep::Missed { .. }) | Err(_) => {}
            }
        }
        None
    }
}

/// The bot's answer: a fresh player for each reply, seeded from the task's seed and the
/// position, with no clock, so the same position always gets the same answer.
pub(crate) fn bot_reply(spec: &OpponentSpec, game: &Game) -> Option<Move> {
    let position = game.position();
    let moves = position.legal_moves();
    let first = *moves.first()?;
    let mut settings = spec.level.settings();
    settings.depth = settings.depth.min(spec.depth.max(1));
    let mut player = LevelPlayer::with_engine(
        spec.level,
        spec.seed ^ position.hash(),
        Engine::with_hash_mb(1),
    )
    .with_settings(settings);
    let history = history_hashes(game);
    match player.choose(position, &history, &NoClock, None) {
        Ok(choice) => Some(choice.mv),
        // The search only fails on a position without moves, which was ruled out above.
        Err(_) => Some(first),
    }
}
