//! The commands the UI calls. Thin: the rules decide, `Session` keeps the game, `AppState`
//! saves. Every command that changes something saves before it answers.

use serde::Serialize;
use specta::Type;
use tauri::State;

use crate::error::{AppError, ErrorKind};
use crate::session::{SavedGame, Session};
use crate::settings::Settings;
use crate::state::{self, AppState, Data};
use crate::views::{self, BoardView, FinishedSummary, GameView, NewGame, Opponent, Side};

/// Everything the home screen needs at start-up.
#[derive(Clone, Debug, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct Startup {
    pub settings: Settings,
    /// The game in progress or just finished, if any.
    pub current: Option<GameView>,
    pub finished: Vec<FinishedSummary>,
    /// Things the player must be told: a repaired save file, an entry that could not be read.
    pub notices: Vec<String>,
}

fn summaries(finished: &[SavedGame]) -> Vec<FinishedSummary> {
    finished
        .iter()
        .filter_map(|saved| {
            let session = Session::from_saved(saved).ok()?;
            Some(FinishedSummary {
                id: saved.id.clone(),
                opponent: saved.opponent,
                result: session.game.outcome()?.into(),
                moves: u32::try_from(session.game.moves().len()).unwrap_or(u32::MAX),
                ended_at: saved.ended_at.unwrap_or(saved.created_at),
            })
        })
        .collect()
}

fn current(data: &mut Data) -> Result<&mut Session, AppError> {
    data.current
        .as_mut()
        .ok_or_else(|| AppError::new(ErrorKind::NoGame, "There is no game in progress."))
}

#[tauri::command]
#[specta::specta]
pub fn start_up(state: State<'_, AppState>) -> Result<Startup, AppError> {
    if let Some(error) = state.unavailable_reason() {
        return Err(error);
    }
    let mut data = state.data()?;
    let notices = std::mem::take(&mut data.notices);
    Ok(Startup {
        settings: data.settings,
        current: data.current.as_ref().map(Session::view),
        finished: summaries(&data.finished),
        notices,
    })
}

#[tauri::command]
#[specta::specta]
pub fn new_game(state: State<'_, AppState>, request: NewGame) -> Result<GameView, AppError> {
    state.bot.cancel();
    let session = Session::new(
        request,
        state::new_game_id(),
        state::now_ms(),
        state::seed().is_multiple_of(2),
    );
    start(&state, session)
}

/// Makes `session` the game in progress. One that just ended joins the finished games first.
fn start(state: &AppState, session: Session) -> Result<GameView, AppError> {
    let view = session.view();
    state.change(|data| {
        data.file_finished_current();
        data.current = Some(session);
        Ok(view)
    })
}

#[tauri::command]
#[specta::specta]
pub fn rematch(state: State<'_, AppState>, game_id: String) -> Result<GameView, AppError> {
    state.bot.cancel();
    let previous = {
        let data = state.data()?;
        match data.current.as_ref().filter(|s| s.id == game_id) {
            Some(session) => session.clone(),
            None => find_finished(&data, &game_id)?,
        }
    };
    start(
        &state,
        previous.rematch(state::new_game_id(), state::now_ms()),
    )
}

#[tauri::command]
#[specta::specta]
pub fn play_move(
    state: State<'_, AppState>,
    game_id: String,
    from: String,
    to: String,
) -> Result<GameView, AppError> {
    change_current(&state, &game_id, |session| {
        session.play(&from, &to, state::now_ms()).map(drop)
    })
}

/// Lets the bot move, if it is its turn, and answers with the game. When it is not the bot's
/// turn (any more) it answers with the game as it is: a take-back or resignation that stopped
/// the search has already changed it. `Cancelled` when the search was stopped otherwise.
#[tauri::command]
#[specta::specta]
pub async fn bot_move(state: State<'_, AppState>, game_id: String) -> Result<GameView, AppError> {
    let (level, position, history, ply) = {
        let mut data = state.data()?;
        let session = current(&mut data)?;
        check_id(session, &game_id)?;
        let Opponent::Bot { level, .. } = session.opponent else {
            return Err(AppError::new(
                ErrorKind::BadRequest,
                "This game has no bot.",
            ));
        };
        if !session.is_bot_to_move() {
            return Ok(session.view());
        }
        let history = ultima_bot::history_hashes(&session.game);
        (
            level,
            session.game.position().clone(),
            history,
            session.game.moves().len(),
        )
    };
    let mv = state
        .bot
        .choose(&game_id, level, position, history, state::seed())
        .await?;
    change_current(&state, &game_id, |session| {
        if session.game.moves().len() != ply {
            return Err(AppError::new(
                ErrorKind::Cancelled,
                "The game changed while the bot was thinking.",
            ));
        }
        session.play_bot(&mv, state::now_ms()).map(drop)
    })
}

#[tauri::command]
#[specta::specta]
pub fn take_back(state: State<'_, AppState>, game_id: String) -> Result<GameView, AppError> {
    state.bot.cancel();
    change_current(&state, &game_id, Session::take_back)
}

#[tauri::command]
#[specta::specta]
pub fn resign(
    state: State<'_, AppState>,
    game_id: String,
    side: Side,
) -> Result<GameView, AppError> {
    state.bot.cancel();
    change_current(&state, &game_id, |session| {
        session.resign(side, state::now_ms())
    })
}

#[tauri::command]
#[specta::specta]
pub fn agree_draw(state: State<'_, AppState>, game_id: String) -> Result<GameView, AppError> {
    change_current(&state, &game_id, |session| {
        session.agree_draw(state::now_ms())
    })
}

/// The player left the play screen: the bot stops thinking (the game stays saved).
#[tauri::command]
#[specta::specta]
pub fn leave_game(state: State<'_, AppState>, game_id: String) {
    state.bot.cancel_for(&game_id);
}

/// The board of a game (in progress or finished) after `ply` moves, to step through it.
#[tauri::command]
#[specta::specta]
pub fn board_at(
    state: State<'_, AppState>,
    game_id: String,
    ply: u32,
) -> Result<BoardView, AppError> {
    let data = state.data()?;
    let session = match data.current.as_ref().filter(|s| s.id == game_id) {
        Some(session) => session.clone(),
        None => find_finished(&data, &game_id)?,
    };
    views::board_view(&session.game, ply as usize).ok_or_else(|| {
        AppError::new(
            ErrorKind::BadRequest,
            format!("The game has no move {ply}."),
        )
    })
}

/// A finished game, to review it.
#[tauri::command]
#[specta::specta]
pub fn finished_game(state: State<'_, AppState>, game_id: String) -> Result<GameView, AppError> {
    let data = state.data()?;
    Ok(find_finished(&data, &game_id)?.view())
}

#[tauri::command]
#[specta::specta]
pub fn finished_games(state: State<'_, AppState>) -> Result<Vec<FinishedSummary>, AppError> {
    Ok(summaries(&state.data()?.finished))
}

#[tauri::command]
#[specta::specta]
pub fn set_settings(state: State<'_, AppState>, settings: Settings) -> Result<Settings, AppError> {
    state.change(|data| {
        data.settings = settings;
        Ok(settings)
    })
}

fn find_finished(data: &Data, game_id: &str) -> Result<Session, AppError> {
    let saved = data
        .finished
        .iter()
        .find(|g| g.id == game_id)
        .ok_or_else(|| {
            AppError::new(
                ErrorKind::NoGame,
                "That game is not among the finished games.",
            )
        })?;
    Session::from_saved(saved)
}

/// Changes the game in progress named `game_id`, saves, and answers with the new view.
fn change_current(
    state: &AppState,
    game_id: &str,
    change: impl FnOnce(&mut Session) -> Result<(), AppError>,
) -> Result<GameView, AppError> {
    state.change(|data| {
        let session = current(data)?;
        check_id(session, game_id)?;
        change(session)?;
        Ok(session.view())
    })
}

fn check_id(session: &Session, game_id: &str) -> Result<(), AppError> {
    if session.id == game_id {
        Ok(())
    } else {
        Err(AppError::new(
            ErrorKind::NoGame,
            "That game is no longer the one in progress.",
        ))
    }
}
