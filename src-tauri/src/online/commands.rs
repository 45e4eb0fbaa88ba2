//! Online play's commands: thin, each hands over to [`Online`](super::Online); the connection
//! and its task live there. Async (the network is waited for on Tauri's runtime, never the
//! main thread).

use tauri::ipc::Channel;
use tauri::State;

use super::wire::{HostView, OnlineAction, OnlineEvent, OnlineSettings, OnlineStatus, OnlineView};
use super::Online;
use crate::error::{AppError, StorageWhat};
use crate::state::{AppState, Launch};
use ultima_game::wire::BoardView;
use ultima_online::protocol::{ClockSetting, ColorChoice, Correspondence};
use ultima_rules::Reading;

/// The app's state once it is open (waited for off the main thread).
async fn opened(launch: &State<'_, Launch>) -> Result<AppState, AppError> {
    let launch = launch.inner().clone();
    tauri::async_runtime::spawn_blocking(move || launch.wait())
        .await
        .map_err(|e| AppError::storage(StorageWhat::StateDamaged, e))
}

/// The settings, the online games and the server inside the app (if it runs).
#[tauri::command]
#[specta::specta]
pub async fn online_status(
    launch: State<'_, Launch>,
    online: State<'_, Online>,
) -> Result<OnlineStatus, AppError> {
    let app = opened(&launch).await?;
    online.status(&app)
}

/// Registers the UI's channel for the online games' changes (once, at start-up; again
/// replaces it). The games saved at the last run are resumed now.
#[tauri::command]
#[specta::specta]
pub async fn watch_online(
    launch: State<'_, Launch>,
    online: State<'_, Online>,
    channel: Channel<OnlineEvent>,
) -> Result<(), AppError> {
    let app = opened(&launch).await?;
    online
        .watch(&app, move |event| {
            if let Err(error) = channel.send(event) {
                eprintln!("ultima: the UI's channel refused an online update: {error}");
            }
        })
        .await
}

#[tauri::command]
#[specta::specta]
pub async fn set_online_settings(
    launch: State<'_, Launch>,
    online: State<'_, Online>,
    settings: OnlineSettings,
) -> Result<OnlineSettings, AppError> {
    let app = opened(&launch).await?;
    online.set_settings(&app, settings)
}

/// Starts the server inside the app on `port` ("Host on this network").
#[tauri::command]
#[specta::specta]
pub async fn online_host(
    launch: State<'_, Launch>,
    online: State<'_, Online>,
    port: u16,
) -> Result<HostView, AppError> {
    let app = opened(&launch).await?;
    online.host(&app, port).await
}

#[tauri::command]
#[specta::specta]
pub async fn online_stop_hosting(
    launch: State<'_, Launch>,
    online: State<'_, Online>,
) -> Result<(), AppError> {
    let app = opened(&launch).await?;
    online.stop_hosting(&app).await;
    Ok(())
}

/// A new game (on the server of the settings, or `hosted`: on the one inside the app), with a
/// clock, or days per move (`correspondence`), or neither, played by `reading`'s rules; the
/// view has the invite for the friend.
#[tauri::command]
#[specta::specta]
pub async fn online_create(
    launch: State<'_, Launch>,
    online: State<'_, Online>,
    color: ColorChoice,
    clock: Option<ClockSetting>,
    correspondence: Option<Correspondence>,
    reading: Reading,
    hosted: bool,
) -> Result<OnlineView, AppError> {
    let app = opened(&launch).await?;
    online
        .create(&app, color, clock, correspondence, reading, hosted)
        .await
}

/// Joins the friend's game on `server` with the invite.
#[tauri::command]
#[specta::specta]
pub async fn online_join(
    launch: State<'_, Launch>,
    online: State<'_, Online>,
    server: String,
    invite: String,
) -> Result<OnlineView, AppError> {
    let app = opened(&launch).await?;
    online.join(&app, &server, &invite).await
}

/// Online game `game_id` (`online-…`) as it is now.
#[tauri::command]
#[specta::specta]
pub async fn online_game(
    online: State<'_, Online>,
    game_id: String,
) -> Result<OnlineView, AppError> {
    online.view(&game_id)
}

#[tauri::command]
#[specta::specta]
pub async fn online_board_at(
    online: State<'_, Online>,
    game_id: String,
    ply: u32,
) -> Result<BoardView, AppError> {
    online.board_at(&game_id, ply)
}

/// This side's move in game `game_id`; answers once the server has stored it.
#[tauri::command]
#[specta::specta]
pub async fn online_play(
    online: State<'_, Online>,
    game_id: String,
    from: String,
    to: String,
) -> Result<OnlineView, AppError> {
    online.play(&game_id, &from, &to).await
}

/// Resigns, offers or answers a draw, a take-back or a rematch, or claims the win; answers with
/// the state after it.
#[tauri::command]
#[specta::specta]
pub async fn online_act(
    online: State<'_, Online>,
    game_id: String,
    action: OnlineAction,
) -> Result<OnlineView, AppError> {
    let message = action.message();
    online.act(&game_id, message).await
}

/// The player left online game `game_id`'s screen: a finished game is put away here.
#[tauri::command]
#[specta::specta]
pub async fn online_leave(
    launch: State<'_, Launch>,
    online: State<'_, Online>,
    game_id: String,
) -> Result<(), AppError> {
    let app = opened(&launch).await?;
    online.leave(&app, &game_id)
}
