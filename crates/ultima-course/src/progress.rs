//! The learner's progress, kept by the app in its store: per task, the best raw score (moves
//! and tries of the best solve). Stars are computed from the raw score and the task's current
//! thresholds, so thresholds can change without rewriting anyone's progress.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::data::{Course, Task};
use crate::score::Score;

/// The format of [`Progress`]; a newer one is refused (and left alone by the app).
pub const PROGRESS_VERSION: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskProgress {
    /// The best solve so far.
    pub best: Score,
}

/// The course's closing game against the Novice bot, started from its end screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Finale {
    /// The game's id (a game of the play screen).
    pub game: String,
    /// The game was played to a result (won, lost or drawn).
    pub done: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub version: u32,
    /// By task id. Ids the course no longer has are kept (a later course may bring them back)
    /// and ignored.
    pub tasks: BTreeMap<String, TaskProgress>,
    /// The closing game, once started. Older progress has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finale: Option<Finale>,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            version: PROGRESS_VERSION,
            tasks: BTreeMap::new(),
            finale: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProgressError {
    #[error("the progress was saved by a newer version (format {0})")]
    Newer(u32),
    #[error("the progress does not read: {0}")]
    Unreadable(String),
    #[error("the progress could not be written: {0}")]
    Unwritable(String),
}

impl Progress {
    /// Reads progress saved as JSON.
    pub fn from_json(text: &str) -> Result<Progress, ProgressError> {
        #[derive(Deserialize)]
        struct Version {
            version: u32,
        }
        let version: Version =
            serde_json::from_str(text).map_err(|e| ProgressError::Unreadable(e.to_string()))?;
        if version.version > PROGRESS_VERSION {
            return Err(ProgressError::Newer(version.version));
        }
        serde_json::from_str(text).map_err(|e| ProgressError::Unreadable(e.to_string()))
    }

    pub fn to_json(&self) -> Result<String, ProgressError> {
        serde_json::to_string(self).map_err(|e| ProgressError::Unwritable(e.to_string()))
    }

    /// Records a solve; keeps the better of this and the best so far (more stars, then fewer
    /// tries, then fewer moves). Returns whether it improved.
    pub fn record(&mut self, task: &Task, score: Score) -> bool {
        let better = match self.tasks.get(&task.id) {
            None => true,
            Some(old) => {
                let key = |s: &Score| (std::cmp::Reverse(task.stars_for(s)), s.tries, s.moves);
                key(&score) < key(&old.best)
            }
        };
        if better {
            self.tasks
                .insert(task.id.clone(), TaskProgress { best: score });
        }
        better
    }

    pub fn is_done(&self, task_id: &str) -> bool {
        self.tasks.contains_key(task_id)
    }

    /// Stars earned on a task (0: not solved yet).
    pub fn stars(&self, task: &Task) -> u8 {
        self.tasks
            .get(&task.id)
            .map_or(0, |p| task.stars_for(&p.best))
    }

    /// Stars earned in a chapter, and the most it offers.
    pub fn chapter_stars(&self, course: &Course, chapter_id: &str) -> (u32, u32) {
        course.chapter(chapter_id).map_or((0, 0), |chapter| {
            let earned = chapter.tasks.iter().map(|t| u32::from(self.stars(t))).sum();
            (earned, 3 * chapter.tasks.len() as u32)
        })
    }

    /// Forgets everything (settings' reset).
    pub fn reset(&mut self) {
        self.tasks.clear();
        self.finale = None;
    }

    /// The closing game `game_id` has started (a finale played before is kept as done).
    pub fn start_finale(&mut self, game_id: &str) {
        let done = self.finale_done();
        self.finale = Some(Finale {
            game: game_id.to_string(),
            done,
        });
    }

    /// A game ended with a result: when it is the closing game, the finale is done. Returns
    /// whether the progress changed.
    pub fn game_ended(&mut self, game_id: &str) -> bool {
        match &mut self.finale {
            Some(finale) if finale.game == game_id && !finale.done => {
                finale.done = true;
                true
            }
            _ => false,
        }
    }

    /// Whether the closing game was played to a result.
    pub fn finale_done(&self) -> bool {
        self.finale.as_ref().is_some_and(|finale| finale.done)
    }
}

/// The first task, in course order, not solved yet (`None`: the course is done).
pub fn next_unfinished<'a>(course: &'a Course, progress: &Progress) -> Option<&'a Task> {
    course.tasks().find(|task| !progress.is_done(&task.id))
}
