//! The commands by the names and with the arguments the app's Tauri commands have
//! (`src-tauri/src/commands.rs`, `course/commands.rs`, `puzzles/commands.rs`, and the
//! generated `ui/src/bindings.ts` that calls them): the arguments as the same JSON object,
//! the answer as the same JSON value, a refusal as the same `AppError`.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ultima_game::wire::NewGame;
use ultima_puzzles::rating::Difficulty;

use crate::analysis_state::{Analyse, AnalysisJob};
use crate::error::AppError;
use crate::finished::PageCursor;
use crate::settings::Settings;
use crate::state::AppState;

/// What a command answers; `Failure` is what the app's IPC layer answers as a bare string (a
/// command it does not know, arguments of the wrong shape).
#[derive(Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Answer {
    Ok(Value),
    Error(AppError),
    Failure(String),
    /// `analyse_game` without a kept analysis: the page runs this job in its analysis worker.
    Analyse(AnalysisJob),
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GameId {
    game_id: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GameMove {
    game_id: String,
    from: String,
    to: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GameAnswer {
    game_id: String,
    accept: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GamePly {
    game_id: String,
    ply: u32,
}

#[derive(Deserialize)]
struct Request {
    request: NewGame,
}

#[derive(Deserialize)]
struct GamesPage {
    before: Option<PageCursor>,
    limit: u32,
}

#[derive(Deserialize)]
struct NewSettings {
    settings: Settings,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TaskId {
    task_id: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TaskMove {
    task_id: String,
    from: String,
    to: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TaskQuiz {
    task_id: String,
    squares: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PuzzleId {
    puzzle_id: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PuzzleMove {
    puzzle_id: String,
    from: String,
    to: String,
}

#[derive(Deserialize)]
struct PuzzleChoice {
    difficulty: Difficulty,
    theme: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LineBoards {
    game_id: String,
    ply: u32,
    moves: Vec<String>,
}

#[derive(Deserialize)]
struct AttemptsPage {
    before: Option<u32>,
    limit: u32,
}

/// Why a call did not reach its command.
enum Refused {
    Unknown,
    Arguments(serde_json::Error),
}

fn read<T: DeserializeOwned>(args: &Value) -> Result<T, Refused> {
    // A command without arguments is called with none at all.
    let args = if args.is_null() {
        Value::Object(Default::default())
    } else {
        args.clone()
    };
    serde_json::from_value(args).map_err(Refused::Arguments)
}

fn answer<T: Serialize>(result: Result<T, AppError>) -> Result<Answer, Refused> {
    Ok(match result {
        Ok(value) => match serde_json::to_value(value) {
            Ok(value) => Answer::Ok(value),
            Err(error) => Answer::Failure(format!("the answer does not encode: {error}")),
        },
        Err(error) => Answer::Error(error),
    })
}

/// Runs `command` with `args` (the JSON object the bindings pass).
pub fn call(state: &mut AppState, command: &str, args: &Value) -> Answer {
    match dispatch(state, command, args) {
        Ok(answer) => answer,
        Err(Refused::Unknown) => Answer::Failure(format!("command {command} not found")),
        Err(Refused::Arguments(error)) => {
            Answer::Failure(format!("invalid args for command {command}: {error}"))
        }
    }
}

fn dispatch(state: &mut AppState, command: &str, args: &Value) -> Result<Answer, Refused> {
    match command {
        "start_up" => answer(state.start_up()),
        // The channel itself stays on the page (see `ui/src/backend/web`).
        "watch_games" => {
            state.watch();
            answer(Ok(()))
        }
        "new_game" => {
            let Request { request } = read(args)?;
            answer(state.new_game(request))
        }
        "rematch" => {
            let GameId { game_id } = read(args)?;
            answer(state.rematch(&game_id))
        }
        "open_game" => {
            let GameId { game_id } = read(args)?;
            answer(state.open_game(&game_id))
        }
        "play_move" => {
            let GameMove { game_id, from, to } = read(args)?;
            answer(state.play_move(&game_id, &from, &to))
        }
        "take_back" => {
            let GameId { game_id } = read(args)?;
            answer(state.take_back(&game_id))
        }
        "game_hint" => {
            let GameId { game_id } = read(args)?;
            answer(state.game_hint(&game_id))
        }
        "game_eval_bar" => {
            let GamePly { game_id, ply } = read(args)?;
            answer(state.game_eval_bar(&game_id, ply))
        }
        "answer_take_back" => {
            let GameAnswer { game_id, accept } = read(args)?;
            answer(state.answer_take_back(&game_id, accept))
        }
        "resign" => {
            let GameId { game_id } = read(args)?;
            answer(state.resign(&game_id))
        }
        "offer_draw" => {
            let GameId { game_id } = read(args)?;
            answer(state.offer_draw(&game_id))
        }
        "answer_draw" => {
            let GameAnswer { game_id, accept } = read(args)?;
            answer(state.answer_draw(&game_id, accept))
        }
        "leave_game" => {
            let GameId { game_id } = read(args)?;
            state.leave_game(&game_id);
            answer(Ok(()))
        }
        "board_at" => {
            let GamePly { game_id, ply } = read(args)?;
            answer(state.board_at(&game_id, ply))
        }
        "finished_game" => {
            let GameId { game_id } = read(args)?;
            answer(state.finished_game(&game_id))
        }
        "finished_games" => {
            let GamesPage { before, limit } = read(args)?;
            answer(Ok(state.finished_games(before.as_ref(), limit)))
        }
        "set_settings" => {
            let NewSettings { settings } = read(args)?;
            answer(state.set_settings(settings))
        }
        "course_map" => answer(state.course_map()),
        "open_task" => {
            let TaskId { task_id } = read(args)?;
            answer(state.open_task(&task_id))
        }
        "task_move" => {
            let TaskMove { task_id, from, to } = read(args)?;
            answer(state.task_move(&task_id, &from, &to))
        }
        "task_quiz" => {
            let TaskQuiz { task_id, squares } = read(args)?;
            answer(state.task_quiz(&task_id, &squares))
        }
        "task_retry" => {
            let TaskId { task_id } = read(args)?;
            answer(state.task_retry(&task_id))
        }
        "task_hint" => {
            let TaskId { task_id } = read(args)?;
            answer(state.task_hint(&task_id))
        }
        "reset_course" => answer(state.reset_course()),
        "puzzle_rating" => answer(Ok(state.puzzle_status())),
        "puzzle_open" => answer(state.puzzle_open()),
        "puzzle_leave" => {
            state.puzzle_leave();
            answer(Ok(()))
        }
        "puzzle_next" => {
            let PuzzleChoice { difficulty, theme } = read(args)?;
            answer(state.puzzle_next(difficulty, theme.as_deref()))
        }
        "puzzle_replay" => {
            let PuzzleId { puzzle_id } = read(args)?;
            answer(state.puzzle_replay(&puzzle_id))
        }
        "puzzle_move" => {
            let PuzzleMove {
                puzzle_id,
                from,
                to,
            } = read(args)?;
            answer(state.puzzle_move(&puzzle_id, &from, &to))
        }
        "puzzle_retry" => {
            let PuzzleId { puzzle_id } = read(args)?;
            answer(state.puzzle_retry(&puzzle_id))
        }
        "puzzle_hint" => {
            let PuzzleId { puzzle_id } = read(args)?;
            answer(state.puzzle_hint(&puzzle_id))
        }
        "puzzle_solution" => {
            let PuzzleId { puzzle_id } = read(args)?;
            answer(state.puzzle_solution(&puzzle_id))
        }
        "puzzle_history" => {
            let AttemptsPage { before, limit } = read(args)?;
            answer(Ok(state.puzzle_history(before, limit)))
        }
        "stored_analysis" => {
            let GameId { game_id } = read(args)?;
            answer(state.stored_analysis(&game_id))
        }
        // The progress channel stays on the page, which also stops an analysis
        // (`stop_analysis` ends its worker there).
        "analyse_game" => {
            let GameId { game_id } = read(args)?;
            match state.analyse_game(&game_id) {
                Ok(Analyse::Job(job)) => Ok(Answer::Analyse(job)),
                Ok(Analyse::Answer(done)) => answer(Ok(done)),
                Err(error) => Ok(Answer::Error(error)),
            }
        }
        // The page stops the analysis (it ends the worker) before this is called; nothing runs
        // here to stop.
        "stop_analysis" => {
            let GameId { game_id: _ } = read(args)?;
            answer(Ok(()))
        }
        "analysis_line_boards" => {
            let LineBoards {
                game_id,
                ply,
                moves,
            } = read(args)?;
            answer(state.analysis_line_boards(&game_id, ply, &moves))
        }
        _ => Err(Refused::Unknown),
    }
}
