//! The search: iterative deepening over a principal-variation negamax with a quiescence search
//! over captures, a transposition table, and killer/history move ordering. Repetitions and the
//! fifty-move rule are seen inside the tree through a stack of position hashes.

mod negamax;
mod ordering;
mod tt;

use std::fmt;

use ultima_rules::{Game, Move, Position, Reading};

use crate::error::BotError;
use crate::eval::{self, EvalParams};
use crate::limits::{Clock, Limits};

pub(crate) use negamax::{leaves_king_to_be_taken, wins_at_once};
pub use ordering::Ordering;
pub use tt::TranspositionTable;

/// A score no real evaluation reaches: a side mated at the root.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub(crate) const INFINITY: i32 = MATE + 1;
/// The deepest ply the search ever reaches (extensions and quiescence included).
pub const MAX_PLY: usize = 96;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 48;

/// A score as people read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Centipawns(i32),
    /// Moves (not plies) to mate: positive when the side to move mates, negative when it is
    /// mated.
    Mate(i32),
}

/// Lichess' logistic constant for win chances (scalachess `winningChances`, lichess-puzzler):
/// not refitted, as our centipawns are pawn = 100 like Stockfish's.
pub const WIN_CHANCE_K: f64 = 0.003_682_08;

impl Score {
    /// The win chance of the score for the side to move, from -1 (lost) to 1 (won):
    /// `2 / (1 + exp(-k * cp)) - 1` with lichess' `k` ([`WIN_CHANCE_K`]); a mate for the side
    /// to move is 1, being mated -1.
    pub fn win_chance(self) -> f64 {
        match self {
            Score::Mate(moves) if moves > 0 => 1.0,
            Score::Mate(_) => -1.0,
            Score::Centipawns(cp) => centipawns_win_chance(cp),
        }
    }

    pub fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score < -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}

impl fmt::Display for Score {
    /// `cp 34`, `mate 2`, `mate -1`: the engine protocol's words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Centipawns(cp) => write!(f, "cp {cp}"),
            Score::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

/// The win chance of `cp` centipawns for the side to move, from -1 to 1 (see
/// [`Score::win_chance`]).
pub fn centipawns_win_chance(cp: i32) -> f64 {
    2.0 / (1.0 + (-WIN_CHANCE_K * f64::from(cp)).exp()) - 1.0
}

/// What one finished iteration (or the whole search) found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Which line this is, from 1 (the best) to the number of lines asked for
    /// ([`Limits::multipv`]).
    pub multipv: u32,
    pub score: Score,
    /// The score in the search's own units (mates near ±[`MATE`]).
    pub raw_score: i32,
    pub nodes: u64,
    pub time_ms: u64,
    /// The expected line, best move first.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// Nodes per second (0 when no time has passed).
    pub fn nps(&self) -> u64 {
        (self.nodes * 1000).checked_div(self.time_ms).unwrap_or(0)
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub best_move: Move,
    /// The best line (the first of `lines`), with the nodes and time of the whole search.
    pub info: SearchInfo,
    /// The best lines, best first, each with its own first move and exact score: as many as
    /// [`Limits::multipv`] asked for (one by default), never more than there are legal moves.
    /// Each is from the deepest iteration that finished it (a search stopped part way through
    /// an iteration keeps the lines it had finished, the others from the iteration before).
    pub lines: Vec<SearchInfo>,
}

/// The hashes of a game's positions before the current one, oldest first: what the search
/// needs to see repetitions of positions played before its root.
pub fn history_hashes(game: &Game) -> Vec<u64> {
    (0..game.moves().len())
        .filter_map(|ply| game.position_at(ply).map(Position::hash))
        .collect()
}

/// The search with its memory: the transposition table and the move-ordering tables persist
/// from one move to the next of a game, which is what makes the next search fast. They are
/// forgotten when a position of another reading comes (a placement scores differently by
/// other rules, and the table's keys do not hold the reading).
pub struct Engine {
    tt: TranspositionTable,
    ordering: Ordering,
    params: EvalParams,
    /// The reading of the last position searched.
    reading: Reading,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// Default table size, in megabytes.
    pub const DEFAULT_HASH_MB: usize = 16;

    pub fn new() -> Engine {
        Engine::with_hash_mb(Engine::DEFAULT_HASH_MB)
    }

    pub fn with_hash_mb(megabytes: usize) -> Engine {
        Engine {
            tt: TranspositionTable::new(megabytes),
            ordering: Ordering::new(),
            params: EvalParams::default(),
            reading: Reading::default(),
        }
    }

    /// Forgets what was learnt under another reading than `position`'s.
    fn follow_reading(&mut self, position: &Position) {
        if position.reading() != self.reading {
            self.clear();
            self.reading = position.reading();
        }
    }

    /// Plays with other piece values (the tuner's candidates).
    pub fn with_params(mut self, params: EvalParams) -> Engine {
        self.params = params;
        self
    }

    pub fn params(&self) -> &EvalParams {
        &self.params
    }

    /// Forgets everything learnt: for a new game, and for reproducible node counts.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    /// The static evaluation of `position` for the side to move.
    pub fn evaluate(&self, position: &Position) -> i32 {
        eval::evaluate(position, &self.params)
    }

    /// Searches `position` within `limits`. `history` holds the hashes of the game's earlier
    /// positions (see [`history_hashes`]), so that the search sees repetitions. `on_iteration`
    /// hears of each finished iteration.
    ///
    /// A position with one legal move answers at once; one with none is an error.
    pub fn search(
        &mut self,
        position: &Position,
        history: &[u64],
        limits: &Limits,
        clock: &dyn Clock,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, BotError> {
        self.follow_reading(position);
        let mut searcher = negamax::Searcher::new(
            &mut self.tt,
            &mut self.ordering,
            &self.params,
            limits,
            clock,
            history,
        );
        searcher.iterate(position, on_iteration)
    }

    /// Scores each of `moves` (legal in `position`) by a search of `limits.depth` plies (1 when
    /// unset), within the
    /// window above `floor`: a score above `floor` is exact, one at or below it only says
    /// "no better than `floor`". Used by the levels to see every reasonable choice.
    pub(crate) fn score_moves(
        &mut self,
        position: &Position,
        history: &[u64],
        moves: &[Move],
        floor: i32,
        limits: &Limits,
        clock: &dyn Clock,
    ) -> Vec<(Move, i32)> {
        let depth = limits.depth.unwrap_or(1);
        self.follow_reading(position);
        let mut searcher = negamax::Searcher::new(
            &mut self.tt,
            &mut self.ordering,
            &self.params,
            limits,
            clock,
            history,
        );
        searcher.score_moves(position, moves, depth, floor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::NoClock;

    #[test]
    fn mate_scores_read_in_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_internal(-MATE), Score::Mate(0));
        assert_eq!(Score::from_internal(57), Score::Centipawns(57));
        assert_eq!(Score::Mate(2).to_string(), "mate 2");
        assert_eq!(Score::Centipawns(-5).to_string(), "cp -5");
    }

    #[test]
    fn a_repeating_move_scores_as_a_draw() {
        // d1-e1 h8-g8 e1-d1 g8-h8: d1-e1 now would bring back the position after move one.
        let start = Position::from_ufen("7k/8/8/8/8/8/8/WL1K4 w 0 1").unwrap();
        let mut game = Game::new(start);
        for mv in ["d1e1", "h8g8", "e1d1", "g8h8"] {
            game.play_text(mv).unwrap();
        }
        let root = game.position().clone();
        let repeat = root.parse_move("d1e1").unwrap();
        let mut engine = Engine::with_hash_mb(1);
        let limits = Limits::depth(3);
        let with_history = engine.score_moves(
            &root,
            &history_hashes(&game),
            &[repeat],
            -INFINITY,
            &limits,
            &NoClock,
        );
        engine.clear();
        let without = engine.score_moves(&root, &[], &[repeat], -INFINITY, &limits, &NoClock);
        assert_eq!(with_history[0].1, 0);
        assert!(without[0].1 > 300, "{without:?}");
    }
}
