//! The ratings the calibration assumes for the bot's levels, derived from the README's ladder.
//!
//! The ladder measures each level against the one below it, from random openings, each opening
//! played twice with the colours swapped (the levels below Club depth-bound, as on a free
//! machine). The steps, as `LADDER` holds them, are the README's table.
//!
//! Novice is the anchor at 800 (a newcomer's first rating on a lichess-like scale: the level
//! errs on purpose so that a beginner can beat it). A step is clamped at +500, a 94.7% score,
//! because beyond that 100 games cannot measure it (at 100 to 0 it is unbounded); the levels
//! are spaced so that no step comes near it, but a step measured on few games might.
//!
//! The deviation of each level adds the ladder's uncertainty step by step (a 95% half-width
//! `h` is a standard deviation of `h / 1.96`), from 50 for the anchor, and is capped at 200:
//! past that an opponent tells the fit almost nothing.

use skillratings::glicko2::Glicko2Rating;
use ultima_bot::Level;

/// The anchor: Novice's assumed rating.
pub const NOVICE_RATING: f64 = 800.0;
/// The anchor's deviation.
const ANCHOR_DEVIATION: f64 = 50.0;
/// The largest step between two neighbouring levels that the ladder's 100 games can measure.
pub const MAX_STEP: f64 = 500.0;
/// The largest deviation given to a level.
const MAX_DEVIATION: f64 = 200.0;
/// A 95% interval's half-width over this is one standard deviation.
const Z95: f64 = 1.96;

/// One measured step of the ladder: how much stronger a level is than the one below it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LadderStep {
    pub level: Level,
    /// The Elo difference the ladder measured.
    pub elo: f64,
    /// Its 95% half-width.
    pub half_width: f64,
}

/// The README's ladder, weakest step first (Learner over Novice, and so on).
pub const LADDER: [LadderStep; 12] = [
    LadderStep {
        level: Level::Learner,
        elo: 258.0,
        half_width: 83.0,
    },
    LadderStep {
        level: Level::Beginner,
        elo: 225.0,
        half_width: 80.0,
    },
    LadderStep {
        level: Level::Improver,
        elo: 191.0,
        half_width: 80.0,
    },
    LadderStep {
        level: Level::Casual,
        elo: 230.0,
        half_width: 87.0,
    },
    LadderStep {
        level: Level::Steady,
        elo: 191.0,
        half_width: 80.0,
    },
    LadderStep {
        level: Level::Keen,
        elo: 143.0,
        half_width: 75.0,
    },
    LadderStep {
        level: Level::Solid,
        elo: 196.0,
        half_width: 81.0,
    },
    LadderStep {
        level: Level::Sharp,
        elo: 215.0,
        half_width: 79.0,
    },
    LadderStep {
        level: Level::Intermediate,
        elo: 246.0,
        half_width: 83.0,
    },
    LadderStep {
        level: Level::Experienced,
        elo: 191.0,
        half_width: 68.0,
    },
    LadderStep {
        level: Level::Strong,
        elo: 191.0,
        half_width: 74.0,
    },
    LadderStep {
        level: Level::Club,
        elo: 252.0,
        half_width: 77.0,
    },
];

/// The rating and deviation the calibration assumes for `level` (volatility as Glicko-2's
/// default: a level's strength does not move).
pub fn level_rating(level: Level) -> Glicko2Rating {
    let mut rating = NOVICE_RATING;
    let mut variance = ANCHOR_DEVIATION * ANCHOR_DEVIATION;
    for step in LADDER {
        if step.level > level {
            break;
        }
        rating += step.elo.min(MAX_STEP);
        let sigma = step.half_width / Z95;
        variance += sigma * sigma;
    }
    Glicko2Rating {
        rating,
        deviation: variance.sqrt().min(MAX_DEVIATION),
        ..Glicko2Rating::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_are_rated_from_the_ladder() {
        let ratings: Vec<f64> = Level::ALL
            .iter()
            .map(|level| level_rating(*level).rating)
            .collect();
        assert_eq!(
            ratings,
            [
                800.0, 1058.0, 1283.0, 1474.0, 1704.0, 1895.0, 2038.0, 2234.0, 2449.0, 2695.0,
                2886.0, 3077.0, 3329.0
            ]
        );
        let deviations: Vec<f64> = Level::ALL
            .iter()
            .map(|level| level_rating(*level).deviation.round())
            .collect();
        assert_eq!(
            deviations,
            [
                50.0, 66.0, 77.0, 87.0, 98.0, 106.0, 113.0, 120.0, 127.0, 134.0, 138.0, 143.0,
                148.0
            ]
        );
    }
}
