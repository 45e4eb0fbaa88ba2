//! `ultima match`: games between two players, each a level of the bot (in this process) or an
//! engine command speaking the protocol of PROTOCOL.md (a child process). The rules library
//! referees: an illegal move, a crash or a silence past the time-out loses the game.

use std::io::{BufRead, BufReader, Write};
use std::ops::RangeInclusive;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ultima_bot::{history_hashes, Engine, Level, LevelPlayer, Limits, NoClock, StdClock};
use ultima_rand::Rng;
use ultima_rules::{Color, Game, Move, Outcome, Position, WinReason, START_UFEN};

use crate::CliError;

/// Why a player lost without the board saying so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    Illegal { text: String, reason: String },
    Crashed(String),
    Timeout,
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Forfeit::Illegal { text, reason } => write!(f, "illegal move `{text}`: {reason}"),
            Forfeit::Crashed(message) => write!(f, "crashed: {message}"),
            Forfeit::Timeout => f.write_str("no answer in time"),
        }
    }
}

/// Someone who plays moves.
pub trait Player {
    fn name(&self) -> &str;
    /// Gets ready for a new game.
    fn new_game(&mut self) -> Result<(), Forfeit>;
    /// The move (in coordinates) for the side to move in `game`, which is not over.
    fn choose(&mut self, game: &Game) -> Result<String, Forfeit>;
}

/// A level of the bot, in this process.
pub struct LevelBot {
    name: String,
    player: LevelPlayer,
}

impl LevelBot {
    pub fn new(level: Level, seed: u64) -> LevelBot {
        LevelBot {
            name: level.name().to_string(),
            player: LevelPlayer::new(level, seed),
        }
    }
}

impl Player for LevelBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), Forfeit> {
        self.player.new_game();
        Ok(())
    }

    fn choose(&mut self, game: &Game) -> Result<String, Forfeit> {
        let clock = StdClock::new();
        self.player
            .choose(game.position(), &history_hashes(game), &clock, None)
            .map(|choice| choice.mv.coordinates())
            .map_err(|e| Forfeit::Crashed(e.to_string()))
    }
}

/// A baseline: a legal move chosen at random (`random`), or the move that takes the most
/// material, at random among equals (`greedy`, a one-move capturer). The ladder measures the
/// strongest level against both.
pub struct BaselinePlayer {
    name: &'static str,
    greedy: bool,
    rng: Rng,
}

impl BaselinePlayer {
    pub fn new(greedy: bool, seed: u64) -> BaselinePlayer {
        BaselinePlayer {
            name: if greedy { "greedy" } else { "random" },
            greedy,
            rng: Rng::new(seed),
        }
    }

    /// What a move takes, by a plain count: every piece 3, a pawn 1.
    fn gain(position: &Position, mv: &Move) -> u32 {
        mv.captures
            .iter()
            .map(|square| match position.piece_at(square).map(|p| p.role) {
                Some(ultima_rules::Role::Pawn) => 1,
                Some(_) => 3,
                None => 0,
            })
            .sum()
    }
}

impl Player for BaselinePlayer {
    fn name(&self) -> &str {
        self.name
    }

    fn new_game(&mut self) -> Result<(), Forfeit> {
        Ok(())
    }

    fn choose(&mut self, game: &Game) -> Result<String, Forfeit> {
        let position = game.position();
        let moves = position.legal_moves();
        let best = if self.greedy {
            moves
                .iter()
                .map(|mv| Self::gain(position, mv))
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let candidates: Vec<&Move> = moves
            .iter()
            .filter(|mv| !self.greedy || Self::gain(position, mv) == best)
            .collect();
        if candidates.is_empty() {
            return Err(Forfeit::Crashed("no legal move to choose from".to_string()));
        }
        let pick = self.rng.below(candidates.len() as u64) as usize;
        Ok(candidates[pick.min(candidates.len() - 1)].coordinates())
    }
}

/// The plain search with fixed limits and given piece values, in this process (the tuner's
/// players). With a node limit and no clock its games are exactly reproducible.
pub struct SearchBot {
    name: String,
    engine: Engine,
    limits: Limits,
}

impl SearchBot {
    pub fn new(name: &str, engine: Engine, limits: Limits) -> SearchBot {
        SearchBot {
            name: name.to_string(),
            engine,
            limits,
        }
    }
}

impl Player for SearchBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), Forfeit> {
        self.engine.clear();
        Ok(())
    }

    fn choose(&mut self, game: &Game) -> Result<String, Forfeit> {
        self.engine
            .search(
                game.position(),
                &history_hashes(game),
                &self.limits,
                &NoClock,
                &mut |_| {},
            )
            .map(|result| result.best_move.coordinates())
            .map_err(|e| Forfeit::Crashed(e.to_string()))
    }
}

/// How long an engine has to answer `stop` with its late `bestmove` after a time-out.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// An engine in a child process, spoken to by the protocol.
pub struct EngineProcess {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    go: String,
    timeout: Duration,
    stop_grace: Duration,
    /// Why the engine is out of the match, once it is: every later game it plays is lost.
    dead: Option<String>,
}

impl EngineProcess {
    /// Starts `command` (program and arguments separated by spaces) and greets it.
    pub fn start(command: &str, go: &str, timeout: Duration) -> Result<EngineProcess, CliError> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| CliError::Usage("an engine command is empty".to_string()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| CliError::Engine(format!("could not start `{command}`: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(CliError::Engine(format!("`{command}` has no pipes")));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess {
            name: command.to_string(),
            child,
            input,
            lines,
            go: go.to_string(),
            timeout,
            stop_grace: STOP_GRACE,
            dead: None,
        };
        engine
            .send("ultima")
            .and_then(|()| engine.expect("ultimaok", Duration::from_secs(10)).map(drop))
            .map_err(|f| CliError::Engine(format!("`{command}` did not greet: {f}")))?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), Forfeit> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| Forfeit::Crashed(format!("could not write to it: {e}")))
    }

    /// Waits for a line starting with `prefix`, skipping others.
    fn expect(&mut self, prefix: &str, timeout: Duration) -> Result<String, Forfeit> {
        // A time-out too far off to be an instant is as good as none.
        let deadline = Instant::now().checked_add(timeout);
        loop {
            let received = match deadline {
                Some(deadline) => self
                    .lines
                    .recv_timeout(deadline.saturating_duration_since(Instant::now())),
                None => self
                    .lines
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
            };
            match received {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(Forfeit::Timeout),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Forfeit::Crashed("it closed its output".to_string()))
                }
            }
        }
    }

    /// The forfeit of an engine that is out of the match, if it is.
    fn alive(&self) -> Result<(), Forfeit> {
        match &self.dead {
            Some(reason) => Err(Forfeit::Crashed(format!("out of the match ({reason})"))),
            None => Ok(()),
        }
    }

    /// Puts the engine out of the match: it is ended at once (a search left running would take
    /// the machine from its opponent) and loses every later game.
    fn give_up(&mut self, reason: String) {
        self.dead = Some(reason);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Notes a forfeit that leaves the engine unusable (a crash) and hands it back.
    fn checked(&mut self, why: Forfeit) -> Forfeit {
        if let Forfeit::Crashed(message) = &why {
            let reason = message.clone();
            self.give_up(reason);
        }
        why
    }

    /// After a time-out: stops the search and drains output up to its late `bestmove`, so that
    /// the next game starts in step (a searching engine refuses `newgame`, `position` and `go`,
    /// and its late `bestmove` would be taken as the answer to the next `go`). An engine that
    /// does not answer `stop` within the grace period is out of the match.
    fn recover_from_timeout(&mut self) {
        let answered = self
            .send("stop")
            .and_then(|()| self.expect("bestmove", self.stop_grace));
        match answered {
            Ok(_) => {}
            Err(Forfeit::Timeout) => self.give_up(format!(
                "no `bestmove` within {:?} of `stop`, after a time-out",
                self.stop_grace
            )),
            Err(Forfeit::Crashed(message)) => self.give_up(message),
            Err(other) => self.give_up(other.to_string()),
        }
    }
}

impl Player for EngineProcess {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), Forfeit> {
        self.alive()?;
        self.send("newgame")
            .and_then(|()| self.send("isready"))
            .and_then(|()| self.expect("readyok", Duration::from_secs(10)).map(drop))
            .map_err(|why| self.checked(why))
    }

    fn choose(&mut self, game: &Game) -> Result<String, Forfeit> {
        self.alive()?;
        let start = game.start().ufen();
        let mut command = if start == START_UFEN {
            "position start".to_string()
        } else {
            format!("position ufen {start}")
        };
        if !game.moves().is_empty() {
            command.push_str(" moves");
            for mv in game.moves() {
                command.push(' ');
                command.push_str(&mv.coordinates());
            }
        }
        let go = format!("go {}", self.go);
        let answer = self
            .send(&command)
            .and_then(|()| self.send(go.trim_end()))
            .and_then(|()| self.expect("bestmove", self.timeout));
        match answer {
            Ok(line) => Ok(line.trim_start_matches("bestmove").trim().to_string()),
            Err(Forfeit::Timeout) => {
                self.recover_from_timeout();
                Err(Forfeit::Timeout)
            }
            Err(why) => Err(self.checked(why)),
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules: no legal move, repetition, fifty moves, bare kings.
    Rules(Outcome),
    /// The loser forfeited.
    Forfeit { loser: Color, why: Forfeit },
    /// Too long: scored as a draw.
    Adjudicated,
}

impl Ending {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Ending::Rules(Outcome::Win { winner, .. }) => Some(*winner),
            Ending::Forfeit { loser, .. } => Some(!*loser),
            _ => None,
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Ending::Rules(outcome @ Outcome::Win { reason, .. }) => {
                let how = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::NoLegalMove => "no legal move",
                    WinReason::Resignation => "resignation",
                    WinReason::Time => "time",
                };
                format!("{outcome} ({how})")
            }
            Ending::Rules(outcome) => outcome.to_string(),
            Ending::Forfeit { loser, why } => {
                format!(
                    "{} wins: {} forfeits ({why})",
                    (!*loser).name().to_lowercase(),
                    loser.name().to_lowercase()
                )
            }
            Ending::Adjudicated => "draw: adjudicated at the ply limit".to_string(),
        }
    }
}

/// Plays one game from the start position through `opening`, then the players in turn.
/// The game comes back with its ending declared in it where the board does not show it.
pub fn play_game(
    white: &mut dyn Player,
    black: &mut dyn Player,
    opening: &[Move],
    max_plies: usize,
) -> (Game, Ending) {
    let mut game = Game::new(Position::start());
    for mv in opening {
        if game.play(mv).is_err() {
            break;
        }
    }
    let ready = white
        .new_game()
        .map_err(|why| (Color::White, why))
        .and_then(|()| black.new_game().map_err(|why| (Color::Black, why)));
    if let Err((loser, why)) = ready {
        let _ = game.resign(loser);
        return (game, Ending::Forfeit { loser, why });
    }
    loop {
        if let Some(outcome) = game.outcome() {
            return (game, Ending::Rules(outcome));
        }
        if game.moves().len() >= max_plies {
            let _ = game.agree_draw();
            return (game, Ending::Adjudicated);
        }
        let mover = game.position().turn();
        let player: &mut dyn Player = match mover {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let answer = player.choose(&game).and_then(|text| {
            game.play_text(&text)
                .map(drop)
                .map_err(|e| Forfeit::Illegal {
                    text: text.clone(),
                    reason: e.to_string(),
                })
        });
        if let Err(why) = answer {
            let _ = match why {
                Forfeit::Timeout => game.lose_on_time(mover),
                _ => game.resign(mover),
            };
            return (game, Ending::Forfeit { loser: mover, why });
        }
    }
}

/// `count` openings of `plies` random legal moves from the start, without captures, drawn
/// from `seed`: the same seed gives the same openings.
pub fn openings(seed: u64, count: usize, plies: usize) -> Vec<Vec<Move>> {
    let mut rng = Rng::new(seed);
    // The capacities are only hints: a count or a length out of reach must not allocate.
    let mut found = Vec::with_capacity(count.min(1024));
    let mut attempts = 0usize;
    while found.len() < count && attempts < count.saturating_mul(100) {
        attempts += 1;
        let mut position = Position::start();
        let mut line = Vec::with_capacity(plies.min(MAX_OPENING_PLIES));
        for _ in 0..plies {
            let quiet: Vec<Move> = position
                .legal_moves()
                .into_iter()
                .filter(|mv| !mv.is_irreversible())
                .collect();
            if quiet.is_empty() {
                break;
            }
            let index = rng.below(quiet.len() as u64) as usize;
            let mv = quiet[index];
            position = position.play_unchecked(&mv);
            line.push(mv);
        }
        // A line into a position with a capture waiting is fine; one that ends the game is not.
        if line.len() == plies && position.has_legal_move() && !found.contains(&line) {
            found.push(line);
        }
    }
    found
}

/// An Elo difference with its 95% margin, from a score of wins, draws and losses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EloEstimate {
    NoGames,
    /// Every game won (or every game lost): the difference has no upper (lower) bound.
    Unbounded {
        positive: bool,
    },
    Finite {
        elo: f64,
        margin: f64,
    },
}

fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

pub fn elo_estimate(wins: u32, draws: u32, losses: u32) -> EloEstimate {
    let games = f64::from(wins + draws + losses);
    if games == 0.0 {
        return EloEstimate::NoGames;
    }
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let score = (w + d / 2.0) / games;
    if score >= 1.0 || score <= 0.0 {
        return EloEstimate::Unbounded {
            positive: score >= 1.0,
        };
    }
    let variance =
        (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / games;
    let deviation = (variance / games).sqrt();
    let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
    let low = elo_of(clamp(score - 1.96 * deviation));
    let high = elo_of(clamp(score + 1.96 * deviation));
    EloEstimate::Finite {
        elo: elo_of(score),
        margin: (high - low) / 2.0,
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EloEstimate::NoGames => f.write_str("elo: no games"),
            EloEstimate::Unbounded { positive: true } => f.write_str("elo: +inf (every game won)"),
            EloEstimate::Unbounded { positive: false } => {
                f.write_str("elo: -inf (every game lost)")
            }
            EloEstimate::Finite { elo, margin } => {
                write!(f, "elo: {elo:+.0} ± {margin:.0} (95%)")
            }
        }
    }
}

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn add(&mut self, first_is_white: bool, ending: &Ending) {
        match ending.winner() {
            None => self.draws += 1,
            Some(winner) if (winner == Color::White) == first_is_white => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score, from 0 to 1.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
        }
    }
}

/// Plays `games` games between `first` and `second`, each opening twice with the colours
/// swapped, and hands each game to `report`. Returns the first player's tally.
pub fn run_games(
    first: &mut dyn Player,
    second: &mut dyn Player,
    games: usize,
    openings: &[Vec<Move>],
    max_plies: usize,
    report: &mut dyn FnMut(usize, bool, &Game, &Ending),
) -> Tally {
    let mut tally = Tally::default();
    for index in 0..games {
        let opening = openings
            .get((index / 2) % openings.len().max(1))
            .map_or(&[][..], Vec::as_slice);
        let first_is_white = index % 2 == 0;
        let (game, ending) = if first_is_white {
            play_game(first, second, opening, max_plies)
        } else {
            play_game(second, first, opening, max_plies)
        };
        tally.add(first_is_white, &ending);
        report(index, first_is_white, &game, &ending);
    }
    tally
}

fn make_player(
    spec: &str,
    seed: u64,
    go: &str,
    timeout: Duration,
) -> Result<Box<dyn Player>, CliError> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        Ok(Box::new(EngineProcess::start(command, go, timeout)?))
    } else if spec == "random" || spec == "greedy" {
        Ok(Box::new(BaselinePlayer::new(spec == "greedy", seed)))
    } else {
        let level: Level = spec.parse().map_err(|_| {
            CliError::Usage(format!(
                "`{spec}` is neither a level (novice, beginner, casual, intermediate, club), a baseline (random, greedy), nor an engine command (cmd:PROGRAM ARGS)"
            ))
        })?;
        Ok(Box::new(LevelBot::new(level, seed)))
    }
}

fn parse_value<T: std::str::FromStr>(name: &str, value: Option<&String>) -> Result<T, CliError> {
    let value = value.ok_or_else(|| CliError::Usage(format!("`{name}` needs a value")))?;
    value
        .parse()
        .map_err(|_| CliError::Usage(format!("`{name} {value}`: `{value}` is not a valid value")))
}

/// The value after `--name`, parsed and within `range`.
pub(crate) fn parse_in_range<T>(
    name: &str,
    value: Option<&String>,
    range: RangeInclusive<T>,
) -> Result<T, CliError>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    let text = value.ok_or_else(|| CliError::Usage(format!("`{name}` needs a value")))?;
    let bounds = format!("give a value from {} to {}", range.start(), range.end());
    match text.parse::<T>() {
        Ok(parsed) if range.contains(&parsed) => Ok(parsed),
        Ok(_) => Err(CliError::Usage(format!(
            "`{name} {text}` is out of range: {bounds}"
        ))),
        Err(_) => Err(CliError::Usage(format!(
            "`{name} {text}` is not a valid value: {bounds}"
        ))),
    }
}

/// The most games a match plays.
pub(crate) const MAX_GAMES: usize = 100_000;
/// The longest random opening: well short of the fifty-move rule (100 plies without a
/// capture), which the opening generator does not look at.
pub(crate) const MAX_OPENING_PLIES: usize = 40;
/// The most plies a game may last before it is adjudicated a draw.
pub(crate) const MAX_GAME_PLIES: usize = 10_000;
/// The longest an engine may be given to answer `go`, in milliseconds: an hour.
const MAX_TIMEOUT_MS: u64 = 3_600_000;

/// `ultima match A B [--games N] [--seed S] [--plies P] [--max-plies N] [--out FILE]
/// [--go "movetime 500"] [--timeout MS]`
pub fn run(args: &[String]) -> Result<(), CliError> {
    let usage = || {
        CliError::Usage(
            "`ultima match` needs two players: levels (novice ... club) or cmd:\"PROGRAM ARGS\""
                .to_string(),
        )
    };
    let (first_spec, second_spec) = match args {
        [a, b, ..] if !a.starts_with("--") && !b.starts_with("--") => (a.clone(), b.clone()),
        _ => return Err(usage()),
    };
    let mut games = 10usize;
    let mut seed = 1u64;
    let mut plies = 6usize;
    let mut max_plies = 400usize;
    let mut out_path = "ultima-match.txt".to_string();
    let mut go = "movetime 1000".to_string();
    let mut timeout_ms: Option<u64> = None;
    let mut i = 2;
    while i < args.len() {
        let name = args[i].as_str();
        let value = args.get(i + 1);
        match name {
            "--games" => games = parse_in_range(name, value, 1..=MAX_GAMES)?,
            "--seed" => seed = parse_value(name, value)?,
            "--plies" => plies = parse_in_range(name, value, 0..=MAX_OPENING_PLIES)?,
            "--max-plies" => max_plies = parse_in_range(name, value, 1..=MAX_GAME_PLIES)?,
            "--out" => out_path = parse_value(name, value)?,
            "--go" => go = parse_value(name, value)?,
            "--timeout" => timeout_ms = Some(parse_in_range(name, value, 1..=MAX_TIMEOUT_MS)?),
            other => {
                return Err(CliError::Usage(format!(
                    "unknown option `{other}` for `ultima match`; the options are --games, --seed, --plies, --max-plies, --out, --go, --timeout"
                )))
            }
        }
        i += 2;
    }
    if max_plies <= plies {
        return Err(CliError::Usage(format!(
            "--max-plies {max_plies} leaves no move after an opening of --plies {plies}: give more"
        )));
    }
    // Time-out: the engine's own movetime plus room, or a minute.
    let movetime = go
        .split_whitespace()
        .skip_while(|w| *w != "movetime")
        .nth(1)
        .and_then(|v| v.parse::<u64>().ok());
    let timeout_ms = match timeout_ms {
        Some(ms) => ms,
        None => {
            let ms = movetime.map_or(60_000, |ms| ms.saturating_add(5_000));
            if ms > MAX_TIMEOUT_MS {
                return Err(CliError::Usage(format!(
                    "--go \"{go}\": a movetime over {} ms leaves no time-out under an hour; give less, or a --timeout",
                    MAX_TIMEOUT_MS - 5_000
                )));
            }
            ms
        }
    };
    let timeout = Duration::from_millis(timeout_ms);
    let mut first = make_player(&first_spec, seed, &go, timeout)?;
    let mut second = make_player(&second_spec, seed.wrapping_add(7919), &go, timeout)?;
    let lines = openings(seed, games.div_ceil(2), plies);
    // Each game is written as soon as it ends, so that a match cut short keeps its games.
    let file_error = |error| CliError::File {
        path: out_path.clone(),
        error,
    };
    let mut records = std::fs::File::create(&out_path).map_err(file_error)?;
    let mut write_failed: Option<std::io::Error> = None;
    let mut stdout = std::io::stdout().lock();
    let (first_name, second_name) = (first.name().to_string(), second.name().to_string());
    let tally = run_games(
        first.as_mut(),
        second.as_mut(),
        games,
        &lines,
        max_plies,
        &mut |index, first_is_white, game, ending| {
            let (white, black) = if first_is_white {
                (&first_name, &second_name)
            } else {
                (&second_name, &first_name)
            };
            let _ = writeln!(
                stdout,
                "game {}/{games}: {white} (white) vs {black} (black): {}, {} plies",
                index + 1,
                ending.describe(),
                game.moves().len()
            );
            let _ = stdout.flush();
            if write_failed.is_none() {
                let written = writeln!(records, "{}", game.record()).and_then(|()| records.flush());
                write_failed = written.err();
            }
        },
    );
    writeln!(
        stdout,
        "{first_name} vs {second_name}: +{} ={} -{} (score {:.1}%), {}",
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score(),
        elo_estimate(tally.wins, tally.draws, tally.losses)
    )?;
    if let Some(error) = write_failed {
        return Err(file_error(error));
    }
    writeln!(stdout, "games written to {out_path}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_uneven_scores() {
        assert_eq!(elo_estimate(0, 0, 0), EloEstimate::NoGames);
        assert_eq!(
            elo_estimate(5, 0, 0),
            EloEstimate::Unbounded { positive: true }
        );
        match elo_estimate(10, 0, 10) {
            EloEstimate::Finite { elo, margin } => {
                assert!(elo.abs() < 1e-9);
                assert!(margin > 100.0 && margin < 300.0, "{margin}");
            }
            other => panic!("{other:?}"),
        }
        // 75% is about +191 Elo.
        match elo_estimate(15, 0, 5) {
            EloEstimate::Finite { elo, .. } => assert!((elo - 190.8).abs() < 1.0, "{elo}"),
            other => panic!("{other:?}"),
        }
        // More games, narrower margin.
        let margin = |n: u32| match elo_estimate(6 * n, 2 * n, 2 * n) {
            EloEstimate::Finite { margin, .. } => margin,
            _ => f64::NAN,
        };
        assert!(margin(10) < margin(1));
    }

    #[test]
    fn openings_are_reproducible_distinct_and_legal() {
        let a = openings(42, 6, 6);
        assert_eq!(a, openings(42, 6, 6));
        assert_eq!(a.len(), 6);
        for line in &a {
            let mut game = Game::default();
            for mv in line {
                game.play(mv).unwrap();
            }
            assert!(game.outcome().is_none());
        }
        assert_ne!(a, openings(43, 6, 6));
    }

    /// A player that answers with a fixed text.
    struct Stubborn(&'static str);

    impl Player for Stubborn {
        fn name(&self) -> &str {
            "stubborn"
        }
        fn new_game(&mut self) -> Result<(), Forfeit> {
            Ok(())
        }
        fn choose(&mut self, _: &Game) -> Result<String, Forfeit> {
            Ok(self.0.to_string())
        }
    }

    #[test]
    fn an_illegal_move_loses_and_is_recorded() {
        let mut bot = SearchBot::new("bot", Engine::with_hash_mb(1), Limits::depth(1));
        let mut cheat = Stubborn("e2e9");
        let (game, ending) = play_game(&mut bot, &mut cheat, &[], 100);
        assert_eq!(ending.winner(), Some(Color::White));
        assert!(matches!(
            ending,
            Ending::Forfeit {
                loser: Color::Black,
                why: Forfeit::Illegal { .. }
            }
        ));
        assert_eq!(game.moves().len(), 1);
        let replayed = Game::from_record(&game.record()).unwrap();
        assert_eq!(replayed.outcome(), game.outcome());
    }

    #[test]
    fn short_games_between_search_bots_finish_and_tally() {
        let mut a = SearchBot::new("a", Engine::with_hash_mb(1), Limits::nodes(300));
        let mut b = SearchBot::new("b", Engine::with_hash_mb(1), Limits::nodes(300));
        let lines = openings(1, 1, 4);
        let mut seen = 0;
        let tally = run_games(&mut a, &mut b, 2, &lines, 40, &mut |_, _, game, ending| {
            seen += 1;
            assert!(game.moves().len() <= 40);
            if let Ending::Forfeit { why, .. } = ending {
                panic!("a search bot forfeited: {why}");
            }
            assert!(Game::from_record(&game.record()).is_ok());
        });
        assert_eq!(seen, 2);
        assert_eq!(tally.games(), 2);
    }

    #[test]
    fn the_greedy_baseline_takes_the_most_and_the_random_one_plays_legal_moves() {
        // White's pawn on d1 takes three pieces on d4 (RULES.md, worked position 1).
        let game =
            Game::new(Position::from_ufen("7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1").expect("valid"));
        let mut greedy = BaselinePlayer::new(true, 1);
        assert_eq!(greedy.choose(&game).expect("a move"), "d1d4");
        let mut random = BaselinePlayer::new(false, 2);
        let legal: Vec<String> = game
            .position()
            .legal_moves()
            .iter()
            .map(Move::coordinates)
            .collect();
        let picks: std::collections::BTreeSet<String> = (0..40)
            .map(|_| random.choose(&game).expect("a move"))
            .collect();
        assert!(picks.iter().all(|m| legal.contains(m)));
        assert!(picks.len() > 5, "random should vary: {picks:?}");
    }

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn a_match_writes_every_game_as_a_record_that_replays() {
        let path =
            std::env::temp_dir().join(format!("ultima-match-test-{}.txt", std::process::id()));
        let path_text = path.to_string_lossy().to_string();
        run(&args(&[
            "greedy",
            "random",
            "--games",
            "3",
            "--max-plies",
            "60",
            "--out",
            &path_text,
        ]))
        .expect("the match runs");
        let text = std::fs::read_to_string(&path).expect("records written");
        let _ = std::fs::remove_file(&path);
        let records: Vec<&str> = text
            .split("\n\n")
            .filter(|r| !r.trim().is_empty())
            .collect();
        assert_eq!(records.len(), 3, "{text}");
        for record in records {
            let game = Game::from_record(record).expect("a record that replays");
            assert!(game.moves().len() <= 60);
        }
    }

    #[test]
    fn a_match_that_cannot_write_its_records_stops_before_playing() {
        let dir = std::env::temp_dir();
        let error = run(&args(&[
            "random",
            "random",
            "--out",
            &dir.to_string_lossy(),
        ]))
        .expect_err("a folder is not a file");
        assert!(matches!(error, CliError::File { .. }), "{error}");
    }

    /// The match's arguments out of range are refused with a usage error, before any game is
    /// played or a file written (each of these used to panic, or to play on).
    #[test]
    fn match_arguments_out_of_range_are_refused() {
        let path = std::env::temp_dir().join(format!(
            "ultima-match-range-test-{}.txt",
            std::process::id()
        ));
        let path_text = path.to_string_lossy().to_string();
        let huge = u64::MAX.to_string();
        for options in [
            vec!["--games", huge.as_str()],
            vec!["--games", "0"],
            vec!["--plies", huge.as_str()],
            vec!["--plies", "41"],
            vec!["--max-plies", "0"],
            vec!["--max-plies", "10001"],
            vec!["--plies", "8", "--max-plies", "8"],
            vec!["--timeout", "0"],
            vec!["--timeout", huge.as_str()],
            vec!["--go", "movetime 18446744073709551615"],
            vec!["--go", "movetime 3596000"],
        ] {
            let mut words = vec!["random", "random", "--out", path_text.as_str()];
            words.extend(options.iter().copied());
            let error = run(&args(&words)).expect_err("out of range");
            assert!(matches!(error, CliError::Usage(_)), "{options:?}: {error}");
            assert!(!path.exists(), "{options:?} played");
        }
        // The bounds themselves are fine.
        let good = |name: &str, value: &str| parse_in_range(name, Some(&value.to_string()), 1..=10);
        assert_eq!(good("--x", "10").expect("in range"), 10);
        let message = good("--x", "11").expect_err("out of range").to_string();
        assert!(message.contains("from 1 to 10"), "{message}");
    }

    /// A fake engine (POSIX sh) that sits on its first `go` until `stop` arrives, then answers
    /// it late if `$1` is `answers` (and never if not), and answers every later `go` at once
    /// with `e2e5`. Like the real engine, it refuses `newgame`, `position` and `go` while it
    /// searches.
    #[cfg(unix)]
    const SLOW_FIRST_GO: &str = r#"
searching=no
gos=0
while IFS= read -r line; do
  case "$line" in
    ultima) echo ultimaok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
    stop)
      if [ "$searching" = yes ] && [ "$1" = answers ]; then
        searching=no
        echo "bestmove e2e5"
      fi ;;
    *)
      if [ "$searching" = yes ]; then
        echo "error a search is running: send stop first"
      else
        case "$line" in
          go*)
            gos=$((gos + 1))
            if [ "$gos" = 1 ]; then searching=yes; else echo "bestmove e2e5"; fi ;;
        esac
      fi ;;
  esac
done
"#;

    /// Starts the fake engine with `mode`, written to a file of its own.
    #[cfg(unix)]
    fn slow_first_go(mode: &str, timeout: Duration) -> (EngineProcess, std::path::PathBuf) {
        let script = std::env::temp_dir().join(format!(
            "ultima-fake-engine-{}-{mode}.sh",
            std::process::id()
        ));
        std::fs::write(&script, SLOW_FIRST_GO).expect("script written");
        let command = format!("sh {} {mode}", script.display());
        let engine = EngineProcess::start(&command, "movetime 10", timeout).expect("it starts");
        (engine, script)
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_that_times_out_is_stopped_and_plays_the_next_game_in_step() {
        // The time-out bounds only the immediate answer of the second game's `go`: generous.
        let (mut engine, script) = slow_first_go("answers", Duration::from_secs(3));
        let mut other = Stubborn("e7e6");
        let (_, first) = play_game(&mut engine, &mut other, &[], 1);
        assert_eq!(
            first,
            Ending::Forfeit {
                loser: Color::White,
                why: Forfeit::Timeout
            }
        );
        // Its late `bestmove` was drained after `stop`: the next game starts in step, and its
        // `go` is answered by the engine's own move, not refused nor taken from the last game.
        let (game, second) = play_game(&mut engine, &mut other, &[], 1);
        let _ = std::fs::remove_file(&script);
        assert_eq!(second, Ending::Adjudicated, "{}", second.describe());
        assert_eq!(game.moves()[0].coordinates(), "e2e5");
        assert!(engine.dead.is_none());
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_that_ignores_stop_is_out_of_the_match() {
        let (mut engine, script) = slow_first_go("deaf", Duration::from_millis(300));
        engine.stop_grace = Duration::from_millis(300);
        let mut other = Stubborn("e7e6");
        let (_, first) = play_game(&mut engine, &mut other, &[], 1);
        let _ = std::fs::remove_file(&script);
        assert!(
            matches!(
                first,
                Ending::Forfeit {
                    why: Forfeit::Timeout,
                    ..
                }
            ),
            "{}",
            first.describe()
        );
        // Ended, so that a runaway search does not take the machine from its opponent.
        assert!(matches!(engine.child.try_wait(), Ok(Some(_))));
        let mut lines = openings(1, 1, 2);
        lines.push(Vec::new());
        let mut endings = Vec::new();
        let tally = run_games(&mut engine, &mut other, 2, &lines, 10, &mut |_, _, _, e| {
            endings.push(e.clone())
        });
        assert_eq!(tally.losses, 2, "{endings:?}");
        for ending in endings {
            let text = ending.describe();
            assert!(
                matches!(
                    ending,
                    Ending::Forfeit {
                        why: Forfeit::Crashed(_),
                        ..
                    }
                ),
                "{text}"
            );
            assert!(
                text.contains("out of the match") && text.contains("`stop`"),
                "{text}"
            );
        }
    }
}
