//! The rules course (`ultima_app_state::course`): its map, a task's moves and quiz answers,
//! retries and hints, its progress and the task open saved as they change.

use ultima_app_state::course::wire::{CourseMap, TaskStep, TaskView};
use ultima_app_state::error::AppError;
use ultima_bot::Level;
use ultima_game::wire::{GameView, NewGame, SideChoice};

use crate::core::AppCore;
use crate::platform::Platform;

impl<P: Platform> AppCore<P> {
    pub fn course_map(&mut self) -> Result<CourseMap, AppError> {
        self.course.map()
    }

    pub fn open_task(&mut self, task_id: String) -> Result<TaskView, AppError> {
        self.course.open_task(&self.store, &task_id)
    }

    pub fn task_move(
        &mut self,
        task_id: String,
        from: String,
        to: String,
    ) -> Result<TaskStep, AppError> {
        self.course.task_move(&self.store, &task_id, &from, &to)
    }

    pub fn task_quiz(
        &mut self,
        task_id: String,
        squares: Vec<String>,
    ) -> Result<TaskStep, AppError> {
        self.course.task_quiz(&self.store, &task_id, &squares)
    }

    pub fn task_place(&mut self, task_id: String, square: String) -> Result<TaskStep, AppError> {
        self.course.task_place(&self.store, &task_id, &square)
    }

    pub fn task_retry(&mut self, task_id: String) -> Result<TaskView, AppError> {
        self.course.task_retry(&self.store, &task_id)
    }

    /// The hint costs a star: the try is marked (and saved) before the square is given.
    pub fn task_hint(&mut self, task_id: String) -> Result<Option<String>, AppError> {
        self.course.take_hint(&self.store, &task_id)?;
        Ok(ultima_app_state::course::hint(
            self.course.open_run(&task_id)?,
        ))
    }

    /// The course's closing game: a new game against the Novice bot, the learner White,
    /// untimed (hints and the "why not" reasons are the play screen's). The course is done
    /// once it is played to a result.
    pub fn start_course_game(&mut self) -> Result<GameView, AppError> {
        let view = self.new_game(NewGame::Bot {
            level: Level::Novice,
            player_side: SideChoice::White,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        })?;
        self.course.start_finale(&self.store, &view.id)?;
        Ok(view)
    }

    /// A game that changed: when it ended with a result and it is the course's closing game,
    /// the course learns of it. A failure to save that is only reported: the game itself is
    /// saved.
    pub(crate) fn course_game_changed(&mut self, view: &GameView) {
        if view.result.is_some() {
            if let Err(error) = self.course.game_ended(&self.store, &view.id) {
                eprintln!("ultima: the course's closing game could not be recorded: {error:?}");
            }
        }
    }

    pub fn reset_course(&mut self) -> Result<CourseMap, AppError> {
        self.course.reset(&self.store)
    }
}
