//! The trainer in the store: the player's puzzle rating (Glicko-2, `ultima-puzzles`'
//! `PlayerRating`, with its history for the chart) and the puzzle in progress, with the moves
//! played so far. Both are small and bounded, so they live in the store beside the settings and
//! are saved as they change; the attempts, which grow, are rows in the history database.
//!
//! ```json
//! "puzzleRating": {"version": 1, "player": {"rating": 1512.3, "deviation": 290.1,
//!                  "volatility": 0.06, "history": [{"at": 1796115425445, "rating": 1512}]},
//!                  "streak": 1, "bestStreak": 3, "solved": 4, "attempted": 6,
//!                  "choice": {"mode": "rated", "difficulty": "harder", "theme": "pinch"}},
//! "puzzleCurrent": {"puzzle": "3f9a01c2", "startedAt": 1796115425445, "rated": true,
//!                   "played": ["d4f6", "e7e5"], "state": "playing", "onScreen": true, ...}
//! ```
//!
//! Both keys came within store format 2: an older build of that format leaves them as they are.
//! Reading is tolerant: a rating that does not read is kept in the file under a `damaged-…` key,
//! the player is told, and the rating starts again; a puzzle in progress that does not read is
//! kept aside the same way and the trainer starts on a new puzzle. The trainer's choice (`choice`)
//! is read field by field: a field that does not read is the default's (rated, normal, any theme),
//! and the rest of the rating is kept.

use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use specta::Type;
use ultima_puzzles::rating::{Difficulty, PlayerRating, RatingChange, Supply};
use ultima_puzzles::Theme;

use crate::notice::Notice;

pub const KEY_RATING: &str = "puzzleRating";
pub const KEY_CURRENT: &str = "puzzleCurrent";
/// The format of the `puzzleRating` entry this build writes.
pub const RATING_VERSION: u32 = 1;

/// The player's rating and counts, as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredRating {
    pub version: u32,
    pub player: PlayerRating,
    /// Rated puzzles solved in a row (first try, without help), up to the last one.
    #[serde(default)]
    pub streak: u32,
    #[serde(default)]
    pub best_streak: u32,
    /// Rated puzzles solved at the first try, and all rated puzzles.
    #[serde(default)]
    pub solved: u32,
    #[serde(default)]
    pub attempted: u32,
    /// Puzzles failed at their rated first try, to come back (see `review`).
    #[serde(default)]
    pub review: Vec<Review>,
    /// The streak mode: its run going on or last ended, and the best.
    #[serde(default)]
    pub streak_mode: StreakRun,
    /// What the player last chose the next puzzle to be (a save without it: the default
    /// choice; one that does not read: the default's for what does not read).
    #[serde(default, deserialize_with = "read_choice")]
    pub choice: PuzzleChoice,
}

/// The trainer's mode: rated puzzles near the rating, or the streak.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum PuzzleMode {
    #[default]
    Rated,
    /// Rising difficulty until the first miss (see `streak`).
    Streak,
}

/// What the player asks the next puzzle to be: the mode, the difficulty of a rated puzzle, and
/// one theme or any. Saved with the rating, so that it survives quitting.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleChoice {
    pub mode: PuzzleMode,
    pub difficulty: Difficulty,
    /// A theme's export name (`pinch`, `mate-in-1`), `null` for any.
    pub theme: Option<String>,
}

/// Reads a saved choice field by field: a field missing or that does not read (an unknown
/// mode or difficulty, a name no theme has, garbage) is the default's. Never an error, so that
/// a bad choice costs nothing else of the rating.
pub fn choice_from(saved: &Value) -> PuzzleChoice {
    let mode = saved
        .get("mode")
        .and_then(|mode| PuzzleMode::deserialize(mode).ok());
    let difficulty = saved
        .get("difficulty")
        .and_then(|difficulty| Difficulty::deserialize(difficulty).ok());
    let theme = saved.get("theme").filter(|theme| !theme.is_null());
    let known_theme = theme
        .and_then(Value::as_str)
        .filter(|name| Theme::from_str(name).is_ok());
    if mode.is_none() || difficulty.is_none() || (theme.is_some() && known_theme.is_none()) {
        eprintln!(
            "ultima: the puzzle choice does not read whole, the default for the rest: {saved}"
        );
    }
    PuzzleChoice {
        mode: mode.unwrap_or_default(),
        difficulty: difficulty.unwrap_or_default(),
        theme: known_theme.map(str::to_string),
    }
}

fn read_choice<'de, D: Deserializer<'de>>(deserializer: D) -> Result<PuzzleChoice, D::Error> {
    Ok(choice_from(&Value::deserialize(deserializer)?))
}

/// A puzzle failed at its rated first try, and when it comes back: once `due` rated puzzles
/// have been played in all (`StoredRating::attempted`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub puzzle: String,
    pub due: u32,
}

/// The streak mode: puzzles of rising difficulty until the first mistake.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StreakRun {
    /// Puzzles solved in this streak (or the last one, once it ended).
    #[serde(default)]
    pub solved: u32,
    /// The streak goes on (else the next streak puzzle starts a new one).
    #[serde(default)]
    pub active: bool,
    /// The puzzles of this streak (never served twice in one streak).
    #[serde(default)]
    pub puzzles: Vec<String>,
    /// The most puzzles solved in one streak.
    #[serde(default)]
    pub best: u32,
    /// The puzzle of this streak served and not yet decided: it comes back until it is (left
    /// out of saves that have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open: Option<String>,
}

/// Why the puzzle open was served.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum RunMode {
    /// Near the player's rating (rated unless seen before).
    #[default]
    Rated,
    /// A puzzle failed before, back for another try (not rated).
    Review,
    /// A puzzle of the streak mode (not rated).
    Streak,
}

impl Default for StoredRating {
    fn default() -> StoredRating {
        StoredRating {
            version: RATING_VERSION,
            player: PlayerRating::default(),
            streak: 0,
            best_streak: 0,
            solved: 0,
            attempted: 0,
            review: Vec::new(),
            streak_mode: StreakRun::default(),
            choice: PuzzleChoice::default(),
        }
    }
}

/// Where the puzzle in progress stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum PuzzleState {
    /// The solver's move.
    Playing,
    /// The solver's last move was wrong: it is shown with its refutation until a retry.
    Wrong,
    Solved,
    /// The solution was shown before the puzzle was solved.
    Failed,
}

/// The puzzle in progress (or just ended), as saved. It is the whole state of the try: the
/// positions are played again from the puzzle's start when they are needed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredRun {
    pub puzzle: String,
    /// When it was opened (ms since 1970): with the id, it names the attempt in the history
    /// database, so that filing it again after a crash stores it once.
    pub started_at: f64,
    /// The first try counts for the rating (the puzzle was not seen before).
    pub rated: bool,
    /// The moves after the opponent's mistake: the solver's and the replies, in coordinates.
    #[serde(default)]
    pub played: Vec<String>,
    pub state: PuzzleState,
    /// The wrong move shown (state wrong) and the best answer to it, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrong: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refutation: Option<String>,
    #[serde(default)]
    pub mistakes: u32,
    #[serde(default)]
    pub hints: u32,
    #[serde(default)]
    pub solution_shown: bool,
    /// How the first try went, once it is decided (`None` while undecided or for a replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_try: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<RatingChange>,
    /// The puzzle's rating and themes when it was opened (the attempt's row keeps them even if
    /// a later collection changes them).
    pub puzzle_rating: u32,
    #[serde(default)]
    pub themes: Vec<Theme>,
    /// When it was solved or given up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<f64>,
    /// Its row is in the history database.
    #[serde(default)]
    pub filed: bool,
    /// The trainer shows it: set when the trainer opens it, cleared when the player leaves the
    /// trainer, so that a quit or a crash in the trainer reopens the app on it.
    #[serde(default)]
    pub on_screen: bool,
    /// Why it was served.
    #[serde(default)]
    pub mode: RunMode,
    /// How an unrated try went (a review's or a streak's), once decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<bool>,
    /// The puzzles left at the player's level when it was chosen.
    #[serde(default)]
    pub supply: Supply,
}

impl StoredRun {
    pub fn is_over(&self) -> bool {
        matches!(self.state, PuzzleState::Solved | PuzzleState::Failed)
    }
}

/// The rating as found in the store.
#[derive(Debug, PartialEq)]
pub struct RatingRead {
    pub rating: StoredRating,
    /// What to tell the player; when there is one, the saved value is to be kept aside.
    pub notice: Option<Notice>,
}

/// The largest rating and deviation a saved rating may claim (beyond them it is damage).
const MOST_RATING: u32 = 4000;
const MOST_DEVIATION: u32 = 500;

/// Reads the saved rating. One that does not read, or reads to values no rating has, gives the
/// starting rating and a notice; one from a newer version too (kept aside, never overwritten).
pub fn read_rating(saved: &Value) -> RatingRead {
    let fresh = |notice: Notice| RatingRead {
        rating: StoredRating::default(),
        notice: Some(notice),
    };
    let version = saved.get("version").and_then(Value::as_u64);
    if let Some(version) = version.filter(|&v| v > u64::from(RATING_VERSION)) {
        let version = u32::try_from(version).unwrap_or(u32::MAX);
        return fresh(Notice::PuzzleRatingFromNewerVersion { version });
    }
    match serde_json::from_value::<StoredRating>(saved.clone()) {
        Ok(read) if read.version >= 1 && plausible(&read.player) => RatingRead {
            rating: read,
            notice: None,
        },
        Ok(_) => {
            eprintln!("ultima: the puzzle rating holds values no rating has");
            fresh(Notice::PuzzleRatingUnreadable)
        }
        Err(error) => {
            eprintln!("ultima: the puzzle rating does not read: {error}");
            fresh(Notice::PuzzleRatingUnreadable)
        }
    }
}

fn plausible(player: &PlayerRating) -> bool {
    (1..=MOST_RATING).contains(&player.rating())
        && (1..=MOST_DEVIATION).contains(&player.deviation())
}

/// Reads the saved puzzle in progress; `None` when it does not read (to be kept aside).
pub fn read_run(saved: &Value) -> Option<StoredRun> {
    match serde_json::from_value::<StoredRun>(saved.clone()) {
        Ok(run) if run.started_at.is_finite() => Some(run),
        Ok(_) => {
            eprintln!("ultima: the puzzle in progress has no start time");
            None
        }
        Err(error) => {
            eprintln!("ultima: the puzzle in progress does not read: {error}");
            None
        }
    }
}
