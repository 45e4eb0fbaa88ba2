//! The collection chosen from the verified and rated puzzles: one puzzle per position and per
//! idea, and no theme taking over the set.
//!
//! Games give the same idea more than once: an erring level that leaves a mate in one on the
//! board often leaves it again a move later, and a puzzle found at one move of a line is found
//! again at the next. So, in order:
//!
//! 1. **Positions.** A puzzle whose solver position (after the mistake) is one already kept, or
//!    lies on a kept puzzle's line, or whose line passes through a kept puzzle's solver
//!    position, is a repeat. Longer puzzles are looked at first, so the whole line is kept
//!    rather than its tail.
//! 2. **Ideas.** Two puzzles whose solutions start with the same move and whose solver
//!    positions differ on at most [`NEAR_SQUARES`] squares are the same idea; the first kept
//!    stands for both.
//! 3. **Themes.** No theme of the solution is on more than `max_share` of the set, and mates in
//!    one on no more than [`MATE_IN_ONE_MAX_SHARE`] (the quickest idea, and the one the games
//!    give most). While one is over, a puzzle with that theme leaves: one from the most crowded rating band (so the ratings
//!    stay spread), with the fewest other themes, and the first by id among those. The game
//!    phases (opening, middle game, endgame) are not capped: every puzzle has exactly one, so
//!    three phases cannot all stay under a third unless equal, and the games decide how many
//!    of each there are.

use std::collections::{HashMap, HashSet};

use crate::{Puzzle, ReplayError, Theme};

/// Solver positions this close (squares that differ) with the same first solution move are
/// one idea.
pub const NEAR_SQUARES: usize = 4;
/// The width of a rating band when the cap chooses which puzzle leaves.
pub const RATING_BAND: u32 = 100;
/// The default largest share of the set a theme may have.
pub const DEFAULT_MAX_SHARE: f64 = 1.0 / 3.0;

/// The largest share of the set mates in one may have, whatever `max_share` (unless it is
/// smaller): a quarter.
pub const MATE_IN_ONE_MAX_SHARE: f64 = 0.25;

/// The largest share of the set `theme` may have when the others may have `max_share`.
pub fn theme_max_share(theme: Theme, max_share: f64) -> f64 {
    if theme == Theme::MateIn1 {
        max_share.min(MATE_IN_ONE_MAX_SHARE)
    } else {
        max_share
    }
}

/// The themes the cap does not apply to: one per puzzle, set by the game, not the solution.
pub const PHASES: [Theme; 3] = [Theme::Opening, Theme::Middlegame, Theme::Endgame];

/// What the selection kept and why the rest went.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Selection {
    pub kept: Vec<Puzzle>,
    /// Puzzles dropped as the same position as a kept one (step 1).
    pub same_position: usize,
    /// Dropped as the same idea (step 2).
    pub same_idea: usize,
    /// Dropped by the theme cap, per theme (step 3).
    pub capped: Vec<(Theme, usize)>,
}

/// A position as board and side to move (the UFEN's first two fields): the move counters do
/// not make two positions different.
fn position_key(ufen: &str) -> String {
    ufen.split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The 64 squares of a UFEN's board field, `.` for an empty one (a malformed field gives what
/// it gives: the keys come from positions that replayed).
fn squares(ufen: &str) -> Vec<char> {
    let board = ufen.split_whitespace().next().unwrap_or("");
    let mut out = Vec::with_capacity(64);
    for c in board.chars() {
        match c {
            '/' => {}
            '1'..='8' => out.extend(std::iter::repeat_n('.', c as usize - '0' as usize)),
            other => out.push(other),
        }
    }
    out
}

fn differing_squares(a: &[char], b: &[char]) -> usize {
    let common = a.iter().zip(b).filter(|(x, y)| x != y).count();
    common + a.len().abs_diff(b.len())
}

/// One puzzle with what the selection compares.
struct Candidate {
    puzzle: Puzzle,
    /// The solver's position.
    start: String,
    /// Every position of the line after the solver's position.
    line: Vec<String>,
    start_squares: Vec<char>,
}

fn candidate(puzzle: Puzzle) -> Result<Candidate, ReplayError> {
    let positions = puzzle.replay()?;
    let keys: Vec<String> = positions
        .iter()
        .map(|position| position_key(&position.ufen()))
        .collect();
    let start_ufen = positions
        .get(1)
        .map(|position| position.ufen())
        .unwrap_or_default();
    Ok(Candidate {
        start: keys.get(1).cloned().unwrap_or_default(),
        line: keys.iter().skip(2).cloned().collect(),
        start_squares: squares(&start_ufen),
        puzzle,
    })
}

/// Chooses the collection from `puzzles` (every one must replay), at most `max_share` of it
/// with any one theme of the solution. The kept puzzles come back ordered by id.
pub fn select(puzzles: Vec<Puzzle>, max_share: f64) -> Result<Selection, ReplayError> {
    let mut candidates = puzzles
        .into_iter()
        .map(candidate)
        .collect::<Result<Vec<_>, _>>()?;
    // Longer lines first (their tails are the repeats), then by id: the same input always
    // gives the same set.
    candidates.sort_by(|a, b| {
        b.puzzle
            .solver_move_count()
            .cmp(&a.puzzle.solver_move_count())
            .then_with(|| a.puzzle.id.cmp(&b.puzzle.id))
    });

    let mut selection = Selection::default();
    let mut starts: HashSet<String> = HashSet::new();
    let mut on_lines: HashSet<String> = HashSet::new();
    let mut by_first_move: HashMap<String, Vec<usize>> = HashMap::new();
    let mut kept: Vec<Candidate> = Vec::new();
    for candidate in candidates {
        let repeat = starts.contains(&candidate.start)
            || on_lines.contains(&candidate.start)
            || candidate.line.iter().any(|key| starts.contains(key));
        if repeat {
            selection.same_position += 1;
            continue;
        }
        let first = candidate.puzzle.moves.get(1).cloned().unwrap_or_default();
        let near = by_first_move.get(&first).is_some_and(|indices| {
            indices.iter().any(|&index| {
                differing_squares(&kept[index].start_squares, &candidate.start_squares)
                    <= NEAR_SQUARES
            })
        });
        if near {
            selection.same_idea += 1;
            continue;
        }
        starts.insert(candidate.start.clone());
        on_lines.extend(candidate.line.iter().cloned());
        by_first_move.entry(first).or_default().push(kept.len());
        kept.push(candidate);
    }

    let mut kept: Vec<Puzzle> = kept.into_iter().map(|candidate| candidate.puzzle).collect();
    kept.sort_by(|a, b| a.id.cmp(&b.id));
    let mut capped: HashMap<Theme, usize> = HashMap::new();
    while let Some(theme) = over_cap(&kept, max_share) {
        let Some(index) = leaving(&kept, theme) else {
            break;
        };
        kept.remove(index);
        *capped.entry(theme).or_default() += 1;
    }
    selection.capped = Theme::ALL
        .into_iter()
        .filter_map(|theme| capped.get(&theme).map(|&count| (theme, count)))
        .collect();
    selection.kept = kept;
    Ok(selection)
}

/// The theme most over its cap (by the puzzles over it), if any is.
fn over_cap(puzzles: &[Puzzle], max_share: f64) -> Option<Theme> {
    let total = puzzles.len() as f64;
    Theme::ALL
        .into_iter()
        .filter(|theme| !PHASES.contains(theme))
        .map(|theme| {
            let count = puzzles.iter().filter(|p| p.has_theme(theme)).count() as f64;
            (theme, count - theme_max_share(theme, max_share) * total)
        })
        .filter(|&(_, over)| over > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(theme, _)| theme)
}

/// Which puzzle with `theme` leaves: from the most crowded rating band among them, the one
/// with the fewest other themes, the first by id (the list is ordered by id).
fn leaving(puzzles: &[Puzzle], theme: Theme) -> Option<usize> {
    let mut bands: HashMap<u32, usize> = HashMap::new();
    for puzzle in puzzles.iter().filter(|p| p.has_theme(theme)) {
        *bands.entry(puzzle.rating / RATING_BAND).or_default() += 1;
    }
    let crowded = bands
        .iter()
        .max_by_key(|&(band, count)| (*count, std::cmp::Reverse(*band)))
        .map(|(&band, _)| band)?;
    puzzles
        .iter()
        .enumerate()
        .filter(|(_, p)| p.has_theme(theme) && p.rating / RATING_BAND == crowded)
        .min_by_key(|(_, p)| p.themes.len())
        .map(|(index, _)| index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_compare_square_by_square() {
        let start = squares("clxwkxlI/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1");
        assert_eq!(start.len(), 64);
        assert_eq!(start[8], 'p');
        assert_eq!(start[16], '.');
        let moved = squares("clxwkxlI/pppppppp/8/8/4P3/8/PPPP1PPP/ILXKWXLC b 0 1");
        assert_eq!(differing_squares(&start, &moved), 2);
        assert_eq!(differing_squares(&start, &start), 0);
    }

    #[test]
    fn mates_in_one_are_capped_at_a_quarter_the_others_at_the_share_given() {
        assert_eq!(theme_max_share(Theme::MateIn1, DEFAULT_MAX_SHARE), 0.25);
        assert_eq!(theme_max_share(Theme::MateIn1, 0.2), 0.2);
        assert_eq!(
            theme_max_share(Theme::Pinch, DEFAULT_MAX_SHARE),
            DEFAULT_MAX_SHARE
        );
    }

    #[test]
    fn positions_are_keyed_without_their_counters() {
        assert_eq!(
            position_key("8/8/8/8/8/8/8/K6k w 3 40"),
            position_key("8/8/8/8/8/8/8/K6k w 0 1")
        );
        assert_ne!(
            position_key("8/8/8/8/8/8/8/K6k w 0 1"),
            position_key("8/8/8/8/8/8/8/K6k b 0 1")
        );
    }
}
