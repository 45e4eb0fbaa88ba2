//! Each puzzle's starting rating, fitted from the bots' attempts at it.
//!
//! Every level tries the puzzle a few times, each with its own seed: it plays the solver's side
//! from the position after the opponent's mistake, and every move it chooses must be the
//! solution's, or win at once (mate or blockade: lichess accepts any mating move); the
//! opponent's replies come from the puzzle. A solved try is a game the level won against the
//! puzzle, a failed one a game the puzzle won. The puzzle's rating is then one Glicko-2 rating
//! period (skillratings) over all those games, from 1500 ± 350, against the levels' ratings
//! assumed from the ladder ([`level_rating`]).
//!
//! The levels try as players meeting a puzzle ([`LevelPlayer::solving_puzzles`]): a capture
//! their error model overlooks stays overlooked even when it is the solution, and a win in one
//! is not taken on sight. (In play a level never misses its best move, so every level solved
//! nearly every puzzle and the fit could not tell them apart: the first calibration put three
//! quarters of the set at the floor, 797.)
//!
//! The levels search with their own depth and error model, but their time limit becomes a
//! node budget: the search reads its clock once every 1024 nodes, and the calibration's clock
//! moves one "millisecond" per reading, so a try gives the same moves on any machine, under
//! any load, and costs a bounded number of nodes.

use std::cell::Cell;

use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use ultima_bot::{BotError, Clock, Engine, Level, LevelExt, LevelPlayer};
use ultima_rand::splitmix64;
use ultima_rules::Position;

use super::ladder::level_rating;
use crate::{Puzzle, ReplayError};

/// The lowest and highest rating a fit may give (a puzzle every level solves or none does
/// would otherwise run off towards the ends of the scale).
pub const RATING_FLOOR: u32 = 400;
pub const RATING_CEILING: u32 = 3200;

/// Hash table of each try's engine, in megabytes (cleared between tries).
const HASH_MB: usize = 8;

/// How the bots try the puzzles.
#[derive(Clone, Debug, PartialEq)]
pub struct CalibrationSettings {
    /// Tries per level (each with its own seed). A level that never errs plays the same moves
    /// every time, so it is asked once and its result counted this many times.
    pub tries: u32,
    /// The seed the tries' seeds are drawn from (with the puzzle's id).
    pub seed: u64,
    /// Clock readings (about 1024 nodes each) a level may spend per move, as a share of its
    /// time limit in milliseconds: a level with a 1000 ms limit gets `1000 * budget_percent
    /// / 100` readings.
    pub budget_percent: u64,
    /// The levels that try.
    pub levels: Vec<Level>,
}

impl Default for CalibrationSettings {
    fn default() -> CalibrationSettings {
        CalibrationSettings {
            tries: 3,
            seed: 1,
            budget_percent: 5,
            levels: Level::ALL.to_vec(),
        }
    }
}

impl CalibrationSettings {
    /// The clock readings `level` may spend per move (at least one).
    pub fn budget(&self, level: Level) -> u64 {
        (level.settings().movetime_ms * self.budget_percent / 100).max(1)
    }
}

/// What the bots did with one puzzle, and the rating fitted from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    pub rating: u32,
    pub rating_deviation: u32,
    /// For each level: tries solved, tries made.
    pub solved: Vec<(Level, u32, u32)>,
}

impl Calibration {
    /// The share of all tries that solved the puzzle.
    pub fn solve_rate(&self) -> f64 {
        let (solved, tries) = self
            .solved
            .iter()
            .fold((0, 0), |(s, t), (_, solved, tries)| (s + solved, t + tries));
        if tries == 0 {
            0.0
        } else {
            f64::from(solved) / f64::from(tries)
        }
    }
}

/// Why a puzzle could not be calibrated.
#[derive(Debug, thiserror::Error)]
pub enum CalibrationError {
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error("puzzle {id}: the bot failed: {source}")]
    Bot { id: String, source: BotError },
}

/// A clock that moves one millisecond each time it is read: the search reads it every 1024
/// nodes, so a time limit of N "milliseconds" is a budget of about N * 1024 nodes.
#[derive(Default)]
struct TickClock {
    ticks: Cell<u64>,
}

impl Clock for TickClock {
    fn now_ms(&self) -> u64 {
        let now = self.ticks.get();
        self.ticks.set(now.saturating_add(1));
        now
    }
}

/// Whether `level` solves `puzzle` when its randomness starts from `seed` and it may read the
/// clock `budget` times per move. `engine` is cleared first and may be reused.
pub fn attempt(
    puzzle: &Puzzle,
    level: Level,
    seed: u64,
    budget: u64,
    engine: Engine,
) -> Result<(bool, Engine), CalibrationError> {
    let positions = puzzle.replay()?;
    let mut settings = level.settings();
    settings.movetime_ms = budget.max(1);
    let mut player = LevelPlayer::with_engine(level, seed, engine)
        .with_settings(settings)
        .solving_puzzles();
    player.new_game();
    let solved = plays_the_solution(puzzle, &positions, &mut player)?;
    Ok((solved, player.into_engine()))
}

fn plays_the_solution(
    puzzle: &Puzzle,
    positions: &[Position],
    player: &mut LevelPlayer,
) -> Result<bool, CalibrationError> {
    // positions[i] is the position before moves[i]; the solver moves at odd i.
    for (index, text) in puzzle.moves.iter().enumerate().skip(1).step_by(2) {
        let Some(position) = positions.get(index) else {
            break;
        };
        // The replay checked every move, so this reads.
        let solution = position
            .parse_coordinates(text)
            .map_err(|error| ReplayError::Illegal {
                id: puzzle.id.clone(),
                index,
                mv: text.clone(),
                error: error.to_string(),
            })?;
        let history: Vec<u64> = positions[..index].iter().map(Position::hash).collect();
        let clock = TickClock::default();
        let choice = player
            .choose(position, &history, &clock, None)
            .map_err(|source| CalibrationError::Bot {
                id: puzzle.id.clone(),
                source,
            })?;
        if choice.mv == solution {
            continue;
        }
        // Mate or blockade solves it too, whatever the solution had in mind.
        return Ok(!position.play_unchecked(&choice.mv).has_legal_move());
    }
    Ok(true)
}

/// The seed of one try: from the run's seed, the puzzle and the level, so that adding a
/// puzzle or a level does not change the others' tries.
fn try_seed(run_seed: u64, puzzle_id: &str, level: Level, try_index: u32) -> u64 {
    let mut state = run_seed;
    for byte in puzzle_id
        .bytes()
        .chain(level.name().bytes())
        .chain(try_index.to_le_bytes())
    {
        state = splitmix64(state ^ u64::from(byte)).1;
    }
    state
}

/// Every level's tries at `puzzle`, and the rating fitted from them.
pub fn calibrate(
    puzzle: &Puzzle,
    settings: &CalibrationSettings,
) -> Result<Calibration, CalibrationError> {
    let mut engine = Engine::with_hash_mb(HASH_MB);
    let mut solved = Vec::with_capacity(settings.levels.len());
    let mut results = Vec::new();
    for &level in &settings.levels {
        let mut wins = 0;
        let distinct_tries = if level.settings().errs() {
            settings.tries
        } else {
            settings.tries.min(1)
        };
        for try_index in 0..distinct_tries {
            let seed = try_seed(settings.seed, &puzzle.id, level, try_index);
            let (won, returned) = attempt(puzzle, level, seed, settings.budget(level), engine)?;
            engine = returned;
            if won {
                wins += 1;
            }
        }
        if distinct_tries < settings.tries {
            wins *= settings.tries;
        }
        solved.push((level, wins, settings.tries));
        for try_index in 0..settings.tries {
            results.push((level, try_index < wins));
        }
    }
    let (rating, rating_deviation) = fit(&results);
    Ok(Calibration {
        rating,
        rating_deviation,
        solved,
    })
}

/// The puzzle's rating and deviation from the levels' tries (`true`: the level solved it),
/// as one Glicko-2 rating period from 1500 ± 350. No tries: 1500 ± 350.
pub fn fit(results: &[(Level, bool)]) -> (u32, u32) {
    let games: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|&(level, solved)| {
            // A solve is the level's win, so the puzzle's loss.
            let outcome = if solved {
                Outcomes::LOSS
            } else {
                Outcomes::WIN
            };
            (level_rating(level), outcome)
        })
        .collect();
    let start = Glicko2Rating::new();
    let fitted = if games.is_empty() {
        start
    } else {
        glicko2_rating_period(&start, &games, &Glicko2Config::new())
    };
    (
        round_rating(fitted.rating).clamp(RATING_FLOOR, RATING_CEILING),
        round_rating(fitted.deviation),
    )
}

/// A rating rounded to a whole number (negative or not a number: 0).
pub(crate) fn round_rating(value: f64) -> u32 {
    if value.is_finite() && value > 0.0 {
        // In range after the check; `as` saturates anything above u32::MAX.
        value.round() as u32
    } else {
        0
    }
}
