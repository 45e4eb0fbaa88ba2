//! Choosing the next puzzle: one the player has not seen, near their rating, not on the theme
//! of the last one when another will do.
//!
//! The target is the player's rating shifted by the difficulty (−300, 0, +300, as lichess
//! does). Puzzles within ±100 of it ([`START_WINDOW`]) are the candidates. When none is left
//! unseen there, the nearest unseen puzzle is served (by rating distance; those within
//! [`NEAREST_SLACK`] of the nearest are drawn from, for variety), never a random draw from a
//! wide window: a player above the set's range meets its hardest puzzles, not its easiest.
//! Among the candidates, those whose main theme differs from the last puzzle's are preferred,
//! and one of them is drawn from the seed: the same inputs and seed give the same puzzle.
//!
//! The choice tells how many unseen puzzles are left around the target ([`SUPPLY_WINDOW`]),
//! so the trainer can tell the player when their level's puzzles are running out
//! ([`Supply`]).

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use ultima_rand::Rng;

use crate::{Puzzle, Theme};

/// The window's half-width: puzzles this near the target are drawn from.
pub const START_WINDOW: u32 = 100;
/// Outside the window, the puzzles within this of the nearest one's distance are drawn from.
pub const NEAREST_SLACK: u64 = 25;
/// The player's level, for the supply: puzzles within this of the target.
pub const SUPPLY_WINDOW: u64 = 200;
/// Fewer unseen puzzles than this at the player's level: they are running out.
pub const RUNNING_LOW: usize = 20;

/// How far from the player's rating the puzzles are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    Easier,
    #[default]
    Normal,
    Harder,
}

impl Difficulty {
    /// The shift of the target from the player's rating.
    pub fn offset(self) -> i64 {
        match self {
            Difficulty::Easier => -300,
            Difficulty::Normal => 0,
            Difficulty::Harder => 300,
        }
    }
}

/// What the next puzzle is chosen from.
#[derive(Clone, Copy, Debug)]
pub struct NextPuzzle<'a> {
    /// The player's rating.
    pub rating: u32,
    pub difficulty: Difficulty,
    /// Only puzzles with this theme, if set.
    pub theme: Option<Theme>,
    /// The main theme of the puzzle before ([`main_theme`]), avoided when possible.
    pub last_theme: Option<Theme>,
    /// The ids of the puzzles already played: never chosen.
    pub seen: &'a HashSet<String>,
    pub seed: u64,
}

/// What a puzzle is mostly about: its first theme that is not the phase of the game (themes
/// are sorted with the kinds of capture first).
pub fn main_theme(puzzle: &Puzzle) -> Option<Theme> {
    puzzle
        .themes
        .iter()
        .copied()
        .find(|theme| !matches!(theme, Theme::Opening | Theme::Middlegame | Theme::Endgame))
}

/// The target rating of `request`: the player's, shifted by the difficulty.
pub fn target_rating(request: &NextPuzzle<'_>) -> i64 {
    i64::from(request.rating) + request.difficulty.offset()
}

/// How many puzzles are left at the player's level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum Supply {
    /// [`RUNNING_LOW`] or more unseen puzzles within [`SUPPLY_WINDOW`] of the target.
    #[default]
    Plenty,
    /// Fewer: the level's puzzles are running out.
    RunningLow,
    /// None left within [`START_WINDOW`]: the nearest unseen puzzle was served instead.
    Exhausted,
}

/// The puzzle chosen, and how it was found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice<'p> {
    pub puzzle: &'p Puzzle,
    /// It came from the window around the target (else the window had nothing unseen and it
    /// is the nearest unseen one).
    pub in_window: bool,
    /// Unseen puzzles within [`SUPPLY_WINDOW`] of the target, this one aside.
    pub left_near: usize,
}

impl Choice<'_> {
    /// What to tell the player of the puzzles left at their level.
    pub fn supply(&self) -> Supply {
        if !self.in_window {
            Supply::Exhausted
        } else if self.left_near < RUNNING_LOW {
            Supply::RunningLow
        } else {
            Supply::Plenty
        }
    }
}

/// The next puzzle for `request`, or `None` when every puzzle (of the theme asked for) has
/// been seen.
pub fn choose_next<'p>(puzzles: &'p [Puzzle], request: &NextPuzzle<'_>) -> Option<&'p Puzzle> {
    choose(puzzles, request).map(|choice| choice.puzzle)
}

/// [`choose_next`], with how the puzzle was found.
pub fn choose<'p>(puzzles: &'p [Puzzle], request: &NextPuzzle<'_>) -> Option<Choice<'p>> {
    let unseen: Vec<&Puzzle> = puzzles
        .iter()
        .filter(|puzzle| !request.seen.contains(&puzzle.id))
        .filter(|puzzle| match request.theme {
            Some(theme) => puzzle.has_theme(theme),
            None => true,
        })
        .collect();
    let target = target_rating(request);
    let distance = |puzzle: &Puzzle| (i64::from(puzzle.rating) - target).unsigned_abs();
    let nearest = unseen.iter().map(|puzzle| distance(puzzle)).min()?;
    let in_window = nearest <= u64::from(START_WINDOW);
    let reach = if in_window {
        u64::from(START_WINDOW)
    } else {
        nearest.saturating_add(NEAREST_SLACK)
    };
    let candidates: Vec<&Puzzle> = unseen
        .iter()
        .copied()
        .filter(|puzzle| distance(puzzle) <= reach)
        .collect();
    let varied: Vec<&Puzzle> = match request.last_theme {
        Some(last) => candidates
            .iter()
            .copied()
            .filter(|puzzle| main_theme(puzzle) != Some(last))
            .collect(),
        None => Vec::new(),
    };
    let pool = if varied.is_empty() {
        &candidates
    } else {
        &varied
    };
    let mut rng = Rng::new(request.seed);
    let puzzle = pool.get(rng.index(pool.len())).copied()?;
    let left_near = unseen
        .iter()
        .filter(|other| other.id != puzzle.id && distance(other) <= SUPPLY_WINDOW)
        .count();
    Some(Choice {
        puzzle,
        in_window,
        left_near,
    })
}
