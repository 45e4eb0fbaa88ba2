//! Simulated players through the real chooser ([`choose`]) and the real rating
//! ([`PlayerRating`]): how the trainer meets a player of a given true strength.
//!
//! A simulated player of true strength `S` solves a puzzle rated `R` with the Elo chance
//! `1 / (1 + 10^((R - S) / 400))`, drawn from a seed, and plays the rated puzzles the chooser
//! serves at the normal difficulty, from a new rating (1500 ± 350). Deterministic: the same
//! puzzles, strengths and seed give the same report.

use std::collections::HashSet;

use ultima_rand::{splitmix64, Rng};

use super::chooser::{choose, Difficulty, NextPuzzle};
use super::player::PlayerRating;
use crate::Puzzle;

/// What to simulate.
#[derive(Clone, Debug, PartialEq)]
pub struct SimulationSettings {
    /// The players' true strengths.
    pub strengths: Vec<u32>,
    /// Rated puzzles each player plays.
    pub puzzles: usize,
    /// The rating is also reported after this many puzzles.
    pub checkpoint: usize,
    /// Players simulated per strength (the report gives their means).
    pub players: u32,
    pub seed: u64,
}

impl Default for SimulationSettings {
    fn default() -> SimulationSettings {
        SimulationSettings {
            strengths: vec![1000, 1500, 2000, 2400],
            puzzles: 200,
            checkpoint: 50,
            players: 10,
            seed: 1,
        }
    }
}

/// The players of one strength, averaged.
#[derive(Clone, Debug, PartialEq)]
pub struct StrengthReport {
    pub strength: u32,
    /// The mean rating after [`SimulationSettings::checkpoint`] puzzles, and at the end.
    pub rating_at_checkpoint: f64,
    pub rating_at_end: f64,
    /// The largest distance of one player's final rating from the true strength.
    pub worst_end_error: f64,
    /// The mean distance between the player's rating (before each puzzle) and the puzzle's.
    pub mean_distance: f64,
    /// The same over the puzzles after the checkpoint (once the rating has settled).
    pub mean_distance_after_checkpoint: f64,
    /// The share of puzzles solved.
    pub solve_rate: f64,
    /// The share of puzzles served from outside the chooser's window (the nearest unseen).
    pub outside_window: f64,
    /// Puzzles played in all (fewer than asked when the set ran out).
    pub played: usize,
}

/// The Elo chance that a player of `strength` solves a puzzle rated `rating`.
pub fn solve_chance(strength: u32, rating: u32) -> f64 {
    let diff = f64::from(rating) - f64::from(strength);
    1.0 / (1.0 + 10f64.powf(diff / 400.0))
}

/// A draw in `[0, 1)`.
fn uniform(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// One player's run: (ratings after each puzzle, distances, solved, outside the window).
struct Run {
    ratings: Vec<u32>,
    distances: Vec<u64>,
    solved: usize,
    outside: usize,
}

fn play(puzzles: &[Puzzle], strength: u32, count: usize, seed: u64) -> Run {
    let mut rng = Rng::new(seed);
    let mut player = PlayerRating::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut last_theme = None;
    let mut run = Run {
        ratings: Vec::with_capacity(count),
        distances: Vec::with_capacity(count),
        solved: 0,
        outside: 0,
    };
    for index in 0..count {
        let rating = player.rating();
        let request = NextPuzzle {
            rating,
            difficulty: Difficulty::Normal,
            theme: None,
            last_theme,
            seen: &seen,
            seed: rng.next_u64(),
        };
        let Some(choice) = choose(puzzles, &request) else {
            break;
        };
        let puzzle = choice.puzzle;
        run.distances
            .push((i64::from(puzzle.rating) - i64::from(rating)).unsigned_abs());
        if !choice.in_window {
            run.outside += 1;
        }
        let solved = uniform(&mut rng) < solve_chance(strength, puzzle.rating);
        if solved {
            run.solved += 1;
        }
        player.record(puzzle, solved, index as f64);
        run.ratings.push(player.rating());
        last_theme = super::chooser::main_theme(puzzle);
        seen.insert(puzzle.id.clone());
    }
    run
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, count) = values.fold((0.0, 0usize), |(s, c), v| (s + v, c + 1));
    if count == 0 {
        0.0
    } else {
        sum / count as f64
    }
}

/// Every strength of `settings` through the trainer on `puzzles`.
pub fn simulate(puzzles: &[Puzzle], settings: &SimulationSettings) -> Vec<StrengthReport> {
    settings
        .strengths
        .iter()
        .map(|&strength| {
            let runs: Vec<Run> = (0..settings.players)
                .map(|player| {
                    let seed =
                        splitmix64(settings.seed ^ (u64::from(strength) << 32) ^ u64::from(player))
                            .1;
                    play(puzzles, strength, settings.puzzles, seed)
                })
                .collect();
            let at = |run: &Run, count: usize| {
                f64::from(
                    run.ratings
                        .get(count.saturating_sub(1))
                        .or(run.ratings.last())
                        .copied()
                        .unwrap_or(1500),
                )
            };
            let played: usize = runs.iter().map(|run| run.ratings.len()).sum();
            let cut = settings.checkpoint;
            StrengthReport {
                strength,
                rating_at_checkpoint: mean(runs.iter().map(|run| at(run, cut))),
                rating_at_end: mean(runs.iter().map(|run| at(run, settings.puzzles))),
                worst_end_error: runs
                    .iter()
                    .map(|run| (at(run, settings.puzzles) - f64::from(strength)).abs())
                    .fold(0.0, f64::max),
                mean_distance: mean(
                    runs.iter()
                        .flat_map(|run| run.distances.iter().map(|&d| d as f64)),
                ),
                mean_distance_after_checkpoint: mean(
                    runs.iter()
                        .flat_map(|run| run.distances.iter().skip(cut).map(|&d| d as f64)),
                ),
                solve_rate: runs.iter().map(|run| run.solved).sum::<usize>() as f64
                    / played.max(1) as f64,
                outside_window: runs.iter().map(|run| run.outside).sum::<usize>() as f64
                    / played.max(1) as f64,
                played: played / runs.len().max(1),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Theme;

    /// `count` puzzles rated evenly from `low` to `high` (the same position: the chooser only
    /// reads ids, ratings and themes).
    fn ladder_of_puzzles(count: u32, low: u32, high: u32) -> Vec<Puzzle> {
        (0..count)
            .map(|i| Puzzle {
                id: format!("p{i}"),
                ufen: "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1".to_string(),
                moves: vec!["a2a3".to_string(), "a7a6".to_string()],
                rating: low + (high - low) * i / count.max(2).saturating_sub(1).max(1),
                rating_deviation: 80,
                themes: vec![if i % 2 == 0 {
                    Theme::Pinch
                } else {
                    Theme::LongLeap
                }],
            })
            .collect()
    }

    #[test]
    fn the_elo_chance_is_even_at_equal_strength_and_falls_with_the_puzzles_rating() {
        assert!((solve_chance(1500, 1500) - 0.5).abs() < 1e-12);
        assert!((solve_chance(1500, 1900) - 1.0 / 11.0).abs() < 1e-12);
        assert!(solve_chance(2000, 1000) > 0.99);
    }

    #[test]
    fn on_a_set_spread_over_every_rating_the_rating_finds_the_strength() {
        let puzzles = ladder_of_puzzles(4000, 600, 3000);
        let settings = SimulationSettings {
            players: 4,
            ..SimulationSettings::default()
        };
        let reports = simulate(&puzzles, &settings);
        assert_eq!(reports.len(), 4);
        for report in &reports {
            assert_eq!(report.played, 200);
            assert!(
                (report.rating_at_end - f64::from(report.strength)).abs() < 150.0,
                "{report:?}"
            );
            assert!(report.mean_distance_after_checkpoint < 150.0, "{report:?}");
            assert!((0.3..0.7).contains(&report.solve_rate), "{report:?}");
        }
        // The same seed, the same report.
        assert_eq!(simulate(&puzzles, &settings), reports);
    }

    #[test]
    fn a_set_with_nothing_hard_leaves_a_strong_player_far_from_their_puzzles() {
        let puzzles = ladder_of_puzzles(1000, 600, 1200);
        let settings = SimulationSettings {
            strengths: vec![2400],
            players: 2,
            ..SimulationSettings::default()
        };
        let report = &simulate(&puzzles, &settings)[0];
        assert!(report.mean_distance_after_checkpoint > 500.0, "{report:?}");
        assert!(report.outside_window > 0.5, "{report:?}");
    }
}
