//! The player's data in the store (tauri-plugin-store): settings, the game in progress and
//! the finished games, saved after every change. `durable` guards the file against torn writes.

use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;
use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_store::{Store, StoreExt};

use crate::durable;
use crate::error::AppError;
use crate::session::SavedGame;
use crate::settings::Settings;

const FILE: &str = "ultima.json";
const KEY_VERSION: &str = "version";
const KEY_SETTINGS: &str = "settings";
const KEY_CURRENT: &str = "currentGame";
const KEY_FINISHED: &str = "finishedGames";
const VERSION: u32 = 1;

/// What was in the store at start-up.
#[derive(Default)]
pub struct Loaded {
    pub settings: Settings,
    pub current: Option<SavedGame>,
    pub finished: Vec<SavedGame>,
    /// Something the player must be told (a repaired file, an entry that could not be read).
    pub notices: Vec<String>,
}

pub struct Persistence<R: Runtime> {
    store: Arc<Store<R>>,
    path: PathBuf,
}

impl<R: Runtime> Persistence<R> {
    /// Opens the store, repairing a damaged file first (see `durable`).
    pub fn open(app: &AppHandle<R>) -> Result<(Persistence<R>, Loaded), AppError> {
        let folder = app
            .path()
            .app_data_dir()
            .map_err(|e| AppError::storage("The app's data folder could not be found", e))?;
        std::fs::create_dir_all(&folder).map_err(|e| {
            AppError::storage(
                &format!("The folder {} could not be created", folder.display()),
                e,
            )
        })?;
        let path = folder.join(FILE);
        let recovery = durable::prepare(&path).map_err(|e| {
            AppError::storage(
                &format!("The save file {} could not be checked", path.display()),
                e,
            )
        })?;
        let store = app
            .store_builder(&path)
            .disable_auto_save()
            .build()
            .map_err(|e| AppError::storage("The save file could not be opened", e))?;
        let persistence = Persistence { store, path };
        let mut loaded = Loaded::default();
        loaded.notices.extend(recovery.notice());
        persistence.read_into(&mut loaded);
        Ok((persistence, loaded))
    }

    /// Reads each entry on its own, so one unreadable entry does not cost the others. An entry
    /// that cannot be read stays in the file under a `damaged-…` key and the player is told.
    fn read_into(&self, loaded: &mut Loaded) {
        let notices = &mut loaded.notices;
        if let Some(settings) = self.read(
            KEY_SETTINGS,
            "your settings",
            notices,
            Settings::from_stored,
        ) {
            loaded.settings = settings;
        }
        loaded.current = self.read(
            KEY_CURRENT,
            "the game in progress",
            notices,
            serde_json::from_value,
        );
        let finished: Vec<serde_json::Value> = self
            .read(
                KEY_FINISHED,
                "the finished games",
                notices,
                serde_json::from_value,
            )
            .unwrap_or_default();
        let mut damaged = Vec::new();
        for entry in finished {
            match serde_json::from_value::<SavedGame>(entry.clone()) {
                Ok(game) => loaded.finished.push(game),
                Err(_) => damaged.push(entry),
            }
        }
        if !damaged.is_empty() {
            let count = damaged.len();
            let aside = self.set_aside(KEY_FINISHED, serde_json::Value::Array(damaged));
            notices.push(format!(
                "{count} finished game(s) could not be read; they are kept in {} under \"{aside}\".",
                self.path.display()
            ));
        }
    }

    fn read<T>(
        &self,
        key: &str,
        what: &str,
        notices: &mut Vec<String>,
        parse: impl Fn(serde_json::Value) -> Result<T, serde_json::Error>,
    ) -> Option<T> {
        let value = self.store.get(key)?;
        match parse(value.clone()) {
            Ok(read) => Some(read),
            Err(error) => {
                let aside = self.set_aside(key, value);
                notices.push(format!(
                    "{} could not be read ({error}); it is kept in {} under \"{aside}\".",
                    capitalise(what),
                    self.path.display()
                ));
                None
            }
        }
    }

    /// Keeps `value` in the file under a key of its own (`damaged-<key>-<n>`), never to be
    /// overwritten or read again by the app, and returns that key.
    pub fn set_aside(&self, key: &str, value: serde_json::Value) -> String {
        let aside = (1..)
            .map(|n| format!("damaged-{key}-{n}"))
            .find(|candidate| !self.store.has(candidate))
            .unwrap_or_else(|| format!("damaged-{key}"));
        self.store.set(aside.clone(), value);
        aside
    }

    /// Where the save file is.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Saves everything, backing up the last complete file first.
    pub fn save(
        &self,
        settings: &Settings,
        current: Option<&SavedGame>,
        finished: &[SavedGame],
    ) -> Result<(), AppError> {
        self.stage(settings, current, finished)?;
        durable::back_up(&self.path)
            .map_err(|e| AppError::storage("The backup copy could not be written", e))?;
        self.store
            .save()
            .map_err(|e| AppError::storage("Your game could not be saved", e))
    }

    /// Puts everything in the store's memory without writing it (the plugin writes its memory
    /// when the app exits, so this must always hold what the player was last told is saved).
    pub fn stage(
        &self,
        settings: &Settings,
        current: Option<&SavedGame>,
        finished: &[SavedGame],
    ) -> Result<(), AppError> {
        self.store.set(KEY_VERSION, VERSION);
        self.store.set(KEY_SETTINGS, to_json(settings)?);
        match current {
            Some(game) => self.store.set(KEY_CURRENT, to_json(game)?),
            None => {
                self.store.delete(KEY_CURRENT);
            }
        }
        self.store.set(KEY_FINISHED, to_json(&finished)?);
        Ok(())
    }
}

fn to_json<T: Serialize>(value: &T) -> Result<serde_json::Value, AppError> {
    serde_json::to_value(value)
        .map_err(|e| AppError::storage("Your data could not be prepared for saving", e))
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
