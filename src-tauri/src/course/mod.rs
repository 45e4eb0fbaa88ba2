//! The rules course in the app, thin over `ultima-course`: the map, the task open (one run of
//! the crate's `TaskRun`), the learner's moves, quiz answers, retries and hints, and the
//! progress. The progress and the task open are saved in the store as they change (see
//! `stored`), so that after a crash the course reopens at the task, at the same move.
//!
//! - `commands`: the commands the UI calls.
//! - `wire`: what the course screens receive.
//! - `stored`: the course's entries in the store, read tolerantly.

pub mod commands;
#[cfg(test)]
mod tests;

pub use ultima_app_state::course::{stored, wire};

use ultima_course::{Course, Progress, RunState, Step, Task, TaskRun};
use ultima_rules::Square;

use crate::error::{square, AppError, Problem};
use crate::state::AppState;
use stored::StoredTask;
use wire::{CourseMap, CourseStatus, TaskStep, TaskView};

/// The course's part of the app's state.
#[derive(Clone, Debug, Default)]
pub struct CourseData {
    pub progress: Progress,
    /// The task open (solved or not), at the point its try has reached.
    pub run: Option<TaskRun<'static>>,
    /// The wrong quiz answer the try ended with, saved so that it reopens the same.
    pub answer: Option<Vec<Square>>,
}

impl CourseData {
    /// The course as it was saved: the progress, and the task open played again to where its
    /// try had reached.
    pub fn restored(progress: Progress, task: Option<&StoredTask>) -> CourseData {
        let restored = task.and_then(|saved| {
            let task = ultima_course::course()
                .ok()
                .and_then(|course| course.task(&saved.task));
            stored::restore_run(saved, task)
        });
        let (run, answer) = match restored {
            Some((run, answer)) => (Some(run), answer),
            None => (None, None),
        };
        CourseData {
            progress,
            run,
            answer,
        }
    }

    /// The task open as it is saved (none once it is solved).
    pub fn stored_task(&self) -> Option<StoredTask> {
        let run = self.run.as_ref()?;
        stored::stored_task(run, self.answer.as_deref())
    }
}

fn course() -> Result<&'static Course, AppError> {
    ultima_course::course().map_err(|error| {
        eprintln!("ultima: the course does not read: {error}");
        AppError::new(Problem::CourseUnavailable)
    })
}

fn find_task(task_id: &str) -> Result<&'static Task, AppError> {
    course()?.task(task_id).ok_or_else(|| {
        AppError::new(Problem::NoSuchTask {
            task: task_id.to_string(),
        })
    })
}

/// The run of `task_id`, if it is the task open.
fn open_run<'a>(
    run: &'a mut Option<TaskRun<'static>>,
    task_id: &str,
) -> Result<&'a mut TaskRun<'static>, AppError> {
    run.as_mut()
        .filter(|run| run.task().id == task_id)
        .ok_or_else(|| {
            AppError::new(Problem::NotOpenTask {
                task: task_id.to_string(),
            })
        })
}

/// A view could not be made: only when the embedded course contradicts itself.
fn inconsistent() -> AppError {
    eprintln!("ultima: the course's data does not fit together");
    AppError::new(Problem::CourseUnavailable)
}

fn view(progress: &Progress, run: &TaskRun<'_>) -> Result<TaskView, AppError> {
    wire::task_view(course()?, progress, run).ok_or_else(inconsistent)
}

impl AppState {
    /// Changes the course's data and saves it; when the save fails, the change is undone (in
    /// memory and in the store's memory), so that what the learner sees is what is saved.
    fn change_course<T>(
        &self,
        change: impl FnOnce(&mut CourseData) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let persistence = self.persistence()?;
        let mut data = self.course_data()?;
        let before = data.clone();
        let answer = change(&mut data).and_then(|answer| {
            persistence
                .save_course(&data.progress, data.stored_task().as_ref())
                .map(|()| answer)
        });
        if answer.is_err() {
            *data = before;
            let _ = persistence.stage_course(&data.progress, data.stored_task().as_ref());
        }
        answer
    }

    /// Whether the course is finished, the next task, the task open: for home at start-up.
    pub fn course_status(&self) -> CourseStatus {
        let (Ok(course), Ok(data)) = (course(), self.course_data()) else {
            return CourseStatus {
                finished: false,
                next: None,
                current: None,
                solved: 0,
                tasks: 0,
            };
        };
        wire::status(course, &data.progress, data.run.as_ref())
    }

    pub fn course_map(&self) -> Result<CourseMap, AppError> {
        let course = course()?;
        let data = self.course_data()?;
        wire::course_map(course, &data.progress, data.run.as_ref()).ok_or_else(inconsistent)
    }

    /// Opens `task_id`: the run under way if it is that task and not solved (also after a
    /// restart), otherwise a fresh run.
    pub fn open_task(&self, task_id: &str) -> Result<TaskView, AppError> {
        let task = find_task(task_id)?;
        {
            let data = self.course_data()?;
            if let Some(run) = data
                .run
                .as_ref()
                .filter(|run| run.task().id == task_id && run.state() != RunState::Solved)
            {
                return view(&data.progress, run);
            }
        }
        self.change_course(|data| {
            let run = data.run.insert(TaskRun::new(task));
            data.answer = None;
            view(&data.progress, run)
        })
    }

    /// The learner's move in the task open (`from == to`: a removal). An illegal move is an
    /// error with the rules' reason, as in games; nothing changes then.
    pub fn task_move(&self, task_id: &str, from: &str, to: &str) -> Result<TaskStep, AppError> {
        let (from, to) = (square(from)?, square(to)?);
        self.change_course(|data| {
            let run = open_run(&mut data.run, task_id)?;
            let step = run.play(from, to);
            finish_step(&mut data.progress, run, &step)
        })
    }

    /// The quiz's answer: the squares the learner says the move takes.
    pub fn task_quiz(&self, task_id: &str, squares: &[String]) -> Result<TaskStep, AppError> {
        let squares = squares
            .iter()
            .map(|text| square(text))
            .collect::<Result<Vec<_>, _>>()?;
        self.change_course(|data| {
            let run = open_run(&mut data.run, task_id)?;
            let step = run.answer_quiz(&squares);
            if let Step::Wrong { .. } = step {
                data.answer = Some(squares);
            }
            finish_step(&mut data.progress, run, &step)
        })
    }

    /// Another try at the task open (a solved one starts over).
    pub fn task_retry(&self, task_id: &str) -> Result<TaskView, AppError> {
        self.change_course(|data| {
            let run = open_run(&mut data.run, task_id)?;
            run.retry();
            data.answer = None;
            view(&data.progress, run)
        })
    }

    /// The square of the piece to move next in the task open (`None`: a retry is needed). It
    /// may search two moves deep, so it runs on a copy of the run, outside the lock.
    pub fn task_hint(&self, task_id: &str) -> Result<Option<String>, AppError> {
        let run = {
            let mut data = self.course_data()?;
            open_run(&mut data.run, task_id)?.clone()
        };
        Ok(run.hint().map(|square| square.to_string()))
    }

    /// Forgets the course's progress and the task open (settings), and saves.
    pub fn reset_course(&self) -> Result<CourseMap, AppError> {
        let course = course()?;
        self.change_course(|data| {
            data.progress.reset();
            data.run = None;
            data.answer = None;
            wire::course_map(course, &data.progress, None).ok_or_else(inconsistent)
        })
    }
}

/// After `step` on `run`: a solve is recorded in the progress; the step and the task as the
/// screen gets them. An illegal move is the rules' reason as an error.
fn finish_step(
    progress: &mut Progress,
    run: &TaskRun<'static>,
    step: &Step,
) -> Result<TaskStep, AppError> {
    if let Step::Illegal(error) = step {
        return Err(AppError::new(Problem::from(error)));
    }
    let mut record = (progress.stars(run.task()), false);
    if let Step::Solved { score, .. } = step {
        let improved = progress.record(run.task(), *score);
        record = (progress.stars(run.task()), improved);
    }
    let step = wire::step_view(run, step, record).ok_or_else(inconsistent)?;
    Ok(TaskStep {
        step,
        task: view(progress, run)?,
    })
}
