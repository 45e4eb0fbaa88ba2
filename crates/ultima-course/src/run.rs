//! The task runner the app calls: a small state machine over one task.

use ultima_rules::{sorted_captures, Game, Move, MoveError, Piece, Position, Role, Square};

use crate::data::{Goal, Task, SETUP_ORDER};
use crate::line::{Line, LineStep, MissReason};
use crate::score::Score;

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum RunState {
    Playing,
    Solved,
    /// The try missed: it waits for a retry.
    Missed,
}

/// What a learner's action led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Not a legal move; nothing changed. The rules' reason, for the board to show.
    Illegal(MoveError),
    /// The opponent answered; the task goes on.
    Continue { played: Move, reply: Move },
    /// Done. `reply` is the opponent's answer when the goal is judged after it (a saved piece).
    Solved {
        played: Option<Move>,
        reply: Option<Move>,
        score: Score,
        stars: u8,
    },
    /// A legal move that misses the goal, or the last allowed move. `hint` is the task's text
    /// key explaining the rule (`<task>.miss`). The run waits for [`TaskRun::retry`].
    Missed {
        played: Move,
        reply: Option<Move>,
        reason: MissReason,
        hint: String,
    },
    /// The quiz answered wrongly: `taken` is what the move really takes (for the threats quiz,
    /// the learner's pieces that could be taken; for the setup, the squares the piece asked for
    /// may stand on). Waits for a retry.
    Wrong { taken: Vec<Square>, hint: String },
    /// The setup: the piece asked for is on its square; the next one is asked for.
    Placed { role: Role, square: Square },
    /// Nothing to do: the run is solved or waits for a retry, or the action does not fit the
    /// task (a move on a quiz, a quiz answer on a board task).
    Finished,
}

#[derive(Clone, Debug)]
pub struct TaskRun<'a> {
    task: &'a Task,
    line: Line<'a>,
    tries: u32,
    state: RunState,
    /// The hint was asked in this try (it costs a star).
    hinted: bool,
    /// The setup: the pieces placed so far in this try, in [`SETUP_ORDER`].
    placed: Vec<Square>,
}

impl<'a> TaskRun<'a> {
    pub fn new(task: &'a Task) -> TaskRun<'a> {
        TaskRun {
            task,
            line: Line::new(task),
            tries: 1,
            state: RunState::Playing,
            hinted: false,
            placed: Vec::new(),
        }
    }

    pub fn task(&self) -> &'a Task {
        self.task
    }

    pub fn state(&self) -> RunState {
        self.state
    }

    /// The try under way (1 for the first).
    pub fn tries(&self) -> u32 {
        self.tries
    }

    /// Learner moves played in this try.
    pub fn moves_used(&self) -> u32 {
        self.line.learner_moves
    }

    pub fn position(&self) -> &Position {
        self.line.game.position()
    }

    pub fn game(&self) -> &Game {
        &self.line.game
    }

    /// The squares the board marks for the goal now: where the pieces to take, keep or remove
    /// stand after the moves so far (they are followed as they move), or the square to reach.
    pub fn goal_squares(&self) -> Vec<Square> {
        match self.task.goal {
            Goal::Reach(square) => vec![square],
            Goal::Capture(_) | Goal::Safe(_) | Goal::Remove(_) => self.line.tracked_squares(),
            Goal::Win
            | Goal::Draw(_)
            | Goal::Takes { .. }
            | Goal::Play { .. }
            | Goal::Threats(_)
            | Goal::Setup => Vec::new(),
        }
    }

    /// Whether this is the "which pieces does this move take?" quiz.
    pub fn is_quiz(&self) -> bool {
        self.task.goal.is_quiz()
    }

    /// Whether the hint was asked in this try.
    pub fn hinted(&self) -> bool {
        self.hinted
    }

    /// The learner asks for the hint: the solve of this try earns a star less. Only while the
    /// try is under way.
    pub fn take_hint(&mut self) {
        if self.state == RunState::Playing {
            self.hinted = true;
        }
    }

    fn score(&self) -> Score {
        Score {
            moves: self.line.learner_moves.max(1),
            tries: self.tries,
            hinted: self.hinted,
        }
    }

    fn solved(&mut self, played: Option<Move>, reply: Option<Move>) -> Step {
        self.state = RunState::Solved;
        let score = self.score();
        Step::Solved {
            played,
            reply,
            score,
            stars: self.task.stars_for(&score),
        }
    }

    /// The learner moves `from`-`to` (`from == to`: removes its frozen piece there).
    pub fn play(&mut self, from: Square, to: Square) -> Step {
        if self.state != RunState::Playing || self.is_quiz() {
            return Step::Finished;
        }
        match self.line.play(from, to) {
            Err(error) => Step::Illegal(error),
            Ok(LineStep::Continue { played, reply }) => Step::Continue { played, reply },
            Ok(LineStep::Solved { played, reply }) => self.solved(Some(played), reply),
            Ok(LineStep::Missed {
                played,
                reply,
                reason,
            }) => {
                self.state = RunState::Missed;
                Step::Missed {
                    played,
                    reply,
                    reason,
                    hint: self.task.key("miss"),
                }
            }
        }
    }

    /// The quiz: the squares the learner says the shown move takes (any order), or, for the
    /// threats quiz, the learner's pieces the opponent could take next move.
    pub fn answer_quiz(&mut self, squares: &[Square]) -> Step {
        if self.state != RunState::Playing {
            return Step::Finished;
        }
        let taken = match self.task.goal {
            Goal::Takes { from, to, .. } => match self.task.board.position.find_move(from, to) {
                Ok(mv) => sorted_captures(mv.captures),
                Err(error) => return Step::Illegal(error),
            },
            Goal::Threats(_) => sorted_captures(self.task.board.position.threatened()),
            _ => return Step::Finished,
        };
        let mut answer: Vec<Square> = squares.to_vec();
        answer.sort_by_key(|s| (s.file(), s.rank()));
        answer.dedup();
        if answer == taken {
            self.solved(None, None)
        } else {
            self.state = RunState::Missed;
            Step::Wrong {
                taken,
                hint: self.task.key("miss"),
            }
        }
    }

    /// The setup: the piece to place next (`None`: not a setup, or all are placed).
    pub fn setup_next(&self) -> Option<Role> {
        if self.task.goal != Goal::Setup {
            return None;
        }
        SETUP_ORDER.get(self.placed.len()).copied()
    }

    /// The setup: the squares placed so far in this try, in order.
    pub fn placed(&self) -> &[Square] {
        &self.placed
    }

    /// The setup: the squares still free where the piece asked for stands at the start.
    fn setup_homes(&self) -> Vec<Square> {
        let Some(role) = self.setup_next() else {
            return Vec::new();
        };
        let start = Position::start();
        let learner = self.task.learner();
        let mut homes: Vec<Square> = start
            .board()
            .pieces(learner, role)
            .iter()
            .filter(|square| !self.placed.contains(square))
            .collect();
        homes.sort_by_key(|s| (s.file(), s.rank()));
        homes
    }

    /// The position to show: the task's, with the setup's pieces placed so far.
    pub fn shown_position(&self) -> Position {
        let position = self.position();
        if self.placed.is_empty() {
            return position.clone();
        }
        let mut setup = ultima_rules::Setup {
            board: position.board().clone(),
            turn: position.turn(),
            halfmove_clock: position.halfmove_clock(),
            fullmove_number: position.fullmove_number(),
            reading: position.reading(),
        };
        let learner = self.task.learner();
        for (square, role) in self.placed.iter().zip(SETUP_ORDER) {
            setup.board.put(
                *square,
                Piece {
                    color: learner,
                    role,
                },
            );
        }
        // Placing one's own pieces never puts the opponent in check here (the setup's
        // position holds only the start's pieces); should it, the task's position is shown.
        Position::from_setup(setup).unwrap_or_else(|_| position.clone())
    }

    /// The setup: the learner puts the piece asked for on `square`. Right: it stands there
    /// (the last one solves); wrong: the try waits for a retry, told where it stands.
    pub fn place(&mut self, square: Square) -> Step {
        if self.state != RunState::Playing {
            return Step::Finished;
        }
        let Some(role) = self.setup_next() else {
            return Step::Finished;
        };
        let homes = self.setup_homes();
        if !homes.contains(&square) {
            self.state = RunState::Missed;
            return Step::Wrong {
                taken: homes,
                hint: self.task.key("miss"),
            };
        }
        self.placed.push(square);
        if self.setup_next().is_none() {
            return self.solved(None, None);
        }
        Step::Placed { role, square }
    }

    /// Back to the task's start for another try.
    pub fn retry(&mut self) {
        if self.state == RunState::Solved {
            // A solved task played again starts over as a fresh run.
            self.tries = 0;
        }
        self.line = Line::new(self.task);
        self.tries += 1;
        self.state = RunState::Playing;
        self.hinted = false;
        self.placed.clear();
    }

    /// The piece to move next: the from-square of the solution's next move while the learner
    /// follows it, otherwise of a move that still reaches the goal within the moves left
    /// (searched two moves deep at most, so the answer is quick). `None`: retry instead.
    pub fn hint(&self) -> Option<Square> {
        if self.state != RunState::Playing {
            return None;
        }
        match self.task.goal {
            Goal::Takes { from, .. } => return Some(from),
            // The threats quiz has no piece to move: its hint is the text alone.
            Goal::Threats(_) => return None,
            Goal::Setup => return self.setup_homes().first().copied(),
            _ => {}
        }
        if self.line.on_script {
            let index = 2 * self.line.learner_moves as usize;
            if let Some((from, _)) = self.task.solution.get(index) {
                return Some(*from);
            }
        }
        let left = self.task.max_moves.saturating_sub(self.line.learner_moves);
        self.line.winning_move(left.min(2)).map(|mv| mv.from)
    }
}
