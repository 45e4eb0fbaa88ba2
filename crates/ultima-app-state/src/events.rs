//! Updates Rust pushes to the UI without being asked: the bot's turn (and later a remote
//! opponent's). The UI registers one `tauri::ipc::Channel<GameEvent>` with `watch_games`.

use std::sync::{Arc, Mutex};

use serde::Serialize;
use specta::Type;

use crate::error::AppError;
use ultima_game::wire::GameView;

#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum GameEvent {
    /// The game changed without the UI asking (the bot moved); it is saved.
    Changed { game: GameView },
    /// The bot started thinking about its move in this game.
    BotThinking { game_id: String },
    /// The bot's move in this game could not be made or saved; the game is as it was.
    Failed { game_id: String, error: AppError },
}

type Sink = Arc<dyn Fn(GameEvent) + Send + Sync>;

/// Where events go: the UI's channel once it registered one, nowhere before.
#[derive(Default)]
pub struct Events {
    sink: Mutex<Option<Sink>>,
}

impl Events {
    pub fn register(&self, sink: impl Fn(GameEvent) + Send + Sync + 'static) {
        *self.lock() = Some(Arc::new(sink));
    }

    pub fn is_watched(&self) -> bool {
        self.lock().is_some()
    }

    pub fn send(&self, event: GameEvent) {
        // Not called under the lock: a sink may take its time.
        let sink = self.lock().clone();
        if let Some(sink) = sink {
            sink(event);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Sink>> {
        self.sink
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
