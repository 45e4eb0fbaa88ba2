//! The player's puzzle rating: Glicko-2 (skillratings), from 1500 ± 350, one game per puzzle
//! against the puzzle's own rating, with the history a chart draws.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{expected_score, glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::calibrate::round_rating;
use crate::Puzzle;

/// The deviation never falls below this, so that the rating keeps following the player after
/// hundreds of puzzles instead of freezing.
pub const MIN_DEVIATION: f64 = 45.0;
/// Nor rises above the starting one.
pub const MAX_DEVIATION: f64 = 350.0;
/// Volatility is kept at most this (a streak of surprises should not make the rating wild).
pub const MAX_VOLATILITY: f64 = 0.1;
/// And at least this (Glicko-2 works on its logarithm).
const MIN_VOLATILITY: f64 = 0.01;
/// The history keeps at most this many points: past it, every second point of the older half
/// goes (again until it fits), so the chart (100 points) still spans from the first puzzle, the
/// recent puzzles in more detail, and the save stays small: the app writes the history with
/// every trainer save, and at 2,000 points (70 KB) that cost 25 to 40 ms more a save in the
/// debug app (`tests/e2e/measure-puzzle-saves.mjs`).
pub const MAX_HISTORY: usize = 200;

/// The rating after one rated puzzle, and when.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct RatingPoint {
    /// Milliseconds since 1970 (as the history store's times).
    pub at: f64,
    pub rating: u32,
}

/// The rating before and after a puzzle, in whole numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct RatingChange {
    pub before: u32,
    pub after: u32,
}

impl RatingChange {
    /// After minus before.
    pub fn delta(&self) -> i64 {
        i64::from(self.after) - i64::from(self.before)
    }
}

/// The player's puzzle rating and its history, as the app saves it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PlayerRating {
    rating: f64,
    deviation: f64,
    volatility: f64,
    /// Oldest first: one point per rated puzzle (thinned past [`MAX_HISTORY`]).
    #[serde(default)]
    history: Vec<RatingPoint>,
}

impl Default for PlayerRating {
    fn default() -> PlayerRating {
        PlayerRating::new()
    }
}

impl PlayerRating {
    /// A new player: 1500 ± 350.
    pub fn new() -> PlayerRating {
        let start = Glicko2Rating::new();
        PlayerRating {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            history: Vec::new(),
        }
    }

    /// The rating, rounded.
    pub fn rating(&self) -> u32 {
        round_rating(self.rating)
    }

    /// The deviation, rounded.
    pub fn deviation(&self) -> u32 {
        round_rating(self.deviation)
    }

    /// The exact Glicko-2 rating.
    pub fn glicko2(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// One point per rated puzzle, oldest first.
    pub fn history(&self) -> &[RatingPoint] {
        &self.history
    }

    /// The chance the player solves `puzzle`, by the two ratings.
    pub fn expected_score(&self, puzzle: &Puzzle) -> f64 {
        expected_score(&self.glicko2(), &puzzle_rating(puzzle)).0
    }

    /// Counts one puzzle: `solved` is true when the first try solved it without a wrong move.
    /// Call it once per puzzle (replays and retries are not rated).
    pub fn record(&mut self, puzzle: &Puzzle, solved: bool, at_ms: f64) -> RatingChange {
        let before = self.rating();
        let outcome = if solved {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (after, _) = glicko2(
            &self.sane(),
            &puzzle_rating(puzzle),
            &outcome,
            &Glicko2Config::new(),
        );
        if after.rating.is_finite() && after.deviation.is_finite() && after.volatility.is_finite() {
            self.rating = after.rating;
            self.deviation = after.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION);
            self.volatility = after.volatility.min(MAX_VOLATILITY);
        }
        self.history.push(RatingPoint {
            at: at_ms,
            rating: self.rating(),
        });
        while self.history.len() > MAX_HISTORY {
            thin(&mut self.history);
        }
        RatingChange {
            before,
            after: self.rating(),
        }
    }

    /// The rating over time for a chart: the starting rating (1500, dated at the first
    /// puzzle), then the history thinned to at most `max_points - 1` points, evenly over its
    /// length, the first and the last kept; so one rated puzzle already draws a line. Empty
    /// before the first rated puzzle; `max_points` below 3 gives at most the start and the last
    /// point.
    pub fn chart(&self, max_points: usize) -> Vec<RatingPoint> {
        let Some(first) = self.history.first() else {
            return Vec::new();
        };
        let start = RatingPoint {
            at: first.at,
            rating: PlayerRating::new().rating(),
        };
        let room = max_points.saturating_sub(1).max(1);
        let len = self.history.len();
        let thinned: Vec<RatingPoint> = if len <= room {
            self.history.clone()
        } else if room < 2 {
            self.history.last().copied().into_iter().collect()
        } else {
            (0..room)
                .filter_map(|i| self.history.get(i * (len - 1) / (room - 1)))
                .copied()
                .collect()
        };
        std::iter::once(start).chain(thinned).collect()
    }

    /// This rating, with anything a damaged save could hold (not a number, out of range) put
    /// back in range, so that one bad field never stops the rating from working.
    fn sane(&self) -> Glicko2Rating {
        let start = Glicko2Rating::new();
        let pick = |value: f64, fallback: f64| if value.is_finite() { value } else { fallback };
        Glicko2Rating {
            rating: pick(self.rating, start.rating),
            deviation: pick(self.deviation, start.deviation).clamp(MIN_DEVIATION, MAX_DEVIATION),
            volatility: pick(self.volatility, start.volatility)
                .clamp(MIN_VOLATILITY, MAX_VOLATILITY),
        }
    }
}

/// A puzzle's rating as an opponent.
fn puzzle_rating(puzzle: &Puzzle) -> Glicko2Rating {
    Glicko2Rating {
        rating: f64::from(puzzle.rating),
        deviation: f64::from(puzzle.rating_deviation).clamp(MIN_DEVIATION, MAX_DEVIATION),
        ..Glicko2Rating::new()
    }
}

/// Drops every second point of the older half.
fn thin(history: &mut Vec<RatingPoint>) {
    let older = history.len() / 2;
    let mut index = 0;
    history.retain(|_| {
        let keep = index >= older || index % 2 == 0;
        index += 1;
        keep
    });
}
