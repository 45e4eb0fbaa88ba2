//! Game analysis, as lichess' analysis board does it: every position of a game searched by the
//! bot at a node limit (so the answer does not depend on how busy the machine is), its score
//! for White and its win chance on -1..1, the engine's two best lines, and each move judged by
//! the drop in the mover's win chance: an inaccuracy, a mistake or a blunder.
//!
//! The work is one position at a time in [`Analyser::analyse`], which reports after each
//! position and stops soon after a flag is raised from another thread. No threads of its own
//! and no clock: the caller runs it where it likes.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use std::sync::Arc;
//! use ultima_analysis::Analyser;
//! use ultima_rules::Game;
//!
//! let game = Game::from_record("start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\nmoves e2e5\n")
//!     .unwrap();
//! let stop = Arc::new(AtomicBool::new(false));
//! let analysis = Analyser::new(2_000).analyse(&game, &stop, &mut |_| {}).unwrap();
//! assert_eq!(analysis.positions.len(), 2);
//! assert_eq!(analysis.moves.len(), 1);
//! ```

mod analyse;
mod error;
mod eval;
mod judgement;

pub use analyse::{Analyser, Progress, DEFAULT_NODES};
pub use error::AnalysisError;
pub use eval::{Eval, Line};
pub use judgement::{judge, Judgement, BLUNDER, INACCURACY, MISTAKE};

use ultima_rules::Color;

/// What the engine says of one position of the game.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PositionAnalysis {
    /// The score for White.
    pub eval: Eval,
    /// The win chance for White, from -1 (Black wins) to 1 (White wins).
    pub win_chance: f64,
    /// The best lines from this position, best first (two when there are two moves; none when
    /// the game is over here).
    pub lines: Vec<Line>,
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MoveAnalysis {
    /// The side that played it.
    pub mover: Color,
    /// The move in coordinates (`e2e6`).
    pub played: String,
    /// How bad it was, if it was; never for the engine's own best move.
    pub judgement: Option<Judgement>,
    /// The engine's best move, and the second best would have lost at least [`BLUNDER`] of
    /// the mover's win chance (never for a forced move: that is no choice).
    pub only_move: bool,
}

/// A game analysed: `positions[k]` is the position after `k` moves (`positions[0]` the
/// start), `moves[k]` the move from `positions[k]` to `positions[k + 1]`; its best
/// alternative is `positions[k].lines[0]`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct GameAnalysis {
    /// The nodes each position was searched with.
    pub nodes: u64,
    pub positions: Vec<PositionAnalysis>,
    pub moves: Vec<MoveAnalysis>,
}

impl GameAnalysis {
    /// How many moves of `side` got each judgement: inaccuracies, mistakes, blunders.
    pub fn counts(&self, side: Color) -> [usize; 3] {
        let mut counts = [0; 3];
        for judged in self.moves.iter().filter(|m| m.mover == side) {
            match judged.judgement {
                Some(Judgement::Inaccuracy) => counts[0] += 1,
                Some(Judgement::Mistake) => counts[1] += 1,
                Some(Judgement::Blunder) => counts[2] += 1,
                None => {}
            }
        }
        counts
    }
}
