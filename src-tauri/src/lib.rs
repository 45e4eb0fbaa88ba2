//! The Ultima app shell on the desktop (and mobile): the app's one core (`ultima-core`) with
//! the desktop as its platform, and Tauri around it. No app logic lives here.
//!
//! - `state`: the desktop platform (the store file and the history database, the system's
//!   time) and the core under its lock, with what runs the work it hands out: the bot's thread
//!   (`bot`), the clock's timer thread (`timer`), the UI's channel.
//! - `commands`: every command of the core's list as a Tauri command, and `watch_games`.
//! - `analysis`: `analyse_game` and `stop_analysis`, the core's analysis job on a thread.
//! - `persistence` + `durable` + `store`: the store file (tauri-plugin-store) with its format
//!   version, guarded against torn writes.
//! - `history`: the finished games, puzzle attempts and analyses in SQLite (`ultima-history`).
//! - `online`: online play (`ultima-online`): the connection to a server, or the server inside
//!   the app, held in a task that pushes the game's changes to the UI.
//! - `course`, `puzzles`: their tests, through the app's state.
//! - `bindings`: the command list handed to Tauri, and the TypeScript bindings generated from it
//!   (`ui/src/bindings.ts`).

mod analysis;
mod bindings;
mod bot;
#[cfg(test)]
mod both_shells;
mod commands;
mod course;
mod durable;
mod history;
mod online;
mod persistence;
mod puzzles;
mod state;
mod store;
#[cfg(test)]
mod tests;
mod timer;

// The app's state and views without Tauri (`ultima-app-state`), named from the crate's root as
// the app's own modules.
use ultima_app_state::{error, events, notice, stored};

use tauri::{Manager, RunEvent};
use tauri_plugin_store::StoreExt;

pub use bindings::specta_builder;

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let builder = specta_builder();
    let app = tauri::Builder::default()
        .plugin(tauri_plugin_store::Builder::default().build())
        .invoke_handler(builder.invoke_handler())
        .setup(|app| {
            let launch = state::Launch::default();
            app.manage(launch.clone());
            let handle = app.handle().clone();
            let folder = app.path().app_data_dir();
            app.manage(online::Online::new(folder.as_ref().ok().cloned()));
            // Off the main thread, so that the window shows while the data opens.
            std::thread::Builder::new()
                .name("ultima-open".into())
                .spawn(move || {
                    // Without its store the app still opens, to say why it cannot start.
                    let state = match folder {
                        Ok(folder) => state::AppState::open(&folder, move |path| {
                            handle
                                .store_builder(path)
                                .disable_auto_save()
                                .build()
                                .map(|store| {
                                    Box::new(store::PluginStore(store)) as Box<dyn store::KeyValue>
                                })
                                .map_err(|error| error.to_string())
                        }),
                        Err(error) => state::AppState::unavailable(error::AppError::storage(
                            error::StorageWhat::DataFolder,
                            error,
                        )),
                    };
                    launch.opened(state);
                })?;
            Ok(())
        })
        .build(tauri::generate_context!());
    match app {
        Ok(app) => app.run(|handle, event| {
            if let RunEvent::ExitRequested { .. } = event {
                // The friend of an online game sees at once that this side left.
                if let Some(online) = handle.try_state::<online::Online>() {
                    online.close();
                }
                if let Some(state) = handle
                    .try_state::<state::Launch>()
                    .and_then(|launch| launch.get())
                {
                    state.bot().cancel();
                }
            }
        }),
        Err(error) => eprintln!("Ultima could not start: {error}"),
    }
}
