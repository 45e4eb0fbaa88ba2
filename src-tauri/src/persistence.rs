//! The small state of the moment in the store (tauri-plugin-store): settings and the game in
//! progress, saved after every change, with a format version that is read. `durable` guards
//! the file against torn writes. What grows (finished games) lives in SQLite (`history`).
//!
//! Formats: version 1 (releases up to 0.1) also held every finished game under
//! `finishedGames`; they are moved into the history database at the first start after the
//! update (see `state::AppState::import_legacy_finished`). A file from a newer version is
//! refused and left untouched: the app then runs without saving. The course's entries
//! (`courseProgress`, `courseTask`: see `course::stored`) came within version 2: a build that
//! does not know them keeps them as they are; so did the trainer's (`puzzleRating`,
//! `puzzleCurrent`: see `puzzles::stored`).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde_json::Value;
use ultima_course::Progress;

use crate::course::stored::{self as course_stored, StoredTask, KEY_PROGRESS, KEY_TASK};
use crate::durable;
use crate::error::{AppError, StorageWhat};
use crate::notice::Notice;
use crate::puzzles::stored::{self as puzzle_stored, StoredRating, StoredRun};
use crate::settings::Settings;
use crate::store::KeyValue;
use crate::stored::{self, CurrentRead, LegacyFinished};
use ultima_game::Session;

pub const FILE: &str = "ultima.json";
const KEY_VERSION: &str = "version";
const KEY_SETTINGS: &str = "settings";
const KEY_CURRENT: &str = "currentGame";
/// Version 1 only: the finished games, now in the history database.
const KEY_FINISHED: &str = "finishedGames";
/// The format this build writes.
pub const VERSION: u32 = 2;

/// What was in the store at start-up.
#[derive(Default)]
pub struct Loaded {
    pub settings: Settings,
    pub current: Option<Session>,
    /// Finished games of a version 1 file, still to be moved into the history database.
    pub legacy_finished: Vec<LegacyFinished>,
    /// What the player must be told.
    pub notices: Vec<Notice>,
    /// The rules course's progress (empty when there was none or it did not read).
    pub course_progress: Progress,
    /// The course's task open, with the moves of its try.
    pub course_task: Option<StoredTask>,
    /// The player's puzzle rating (the starting one when there was none or it did not read).
    pub puzzle_rating: StoredRating,
    /// The puzzle open, with the moves of its try.
    pub puzzle_current: Option<StoredRun>,
}

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
    /// opens the store on the checked file (the plugin's store in the app).
    pub fn open(
        folder: &Path,
        build: impl FnOnce(&Path) -> Result<Box<dyn KeyValue>, String>,
    ) -> Result<(Persistence, Loaded), AppError> {
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
            ));
        }
        let store = build(&path).map_err(|e| AppError::storage(StorageWhat::SaveFile, e))?;
        let persistence = Persistence {
            found_version: version,
            store: Some(store),
            path,
            writing: Mutex::new(()),
        };
        persistence.read_into(&mut loaded);
        Ok((persistence, loaded))
    }

    /// Whether the file was found in an older format (to be written in this one).
    pub fn is_older_format(&self) -> bool {
        self.found_version != 0 && self.found_version < VERSION
    }

    /// Whether this session must not write (the file comes from a newer version).
    pub fn is_read_only(&self) -> bool {
        self.store.is_none()
    }

    /// Reads each entry on its own, so one unreadable entry does not cost the others. What
    /// cannot be read stays in the file under a `damaged-…` key and the player is told.
    fn read_into(&self, loaded: &mut Loaded) {
        let Some(store) = &self.store else {
            return;
        };
        if let Some(saved) = store.get(KEY_SETTINGS) {
            let (settings, reset) = Settings::from_stored(&saved);
            loaded.settings = settings;
            if !reset.is_empty() {
                self.set_aside(KEY_SETTINGS, saved);
                loaded
                    .notices
                    .push(Notice::SettingsPartlyReset { fields: reset });
            }
        }
        if let Some(saved) = store.get(KEY_CURRENT) {
            match stored::read_current(&saved) {
                CurrentRead::Whole(session) => loaded.current = Some(session),
                CurrentRead::CutShort {
                    session,
                    kept_moves,
                    total_moves,
                } => {
                    self.set_aside(KEY_CURRENT, saved);
                    loaded.current = Some(session);
                    loaded.notices.push(Notice::GameCutShort {
                        kept_moves,
                        total_moves,
                    });
                }
                CurrentRead::Unreadable => {
                    self.set_aside(KEY_CURRENT, saved);
                    store.delete(KEY_CURRENT);
                    loaded.notices.push(Notice::CurrentGameUnreadable);
                }
            }
        }
        if let Some(saved) = store.get(KEY_FINISHED) {
            let entries = match saved {
                Value::Array(entries) => entries,
                other => vec![other],
            };
            let mut damaged = Vec::new();
            for entry in entries {
                match stored::read_legacy_finished(&entry) {
                    Some(game) => loaded.legacy_finished.push(game),
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
        }
        self.read_course_into(store.as_ref(), loaded);
        self.read_puzzles_into(store.as_ref(), loaded);
    }

    /// The trainer's entries: the rating if it reads (else kept aside, the player told, and
    /// the starting rating in its place), the puzzle open if it reads (else kept aside).
    fn read_puzzles_into(&self, store: &dyn KeyValue, loaded: &mut Loaded) {
        if let Some(saved) = store.get(puzzle_stored::KEY_RATING) {
            let read = puzzle_stored::read_rating(&saved);
            if let Some(notice) = read.notice {
                self.set_aside(puzzle_stored::KEY_RATING, saved);
                store.delete(puzzle_stored::KEY_RATING);
                loaded.notices.push(notice);
            }
            loaded.puzzle_rating = read.rating;
        }
        if let Some(run) =
            self.read_or_set_aside(store, puzzle_stored::KEY_CURRENT, puzzle_stored::read_run)
        {
            loaded.puzzle_current = Some(run);
        }
    }

    /// The course's entries: the progress read task by task (what does not read is kept aside
    /// and the player told; the rest replaces it), the task open if it reads (else kept aside).
    fn read_course_into(&self, store: &dyn KeyValue, loaded: &mut Loaded) {
        if let Some(saved) = store.get(KEY_PROGRESS) {
            let read = course_stored::read_progress(&saved);
            if let Some(notice) = read.notice {
                self.set_aside(KEY_PROGRESS, saved);
                loaded.notices.push(notice);
                // What did read goes in its place (written with the next save), so the same
                // damage is not found again at every start.
                match course_stored::write_progress(&read.progress) {
                    Ok(value) => store.set(KEY_PROGRESS, value),
                    Err(_) => store.delete(KEY_PROGRESS),
                }
            }
            loaded.course_progress = read.progress;
        }
        if let Some(task) = self.read_or_set_aside(store, KEY_TASK, course_stored::read_task) {
            loaded.course_task = Some(task);
        }
    }

    /// The entry under `key` as `read` gives it; one that does not read is kept aside (and
    /// taken out of the store), with nothing told: for entries that are only a convenience.
    fn read_or_set_aside<T>(
        &self,
        store: &dyn KeyValue,
        key: &str,
        read: impl FnOnce(&Value) -> Option<T>,
    ) -> Option<T> {
        let saved = store.get(key)?;
        let read = read(&saved);
        if read.is_none() {
            self.set_aside(key, saved);
            store.delete(key);
        }
        read
    }

    /// Keeps `value` in the file under a key of its own (`damaged-<key>-<n>`), never to be
    /// overwritten or read again by the app, and returns that key.
    pub fn set_aside(&self, key: &str, value: Value) -> Option<String> {
        let store = self.store.as_ref()?;
        let aside = (1..)
            .map(|n| format!("damaged-{key}-{n}"))
            .find(|candidate| !store.has(candidate))?;
        store.set(&aside, value);
        Some(aside)
    }

    /// The finished games of a version 1 file are in the history database now: the next save
    /// leaves them out.
    pub fn forget_legacy_finished(&self) {
        if let Some(store) = &self.store {
            store.delete(KEY_FINISHED);
        }
    }

    /// Saves settings and the game in progress, backing up the last complete file first. In
    /// read-only mode nothing is written (the player was told at start-up).
    pub fn save(&self, settings: &Settings, current: Option<&Session>) -> Result<(), AppError> {
        self.save_staged(|| self.stage(settings, current))
    }

    /// Stages entries with `stage`, then writes the file (after its backup). Nothing in
    /// read-only mode.
    fn save_staged(&self, stage: impl FnOnce() -> Result<(), AppError>) -> Result<(), AppError> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        stage()?;
        self.write(store.as_ref())
    }

    /// The entry under `key` as the store holds it now (online play's, which reads its own).
    pub fn entry(&self, key: &str) -> Option<Value> {
        self.store.as_ref()?.get(key)
    }

    /// Saves `value` under `key` (`None`: the entry goes), as [`Persistence::save`] does the
    /// rest.
    pub fn save_entry(&self, key: &str, value: Option<Value>) -> Result<(), AppError> {
        self.save_staged(|| {
            if let Some(store) = &self.store {
                store.set(KEY_VERSION, Value::from(VERSION));
                match value {
                    Some(value) => store.set(key, value),
                    None => store.delete(key),
                }
            }
            Ok(())
        })
    }

    /// Saves the course's progress and the task open, as [`Persistence::save`] does the rest.
    pub fn save_course(
        &self,
        progress: &Progress,
        task: Option<&StoredTask>,
    ) -> Result<(), AppError> {
        self.save_staged(|| self.stage_course(progress, task))
    }

    /// Saves the player's puzzle rating and the puzzle open, as [`Persistence::save`] does the
    /// rest.
    pub fn save_puzzles(
        &self,
        rating: &StoredRating,
        current: Option<&StoredRun>,
    ) -> Result<(), AppError> {
        self.save_staged(|| self.stage_puzzles(rating, current))
    }

    /// Puts the trainer's entries in the store's memory without writing them.
    pub fn stage_puzzles(
        &self,
        rating: &StoredRating,
        current: Option<&StoredRun>,
    ) -> Result<(), AppError> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        let encode = |e: serde_json::Error| AppError::storage(StorageWhat::Prepare, e);
        // Only what changed is set: the store sends the page every value set (its change
        // event carries it), and most of the trainer's steps leave the rating, with its
        // history, as it was.
        let set_changed = |key: &str, value: Value| {
            if store.get(key).as_ref() != Some(&value) {
                store.set(key, value);
            }
        };
        set_changed(KEY_VERSION, Value::from(VERSION));
        set_changed(
            puzzle_stored::KEY_RATING,
            serde_json::to_value(rating).map_err(encode)?,
        );
        match current {
            Some(run) => set_changed(
                puzzle_stored::KEY_CURRENT,
                serde_json::to_value(run).map_err(encode)?,
            ),
            None if store.has(puzzle_stored::KEY_CURRENT) => {
                store.delete(puzzle_stored::KEY_CURRENT)
            }
            None => {}
        }
        Ok(())
    }

    /// Backs up the last complete file and writes the store's memory (all of it: what the game
    /// and the course staged).
    fn write(&self, store: &dyn KeyValue) -> Result<(), AppError> {
        let _writing = self
            .writing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        durable::back_up(&self.path).map_err(|e| AppError::storage(StorageWhat::Backup, e))?;
        store
            .save()
            .map_err(|e| AppError::storage(StorageWhat::Save, e))
    }

    /// Puts the course's entries in the store's memory without writing them.
    pub fn stage_course(
        &self,
        progress: &Progress,
        task: Option<&StoredTask>,
    ) -> Result<(), AppError> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        let encode = |e: serde_json::Error| AppError::storage(StorageWhat::Prepare, e);
        store.set(KEY_VERSION, Value::from(VERSION));
        store.set(
            KEY_PROGRESS,
            course_stored::write_progress(progress).map_err(encode)?,
        );
        match task {
            Some(task) => store.set(KEY_TASK, serde_json::to_value(task).map_err(encode)?),
            None => store.delete(KEY_TASK),
        }
        Ok(())
    }

    /// Puts everything in the store's memory without writing it (the plugin writes its memory
    /// when the app exits, so this must always hold what the player was last told is saved).
    pub fn stage(&self, settings: &Settings, current: Option<&Session>) -> Result<(), AppError> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        let encode = |e: serde_json::Error| AppError::storage(StorageWhat::Prepare, e);
        store.set(KEY_VERSION, Value::from(VERSION));
        store.set(
            KEY_SETTINGS,
            serde_json::to_value(settings).map_err(encode)?,
        );
        match current {
            Some(session) => {
                store.set(KEY_CURRENT, stored::write_current(session).map_err(encode)?)
            }
            None => store.delete(KEY_CURRENT),
        }
        Ok(())
    }
}

/// The format version of the file at `path`: 1 for a file without one (version 1 always wrote
/// it, but a file repaired by hand may lack it), 0 for no file.
fn file_version(path: &Path) -> u32 {
    let Ok(bytes) = std::fs::read(path) else {
        return 0;
    };
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(entries)) => match entries.get(KEY_VERSION) {
            // A version that is not a count cannot be understood: refuse it like a newer one.
            Some(version) => version
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .unwrap_or(u32::MAX),
            None if entries.is_empty() => 0,
            None => 1,
        },
        _ => 0,
    }
}
