//! The commands the UI calls: every command of the core's list (`ultima_core::with_commands!`)
//! as a Tauri command, and `watch_games`, which carries the UI's channel. Every command is
//! `async` and does its work on a blocking thread, so that saving (and reading the history
//! database) never holds up the main thread, which draws the window. Every command that
//! changes something saves before it answers.

use tauri::ipc::Channel;
use tauri::State;

use crate::error::{AppError, StorageWhat};
use crate::events::GameEvent;
use crate::state::{AppState, Launch};

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
        })
    })
    .await
}

/// The core's commands, each on a blocking thread.
macro_rules! tauri_commands {
    ($( $(#[$doc:meta])* $name:ident ( $($arg:ident : $ty:ty),* ) -> $answer:ty; )*) => {
        $(
            $(#[$doc])*
            #[tauri::command]
            #[specta::specta]
            pub async fn $name(
                state: State<'_, Launch>,
                $($arg: $ty),*
            ) -> Result<$answer, AppError> {
                off_main(&state, move |state| state.$name($($arg),*)).await
            }
        )*
    };
}

ultima_core::with_commands!(tauri_commands);
