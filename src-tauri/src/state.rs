//! The app's state, handed to Tauri with `.manage()`: settings, the game in progress, the
//! finished games, the bot, and the store they are saved in after every change.

use std::sync::{Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use tauri::Wry;

use crate::bot::BotRunner;
use crate::error::{AppError, ErrorKind};
use crate::persistence::{Loaded, Persistence};
use crate::session::{SavedGame, Session};
use crate::settings::Settings;

pub struct Data {
    pub settings: Settings,
    pub current: Option<Session>,
    pub finished: Vec<SavedGame>,
    pub notices: Vec<String>,
}

pub struct AppState {
    data: Mutex<Data>,
    pub bot: BotRunner,
    persistence: Persistence<Wry>,
}

impl AppState {
    pub fn new(persistence: Persistence<Wry>, loaded: Loaded) -> AppState {
        let mut notices = loaded.notices;
        let current = loaded
            .current
            .and_then(|saved| match Session::from_saved(&saved) {
                Ok(session) => Some(session),
                Err(error) => {
                    notices.push(format!(
                        "{} The game was left in the file untouched.",
                        error.message
                    ));
                    None
                }
            });
        AppState {
            data: Mutex::new(Data {
                settings: loaded.settings,
                current,
                finished: loaded.finished,
                notices,
            }),
            bot: BotRunner::default(),
            persistence,
        }
    }

    pub fn data(&self) -> Result<MutexGuard<'_, Data>, AppError> {
        self.data.lock().map_err(|_| {
            AppError::new(
                ErrorKind::Storage,
                "The app's state was damaged by an earlier error; please restart the app.",
            )
        })
    }

    /// Saves everything. A finished current game joins the finished list once.
    pub fn save(&self, data: &mut Data) -> Result<(), AppError> {
        if let Some(session) = &data.current {
            if session.ended_at.is_some() && !data.finished.iter().any(|g| g.id == session.id) {
                data.finished.insert(0, session.to_saved());
            }
        }
        let current = data.current.as_ref().map(Session::to_saved);
        self.persistence
            .save(&data.settings, current.as_ref(), &data.finished)
    }
}

/// Milliseconds since 1970, as JavaScript counts time.
pub fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as f64)
        .unwrap_or(0.0)
}

/// A fresh identifier for a game: the time and a counter, unique on this device.
pub fn new_game_id() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    format!(
        "g{}-{}",
        now_ms() as u64,
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// A seed for the bot's and the coin's randomness.
pub fn seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5eed)
}
