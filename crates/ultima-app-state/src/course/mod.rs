//! The rules course, thin over `ultima-course`: the map, the task open (one run of the crate's
//! `TaskRun`), the learner's moves, quiz answers, retries and hints, and the progress. The
//! progress and the task open are saved as they change (see `stored`, and [`Saves`]), so that
//! after a crash or a reload the course reopens at the task, at the same move.
//!
//! - `wire`: what the course screens receive.
//! - `stored`: the course's entries in the saved record, read tolerantly.

pub mod stored;
pub mod wire;

use ultima_course::{Course, Progress, RunState, Step, Task, TaskRun};
use ultima_rules::Square;

use crate::error::{square, AppError, CourseProblem, GameProblem};
use crate::record::Saves;
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
        AppError::new(CourseProblem::CourseUnavailable)
    })
}

fn find_task(task_id: &str) -> Result<&'static Task, AppError> {
    course()?.task(task_id).ok_or_else(|| {
        AppError::new(CourseProblem::NoSuchTask {
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
        .ok_or_else(|| not_open(task_id))
}

fn not_open(task_id: &str) -> AppError {
    AppError::new(CourseProblem::NotOpenTask {
        task: task_id.to_string(),
    })
}

/// A view could not be made: only when the embedded course contradicts itself.
fn inconsistent() -> AppError {
    eprintln!("ultima: the course's data does not fit together");
    AppError::new(CourseProblem::CourseUnavailable)
}

fn view(progress: &Progress, run: &TaskRun<'_>) -> Result<TaskView, AppError> {
    wire::task_view(course()?, progress, run).ok_or_else(inconsistent)
}

impl CourseData {
    /// Changes the data and saves it; when the save fails, the change is undone (in memory and
    /// in the record's memory), so that what the learner sees is what is saved.
    fn change<T>(
        &mut self,
        saves: &dyn Saves,
        change: impl FnOnce(&mut CourseData) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let before = self.clone();
        let answer = change(self).and_then(|answer| {
            saves
                .save_course(&self.progress, self.stored_task().as_ref())
                .map(|()| answer)
        });
        if answer.is_err() {
            *self = before;
            let _ = saves.stage_course(&self.progress, self.stored_task().as_ref());
        }
        answer
    }

    /// Whether the course is finished, the next task, the task open: for home at start-up.
    pub fn status(&self) -> CourseStatus {
        match course() {
            Ok(course) => wire::status(course, &self.progress, self.run.as_ref()),
            Err(_) => unknown_status(),
        }
    }

    pub fn map(&self) -> Result<CourseMap, AppError> {
        wire::course_map(course()?, &self.progress, self.run.as_ref()).ok_or_else(inconsistent)
    }

    /// Opens `task_id`: the run under way if it is that task and not solved (also after a
    /// restart), otherwise a fresh run.
    pub fn open_task(&mut self, saves: &dyn Saves, task_id: &str) -> Result<TaskView, AppError> {
        let task = find_task(task_id)?;
        if let Some(run) = self
            .run
            .as_ref()
            .filter(|run| run.task().id == task_id && run.state() != RunState::Solved)
        {
            return view(&self.progress, run);
        }
        self.change(saves, |data| {
            let run = data.run.insert(TaskRun::new(task));
            data.answer = None;
            view(&data.progress, run)
        })
    }

    /// The learner's move in the task open (`from == to`: a removal). An illegal move is an
    /// error with the rules' reason, as in games; nothing changes then.
    pub fn task_move(
        &mut self,
        saves: &dyn Saves,
        task_id: &str,
        from: &str,
        to: &str,
    ) -> Result<TaskStep, AppError> {
        let (from, to) = (square(from)?, square(to)?);
        self.change(saves, |data| {
            let run = open_run(&mut data.run, task_id)?;
            let step = run.play(from, to);
            finish_step(&mut data.progress, run, &step)
        })
    }

    /// The quiz's answer: the squares the learner says the move takes.
    pub fn task_quiz(
        &mut self,
        saves: &dyn Saves,
        task_id: &str,
        squares: &[String],
    ) -> Result<TaskStep, AppError> {
        let squares = squares
            .iter()
            .map(|text| square(text))
            .collect::<Result<Vec<_>, _>>()?;
        self.change(saves, |data| {
            let run = open_run(&mut data.run, task_id)?;
            let step = run.answer_quiz(&squares);
            if let Step::Wrong { .. } = step {
                data.answer = Some(squares);
            }
            finish_step(&mut data.progress, run, &step)
        })
    }

    /// The setup: the learner puts the piece asked for on `square`.
    pub fn task_place(
        &mut self,
        saves: &dyn Saves,
        task_id: &str,
        square_name: &str,
    ) -> Result<TaskStep, AppError> {
        let square = square(square_name)?;
        self.change(saves, |data| {
            let run = open_run(&mut data.run, task_id)?;
            let step = run.place(square);
            if let Step::Wrong { .. } = step {
                data.answer = Some(vec![square]);
            }
            finish_step(&mut data.progress, run, &step)
        })
    }

    /// Another try at the task open (a solved one starts over).
    pub fn task_retry(&mut self, saves: &dyn Saves, task_id: &str) -> Result<TaskView, AppError> {
        self.change(saves, |data| {
            let run = open_run(&mut data.run, task_id)?;
            run.retry();
            data.answer = None;
            view(&data.progress, run)
        })
    }

    /// The learner asks the hint of the task open: the try's solve then earns a star less
    /// (saved, so a restart does not forget it).
    pub fn take_hint(&mut self, saves: &dyn Saves, task_id: &str) -> Result<(), AppError> {
        if self.open_run(task_id)?.hinted() {
            return Ok(());
        }
        self.change(saves, |data| {
            open_run(&mut data.run, task_id)?.take_hint();
            Ok(())
        })
    }

    /// The course's closing game has started: it is the game `game_id` (saved).
    pub fn start_finale(&mut self, saves: &dyn Saves, game_id: &str) -> Result<(), AppError> {
        self.change(saves, |data| {
            data.progress.start_finale(game_id);
            Ok(())
        })
    }

    /// A game of the play screen ended with a result: when it is the course's closing game,
    /// the course is done (saved). Any other game changes nothing.
    pub fn game_ended(&mut self, saves: &dyn Saves, game_id: &str) -> Result<(), AppError> {
        let closing = self
            .progress
            .finale
            .as_ref()
            .is_some_and(|finale| finale.game == game_id && !finale.done);
        if !closing {
            return Ok(());
        }
        self.change(saves, |data| {
            data.progress.game_ended(game_id);
            Ok(())
        })
    }

    /// The run of `task_id`, if it is the task open: its hint ([`hint`]) may search two moves
    /// deep, so the app asks it on a copy, without holding up the course.
    pub fn open_run(&self, task_id: &str) -> Result<&TaskRun<'static>, AppError> {
        self.run
            .as_ref()
            .filter(|run| run.task().id == task_id)
            .ok_or_else(|| not_open(task_id))
    }

    /// Forgets the course's progress and the task open (settings), and saves.
    pub fn reset(&mut self, saves: &dyn Saves) -> Result<CourseMap, AppError> {
        let course = course()?;
        self.change(saves, |data| {
            data.progress.reset();
            data.run = None;
            data.answer = None;
            wire::course_map(course, &data.progress, None).ok_or_else(inconsistent)
        })
    }
}

/// The square of the piece to move next in `run` (`None`: a retry is needed).
pub fn hint(run: &TaskRun<'_>) -> Option<String> {
    run.hint().map(|square| square.to_string())
}

/// The status when the course cannot be read (nor the state that holds it).
pub fn unknown_status() -> CourseStatus {
    CourseStatus {
        finished: false,
        next: None,
        current: None,
        solved: 0,
        tasks: 0,
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
        return Err(AppError::new(GameProblem::from(error)));
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
