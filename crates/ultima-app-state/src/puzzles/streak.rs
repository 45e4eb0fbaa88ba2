//! The streak mode, as lichess' Puzzle Streak: puzzles of rising difficulty, not rated, until
//! the first one not solved at the first try (a wrong move, a hint or the solution); the best
//! streak is kept. The `n`-th puzzle of a streak (from 0) is chosen near
//! [`START`] + [`STEP`] × `n` by the trainer's chooser: unseen puzzles first, then any not yet
//! in this streak.

use std::collections::HashSet;

use ultima_puzzles::rating::{choose, Difficulty, NextPuzzle};
use ultima_puzzles::{Puzzle, Theme};

use super::stored::StreakRun;

/// The first puzzle's target rating: easy for anyone.
pub const START: u32 = 800;
/// The rise per puzzle solved.
pub const STEP: u32 = 50;

/// The target rating of the streak's next puzzle.
pub fn target(run: &StreakRun) -> u32 {
    START.saturating_add(STEP.saturating_mul(run.solved))
}

/// A new streak (the best kept).
pub fn start(run: &mut StreakRun) {
    run.solved = 0;
    run.active = true;
    run.puzzles.clear();
    run.open = None;
}

/// `id` served as the streak's next puzzle: it stays open until decided.
pub fn serve(run: &mut StreakRun, id: &str) {
    run.puzzles.push(id.to_string());
    run.open = Some(id.to_string());
}

/// A streak's puzzle decided: solved, the streak grows; not, it ends.
pub fn decide(run: &mut StreakRun, solved: bool) {
    if !run.active {
        return;
    }
    run.open = None;
    if solved {
        run.solved = run.solved.saturating_add(1);
        run.best = run.best.max(run.solved);
    } else {
        run.active = false;
    }
}

/// The puzzle of an active streak served and not yet decided, if any.
pub fn undecided(run: &StreakRun) -> Option<&str> {
    run.open.as_deref().filter(|_| run.active)
}

/// The streak's next puzzle: near [`target`], one never `seen` if any is left, else any not
/// yet in this streak.
pub fn choose_puzzle<'p>(
    puzzles: &'p [Puzzle],
    run: &StreakRun,
    seen: &HashSet<String>,
    last_theme: Option<Theme>,
    seed: u64,
) -> Option<&'p Puzzle> {
    let in_streak: HashSet<String> = run.puzzles.iter().cloned().collect();
    let mut avoid: HashSet<String> = seen.clone();
    avoid.extend(in_streak.iter().cloned());
    let request = |avoid: &HashSet<String>| {
        choose(
            puzzles,
            &NextPuzzle {
                rating: target(run),
                difficulty: Difficulty::Normal,
                theme: None,
                last_theme,
                seen: avoid,
                seed,
            },
        )
    };
    let unseen = request(&avoid);
    if let Some(choice) = unseen.filter(|choice| choice.in_window) {
        return Some(choice.puzzle);
    }
    let any = request(&in_streak);
    any.filter(|choice| choice.in_window)
        .or(unseen)
        .or(any)
        .map(|choice| choice.puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(id: &str, rating: u32) -> Puzzle {
        Puzzle {
            id: id.to_string(),
            ufen: "8/I7/8/7k/8/8/8/K7 b 0 1".to_string(),
            moves: vec!["h5h6".to_string(), "a7g7".to_string()],
            rating,
            rating_deviation: 80,
            themes: vec![Theme::MateIn1],
        }
    }

    #[test]
    fn a_streak_rises_until_the_first_miss_and_keeps_the_best() {
        let mut run = StreakRun::default();
        start(&mut run);
        assert_eq!(target(&run), 800);
        for n in 0..4 {
            let id = format!("p{n}");
            serve(&mut run, &id);
            assert_eq!(undecided(&run), Some(id.as_str()), "open until decided");
            decide(&mut run, true);
            assert_eq!(undecided(&run), None);
        }
        assert_eq!(run.puzzles.len(), 4);
        assert_eq!((run.solved, run.best, target(&run)), (4, 4, 1000));
        decide(&mut run, false);
        assert!(!run.active);
        // Over: nothing more counts until a new streak starts.
        decide(&mut run, true);
        assert_eq!(run.solved, 4);
        start(&mut run);
        decide(&mut run, true);
        assert_eq!((run.solved, run.best), (1, 4));
    }

    #[test]
    fn the_next_puzzle_is_near_the_target_unseen_first_and_never_twice_in_a_streak() {
        let puzzles: Vec<Puzzle> = (0..40)
            .map(|n| puzzle(&format!("p{n}"), 700 + 25 * n))
            .collect();
        let mut run = StreakRun::default();
        start(&mut run);
        run.solved = 4; // target 1000
        let seen: HashSet<String> = ["p12".to_string()].into();
        for seed in 0..20 {
            let chosen = choose_puzzle(&puzzles, &run, &seen, None, seed).expect("one");
            assert!(chosen.rating.abs_diff(1000) <= 100, "{}", chosen.rating);
            assert_ne!(chosen.id, "p12", "an unseen one while there are some");
        }
        // Every near puzzle seen before: one of them again rather than a far one.
        let all_seen: HashSet<String> = puzzles.iter().map(|p| p.id.clone()).collect();
        let chosen = choose_puzzle(&puzzles, &run, &all_seen, None, 3).expect("one");
        assert!(chosen.rating.abs_diff(1000) <= 100);
        // Every puzzle but the last in this streak already: the last, however far.
        run.puzzles = puzzles.iter().map(|p| p.id.clone()).collect();
        run.puzzles.pop();
        let last = choose_puzzle(&puzzles, &run, &all_seen, None, 3).expect("the last one");
        assert_eq!(last.id, "p39");
    }
}
