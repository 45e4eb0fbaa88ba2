//! The Ultima app shell: Tauri commands that bridge the board UI and the Rust engine, and the
//! store that keeps the player's games and settings. The same code runs on desktop and mobile.

mod bindings;
mod bot;
mod commands;
mod durable;
mod error;
mod persistence;
mod session;
mod settings;
mod state;
mod views;

use tauri::{Manager, RunEvent};

pub use bindings::specta_builder;

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let builder = specta_builder();
    let app = tauri::Builder::default()
        .plugin(tauri_plugin_store::Builder::default().build())
        .invoke_handler(builder.invoke_handler())
        .setup(|app| {
            // Without its store the app still opens, to say why it cannot start.
            let state = match persistence::Persistence::open(app.handle()) {
                Ok((persistence, loaded)) => state::AppState::new(persistence, loaded),
                Err(error) => state::AppState::unavailable(error),
            };
            app.manage(state);
            Ok(())
        })
        .build(tauri::generate_context!());
    match app {
        Ok(app) => app.run(|handle, event| {
            if let RunEvent::ExitRequested { .. } = event {
                if let Some(state) = handle.try_state::<state::AppState>() {
                    state.bot.cancel();
                }
            }
        }),
        Err(error) => eprintln!("Ultima could not start: {error}"),
    }
}
