//! The one list of the commands the UI calls: [`with_commands!`] hands it to a macro of the
//! caller's, which makes of it what that caller needs. Here it becomes [`AppCore::call`], every
//! command by name with its arguments as JSON (the browser's entry point, and any shell's);
//! in `src-tauri` it becomes the Tauri commands, from which the TypeScript bindings
//! (`ui/src/bindings.ts`) are generated. Adding a command is one line here and one method of
//! [`AppCore`] with the same name and arguments (its answer `Result<T, AppError>`, or
//! `Result<Later<T>, AppError>` when it has a search to run outside the core).
//!
//! Three commands carry a channel for pushed updates and are written in each shell:
//! `watch_games` (then [`AppCore::watch_games`]), `analyse_game` (the analysis job, see
//! `analysis`) and `stop_analysis`; and the desktop's online commands.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::core::AppCore;
use crate::later::Later;
use crate::platform::Platform;
use crate::wire::AppError;

/// Calls `$callback! { name(arg: Type, …) -> Answer; … }` with every command, each with its doc
/// comment.
#[macro_export]
macro_rules! with_commands {
    ($callback:ident) => {
        $callback! {
            /// Everything the home screen needs at start-up.
            start_up() -> $crate::wire::Startup;
            new_game(request: $crate::wire::NewGame) -> $crate::wire::GameView;
            rematch(game_id: String) -> $crate::wire::GameView;
            /// The play screen shows the game in progress (again): if it is the bot's move and
            /// its search was stopped (by `leave_game`), it starts again.
            open_game(game_id: String) -> $crate::wire::GameView;
            /// Plays the player's move. When that makes it the bot's move, the bot's answer
            /// comes through the channel (`changed`).
            play_move(game_id: String, from: String, to: String) -> $crate::wire::GameView;
            /// Against the bot, takes back the player's last move at once; between friends,
            /// the side that moved last asks (`answer_take_back`).
            take_back(game_id: String) -> $crate::wire::GameView;
            /// Between friends: the side asked for a take-back accepts it or declines it.
            answer_take_back(game_id: String, accept: bool) -> $crate::wire::GameView;
            /// The side whose seat may resign does: against the bot the player, between friends
            /// on one device the side to move.
            resign(game_id: String) -> $crate::wire::GameView;
            /// Between friends: the side to move offers a draw (if the other side's offer is
            /// open, this accepts it).
            offer_draw(game_id: String) -> $crate::wire::GameView;
            /// Between friends: the side the draw was offered to accepts it or declines it.
            answer_draw(game_id: String, accept: bool) -> $crate::wire::GameView;
            /// The player left the play screen: the bot stops thinking (the game stays saved).
            leave_game(game_id: String) -> ();
            /// The board of a game (in progress or finished) after `ply` moves, to step
            /// through it.
            board_at(game_id: String, ply: u32) -> $crate::wire::BoardView;
            /// A finished game, to review it.
            finished_game(game_id: String) -> $crate::wire::GameView;
            /// The game (in progress or finished) as text to copy and share: tag pairs, the
            /// moves in the people's notation numbered as in a chess score, the result.
            game_text(game_id: String) -> String;
            /// Finished games, newest first: `limit` of them after `before` (the `next` of the
            /// page before; `null` for the newest). Read from their stored summaries, never
            /// replayed.
            finished_games(before: Option<$crate::wire::PageCursor>, limit: u32)
                -> $crate::wire::FinishedPage;
            set_settings(settings: $crate::wire::Settings) -> $crate::wire::Settings;
            /// The course's chapters and tasks with the learner's progress.
            course_map() -> $crate::wire::CourseMap;
            /// Opens a task (again: its try goes on where it was).
            open_task(task_id: String) -> $crate::wire::TaskView;
            /// A move in the task open, and the opponent's answer if the task goes on.
            task_move(task_id: String, from: String, to: String) -> $crate::wire::TaskStep;
            /// The squares the learner tapped, as the answer to the task's question.
            task_quiz(task_id: String, squares: Vec<String>) -> $crate::wire::TaskStep;
            /// The setup: the learner puts the piece asked for on `square`.
            task_place(task_id: String, square: String) -> $crate::wire::TaskStep;
            /// Starts the task open again from its position.
            task_retry(task_id: String) -> $crate::wire::TaskView;
            /// The square of the piece to move in the task open (`null`: no hint now).
            task_hint(task_id: String) -> Option<String>;
            /// Forgets the course's progress.
            reset_course() -> $crate::wire::CourseMap;
            /// The course's closing game: a new game against the Novice bot; the course map
            /// shows it done once it is played to a result.
            start_course_game() -> $crate::wire::GameView;
            /// The player's puzzle rating, streak and the puzzle in progress.
            puzzle_rating() -> $crate::wire::PuzzleStatus;
            /// The puzzle in progress, if any, as it was left.
            puzzle_open() -> Option<$crate::wire::PuzzleView>;
            /// The player left the trainer.
            puzzle_leave() -> ();
            /// A new puzzle near the player's rating, of that difficulty and theme.
            puzzle_next(difficulty: $crate::wire::Difficulty, theme: Option<String>)
                -> $crate::wire::PuzzleView;
            /// A puzzle played before, again (not rated).
            puzzle_replay(puzzle_id: String) -> $crate::wire::PuzzleView;
            /// The player's move in the puzzle, checked, and the reply if the line goes on.
            puzzle_move(puzzle_id: String, from: String, to: String) -> $crate::wire::PuzzleStep;
            /// Tries the puzzle again after a wrong move.
            puzzle_retry(puzzle_id: String) -> $crate::wire::PuzzleView;
            /// The square of the piece to move.
            puzzle_hint(puzzle_id: String) -> Option<String>;
            /// The whole solution, played out.
            puzzle_solution(puzzle_id: String) -> $crate::wire::PuzzleView;
            /// The puzzles played, newest first.
            puzzle_history(before: Option<u32>, limit: u32) -> $crate::wire::PuzzleHistoryPage;
            /// The next puzzle of the streak mode (rising difficulty until the first miss; a
            /// new streak after one ended); the streak's puzzle open and undecided goes on.
            puzzle_streak_next() -> $crate::wire::PuzzleView;
            /// The rated puzzles of the last `days` days: in all and by theme, with the
            /// strongest and weakest themes.
            puzzle_dashboard(days: u32) -> $crate::wire::PuzzleDashboard;
            /// The collection's themes, each with how many puzzles carry it (none left out
            /// but those no puzzle carries): the theme choice offers these.
            puzzle_themes() -> Vec<$crate::wire::ThemeCount>;
            /// Saves the player's choice of the next puzzle (mode, difficulty, one theme or
            /// any), which `puzzle_rating` gives back after a relaunch; a theme no puzzle of
            /// the collection carries is refused.
            puzzle_choose(choice: $crate::wire::PuzzleChoice) -> $crate::wire::PuzzleChoice;
            /// The analysis kept with a finished game, or `null` if it has none yet.
            stored_analysis(game_id: String) -> Option<$crate::wire::AnalysisView>;
            /// The boards after each move of `moves` (coordinates, an engine's line) played
            /// from the position after `ply` moves of the game: to step through the line as a
            /// variation.
            analysis_line_boards(game_id: String, ply: u32, moves: Vec<String>)
                -> Vec<$crate::wire::BoardView>;
            /// Against the bot, on the player's move: the square of the piece the engine would
            /// move. The hint is counted in the game's record (and saved) before it is given.
            game_hint(game_id: String) -> $crate::wire::HintView;
            /// The evaluation bar in play: the engine's score of the position after `ply` moves
            /// of the game. A newer request stops the one before, which answers `botStopped`
            /// (cancelled). While the game goes on, the game's record notes that the bar was
            /// shown.
            game_eval_bar(game_id: String, ply: u32) -> $crate::wire::EvalBarView;
            /// The small boards of a reading's rules page: each of its differences from 1963
            /// shown by it and by 1963 (none for 1963).
            reading_examples(reading: $crate::wire::Reading) -> Vec<$crate::wire::ReadingExample>;
        }
    };
}

/// What a call answers, as JSON: `{"ok": …}`, `{"error": AppError}`, or `{"failure": "…"}` for
/// what a shell's IPC layer answers as a bare string (a command it does not know, arguments of
/// the wrong shape).
#[derive(Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Answer {
    Ok(Value),
    Error(AppError),
    Failure(String),
}

impl Answer {
    /// The answer of a command's result.
    pub fn of<T: Serialize>(result: Result<T, AppError>) -> Answer {
        match result {
            Ok(value) => match serde_json::to_value(value) {
                Ok(value) => Answer::Ok(value),
                Err(error) => Answer::Failure(format!("the answer does not encode: {error}")),
            },
            Err(error) => Answer::Error(error),
        }
    }
}

fn read<T: DeserializeOwned>(args: &Value) -> Result<T, serde_json::Error> {
    // A command without arguments is called with none at all.
    if args.is_null() {
        return serde_json::from_value(Value::Object(Default::default()));
    }
    T::deserialize(args)
}

macro_rules! dispatch {
    ($( $(#[$doc:meta])* $name:ident ( $($arg:ident : $ty:ty),* ) -> $answer:ty; )*) => {
        /// The names of every command in the list.
        pub const COMMANDS: &[&str] = &[$(stringify!($name)),*];

        impl<P: Platform> AppCore<P> {
            /// Runs the command `command` with `args` (the JSON object of its arguments, by
            /// their names in camelCase, as Tauri passes them), its search included.
            pub fn call(&mut self, command: &str, args: &Value) -> Answer {
                match command {
                    $(stringify!($name) => {
                        #[derive(Deserialize)]
                        #[serde(rename_all = "camelCase")]
                        struct Args { $($arg: $ty),* }
                        match read::<Args>(args) {
                            Ok(Args { $($arg),* }) => Answer::of(
                                self.$name($($arg),*)
                                    .and_then(|answer| Later::<$answer>::from(answer).run()),
                            ),
                            Err(error) => Answer::Failure(format!(
                                "invalid args for command {command}: {error}"
                            )),
                        }
                    })*
                    _ => Answer::Failure(format!("command {command} not found")),
                }
            }
        }
    };
}

with_commands!(dispatch);
