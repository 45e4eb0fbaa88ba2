//! The Ultima app shell on the desktop (and mobile): the app's one core (`ultima-core`) on the
//! native platform (`ultima-native`: the store file, the history in SQLite, the bot's thread,
//! the clock's timer), and Tauri around it. An adapter: no app logic lives here.
//!
//! - `state`: the core under its lock, on `ultima-native`'s platform, with what runs the work
//!   it hands out: that crate's bot and timer runners, the UI's channel.
//! - `commands`: every command of the core's list as a Tauri command, and `watch_games`.
//! - `analysis`: `analyse_game` and `stop_analysis`, the core's analysis job on a thread.
//! - `store`: tauri-plugin-store as the native platform's store file (`KeyValue`).
//! - `online`: online play's connection (`ultima-online`'s client; the game itself is the core's), or the server inside
//!   the app, held in a task that pushes the game's changes to the UI.
//! - `course`, `puzzles`: their tests, through the app's state.
//! - `bindings`: the command list handed to Tauri, and the TypeScript bindings generated from it
//!   (`ui/src/bindings.ts`).

mod analysis;
mod bindings;
#[cfg(test)]
mod both_shells;
mod commands;
mod course;
mod online;
mod puzzles;
mod state;
mod store;
#[cfg(test)]
mod tests;

// The app's state and views without Tauri (`ultima-app-state`), named from the crate's root as
// the app's own modules.
use ultima_app_state::{error, events};

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
                                    Box::new(store::PluginStore(store))
                                        as Box<dyn ultima_native::KeyValue>
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
