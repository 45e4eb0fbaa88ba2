//! The commands that ask the bot: `bestmove` and `bench`.

use std::io::{BufWriter, Write};

use ultima_bot::{history_hashes, Clock, Engine, Level, LevelPlayer, Limits, SearchInfo, StdClock};
use ultima_rules::{Game, Position};

use crate::args::{check_range, is_option, Options};
use crate::error::CliError;
use crate::rules_option::{position_by, take_rules};

/// The positions `ultima bench` searches: the start, six middlegame positions from Casual
/// self-play (plies 16 to 40), and two of RULES.md's worked positions. Fixed text, so that the
/// node count changes only when the search or the evaluation does.
pub const BENCH_POSITIONS: [&str; 9] = [
    "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1",
    "clx1k2i/p1p3pp/3x1w2/1p1pp3/6X1/LP2P3/P4PPP/I1XKW1LC w 2 9",
    "c1xwk3/p2pp1p1/8/Wpp3p1/3P1ll1/4Pp1C/P1P1PPPi/I2K1XL1 w 10 15",
    "cl3k2/pp1x4/2p2L2/8/1P2p1p1/3X4/P1KP2PP/I1X2W2 w 1 21",
    "c1xwk1li/pp1pp1p1/2l4p/8/2P1xp1P/2I3P1/P1P1XP2/1LXKW1LC w 5 9",
    "clxpk1li/4p1pp/2wx3p/1pp4P/p2P3P/3L1XW1/PPP1P2P/I1XK2LC w 28 15",
    "1l2k2l/1pp3I1/1P3x2/2cp4/p3P2p/6P1/P6P/1LXKWXC1 w 2 21",
    "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1",
    "8/p6C/8/8/8/K1p5/8/7k w 0 1",
];

/// The depth `ultima bench` searches to unless told otherwise.
pub const BENCH_DEPTH: u32 = 8;

/// One line of search information, as the engine protocol prints it.
pub fn info_line(info: &SearchInfo) -> String {
    let pv: Vec<String> = info.pv.iter().map(|mv| mv.coordinates()).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps(),
        info.time_ms,
        pv.join(" ")
    )
    .trim_end()
    .to_string()
}

struct BestmoveArgs {
    game: Game,
    level: Option<Level>,
    limits: Limits,
    seed: u64,
}

fn parse_bestmove(args: &[String]) -> Result<BestmoveArgs, CliError> {
    let (rules, args) = take_rules(args)?;
    let split = args.iter().position(|a| is_option(a)).unwrap_or(args.len());
    let (ufen_words, options) = args.split_at(split);
    if ufen_words.is_empty() {
        return Err(CliError::Usage(
            "`ultima bestmove` needs a position in UFEN, in quotes (or `start`)".to_string(),
        ));
    }
    let start = position_by(&ufen_words.join(" "), rules)?;
    let mut game = Game::new(start);
    let mut level = None;
    let mut limits = Limits::default();
    let mut seed = 1;
    let mut options = Options::new(
        "bestmove",
        "--level, --depth, --nodes, --movetime, --seed, --moves and --rules",
        options,
    );
    while let Some(name) = options.next_name() {
        match name {
            "--depth" => limits.depth = Some(options.value(name)?),
            "--nodes" => limits.nodes = Some(options.value(name)?),
            "--movetime" => limits.movetime_ms = Some(options.value(name)?),
            "--seed" => seed = options.value(name)?,
            "--level" => {
                let text: String = options.value(name)?;
                level = Some(text.parse::<Level>()?);
            }
            "--moves" => {
                for text in options.words_before_next_option() {
                    game.play_text(text).map_err(|error| {
                        CliError::Usage(format!("bad move `{text}` after --moves: {error}"))
                    })?;
                }
            }
            other => return Err(options.unknown(other)),
        }
    }
    let limited = limits.depth.is_some() || limits.nodes.is_some() || limits.movetime_ms.is_some();
    if let (Some(level), true) = (level, limited) {
        return Err(CliError::Usage(format!(
            "`--level {level}` plays with the level's own limits: give either --level or --depth/--nodes/--movetime, not both"
        )));
    }
    if level.is_none() && !limited {
        limits.movetime_ms = Some(1000);
    }
    Ok(BestmoveArgs {
        game,
        level,
        limits,
        seed,
    })
}

/// `ultima bestmove "<ufen>" [--moves ...] [--level L | --depth N --nodes N --movetime MS]`
pub fn bestmove(args: &[String]) -> Result<(), CliError> {
    let BestmoveArgs {
        game,
        level,
        limits,
        seed,
    } = parse_bestmove(args)?;
    let position = game.position().clone();
    let history = history_hashes(&game);
    let clock = StdClock::new();
    let mut out = BufWriter::new(std::io::stdout().lock());
    match level {
        Some(level) => {
            let mut player = LevelPlayer::new(level, seed);
            let choice = player.choose(&position, &history, &clock, None)?;
            writeln!(out, "{}", info_line(&choice.info))?;
            writeln!(
                out,
                "info level {level} searchbest {} time {}",
                choice.best_move.coordinates(),
                clock.now_ms()
            )?;
            writeln!(out, "bestmove {}", choice.mv.coordinates())?;
        }
        None => {
            let mut engine = Engine::new();
            let mut lines = Vec::new();
            let result = engine.search(&position, &history, &limits, &clock, &mut |info| {
                lines.push(info_line(info));
            })?;
            for line in lines {
                writeln!(out, "{line}")?;
            }
            if result.info.depth == 0 {
                writeln!(out, "{}", info_line(&result.info))?;
            }
            writeln!(out, "bestmove {}", result.best_move.coordinates())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// `ultima bench [--depth N]`: the bench positions to a fixed depth, each with a fresh engine;
/// prints the nodes of each and the total with the speed. The node count is the bench's
/// signature: it changes only when the search's behaviour does.
///
/// `ultima bench --levels [--rounds N]`: instead, how long each level takes to reply.
/// `ultima bench --stop`: instead, how long a search takes to end once told to stop.
pub fn bench(args: &[String]) -> Result<(), CliError> {
    let mut depth: Option<u32> = None;
    let mut levels = false;
    let mut stop = false;
    let mut rounds: Option<u64> = None;
    let mut options = Options::new(
        "bench",
        "--depth N, --levels with --rounds N, and --stop",
        args,
    );
    // Each value is checked for its range only once the options are known to go together.
    while let Some(name) = options.next_name() {
        match name {
            "--depth" => depth = Some(options.value(name)?),
            "--rounds" => rounds = Some(options.value(name)?),
            "--levels" => levels = true,
            "--stop" => stop = true,
            other => return Err(options.unknown(other)),
        }
    }
    if stop {
        if levels || depth.is_some() || rounds.is_some() {
            return Err(CliError::Usage(
                "`ultima bench --stop` takes no other option".to_string(),
            ));
        }
        return stop_latency();
    }
    if levels {
        if depth.is_some() {
            return Err(CliError::Usage(
                "`ultima bench --levels` plays the levels at their own depths: --depth goes without --levels".to_string(),
            ));
        }
        return reply_times(rounds.unwrap_or(2));
    }
    if rounds.is_some() {
        return Err(CliError::Usage(
            "--rounds goes with --levels: `ultima bench --levels --rounds N`".to_string(),
        ));
    }
    let depth = check_range("--depth", depth.unwrap_or(BENCH_DEPTH), 1..=30)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut total_nodes = 0u64;
    let mut total_ms = 0u64;
    for (index, ufen) in BENCH_POSITIONS.iter().enumerate() {
        let position = Position::from_ufen(ufen)?;
        let mut engine = Engine::new();
        let clock = StdClock::new();
        let result = engine.search(&position, &[], &Limits::depth(depth), &clock, &mut |_| {})?;
        total_nodes += result.info.nodes;
        total_ms += result.info.time_ms;
        writeln!(
            out,
            "position {:>2}: nodes {:>10} time {:>6} ms bestmove {} score {}",
            index + 1,
            result.info.nodes,
            result.info.time_ms,
            result.best_move.coordinates(),
            result.info.score
        )?;
    }
    let nps = (total_nodes * 1000).checked_div(total_ms).unwrap_or(0);
    writeln!(
        out,
        "bench: {total_nodes} nodes {nps} nps {total_ms} ms (depth {depth}, {} positions)",
        BENCH_POSITIONS.len()
    )?;
    out.flush()?;
    Ok(())
}

/// Mean, spread and extremes of some durations.
#[derive(Debug, PartialEq)]
struct Spread {
    mean: f64,
    deviation: f64,
    min: u64,
    median: u64,
    max: u64,
}

impl Spread {
    fn of(times: &[u64]) -> Option<Spread> {
        if times.is_empty() {
            return None;
        }
        let mut sorted = times.to_vec();
        sorted.sort_unstable();
        let count = sorted.len() as f64;
        let mean = sorted.iter().sum::<u64>() as f64 / count;
        let variance = sorted
            .iter()
            .map(|&t| (t as f64 - mean).powi(2))
            .sum::<f64>()
            / count;
        Some(Spread {
            mean,
            deviation: variance.sqrt(),
            min: sorted[0],
            median: sorted[sorted.len() / 2],
            max: sorted[sorted.len() - 1],
        })
    }
}

/// `ultima bench --levels`: every level replies to every bench position `rounds` times (each
/// round with another seed), as the app asks it: a fresh player for each reply, the time taken
/// from before the player is made to after it has chosen.
fn reply_times(rounds: u64) -> Result<(), CliError> {
    let rounds = check_range("--rounds", rounds, 1..=100)?;
    let positions = BENCH_POSITIONS
        .iter()
        .map(|ufen| Position::from_ufen(ufen))
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    writeln!(
        out,
        "reply time per level, {} replies each (ms): mean, standard deviation, min, median, max",
        positions.len() as u64 * rounds
    )?;
    for level in Level::ALL {
        let mut times = Vec::new();
        for round in 0..rounds {
            for position in &positions {
                let clock = StdClock::new();
                let mut player = LevelPlayer::new(level, round + 1);
                player.choose(position, &[], &clock, None)?;
                times.push(clock.now_ms());
            }
        }
        if let Some(spread) = Spread::of(&times) {
            writeln!(
                out,
                "{:<12} mean {:>6.0}  sd {:>5.0}  min {:>5}  median {:>5}  max {:>5}",
                level.name(),
                spread.mean,
                spread.deviation,
                spread.min,
                spread.median,
                spread.max
            )?;
            out.flush()?;
        }
    }
    Ok(())
}

/// `ultima bench --stop`: searches without a limit on the bench positions, each told to stop
/// after a different while (50 to 350 ms), and how long each took from the flag being raised to
/// its thread having returned its move. A search that ended by itself first is left out.
fn stop_latency() -> Result<(), CliError> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut latencies_us = Vec::new();
    let mut ended_alone = 0;
    for round in 0..3u64 {
        for (index, ufen) in BENCH_POSITIONS.iter().enumerate() {
            let position = Position::from_ufen(ufen)?;
            let flag = Arc::new(AtomicBool::new(false));
            let limits = Limits::infinite().with_stop(Arc::clone(&flag));
            let search = std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn(move || {
                    Engine::new().search(&position, &[], &limits, &StdClock::new(), &mut |_| {})
                })
                .map_err(|e| CliError::Engine(format!("could not start a search thread: {e}")))?;
            std::thread::sleep(Duration::from_millis(50 + 100 * round + 11 * index as u64));
            if search.is_finished() {
                ended_alone += 1;
                let _ = search.join();
                continue;
            }
            let told = Instant::now();
            flag.store(true, Ordering::Relaxed);
            let result = search
                .join()
                .map_err(|_| CliError::Engine("a search thread failed".to_string()))?;
            let latency = told.elapsed();
            result?;
            latencies_us.push(latency.as_micros() as u64);
        }
    }
    let count = latencies_us.len();
    let Some(spread) = Spread::of(&latencies_us) else {
        writeln!(out, "stop: every search ended by itself before it was told")?;
        return Ok(());
    };
    writeln!(
        out,
        "stop: {count} searches told to stop ({ended_alone} ended by themselves first); time to answer: mean {:.2} ms, median {:.2} ms, max {:.2} ms",
        spread.mean / 1000.0,
        spread.median as f64 / 1000.0,
        spread.max as f64 / 1000.0
    )?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_of_durations() {
        let spread = Spread::of(&[30, 10, 20]).unwrap();
        assert_eq!((spread.min, spread.median, spread.max), (10, 20, 30));
        assert!((spread.mean - 20.0).abs() < 1e-9);
        assert!((spread.deviation - (200.0f64 / 3.0).sqrt()).abs() < 1e-9);
        assert_eq!(Spread::of(&[]), None);
    }

    #[test]
    fn reply_times_refuse_bad_rounds() {
        assert!(reply_times(0).is_err());
        assert!(bench(&["--rounds".to_string(), "x".to_string()]).is_err());
    }

    #[test]
    fn bench_refuses_options_it_would_ignore() {
        use crate::args::words as args;
        // Each is refused before anything is searched; the depth and rounds out of range make
        // sure of that even where the combination used to be let through.
        let error = bench(&args(&["--rounds", "3", "--depth", "0"])).expect_err("refused");
        assert!(
            matches!(&error, CliError::Usage(m) if m.contains("--rounds goes with --levels")),
            "{error}"
        );
        let error =
            bench(&args(&["--levels", "--depth", "5", "--rounds", "0"])).expect_err("refused");
        assert!(
            matches!(&error, CliError::Usage(m) if m.contains("--depth goes without --levels")),
            "{error}"
        );
        for extra in [&["--levels"][..], &["--depth", "3"], &["--rounds", "2"]] {
            let mut words = vec!["--stop"];
            words.extend_from_slice(extra);
            let error = bench(&args(&words)).expect_err("refused");
            assert!(
                matches!(&error, CliError::Usage(m) if m.contains("--stop` takes no other option")),
                "{error}"
            );
        }
    }

    #[test]
    fn bestmove_refuses_a_level_with_limits() {
        for limit in ["--depth", "--nodes", "--movetime"] {
            let args: Vec<String> = ["start", "--level", "casual", limit, "3"]
                .iter()
                .map(|s| s.to_string())
                .collect();
            let error = parse_bestmove(&args).err().expect("refused");
            assert!(
                matches!(&error, CliError::Usage(m) if m.contains("not both")),
                "{limit}: {error}"
            );
        }
        let args: Vec<String> = ["start", "--level", "casual", "--seed", "4"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let Ok(parsed) = parse_bestmove(&args) else {
            panic!("a level alone is fine");
        };
        assert_eq!(parsed.limits.movetime_ms, None);
    }

    #[test]
    fn bench_positions_are_valid_and_playable() {
        for ufen in BENCH_POSITIONS {
            let position = Position::from_ufen(ufen).unwrap();
            assert!(position.has_legal_move(), "{ufen}");
        }
    }

    #[test]
    fn bestmove_arguments_parse() {
        let args: Vec<String> = ["start", "--moves", "e2e5", "e7e6", "--depth", "3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let parsed = parse_bestmove(&args).unwrap();
        assert_eq!(parsed.game.moves().len(), 2);
        assert_eq!(parsed.limits.depth, Some(3));
        let bad: Vec<String> = ["start", "--depth", "x"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(parse_bestmove(&bad).is_err());
        let bad: Vec<String> = ["start", "--level", "master"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(parse_bestmove(&bad).is_err());
    }
}
