//! The chapters as they are written (TOML, one file per chapter), and the course built from
//! them: every square, position and move read and checked once, with a typed error naming the
//! file and the task when something does not read.

use serde::{Deserialize, Serialize};
use ultima_rules::{Color, Position, Reading, Role, Square};

use crate::error::CourseError;
use crate::score::Score;

/// The chapter files, in course order, embedded so the app, the wasm build and the CLI need no
/// files at run time.
pub(crate) const CHAPTER_FILES: &[(&str, &str)] = &[
    ("01-board.toml", include_str!("../chapters/01-board.toml")),
    ("02-moving.toml", include_str!("../chapters/02-moving.toml")),
    ("03-king.toml", include_str!("../chapters/03-king.toml")),
    ("04-pawn.toml", include_str!("../chapters/04-pawn.toml")),
    (
        "05-withdrawer.toml",
        include_str!("../chapters/05-withdrawer.toml"),
    ),
    ("06-leaper.toml", include_str!("../chapters/06-leaper.toml")),
    (
        "07-coordinator.toml",
        include_str!("../chapters/07-coordinator.toml"),
    ),
    (
        "08-immobilizer.toml",
        include_str!("../chapters/08-immobilizer.toml"),
    ),
    (
        "09-chameleon.toml",
        include_str!("../chapters/09-chameleon.toml"),
    ),
    (
        "10-removal.toml",
        include_str!("../chapters/10-removal.toml"),
    ),
    ("11-check.toml", include_str!("../chapters/11-check.toml")),
    (
        "12-blockade.toml",
        include_str!("../chapters/12-blockade.toml"),
    ),
    ("13-draws.toml", include_str!("../chapters/13-draws.toml")),
    (
        "14-together.toml",
        include_str!("../chapters/14-together.toml"),
    ),
];

/// Every concept the course teaches; each task names some, and each is taught at least once.
pub const CONCEPTS: &[&str] = &[
    "board.setup",
    "board.setup-full",
    "move.line",
    "king.move",
    "pawn.pinch",
    "pawn.pinch-several",
    "pawn.safe-between",
    "capture.all",
    "withdrawer.capture",
    "leaper.capture",
    "leaper.chain",
    "leaper.blocked",
    "coordinator.capture",
    "immobilizer.freeze",
    "immobilizer.frozen-king",
    "immobilizer.pair",
    "immobilizer.pass",
    "immobilizer.frozen-king-coordinates",
    "chameleon.pinch",
    "chameleon.withdraw",
    "chameleon.leap",
    "chameleon.coordinate",
    "chameleon.king",
    "chameleon.freeze",
    "chameleon.not-chameleon",
    "chameleon.diagonal",
    "chameleon.leap-and-pinch",
    "removal",
    "removal.check",
    "check",
    "checkmate",
    "no-move-loses",
    "draw.repetition",
    "draw.fifty",
    "draw.bare-kings",
    "notation",
    "threats.spot",
    "threats.escape",
];

// ---------------------------------------------------------------------------------------------
// As written

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChapterData {
    id: String,
    intro: BoardData,
    #[serde(rename = "task")]
    tasks: Vec<TaskData>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardData {
    ufen: String,
    #[serde(default)]
    highlight: Vec<String>,
    #[serde(default)]
    arrows: Vec<[String; 2]>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TaskData {
    id: String,
    concepts: Vec<String>,
    ufen: String,
    solution: Vec<String>,
    goal: GoalData,
    moves: Option<u32>,
    #[serde(default)]
    highlight: Vec<String>,
    #[serde(default)]
    arrows: Vec<[String; 2]>,
    opponent: Option<OpponentData>,
    stars: Option<StarsData>,
}

/// A goal as written, and as exported: the JSON form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum GoalData {
    Capture(Vec<String>),
    Reach(String),
    Win(bool),
    Remove(String),
    Safe(Vec<String>),
    Draw(String),
    Takes(TakesData),
    /// Play this move (coordinates), given in the people's notation by the prompt.
    Play(String),
    /// The quiz: tap every piece of yours the opponent could take next move.
    Threats(Vec<String>),
    /// Set up the learner's back rank, piece by piece (`setup = true`).
    Setup(bool),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakesData {
    #[serde(rename = "move")]
    pub mv: String,
    pub squares: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OpponentData {
    level: Option<String>,
    depth: Option<u32>,
    seed: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StarsData {
    three: Threshold,
    two: Threshold,
}

// ---------------------------------------------------------------------------------------------
// As used

/// The whole course, in order.
#[derive(Clone, Debug)]
pub struct Course {
    pub chapters: Vec<Chapter>,
}

#[derive(Clone, Debug)]
pub struct Chapter {
    pub id: String,
    /// The introduction's board (its text is `<id>.intro`).
    pub intro: Board,
    pub tasks: Vec<Task>,
}

/// A board to show: a position and what to mark on it.
#[derive(Clone, Debug)]
pub struct Board {
    pub ufen: String,
    pub position: Position,
    pub highlight: Vec<Square>,
    pub arrows: Vec<(Square, Square)>,
}

/// One task: a position, a goal, one winning line and how the opponent answers.
#[derive(Clone, Debug)]
pub struct Task {
    pub id: String,
    pub chapter: String,
    pub concepts: Vec<String>,
    /// The start (the learner is the side to move) and the extra marks.
    pub board: Board,
    /// One winning line: learner's and opponent's moves alternating, from-to (a removal names its
    /// square twice).
    pub solution: Vec<(Square, Square)>,
    pub goal: Goal,
    /// The most learner moves a try may use.
    pub max_moves: u32,
    pub stars: Stars,
    pub opponent: OpponentSpec,
    /// The goal as written (and exported).
    pub goal_data: GoalData,
}

/// What the learner must bring about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The enemy pieces on these squares (at the start) are gone.
    Capture(Vec<Square>),
    /// One of the learner's pieces stands on this square.
    Reach(Square),
    /// The opponent is to move and has no legal move.
    Win,
    /// The learner has removed its own frozen piece from this square.
    Remove(Square),
    /// The learner's pieces that stood on these squares at the start are still on the board
    /// after the opponent's reply to the last learner move.
    Safe(Vec<Square>),
    /// The game is drawn this way.
    Draw(DrawGoal),
    /// The quiz: exactly these squares are taken by the move `from`-`to`.
    Takes {
        from: Square,
        to: Square,
        squares: Vec<Square>,
    },
    /// Play exactly this move (the prompt writes it in the people's notation).
    Play { from: Square, to: Square },
    /// The quiz: exactly these pieces of the learner's could be taken by the opponent's next
    /// move (the rules' `Position::threatened`).
    Threats(Vec<Square>),
    /// Set up the learner's back rank of the start position: each piece of [`SETUP_ORDER`] in
    /// turn, on its square (either of a pair's).
    Setup,
}

/// The order the back rank is set up in: the king and the withdrawer first (their squares are
/// the ones that differ from chess), then the corners, then the pairs.
pub const SETUP_ORDER: [Role; 8] = [
    Role::King,
    Role::Withdrawer,
    Role::Immobilizer,
    Role::Coordinator,
    Role::LongLeaper,
    Role::LongLeaper,
    Role::Chameleon,
    Role::Chameleon,
];

/// The kind of draw a task asks for. (The chapters and the export write it
/// `"bare kings"`: that is `GoalData`'s.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum DrawGoal {
    Repetition,
    Fifty,
    BareKings,
}

impl Goal {
    /// The text key of the goal's one-line label.
    /// One marked piece and several have a sentence each ("Take the marked piece").
    pub fn text_key(&self) -> &'static str {
        match self {
            Goal::Capture(squares) if squares.len() == 1 => "goal.capture-single",
            Goal::Capture(_) => "goal.capture",
            Goal::Reach(_) => "goal.reach",
            Goal::Win => "goal.win",
            Goal::Remove(_) => "goal.remove",
            Goal::Safe(squares) if squares.len() == 1 => "goal.safe-single",
            Goal::Safe(_) => "goal.safe",
            Goal::Draw(_) => "goal.draw",
            Goal::Takes { .. } => "goal.takes",
            Goal::Play { .. } => "goal.play",
            Goal::Threats(_) => "goal.threats",
            Goal::Setup => "goal.setup",
        }
    }

    /// A quiz: answered by tapping pieces, not by a move.
    pub fn is_quiz(&self) -> bool {
        matches!(self, Goal::Takes { .. } | Goal::Threats(_) | Goal::Setup)
    }

    /// Every goal label key, for the text test.
    pub const TEXT_KEYS: &'static [&'static str] = &[
        "goal.capture",
        "goal.capture-single",
        "goal.reach",
        "goal.win",
        "goal.remove",
        "goal.safe",
        "goal.safe-single",
        "goal.draw",
        "goal.takes",
        "goal.play",
        "goal.threats",
        "goal.setup",
    ];

    /// The squares the board marks for this goal.
    pub fn marked_squares(&self) -> Vec<Square> {
        match self {
            Goal::Capture(squares) | Goal::Safe(squares) => squares.clone(),
            Goal::Reach(square) | Goal::Remove(square) => vec![*square],
            Goal::Win
            | Goal::Draw(_)
            | Goal::Takes { .. }
            | Goal::Play { .. }
            | Goal::Threats(_)
            | Goal::Setup => Vec::new(),
        }
    }
}

/// A star threshold: a solve within both earns the stars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Threshold {
    pub moves: u32,
    pub tries: u32,
}

/// The thresholds for three and two stars (any solve earns one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stars {
    pub three: Threshold,
    pub two: Threshold,
}

/// How the opponent answers a learner move that leaves the scripted line: a bot level with a
/// fixed seed, its depth capped so the answer is quick and the same on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpponentSpec {
    pub level: ultima_bot::Level,
    pub depth: u32,
    pub seed: u64,
}

impl Default for OpponentSpec {
    fn default() -> OpponentSpec {
        OpponentSpec {
            level: ultima_bot::Level::Intermediate,
            depth: 3,
            seed: 1,
        }
    }
}

impl Task {
    /// The side the learner plays.
    pub fn learner(&self) -> Color {
        self.board.position.turn()
    }

    pub fn position(&self) -> &Position {
        &self.board.position
    }

    /// The learner's moves in the solution (a quiz counts one).
    pub fn par(&self) -> u32 {
        par_of(&self.solution)
    }

    /// The text key `<task id>.<part>` (part: title, prompt, hint, miss).
    pub fn key(&self, part: &str) -> String {
        format!("{}.{part}", self.id)
    }

    /// The parameters the task's texts and its goal label may use.
    pub fn text_params(&self) -> Vec<(&'static str, String)> {
        vec![("moves", self.max_moves.to_string())]
    }

    /// Stars for a solve with this raw score. A hint costs a star (one at least is earned).
    pub fn stars_for(&self, score: &Score) -> u8 {
        let within = |t: &Threshold| score.moves <= t.moves && score.tries <= t.tries;
        let stars: u8 = if within(&self.stars.three) {
            3
        } else if within(&self.stars.two) {
            2
        } else {
            1
        };
        if score.hinted {
            stars.saturating_sub(1).max(1)
        } else {
            stars
        }
    }

    /// The quiz's move, for a takes task.
    pub fn quiz_move(&self) -> Option<(Square, Square)> {
        match self.goal {
            Goal::Takes { from, to, .. } => Some((from, to)),
            _ => None,
        }
    }
}

impl Chapter {
    pub fn key(&self, part: &str) -> String {
        format!("{}.{part}", self.id)
    }
}

impl Course {
    pub fn tasks(&self) -> impl Iterator<Item = &Task> {
        self.chapters
            .iter()
            .flat_map(|chapter| chapter.tasks.iter())
    }

    pub fn task(&self, id: &str) -> Option<&Task> {
        self.tasks().find(|task| task.id == id)
    }

    pub fn chapter(&self, id: &str) -> Option<&Chapter> {
        self.chapters.iter().find(|chapter| chapter.id == id)
    }

    /// Reads every embedded chapter file.
    pub fn load() -> Result<Course, CourseError> {
        Course::parse(CHAPTER_FILES)
    }

    /// Reads chapter files given as (file name, TOML text), in course order.
    pub fn parse(files: &[(&str, &str)]) -> Result<Course, CourseError> {
        let chapters = files
            .iter()
            .map(|(file, text)| read_chapter(file, text))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Course { chapters })
    }
}

fn read_chapter(file: &str, text: &str) -> Result<Chapter, CourseError> {
    let data: ChapterData = toml::from_str(text).map_err(|e| CourseError::Toml {
        file: file.to_string(),
        message: e.to_string(),
    })?;
    let intro = read_board(&data.intro).map_err(|problem| CourseError::Data {
        place: format!("{file}: intro"),
        problem,
    })?;
    let tasks = data
        .tasks
        .iter()
        .map(|task| {
            read_task(&data.id, task).map_err(|problem| CourseError::Data {
                place: format!("{file}: task {}", task.id),
                problem,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Chapter {
        id: data.id,
        intro,
        tasks,
    })
}

fn square(text: &str) -> Result<Square, String> {
    text.parse::<Square>()
        .map_err(|_| format!("`{text}` is not a square"))
}

fn squares(texts: &[String]) -> Result<Vec<Square>, String> {
    texts.iter().map(|t| square(t)).collect()
}

/// `e2e6` (or `d4d4`) into its two squares.
pub(crate) fn coordinates(text: &str) -> Result<(Square, Square), String> {
    if text.len() != 4 || !text.is_ascii() {
        return Err(format!("`{text}` is not a move in coordinates"));
    }
    Ok((square(&text[..2])?, square(&text[2..])?))
}

fn read_board(data: &BoardData) -> Result<Board, String> {
    let position =
        Position::from_ufen(&data.ufen).map_err(|e| format!("UFEN `{}`: {e}", data.ufen))?;
    // The course teaches Abbott's 1963 rules, and says so.
    if position.reading() != Reading::Abbott1963 {
        return Err(format!(
            "UFEN `{}` names the {} rules, but the course teaches Abbott's 1963 rules",
            data.ufen,
            position.reading()
        ));
    }
    let arrows = data
        .arrows
        .iter()
        .map(|[from, to]| Ok((square(from)?, square(to)?)))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Board {
        ufen: data.ufen.clone(),
        position,
        highlight: squares(&data.highlight)?,
        arrows,
    })
}

/// Learner moves in a line of alternating moves; a quiz (no line) counts one.
fn par_of(solution: &[(Square, Square)]) -> u32 {
    (solution.len().div_ceil(2) as u32).max(1)
}

fn read_goal(goal: &GoalData) -> Result<Goal, String> {
    Ok(match goal {
        GoalData::Capture(list) => Goal::Capture(squares(list)?),
        GoalData::Reach(s) => Goal::Reach(square(s)?),
        GoalData::Win(true) => Goal::Win,
        GoalData::Win(false) => return Err("`win = false` is not a goal".to_string()),
        GoalData::Remove(s) => Goal::Remove(square(s)?),
        GoalData::Safe(list) => Goal::Safe(squares(list)?),
        GoalData::Draw(kind) => Goal::Draw(match kind.as_str() {
            "repetition" => DrawGoal::Repetition,
            "fifty" => DrawGoal::Fifty,
            "bare kings" => DrawGoal::BareKings,
            other => return Err(format!("unknown draw `{other}`")),
        }),
        GoalData::Takes(takes) => {
            let (from, to) = coordinates(&takes.mv)?;
            Goal::Takes {
                from,
                to,
                squares: squares(&takes.squares)?,
            }
        }
        GoalData::Play(text) => {
            let (from, to) = coordinates(text)?;
            Goal::Play { from, to }
        }
        GoalData::Threats(list) => Goal::Threats(squares(list)?),
        GoalData::Setup(true) => Goal::Setup,
        GoalData::Setup(false) => return Err("`setup = false` is not a goal".to_string()),
    })
}

fn read_task(chapter: &str, data: &TaskData) -> Result<Task, String> {
    let board = read_board(&BoardData {
        ufen: data.ufen.clone(),
        highlight: data.highlight.clone(),
        arrows: data.arrows.clone(),
    })?;
    let solution = data
        .solution
        .iter()
        .map(|m| coordinates(m))
        .collect::<Result<Vec<_>, _>>()?;
    let goal = read_goal(&data.goal)?;
    let par = par_of(&solution);
    let max_moves = data.moves.unwrap_or(par);
    let stars = match &data.stars {
        Some(s) => Stars {
            three: s.three,
            two: s.two,
        },
        None => Stars {
            three: Threshold {
                moves: par,
                tries: 1,
            },
            two: Threshold {
                moves: max_moves,
                tries: 2,
            },
        },
    };
    let default = OpponentSpec::default();
    let opponent = match &data.opponent {
        None => default,
        Some(o) => OpponentSpec {
            level: match &o.level {
                None => default.level,
                Some(name) => name
                    .parse()
                    .map_err(|_| format!("unknown bot level `{name}`"))?,
            },
            depth: o.depth.unwrap_or(default.depth),
            seed: o.seed.unwrap_or(default.seed),
        },
    };
    Ok(Task {
        id: data.id.clone(),
        chapter: chapter.to_string(),
        concepts: data.concepts.clone(),
        board,
        solution,
        goal,
        max_moves,
        stars,
        opponent,
        goal_data: data.goal.clone(),
    })
}
