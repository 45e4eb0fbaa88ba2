//! `ultima engine`: the bot behind a line protocol on standard input and output, for match
//! runners and GUIs (see crates/ultima-bot/PROTOCOL.md). The search runs on its own thread so
//! that `stop`, `isready` and `quit` are answered while it thinks. A bad command is answered
//! with one `error ...` line and the session goes on.

use std::io::{BufRead, Write};
use std::num::IntErrorKind;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use ultima_bot::{eval, history_hashes, Engine, Level, LevelPlayer, Limits, SearchInfo, StdClock};
use ultima_rules::{Game, Position, Reading, UnknownReading};

use crate::bot_commands::info_line;
use crate::error::CliError;
use crate::rules_option::position_asked;

/// The search thread's stack: the search keeps a move list per ply on the stack.
const SEARCH_STACK_BYTES: usize = 64 << 20;
/// The largest hash table `setoption` makes: it is allocated (and zeroed) on the thread that
/// reads commands, so it must stay quick to make.
const MAX_HASH_MB: usize = 1024;
/// The most lines `go multipv N` and `setoption name MultiPV` take (more than any position
/// has legal moves in practice; a position with fewer gets them all).
const MAX_MULTIPV: usize = 256;

/// Whether the session goes on after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

struct Running {
    stop: Arc<AtomicBool>,
    /// Raised by the search thread just before it prints its `bestmove`: from then on the
    /// search is over, and joining the thread only waits for that line and the thread's end.
    answered: Arc<AtomicBool>,
    /// Whether the search ends by itself (a depth, nodes or movetime limit, or a level); one
    /// without a limit runs until `stop`.
    limited: bool,
    handle: JoinHandle<Engine>,
}

/// One engine session: the current game, the engine, and the search in progress, if any.
pub struct Session<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    game: Game,
    engine: Option<Engine>,
    hash_mb: usize,
    /// The lines a `go` without `multipv` finds (`setoption name MultiPV`).
    multipv: usize,
    /// The reading of the rules (`setoption name Rules`), once set: `position start` is its
    /// start, and a UFEN that names none is played by it.
    rules: Option<Reading>,
    running: Option<Running>,
}

fn say<W: Write>(out: &Mutex<W>, line: &str) {
    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    // A closed output cannot be told about: the session ends at the next read anyway.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// What `go` asked for.
struct Go {
    limits: Limits,
    level: Option<Level>,
    seed: Option<u64>,
}

/// Reads a whole number from 1 to `max` for the option `name`, counted in `unit`
/// (`lines`, `megabytes`); `range_unit` is how the out-of-range message names it, if at all.
fn parse_option_number(
    name: &str,
    number: &str,
    max: usize,
    range_unit: &str,
    unit: &str,
) -> Result<usize, String> {
    let out_of_range =
        || format!("{name} {number} is out of range: it takes 1 to {max}{range_unit}");
    match number.parse::<i64>() {
        Ok(value) => usize::try_from(value)
            .ok()
            .filter(|value| (1..=max).contains(value))
            .ok_or_else(out_of_range),
        Err(error)
            if matches!(
                error.kind(),
                IntErrorKind::PosOverflow | IntErrorKind::NegOverflow
            ) =>
        {
            Err(out_of_range())
        }
        Err(_) => Err(format!(
            "{name} `{number}` is not a whole number of {unit} (1 to {max})"
        )),
    }
}

/// Reads the N of `multipv N` or `setoption name MultiPV value N`.
fn parse_multipv(number: &str) -> Result<usize, String> {
    parse_option_number("MultiPV", number, MAX_MULTIPV, "", "lines")
}

impl Go {
    /// Whether the search ends by itself, without `stop`.
    fn limited(&self) -> bool {
        self.level.is_some()
            || self.limits.depth.is_some()
            || self.limits.nodes.is_some()
            || self.limits.movetime_ms.is_some()
    }
}

fn parse_number<T: std::str::FromStr>(word: &str, value: Option<&&str>) -> Result<T, String> {
    let value = value.ok_or_else(|| format!("`{word}` needs a number after it"))?;
    value
        .parse()
        .map_err(|_| format!("`{word} {value}`: `{value}` is not a whole number"))
}

fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go {
        limits: Limits::default(),
        level: None,
        seed: None,
    };
    // The limits given, by name, to tell what a level cannot be combined with.
    let mut limits: Vec<&str> = Vec::new();
    let mut rest = words;
    while let Some((&word, after)) = rest.split_first() {
        let value = after.first();
        match word {
            "depth" => go.limits.depth = Some(parse_number(word, value)?),
            "nodes" => go.limits.nodes = Some(parse_number(word, value)?),
            "movetime" => go.limits.movetime_ms = Some(parse_number(word, value)?),
            "seed" => go.seed = Some(parse_number(word, value)?),
            "multipv" => {
                let number = value.ok_or("`multipv` needs a number of lines after it")?;
                go.limits.multipv = Some(parse_multipv(number)?);
            }
            "level" => {
                let name = value.ok_or("`level` needs a level name after it")?;
                go.level = Some(name.parse::<Level>().map_err(|e| e.to_string())?);
            }
            "infinite" => {}
            other => {
                return Err(format!(
                    "`go` does not know `{other}`; it takes depth N, nodes N, movetime MS, multipv N, level NAME, seed N, infinite"
                ))
            }
        }
        if word != "level" && word != "seed" && !limits.contains(&word) {
            limits.push(word);
        }
        // `infinite` stands alone; the other words take the value after them.
        rest = if word == "infinite" {
            after
        } else {
            after.get(1..).unwrap_or_default()
        };
    }
    match (&go.level, go.seed) {
        (Some(_), _) if !limits.is_empty() => Err(format!(
            "`go level` cannot be combined with `{}`: a level brings its own limits; give a level or limits, not both",
            limits.join("`, `")
        )),
        (None, Some(_)) => Err(
            "`seed` goes only with a level (`go level NAME seed N`): a search without a level has no randomness"
                .into(),
        ),
        _ => Ok(go),
    }
}

/// Reads `position start|ufen <four fields> [<reading>] [moves m1 m2 ...]`, by `rules` (the
/// `Rules` option, when set).
fn parse_position(words: &[&str], rules: Option<Reading>) -> Result<Game, String> {
    let (start, rest) = match words.split_first() {
        Some((&"start" | &"startpos", rest)) => {
            (Position::start_of(rules.unwrap_or_default()), rest)
        }
        Some((&"ufen", rest)) => {
            let end = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
            let position = position_asked(&rest[..end].join(" "), rules, "the Rules option")
                .map_err(|e| e.to_string())?;
            (position, &rest[end..])
        }
        _ => {
            return Err(
                "`position` needs `start` or `ufen <placement> <side> <clock> <number>`, then optionally `moves ...`"
                    .into(),
            )
        }
    };
    let mut game = Game::new(start);
    match rest.split_first() {
        None => {}
        Some((&"moves", moves)) => {
            for (index, text) in moves.iter().enumerate() {
                game.play_text(text)
                    .map_err(|e| format!("move {} `{text}` cannot be played: {e}", index + 1))?;
            }
        }
        Some((other, _)) => return Err(format!("`{other}` in `position`: expected `moves`")),
    }
    Ok(game)
}

impl<W: Write + Send + 'static> Session<W> {
    pub fn new(out: Arc<Mutex<W>>) -> Session<W> {
        Session {
            out,
            game: Game::default(),
            engine: Some(Engine::new()),
            hash_mb: Engine::DEFAULT_HASH_MB,
            multipv: 1,
            rules: None,
            running: None,
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn error(&self, message: &str) {
        self.say(&format!("error {message}"));
    }

    /// Takes the engine back from a search that has ended by itself. A search that has
    /// answered (or is printing its `bestmove`) counts as ended: its thread is joined, which
    /// waits at most for that line and the thread's return, so that a command sent right after
    /// reading `bestmove` is never refused as coming during the search.
    fn reap(&mut self) {
        if self.running.as_ref().is_some_and(|running| {
            running.answered.load(Ordering::SeqCst) || running.handle.is_finished()
        }) {
            self.wait();
        }
    }

    /// Waits for the search in progress (if any) to end and takes the engine back.
    pub fn wait(&mut self) {
        if let Some(running) = self.running.take() {
            // A search thread that panicked loses its table, not the session.
            self.engine = Some(running.handle.join().unwrap_or_else(|_| {
                say(
                    &self.out,
                    "info string the search failed; its table was reset",
                );
                Engine::with_hash_mb(self.hash_mb)
            }));
        }
    }

    /// Stops the search in progress, if any, and waits for its `bestmove`.
    pub fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    /// At the end of input: a search without a limit (`go infinite`, or `go` without depth,
    /// nodes, movetime or level) would never end, so it is stopped; a limited one is let finish.
    /// Either way its `bestmove` is printed before this returns.
    pub fn end_of_input(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|running| !running.limited)
        {
            self.stop();
        } else {
            self.wait();
        }
    }

    fn searching(&self) -> bool {
        self.running.is_some()
    }

    /// Answers one line of input.
    pub fn handle(&mut self, line: &str) -> Flow {
        self.reap();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Flow::Continue;
        };
        let busy = || "a search is running: send `stop` first".to_string();
        let result: Result<(), String> = match command {
            "ultima" => {
                self.say(&format!("id name ultima-bot {}", env!("CARGO_PKG_VERSION")));
                self.say("id author the ultima project");
                self.say(&format!(
                    "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                    Engine::DEFAULT_HASH_MB
                ));
                self.say(&format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                ));
                let names: Vec<String> = Reading::ALL
                    .iter()
                    .map(|reading| format!("var {reading}"))
                    .collect();
                self.say(&format!(
                    "option name Rules type combo default {} {}",
                    Reading::default(),
                    names.join(" ")
                ));
                self.say("ultimaok");
                Ok(())
            }
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "newgame" if self.searching() => Err(busy()),
            "newgame" => {
                self.game = Game::new(Position::start_of(self.rules.unwrap_or_default()));
                if let Some(engine) = self.engine.as_mut() {
                    engine.clear();
                }
                Ok(())
            }
            "setoption" if self.searching() => Err(busy()),
            "setoption" => self.set_option(rest),
            "position" if self.searching() => Err(busy()),
            "position" => parse_position(rest, self.rules).map(|game| self.game = game),
            "go" if self.searching() => Err(busy()),
            "go" => parse_go(rest).and_then(|go| self.go(go)),
            "stop" => {
                self.stop();
                Ok(())
            }
            "show" => {
                self.say(&format!("ufen {}", self.game.position().ufen()));
                self.say(&format!("status {}", self.game.status()));
                Ok(())
            }
            "eval" => {
                let position = self.game.position();
                let params = self
                    .engine
                    .as_ref()
                    .map(|engine| *engine.params())
                    .unwrap_or_default();
                let terms = eval::terms(position, &params);
                self.say(&format!(
                    "eval cp {} white {} material {} mobility {} freezing {} kingsafety {} pinches {}",
                    eval::evaluate(position, &params),
                    terms.total(),
                    terms.material,
                    terms.mobility,
                    terms.freezing,
                    terms.king_safety,
                    terms.pinches
                ));
                Ok(())
            }
            "quit" => {
                self.stop();
                return Flow::Quit;
            }
            other => Err(format!(
                "unknown command `{other}`; the commands are ultima, isready, newgame, setoption, position, go, stop, show, eval, quit"
            )),
        };
        if let Err(message) = result {
            self.error(&message);
        }
        Flow::Continue
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let usage = "write `setoption name Hash value MB`, `setoption name MultiPV value N` or `setoption name Rules value 1963|1962|cambridge|boardspace|zillions`";
        let Some((&"name", rest)) = words.split_first() else {
            return Err(usage.into());
        };
        let end = rest
            .iter()
            .position(|w| *w == "value")
            .unwrap_or(rest.len());
        let (name, value) = rest.split_at_checked(end).unwrap_or((rest, &[]));
        let known = |word: &str| {
            ["Hash", "MultiPV", "Rules"]
                .into_iter()
                .find(|n| n.eq_ignore_ascii_case(word))
        };
        match name {
            [] => return Err(format!("`setoption name` needs an option name; {usage}")),
            [option, extra @ ..] if known(option).is_some() && !extra.is_empty() => {
                return Err(format!(
                    "unexpected `{}` after `name {}`; {usage}",
                    extra.join(" "),
                    known(option).unwrap_or_default()
                ))
            }
            [option] if known(option) == Some("MultiPV") => return self.set_multipv(value),
            [option] if known(option) == Some("Rules") => return self.set_rules(value),
            [option] if known(option) == Some("Hash") => {}
            _ => {
                return Err(format!(
                    "unknown option `{}`; the options are Hash, MultiPV and Rules ({usage})",
                    name.join(" ")
                ))
            }
        }
        let megabytes = match value {
            [] => {
                return Err(format!(
                    "`setoption name Hash` needs `value MB`, a number of megabytes from 1 to {MAX_HASH_MB}"
                ))
            }
            [_value] => {
                return Err(format!(
                    "`setoption name Hash value` needs a number of megabytes after it, from 1 to {MAX_HASH_MB}"
                ))
            }
            [_value, number] => parse_hash_mb(number)?,
            [_value, number, extra @ ..] => {
                return Err(format!(
                    "unexpected `{}` after `value {number}`; {usage}",
                    extra.join(" ")
                ))
            }
        };
        // The table is made at once. Check first that the memory can be had at all (an
        // allocation that fails later aborts the process), while the old table still stands.
        let bytes = megabytes.saturating_mul(1 << 20);
        let mut probe: Vec<u8> = Vec::new();
        probe.try_reserve_exact(bytes).map_err(|error| {
            format!(
                "cannot make a hash table of {megabytes} MB ({error}); it stays at {} MB",
                self.hash_mb
            )
        })?;
        drop(probe);
        // The old table goes before the new one is made, so that both are never held at once.
        self.engine = None;
        self.engine = Some(Engine::with_hash_mb(megabytes));
        self.hash_mb = megabytes;
        Ok(())
    }

    /// `setoption name Rules value R`: the reading of the rules; the position becomes its
    /// start (send `position` after it, as after `newgame`).
    fn set_rules(&mut self, value: &[&str]) -> Result<(), String> {
        let reading: Reading = match value {
            [_value, name] => name.parse().map_err(|e: UnknownReading| e.to_string())?,
            [_value, name, extra @ ..] => {
                return Err(format!(
                    "unexpected `{}` after `value {name}`; write `setoption name Rules value R`",
                    extra.join(" ")
                ))
            }
            _ => {
                return Err(
                    "`setoption name Rules` needs `value R`, R one of 1963, 1962, cambridge, boardspace and zillions"
                        .into(),
                )
            }
        };
        self.rules = Some(reading);
        self.game = Game::new(Position::start_of(reading));
        Ok(())
    }

    /// `setoption name MultiPV value N`: the lines a `go` without `multipv` finds.
    fn set_multipv(&mut self, value: &[&str]) -> Result<(), String> {
        let usage = format!("write `setoption name MultiPV value N`, N from 1 to {MAX_MULTIPV}");
        self.multipv = match value {
            [] | [_] => return Err(format!("`setoption name MultiPV` needs `value N`; {usage}")),
            [_value, number] => parse_multipv(number)?,
            [_value, number, extra @ ..] => {
                return Err(format!(
                    "unexpected `{}` after `value {number}`; {usage}",
                    extra.join(" ")
                ))
            }
        };
        Ok(())
    }

    fn go(&mut self, mut go: Go) -> Result<(), String> {
        if go.limits.multipv.is_none() && go.level.is_none() {
            go.limits.multipv = Some(self.multipv);
        }
        let engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::with_hash_mb(self.hash_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        let limited = go.limited();
        let position = self.game.position().clone();
        let history = history_hashes(&self.game);
        let seed = go
            .seed
            .unwrap_or(position.hash() ^ self.game.moves().len() as u64);
        let out = Arc::clone(&self.out);
        let flag = Arc::clone(&stop);
        let done = Arc::clone(&answered);
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || search_thread(engine, &position, &history, go, seed, flag, &done, &out));
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    stop,
                    answered,
                    limited,
                    handle,
                });
                Ok(())
            }
            Err(error) => Err(format!("could not start the search: {error}")),
        }
    }
}

/// Reads the number of `setoption name Hash value N`.
fn parse_hash_mb(number: &str) -> Result<usize, String> {
    parse_option_number("Hash", number, MAX_HASH_MB, " megabytes", "megabytes")
}

/// Runs one search, prints its `info` lines and its `bestmove`, and hands the engine back.
/// `answered` is raised just before the `bestmove` line is printed.
#[allow(clippy::too_many_arguments)]
fn search_thread<W: Write>(
    mut engine: Engine,
    position: &Position,
    history: &[u64],
    go: Go,
    seed: u64,
    stop: Arc<AtomicBool>,
    answered: &AtomicBool,
    out: &Mutex<W>,
) -> Engine {
    // The answer is marked before it is printed, so that whoever reads it finds the search over.
    let answer = |line: &str| {
        answered.store(true, Ordering::SeqCst);
        say(out, line);
    };
    let clock = StdClock::new();
    let outcome: Result<(ultima_rules::Move, SearchInfo), ultima_bot::BotError> = match go.level {
        Some(level) => {
            let mut player = LevelPlayer::with_engine(level, seed, engine);
            let choice = player.choose(position, history, &clock, Some(stop));
            engine = player.into_engine();
            choice.map(|choice| (choice.mv, choice.info))
        }
        None => {
            let limits = Limits {
                stop: Some(stop),
                ..go.limits
            };
            let several = limits.lines() > 1;
            engine
                .search(position, history, &limits, &clock, &mut |info| {
                    say(out, &protocol_info_line(info, several));
                })
                .map(|result| (result.best_move, result.info))
        }
    };
    match outcome {
        Ok((mv, info)) => {
            if go.level.is_some() || info.depth == 0 {
                say(out, &info_line(&info));
            }
            answer(&format!("bestmove {}", mv.coordinates()));
        }
        Err(error) => {
            say(out, &format!("info string {error}"));
            answer("bestmove none");
        }
    }
    engine
}

/// An `info` line: the CLI's, with `multipv K` after the depths when several lines are asked
/// for (a search of one line prints exactly what it always has).
fn protocol_info_line(info: &SearchInfo, several: bool) -> String {
    let line = info_line(info);
    let depths = format!("info depth {} seldepth {}", info.depth, info.seldepth);
    match line.strip_prefix(&depths) {
        Some(rest) if several => format!("{depths} multipv {}{rest}", info.multipv),
        _ => line,
    }
}

/// `ultima engine`: reads commands from standard input until `quit` or its end.
pub fn engine(args: &[String]) -> Result<(), CliError> {
    if let Some(extra) = args.first() {
        return Err(CliError::Usage(format!(
            "`ultima engine` takes no arguments (got `{extra}`); it reads commands from standard input"
        )));
    }
    let mut session = Session::new(Arc::new(Mutex::new(std::io::stdout())));
    let mut input = std::io::stdin().lock();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        if input.read_until(b'\n', &mut buffer)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buffer);
        if session.handle(&line) == Flow::Quit {
            return Ok(());
        }
    }
    // End of input: a search with a limit is let finish, one without is stopped; either way it
    // prints its `bestmove` (after `quit` every search is stopped).
    session.end_of_input();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::time::{Duration, Instant};

    type Output = Arc<Mutex<Vec<u8>>>;

    fn session() -> (Session<Vec<u8>>, Output) {
        let out: Output = Arc::new(Mutex::new(Vec::new()));
        (Session::new(Arc::clone(&out)), out)
    }

    fn lines(out: &Output) -> Vec<String> {
        let bytes = out.lock().unwrap().clone();
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// What `command` printed: one `error` line, saying `expected`.
    fn assert_one_error_line(out: &Output, command: &str, expected: &str) {
        let lines = lines(out);
        assert_eq!(lines.len(), 1, "{command}: {lines:?}");
        assert!(lines[0].starts_with("error "), "{command}: {lines:?}");
        assert!(lines[0].contains(expected), "{command}: {lines:?}");
    }

    /// Each command is refused with one `error` line saying what it expects, and starts no
    /// search.
    fn assert_refused(session: &mut Session<Vec<u8>>, out: &Output, cases: &[(&str, &str)]) {
        for &(command, expected) in cases {
            out.lock().unwrap().clear();
            session.handle(command);
            assert!(!session.searching(), "{command}");
            assert_one_error_line(out, command, expected);
        }
    }

    /// Waits (generously) until a line starting with `prefix` appears.
    fn wait_for(out: &Output, prefix: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Some(line) = lines(out).into_iter().find(|l| l.starts_with(prefix)) {
                return line;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("no `{prefix}` line in {:?}", lines(out));
    }

    /// An output that counts its `bestmove` lines as they are written, so that a test can act
    /// the moment one appears (as a referee reading a pipe does).
    struct Watched {
        bytes: Vec<u8>,
        answers: Arc<AtomicUsize>,
    }

    impl Write for Watched {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if buf.starts_with(b"bestmove ") {
                self.answers.fetch_add(1, Ordering::SeqCst);
            }
            self.bytes.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_next_command_is_never_refused_once_bestmove_is_out() {
        let answers = Arc::new(AtomicUsize::new(0));
        let out = Arc::new(Mutex::new(Watched {
            bytes: Vec::new(),
            answers: Arc::clone(&answers),
        }));
        let mut session = Session::new(Arc::clone(&out));
        let text =
            |out: &Mutex<Watched>| String::from_utf8_lossy(&out.lock().unwrap().bytes).into_owned();
        // Waits (generously) for the `count`th `bestmove`, spinning so as to act the moment it
        // is written.
        let wait_for_answer = |count: usize| {
            let deadline = Instant::now() + Duration::from_secs(60);
            while answers.load(Ordering::SeqCst) < count {
                assert!(
                    Instant::now() < deadline,
                    "no answer {count}: {}",
                    text(&out)
                );
                std::hint::spin_loop();
            }
        };
        for round in 0..200 {
            session.handle("go depth 1");
            wait_for_answer(2 * round + 1);
            // At once, as a referee would: the search has answered, so these must be accepted.
            session.handle("position start moves e2e5");
            session.handle("go depth 1");
            wait_for_answer(2 * round + 2);
            session.handle("position start");
            if text(&out).contains("error ") {
                break;
            }
        }
        session.wait();
        let text = text(&out);
        assert!(!text.contains("error "), "{text}");
        let answers: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("bestmove "))
            .collect();
        assert_eq!(answers.len(), 400, "{text}");
        // Each second answer is for the position after e2e5.
        let mut after = Game::default();
        after.play_text("e2e5").unwrap();
        for pair in answers.chunks(2) {
            let (first, second) = (pair[0], pair[1]);
            let first = first.trim_start_matches("bestmove ");
            assert!(Game::default().play_text(first).is_ok(), "{first}");
            let second = second.trim_start_matches("bestmove ");
            assert!(after.clone().play_text(second).is_ok(), "{second}");
        }
    }

    #[test]
    fn handshake_and_ready() {
        let (mut session, out) = session();
        assert_eq!(session.handle("ultima"), Flow::Continue);
        session.handle("isready");
        let lines = lines(&out);
        assert!(lines[0].starts_with("id name ultima-bot"));
        assert!(lines.contains(&"ultimaok".to_string()));
        assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    }

    #[test]
    fn bad_commands_get_an_error_line_and_the_session_goes_on() {
        let (mut session, out) = session();
        for bad in [
            "fly away",
            "position nowhere",
            "position ufen 8/8 w 0 1",
            "position start moves e2e6 e2e5",
            "go depth",
            "go depth x",
            "go level grandmaster",
            "go level club depth 3",
            "go sideways",
            "setoption name Colour value red",
            "setoption name Hash value 0",
        ] {
            assert_eq!(session.handle(bad), Flow::Continue);
        }
        session.handle("isready");
        let lines = lines(&out);
        assert_eq!(lines.len(), 12, "{lines:?}");
        assert!(
            lines[..11].iter().all(|l| l.starts_with("error ")),
            "{lines:?}"
        );
        assert_eq!(lines[11], "readyok");
        // A failed `position` keeps the old position.
        session.handle("show");
        assert!(self::lines(&out)
            .iter()
            .any(|l| l == &format!("ufen {}", ultima_rules::START_UFEN)));
    }

    #[test]
    fn position_and_go_answer_a_legal_bestmove() {
        let (mut session, out) = session();
        session.handle("position start moves e2e5 e7e6");
        session.handle("go depth 3");
        let line = wait_for(&out, "bestmove ");
        session.wait();
        let mut game = Game::default();
        game.play_text("e2e5").unwrap();
        game.play_text("e7e6").unwrap();
        let mv = line.trim_start_matches("bestmove ");
        assert!(game.play_text(mv).is_ok(), "{line}");
        assert!(lines(&out).iter().any(|l| l.starts_with("info depth 3 ")));
    }

    #[test]
    fn go_with_a_level_and_from_a_ufen() {
        let (mut session, out) = session();
        session.handle("position ufen 7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1");
        session.handle("go level novice seed 3");
        let line = wait_for(&out, "bestmove ");
        assert_ne!(line, "bestmove none");
    }

    #[test]
    fn stop_ends_an_infinite_search_with_a_bestmove() {
        let (mut session, out) = session();
        session.handle("position start");
        session.handle("go infinite");
        std::thread::sleep(Duration::from_millis(100));
        session.handle("go depth 2");
        assert!(lines(&out)
            .iter()
            .any(|l| l.starts_with("error a search is running")));
        session.handle("stop");
        let line = wait_for(&out, "bestmove ");
        assert!(Position::start()
            .parse_move(line.trim_start_matches("bestmove "))
            .is_ok());
        assert_eq!(session.handle("quit"), Flow::Quit);
    }

    #[test]
    fn end_of_input_stops_a_search_without_limits() {
        for go in ["go infinite", "go"] {
            let (mut session, out) = session();
            session.handle("position start");
            session.handle(go);
            assert!(session.searching());
            // In a thread, so that a search that never ends fails the test instead of hanging it.
            let (done, finished) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                session.end_of_input();
                let _ = done.send(session.searching());
            });
            let still_searching = finished.recv_timeout(Duration::from_secs(60));
            assert_eq!(still_searching, Ok(false), "`{go}` was not stopped");
            let answers: Vec<String> = lines(&out)
                .into_iter()
                .filter(|l| l.starts_with("bestmove "))
                .collect();
            assert_eq!(answers.len(), 1, "{answers:?}");
            assert!(Position::start()
                .parse_move(answers[0].trim_start_matches("bestmove "))
                .is_ok());
        }
    }

    #[test]
    fn end_of_input_lets_a_limited_search_finish() {
        let (mut session, out) = session();
        session.handle("position start");
        session.handle("go depth 4");
        session.end_of_input();
        assert!(!session.searching());
        let lines = lines(&out);
        // Not stopped: it reached its depth, and its answer is out when `end_of_input` returns.
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 4 ")),
            "{lines:?}"
        );
        assert!(
            lines.last().is_some_and(|l| l.starts_with("bestmove ")),
            "{lines:?}"
        );
    }

    #[test]
    fn setoption_says_what_is_wrong() {
        let (mut session, out) = session();
        assert_refused(
            &mut session,
            &out,
            &[
                ("setoption", "write `setoption name Hash value MB`"),
                ("setoption name", "needs an option name"),
                ("setoption name Colour value red", "unknown option `Colour`"),
                ("setoption name Hash", "needs `value MB`"),
                (
                    "setoption name Hash 16",
                    "unexpected `16` after `name Hash`",
                ),
                ("setoption name Hash value", "needs a number of megabytes"),
                (
                    "setoption name Hash value lots",
                    "`lots` is not a whole number",
                ),
                (
                    "setoption name Hash value 1.5",
                    "`1.5` is not a whole number",
                ),
                ("setoption name Hash value 16 please", "unexpected `please`"),
                (
                    "setoption name Hash value 0",
                    "out of range: it takes 1 to 1024",
                ),
                ("setoption name Hash value -3", "out of range"),
                ("setoption name Hash value 1025", "out of range"),
                ("setoption name Hash value 4096", "out of range"),
                (
                    "setoption name Hash value 99999999999999999999999",
                    "out of range",
                ),
            ],
        );
        // A bad value keeps the table; a good one (any case) is taken without an answer.
        assert_eq!(session.hash_mb, Engine::DEFAULT_HASH_MB);
        out.lock().unwrap().clear();
        session.handle("setoption name hash value 2");
        assert!(lines(&out).is_empty(), "{:?}", lines(&out));
        assert_eq!(session.hash_mb, 2);
        // The advertised maximum is the one enforced.
        session.handle("ultima");
        assert!(lines(&out)
            .iter()
            .any(|l| l == "option name Hash type spin default 16 min 1 max 1024"));
    }

    #[test]
    fn go_refuses_a_level_with_limits_and_a_seed_without_a_level() {
        let (mut session, out) = session();
        session.handle("position start");
        assert_refused(
            &mut session,
            &out,
            &[
                (
                    "go level club infinite",
                    "`go level` cannot be combined with `infinite`",
                ),
                (
                    "go infinite level novice",
                    "cannot be combined with `infinite`",
                ),
                (
                    "go level club depth 3 movetime 50",
                    "with `depth`, `movetime`",
                ),
                ("go nodes 100 level casual seed 1", "with `nodes`"),
                ("go seed 3", "`seed` goes only with a level"),
                ("go depth 2 seed 3", "`seed` goes only with a level"),
                ("go infinite seed 3", "`seed` goes only with a level"),
            ],
        );
        // A level with its seed, and limits without one, are accepted.
        out.lock().unwrap().clear();
        session.handle("go seed 5 level novice");
        assert!(wait_for(&out, "bestmove ") != "bestmove none");
        session.wait();
        session.handle("go depth 1 infinite");
        session.wait();
        assert!(!lines(&out).iter().any(|l| l.starts_with("error ")));
    }

    /// The `info` lines of `depth` (in the order printed) as (multipv, first move) pairs.
    fn lines_of_depth(lines: &[String], depth: u32) -> Vec<(u32, String)> {
        let prefix = format!("info depth {depth} ");
        lines
            .iter()
            .filter(|l| l.starts_with(&prefix))
            .map(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                let after = |key: &str| {
                    words
                        .iter()
                        .position(|w| *w == key)
                        .and_then(|i| words.get(i + 1))
                        .map(|w| w.to_string())
                };
                let multipv = after("multipv").map_or(0, |k| k.parse().unwrap());
                (multipv, after("pv").unwrap_or_default())
            })
            .collect()
    }

    #[test]
    fn go_multipv_prints_each_line_of_each_iteration() {
        let (mut session, out) = session();
        session.handle("position start moves e2e5 e7e6");
        session.handle("go depth 3 multipv 3");
        let answer = wait_for(&out, "bestmove ");
        session.wait();
        let lines = lines(&out);
        for depth in 1..=3 {
            let found = lines_of_depth(&lines, depth);
            let numbers: Vec<u32> = found.iter().map(|(k, _)| *k).collect();
            assert_eq!(numbers, [1, 2, 3], "depth {depth}: {lines:?}");
            let mut moves: Vec<&String> = found.iter().map(|(_, mv)| mv).collect();
            moves.sort();
            moves.dedup();
            assert_eq!(moves.len(), 3, "depth {depth}: {lines:?}");
        }
        // The answer is the first line of the last iteration.
        let best = &lines_of_depth(&lines, 3)[0].1;
        assert_eq!(answer, format!("bestmove {best}"));
        // Each line's `score` comes right after its number.
        assert!(lines
            .iter()
            .filter(|l| l.starts_with("info depth "))
            .all(|l| l.contains(" score cp ") || l.contains(" score mate ")));
    }

    #[test]
    fn setoption_rules_sets_the_reading_of_every_position() {
        let (mut session, out) = session();
        session.handle("ultima");
        assert!(lines(&out).contains(
            &"option name Rules type combo default 1963 var 1963 var 1962 var cambridge var boardspace var zillions".to_string()
        ));
        out.lock().unwrap().clear();
        session.handle("setoption name Rules value cambridge");
        session.handle("show");
        assert_eq!(
            lines(&out)[0],
            format!("ufen {}", Reading::Cambridge.start_ufen())
        );
        // A UFEN naming no reading is played by the option's; one naming another is refused.
        out.lock().unwrap().clear();
        session.handle("position ufen 7k/8/8/4i3/3I4/8/8/K7 w 0 1");
        session.handle("show");
        session.handle("position ufen 7k/8/8/8/8/8/8/K7 w 0 1 zillions");
        let shown = lines(&out);
        assert_eq!(shown[0], "ufen 7k/8/8/4i3/3I4/8/8/K7 w 0 1 cambridge");
        assert!(
            shown[2].starts_with("error ") && shown[2].contains("names the zillions rules"),
            "{shown:?}"
        );
        // Cambridge has no removal.
        out.lock().unwrap().clear();
        session.handle("position ufen 7k/8/8/4i3/3I4/8/8/K7 w 0 1 moves d4d4");
        assert!(lines(&out)[0].starts_with("error "), "{:?}", lines(&out));
        // `newgame` starts the option's start; a bad name lists the five.
        out.lock().unwrap().clear();
        session.handle("setoption name Rules value 1962");
        session.handle("newgame");
        session.handle("show");
        session.handle("setoption name Rules value chess");
        let shown = lines(&out);
        assert_eq!(
            shown[0],
            format!("ufen {}", Reading::Abbott1962.start_ufen())
        );
        assert!(
            shown[2].starts_with("error ")
                && shown[2].contains("1963, 1962, cambridge, boardspace and zillions"),
            "{shown:?}"
        );
    }

    #[test]
    fn setoption_multipv_sets_the_lines_of_every_go() {
        let (mut session, out) = session();
        session.handle("setoption name MultiPV value 2");
        assert!(lines(&out).is_empty(), "{:?}", lines(&out));
        session.handle("position start");
        session.handle("go depth 2");
        wait_for(&out, "bestmove ");
        session.wait();
        let numbers: Vec<u32> = lines_of_depth(&lines(&out), 2)
            .iter()
            .map(|(k, _)| *k)
            .collect();
        assert_eq!(numbers, [1, 2]);
        // `go multipv 1` overrides it, and one line prints exactly as without multi-PV.
        out.lock().unwrap().clear();
        session.handle("go depth 2 multipv 1");
        wait_for(&out, "bestmove ");
        session.wait();
        let lines = lines(&out);
        assert_eq!(lines_of_depth(&lines, 2).len(), 1, "{lines:?}");
        assert!(!lines.iter().any(|l| l.contains("multipv")), "{lines:?}");
        // A level plays one move whatever the option says.
        out.lock().unwrap().clear();
        session.handle("go level novice seed 1");
        assert_ne!(wait_for(&out, "bestmove "), "bestmove none");
        session.wait();
        assert!(!self::lines(&out).iter().any(|l| l.starts_with("error ")));
        // The option is advertised.
        session.handle("ultima");
        assert!(self::lines(&out)
            .iter()
            .any(|l| l == "option name MultiPV type spin default 1 min 1 max 256"));
    }

    #[test]
    fn more_lines_than_legal_moves_gives_them_all() {
        let (mut session, out) = session();
        // Black's lone king h8 has three moves.
        session.handle("position ufen 7k/8/8/8/8/8/8/2I1K3 b 0 1");
        session.handle("go depth 2 multipv 10");
        wait_for(&out, "bestmove ");
        session.wait();
        let numbers: Vec<u32> = lines_of_depth(&lines(&out), 2)
            .iter()
            .map(|(k, _)| *k)
            .collect();
        assert_eq!(numbers, [1, 2, 3]);
    }

    #[test]
    fn multipv_says_what_is_wrong() {
        let (mut session, out) = session();
        session.handle("position start");
        assert_refused(
            &mut session,
            &out,
            &[
                ("go multipv", "`multipv` needs a number of lines"),
                (
                    "go depth 2 multipv 0",
                    "MultiPV 0 is out of range: it takes 1 to 256",
                ),
                ("go multipv 257", "out of range"),
                ("go multipv -1", "out of range"),
                ("go multipv two", "`two` is not a whole number"),
                (
                    "go level novice multipv 2",
                    "cannot be combined with `multipv`",
                ),
                ("setoption name MultiPV", "needs `value N`"),
                ("setoption name MultiPV value", "needs `value N`"),
                ("setoption name MultiPV value 0", "out of range"),
                (
                    "setoption name MultiPV value 2 3",
                    "unexpected `3` after `value 2`",
                ),
                (
                    "setoption name MultiPV lines value 2",
                    "unexpected `lines` after `name MultiPV`",
                ),
                (
                    "setoption name Lines value 2",
                    "the options are Hash, MultiPV and Rules",
                ),
            ],
        );
        // Nothing was changed: one line a `go`.
        out.lock().unwrap().clear();
        session.handle("go depth 1");
        wait_for(&out, "bestmove ");
        session.wait();
        assert_eq!(lines_of_depth(&lines(&out), 1).len(), 1);
    }

    #[test]
    fn no_legal_move_answers_bestmove_none() {
        let (mut session, out) = session();
        // A lone white king frozen by the immobilizer beside it has no move (and a king is
        // never removed): White has lost.
        session.handle("position ufen 7k/8/8/8/8/8/1i6/K7 w 0 1");
        session.handle("go depth 2");
        assert_eq!(wait_for(&out, "bestmove "), "bestmove none");
    }
}
