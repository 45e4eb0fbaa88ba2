//! The rules course in the browser, as `src-tauri/src/course/mod.rs` runs it in the app, thin
//! over `ultima-course` (the tasks, their checking, the hints and the progress are the crate's):
//! the map, the task open, the learner's moves, quiz answers, retries and hints. The progress
//! and the task open are staged in the saved record as they change.

use ultima_course::{Course, Progress, RunState, Step, Task, TaskRun};
use ultima_rules::Square;

use crate::course::stored::{self, StoredTask};
use crate::course::wire::{self, CourseMap, CourseStatus, TaskStep, TaskView};
use crate::error::{square, AppError, Problem};
use crate::state::AppState;

/// The course's part of the state.
#[derive(Clone, Debug, Default)]
pub struct CourseData {
    pub progress: Progress,
    pub run: Option<TaskRun<'static>>,
    /// The wrong quiz answer the try ended with, saved so that it reopens the same.
    pub answer: Option<Vec<Square>>,
}

impl CourseData {
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

fn inconsistent() -> AppError {
    eprintln!("ultima: the course's data does not fit together");
    AppError::new(Problem::CourseUnavailable)
}

fn view(progress: &Progress, run: &TaskRun<'_>) -> Result<TaskView, AppError> {
    wire::task_view(course()?, progress, run).ok_or_else(inconsistent)
}

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

impl AppState {
    /// Changes the course's data and stages it; a change that fails is undone.
    fn change_course<T>(
        &mut self,
        change: impl FnOnce(&mut CourseData) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let before = self.course.clone();
        let answer = change(&mut self.course).and_then(|answer| {
            self.store
                .stage_course(&self.course.progress, self.course.stored_task().as_ref())
                .map(|()| answer)
        });
        if answer.is_err() {
            self.course = before;
        }
        answer
    }

    pub fn course_status(&self) -> CourseStatus {
        let Ok(course) = course() else {
            return CourseStatus {
                finished: false,
                next: None,
                current: None,
                solved: 0,
                tasks: 0,
            };
        };
        wire::status(course, &self.course.progress, self.course.run.as_ref())
    }

    pub fn course_map(&self) -> Result<CourseMap, AppError> {
        wire::course_map(course()?, &self.course.progress, self.course.run.as_ref())
            .ok_or_else(inconsistent)
    }

    pub fn open_task(&mut self, task_id: &str) -> Result<TaskView, AppError> {
        let task = find_task(task_id)?;
        if let Some(run) = self
            .course
            .run
            .as_ref()
            .filter(|run| run.task().id == task_id && run.state() != RunState::Solved)
        {
            return view(&self.course.progress, run);
        }
        self.change_course(|data| {
            let run = data.run.insert(TaskRun::new(task));
            data.answer = None;
            view(&data.progress, run)
        })
    }

    pub fn task_move(&mut self, task_id: &str, from: &str, to: &str) -> Result<TaskStep, AppError> {
        let (from, to) = (square(from)?, square(to)?);
        self.change_course(|data| {
            let run = open_run(&mut data.run, task_id)?;
            let step = run.play(from, to);
            finish_step(&mut data.progress, run, &step)
        })
    }

    pub fn task_quiz(&mut self, task_id: &str, squares: &[String]) -> Result<TaskStep, AppError> {
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

    pub fn task_retry(&mut self, task_id: &str) -> Result<TaskView, AppError> {
        self.change_course(|data| {
            let run = open_run(&mut data.run, task_id)?;
            run.retry();
            data.answer = None;
            view(&data.progress, run)
        })
    }

    pub fn task_hint(&mut self, task_id: &str) -> Result<Option<String>, AppError> {
        let run = open_run(&mut self.course.run, task_id)?;
        Ok(run.hint().map(|square| square.to_string()))
    }

    pub fn reset_course(&mut self) -> Result<CourseMap, AppError> {
        let course = course()?;
        self.change_course(|data| {
            data.progress.reset();
            data.run = None;
            data.answer = None;
            wire::course_map(course, &data.progress, None).ok_or_else(inconsistent)
        })
    }
}
