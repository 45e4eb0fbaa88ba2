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

#[derive(Clone)]
pub struct Data {
    pub settings: Settings,
    pub current: Option<Session>,
    pub finished: Vec<SavedGame>,
    pub notices: Vec<String>,
}

impl Data {
    /// Puts the current game among the finished games once it has ended (once only).
    pub fn file_finished_current(&mut self) {
        if let Some(session) = &self.current {
            if session.ended_at.is_some() && !self.finished.iter().any(|g| g.id == session.id) {
                self.finished.insert(0, session.to_saved());
            }
        }
    }
}

pub struct AppState {
    data: Mutex<Data>,
    pub bot: BotRunner,
    /// The store, or why it could not be opened (then nothing can be saved, and the UI says so
    /// instead of starting).
    persistence: Result<Persistence<Wry>, AppError>,
}

impl AppState {
    pub fn new(persistence: Persistence<Wry>, loaded: Loaded) -> AppState {
        let mut notices = loaded.notices;
        let current = loaded
            .current
            .and_then(|saved| match Session::from_saved(&saved) {
                Ok(session) => Some(session),
                Err(error) => {
                    let aside = serde_json::to_value(&saved)
                        .map(|value| persistence.set_aside("currentGame", value))
                        .unwrap_or_default();
                    notices.push(format!(
                        "{} It is kept in {} under \"{aside}\".",
                        error.message,
                        persistence.path().display()
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
            persistence: Ok(persistence),
        }
    }

    /// The state of an app whose store could not be opened.
    pub fn unavailable(error: AppError) -> AppState {
        AppState {
            data: Mutex::new(Data {
                settings: Settings::default(),
                current: None,
                finished: Vec::new(),
                notices: Vec::new(),
            }),
            bot: BotRunner::default(),
            persistence: Err(error),
        }
    }

    /// Why nothing can be saved, if so.
    pub fn unavailable_reason(&self) -> Option<AppError> {
        self.persistence.as_ref().err().cloned()
    }

    pub fn data(&self) -> Result<MutexGuard<'_, Data>, AppError> {
        self.data.lock().map_err(|_| {
            AppError::new(
                ErrorKind::Storage,
                "The app's state was damaged by an earlier error; please restart the app.",
            )
        })
    }

    /// Changes the data and saves it; when the save fails, the change is undone (in memory and
    /// in the store's memory) so that what the player sees is always what is saved.
    pub fn change<T>(
        &self,
        change: impl FnOnce(&mut Data) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let mut data = self.data()?;
        let before = data.clone();
        let answer = change(&mut data).and_then(|answer| self.save(&mut data).map(|()| answer));
        if answer.is_err() {
            *data = before;
            if let Ok(persistence) = &self.persistence {
                let current = data.current.as_ref().map(Session::to_saved);
                let _ = persistence.stage(&data.settings, current.as_ref(), &data.finished);
            }
        }
        answer
    }

    /// Saves everything. A finished current game joins the finished list once.
    fn save(&self, data: &mut Data) -> Result<(), AppError> {
        data.file_finished_current();
        let persistence = self.persistence.as_ref().map_err(Clone::clone)?;
        let current = data.current.as_ref().map(Session::to_saved);
        persistence.save(&data.settings, current.as_ref(), &data.finished)
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
