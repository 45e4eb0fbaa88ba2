//! `ultima engine`: the bot behind a line protocol on standard input and output, for match
//! runners and GUIs (see crates/ultima-bot/PROTOCOL.md). The search runs on its own thread so
//! that `stop`, `isready` and `quit` are answered while it thinks. A bad command is answered
//! with one `error ...` line and the session goes on.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use ultima_bot::{eval, history_hashes, Engine, Level, LevelPlayer, Limits, SearchInfo, StdClock};
use ultima_rules::{Game, Position};

use crate::bot_commands::info_line;
use crate::CliError;

/// The search thread's stack: the search keeps a move list per ply on the stack.
const SEARCH_STACK_BYTES: usize = 64 << 20;
const MAX_HASH_MB: usize = 4096;

/// Whether the session goes on after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Engine>,
}

/// One engine session: the current game, the engine, and the search in progress, if any.
pub struct Session<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    game: Game,
    engine: Option<Engine>,
    hash_mb: usize,
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
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let value = words.get(i + 1);
        match word {
            "depth" => go.limits.depth = Some(parse_number(word, value)?),
            "nodes" => go.limits.nodes = Some(parse_number(word, value)?),
            "movetime" => go.limits.movetime_ms = Some(parse_number(word, value)?),
            "seed" => go.seed = Some(parse_number(word, value)?),
            "level" => {
                let name = value.ok_or("`level` needs a level name after it")?;
                go.level = Some(name.parse::<Level>().map_err(|e| e.to_string())?);
            }
            "infinite" => {
                i += 1;
                continue;
            }
            other => {
                return Err(format!(
                    "`go` does not know `{other}`; it takes depth N, nodes N, movetime MS, level NAME, seed N, infinite"
                ))
            }
        }
        i += 2;
    }
    if go.level.is_some()
        && (go.limits.depth.is_some()
            || go.limits.nodes.is_some()
            || go.limits.movetime_ms.is_some())
    {
        return Err("`go level` brings its own limits; give a level or limits, not both".into());
    }
    Ok(go)
}

/// Reads `position start|ufen <four fields> [moves m1 m2 ...]`.
fn parse_position(words: &[&str]) -> Result<Game, String> {
    let (start, rest) = match words.split_first() {
        Some((&"start" | &"startpos", rest)) => (Position::start(), rest),
        Some((&"ufen", rest)) => {
            let end = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
            let position = Position::from_ufen(&rest[..end].join(" "))
                .map_err(|e| format!("bad position: {e}"))?;
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
            running: None,
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn error(&self, message: &str) {
        self.say(&format!("error {message}"));
    }

    /// Takes the engine back from a search that has ended by itself.
    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|running| running.handle.is_finished())
        {
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
                self.say("ultimaok");
                Ok(())
            }
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "newgame" if self.searching() => Err(busy()),
            "newgame" => {
                self.game = Game::default();
                if let Some(engine) = self.engine.as_mut() {
                    engine.clear();
                }
                Ok(())
            }
            "setoption" if self.searching() => Err(busy()),
            "setoption" => self.set_option(rest),
            "position" if self.searching() => Err(busy()),
            "position" => parse_position(rest).map(|game| self.game = game),
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
        match words {
            ["name", name, "value", value] if name.eq_ignore_ascii_case("hash") => {
                let megabytes: usize = value
                    .parse()
                    .ok()
                    .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
                    .ok_or_else(|| {
                        format!("Hash must be a whole number from 1 to {MAX_HASH_MB}")
                    })?;
                self.hash_mb = megabytes;
                self.engine = Some(Engine::with_hash_mb(megabytes));
                Ok(())
            }
            ["name", name, ..] => Err(format!(
                "unknown option `{name}`; the only option is Hash (setoption name Hash value MB)"
            )),
            _ => Err("write `setoption name Hash value MB`".into()),
        }
    }

    fn go(&mut self, go: Go) -> Result<(), String> {
        let engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::with_hash_mb(self.hash_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let position = self.game.position().clone();
        let history = history_hashes(&self.game);
        let seed = go
            .seed
            .unwrap_or(position.hash() ^ self.game.moves().len() as u64);
        let out = Arc::clone(&self.out);
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || search_thread(engine, &position, &history, go, seed, flag, &out));
        match spawned {
            Ok(handle) => {
                self.running = Some(Running { stop, handle });
                Ok(())
            }
            Err(error) => Err(format!("could not start the search: {error}")),
        }
    }
}

/// Runs one search, prints its `info` lines and its `bestmove`, and hands the engine back.
fn search_thread<W: Write>(
    mut engine: Engine,
    position: &Position,
    history: &[u64],
    go: Go,
    seed: u64,
    stop: Arc<AtomicBool>,
    out: &Mutex<W>,
) -> Engine {
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
            engine
                .search(position, history, &limits, &clock, &mut |info| {
                    say(out, &info_line(info));
                })
                .map(|result| (result.best_move, result.info))
        }
    };
    match outcome {
        Ok((mv, info)) => {
            if go.level.is_some() || info.depth == 0 {
                say(out, &info_line(&info));
            }
            say(out, &format!("bestmove {}", mv.coordinates()));
        }
        Err(error) => {
            say(out, &format!("info string {error}"));
            say(out, "bestmove none");
        }
    }
    engine
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
    // End of input: let a running search finish its answer, as after `quit` it would not.
    session.wait();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn no_legal_move_answers_bestmove_none() {
        let (mut session, out) = session();
        // A lone white king frozen by the immobilizer beside it has no move (and a king is
        // never removed): White has lost.
        session.handle("position ufen 7k/8/8/8/8/8/1i6/K7 w 0 1");
        session.handle("go depth 2");
        assert_eq!(wait_for(&out, "bestmove "), "bestmove none");
    }
}
