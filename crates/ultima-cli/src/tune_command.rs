//! `ultima tune`: a coordinate search over the piece values by self-play. For each piece in
//! turn (the pawn stays at 100), a candidate with the value moved up by a step plays the
//! current values over a set of openings, both colours each; if it scores above the threshold
//! it is kept, otherwise the step down is tried. The step halves after each pass.
//!
//! The players search a fixed number of nodes per move with no clock, so a run is exactly
//! reproducible from its arguments, and its cost does not depend on the machine's load.

use std::io::Write;

use ultima_bot::{Engine, EvalParams, Limits};
use ultima_rules::Role;

use crate::args::Options;
use crate::error::CliError;
use crate::match_runner::{openings, run_games, SearchBot, MAX_GAME_PLIES};

const TUNED: [Role; 5] = [
    Role::Withdrawer,
    Role::LongLeaper,
    Role::Chameleon,
    Role::Coordinator,
    Role::Immobilizer,
];

fn describe(params: &EvalParams) -> String {
    Role::ALL
        .into_iter()
        .filter(|&role| role != Role::King)
        .map(|role| format!("{} {}", role.name(), params.value(role)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The length of the tuner's random openings, in plies.
const OPENING_PLIES: usize = 6;

/// A tuning run, from its arguments.
#[derive(Clone, Debug, PartialEq)]
struct Settings {
    games: usize,
    nodes: u64,
    step: i32,
    passes: usize,
    seed: u64,
    max_plies: usize,
    threshold: f64,
}

fn parse(args: &[String]) -> Result<Settings, CliError> {
    let mut settings = Settings {
        games: 16,
        nodes: 3000,
        step: 50,
        passes: 1,
        seed: 1,
        max_plies: 200,
        threshold: 55.0,
    };
    let mut options = Options::new(
        "tune",
        "--games, --nodes, --step, --passes, --seed, --max-plies, --threshold",
        args,
    );
    while let Some(name) = options.next_name() {
        match name {
            "--games" => settings.games = options.value_in(name, 2..=10_000)?,
            "--nodes" => settings.nodes = options.value_in(name, 1..=100_000_000)?,
            "--step" => settings.step = options.value_in(name, 1..=1_000)?,
            "--passes" => settings.passes = options.value_in(name, 1..=100)?,
            "--seed" => settings.seed = options.value(name)?,
            "--max-plies" => {
                settings.max_plies = options.value_in(name, OPENING_PLIES + 1..=MAX_GAME_PLIES)?
            }
            "--threshold" => settings.threshold = options.value_in(name, 0.0..=100.0)?,
            other => return Err(options.unknown(other)),
        }
    }
    if !settings.games.is_multiple_of(2) {
        return Err(CliError::Usage(
            "--games must be even and at least 2 (each opening is played with both colours)"
                .to_string(),
        ));
    }
    Ok(settings)
}

/// `ultima tune [--games N] [--nodes N] [--step CP] [--passes P] [--seed S] [--max-plies N]
/// [--threshold PERCENT]`
pub fn run(args: &[String]) -> Result<(), CliError> {
    let Settings {
        games,
        nodes,
        mut step,
        passes,
        seed,
        max_plies,
        threshold,
    } = parse(args)?;
    let lines = openings(seed, games / 2, OPENING_PLIES);
    let mut current = EvalParams::default();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "tune: {games} games per trial, {nodes} nodes per move, step {step}, {passes} pass(es), threshold {threshold}%, seed {seed}"
    )?;
    writeln!(out, "start: {}", describe(&current))?;
    for pass in 1..=passes {
        for role in TUNED {
            for sign in [1, -1] {
                let mut candidate = current;
                candidate.material[role] =
                    current.material[role].saturating_add(sign * step).max(10);
                let mut challenger = SearchBot::new(
                    "candidate",
                    Engine::with_hash_mb(4).with_params(candidate),
                    Limits::nodes(nodes),
                );
                let mut incumbent = SearchBot::new(
                    "current",
                    Engine::with_hash_mb(4).with_params(current),
                    Limits::nodes(nodes),
                );
                let tally = run_games(
                    &mut challenger,
                    &mut incumbent,
                    games,
                    &lines,
                    max_plies,
                    &mut |_, _, _, _| {},
                );
                let percent = 100.0 * tally.score();
                let kept = percent >= threshold;
                writeln!(
                    out,
                    "pass {pass} {} {} -> {}: +{} ={} -{} ({percent:.1}%) {}",
                    role.name(),
                    current.material[role],
                    candidate.material[role],
                    tally.wins,
                    tally.draws,
                    tally.losses,
                    if kept { "kept" } else { "rejected" }
                )?;
                out.flush()?;
                if kept {
                    current = candidate;
                    break;
                }
            }
        }
        writeln!(out, "after pass {pass}: {}", describe(&current))?;
        step = (step / 2).max(10);
    }
    writeln!(out, "result: {}", describe(&current))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::args::words as args;

    #[test]
    fn a_step_too_large_is_refused_not_overflowed() {
        // It used to overflow while making the first candidate.
        let error = run(&args(&["--step", "2147483647"])).expect_err("out of range");
        assert!(matches!(error, CliError::Usage(_)), "{error}");
        assert!(error.to_string().contains("--step"), "{error}");
    }

    #[test]
    fn tune_arguments_out_of_range_are_refused() {
        let defaults = parse(&[]).expect("the defaults are valid");
        assert_eq!(
            (defaults.games, defaults.step, defaults.passes),
            (16, 50, 1)
        );
        let edges = parse(&args(&[
            "--games",
            "10000",
            "--nodes",
            "1",
            "--step",
            "1000",
            "--passes",
            "100",
            "--max-plies",
            "7",
            "--threshold",
            "100",
        ]))
        .expect("the bounds are valid");
        assert_eq!((edges.games, edges.step), (10_000, 1_000));
        for words in [
            ["--step", "0"],
            ["--step", "1001"],
            ["--step", "-5"],
            ["--games", "0"],
            ["--games", "3"],
            ["--games", "10002"],
            ["--games", "18446744073709551615"],
            ["--nodes", "0"],
            ["--nodes", "18446744073709551615"],
            ["--passes", "0"],
            ["--passes", "101"],
            ["--max-plies", "6"],
            ["--threshold", "NaN"],
            ["--threshold", "101"],
        ] {
            let error = parse(&args(&words)).expect_err("out of range");
            assert!(matches!(error, CliError::Usage(_)), "{words:?}: {error}");
            assert!(error.to_string().contains(words[0]), "{words:?}: {error}");
        }
    }
}
