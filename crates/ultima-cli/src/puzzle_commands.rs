//! `ultima puzzles generate|extend|verify|calibrate|select|export|simulate|model`: the puzzle
//! collection made, checked, rated, chosen and listed from outside the app.

use std::collections::HashSet;
use std::io::{BufWriter, Write};
use std::time::Instant;

use ultima_bot::Level;
use ultima_puzzles::generate::{self, Method, Progress, Settings};
use ultima_puzzles::judge::Judge;
use ultima_puzzles::rating::{calibrate, simulate, CalibrationSettings, SimulationSettings};
use ultima_puzzles::verify::verify;
use ultima_puzzles::{parse_file, Puzzle, Theme};

use crate::args::Options;
use crate::error::CliError;
use crate::journal::{file_error, whole_lines, Journal};

/// The first line of every puzzle file the commands write.
const PUZZLE_FILE_HEADER: &str =
    "# Ultima puzzles, one a line: id;ufen;moves;rating;rd;themes (crates/ultima-puzzles/src/puzzle.rs).";

const PUZZLES_USAGE: &str =
    "`ultima puzzles` needs one of: generate, extend, verify, calibrate, select, export, simulate, model";

pub fn run(args: &[String]) -> Result<(), CliError> {
    let Some((command, rest)) = args.split_first() else {
        return Err(CliError::Usage(PUZZLES_USAGE.to_string()));
    };
    match command.as_str() {
        "generate" => generate_command(rest),
        "extend" => extend_command(rest),
        "verify" => verify_command(rest),
        "calibrate" => calibrate_command(rest),
        "select" => select_command(rest),
        "export" => export_command(rest),
        "simulate" => simulate_command(rest),
        "model" => model_command(rest),
        other => Err(CliError::Usage(format!(
            "unknown puzzles command `{other}`; {PUZZLES_USAGE}"
        ))),
    }
}

/// CPU seconds this process has used (user + system), from /proc on Linux; wall-clock seconds
/// since `started` where that is not available.
fn cpu_seconds(started: Instant) -> f64 {
    let from_proc = std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|stat| {
            // Fields after the command name (which may hold spaces, so split after its `)`).
            let rest = stat.rsplit_once(')')?.1;
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let user: f64 = fields.get(11)?.parse().ok()?;
            let system: f64 = fields.get(12)?.parse().ok()?;
            // Linux reports clock ticks of 1/100 s (USER_HZ) on every platform it runs on.
            Some((user + system) / 100.0)
        });
    from_proc.unwrap_or_else(|| started.elapsed().as_secs_f64())
}

fn generate_command(args: &[String]) -> Result<(), CliError> {
    let mut options = Options::new(
        "puzzles generate",
        "--games N, --seed S, --nodes N, --max-plies N, --method standard|hard|defence|long and --out FILE",
        args,
    );
    let mut settings = Settings::new(1, 100);
    let mut out: Option<String> = None;
    while let Some(name) = options.next_name() {
        match name {
            "--games" => settings.games = options.value_in(name, 1..=10_000_000)?,
            "--seed" => settings.seed = options.value(name)?,
            "--nodes" => settings.nodes = options.value_in(name, 1_000..=1_000_000_000)?,
            "--max-plies" => settings.max_plies = options.value_in(name, 10..=1_000)?,
            "--method" => {
                settings.method = match options.value::<String>(name)?.as_str() {
                    "standard" => Method::Standard,
                    "hard" => Method::Hard,
                    "defence" => Method::Defence,
                    "long" => Method::Long,
                    other => {
                        return Err(CliError::Usage(format!(
                            "`--method {other}`: the methods are standard, hard, defence and long"
                        )))
                    }
                }
            }
            "--out" => out = Some(options.value(name)?),
            other => return Err(options.unknown(other)),
        }
    }
    let Some(path) = out else {
        return Err(CliError::Usage(
            "`ultima puzzles generate` needs --out FILE (appended to; a run on the same file resumes)"
                .to_string(),
        ));
    };
    // Resuming: what the file already holds. A partial last line (a run killed mid-write) is
    // cut off so the file ends on a whole line again.
    let complete = whole_lines(&path)?;
    let mut resume =
        generate::read_resume(&complete).map_err(|error| CliError::Puzzles(error.to_string()))?;
    // The generator writes its own settings line first (`generate::run`).
    let mut sink = Journal::open(&path, "", false)?;
    eprintln!(
        "puzzles generate: seed {} nodes {} games {}..{} into {path} ({} puzzles there)",
        settings.seed, settings.nodes, resume.next_game, settings.games, resume.puzzles
    );
    let started = Instant::now();
    let cpu_at_start = cpu_seconds(started);
    let mut report = |progress: &Progress| {
        let cpu = (cpu_seconds(started) - cpu_at_start).max(1e-9);
        eprintln!(
            "game {} done: games {} tested {} candidates {} accepted {} (rate {:.1}%) skipped-as-found {} cpu {:.0} s, {:.2} puzzles per CPU minute",
            progress.last_game.unwrap_or(0),
            progress.games,
            progress.tested,
            progress.candidates,
            progress.accepted,
            100.0 * progress.acceptance_rate(),
            progress.duplicates,
            cpu,
            progress.accepted as f64 * 60.0 / cpu,
        );
    };
    let progress = generate::run(&settings, &mut resume, &mut sink, &mut report)
        .map_err(|error| CliError::Puzzles(error.to_string()))?;
    let cpu = cpu_seconds(started) - cpu_at_start;
    eprintln!(
        "puzzles generate finished: {} games, {} tested, {} candidates, {} accepted, {:.0} CPU s; {} puzzles in {path}",
        progress.games, progress.tested, progress.candidates, progress.accepted, cpu, resume.puzzles
    );
    Ok(())
}

/// `ultima puzzles extend --file F --out FILE [--nodes N]`: every puzzle of F whose line ends on a
/// gain, made longer where the solver's next moves are again only moves
/// ([`ultima_puzzles::extend`]); the longer puzzles are written to FILE, each under a new id,
/// and the others named in `# unchanged ID` lines. FILE is a journal: a run on it goes on after
/// the puzzles it holds.
fn extend_command(args: &[String]) -> Result<(), CliError> {
    let mut options = Options::new("puzzles extend", "--file F, --nodes N and --out FILE", args);
    let mut file: Option<String> = None;
    let mut out: Option<String> = None;
    let mut nodes = Settings::DEFAULT_NODES;
    while let Some(name) = options.next_name() {
        match name {
            "--file" => file = Some(options.value(name)?),
            "--nodes" => nodes = options.value_in(name, 1_000..=1_000_000_000)?,
            "--out" => out = Some(options.value(name)?),
            other => return Err(options.unknown(other)),
        }
    }
    let Some(path) = out else {
        return Err(CliError::Usage(
            "`ultima puzzles extend` needs --out FILE (a journal: a run on the same file resumes)"
                .to_string(),
        ));
    };
    let puzzles = load(file.as_deref())?;
    // The verifier reads the generator's nodes from this line: the new moves were found at them.
    let header = format!(
        "# generator nodes={nodes}; lines made longer by `ultima puzzles extend --nodes {nodes}`."
    );
    let complete = whole_lines(&path)?;
    if let Some(found) = complete
        .lines()
        .find(|line| line.starts_with("# generator nodes="))
    {
        if found != header {
            return Err(CliError::Usage(format!(
                "{path} was written with other settings (`{found}`); this run: `{header}`: use another --out file, or the same settings"
            )));
        }
    }
    // Done: the puzzles named unchanged, and those whose longer line is there (the same
    // position and mistake).
    let mut done: HashSet<String> = complete
        .lines()
        .filter_map(|line| line.strip_prefix("# unchanged "))
        .filter_map(|rest| rest.split_whitespace().next())
        .map(str::to_string)
        .collect();
    let longer_before =
        parse_file(&complete).map_err(|error| CliError::Puzzles(error.to_string()))?;
    let key = |p: &Puzzle| format!("{};{}", p.ufen, p.moves.first().map_or("", String::as_str));
    let longer_keys: HashSet<String> = longer_before.iter().map(key).collect();
    done.extend(
        puzzles
            .iter()
            .filter(|p| longer_keys.contains(&key(p)))
            .map(|p| p.id.clone()),
    );
    let mut sink = Journal::open(&path, &header, complete.is_empty())?;
    let todo: Vec<&Puzzle> = puzzles.iter().filter(|p| !done.contains(&p.id)).collect();
    eprintln!(
        "puzzles extend: {} puzzles, {} already done, searched at {nodes} nodes into {path}",
        puzzles.len(),
        puzzles.len() - todo.len()
    );
    let started = Instant::now();
    let cpu_at_start = cpu_seconds(started);
    let mut judge = Judge::new(nodes).with_max_solver_moves(ultima_puzzles::judge::LONGEST_LINE);
    // Solver moves before and after, of the puzzles made longer (this run and before).
    let mut lengths: Vec<(usize, usize)> = Vec::new();
    for (index, puzzle) in todo.iter().enumerate() {
        let line = match ultima_puzzles::extend::extend(puzzle, &mut judge) {
            Ok(Some(longer)) => {
                lengths.push((puzzle.solver_move_count(), longer.solver_move_count()));
                longer.to_line()
            }
            Ok(None) => format!("# unchanged {}", puzzle.id),
            Err(error) => format!("# unchanged {} (does not replay: {error})", puzzle.id),
        };
        sink.write_line(&line)?;
        if (index + 1) % 100 == 0 {
            eprintln!(
                "puzzles extend: {} of {} done, {} longer, {:.0} CPU s",
                index + 1,
                todo.len(),
                lengths.len(),
                cpu_seconds(started) - cpu_at_start
            );
        }
    }
    let cpu = cpu_seconds(started) - cpu_at_start;
    let by_length = |lengths: &[(usize, usize)]| {
        let mut counts: std::collections::BTreeMap<(usize, usize), usize> = Default::default();
        for pair in lengths {
            *counts.entry(*pair).or_default() += 1;
        }
        counts
            .iter()
            .map(|((from, to), n)| format!("{from}\u{2192}{to}: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let shape = if lengths.is_empty() {
        String::new()
    } else {
        format!(" ({})", by_length(&lengths))
    };
    println!(
        "puzzles extend: {} of {} checked this run, {} made longer{shape} in {cpu:.0} CPU s; {} longer in {path}",
        todo.len(),
        puzzles.len(),
        lengths.len(),
        longer_before.len() + lengths.len()
    );
    Ok(())
}

/// The puzzles of `file`, or the shipped collection.
fn load(file: Option<&str>) -> Result<Vec<Puzzle>, CliError> {
    let text = load_text(file)?;
    parse_file(&text).map_err(|error| CliError::Puzzles(error.to_string()))
}

/// The text of `file`, or of the shipped collection.
fn load_text(file: Option<&str>) -> Result<String, CliError> {
    match file {
        Some(path) => std::fs::read_to_string(path).map_err(|error| CliError::Read {
            path: path.to_string(),
            error,
        }),
        None => Ok(ultima_puzzles::COLLECTION.to_string()),
    }
}

/// The rating from which `verify --hard-nodes` searches a puzzle a second time, deeper.
const HARD_FROM: u32 = 1500;
/// The nodes the shipped set is verified at when `verify` is given no file and no nodes: 1.6 M
/// for every puzzle, and 4 M more for those rated [`HARD_FROM`] or more.
const SHIPPED_NODES: u64 = 1_600_000;
const SHIPPED_HARD_NODES: u64 = 4_000_000;

/// What a resumed `verify --out FILE` finds in its file: the puzzles that passed (the file's
/// puzzle lines) and the ids that failed (`# failed ID: why` lines).
#[derive(Default)]
struct VerifyJournal {
    passed: Vec<Puzzle>,
    failed: Vec<(String, String)>,
}

/// The settings line of a verify journal: a resumed run must have the same.
fn verify_header(generator_nodes: u64, nodes: u64, hard: Option<(u64, u32)>) -> String {
    let hard = match hard {
        Some((hard_nodes, from)) => format!(" --hard-nodes {hard_nodes} --hard-from {from}"),
        None => String::new(),
    };
    format!("# generator nodes={generator_nodes}; verified by `ultima puzzles verify --nodes {nodes}{hard}`; ratings with rd 350 are provisional.")
}

/// Reads (and trims to whole lines) the journal at `path`; a missing file is an empty journal.
/// A journal written with other settings is an error (use another file or the same settings).
fn read_verify_journal(path: &str, header: &str) -> Result<VerifyJournal, CliError> {
    parse_verify_journal(path, &whole_lines(path)?, header)
}

/// The journal in `complete` (whole lines of the file at `path`), checked against `header`.
fn parse_verify_journal(
    path: &str,
    complete: &str,
    header: &str,
) -> Result<VerifyJournal, CliError> {
    if complete.is_empty() {
        return Ok(VerifyJournal::default());
    }
    if let Some(found) = complete
        .lines()
        .find(|line| line.starts_with("# generator nodes="))
    {
        if found != header {
            return Err(CliError::Usage(format!(
                "{path} was verified with other settings (`{found}`); this run: `{header}`: use another --out file, or the same settings"
            )));
        }
    }
    let failed = complete
        .lines()
        .filter_map(|line| line.strip_prefix("# failed "))
        .filter_map(|rest| rest.split_once(": "))
        .map(|(id, why)| (id.to_string(), why.to_string()))
        .collect();
    let passed = parse_file(complete).map_err(|error| CliError::Puzzles(error.to_string()))?;
    Ok(VerifyJournal { passed, failed })
}

/// What a verify journal's settings line says of the verification itself (after the
/// generator's nodes, which say how the candidates were found, not how they were checked).
fn verified_settings(line: &str) -> Option<&str> {
    line.strip_prefix("# generator nodes=")?
        .split_once("; ")
        .map(|(_, verified)| verified)
}

/// The puzzles (position and moves) that passed in the journals at `paths`, each verified at
/// the settings `header` says (the same nodes as this run, no deeper search), whatever the
/// nodes of the generator that found them: the journals of the run files, so that the chosen
/// set's check searches again only what it must. Read only: a journal still being written is
/// taken up to its last whole line.
fn passed_before(
    paths: &[String],
    header: &str,
) -> Result<HashSet<(String, Vec<String>)>, CliError> {
    let mut known = HashSet::new();
    let wanted = verified_settings(header);
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|error| CliError::Read {
            path: path.clone(),
            error,
        })?;
        let complete = generate::complete_part(&text);
        let Some(own) = complete
            .lines()
            .find(|line| wanted.is_some() && verified_settings(line) == wanted)
        else {
            return Err(CliError::Usage(format!(
                "{path} is not a journal of `verify` at this run's nodes (its settings line must end `{}`)",
                wanted.unwrap_or(header)
            )));
        };
        let journal = parse_verify_journal(path, complete, own)?;
        known.extend(journal.passed.into_iter().map(|p| (p.ufen, p.moves)));
    }
    Ok(known)
}

fn verify_command(args: &[String]) -> Result<(), CliError> {
    let mut options = Options::new(
        "puzzles verify",
        "--file F, --nodes N, --hard-nodes N, --hard-from RATING, --sample K, --passed-in JOURNAL and --out FILE",
        args,
    );
    let mut file: Option<String> = None;
    let mut nodes: Option<u64> = None;
    let mut hard_nodes: Option<u64> = None;
    let mut hard_from = HARD_FROM;
    let mut sample: Option<usize> = None;
    let mut out: Option<String> = None;
    let mut passed_in: Vec<String> = Vec::new();
    while let Some(name) = options.next_name() {
        match name {
            "--file" => file = Some(options.value(name)?),
            "--passed-in" => passed_in.push(options.value(name)?),
            "--nodes" => nodes = Some(options.value_in(name, 1_000..=1_000_000_000)?),
            "--hard-nodes" => hard_nodes = Some(options.value_in(name, 1_000..=10_000_000_000)?),
            "--hard-from" => hard_from = options.value_in(name, 0..=4_000)?,
            "--sample" => sample = Some(options.value_in(name, 1..=1_000_000)?),
            "--out" => out = Some(options.value(name)?),
            other => return Err(options.unknown(other)),
        }
    }
    // The shipped set, without nodes given, is checked at the nodes it was verified at.
    if file.is_none() && nodes.is_none() {
        nodes = Some(SHIPPED_NODES);
        hard_nodes = hard_nodes.or(Some(SHIPPED_HARD_NODES));
    }
    let text = load_text(file.as_deref())?;
    let puzzles = parse_file(&text).map_err(|error| CliError::Puzzles(error.to_string()))?;
    // At least four times the generator's nodes (as the file records them; the default
    // generator's when it does not say).
    let generator_nodes =
        generate::recorded_generator_nodes(&text).unwrap_or(Settings::DEFAULT_NODES);
    let least = generator_nodes.saturating_mul(4);
    let nodes = match nodes {
        Some(nodes) if nodes < least => {
            return Err(CliError::Usage(format!(
                "`--nodes {nodes}`: verify searches at least four times the generator's {generator_nodes} nodes: give {least} or more"
            )))
        }
        Some(nodes) => nodes,
        None => least,
    };
    if let Some(hard) = hard_nodes.filter(|&hard| hard <= nodes) {
        return Err(CliError::Usage(format!(
            "`--hard-nodes {hard}`: the second, deeper search needs more than --nodes {nodes}"
        )));
    }
    let hard = hard_nodes.map(|hard| (hard, hard_from));
    let chosen: Vec<&Puzzle> = match sample {
        Some(count) => spread_by_rating(&puzzles, count),
        None => puzzles.iter().collect(),
    };
    // With --out the file is a journal: each puzzle written as it is checked (a failure as a
    // `# failed` comment), and a run on the same file goes on after the puzzles it holds.
    let header = verify_header(generator_nodes, nodes, hard);
    let journal = match &out {
        Some(path) => read_verify_journal(path, &header)?,
        None => VerifyJournal::default(),
    };
    let known = passed_before(&passed_in, &verify_header(generator_nodes, nodes, None))?;
    // What the journal says of this file's puzzles: a journal kept over several choices of a
    // set also holds puzzles no longer in it, which must not count (as passed, as failed, or
    // as taking their position).
    let fresh = journal.passed.is_empty() && journal.failed.is_empty();
    let in_file: HashSet<&str> = chosen.iter().map(|p| p.id.as_str()).collect();
    let journal = VerifyJournal {
        passed: journal
            .passed
            .into_iter()
            .filter(|p| in_file.contains(p.id.as_str()))
            .collect(),
        failed: journal
            .failed
            .into_iter()
            .filter(|(id, _)| in_file.contains(id.as_str()))
            .collect(),
    };
    let mut done: HashSet<String> = journal.passed.iter().map(|p| p.id.clone()).collect();
    done.extend(journal.failed.iter().map(|(id, _)| id.clone()));
    let mut positions: HashSet<String> = journal.passed.iter().map(|p| p.ufen.clone()).collect();
    let mut sink = match &out {
        Some(path) => Some(Journal::open(
            path,
            &format!("{PUZZLE_FILE_HEADER}\n{header}"),
            fresh,
        )?),
        None => None,
    };
    let todo: Vec<&Puzzle> = chosen
        .iter()
        .copied()
        .filter(|puzzle| !done.contains(&puzzle.id))
        .collect();
    if !done.is_empty() {
        eprintln!(
            "puzzles verify: resuming, {} already checked ({} passed, {} failed), {} to go",
            chosen.len() - todo.len(),
            journal.passed.len(),
            journal.failed.len(),
            todo.len()
        );
    }
    let started = Instant::now();
    let cpu_at_start = cpu_seconds(started);
    let mut judge = Judge::new(nodes);
    let mut hard_judge = hard.map(|(hard_nodes, _)| Judge::new(hard_nodes));
    let mut failures: Vec<String> = journal
        .failed
        .iter()
        .map(|(id, why)| format!("puzzle {id}: {why}"))
        .collect();
    let mut passed: Vec<Puzzle> = journal.passed.clone();
    let mut searched_hard = 0usize;
    let mut reused = 0usize;
    for (index, puzzle) in todo.iter().enumerate() {
        if index > 0 && index % 100 == 0 {
            eprintln!(
                "verified {index} of {} this run: {} failed so far, {:.1} CPU s a puzzle",
                todo.len(),
                failures.len(),
                (cpu_seconds(started) - cpu_at_start) / index as f64
            );
        }
        let mut result = if !positions.insert(puzzle.ufen.clone()) {
            Err(format!(
                "puzzle {}: its position is already in the set",
                puzzle.id
            ))
        } else if known.contains(&(puzzle.ufen.clone(), puzzle.moves.clone())) {
            // Passed at these nodes in an earlier journal: only the deeper search is left.
            reused += 1;
            Ok(())
        } else {
            verify(puzzle, &mut judge).map_err(|failure| failure.to_string())
        };
        if let (Ok(()), Some((hard_nodes, from)), Some(deep)) = (&result, hard, hard_judge.as_mut())
        {
            if puzzle.rating >= from {
                searched_hard += 1;
                result = verify(puzzle, deep)
                    .map_err(|failure| format!("{failure} (at {hard_nodes} nodes)"));
            }
        }
        let line = match &result {
            Ok(()) => puzzle.to_line(),
            Err(message) => {
                let why = message
                    .strip_prefix(&format!("puzzle {}: ", puzzle.id))
                    .unwrap_or(message);
                format!("# failed {}: {why}", puzzle.id)
            }
        };
        if let Some(journal) = sink.as_mut() {
            journal.write_line(&line)?;
        }
        match result {
            Ok(()) => passed.push((*puzzle).clone()),
            Err(message) => {
                eprintln!("FAIL {message}");
                failures.push(message);
            }
        }
    }
    let cpu = cpu_seconds(started) - cpu_at_start;
    let hard_text = match hard {
        Some((hard_nodes, from)) => {
            format!(", those rated {from} or more ({searched_hard} this run) again at {hard_nodes}")
        }
        None => String::new(),
    };
    let reused_text = if passed_in.is_empty() {
        String::new()
    } else {
        format!(" ({reused} this run passed at {nodes} in --passed-in, not searched again)")
    };
    println!(
        "puzzles verify: {} of {} puzzles checked at {nodes} nodes{reused_text}{hard_text}, {} passed, {} failed ({:.0} CPU s this run, {:.1} CPU s a puzzle)",
        chosen.len(),
        puzzles.len(),
        passed.len(),
        failures.len(),
        cpu,
        cpu / todo.len().max(1) as f64
    );
    let passed_refs: Vec<&Puzzle> = passed.iter().collect();
    write_theme_counts(&mut std::io::stdout().lock(), &passed_refs)?;
    match failures.first() {
        None => Ok(()),
        Some(first) => Err(CliError::Puzzles(format!(
            "{} puzzle(s) failed verification, the first: {first}",
            failures.len()
        ))),
    }
}

fn write_theme_counts(out: &mut dyn Write, puzzles: &[&Puzzle]) -> std::io::Result<()> {
    for theme in Theme::ALL {
        let count = puzzles.iter().filter(|p| p.has_theme(theme)).count();
        if count > 0 {
            writeln!(out, "  {:<22} {count}", theme.name())?;
        }
    }
    Ok(())
}

/// `ultima puzzles select --file F [--file G ...] --out FILE [--max-share PERCENT]`: the
/// collection chosen from rated files (see `ultima_puzzles::select`), written ordered by id.
fn select_command(args: &[String]) -> Result<(), CliError> {
    let mut options = Options::new(
        "puzzles select",
        "--file F (one or more), --max-share PERCENT and --out FILE",
        args,
    );
    let mut files: Vec<String> = Vec::new();
    let mut out: Option<String> = None;
    let mut max_share_percent: u32 = 33;
    while let Some(name) = options.next_name() {
        match name {
            "--file" => files.push(options.value(name)?),
            "--max-share" => max_share_percent = options.value_in(name, 1..=100)?,
            "--out" => out = Some(options.value(name)?),
            other => return Err(options.unknown(other)),
        }
    }
    if files.is_empty() {
        return Err(CliError::Usage(
            "`ultima puzzles select` needs at least one --file F".to_string(),
        ));
    }
    let mut puzzles = Vec::new();
    let mut ids = HashSet::new();
    for path in &files {
        for puzzle in load(Some(path))? {
            // The same puzzle in two files (a set re-rated, say) counts once: the first.
            if ids.insert(puzzle.id.clone()) {
                puzzles.push(puzzle);
            }
        }
    }
    let read = puzzles.len();
    // A third is 33%: the cap is a share of the set, so "33" means one in three.
    let max_share = if max_share_percent == 33 {
        ultima_puzzles::select::DEFAULT_MAX_SHARE
    } else {
        f64::from(max_share_percent) / 100.0
    };
    let selection = ultima_puzzles::select::select(puzzles, max_share)
        .map_err(|error| CliError::Puzzles(error.to_string()))?;
    let capped: Vec<String> = selection
        .capped
        .iter()
        .map(|(theme, count)| format!("{count} {theme}"))
        .collect();
    let mut text = format!("{PUZZLE_FILE_HEADER}\n");
    text.push_str(&format!(
        "# Chosen by `ultima puzzles select --max-share {max_share_percent}` (mates in one at most {}%) from verified, rated files (crates/ultima-puzzles/src/select.rs).\n",
        (100.0 * ultima_puzzles::select::theme_max_share(ultima_puzzles::Theme::MateIn1, max_share)).round()
    ));
    for puzzle in &selection.kept {
        text.push_str(&puzzle.to_line());
        text.push('\n');
    }
    match &out {
        Some(path) => std::fs::write(path, text).map_err(|error| file_error(path, error))?,
        None => print!("{text}"),
    }
    eprintln!(
        "puzzles select: {read} read, {} kept; dropped {} as the same position, {} as the same idea, {} by the theme cap ({})",
        selection.kept.len(),
        selection.same_position,
        selection.same_idea,
        selection.capped.iter().map(|(_, n)| n).sum::<usize>(),
        if capped.is_empty() { "none".to_string() } else { capped.join(", ") }
    );
    let kept: Vec<&Puzzle> = selection.kept.iter().collect();
    write_theme_counts(&mut std::io::stderr().lock(), &kept)?;
    Ok(())
}

fn export_command(args: &[String]) -> Result<(), CliError> {
    let mut options = Options::new("puzzles export", "--file F", args);
    let mut file: Option<String> = None;
    while let Some(name) = options.next_name() {
        match name {
            "--file" => file = Some(options.value(name)?),
            other => return Err(options.unknown(other)),
        }
    }
    let puzzles = load(file.as_deref())?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let written = puzzles
        .iter()
        .try_for_each(|puzzle| writeln!(out, "{}", puzzle.to_export_json()))
        .and_then(|()| out.flush());
    match written {
        // The reader stopped reading (`| head`): nothing is wrong with the export.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// `ultima puzzles calibrate`: every puzzle's rating fitted from the levels' tries, written as
/// the file format. With `--out` the lines are appended as they are made and a run on the same
/// file resumes after the puzzles it already holds.
fn calibrate_command(args: &[String]) -> Result<(), CliError> {
    let mut options = Options::new(
        "puzzles calibrate",
        "--file F, --tries N, --seed S, --budget PERCENT and --out FILE",
        args,
    );
    let mut file: Option<String> = None;
    let mut out: Option<String> = None;
    let mut settings = CalibrationSettings::default();
    while let Some(name) = options.next_name() {
        match name {
            "--file" => file = Some(options.value(name)?),
            "--tries" => settings.tries = options.value_in(name, 1..=100)?,
            "--seed" => settings.seed = options.value(name)?,
            "--budget" => settings.budget_percent = options.value_in(name, 1..=1_000)?,
            "--out" => out = Some(options.value(name)?),
            other => return Err(options.unknown(other)),
        }
    }
    let puzzles = load(file.as_deref())?;
    let mut done: HashSet<String> = HashSet::new();
    let mut sink: Box<dyn Write> = match &out {
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
        Some(path) => {
            let complete = whole_lines(path)?;
            let complete = complete.as_str();
            let calibrated =
                parse_file(complete).map_err(|error| CliError::Puzzles(error.to_string()))?;
            done.extend(calibrated.into_iter().map(|puzzle| puzzle.id));
            let header = format!(
                "{PUZZLE_FILE_HEADER}\n# Rated by `ultima puzzles calibrate --tries {} --seed {} --budget {}` (crates/ultima-puzzles/src/rating).",
                settings.tries, settings.seed, settings.budget_percent
            );
            Box::new(Journal::open(path, &header, complete.is_empty())?)
        }
    };
    let todo: Vec<&Puzzle> = puzzles
        .iter()
        .filter(|puzzle| !done.contains(&puzzle.id))
        .collect();
    eprintln!(
        "puzzles calibrate: {} puzzles, {} already rated, {} tries per level, budget {}% of each level's time as nodes",
        puzzles.len(),
        puzzles.len() - todo.len(),
        settings.tries,
        settings.budget_percent
    );
    let started = Instant::now();
    let cpu_at_start = cpu_seconds(started);
    let mut ratings = Vec::with_capacity(todo.len());
    // Tries solved and made, per level.
    let mut per_level: Vec<(Level, u32, u32)> =
        settings.levels.iter().map(|level| (*level, 0, 0)).collect();
    for (index, puzzle) in todo.iter().enumerate() {
        let calibration =
            calibrate(puzzle, &settings).map_err(|error| CliError::Puzzles(error.to_string()))?;
        for (level, solved, tries) in &calibration.solved {
            if let Some(entry) = per_level.iter_mut().find(|entry| entry.0 == *level) {
                entry.1 += solved;
                entry.2 += tries;
            }
        }
        let rated = Puzzle {
            rating: calibration.rating,
            rating_deviation: calibration.rating_deviation,
            ..(*puzzle).clone()
        };
        writeln!(sink, "{}", rated.to_line())?;
        sink.flush()?;
        ratings.push(calibration.rating);
        if (index + 1) % 25 == 0 || index + 1 == todo.len() {
            eprintln!(
                "{} of {} rated, {:.0} CPU s; solved by {}",
                index + 1,
                todo.len(),
                cpu_seconds(started) - cpu_at_start,
                solve_shares(&per_level)
            );
        }
    }
    ratings.sort_unstable();
    let at = |share: usize| {
        ratings
            .get((ratings.len().saturating_sub(1)) * share / 4)
            .copied()
            .unwrap_or(0)
    };
    eprintln!(
        "puzzles calibrate finished: {} rated in {:.0} CPU s; ratings min {} quartiles {} / {} / {} max {}; solved by {}",
        ratings.len(),
        cpu_seconds(started) - cpu_at_start,
        at(0),
        at(1),
        at(2),
        at(3),
        at(4),
        solve_shares(&per_level)
    );
    Ok(())
}

/// "novice 12%, beginner 30%, ...": the share of each level's tries that solved.
fn solve_shares(per_level: &[(Level, u32, u32)]) -> String {
    per_level
        .iter()
        .map(|(level, solved, tries)| {
            let share = if *tries == 0 {
                0.0
            } else {
                100.0 * f64::from(*solved) / f64::from(*tries)
            };
            format!("{level} {share:.0}%")
        })
        .collect::<Vec<String>>()
        .join(", ")
}

/// `ultima puzzles simulate`: simulated players of given true strengths through the trainer's
/// chooser and rating (see `ultima_puzzles::rating::simulate`), one row per strength.
fn simulate_command(args: &[String]) -> Result<(), CliError> {
    let mut options = Options::new(
        "puzzles simulate",
        "--file F, --strength N (one or more), --puzzles N, --players N and --seed S",
        args,
    );
    let mut file: Option<String> = None;
    let mut settings = SimulationSettings::default();
    let mut strengths: Vec<u32> = Vec::new();
    while let Some(name) = options.next_name() {
        match name {
            "--file" => file = Some(options.value(name)?),
            "--strength" => strengths.push(options.value_in(name, 100..=4000)?),
            "--puzzles" => settings.puzzles = options.value_in(name, 1..=100_000)?,
            "--players" => settings.players = options.value_in(name, 1..=10_000)?,
            "--seed" => settings.seed = options.value(name)?,
            other => return Err(options.unknown(other)),
        }
    }
    if !strengths.is_empty() {
        settings.strengths = strengths;
    }
    settings.checkpoint = settings.checkpoint.min(settings.puzzles);
    let puzzles = load(file.as_deref())?;
    let reports = simulate(&puzzles, &settings);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "puzzles simulate: {} puzzles, {} players per strength, {} rated puzzles each, seed {}",
        puzzles.len(),
        settings.players,
        settings.puzzles,
        settings.seed
    )?;
    writeln!(
        out,
        "| strength | rating after {} | rating after {} (worst player off by) | mean distance (after {}) | solved | outside the window | played |",
        settings.checkpoint, settings.puzzles, settings.checkpoint
    )?;
    writeln!(out, "|---:|---:|---:|---:|---:|---:|---:|")?;
    for report in &reports {
        writeln!(
            out,
            "| {} | {:.0} | {:.0} ({:.0}) | {:.0} ({:.0}) | {:.0}% | {:.0}% | {} |",
            report.strength,
            report.rating_at_checkpoint,
            report.rating_at_end,
            report.worst_end_error,
            report.mean_distance,
            report.mean_distance_after_checkpoint,
            100.0 * report.solve_rate,
            100.0 * report.outside_window,
            report.played
        )?;
    }
    Ok(())
}

/// `ultima puzzles model`: every puzzle of a calibrated file rated again by the difficulty
/// model (`ultima_puzzles::rating::difficulty`), its rating taken as the ladder's fit; with
/// `--out` the lines are appended as they are made and a run on the same file resumes. Prints
/// the model's checks: the mean rating by solver moves and by the first move's kind, the
/// highest rating of an only capture and of a puzzle every level solves.
fn model_command(args: &[String]) -> Result<(), CliError> {
    use ultima_puzzles::rating::difficulty::{features_searched, model_rating, LadderEvidence};
    use ultima_puzzles::rating::{fit, RATING_FLOOR};

    let mut options = Options::new("puzzles model", "--file F, --nodes N and --out FILE", args);
    let mut file: Option<String> = None;
    let mut out: Option<String> = None;
    let mut nodes: u64 = 200_000;
    while let Some(name) = options.next_name() {
        match name {
            "--file" => file = Some(options.value(name)?),
            "--nodes" => nodes = options.value_in(name, 1_000..=100_000_000)?,
            "--out" => out = Some(options.value(name)?),
            other => return Err(options.unknown(other)),
        }
    }
    let puzzles = load(file.as_deref())?;
    // The fit of a puzzle every level solved at every try: a calibrated rating at or below it
    // says so (the fit of all solved is the lowest the calibration gives).
    let all_solved: Vec<(Level, bool)> = Level::ALL
        .iter()
        .flat_map(|level| std::iter::repeat_n((*level, true), 3))
        .collect();
    let solved_by_all_fit = fit(&all_solved).0.max(RATING_FLOOR);
    let mut done: HashSet<String> = HashSet::new();
    let mut rated: Vec<(Puzzle, ultima_puzzles::rating::difficulty::Features, bool)> = Vec::new();
    let mut sink: Option<Journal> = None;
    if let Some(path) = &out {
        let complete = whole_lines(path)?;
        let complete = complete.as_str();
        done.extend(
            parse_file(complete)
                .map_err(|error| CliError::Puzzles(error.to_string()))?
                .into_iter()
                .map(|puzzle| puzzle.id),
        );
        let header = format!(
            "{PUZZLE_FILE_HEADER}\n# Rated by `ultima puzzles model --nodes {nodes}` (crates/ultima-puzzles/src/rating/difficulty.rs) from the bots' calibration."
        );
        sink = Some(Journal::open(path, &header, complete.is_empty())?);
    }
    let todo: Vec<&Puzzle> = puzzles.iter().filter(|p| !done.contains(&p.id)).collect();
    eprintln!(
        "puzzles model: {} puzzles, {} already rated, find depth searched to {nodes} nodes",
        puzzles.len(),
        puzzles.len() - todo.len()
    );
    let started = Instant::now();
    let cpu_at_start = cpu_seconds(started);
    let mut engine = ultima_bot::Engine::with_hash_mb(8);
    for (index, puzzle) in todo.iter().enumerate() {
        let features = features_searched(puzzle, &mut engine, nodes)
            .map_err(|error| CliError::Puzzles(error.to_string()))?;
        let solved_by_all = puzzle.rating <= solved_by_all_fit;
        let rating = model_rating(
            &features,
            Some(LadderEvidence {
                fit: puzzle.rating,
                solved_by_all,
            }),
        );
        let remodelled = Puzzle {
            rating,
            ..(*puzzle).clone()
        };
        if let Some(journal) = sink.as_mut() {
            journal.write_line(&remodelled.to_line())?;
        }
        rated.push((remodelled, features, solved_by_all));
        if (index + 1) % 200 == 0 {
            eprintln!(
                "{} of {} rated, {:.0} CPU s",
                index + 1,
                todo.len(),
                cpu_seconds(started) - cpu_at_start
            );
        }
    }
    let cpu = cpu_seconds(started) - cpu_at_start;
    let mut stdout = std::io::stdout().lock();
    writeln!(
        stdout,
        "puzzles model: {} rated in {cpu:.0} CPU s ({:.2} CPU s a puzzle); the fit of a puzzle every level solves: {solved_by_all_fit}",
        rated.len(),
        cpu / rated.len().max(1) as f64
    )?;
    let mean = |items: &mut dyn Iterator<Item = u32>| {
        let (sum, count) = items.fold((0u64, 0u64), |(s, c), r| (s + u64::from(r), c + 1));
        match sum.checked_div(count) {
            Some(mean) => format!("{mean} ({count})"),
            None => "-".to_string(),
        }
    };
    for moves in 1..=6 {
        writeln!(
            stdout,
            "  {moves} solver move(s): mean {} (fit before: {})",
            mean(
                &mut rated
                    .iter()
                    .filter(|(_, f, _)| f.solver_moves == moves)
                    .map(|(p, _, _)| p.rating)
            ),
            mean(
                &mut rated
                    .iter()
                    .filter(|(_, f, _)| f.solver_moves == moves)
                    .filter_map(|(p, _, _)| puzzles.iter().find(|q| q.id == p.id))
                    .map(|q| q.rating)
            ),
        )?;
    }
    writeln!(
        stdout,
        "  quiet first move: mean {}; a capture first: mean {}",
        mean(
            &mut rated
                .iter()
                .filter(|(_, f, _)| f.quiet_first)
                .map(|(p, _, _)| p.rating)
        ),
        mean(
            &mut rated
                .iter()
                .filter(|(_, f, _)| !f.quiet_first)
                .map(|(p, _, _)| p.rating)
        ),
    )?;
    writeln!(
        stdout,
        "  only capture: {} puzzles, highest {}; solved by every level: {} puzzles, highest {}; sacrifices: {}",
        rated.iter().filter(|(_, f, _)| f.only_capture).count(),
        rated.iter().filter(|(_, f, _)| f.only_capture).map(|(p, _, _)| p.rating).max().unwrap_or(0),
        rated.iter().filter(|(_, _, all)| *all).count(),
        rated.iter().filter(|(_, _, all)| *all).map(|(p, _, _)| p.rating).max().unwrap_or(0),
        rated.iter().filter(|(_, f, _)| f.sacrifice).count(),
    )?;
    let mut ratings: Vec<u32> = rated.iter().map(|(p, _, _)| p.rating).collect();
    ratings.sort_unstable();
    let at = |share: usize| {
        ratings
            .get((ratings.len().saturating_sub(1)) * share / 4)
            .copied()
            .unwrap_or(0)
    };
    writeln!(
        stdout,
        "  ratings: min {} quartiles {} / {} / {} max {}",
        at(0),
        at(1),
        at(2),
        at(3),
        at(4)
    )?;
    // Sorted: equal ratings are neighbours.
    let most_common = ratings
        .chunk_by(|a, b| a == b)
        .max_by_key(|run| run.len())
        .and_then(|run| run.first().map(|value| (*value, run.len())))
        .unwrap_or((0, 0));
    writeln!(
        stdout,
        "  the most common rating: {} ({} puzzles, {:.1}%)",
        most_common.0,
        most_common.1,
        100.0 * most_common.1 as f64 / ratings.len().max(1) as f64
    )?;
    for band in (600..2800).step_by(200) {
        let count = ratings
            .iter()
            .filter(|&&r| (band..band + 200).contains(&r))
            .count();
        if count > 0 {
            writeln!(stdout, "  {band}-{}: {count}", band + 199)?;
        }
    }
    Ok(())
}

/// A sample of `count` puzzles spread evenly over the ratings, from the lowest to the highest
/// (the same puzzles every time): it holds the hardest, which the deeper search checks. All of
/// them, in the file's order, when `count` is not fewer.
fn spread_by_rating(puzzles: &[Puzzle], count: usize) -> Vec<&Puzzle> {
    if count >= puzzles.len() {
        return puzzles.iter().collect();
    }
    let mut by_rating: Vec<&Puzzle> = puzzles.iter().collect();
    by_rating.sort_by(|a, b| a.rating.cmp(&b.rating).then_with(|| a.id.cmp(&b.id)));
    let last = by_rating.len() - 1;
    let steps = count.saturating_sub(1).max(1);
    (0..count)
        .filter_map(|i| by_rating.get(i * last / steps).copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_spans_the_ratings_from_the_lowest_to_the_highest() {
        let shipped = ultima_puzzles::collection().expect("the shipped set reads");
        let sample = spread_by_rating(&shipped, 20);
        assert_eq!(sample.len(), 20);
        let ratings: Vec<u32> = sample.iter().map(|p| p.rating).collect();
        assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{ratings:?}");
        let lowest = shipped.iter().map(|p| p.rating).min();
        let highest = shipped.iter().map(|p| p.rating).max();
        assert_eq!(
            (ratings.first().copied(), ratings.last().copied()),
            (lowest, highest)
        );
        // So the sample CI verifies reaches the puzzles the deeper search checks.
        assert!(
            ratings.iter().filter(|&&r| r >= HARD_FROM).count() >= 1,
            "{ratings:?}"
        );
        let ids: HashSet<&str> = sample.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), 20, "no puzzle twice");
        assert_eq!(spread_by_rating(&shipped[..3], 20).len(), 3);
        assert_eq!(spread_by_rating(&shipped, 1).len(), 1);
    }
}
