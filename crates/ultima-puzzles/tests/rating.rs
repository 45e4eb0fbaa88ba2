//! The ratings: the bots' calibration of a puzzle, the player's rating, and the choice of the
//! next puzzle.

use std::collections::HashSet;

use ultima_bot::Level;
use ultima_puzzles::rating::{
    calibrate, choose, choose_next, fit, level_rating, main_theme, CalibrationSettings, Difficulty,
    NextPuzzle, PlayerRating, RatingPoint, Supply, MAX_HISTORY, MIN_DEVIATION, NEAREST_SLACK,
    START_WINDOW,
};
use ultima_puzzles::{Puzzle, Theme};
use ultima_rand::Rng;
use ultima_rules::Position;

fn puzzle(id: &str, rating: u32, themes: &[Theme]) -> Puzzle {
    Puzzle {
        id: id.to_string(),
        ufen: "4k3/8/3K4/3L4/8/8/8/8 b 0 1".to_string(),
        moves: vec!["e8d8".to_string(), "d5g8".to_string()],
        rating,
        rating_deviation: 80,
        themes: themes.to_vec(),
    }
}

/// Every level tries `tries` times; the strongest `solves` tries solve it.
fn strongest_solve(solves: usize, tries: usize) -> Vec<(Level, bool)> {
    Level::ALL
        .iter()
        .rev()
        .flat_map(|level| std::iter::repeat_n(*level, tries))
        .enumerate()
        .map(|(index, level)| (level, index < solves))
        .collect()
}

// --- the levels' assumed ratings and the fit -------------------------------------------------

#[test]
fn the_levels_are_rated_in_the_ladders_order() {
    let ratings: Vec<f64> = Level::ALL
        .iter()
        .map(|level| level_rating(*level).rating)
        .collect();
    assert_eq!(ratings[0], 800.0);
    assert!(ratings.windows(2).all(|pair| pair[0] < pair[1]));
}

#[test]
fn a_puzzle_every_level_solves_rates_about_novice_and_one_none_solves_above_intermediate() {
    let (easy, easy_deviation) = fit(&strongest_solve(Level::ALL.len() * 3, 3));
    let (hard, hard_deviation) = fit(&strongest_solve(0, 3));
    // Solved by every level: its rating falls to about Novice's (most of the solvers are far
    // stronger than it, and a solve by a stronger level tells the fit little), below Learner's.
    assert!(
        f64::from(easy) < level_rating(Level::Learner).rating,
        "{easy}"
    );
    assert!(
        f64::from(hard) > level_rating(Level::Intermediate).rating,
        "{hard}"
    );
    // Fifteen games tell more than none: the deviation fell from 350.
    assert!(easy_deviation < 200 && hard_deviation < 200);
}

#[test]
fn the_fitted_rating_falls_as_the_solve_rate_rises() {
    let ratings: Vec<u32> = (0..=Level::ALL.len() * 3)
        .map(|solves| fit(&strongest_solve(solves, 3)).0)
        .collect();
    assert!(
        ratings.windows(2).all(|pair| pair[0] > pair[1]),
        "{ratings:?}"
    );
}

#[test]
fn a_puzzle_solved_only_by_the_strong_levels_rates_between_them_and_the_weak() {
    // The two strongest levels (Club and Strong) solve, every other fails.
    let (rating, _) = fit(&strongest_solve(6, 3));
    assert!(
        f64::from(rating) > level_rating(Level::Casual).rating,
        "{rating}"
    );
    assert!(
        f64::from(rating) < level_rating(Level::Club).rating,
        "{rating}"
    );
}

#[test]
fn no_tries_leave_the_starting_rating() {
    assert_eq!(fit(&[]), (1500, 350));
}

// --- the bots' tries --------------------------------------------------------------------------

/// The first shipped puzzle that `wanted` accepts (given the puzzle's positions).
fn shipped_where(wanted: impl Fn(&Puzzle, &[Position]) -> bool) -> Puzzle {
    ultima_puzzles::collection()
        .expect("the collection reads")
        .into_iter()
        .find(|p| p.replay().is_ok_and(|positions| wanted(p, &positions)))
        .expect("a shipped puzzle of that kind")
}

fn solver_move_is_capture(puzzle: &Puzzle, positions: &[Position]) -> bool {
    positions[1]
        .parse_coordinates(&puzzle.moves[1])
        .is_ok_and(|mv| mv.is_capture())
}

fn tries(calibration: &ultima_puzzles::rating::Calibration, level: Level) -> u32 {
    calibration
        .solved
        .iter()
        .find(|(l, _, _)| *l == level)
        .map(|(_, solved, _)| *solved)
        .expect("the level tried")
}

#[test]
fn a_capturing_mate_in_one_is_missed_only_by_levels_that_overlook_captures() {
    // In a puzzle a level that overlooks captures (Novice 30% of the time, Beginner 10%)
    // overlooks the solution too; Intermediate and Club never do.
    let settings = CalibrationSettings {
        tries: 40,
        ..CalibrationSettings::default()
    };
    let mate = shipped_where(|p, positions| {
        p.has_theme(Theme::MateIn1)
            && p.solver_move_count() == 1
            && solver_move_is_capture(p, positions)
    });
    let calibration = calibrate(&mate, &settings).expect("calibrates");
    assert_eq!(
        tries(&calibration, Level::Intermediate),
        40,
        "{calibration:?}"
    );
    assert_eq!(tries(&calibration, Level::Club), 40, "{calibration:?}");
    assert!(tries(&calibration, Level::Novice) < 40, "{calibration:?}");
    let capture_rating = calibration.rating;

    // A quiet mate in one (here the leaper's step to g8 after the king's to d8, or a8: any
    // mate counts) is never overlooked: every level solves it, and it rates below Novice.
    let quiet = puzzle("mate", 1500, &[Theme::LongLeap, Theme::MateIn1]);
    let calibration = calibrate(&quiet, &settings).expect("calibrates");
    assert_eq!(calibration.solve_rate(), 1.0, "{calibration:?}");
    assert!(f64::from(calibration.rating) < level_rating(Level::Novice).rating);
    // So the capture rates above the quiet mate: the calibration tells them apart.
    assert!(
        capture_rating > calibration.rating,
        "{capture_rating} {calibration:?}"
    );
    let mut other = quiet.clone();
    other.moves[1] = "d5a8".to_string();
    let calibration = calibrate(&other, &CalibrationSettings::default()).expect("calibrates");
    assert_eq!(calibration.solve_rate(), 1.0, "{calibration:?}");
}

/// A line of random moves from the start: the "solution" is a random move, which no level
/// plays.
fn random_line(seed: u64, len: usize) -> Puzzle {
    let start = Position::start();
    let mut position = start.clone();
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    for _ in 0..len {
        let legal = position.legal_moves();
        let mv = legal[rng.index(legal.len())];
        moves.push(mv.coordinates());
        position = position.play_unchecked(&mv);
    }
    Puzzle {
        id: format!("random{seed}"),
        ufen: start.ufen(),
        moves,
        rating: 1500,
        rating_deviation: 350,
        themes: vec![Theme::Opening],
    }
}

#[test]
fn a_solution_no_level_finds_rates_high() {
    let settings = CalibrationSettings {
        tries: 2,
        ..CalibrationSettings::default()
    };
    let nonsense = random_line(5, 4);
    let calibration = calibrate(&nonsense, &settings).expect("calibrates");
    assert_eq!(calibration.solve_rate(), 0.0, "{calibration:?}");
    assert!(f64::from(calibration.rating) > level_rating(Level::Intermediate).rating);
}

#[test]
fn calibration_is_the_same_every_time() {
    let settings = CalibrationSettings {
        tries: 2,
        levels: vec![Level::Novice, Level::Beginner],
        ..CalibrationSettings::default()
    };
    let line = random_line(9, 2);
    let first = calibrate(&line, &settings).expect("calibrates");
    let second = calibrate(&line, &settings).expect("calibrates");
    assert_eq!(first, second);
}

#[test]
fn a_puzzle_that_does_not_replay_is_an_error_naming_it() {
    let mut broken = puzzle("broken", 1500, &[]);
    broken.moves = vec!["e8d8".to_string(), "a1a2".to_string()];
    let error = calibrate(&broken, &CalibrationSettings::default()).expect_err("does not replay");
    assert!(error.to_string().contains("broken"), "{error}");
}

// --- the player's rating ----------------------------------------------------------------------

#[test]
fn a_new_player_starts_at_1500() {
    let player = PlayerRating::new();
    assert_eq!(player.rating(), 1500);
    assert_eq!(player.deviation(), 350);
    assert!(player.history().is_empty());
}

#[test]
fn a_solve_raises_the_rating_and_a_miss_lowers_it() {
    let target = puzzle("p", 1500, &[]);
    let mut player = PlayerRating::new();
    let won = player.record(&target, true, 1000.0);
    assert_eq!(won.before, 1500);
    assert!(won.after > 1500 && won.delta() > 0);
    let lost = player.record(&target, false, 2000.0);
    assert_eq!(lost.before, won.after);
    assert!(lost.after < lost.before && lost.delta() < 0);
    assert_eq!(
        player.history(),
        [
            RatingPoint {
                at: 1000.0,
                rating: won.after
            },
            RatingPoint {
                at: 2000.0,
                rating: lost.after
            }
        ]
    );
}

#[test]
fn solving_a_harder_puzzle_gains_more() {
    let mut easy = PlayerRating::new();
    let mut hard = PlayerRating::new();
    let easy_gain = easy.record(&puzzle("e", 1100, &[]), true, 0.0).delta();
    let hard_gain = hard.record(&puzzle("h", 1900, &[]), true, 0.0).delta();
    assert!(hard_gain > easy_gain, "{hard_gain} vs {easy_gain}");
    // And missing an easy one costs more than missing a hard one.
    let mut a = PlayerRating::new();
    let mut b = PlayerRating::new();
    let easy_loss = a.record(&puzzle("e", 1100, &[]), false, 0.0).delta();
    let hard_loss = b.record(&puzzle("h", 1900, &[]), false, 0.0).delta();
    assert!(easy_loss < hard_loss, "{easy_loss} vs {hard_loss}");
}

#[test]
fn the_rating_settles_but_keeps_moving() {
    let mut player = PlayerRating::new();
    for index in 0..400 {
        player.record(&puzzle("p", 1500, &[]), index % 2 == 0, f64::from(index));
    }
    assert!(
        (1400..1600).contains(&player.rating()),
        "{}",
        player.rating()
    );
    // Sure of itself by now, but never frozen.
    let deviation = f64::from(player.deviation());
    assert!((MIN_DEVIATION..100.0).contains(&deviation), "{deviation}");
    let before = player.rating();
    let change = player.record(&puzzle("p", 1500, &[]), true, 1e6);
    assert!(change.after > before);
}

#[test]
fn the_history_is_thinned_past_its_limit_keeping_its_span() {
    let mut player = PlayerRating::new();
    let count = MAX_HISTORY + 500;
    for index in 0..count {
        player.record(&puzzle("p", 1500, &[]), index % 3 != 0, index as f64);
    }
    let history = player.history();
    assert!(history.len() <= MAX_HISTORY);
    assert_eq!(history.first().map(|point| point.at), Some(0.0));
    assert_eq!(
        history.last().map(|point| point.at),
        Some((count - 1) as f64)
    );
    assert!(history.windows(2).all(|pair| pair[0].at < pair[1].at));
    let chart = player.chart(100);
    assert_eq!(chart.len(), 100);
    // The chart starts from the starting rating, then the first puzzle, ..., the last.
    assert_eq!(chart[0].rating, 1500);
    assert_eq!(chart.get(1), history.first());
    assert_eq!(chart.last(), history.last());
    assert!(chart.windows(2).skip(1).all(|pair| pair[0].at < pair[1].at));
}

#[test]
fn a_longer_saved_history_comes_down_to_the_limit_at_the_next_puzzle() {
    let points: Vec<String> = (0..2000)
        .map(|i| format!("{{\"at\":{i}.0,\"rating\":{}}}", 1400 + i % 200))
        .collect();
    let json = format!(
        "{{\"rating\":1600.0,\"deviation\":80.0,\"volatility\":0.06,\"history\":[{}]}}",
        points.join(",")
    );
    let mut player: PlayerRating = serde_json::from_str(&json).expect("reads");
    assert_eq!(player.history().len(), 2000);
    player.record(&puzzle("p", 1600, &[]), true, 5000.0);
    let history = player.history();
    assert!(history.len() <= MAX_HISTORY, "{}", history.len());
    assert_eq!(history.first().map(|point| point.at), Some(0.0));
    assert_eq!(history.last().map(|point| point.at), Some(5000.0));
}

#[test]
fn the_chart_starts_from_1500_so_one_puzzle_draws_a_line() {
    let mut player = PlayerRating::new();
    assert!(
        player.chart(100).is_empty(),
        "nothing before the first puzzle"
    );
    let change = player.record(&puzzle("p", 1500, &[]), true, 1000.0);
    let chart = player.chart(100);
    let ratings: Vec<u32> = chart.iter().map(|point| point.rating).collect();
    assert_eq!(ratings, [1500, change.after]);
    assert_eq!(
        player.history().len(),
        1,
        "the history itself is one point a puzzle"
    );
    // A tiny chart keeps the start and the newest point.
    player.record(&puzzle("p", 1500, &[]), false, 2000.0);
    let tiny: Vec<u32> = player.chart(1).iter().map(|point| point.rating).collect();
    assert_eq!(tiny, [1500, player.rating()]);
}

#[test]
fn the_rating_saves_and_reads_back() {
    let mut player = PlayerRating::new();
    player.record(&puzzle("p", 1600, &[]), true, 1234.0);
    let json = serde_json::to_string(&player).expect("writes");
    assert!(json.starts_with("{\"rating\":"), "{json}");
    assert!(
        json.contains("\"history\":[{\"at\":1234.0,\"rating\":"),
        "{json}"
    );
    let read: PlayerRating = serde_json::from_str(&json).expect("reads");
    assert_eq!(read, player);
    // A save without a history still reads.
    let bare: PlayerRating =
        serde_json::from_str(r#"{"rating":1600.0,"deviation":100.0,"volatility":0.06}"#)
            .expect("reads");
    assert_eq!(bare.rating(), 1600);
    assert!(bare.history().is_empty());
}

// --- choosing the next puzzle -----------------------------------------------------------------

const THEMES: [Theme; 4] = [
    Theme::Pinch,
    Theme::Withdrawal,
    Theme::LongLeap,
    Theme::Coordinator,
];

/// Puzzles rated 600, 610, ..., 2600, their main themes in turn.
fn collection() -> Vec<Puzzle> {
    (0..=200)
        .map(|index| {
            let theme = THEMES[index % THEMES.len()];
            puzzle(
                &format!("p{index}"),
                600 + 10 * index as u32,
                &[theme, Theme::Middlegame],
            )
        })
        .collect()
}

fn request(rating: u32, seen: &HashSet<String>, seed: u64) -> NextPuzzle<'_> {
    NextPuzzle {
        rating,
        difficulty: Difficulty::Normal,
        theme: None,
        last_theme: None,
        seen,
        seed,
    }
}

#[test]
fn the_next_puzzle_is_near_the_rating() {
    let puzzles = collection();
    let seen = HashSet::new();
    for seed in 0..50 {
        let chosen = choose_next(&puzzles, &request(1500, &seen, seed)).expect("one");
        assert!(chosen.rating.abs_diff(1500) <= 100, "{}", chosen.rating);
    }
}

#[test]
fn a_seen_puzzle_is_never_chosen_and_past_the_window_the_nearest_unseen_one_comes() {
    let puzzles = collection();
    let mut seen = HashSet::new();
    let mut widest = 0;
    for seed in 0..puzzles.len() as u64 {
        let choice = choose(&puzzles, &request(1500, &seen, seed)).expect("one left");
        let chosen = choice.puzzle;
        assert!(!seen.contains(&chosen.id), "{} again", chosen.id);
        let distance = u64::from(chosen.rating.abs_diff(1500));
        let nearest = puzzles
            .iter()
            .filter(|puzzle| !seen.contains(&puzzle.id))
            .map(|puzzle| u64::from(puzzle.rating.abs_diff(1500)))
            .min()
            .unwrap_or(0);
        if choice.in_window {
            assert!(distance <= u64::from(START_WINDOW), "{distance}");
        } else {
            // Never a random draw from a wide window: the nearest, or one almost as near.
            assert!(nearest > u64::from(START_WINDOW));
            assert!(
                distance <= nearest + NEAREST_SLACK,
                "{distance} vs {nearest}"
            );
            assert_eq!(choice.supply(), Supply::Exhausted);
        }
        widest = widest.max(distance);
        seen.insert(chosen.id.clone());
    }
    assert_eq!(seen.len(), puzzles.len());
    assert!(widest >= 1000, "the choice reached the ends: {widest}");
    assert!(choose_next(&puzzles, &request(1500, &seen, 0)).is_none());
}

#[test]
fn the_supply_runs_low_before_the_level_runs_out() {
    let puzzles = collection();
    let mut seen = HashSet::new();
    let mut supplies = Vec::new();
    for seed in 0..60 {
        let choice = choose(&puzzles, &request(2500, &seen, seed)).expect("one left");
        // Within ±200 of 2500 (the set ends at 2600): 31 puzzles, fewer each time one is seen.
        let near_unseen = puzzles
            .iter()
            .filter(|p| !seen.contains(&p.id) && p.id != choice.puzzle.id)
            .filter(|p| p.rating.abs_diff(2500) <= 200)
            .count();
        assert_eq!(choice.left_near, near_unseen);
        supplies.push(choice.supply());
        seen.insert(choice.puzzle.id.clone());
    }
    let first = |wanted: Supply| supplies.iter().position(|s| *s == wanted);
    let (Some(plenty), Some(low), Some(out)) = (
        first(Supply::Plenty),
        first(Supply::RunningLow),
        first(Supply::Exhausted),
    ) else {
        panic!("every supply in turn: {supplies:?}");
    };
    assert!(plenty < low && low < out, "{supplies:?}");
}

#[test]
fn easier_and_harder_shift_the_target_by_300() {
    let puzzles = collection();
    let seen = HashSet::new();
    for (difficulty, target) in [
        (Difficulty::Easier, 1200),
        (Difficulty::Normal, 1500),
        (Difficulty::Harder, 1800),
    ] {
        for seed in 0..20 {
            let next = NextPuzzle {
                difficulty,
                ..request(1500, &seen, seed)
            };
            let chosen = choose_next(&puzzles, &next).expect("one");
            assert!(
                chosen.rating.abs_diff(target) <= 100,
                "{difficulty:?}: {}",
                chosen.rating
            );
        }
    }
}

#[test]
fn one_theme_only_gives_only_that_theme() {
    let puzzles = collection();
    let mut seen = HashSet::new();
    let mut count = 0;
    while let Some(chosen) = choose_next(
        &puzzles,
        &NextPuzzle {
            theme: Some(Theme::LongLeap),
            ..request(1500, &seen, count)
        },
    ) {
        assert!(chosen.has_theme(Theme::LongLeap), "{chosen:?}");
        seen.insert(chosen.id.clone());
        count += 1;
    }
    let with_theme = puzzles
        .iter()
        .filter(|puzzle| puzzle.has_theme(Theme::LongLeap))
        .count();
    assert_eq!(count as usize, with_theme);
}

#[test]
fn the_last_puzzles_theme_is_avoided_when_another_is_near() {
    let puzzles = collection();
    let seen = HashSet::new();
    for seed in 0..50 {
        let next = NextPuzzle {
            last_theme: Some(Theme::Pinch),
            ..request(1500, &seen, seed)
        };
        let chosen = choose_next(&puzzles, &next).expect("one");
        assert_ne!(main_theme(chosen), Some(Theme::Pinch));
        assert!(chosen.rating.abs_diff(1500) <= 100);
    }
    // Asking for that theme only, it is given all the same.
    let next = NextPuzzle {
        theme: Some(Theme::Pinch),
        last_theme: Some(Theme::Pinch),
        ..request(1500, &seen, 3)
    };
    let chosen = choose_next(&puzzles, &next).expect("one");
    assert_eq!(main_theme(chosen), Some(Theme::Pinch));
}

#[test]
fn a_run_of_puzzles_varies_its_themes() {
    let puzzles = collection();
    let mut seen = HashSet::new();
    let mut last_theme = None;
    let mut player = PlayerRating::new();
    for seed in 0..40 {
        let next = NextPuzzle {
            last_theme,
            ..request(player.rating(), &seen, seed)
        };
        let chosen = choose_next(&puzzles, &next).expect("one");
        let theme = main_theme(chosen);
        assert_ne!(theme, last_theme, "the same theme twice running");
        last_theme = theme;
        seen.insert(chosen.id.clone());
        player.record(chosen, seed % 2 == 0, seed as f64);
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle_and_others_vary() {
    let puzzles = collection();
    let seen = HashSet::new();
    let first = choose_next(&puzzles, &request(1500, &seen, 7)).map(|p| p.id.clone());
    let again = choose_next(&puzzles, &request(1500, &seen, 7)).map(|p| p.id.clone());
    assert_eq!(first, again);
    let different: HashSet<String> = (0..30)
        .filter_map(|seed| choose_next(&puzzles, &request(1500, &seen, seed)))
        .map(|p| p.id.clone())
        .collect();
    assert!(different.len() > 5, "{different:?}");
}

#[test]
fn difficulty_reads_as_the_ui_sends_it() {
    let read: Vec<Difficulty> =
        serde_json::from_str(r#"["easier","normal","harder"]"#).expect("reads");
    assert_eq!(
        read,
        [Difficulty::Easier, Difficulty::Normal, Difficulty::Harder]
    );
}
