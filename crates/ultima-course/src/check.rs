//! `ultima course check`: the course judged by the rules engine. Every solution is replayed as
//! the learner would meet it (scripted replies, then the bot), every goal checked, the star
//! thresholds checked against an exhaustive search of shorter lines, every concept covered,
//! every text present.

use std::collections::{BTreeMap, BTreeSet};

use ultima_rules::sorted_captures;

use crate::data::SETUP_ORDER;
use crate::data::{Course, Goal, Task, CONCEPTS};
use crate::line::{Line, LineStep};
use crate::run::{Step, TaskRun};
use crate::text::{plural_base, text_forms, used_keys, Texts};

/// The chapters, in the order the issue gives them.
pub const CHAPTER_ORDER: &[&str] = &[
    "board",
    "moving",
    "king",
    "pawn",
    "withdrawer",
    "leaper",
    "coordinator",
    "immobilizer",
    "chameleon",
    "removal",
    "check",
    "blockade",
    "draws",
    "together",
];

/// The fewest and the most tasks a chapter may have.
pub const CHAPTER_TASKS: std::ops::RangeInclusive<usize> = 3..=8;

/// What a passing check covered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    pub chapters: usize,
    pub tasks: usize,
    /// Each concept and the tasks that teach it.
    pub concepts: BTreeMap<String, Vec<String>>,
}

/// The first thing wrong, and with which task (`None`: the course as a whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{problem}", task.as_ref().map(|t| format!("{t}: ")).unwrap_or_default())]
pub struct CheckFailure {
    pub task: Option<String>,
    pub problem: String,
}

fn course_failure(problem: String) -> CheckFailure {
    CheckFailure {
        task: None,
        problem,
    }
}

pub fn check_course(course: &Course, texts: &Texts) -> Result<CheckReport, CheckFailure> {
    let ids: Vec<&str> = course.chapters.iter().map(|c| c.id.as_str()).collect();
    if ids != CHAPTER_ORDER {
        return Err(course_failure(format!(
            "chapters are {ids:?}, expected {CHAPTER_ORDER:?}"
        )));
    }
    let mut seen_ids = BTreeSet::new();
    let mut seen_tasks = BTreeSet::new();
    let mut concepts: BTreeMap<String, Vec<String>> = CONCEPTS
        .iter()
        .map(|c| (c.to_string(), Vec::new()))
        .collect();
    for chapter in &course.chapters {
        if !CHAPTER_TASKS.contains(&chapter.tasks.len()) {
            return Err(course_failure(format!(
                "chapter {} has {} tasks ({} to {} wanted)",
                chapter.id,
                chapter.tasks.len(),
                CHAPTER_TASKS.start(),
                CHAPTER_TASKS.end()
            )));
        }
        for task in &chapter.tasks {
            let fail = |problem: String| CheckFailure {
                task: Some(task.id.clone()),
                problem,
            };
            if !seen_ids.insert(task.id.as_str()) {
                return Err(fail("two tasks have this id".into()));
            }
            if !task.id.starts_with(&format!("{}-", chapter.id)) {
                return Err(fail(format!(
                    "the id does not start with `{}-`",
                    chapter.id
                )));
            }
            if !seen_tasks.insert((task.board.ufen.clone(), format!("{:?}", task.goal))) {
                return Err(fail("another task has the same position and goal".into()));
            }
            if task.concepts.is_empty() {
                return Err(fail("no concept".into()));
            }
            for concept in &task.concepts {
                match concepts.get_mut(concept) {
                    Some(tasks) => tasks.push(task.id.clone()),
                    None => return Err(fail(format!("unknown concept `{concept}`"))),
                }
            }
        }
    }
    if let Some((concept, _)) = concepts.iter().find(|(_, tasks)| tasks.is_empty()) {
        return Err(course_failure(format!("no task teaches `{concept}`")));
    }
    check_texts(course, texts).map_err(course_failure)?;
    // The replays last: they are the slow part.
    for task in course.tasks() {
        check_task(task).map_err(|problem| CheckFailure {
            task: Some(task.id.clone()),
            problem,
        })?;
    }
    Ok(CheckReport {
        chapters: course.chapters.len(),
        tasks: course.tasks().count(),
        concepts,
    })
}

fn check_texts(course: &Course, texts: &Texts) -> Result<(), String> {
    let used: BTreeSet<String> = used_keys(course).into_iter().collect();
    for key in &used {
        let forms = text_forms(texts, key).ok_or_else(|| format!("text `{key}` is missing"))?;
        if forms.iter().any(|text| text.trim().is_empty()) {
            return Err(format!("text `{key}` is empty"));
        }
    }
    if let Some(key) = texts.keys().find(|k| !used.contains(plural_base(k))) {
        return Err(format!("text `{key}` is not used"));
    }
    Ok(())
}

/// One task: its position, its solution replayed, its goal, its stars.
pub fn check_task(task: &Task) -> Result<(), String> {
    let start = task.position();
    if start.status()
        != (ultima_rules::Status::Ongoing {
            check: start.is_check(),
        })
    {
        return Err(format!(
            "the game is already over at the start ({})",
            start.status()
        ));
    }
    if let Goal::Takes { from, to, squares } = &task.goal {
        if task.solution != [(*from, *to)] {
            return Err("a quiz's solution is its move".into());
        }
        let mv = start
            .find_move(*from, *to)
            .map_err(|e| format!("the quiz's move is not legal: {e}"))?;
        let mut listed = squares.clone();
        listed.sort_by_key(|s| (s.file(), s.rank()));
        let taken = sorted_captures(mv.captures);
        if listed != taken {
            return Err(format!(
                "the quiz lists {listed:?}, but the move takes {taken:?}"
            ));
        }
        return check_stars(task);
    }
    if let Goal::Threats(squares) = &task.goal {
        if !task.solution.is_empty() {
            return Err("the threats quiz has no solution line".into());
        }
        let mut listed = squares.clone();
        listed.sort_by_key(|s| (s.file(), s.rank()));
        let threatened = sorted_captures(start.threatened());
        if listed != threatened {
            return Err(format!(
                "the quiz lists {listed:?}, but the pieces the opponent could take are {threatened:?}"
            ));
        }
        return check_stars(task);
    }
    if task.goal == Goal::Setup {
        return check_setup(task);
    }
    if let Goal::Play { from, to } = &task.goal {
        if task.solution != [(*from, *to)] {
            return Err("a notation task's solution is its move".into());
        }
    }
    check_goal_squares(task)?;
    let mut line = Line::new(task);
    for (index, (from, to)) in task.solution.iter().enumerate().step_by(2) {
        let step = line
            .play(*from, *to)
            .map_err(|e| format!("solution move {} ({from}{to}) is not legal: {e}", index + 1))?;
        let last = index + 2 >= task.solution.len();
        let scripted = task.solution.get(index + 1);
        match step {
            LineStep::Continue { reply, .. } => {
                if last {
                    return Err(format!(
                        "the goal is not met at the end of the solution (the opponent answers {})",
                        reply.coordinates()
                    ));
                }
                if scripted != Some(&(reply.from, reply.to)) {
                    return Err(format!(
                        "the scripted reply {} is not what the opponent plays ({})",
                        scripted.map(|(f, t)| format!("{f}{t}")).unwrap_or_default(),
                        reply.coordinates()
                    ));
                }
            }
            LineStep::Solved { reply, .. } => {
                let expected = reply.map(|r| (r.from, r.to));
                if !last || scripted.copied() != expected {
                    return Err(format!(
                        "the goal is met at solution move {}, but the solution goes on or ends otherwise",
                        index + 1
                    ));
                }
            }
            LineStep::Missed { reason, reply, .. } => {
                return Err(format!(
                    "solution move {} ({from}{to}) misses: {reason:?}{}",
                    index + 1,
                    reply
                        .map(|r| format!(" after the reply {}", r.coordinates()))
                        .unwrap_or_default()
                ));
            }
        }
    }
    check_stars(task)?;
    if task.stars.three.moves > 1 {
        if let Some(mv) = Line::new(task).winning_move(task.stars.three.moves - 1) {
            return Err(format!(
                "the goal can be met in fewer than {} moves, starting {}",
                task.stars.three.moves,
                mv.coordinates()
            ));
        }
    }
    Ok(())
}

/// The setup: the start position with the learner's back-rank pieces taken off, and placing
/// each in turn on its square solves it.
fn check_setup(task: &Task) -> Result<(), String> {
    if !task.solution.is_empty() {
        return Err("the setup has no solution line".into());
    }
    let start = ultima_rules::Position::start();
    let learner = task.learner();
    let shown = task.position();
    for square in ultima_rules::Bitboard::FULL.iter() {
        let home = start.piece_at(square);
        let asked = home.is_some_and(|p| p.color == learner && SETUP_ORDER.contains(&p.role));
        let expected = if asked { None } else { home };
        if shown.piece_at(square) != expected {
            return Err(format!(
                "{square} should hold {expected:?}: the setup shows the start position without the learner's back rank"
            ));
        }
    }
    let mut run = TaskRun::new(task);
    while let Some(square) = run.hint() {
        match run.place(square) {
            Step::Placed { .. } => {}
            Step::Solved { .. } => return check_stars(task),
            other => return Err(format!("placing on {square} gives {other:?}")),
        }
    }
    Err("the setup's pieces do not all find a square".into())
}

fn check_goal_squares(task: &Task) -> Result<(), String> {
    let start = task.position();
    let learner = task.learner();
    let holds = |square, mine: bool| {
        start
            .piece_at(square)
            .is_some_and(|p| (p.color == learner) == mine)
    };
    match &task.goal {
        Goal::Capture(squares) => {
            if let Some(s) = squares.iter().find(|s| !holds(**s, false)) {
                return Err(format!("no enemy piece on {s} to capture"));
            }
        }
        Goal::Safe(squares) => {
            if let Some(s) = squares.iter().find(|s| !holds(**s, true)) {
                return Err(format!("no piece of the learner's on {s} to keep"));
            }
        }
        Goal::Remove(square) => {
            if !holds(*square, true) {
                return Err(format!("no piece of the learner's on {square} to remove"));
            }
        }
        Goal::Reach(square) => {
            if holds(*square, true) {
                return Err(format!("the learner already stands on {square}"));
            }
        }
        Goal::Win
        | Goal::Draw(_)
        | Goal::Takes { .. }
        | Goal::Play { .. }
        | Goal::Threats(_)
        | Goal::Setup => {}
    }
    Ok(())
}

fn check_stars(task: &Task) -> Result<(), String> {
    let (three, two) = (task.stars.three, task.stars.two);
    if task.par() > task.max_moves {
        return Err(format!(
            "the solution needs {} moves, the task allows {}",
            task.par(),
            task.max_moves
        ));
    }
    if three.moves != task.par() {
        return Err(format!(
            "three stars claim {} moves, the solution takes {}",
            three.moves,
            task.par()
        ));
    }
    if three.tries < 1 || two.tries < three.tries || two.moves < three.moves {
        return Err("the two-star threshold is stricter than the three-star one".into());
    }
    if two.moves > task.max_moves {
        return Err(format!(
            "two stars claim {} moves, the task allows {}",
            two.moves, task.max_moves
        ));
    }
    Ok(())
}
