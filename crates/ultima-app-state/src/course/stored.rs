//! The course in the store: the learner's progress (ultima-course's `Progress`, raw scores, in
//! its own format with its own version) and the task open, with the moves of the try under way.
//! Both are small and bounded (one entry per task), so they live in the store beside the
//! settings and are saved as they change.
//!
//! ```json
//! "courseProgress": {"version": 1, "tasks": {"withdrawer-1": {"best": {"moves": 1, "tries": 1}}}},
//! "courseTask": {"task": "withdrawer-3", "tries": 2, "moves": ["d4f6"]}
//! ```
//!
//! `courseTask.moves` are the learner's moves of the try under way (the opponent's replies are
//! the same every time: scripted, or a bot with a fixed seed and no clock), `answer` a quiz
//! answer that was wrong (the try then waits for a retry). Both keys were added within store
//! format 2: an older build of that format leaves them as they are.
//!
//! Reading is tolerant, as for the settings: the progress is read task by task, and whatever
//! does not read is kept in the file under a `damaged-…` key and the player told. The task open
//! is only a convenience: when it does not read, it is kept aside and the course opens at the
//! next unsolved task.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ultima_course::{Progress, RunState, Step, Task, TaskProgress, TaskRun, PROGRESS_VERSION};
use ultima_rules::Square;

use crate::notice::Notice;

pub const KEY_PROGRESS: &str = "courseProgress";
pub const KEY_TASK: &str = "courseTask";

/// A try is replayed from its start at opening, so a file that claims a huge number of tries
/// must not make the app count them one by one: beyond this the stars are one anyway.
const MOST_TRIES: u32 = 1000;

/// The task open, as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredTask {
    pub task: String,
    /// The try under way (1 for the first).
    pub tries: u32,
    /// The learner's moves in this try, in coordinates (`d4f6`; a removal `d4d4`).
    #[serde(default)]
    pub moves: Vec<String>,
    /// A wrong quiz answer this try ended with (the setup: the wrong square).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Vec<String>>,
    /// The hint was asked in this try (it costs a star).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hinted: bool,
    /// The setup: the squares of the pieces placed so far in this try, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<String>,
}

/// The progress as found in the store.
#[derive(Debug, PartialEq)]
pub struct ProgressRead {
    pub progress: Progress,
    /// What to tell the player; when there is one, the saved value is to be kept aside.
    pub notice: Option<Notice>,
}

/// Reads saved progress task by task: an entry that does not read is left out (and named),
/// the others are kept. Something that is not progress at all, or progress from a newer
/// version, gives an empty progress.
pub fn read_progress(saved: &Value) -> ProgressRead {
    let unreadable = |why: &str| {
        eprintln!("ultima: the course progress does not read: {why}");
        ProgressRead {
            progress: Progress::default(),
            notice: Some(Notice::CourseProgressUnreadable),
        }
    };
    let Some(entries) = saved.as_object() else {
        return unreadable("not an object");
    };
    let version = match entries.get("version").map(Value::as_u64) {
        Some(Some(version)) => u32::try_from(version).unwrap_or(u32::MAX),
        _ => return unreadable("no version"),
    };
    if version > PROGRESS_VERSION {
        return ProgressRead {
            progress: Progress::default(),
            notice: Some(Notice::CourseProgressFromNewerVersion { version }),
        };
    }
    if version == 0 {
        return unreadable("version 0");
    }
    let Some(tasks) = entries.get("tasks").and_then(Value::as_object) else {
        return unreadable("no tasks");
    };
    let mut progress = Progress::default();
    let mut lost = Vec::new();
    for (id, entry) in tasks {
        match serde_json::from_value::<TaskProgress>(entry.clone()) {
            // A solve takes at least one move and one try.
            Ok(read) if read.best.moves >= 1 && read.best.tries >= 1 => {
                progress.tasks.insert(id.clone(), read);
            }
            _ => lost.push(id.clone()),
        }
    }
    // The closing game: a finale that does not read is only forgotten (the learner can start
    // the game again from the course's end).
    progress.finale = entries
        .get("finale")
        .and_then(|finale| serde_json::from_value(finale.clone()).ok());
    let notice = (!lost.is_empty()).then_some(Notice::CourseProgressPartlyLost { tasks: lost });
    ProgressRead { progress, notice }
}

pub fn write_progress(progress: &Progress) -> Result<Value, serde_json::Error> {
    serde_json::to_value(progress)
}

/// Reads the saved task open; `None` when it does not read (to be kept aside).
pub fn read_task(saved: &Value) -> Option<StoredTask> {
    match serde_json::from_value::<StoredTask>(saved.clone()) {
        Ok(task) => Some(task),
        Err(error) => {
            eprintln!("ultima: the open course task does not read: {error}");
            None
        }
    }
}

/// The run as it is saved: the task, the try and its learner moves. A solved run is not saved
/// (the progress holds the solve; the course then opens at the next task).
pub fn stored_task(run: &TaskRun<'_>, answer: Option<&[Square]>) -> Option<StoredTask> {
    if run.state() == RunState::Solved {
        return None;
    }
    Some(StoredTask {
        task: run.task().id.clone(),
        tries: run.tries(),
        // The learner moves first, so its moves are every other one from the first.
        moves: run
            .game()
            .moves()
            .iter()
            .step_by(2)
            .map(|mv| mv.coordinates())
            .collect(),
        answer: answer.map(|squares| squares.iter().map(Square::to_string).collect()),
        hinted: run.hinted(),
        placed: run.placed().iter().map(Square::to_string).collect(),
    })
}

/// The saved run played again: the same try, with the same moves (and so the same replies).
/// When its moves no longer play the same way (the course changed in an update), the try
/// starts again from the task's start, its count kept. `None`: the course has no such task.
pub fn restore_run(
    saved: &StoredTask,
    task: Option<&'static Task>,
) -> Option<(TaskRun<'static>, Option<Vec<Square>>)> {
    let Some(task) = task else {
        eprintln!(
            "ultima: the open course task {} is not in this course",
            saved.task
        );
        return None;
    };
    let fresh = || {
        let mut run = TaskRun::new(task);
        for _ in 1..saved.tries.clamp(1, MOST_TRIES) {
            run.retry();
        }
        if saved.hinted {
            run.take_hint();
        }
        run
    };
    let mut run = fresh();
    let last = saved.moves.len().saturating_sub(1);
    for (index, text) in saved.moves.iter().enumerate() {
        let step = parse_move(text).map(|(from, to)| run.play(from, to));
        let replays = match step {
            Some(Step::Continue { .. }) => true,
            // A miss ends the try: only its last move may miss.
            Some(Step::Missed { .. }) => index == last,
            _ => false,
        };
        if !replays {
            eprintln!(
                "ultima: the open course task {} replays differently: its try starts again",
                task.id
            );
            return Some((fresh(), None));
        }
    }
    for text in &saved.placed {
        let placed = text.parse::<Square>().ok().map(|square| run.place(square));
        if !matches!(placed, Some(Step::Placed { .. })) {
            eprintln!(
                "ultima: the open course setup {} replays differently: its try starts again",
                task.id
            );
            return Some((fresh(), None));
        }
    }
    let mut answer = None;
    if let Some(texts) = &saved.answer {
        let squares: Option<Vec<Square>> = texts.iter().map(|t| t.parse().ok()).collect();
        // The setup's wrong square, or the quiz's wrong answer.
        let setup = run.setup_next().is_some();
        let replay = |run: &mut TaskRun<'static>, squares: &[Square]| match squares {
            [square] if setup => run.place(*square),
            _ => run.answer_quiz(squares),
        };
        match squares {
            Some(squares) if matches!(replay(&mut run, &squares), Step::Wrong { .. }) => {
                answer = Some(squares);
            }
            _ => {
                eprintln!(
                    "ultima: the open course quiz {} replays differently: its try starts again",
                    task.id
                );
                return Some((fresh(), None));
            }
        }
    }
    Some((run, answer))
}

/// `d4f6` (a removal `d4d4`) into its squares.
pub fn parse_move(text: &str) -> Option<(Square, Square)> {
    let (from, to) = (text.get(..2)?, text.get(2..)?);
    Some((from.parse().ok()?, to.parse().ok()?))
}
