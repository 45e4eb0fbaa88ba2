//! The difficulty model: a puzzle's rating from what makes a puzzle hard for a person, checked
//! against the bot ladder's tries (see docs/puzzles.md, "The difficulty model").
//!
//! The bots' fit alone ([`super::calibrate`]) marks as hard what the bots fail at small node
//! budgets, which is not what a person finds hard: an only capture the error model overlooks,
//! a quiet mate in a position many pawns up. So the model builds a rating from the puzzle's
//! structure, and uses the ladder as evidence beside it:
//!
//! - **structure** ([`structure_rating`]): 800 for a capture that wins at once, plus
//!   [`PER_SOLVER_MOVE`] for each solver move after the first, [`QUIET_FIRST`] when the first move
//!   takes nothing, [`QUIET_LATER`] for each later solver move that takes nothing, [`SACRIFICE`]
//!   when the first move gives material (the solver is behind the puzzle's start after the
//!   opponent's reply), [`DEFENCE`] for a defensive puzzle (the only move that holds, winning
//!   nothing: players look for wins first), [`PER_ALTERNATIVE`] for each other first move that
//!   captures or checks (the moves a player looks at first), and [`PER_EXTRA_PLY`] for each ply the
//!   engine needs beyond the line's own length before it finds the solution and keeps it, less
//!   [`PER_LEAD`] for each [`LEAD_STEP`] of material the solver is up beyond [`EASY_LEAD`] at the
//!   start (a position already won many times over leaves little to find), at most
//!   [`MOST_LEAD_DISCOUNT`];
//! - **ladder**: the bots' Glicko-2 fit, weighed [`LADDER_WEIGHT`] against the structure;
//! - **caps**: a puzzle every level solves at every try is pulled halfway towards 700
//!   ([`SOLVED_BY_ALL_PIVOT`]) and stays below 1000 ([`SOLVED_BY_ALL_CAP`]): squeezed, not cut,
//!   so that such puzzles keep their order and do not pile up at one value; a puzzle whose first
//!   move is the only capture on the board is not above 1300 ([`ONLY_CAPTURE_CAP`]).

use ultima_bot::{Engine, Limits, NoClock};
use ultima_rules::{Move, Position};

use crate::themes::material_balance;
use crate::{Puzzle, ReplayError};

/// The rating of a one-move capture nothing else rivals.
pub const BASE: f64 = 800.0;
/// Each solver move after the first: one more move to see.
pub const PER_SOLVER_MOVE: f64 = 175.0;
/// A first move that takes nothing: the hardest kind to look for.
pub const QUIET_FIRST: f64 = 250.0;
/// Each later solver move that takes nothing.
pub const QUIET_LATER: f64 = 75.0;
/// A first move that gives material.
pub const SACRIFICE: f64 = 150.0;
/// A defensive puzzle ([`crate::Theme::Defence`]): the only move that holds, which wins
/// nothing. Its quiet first move already adds [`QUIET_FIRST`]; this is for the kind: a player
/// looks for a win first and must see the opponent's threat instead (lichess' defensive puzzles
/// are harder for players than their length says).
pub const DEFENCE: f64 = 100.0;
/// Each other first move that captures or checks, up to [`MOST_ALTERNATIVES`].
pub const PER_ALTERNATIVE: f64 = 40.0;
pub const MOST_ALTERNATIVES: usize = 6;
/// Each ply the engine needs beyond the line's own length, up to [`MOST_EXTRA_PLIES`].
pub const PER_EXTRA_PLY: f64 = 50.0;
pub const MOST_EXTRA_PLIES: u32 = 6;
/// The solver's material lead (centipawns) from which a position counts as already won,
pub const EASY_LEAD: i32 = 500;
/// and the discount for each further step of this much,
pub const LEAD_STEP: i32 = 500;
pub const PER_LEAD: f64 = 100.0;
/// at most this.
pub const MOST_LEAD_DISCOUNT: f64 = 400.0;
/// The share of the bots' fit in the rating when there is one.
pub const LADDER_WEIGHT: f64 = 0.4;
/// A puzzle every level solves at every try is pulled halfway towards this,
pub const SOLVED_BY_ALL_PIVOT: f64 = 700.0;
/// and rated at most this.
pub const SOLVED_BY_ALL_CAP: f64 = 990.0;
/// A puzzle whose first move is the only capture is rated at most this.
pub const ONLY_CAPTURE_CAP: f64 = 1300.0;
/// The model's range.
pub const MODEL_FLOOR: f64 = 600.0;
pub const MODEL_CEILING: f64 = 2800.0;

/// What the bot ladder made of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LadderEvidence {
    /// The Glicko-2 fit of the levels' tries.
    pub fit: u32,
    /// Every level solved it at every try.
    pub solved_by_all: bool,
}

/// What the model reads of a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    pub solver_moves: usize,
    /// The first solver move takes nothing.
    pub quiet_first: bool,
    /// Later solver moves that take nothing.
    pub quiet_later: usize,
    /// The first solver move gives material (behind after the opponent's reply).
    pub sacrifice: bool,
    /// A defensive puzzle (tagged [`crate::Theme::Defence`]).
    pub defence: bool,
    /// The first solver move captures and no other legal move does.
    pub only_capture: bool,
    /// Other legal first moves that capture or check.
    pub alternatives: usize,
    /// The solver's material minus the opponent's at the start, in centipawns.
    pub material_lead: i32,
    /// The shallowest depth from which the engine's best move is the solution's and stays so,
    /// the deepest over the solver's moves (`None`: not searched).
    pub find_depth: Option<u32>,
}

/// The rating from the puzzle's structure alone.
pub fn structure_rating(features: &Features) -> f64 {
    let moves = features.solver_moves.clamp(1, 6);
    let extra_plies = features
        .find_depth
        .map(|depth| {
            // A line of n solver moves is 2n - 1 plies deep: finding it there is no extra.
            let own = 2 * moves as u32 - 1;
            depth.saturating_sub(own).min(MOST_EXTRA_PLIES)
        })
        .unwrap_or(0);
    BASE + PER_SOLVER_MOVE * (moves - 1) as f64
        + if features.quiet_first {
            QUIET_FIRST
        } else {
            0.0
        }
        + QUIET_LATER * features.quiet_later.min(5) as f64
        + if features.sacrifice { SACRIFICE } else { 0.0 }
        + if features.defence { DEFENCE } else { 0.0 }
        + PER_ALTERNATIVE * features.alternatives.min(MOST_ALTERNATIVES) as f64
        + PER_EXTRA_PLY * f64::from(extra_plies)
        - lead_discount(features.material_lead)
}

/// What an overwhelming material lead takes off.
fn lead_discount(lead: i32) -> f64 {
    let steps = lead.saturating_sub(EASY_LEAD).max(0) / LEAD_STEP;
    (PER_LEAD * f64::from(steps)).min(MOST_LEAD_DISCOUNT)
}

/// The model's rating: the structure, weighed with the ladder's fit when there is one, then
/// capped (every level solves it: below 1000; the only capture: not above 1300).
pub fn model_rating(features: &Features, ladder: Option<LadderEvidence>) -> u32 {
    let structure = structure_rating(features);
    let mut rating = match ladder {
        Some(evidence) => {
            (1.0 - LADDER_WEIGHT) * structure + LADDER_WEIGHT * f64::from(evidence.fit)
        }
        None => structure,
    };
    if ladder.is_some_and(|evidence| evidence.solved_by_all) {
        rating =
            (SOLVED_BY_ALL_PIVOT + (rating - SOLVED_BY_ALL_PIVOT) / 2.0).min(SOLVED_BY_ALL_CAP);
    }
    if features.only_capture {
        rating = rating.min(ONLY_CAPTURE_CAP);
    }
    rating.clamp(MODEL_FLOOR, MODEL_CEILING).round() as u32
}

/// Whether `mv` in `position` captures or leaves the opponent in check.
fn forcing(position: &Position, mv: &Move) -> bool {
    mv.is_capture() || position.play_unchecked(mv).is_check()
}

/// The features of `puzzle` that need no search (`find_depth` is `None`).
pub fn features(puzzle: &Puzzle) -> Result<Features, ReplayError> {
    let positions = puzzle.replay()?;
    // positions[i] is the position before moves[i]; the solver moves at odd i.
    let solver: Vec<(Position, Move)> = puzzle
        .moves
        .iter()
        .enumerate()
        .skip(1)
        .step_by(2)
        .filter_map(|(index, text)| {
            let position = positions.get(index)?;
            let mv = position.parse_coordinates(text).ok()?;
            Some((position.clone(), mv))
        })
        .collect();
    let Some((start, first)) = solver.first() else {
        return Err(ReplayError::Shape {
            id: puzzle.id.clone(),
            count: puzzle.moves.len(),
        });
    };
    let legal = start.legal_moves();
    let others = legal.iter().filter(|mv| **mv != *first);
    let alternatives = others.filter(|mv| forcing(start, mv)).count();
    let other_captures = legal
        .iter()
        .filter(|mv| **mv != *first && mv.is_capture())
        .count();
    let side = start.turn();
    // After the first move and the opponent's reply (the puzzle's position 3), if any.
    let sacrifice = positions
        .get(3)
        .is_some_and(|after| material_balance(after, side) < material_balance(start, side));
    Ok(Features {
        solver_moves: solver.len(),
        quiet_first: !first.is_capture(),
        quiet_later: solver
            .iter()
            .skip(1)
            .filter(|(_, mv)| !mv.is_capture())
            .count(),
        sacrifice,
        defence: puzzle.has_theme(crate::Theme::Defence),
        only_capture: first.is_capture() && other_captures == 0,
        alternatives,
        material_lead: material_balance(start, side),
        find_depth: None,
    })
}

/// The shallowest depth from which the engine, searching `position` to `nodes`, keeps
/// `solution` as its best move to the last depth it completes (`None`: it does not end on it).
pub fn find_depth(
    engine: &mut Engine,
    position: &Position,
    solution: &Move,
    nodes: u64,
) -> Option<u32> {
    engine.clear();
    let mut kept_from: Option<u32> = None;
    let mut on_iteration = |info: &ultima_bot::SearchInfo| {
        if info.multipv > 1 {
            return;
        }
        if info.pv.first() == Some(solution) {
            kept_from.get_or_insert(info.depth);
        } else {
            kept_from = None;
        }
    };
    let result = engine
        .search(
            position,
            &[],
            &Limits::nodes(nodes),
            &NoClock,
            &mut on_iteration,
        )
        .ok()?;
    // The search's final answer decides (a last, unfinished iteration may have moved it).
    (result.best_move == *solution).then_some(kept_from.unwrap_or(1))
}

/// [`features`] with the find depth: every solver move searched to `nodes`, the deepest kept.
/// A solver move the engine does not end on counts as found at the last depth plus one.
pub fn features_searched(
    puzzle: &Puzzle,
    engine: &mut Engine,
    nodes: u64,
) -> Result<Features, ReplayError> {
    let mut found = features(puzzle)?;
    let positions = puzzle.replay()?;
    let mut deepest = 1;
    for (index, text) in puzzle.moves.iter().enumerate().skip(1).step_by(2) {
        let Some(position) = positions.get(index) else {
            break;
        };
        let Ok(mv) = position.parse_coordinates(text) else {
            continue;
        };
        // A move that wins at once needs no search to be kept.
        if !position.play_unchecked(&mv).has_legal_move() {
            continue;
        }
        let depth = find_depth(engine, position, &mv, nodes).unwrap_or(2 * MOST_EXTRA_PLIES + 12);
        deepest = deepest.max(depth);
    }
    found.find_depth = Some(deepest);
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain() -> Features {
        Features {
            solver_moves: 1,
            quiet_first: false,
            quiet_later: 0,
            sacrifice: false,
            defence: false,
            only_capture: false,
            alternatives: 2,
            material_lead: 0,
            find_depth: Some(1),
        }
    }

    /// Every combination of the structure's features, each with a few fits of the ladder.
    fn grid() -> Vec<(Features, Option<LadderEvidence>)> {
        let mut all = Vec::new();
        for solver_moves in 1..=6 {
            for quiet_first in [false, true] {
                for quiet_later in 0..solver_moves {
                    for (sacrifice, defence) in [(false, false), (true, false), (false, true)] {
                        // A defensive puzzle is one quiet move.
                        if defence && (solver_moves > 1 || !quiet_first) {
                            continue;
                        }
                        for alternatives in [0, 1, 3, 8] {
                            for depth in [1, 3, 7, 12] {
                                for ladder in [
                                    None,
                                    Some((800, true)),
                                    Some((1200, false)),
                                    Some((3200, false)),
                                    Some((3200, true)),
                                ] {
                                    let features = Features {
                                        solver_moves,
                                        quiet_first,
                                        quiet_later,
                                        sacrifice,
                                        defence,
                                        only_capture: !quiet_first && alternatives == 0,
                                        alternatives,
                                        material_lead: 300 * alternatives as i32,
                                        find_depth: Some(depth),
                                    };
                                    let ladder = ladder.map(|(fit, solved_by_all)| {
                                        LadderEvidence { fit, solved_by_all }
                                    });
                                    all.push((features, ladder));
                                }
                            }
                        }
                    }
                }
            }
        }
        all
    }

    fn mean(ratings: impl Iterator<Item = u32>) -> f64 {
        let (sum, count) = ratings.fold((0.0, 0), |(s, c), r| (s + f64::from(r), c + 1));
        sum / f64::from(count.max(1))
    }

    #[test]
    fn longer_puzzles_rate_higher_on_average() {
        let all = grid();
        let by_length: Vec<f64> = (1..=6)
            .map(|n| {
                mean(
                    all.iter()
                        .filter(|(f, _)| f.solver_moves == n)
                        .map(|(f, l)| model_rating(f, *l)),
                )
            })
            .collect();
        assert!(by_length.windows(2).all(|w| w[0] < w[1]), "{by_length:?}");
        // And one puzzle made longer, all else equal, never rates lower.
        for (features, ladder) in &all {
            let longer = Features {
                solver_moves: features.solver_moves + 1,
                ..features.clone()
            };
            assert!(model_rating(&longer, *ladder) >= model_rating(features, *ladder));
        }
    }

    #[test]
    fn quieter_puzzles_rate_higher_on_average() {
        let all = grid();
        let quiet = mean(
            all.iter()
                .filter(|(f, _)| f.quiet_first)
                .map(|(f, l)| model_rating(f, *l)),
        );
        let capture = mean(
            all.iter()
                .filter(|(f, _)| !f.quiet_first)
                .map(|(f, l)| model_rating(f, *l)),
        );
        assert!(quiet > capture + 150.0, "quiet {quiet}, capture {capture}");
        let plain_quiet = Features {
            quiet_first: true,
            ..plain()
        };
        assert!(model_rating(&plain_quiet, None) > model_rating(&plain(), None));
    }

    #[test]
    fn a_puzzle_every_level_solves_is_below_1000() {
        for (features, ladder) in grid() {
            if ladder.is_some_and(|l| l.solved_by_all) {
                assert!(model_rating(&features, ladder) < 1000, "{features:?}");
            }
        }
    }

    #[test]
    fn a_puzzle_whose_answer_is_the_only_capture_is_not_above_1300() {
        let mut seen = 0;
        for (features, ladder) in grid() {
            if features.only_capture {
                seen += 1;
                assert!(model_rating(&features, ladder) <= 1300, "{features:?}");
            }
        }
        assert!(seen > 100);
    }

    #[test]
    fn a_defence_rates_above_the_same_quiet_move() {
        let quiet = Features {
            quiet_first: true,
            ..plain()
        };
        let defence = Features {
            defence: true,
            ..quiet.clone()
        };
        assert_eq!(
            model_rating(&defence, None) - model_rating(&quiet, None),
            DEFENCE as u32
        );
        // The grid the rules are checked on holds defensive puzzles too.
        let all = grid();
        assert!(all.iter().filter(|(f, _)| f.defence).count() > 50);
    }

    #[test]
    fn a_position_won_many_times_over_rates_lower() {
        let quiet_mate = Features {
            solver_moves: 2,
            quiet_first: true,
            ..plain()
        };
        let up_25_pawns = Features {
            material_lead: 2500,
            ..quiet_mate.clone()
        };
        let up_4_pawns = Features {
            material_lead: 400,
            ..quiet_mate.clone()
        };
        assert_eq!(
            model_rating(&up_4_pawns, None),
            model_rating(&quiet_mate, None)
        );
        assert_eq!(
            model_rating(&quiet_mate, None) - model_rating(&up_25_pawns, None),
            MOST_LEAD_DISCOUNT as u32
        );
    }

    #[test]
    fn the_ladder_moves_the_rating_towards_its_fit() {
        let features = Features {
            solver_moves: 2,
            ..plain()
        };
        let alone = model_rating(&features, None);
        let hard = model_rating(
            &features,
            Some(LadderEvidence {
                fit: 2400,
                solved_by_all: false,
            }),
        );
        let easy = model_rating(
            &features,
            Some(LadderEvidence {
                fit: 800,
                solved_by_all: false,
            }),
        );
        assert!(easy < alone && alone < hard, "{easy} {alone} {hard}");
    }

    /// Puzzles of the generator's run (also in the CLI's tests): a chameleon's capture, a
    /// coordinator's mate in one, a three-move long leaper line.
    const SAMPLE: &str = "\
35cad767;clxwkxl1/ppp1ppp1/8/7i/7P/2Pp4/PP1PPP1P/ILXKWXLC w 1 4;b1f5 c8h3;1212;350;chameleon-leap,opening
ec500e08;2lIk1l1/1p2ppx1/C4P1P/4P3/7P/2P5/3PK2P/p1X1WX2 b 6 20;b7a7 a6b7;900;350;coordinator,mate-in-1,middlegame
2419da4d;p3k3/4pix1/1CX3p1/2P3p1/2W2pp1/5I1X/L5PP/PL1K4 b 0 36;a8a5 a2a8 f7f8 d1e1 e8f7 a8h8;1400;350;long-leap,middlegame
";

    #[test]
    fn features_are_read_from_the_solution() {
        let puzzles = crate::parse_file(SAMPLE).unwrap();
        let read: Vec<Features> = puzzles.iter().map(|p| features(p).unwrap()).collect();
        assert_eq!(read[0].solver_moves, 1);
        assert!(!read[0].quiet_first);
        assert_eq!(read[2].solver_moves, 3);
        let mut engine = Engine::with_hash_mb(8);
        let searched = features_searched(&puzzles[2], &mut engine, 50_000).unwrap();
        assert!(searched.find_depth.is_some_and(|d| d >= 1));
        // The mate in one needs no search.
        let mate = features_searched(&puzzles[1], &mut engine, 50_000).unwrap();
        assert_eq!(mate.find_depth, Some(1));
    }
}
