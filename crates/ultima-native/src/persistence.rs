//! The small state of the moment in the store file (a [`KeyValue`]: tauri-plugin-store's in the
//! desktop app): the saved record of `ultima_app_state::record` (settings, the game in progress,
//! the course's and the trainer's entries), saved after every change. `durable` guards the file
//! against torn writes. What grows (finished games) lives in SQLite (`history`).
//!
//! Version 1 (releases up to 0.1) also held every finished game under `finishedGames`; they
//! are moved into the history database at the first start after the update (see
//! the shell's `AppState::open`). A file from a newer version is refused and left
//! untouched: the app then runs without saving.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::durable;
use crate::store::KeyValue;
use serde_json::Value;
use ultima_app_state::error::{AppError, StorageWhat};
use ultima_app_state::notice::Notice;
use ultima_app_state::record::{self, Entries, Loaded, Saves, KEY_VERSION, VERSION};
use ultima_app_state::stored::{self, LegacyFinished};

pub const FILE: &str = "ultima.json";
/// Version 1 only: the finished games, now in the history database.
const KEY_FINISHED: &str = "finishedGames";

pub struct Persistence {
    /// `None` when the file comes from a newer version: nothing is ever written then.
    store: Option<Box<dyn KeyValue>>,
    path: PathBuf,
    /// The format the file was found in (0: no file).
    found_version: u32,
    /// Held while the file is backed up and written: the game and the course save from
    /// threads of their own, and one save must not back up the other's half-written file.
    writing: Mutex<()>,
}

impl Persistence {
    /// Opens the store file in `folder`, repairing a torn file first (see `durable`); `build`
    /// opens the store on the checked file (the plugin's store in the app). With what it held,
    /// and the finished games of a version 1 file, still to be moved into the history database.
    pub fn open(
        folder: &Path,
        build: impl FnOnce(&Path) -> Result<Box<dyn KeyValue>, String>,
    ) -> Result<(Persistence, Loaded, Vec<LegacyFinished>), AppError> {
        std::fs::create_dir_all(folder).map_err(|e| {
            AppError::storage(
                StorageWhat::DataFolder,
                format!("{}: {e}", folder.display()),
            )
        })?;
        let path = folder.join(FILE);
        let recovery = durable::prepare(&path).map_err(|e| {
            AppError::storage(StorageWhat::SaveFile, format!("{}: {e}", path.display()))
        })?;
        if recovery != durable::Recovery::Clean {
            eprintln!("ultima: the save file was repaired: {recovery:?}");
        }
        let mut loaded = Loaded::default();
        loaded.notices.extend(recovery.notice());
        let version = file_version(&path);
        if version > VERSION {
            // Not even the plugin may open it: it writes every store it holds when the app
            // exits.
            loaded
                .notices
                .push(Notice::SaveFromNewerVersion { version });
            return Ok((
                Persistence {
                    store: None,
                    path,
                    found_version: version,
                    writing: Mutex::new(()),
                },
                loaded,
                Vec::new(),
            ));
        }
        let store = build(&path).map_err(|e| AppError::storage(StorageWhat::SaveFile, e))?;
        // Each entry on its own, so one unreadable entry does not cost the others.
        record::read_game(store.as_ref(), &mut loaded);
        let persistence = Persistence {
            found_version: version,
            store: Some(store),
            path,
            writing: Mutex::new(()),
        };
        let legacy_finished = persistence.read_legacy_finished(&mut loaded);
        if let Some(store) = &persistence.store {
            record::read_course(store.as_ref(), &mut loaded);
            record::read_puzzles(store.as_ref(), &mut loaded);
        }
        Ok((persistence, loaded, legacy_finished))
    }

    /// Whether the file was found in an older format (to be written in this one).
    pub fn is_older_format(&self) -> bool {
        self.found_version != 0 && self.found_version < VERSION
    }

    /// Whether this session must not write (the file comes from a newer version).
    pub fn is_read_only(&self) -> bool {
        self.store.is_none()
    }

    /// The finished games of a version 1 file; those that do not read stay in the file under
    /// a `damaged-…` key and the player is told.
    fn read_legacy_finished(&self, loaded: &mut Loaded) -> Vec<LegacyFinished> {
        let mut legacy = Vec::new();
        let Some(saved) = self.entry(KEY_FINISHED) else {
            return legacy;
        };
        let entries = match saved {
            Value::Array(entries) => entries,
            other => vec![other],
        };
        let mut damaged = Vec::new();
        for entry in entries {
            match stored::read_legacy_finished(&entry) {
                Some(game) => legacy.push(game),
                None => damaged.push(entry),
            }
        }
        if !damaged.is_empty() {
            let count = u32::try_from(damaged.len()).unwrap_or(u32::MAX);
            self.set_aside(KEY_FINISHED, Value::Array(damaged));
            loaded
                .notices
                .push(Notice::FinishedGamesUnreadable { count });
        }
        legacy
    }

    /// Keeps `value` in the file under a key of its own (`damaged-<key>-<n>`), never to be
    /// overwritten or read again by the app, and returns that key.
    pub fn set_aside(&self, key: &str, value: Value) -> Option<String> {
        record::set_aside(self.store.as_deref()?, key, value)
    }

    /// The finished games of a version 1 file are in the history database now: the next save
    /// leaves them out.
    pub fn forget_legacy_finished(&self) {
        if let Some(store) = &self.store {
            store.delete(KEY_FINISHED);
        }
    }

    /// The entry under `key` as the store holds it now (online play's, which reads its own).
    pub fn entry(&self, key: &str) -> Option<Value> {
        self.store.as_ref()?.get(key)
    }

    /// Saves `value` under `key` (`None`: the entry goes), as the other entries are saved.
    pub fn save_entry(&self, key: &str, value: Option<Value>) -> Result<(), AppError> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        store.set(KEY_VERSION, Value::from(VERSION));
        match value {
            Some(value) => store.set(key, value),
            None => store.delete(key),
        }
        self.write()
    }
}

/// The app saves each change to its file: the settings and the game in progress, the course's
/// and the trainer's entries, backing up the last complete file first. In read-only mode
/// nothing is written (the player was told at start-up). The plugin writes its memory when the
/// app exits, so the store's memory must always hold what the player was last told is saved.
impl Saves for Persistence {
    fn entries(&self) -> Option<&dyn Entries> {
        self.store.as_deref().map(|store| store as &dyn Entries)
    }

    /// Backs up the last complete file and writes the store's memory (all of it: what the game
    /// and the course staged).
    fn write(&self) -> Result<(), AppError> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        let _writing = self
            .writing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        durable::back_up(&self.path).map_err(|e| AppError::storage(StorageWhat::Backup, e))?;
        store
            .save()
            .map_err(|e| AppError::storage(StorageWhat::Save, e))
    }
}

/// The format version of the file at `path` (see [`record::version_of`]), 0 for no file.
fn file_version(path: &Path) -> u32 {
    let Ok(bytes) = std::fs::read(path) else {
        return 0;
    };
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(entries)) => record::version_of(&entries),
        _ => 0,
    }
}
