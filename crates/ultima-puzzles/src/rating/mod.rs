//! Ratings: each puzzle's starting rating calibrated by the bots ([`calibrate`]), the player's
//! puzzle rating ([`PlayerRating`]), and the choice of the next puzzle ([`choose_next`]). All
//! Glicko-2, through the `skillratings` crate.

mod calibrate;
mod chooser;
pub mod difficulty;
mod ladder;
mod player;
mod simulate;

pub use calibrate::{
    attempt, calibrate, fit, Calibration, CalibrationError, CalibrationSettings, RATING_CEILING,
    RATING_FLOOR,
};
pub use chooser::{
    choose, choose_next, main_theme, target_rating, Choice, Difficulty, NextPuzzle, Supply,
    NEAREST_SLACK, RUNNING_LOW, START_WINDOW, SUPPLY_WINDOW,
};
pub use ladder::{level_rating, LadderStep, LADDER, MAX_STEP, NOVICE_RATING};
pub use player::{
    PlayerRating, RatingChange, RatingPoint, MAX_DEVIATION, MAX_HISTORY, MAX_VOLATILITY,
    MIN_DEVIATION,
};
pub use simulate::{simulate, solve_chance, SimulationSettings, StrengthReport};
/// The Glicko-2 rating type the ladder's ratings come in.
pub use skillratings::glicko2::Glicko2Rating;
