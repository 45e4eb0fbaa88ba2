//! The Ultima rules course: fourteen chapters of short tasks on the real board, from the board
//! and the pieces to the draws and a last chapter that puts it together, as data (`chapters/*.toml`, words in `text/<language>.json`),
//! a task runner the app drives, the learner's progress, and the check that every task works
//! by the rules engine.
//!
//! ```
//! use ultima_course::{course, Step, TaskRun};
//! let course = course().unwrap();
//! let task = course.task("withdrawer-1").unwrap();
//! let mut run = TaskRun::new(task);
//! let (from, to) = task.solution[0];
//! assert!(matches!(run.play(from, to), Step::Solved { .. }));
//! ```

mod check;
mod data;
mod error;
mod export;
mod line;
mod progress;
mod run;
mod score;
mod text;

use std::sync::OnceLock;

pub use check::{
    check_course, check_task, CheckFailure, CheckReport, CHAPTER_ORDER, CHAPTER_TASKS,
};
pub use data::{
    Board, Chapter, Course, DrawGoal, Goal, GoalData, OpponentSpec, Stars, TakesData, Task,
    Threshold, CONCEPTS, SETUP_ORDER,
};
pub use error::CourseError;
pub use export::{export_course, list_course};
pub use line::MissReason;
pub use progress::{Finale, Progress, ProgressError, TaskProgress, PROGRESS_VERSION};
pub use run::{RunState, Step, TaskRun};
pub use score::Score;
pub use text::{
    english, plural_base, read_texts, text_faults, text_forms, text_forms_in, used_keys, TextFile,
    Texts, CHAPTER_PARTS, EN_JSON, FEEDBACK_KEYS, FR_JSON, PIECE_SETS, PLURAL_SUFFIXES, TASK_PARTS,
    TEXT_FILES,
};

/// The course, read once from the embedded chapters.
pub fn course() -> Result<&'static Course, CourseError> {
    static COURSE: OnceLock<Result<Course, CourseError>> = OnceLock::new();
    COURSE
        .get_or_init(Course::load)
        .as_ref()
        .map_err(Clone::clone)
}

/// The first unsolved task in course order (`None`: the course is done).
pub fn next_unfinished(progress: &Progress) -> Option<&'static Task> {
    course()
        .ok()
        .and_then(|course| progress::next_unfinished(course, progress))
}

/// `ultima course check`: the report, or the first failure with the task's id.
pub fn check() -> Result<CheckReport, CheckFailure> {
    let course = course().map_err(|e| CheckFailure {
        task: None,
        problem: e.to_string(),
    })?;
    let texts = english().map_err(|e| CheckFailure {
        task: None,
        problem: e.to_string(),
    })?;
    check_translations(course)?;
    check_course(course, &texts)
}

/// Every language's texts (English is also checked by `check_course`): every fault of every file
/// listed, so that a translation behind the English shows all it lacks at once.
pub fn check_translations(course: &Course) -> Result<(), CheckFailure> {
    let mut faults = Vec::new();
    for file in TEXT_FILES {
        match file.read() {
            Ok(texts) => faults.extend(
                text_faults(course, file, &texts)
                    .into_iter()
                    .map(|fault| format!("text/{}: {fault}", file.file_name())),
            ),
            Err(e) => faults.push(e.to_string()),
        }
    }
    if faults.is_empty() {
        Ok(())
    } else {
        Err(CheckFailure {
            task: None,
            problem: faults.join("\n"),
        })
    }
}

/// `ultima course export`: one JSON object per task.
pub fn export() -> Result<Vec<String>, CourseError> {
    export_course(course()?)
}

/// `ultima course list`: chapters and tasks with their English titles, one per line.
pub fn list() -> Result<Vec<String>, CourseError> {
    Ok(list_course(course()?, &english()?))
}
