//! The commands the UI calls. Thin: the game core decides, `AppState` keeps and saves. Every
//! command is `async` and does its work on a blocking thread, so that saving (and reading the
//! history database) never holds up the main thread, which draws the window. Every command
//! that changes something saves before it answers.

use tauri::ipc::Channel;
use tauri::State;

use crate::error::{AppError, StorageWhat};
use crate::events::GameEvent;
use crate::history::{FinishedPage, PageCursor};
use crate::settings::Settings;
use crate::state::{AppState, Launch, Startup};
use ultima_game::wire::{BoardView, GameView, NewGame};

/// Runs `work` on a thread for blocking work, once the state is open, and answers with its
/// result.
pub(crate) async fn off_main<T: Send + 'static>(
    launch: &State<'_, Launch>,
    work: impl FnOnce(AppState) -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    let launch = launch.inner().clone();
    tauri::async_runtime::spawn_blocking(move || work(launch.wait()))
        .await
        .map_err(|e| AppError::storage(StorageWhat::StateDamaged, e))?
}

#[tauri::command]
#[specta::specta]
pub async fn start_up(state: State<'_, Launch>) -> Result<Startup, AppError> {
    off_main(&state, |state| state.start_up()).await
}

/// Registers the UI's channel for pushed updates (once, after `start_up`; again replaces it).
/// If the game in progress is the bot's move, the bot starts thinking now.
#[tauri::command]
#[specta::specta]
pub async fn watch_games(
    state: State<'_, Launch>,
    channel: Channel<GameEvent>,
) -> Result<(), AppError> {
    off_main(&state, move |state| {
        state.watch(move |event| {
            if let Err(error) = channel.send(event) {
                eprintln!("ultima: the UI's channel refused an update: {error}");
            }
        });
        Ok(())
    })
    .await
}

#[tauri::command]
#[specta::specta]
pub async fn new_game(state: State<'_, Launch>, request: NewGame) -> Result<GameView, AppError> {
    off_main(&state, move |state| state.new_game(request)).await
}

#[tauri::command]
#[specta::specta]
pub async fn rematch(state: State<'_, Launch>, game_id: String) -> Result<GameView, AppError> {
    off_main(&state, move |state| state.rematch(&game_id)).await
}

/// The play screen shows the game in progress (again): if it is the bot's move and its search
/// was stopped (by `leave_game`), it starts again.
#[tauri::command]
#[specta::specta]
pub async fn open_game(state: State<'_, Launch>, game_id: String) -> Result<GameView, AppError> {
    off_main(&state, move |state| state.open_game(&game_id)).await
}

/// Plays the player's move. When that makes it the bot's move, the bot's answer comes through
/// the channel (`changed`).
#[tauri::command]
#[specta::specta]
pub async fn play_move(
    state: State<'_, Launch>,
    game_id: String,
    from: String,
    to: String,
) -> Result<GameView, AppError> {
    off_main(&state, move |state| state.play_move(&game_id, &from, &to)).await
}

/// Against the bot, takes back the player's last move at once; between friends, the side that
/// moved last asks (`answer_take_back`).
#[tauri::command]
#[specta::specta]
pub async fn take_back(state: State<'_, Launch>, game_id: String) -> Result<GameView, AppError> {
    off_main(&state, move |state| state.take_back(&game_id)).await
}

/// The side whose seat may resign does: against the bot the player, between friends on one
/// device the side to move.
#[tauri::command]
#[specta::specta]
pub async fn resign(state: State<'_, Launch>, game_id: String) -> Result<GameView, AppError> {
    off_main(&state, move |state| state.resign(&game_id)).await
}

/// Between friends: the side to move offers a draw (if the other side's offer is open, this
/// accepts it).
#[tauri::command]
#[specta::specta]
pub async fn offer_draw(state: State<'_, Launch>, game_id: String) -> Result<GameView, AppError> {
    off_main(&state, move |state| state.offer_draw(&game_id)).await
}

/// Between friends: the side the draw was offered to accepts it or declines it.
#[tauri::command]
#[specta::specta]
pub async fn answer_draw(
    state: State<'_, Launch>,
    game_id: String,
    accept: bool,
) -> Result<GameView, AppError> {
    off_main(&state, move |state| state.answer_draw(&game_id, accept)).await
}

/// Between friends: the side asked for a take-back accepts it or declines it.
#[tauri::command]
#[specta::specta]
pub async fn answer_take_back(
    state: State<'_, Launch>,
    game_id: String,
    accept: bool,
) -> Result<GameView, AppError> {
    off_main(&state, move |state| {
        state.answer_take_back(&game_id, accept)
    })
    .await
}

/// The player left the play screen: the bot stops thinking (the game stays saved).
#[tauri::command]
#[specta::specta]
pub async fn leave_game(state: State<'_, Launch>, game_id: String) -> Result<(), AppError> {
    // Before the state is open no search can run.
    if let Some(state) = state.get() {
        state.leave_game(&game_id);
    }
    Ok(())
}

/// The board of a game (in progress or finished) after `ply` moves, to step through it.
#[tauri::command]
#[specta::specta]
pub async fn board_at(
    state: State<'_, Launch>,
    game_id: String,
    ply: u32,
) -> Result<BoardView, AppError> {
    off_main(&state, move |state| state.board_at(&game_id, ply)).await
}

/// A finished game, to review it.
#[tauri::command]
#[specta::specta]
pub async fn finished_game(
    state: State<'_, Launch>,
    game_id: String,
) -> Result<GameView, AppError> {
    off_main(&state, move |state| state.finished_game(&game_id)).await
}

/// Finished games, newest first: `limit` of them after `before` (the `next` of the page
/// before; `null` for the newest). Read from their stored summaries, never replayed.
#[tauri::command]
#[specta::specta]
pub async fn finished_games(
    state: State<'_, Launch>,
    before: Option<PageCursor>,
    limit: u32,
) -> Result<FinishedPage, AppError> {
    off_main(&state, move |state| {
        state.finished_games(before.as_ref(), limit)
    })
    .await
}

#[tauri::command]
#[specta::specta]
pub async fn set_settings(
    state: State<'_, Launch>,
    settings: Settings,
) -> Result<Settings, AppError> {
    off_main(&state, move |state| state.set_settings(settings)).await
}
