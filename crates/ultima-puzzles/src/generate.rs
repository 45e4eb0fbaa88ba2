//! The generator: self-play games between an erring level and a stronger one; after every move
//! (the stronger side, searching shallowly, errs too) the position is put to the puzzle rule
//! ([`Judge`]), first through a quick screening search.
//!
//! Reproducible from a seed: game `g` draws its levels, colours, opening and the levels' seeds
//! from `(seed, g)` alone; every search is depth- or node-limited with [`NoClock`] (never by
//! time, so the load of the machine changes nothing). Resumable: the output file records, in
//! comment lines, the settings and each finished game; a run on the same file goes on from the
//! first game not recorded, and skips positions already in the file.

use std::collections::HashSet;

use ultima_bot::{history_hashes, Level, LevelPlayer, NoClock};
use ultima_rand::Rng;
use ultima_rules::{random_quiet_line, Game, Move, Position};

use crate::judge::{hold_line, Judge, Verdict, LONGEST_LINE, MAX_SOLVER_MOVES};
use crate::puzzle::{is_comment, parse_line, puzzle_id, ParseError, Puzzle};
use crate::themes::{provisional_rating, tag, PROVISIONAL_RD};

/// What a run plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub seed: u64,
    /// Games in the whole run (a resumed run plays those not yet recorded).
    pub games: u64,
    /// Node limit of every puzzle-rule search.
    pub nodes: u64,
    /// A game stops after this many plies if not over.
    pub max_plies: usize,
    /// Which games and which puzzles ([`Method`]).
    pub method: Method,
}

/// What a run plays and keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Novice, Beginner or Casual against Intermediate's judgement at [`STRONG_DEPTH`]; every
    /// puzzle found, one to five solver moves.
    #[default]
    Standard,
    /// The hard half: the levels that err as players of about 1500 to 2200 do ([`HARD_ERRING`])
    /// against Intermediate's judgement at [`HARD_STRONG_DEPTH`]; lines of up to
    /// [`LONGEST_LINE`] solver moves, and only the puzzles that ask more ([`asks_more`]): two
    /// or more solver moves, a quiet first move, or a first move that gives material.
    Hard,
    /// Defensive puzzles: the standard method's games, and only the positions whose rule
    /// verdict is a [`hold_line`] (one quiet move, the only one that keeps the solver from
    /// losing, winning nothing: [`crate::judge::Ending::Hold`]).
    Defence,
    /// The upper bands' long lines: the standard method's games and judge, lines of up to
    /// [`LONGEST_LINE`] solver moves, and only those of [`LONG_LINE`] or more. Of the 59
    /// puzzles rated 2000 or more in the set of 5,589, 53 had three or more solver moves and
    /// none one; a run that keeps only these costs the same to generate and a tenth to check.
    Long,
}

/// The fewest solver moves a line of [`Method::Long`] has.
pub const LONG_LINE: usize = 3;

/// Whether a line has [`LONG_LINE`] solver moves or more (solver moves and replies alternate,
/// the solver's first and last).
pub fn is_long(line: &crate::judge::Line) -> bool {
    line.moves.len() > 2 * (LONG_LINE - 1)
}

/// The depth the stronger side searches to (Intermediate's judgement, never erring). Shallower
/// than Intermediate's own 7: its games are many times quicker, it still punishes the erring
/// side's mistakes, and the longer games it plays give more of them (measured on 8 games of
/// seed 7: depth 3 gave 7 puzzles in 20 s, depth 5 gave 5 in 22 s, depth 7 2 in 22 s per 4).
/// Testing after the stronger side's moves too, and always playing it against the erring
/// level (rather than Casual in two games of three), gave 6 puzzles that are not mates in one
/// in 27 CPU s on 12 games, where testing after erring moves only gave 5 in 39 s.
pub const STRONG_DEPTH: u32 = 3;

/// The stronger side's depth in the hard method: it must punish subtler errors, and its own
/// longer plans leave deeper positions.
pub const HARD_STRONG_DEPTH: u32 = 5;

/// The erring levels of the hard method: the ladder puts them at about 1,470 (Improver) to
/// 2,230 (Solid) (`rating::level_rating`).
pub const HARD_ERRING: [Level; 5] = [
    Level::Improver,
    Level::Casual,
    Level::Steady,
    Level::Keen,
    Level::Solid,
];

/// A position is put to the full rule only when a search at this share of the rule's nodes
/// (`nodes / PREFILTER_SHARE`) finds the best move ahead of the second by [`PREFILTER_GAP`] in
/// win chance, or mating: most positions have several good moves, and the quick search tells.
/// (On 8 games of seed 7 the full rule on every position found the same 5 puzzles in 39 s as
/// the prefiltered run in 22 s.)
pub const PREFILTER_SHARE: u64 = 4;
pub const PREFILTER_GAP: f64 = 0.25;

impl Settings {
    pub const DEFAULT_NODES: u64 = 100_000;
    pub const DEFAULT_MAX_PLIES: usize = 160;

    pub fn new(seed: u64, games: u64) -> Settings {
        Settings {
            seed,
            games,
            nodes: Settings::DEFAULT_NODES,
            max_plies: Settings::DEFAULT_MAX_PLIES,
            method: Method::Standard,
        }
    }

    /// The depth of the stronger side.
    pub fn strong_depth(&self) -> u32 {
        match self.method {
            Method::Standard | Method::Defence | Method::Long => STRONG_DEPTH,
            Method::Hard => HARD_STRONG_DEPTH,
        }
    }

    /// The first line of an output file.
    pub fn header(&self) -> String {
        // The standard method's line is as before the hard one existed, so its files resume.
        let method = match self.method {
            Method::Standard => "",
            Method::Hard => " method=hard",
            Method::Defence => " method=defence",
            Method::Long => " method=long",
        };
        format!(
            "# ultima puzzles generate seed={} nodes={} max-plies={} strong-depth={} prefilter=1/{PREFILTER_SHARE} tested=every-move{method}",
            self.seed, self.nodes, self.max_plies, self.strong_depth()
        )
    }
}

/// The levels, colours and opening of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePlan {
    pub white: Level,
    pub black: Level,
    pub white_seed: u64,
    pub black_seed: u64,
    pub opening: Vec<Move>,
}

/// The erring levels, and the stronger ones each may meet.
const ERRING: [Level; 3] = [Level::Novice, Level::Beginner, Level::Casual];

/// The plan of game `index` of the run seeded `seed`.
pub fn plan(seed: u64, index: u64) -> GamePlan {
    plan_with(seed, index, Method::Standard)
}

/// The plan of game `index` of a run of `method` seeded `seed`.
pub fn plan_with(seed: u64, index: u64, method: Method) -> GamePlan {
    let mut rng = Rng::new(seed ^ index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let erring = match method {
        Method::Standard | Method::Defence | Method::Long => ERRING[rng.index(ERRING.len())],
        Method::Hard => HARD_ERRING[rng.index(HARD_ERRING.len())],
    };
    // Intermediate's judgement (no errors) at [`STRONG_DEPTH`]: stronger than the erring side,
    // and quick. Club's search is time-bound, which a reproducible run cannot use.
    let stronger = Level::Intermediate;
    let (white, black) = if rng.chance(50) {
        (erring, stronger)
    } else {
        (stronger, erring)
    };
    let plies = 2 + rng.index(5);
    let (opening, _) = random_quiet_line(&mut rng, plies);
    GamePlan {
        white,
        black,
        white_seed: rng.next_u64(),
        black_seed: rng.next_u64(),
        opening,
    }
}

/// The counts of a run so far (a resumed run counts from where it resumed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Games finished in this run, and the index of the last one.
    pub games: u64,
    pub last_game: Option<u64>,
    /// Positions put to the rule.
    pub tested: u64,
    /// Positions whose first solver move passed the rule.
    pub candidates: u64,
    /// Puzzles written.
    pub accepted: u64,
    /// Positions skipped because they were already found (in the file or this run).
    pub duplicates: u64,
}

impl Progress {
    /// Accepted puzzles per candidate.
    pub fn acceptance_rate(&self) -> f64 {
        if self.candidates == 0 {
            0.0
        } else {
            self.accepted as f64 / self.candidates as f64
        }
    }
}

/// What an existing output file says: its settings line, the games done, the positions found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resume {
    pub header: Option<String>,
    /// The next game to play: one past the highest game recorded as done.
    pub next_game: u64,
    /// The puzzles' UFENs (before the mistake) and solver positions' UFENs, to skip.
    pub seen: HashSet<String>,
    pub puzzles: usize,
}

/// The generator's node limit a puzzle file records: `nodes=N` in the generator's settings
/// line (`# ultima puzzles generate ...`) or in a verified file's `# generator nodes=N` line.
pub fn recorded_generator_nodes(text: &str) -> Option<u64> {
    text.lines()
        .filter(|line| {
            line.starts_with("# ultima puzzles generate ") || line.starts_with("# generator nodes=")
        })
        .find_map(|line| {
            line.split_whitespace()
                .find_map(|word| word.strip_prefix("nodes="))
                .and_then(|n| n.trim_end_matches([';', ',']).parse().ok())
        })
}

/// The comment recording that game `index` is finished.
pub fn game_done_line(index: u64) -> String {
    format!("# game {index} done")
}

/// Reads an output file's text for resuming. A last line without its newline (a run killed
/// mid-write) is ignored: the caller drops it (see [`complete_part`]) and its game is replayed.
pub fn read_resume(text: &str) -> Result<Resume, ParseError> {
    let mut resume = Resume::default();
    for (index, line) in complete_part(text).lines().enumerate() {
        if let Some(rest) = line.strip_prefix("# game ") {
            if let Some(done) = rest
                .strip_suffix(" done")
                .and_then(|n| n.parse::<u64>().ok())
            {
                resume.next_game = resume.next_game.max(done + 1);
            }
            continue;
        }
        if line.starts_with("# ultima puzzles generate") {
            resume.header = Some(line.to_string());
            continue;
        }
        if is_comment(line) {
            continue;
        }
        let puzzle = parse_line(line, index + 1)?;
        if let Some(solver_position) = solver_position(&puzzle) {
            resume.seen.insert(solver_position);
        }
        resume.seen.insert(puzzle.ufen);
        resume.puzzles += 1;
    }
    Ok(resume)
}

/// The part of `text` up to and including its last newline.
pub fn complete_part(text: &str) -> &str {
    match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    }
}

/// The UFEN the solver faces (after the mistake).
fn solver_position(puzzle: &Puzzle) -> Option<String> {
    let before = Position::from_ufen(&puzzle.ufen).ok()?;
    let mistake = before.parse_coordinates(puzzle.moves.first()?).ok()?;
    Some(before.play_unchecked(&mistake).ufen())
}

/// Builds the puzzle for the mistake `mistake` played in `before`, with the solution `line`.
pub fn make_puzzle(before: &Position, mistake: &Move, line: &crate::judge::Line) -> Puzzle {
    let start = before.play_unchecked(mistake);
    let ufen = before.ufen();
    let mistake_text = mistake.coordinates();
    let mut moves = vec![mistake_text.clone()];
    moves.extend(line.moves.iter().map(Move::coordinates));
    let solver_moves = line.moves.len().div_ceil(2);
    Puzzle {
        id: puzzle_id(&ufen, &mistake_text),
        ufen,
        moves,
        rating: provisional_rating(solver_moves, line.smallest_gap),
        rating_deviation: PROVISIONAL_RD,
        themes: tag(&start, &line.moves),
    }
}

/// Whether a line asks more than one capture that wins at once: two or more solver moves, a
/// first move that takes nothing, or one that gives material (behind after the reply).
pub fn asks_more(start: &Position, line: &crate::judge::Line) -> bool {
    let Some(first) = line.moves.first() else {
        return false;
    };
    if line.moves.len() >= 3 || !first.is_capture() {
        return true;
    }
    let solver = start.turn();
    let before = crate::themes::material_balance(start, solver);
    let after_first = start.play_unchecked(first);
    line.moves.get(1).is_some_and(|reply| {
        crate::themes::material_balance(&after_first.play_unchecked(reply), solver) < before
    })
}

/// Why the generator stopped.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error("could not write the output: {0}")]
    Output(#[from] std::io::Error),
    #[error("the output file does not read: {0}")]
    File(#[from] ParseError),
    #[error("the output file was made with other settings (`{found}`, this run: `{wanted}`): use another file, or the same settings")]
    OtherSettings { found: String, wanted: String },
    #[error("a level's search failed: {0}")]
    Bot(#[from] ultima_bot::BotError),
}

/// Where the generator writes: a line at a time, each line whole.
pub trait Sink {
    fn line(&mut self, line: &str) -> Result<(), std::io::Error>;
}

/// The run: plays games `resume.next_game .. settings.games`, writing each puzzle as found
/// and each game's done line after it; `on_progress` hears after every game.
pub fn run(
    settings: &Settings,
    resume: &mut Resume,
    sink: &mut dyn Sink,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Progress, GenerateError> {
    let wanted = settings.header();
    match &resume.header {
        Some(found) if *found != wanted => {
            return Err(GenerateError::OtherSettings {
                found: found.clone(),
                wanted,
            })
        }
        Some(_) => {}
        None => {
            sink.line(&wanted)?;
            resume.header = Some(wanted);
        }
    }
    let mut progress = Progress::default();
    let mut judge = Judge::new(settings.nodes).with_max_solver_moves(match settings.method {
        Method::Standard | Method::Defence => MAX_SOLVER_MOVES,
        Method::Hard | Method::Long => LONGEST_LINE,
    });
    for index in resume.next_game..settings.games {
        play_game(settings, index, &mut judge, resume, sink, &mut progress)?;
        sink.line(&game_done_line(index))?;
        resume.next_game = index + 1;
        progress.games += 1;
        progress.last_game = Some(index);
        on_progress(&progress);
    }
    Ok(progress)
}

/// The player of a side: an erring level as it plays, a stronger one at `strong_depth`.
fn player(level: Level, seed: u64, strong_depth: u32) -> LevelPlayer {
    let player = LevelPlayer::new(level, seed);
    if player.settings().errs() {
        return player;
    }
    let mut settings = *player.settings();
    settings.depth = settings.depth.min(strong_depth);
    player.with_settings(settings)
}

/// Whether the quick search's verdict is worth the full rule's.
fn promising(verdict: &Verdict) -> bool {
    match verdict {
        Verdict::NoMove | Verdict::Forced { .. } => false,
        Verdict::Unique { .. } => true,
        Verdict::NotUnique { best, second } => {
            matches!(best.score, ultima_bot::Score::Mate(n) if n > 0)
                || crate::judge::win_chance(best.score) - crate::judge::win_chance(second.score)
                    >= PREFILTER_GAP
        }
    }
}

fn play_game(
    settings: &Settings,
    index: u64,
    judge: &mut Judge,
    resume: &mut Resume,
    sink: &mut dyn Sink,
    progress: &mut Progress,
) -> Result<(), GenerateError> {
    let plan = plan_with(settings.seed, index, settings.method);
    let mut game = Game::default();
    for mv in &plan.opening {
        if game.play(mv).is_err() {
            return Ok(());
        }
    }
    let mut white = player(plan.white, plan.white_seed, settings.strong_depth());
    let mut black = player(plan.black, plan.black_seed, settings.strong_depth());
    let mut quick = Judge::new(settings.nodes / PREFILTER_SHARE);
    while game.outcome().is_none() && game.moves().len() < settings.max_plies {
        let before = game.position().clone();
        let player = match before.turn() {
            ultima_rules::Color::White => &mut white,
            ultima_rules::Color::Black => &mut black,
        };
        let choice = player.choose(&before, &history_hashes(&game), &NoClock, None)?;
        let Ok(played) = game.play(&choice.mv) else {
            return Ok(());
        };
        if game.outcome().is_some() {
            continue;
        }
        let start = game.position().clone();
        if resume.seen.contains(&before.ufen()) || resume.seen.contains(&start.ufen()) {
            progress.duplicates += 1;
            continue;
        }
        progress.tested += 1;
        if !promising(&quick.verdict(&start)) {
            continue;
        }
        let verdict = judge.verdict(&start);
        if !matches!(verdict, Verdict::Unique { .. }) {
            continue;
        }
        progress.candidates += 1;
        let line = match settings.method {
            // What a judge `with_defence` finds at the first move, without going on to look
            // for a winning line the method would not keep.
            Method::Defence => hold_line(&verdict),
            Method::Standard | Method::Hard | Method::Long => {
                judge.find_line(&start, Some(verdict))
            }
        };
        let Some(line) = line else {
            continue;
        };
        // (A hold line is always a defensive puzzle, `Ending::Hold`.)
        if settings.method == Method::Hard && !asks_more(&start, &line) {
            continue;
        }
        if settings.method == Method::Long && !is_long(&line) {
            continue;
        }
        let puzzle = make_puzzle(&before, &played, &line);
        resume.seen.insert(before.ufen());
        resume.seen.insert(start.ufen());
        resume.puzzles += 1;
        sink.line(&puzzle.to_line())?;
        progress.accepted += 1;
    }
    Ok(())
}
