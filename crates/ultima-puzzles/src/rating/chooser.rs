//! Choosing the next puzzle: one the player has not seen, near their rating, not on the theme
//! of the last one when another will do.
//!
//! The target is the player's rating shifted by the difficulty (−300, 0, +300, as lichess
//! does). Puzzles within ±100 of it are the candidates; when none is left unseen, the window
//! doubles (±200, ±400, ...) until one is. Among the candidates, those whose main theme differs
//! from the last puzzle's are preferred, and one of them is drawn from the seed: the same
//! inputs and seed give the same puzzle.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use ultima_rand::Rng;

use crate::{Puzzle, Theme};

/// The window's half-width to start with.
pub const START_WINDOW: u32 = 100;

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

/// The next puzzle for `request`, or `None` when every puzzle (of the theme asked for) has
/// been seen.
pub fn choose_next<'p>(puzzles: &'p [Puzzle], request: &NextPuzzle<'_>) -> Option<&'p Puzzle> {
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
    let farthest = unseen.iter().map(|puzzle| distance(puzzle)).max()?;
    let mut window = u64::from(START_WINDOW);
    // Widen until some puzzle is in the window (the farthest one ends it).
    while window < farthest {
        if unseen.iter().any(|puzzle| distance(puzzle) <= window) {
            break;
        }
        window = window.saturating_mul(2);
    }
    let candidates: Vec<&Puzzle> = unseen
        .into_iter()
        .filter(|puzzle| distance(puzzle) <= window)
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
    pool.get(rng.index(pool.len())).copied()
}
