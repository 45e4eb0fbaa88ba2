//! The Ultima app shell: Tauri commands that bridge the board UI and the game core, and the
//! places the player's data is kept. The same code runs on desktop and mobile.
//!
//! - `commands`: the commands the UI calls, all async, their work on blocking threads.
//! - `state`: the game in progress and the settings (saved after every change), the finished
//!   games, the bot's turn and the clock's flag, driven by Rust and pushed through `events`.
//! - `persistence` + `durable` + `store`: the store file (tauri-plugin-store) with its format
//!   version, guarded against torn writes.
//! - `history`: the finished games in SQLite (`ultima-history`), listed a page at a time.
//! - `course`: the rules course (`ultima-course`): its commands, views, and its progress and
//!   task open in the store.
//! - `online`: online play (`ultima-online`): the connection to a server, or the server inside
//!   the app, held in a task that pushes the game's changes to the UI.
//! - `puzzles`: the puzzle trainer (`ultima-puzzles`): its commands, views, the player's
//!   rating and the puzzle in progress in the store, the attempts in the history database.
//! - `analysis`: game analysis (`ultima-analysis`): its commands, run on a blocking thread with
//!   its progress pushed, stoppable, kept with the game in the history database.
//! - from `ultima-app-state` (the state and views the browser's backend shares): `error`,
//!   `notice` (what the UI is told, as codes it words itself), `events`, `settings`, `stored`
//!   (the game core's stored types read back), and each screen's `wire` and `stored` modules.
//! - `bindings`: the TypeScript bindings generated from all this (`ui/src/bindings.ts`).

mod analysis;
mod bindings;
mod bot;
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
use ultima_app_state::{error, events, notice, settings, stored};

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
