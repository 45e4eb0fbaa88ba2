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

use crate::match_runner::{openings, run_games, SearchBot};
use crate::CliError;

const TUNED: [Role; 5] = [
    Role::Withdrawer,
    Role::LongLeaper,
    Role::Chameleon,
    Role::Coordinator,
    Role::Immobilizer,
];

fn parse_value<T: std::str::FromStr>(name: &str, value: Option<&String>) -> Result<T, CliError> {
    let value = value.ok_or_else(|| CliError::Usage(format!("`{name}` needs a value")))?;
    value
        .parse()
        .map_err(|_| CliError::Usage(format!("`{name} {value}`: `{value}` is not a valid value")))
}

fn describe(params: &EvalParams) -> String {
    Role::ALL
        .into_iter()
        .filter(|&role| role != Role::King)
        .map(|role| format!("{} {}", role.name(), params.value(role)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `ultima tune [--games N] [--nodes N] [--step CP] [--passes P] [--seed S] [--max-plies N]
/// [--threshold PERCENT]`
pub fn run(args: &[String]) -> Result<(), CliError> {
    let mut games = 16usize;
    let mut nodes = 3000u64;
    let mut step = 50i32;
    let mut passes = 1usize;
    let mut seed = 1u64;
    let mut max_plies = 200usize;
    let mut threshold = 55.0f64;
    let mut i = 0;
    while i < args.len() {
        let name = args[i].as_str();
        let value = args.get(i + 1);
        match name {
            "--games" => games = parse_value(name, value)?,
            "--nodes" => nodes = parse_value(name, value)?,
            "--step" => step = parse_value(name, value)?,
            "--passes" => passes = parse_value(name, value)?,
            "--seed" => seed = parse_value(name, value)?,
            "--max-plies" => max_plies = parse_value(name, value)?,
            "--threshold" => threshold = parse_value(name, value)?,
            other => {
                return Err(CliError::Usage(format!(
                    "unknown option `{other}` for `ultima tune`; the options are --games, --nodes, --step, --passes, --seed, --max-plies, --threshold"
                )))
            }
        }
        i += 2;
    }
    if games < 2 || games % 2 != 0 {
        return Err(CliError::Usage(
            "--games must be even and at least 2 (each opening is played with both colours)"
                .to_string(),
        ));
    }
    if step <= 0 || nodes == 0 {
        return Err(CliError::Usage(
            "--step and --nodes must be positive".to_string(),
        ));
    }
    let lines = openings(seed, games / 2, 6);
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
                candidate.material[role] = (current.material[role] + sign * step).max(10);
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
