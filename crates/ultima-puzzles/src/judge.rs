//! The puzzle rule: when a move is the only good one, and the line a puzzle follows.
//!
//! Lichess' rule adapted to our evaluation. The win chance of a score is
//! `2 / (1 + exp(-k * cp)) - 1` with lichess' own `k` ([`WIN_CHANCE_K`], not refitted: our
//! centipawns are pawn = 100 like Stockfish's, and our scores have not been matched against game
//! results yet). A mate for the side to move is a win chance of 1, being mated -1. A move is the
//! only good one when the best line's win chance beats the second best's by at least
//! [`UNIQUE_GAP`], or when the best line mates (a blockade counts: the bot scores it as a mate)
//! and the second does not mate as fast. The two lines come from one multi-PV search (two lines,
//! exact scores) at a node limit, with a cleared table and no game history, so the same position
//! always gets the same answer.
//!
//! A judge built [`Judge::with_defence`] also accepts a defensive puzzle ([`Ending::Hold`], see
//! [`hold_line`]): one quiet solver move, the only one that keeps the solver from losing.

use ultima_bot::{Engine, Limits, NoClock, Score, SearchInfo};
use ultima_rules::{Move, Position};

use crate::themes::material_balance;
/// The least material gain (centipawns, bot values) a line that does not mate must end with
/// (defined beside the material count it is measured in).
pub use crate::themes::MIN_GAIN;

/// Lichess' logistic constant (lichess-puzzler, `win_chances`), kept in the bot.
pub use ultima_bot::WIN_CHANCE_K;
/// The least gap in win chance between the best and the second-best move.
pub const UNIQUE_GAP: f64 = 0.42;
/// The holding level of a defensive puzzle, in win chance (about -60 centipawns): its move
/// keeps the solver at or above it (not lost), every other move leaves it below (with
/// [`UNIQUE_GAP`] too: every other move at least 0.42 worse than the defence).
pub const HOLD_LEVEL: f64 = -0.2;
/// The most solver moves in a line the generator looks for by default.
pub const MAX_SOLVER_MOVES: usize = 5;
/// The most solver moves in any line (the hard method's longest; the verifier's bound).
pub const LONGEST_LINE: usize = 6;

/// The win chance of `score`, from -1 (lost) to 1 (won), for the side to move.
pub fn win_chance(score: Score) -> f64 {
    score.win_chance()
}

fn mates(score: Score) -> bool {
    matches!(score, Score::Mate(moves) if moves > 0)
}

/// Whether `score` wins for the side to move: a mate, or at least [`MIN_GAIN`] up.
pub fn winning(score: Score) -> bool {
    mates(score) || matches!(score, Score::Centipawns(cp) if cp >= MIN_GAIN)
}

/// What the rule says of a position.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The side to move has no legal move.
    NoMove,
    /// Only one legal move: forced, not a choice.
    Forced { best: SearchInfo },
    /// The best move is the only good one; `gap` is its lead in win chance (2 when it mates
    /// and nothing else mates as fast).
    Unique { best: SearchInfo, gap: f64 },
    /// Another move is about as good.
    NotUnique {
        best: SearchInfo,
        second: SearchInfo,
    },
}

impl Verdict {
    /// The best line, if the side to move has a move.
    pub fn best(&self) -> Option<&SearchInfo> {
        match self {
            Verdict::NoMove => None,
            Verdict::Forced { best } | Verdict::Unique { best, .. } => Some(best),
            Verdict::NotUnique { best, .. } => Some(best),
        }
    }
}

/// The rule applied to two lines, best first: the win-chance gap when the best move is the
/// only good one. A mate is unique when no other move mates as fast (the rule for the
/// set: a mate in two beside a slower mate asks for the fastest; the trainer answers a slower
/// mate with "there is a faster one" and a retry, not a miss).
pub fn judge_lines(best: &SearchInfo, second: &SearchInfo) -> Option<f64> {
    if let Score::Mate(moves) = best.score {
        if moves > 0 {
            let as_fast = matches!(second.score, Score::Mate(other) if other > 0 && other <= moves);
            return (!as_fast).then_some(2.0);
        }
    }
    let gap = win_chance(best.score) - win_chance(second.score);
    (gap >= UNIQUE_GAP).then_some(gap)
}

/// How a puzzle's line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The opponent has no legal move: checkmate, or a blockade when not in check.
    Win { in_check: bool },
    /// The solver is up at least [`MIN_GAIN`] on the puzzle's position, and stays so after
    /// the engine's best reply.
    Material { gain: i32 },
    /// A defensive puzzle: the solver's one quiet move is the only one that holds (its line's
    /// win chance at least [`HOLD_LEVEL`]), every other loses (below it, and clearly worse);
    /// nothing is won.
    Hold,
}

/// The defensive puzzle in a verdict on the puzzle's position (the solver to move), if it is
/// one: the verdict is [`Verdict::Unique`] (every other move at least [`UNIQUE_GAP`] worse in
/// win chance), its best line does not win (no mate, less than [`MIN_GAIN`]: a winning line is
/// a puzzle of the usual kind), keeps at least [`HOLD_LEVEL`] (the solver is not lost after
/// it) while the second best falls below it (without the move the solver is losing: a move
/// that only keeps an edge the others nearly keep too is no defence), and its first move takes
/// nothing (a quiet defence: a recapture of a piece just taken is no puzzle). The line is that
/// one move.
pub fn hold_line(verdict: &Verdict) -> Option<Line> {
    match verdict {
        Verdict::Unique { best, gap } => hold(best, *gap),
        _ => None,
    }
}

/// [`hold_line`] of the unique best line `best`, `gap` ahead of the second.
fn hold(best: &SearchInfo, gap: f64) -> Option<Line> {
    let mv = *best.pv.first()?;
    let chance = win_chance(best.score);
    // Not a mate: the gap is the win chances' difference, the second's is the best's less it.
    let others_lose = chance - gap < HOLD_LEVEL;
    let holds = !winning(best.score) && chance >= HOLD_LEVEL && others_lose;
    (holds && !mv.is_capture()).then(|| Line {
        moves: vec![mv],
        ending: Ending::Hold,
        smallest_gap: gap,
    })
}

/// A puzzle's solution found from its position.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Solver and opponent moves alternating, ending with the solver's.
    pub moves: Vec<Move>,
    pub ending: Ending,
    /// The smallest win-chance gap over the solver's moves (2 for mates nothing else gives as fast).
    pub smallest_gap: f64,
}

/// The engine that applies the rule, at a fixed node limit.
pub struct Judge {
    engine: Engine,
    nodes: u64,
    searches: u64,
    max_solver_moves: usize,
    defence: bool,
}

impl Judge {
    pub fn new(nodes: u64) -> Judge {
        Judge {
            engine: Engine::with_hash_mb(8),
            nodes: nodes.max(1),
            searches: 0,
            max_solver_moves: MAX_SOLVER_MOVES,
            defence: false,
        }
    }

    /// Defensive puzzles too: at the first solver move, a [`hold_line`] is a puzzle of its own
    /// ([`Ending::Hold`]); otherwise the line is looked for as without.
    pub fn with_defence(mut self) -> Judge {
        self.defence = true;
        self
    }

    /// Lines of up to `moves` solver moves (1 to [`LONGEST_LINE`]).
    pub fn with_max_solver_moves(mut self, moves: usize) -> Judge {
        self.max_solver_moves = moves.clamp(1, LONGEST_LINE);
        self
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// How many searches this judge has run.
    pub fn searches(&self) -> u64 {
        self.searches
    }

    fn search(&mut self, position: &Position, lines: usize) -> Option<Vec<SearchInfo>> {
        // A cleared table: the verdict depends on the position alone, not on what was searched
        // before (reproducible runs, and the verifier sees what the generator saw).
        self.engine.clear();
        self.searches += 1;
        let limits = Limits::nodes(self.nodes).with_multipv(lines);
        self.engine
            .search(position, &[], &limits, &NoClock, &mut |_| {})
            .ok()
            .map(|result| result.lines)
    }

    /// The rule's verdict on `position` (the side to move is the solver).
    pub fn verdict(&mut self, position: &Position) -> Verdict {
        if !position.has_legal_move() {
            return Verdict::NoMove;
        }
        let Some(lines) = self.search(position, 2) else {
            return Verdict::NoMove;
        };
        match lines.as_slice() {
            [] => Verdict::NoMove,
            [best] => Verdict::Forced { best: best.clone() },
            [best, second, ..] => match judge_lines(best, second) {
                Some(gap) => Verdict::Unique {
                    best: best.clone(),
                    gap,
                },
                None => Verdict::NotUnique {
                    best: best.clone(),
                    second: second.clone(),
                },
            },
        }
    }

    /// The engine's best move in `position` (the opponent's defence), if it has a move.
    pub fn best_move(&mut self, position: &Position) -> Option<Move> {
        self.best_line(position)
            .and_then(|line| line.pv.first().copied())
    }

    /// The engine's best line in `position` with its score for the side to move, if it has a
    /// move.
    pub fn best_line(&mut self, position: &Position) -> Option<SearchInfo> {
        if !position.has_legal_move() {
            return None;
        }
        self.search(position, 1)?.into_iter().next()
    }

    /// The puzzle from `start` (the solver to move, right after the opponent's mistake), if
    /// there is one: every solver move the only good one, the opponent's replies the engine's
    /// best, one to five solver moves (or [`Judge::with_max_solver_moves`]), ending on a solver move that mates (or blockades) or
    /// leaves the solver [`MIN_GAIN`] up on `start`, a gain that survives the best reply.
    ///
    /// With [`Judge::with_defence`], a [`hold_line`] at the first solver move is the puzzle.
    ///
    /// `first` is the verdict on `start` when the caller already has it.
    pub fn find_line(&mut self, start: &Position, first: Option<Verdict>) -> Option<Line> {
        let solver = start.turn();
        let start_balance = material_balance(start, solver);
        let mut moves = Vec::new();
        let mut smallest_gap = f64::INFINITY;
        let mut position = start.clone();
        let mut verdict = first;
        for solver_move in 0..self.max_solver_moves {
            let judged = match verdict.take() {
                Some(judged) => judged,
                None => self.verdict(&position),
            };
            let (best, gap) = match judged {
                Verdict::Unique { best, gap } => (best, gap),
                // A forced move in the middle of a line needs no finding; it cannot open one.
                Verdict::Forced { best } if solver_move > 0 => (best, f64::INFINITY),
                _ => return None,
            };
            if self.defence && solver_move == 0 {
                if let Some(line) = hold(&best, gap) {
                    return Some(line);
                }
            }
            let mv = *best.pv.first()?;
            smallest_gap = smallest_gap.min(gap);
            moves.push(mv);
            let next = position.play_unchecked(&mv);
            if !next.has_legal_move() {
                return Some(Line {
                    moves,
                    ending: Ending::Win {
                        in_check: next.is_check(),
                    },
                    smallest_gap,
                });
            }
            let reply = self.best_move(&next)?;
            let after_reply = next.play_unchecked(&reply);
            // A forced mate in reach is played out to the end, not cut short at a gain.
            let mate_in_reach = matches!(best.score, Score::Mate(n)
                if n > 0 && (n as usize) <= self.max_solver_moves - solver_move);
            let gain = material_balance(&next, solver) - start_balance;
            let held = material_balance(&after_reply, solver) - start_balance;
            if !mate_in_reach && gain >= MIN_GAIN && held >= MIN_GAIN && winning(best.score) {
                return Some(Line {
                    moves,
                    ending: Ending::Material { gain },
                    smallest_gap,
                });
            }
            moves.push(reply);
            position = after_reply;
        }
        None
    }

    /// `line` (found from `start`, the solver to move) made longer where the game goes on with
    /// only moves, as lichess' puzzler lets a line run: after its gain, the engine's best reply
    /// and the solver's next move, as long as that move is again the only good one (a forced
    /// move passes in the middle, as in [`Judge::find_line`]). The longer line ends at the
    /// last solver move after which a gain of [`MIN_GAIN`] on `start` holds against the best
    /// reply (a move the rule judged, never a forced one, and not while a mate is in reach:
    /// that is played out), or with a mate (or blockade) that at least one judged move led to;
    /// at most [`Judge::with_max_solver_moves`] solver moves, and never through a position it
    /// has already passed. `None` when the line ends with a win or a defence, or does not get
    /// longer.
    pub fn extend_line(&mut self, start: &Position, line: &Line) -> Option<Line> {
        if !matches!(line.ending, Ending::Material { .. }) {
            return None;
        }
        let solver = start.turn();
        let start_balance = material_balance(start, solver);
        let mut moves = line.moves.clone();
        let mut smallest_gap = line.smallest_gap;
        let mut position = start.clone();
        let mut passed = vec![position.hash()];
        for mv in &moves {
            position = position.play_unchecked(mv);
            passed.push(position.hash());
        }
        let mut longest: Option<Line> = None;
        // Whether a new solver move was one the rule judged (not forced).
        let mut found_any = false;
        while moves.len().div_ceil(2) < self.max_solver_moves {
            let Some(reply) = self.best_move(&position) else {
                break;
            };
            let after_reply = position.play_unchecked(&reply);
            let (best, gap, judged) = match self.verdict(&after_reply) {
                Verdict::Unique { best, gap } => (best, gap, true),
                Verdict::Forced { best } => (best, f64::INFINITY, false),
                _ => break,
            };
            let Some(mv) = best.pv.first().copied() else {
                break;
            };
            let next = after_reply.play_unchecked(&mv);
            if passed.contains(&after_reply.hash()) || passed.contains(&next.hash()) {
                break;
            }
            passed.extend([after_reply.hash(), next.hash()]);
            moves.extend([reply, mv]);
            smallest_gap = smallest_gap.min(gap);
            found_any |= judged;
            if !next.has_legal_move() {
                // A mate reached by forced moves alone asks nothing new.
                if !found_any {
                    break;
                }
                return Some(Line {
                    moves,
                    ending: Ending::Win {
                        in_check: next.is_check(),
                    },
                    smallest_gap,
                });
            }
            let gain = material_balance(&next, solver) - start_balance;
            // A forced mate in reach is played out to the end, not cut short at a gain (as in
            // find_line): if it breaks off later, the line found before it stands.
            let solver_moves = moves.len().div_ceil(2);
            let mate_in_reach = matches!(best.score, Score::Mate(n)
                if n > 0 && (n as usize) <= self.max_solver_moves + 1 - solver_moves);
            if judged && !mate_in_reach && gain >= MIN_GAIN && winning(best.score) {
                let held = self
                    .best_move(&next)
                    .map(|answer| material_balance(&next.play_unchecked(&answer), solver))
                    .map_or(gain, |balance| balance - start_balance);
                if held >= MIN_GAIN {
                    longest = Some(Line {
                        moves: moves.clone(),
                        ending: Ending::Material { gain },
                        smallest_gap,
                    });
                }
            }
            position = next;
        }
        longest
    }
}
