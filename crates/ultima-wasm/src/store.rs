//! The small state of the moment (settings, the game in progress, the course's and the
//! trainer's entries), as the app keeps it: one JSON object with the same keys and the same
//! format version, each entry read on its own so that one that does not read costs only
//! itself (it is kept aside under a `damaged-…` key and the player is told).
//!
//! The browser keeps this object in IndexedDB (`ui/src/backend/web/storage.ts`), in two slots:
//! a save writes the slot not in use, then switches to it, so the record in use is always a
//! whole one. [`open`] gets both: a record in use that does not read gives way to the one
//! before it, with the player told, and a damaged record is kept, never overwritten.

use serde_json::{Map, Value};
use ultima_course::Progress;
use ultima_game::Session;

use crate::course::stored::{self as course_stored, StoredTask, KEY_PROGRESS, KEY_TASK};
use crate::error::{AppError, StorageWhat};
use crate::notice::Notice;
use crate::puzzles::stored::{self as puzzle_stored, StoredRating, StoredRun};
use crate::settings::Settings;
use crate::stored::{self, CurrentRead};

const KEY_VERSION: &str = "version";
const KEY_SETTINGS: &str = "settings";
const KEY_CURRENT: &str = "currentGame";
/// The format this build writes: the app's (`src-tauri/src/persistence.rs`).
pub const VERSION: u32 = 2;

/// What was in the saved record.
#[derive(Default)]
pub struct Loaded {
    pub settings: Settings,
    pub current: Option<Session>,
    pub notices: Vec<Notice>,
    pub course_progress: Progress,
    pub course_task: Option<StoredTask>,
    pub puzzle_rating: StoredRating,
    pub puzzle_current: Option<StoredRun>,
}

/// Which saved record was used: the browser keeps the others as they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Used {
    /// The record in use (or none: a first visit).
    Current,
    /// The record in use did not read: the one saved before it.
    Previous,
    /// Neither read: a fresh start (both are kept aside).
    Neither,
}

/// The entries, in memory; [`Store::snapshot`] is what the browser writes.
pub struct Store {
    entries: Map<String, Value>,
    /// The record comes from a newer version: nothing is written this session.
    read_only: bool,
}

/// Whether `text` is a whole saved record: a JSON object.
fn whole(text: Option<&str>) -> Option<Map<String, Value>> {
    match serde_json::from_str::<Value>(text?) {
        Ok(Value::Object(entries)) => Some(entries),
        _ => None,
    }
}

/// The format version of a record: 1 for one without it, a number past any version for one
/// that is not a count (refused like a newer one).
fn version_of(entries: &Map<String, Value>) -> u32 {
    match entries.get(KEY_VERSION) {
        Some(version) => version
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .unwrap_or(u32::MAX),
        None if entries.is_empty() => 0,
        None => 1,
    }
}

/// Opens the saved record: `current` (the slot in use) if it reads, else `previous`.
pub fn open(current: Option<&str>, previous: Option<&str>) -> (Store, Loaded, Used) {
    let mut loaded = Loaded::default();
    let (entries, used) = match (whole(current), current) {
        (Some(entries), _) => (entries, Used::Current),
        // Nothing saved yet.
        (None, None) => (Map::new(), Used::Current),
        (None, Some(_)) => match whole(previous) {
            Some(entries) => {
                loaded.notices.push(Notice::RestoredFromBackup);
                (entries, Used::Previous)
            }
            None => {
                loaded.notices.push(Notice::StartedFresh);
                (Map::new(), Used::Neither)
            }
        },
    };
    let version = version_of(&entries);
    if version > VERSION {
        loaded
            .notices
            .push(Notice::SaveFromNewerVersion { version });
        let store = Store {
            entries,
            read_only: true,
        };
        return (store, loaded, used);
    }
    let mut store = Store {
        entries,
        read_only: false,
    };
    store.read_into(&mut loaded);
    (store, loaded, used)
}

impl Store {
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// The whole record, to be written (`None` in read-only mode: nothing is).
    pub fn snapshot(&self) -> Option<String> {
        if self.read_only {
            return None;
        }
        serde_json::to_string(&self.entries).ok()
    }

    fn set(&mut self, key: &str, value: Value) {
        self.entries.insert(key.to_string(), value);
    }

    fn delete(&mut self, key: &str) {
        self.entries.remove(key);
    }

    /// Keeps `value` under a key of its own (`damaged-<key>-<n>`), never read again.
    fn set_aside(&mut self, key: &str, value: Value) {
        if let Some(aside) = (1..)
            .map(|n| format!("damaged-{key}-{n}"))
            .find(|candidate| !self.entries.contains_key(candidate))
        {
            self.set(&aside, value);
        }
    }

    /// Each entry on its own, as the app reads its file (`Persistence::read_into`).
    fn read_into(&mut self, loaded: &mut Loaded) {
        if let Some(saved) = self.entries.get(KEY_SETTINGS).cloned() {
            let (settings, reset) = Settings::from_stored(&saved);
            loaded.settings = settings;
            if !reset.is_empty() {
                self.set_aside(KEY_SETTINGS, saved);
                loaded
                    .notices
                    .push(Notice::SettingsPartlyReset { fields: reset });
            }
        }
        if let Some(saved) = self.entries.get(KEY_CURRENT).cloned() {
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
                    self.delete(KEY_CURRENT);
                    loaded.notices.push(Notice::CurrentGameUnreadable);
                }
            }
        }
        if let Some(saved) = self.entries.get(KEY_PROGRESS).cloned() {
            let read = course_stored::read_progress(&saved);
            if let Some(notice) = read.notice {
                self.set_aside(KEY_PROGRESS, saved);
                loaded.notices.push(notice);
                match course_stored::write_progress(&read.progress) {
                    Ok(value) => self.set(KEY_PROGRESS, value),
                    Err(_) => self.delete(KEY_PROGRESS),
                }
            }
            loaded.course_progress = read.progress;
        }
        if let Some(task) = self.read_or_set_aside(KEY_TASK, course_stored::read_task) {
            loaded.course_task = Some(task);
        }
        if let Some(saved) = self.entries.get(puzzle_stored::KEY_RATING).cloned() {
            let read = puzzle_stored::read_rating(&saved);
            if let Some(notice) = read.notice {
                self.set_aside(puzzle_stored::KEY_RATING, saved);
                self.delete(puzzle_stored::KEY_RATING);
                loaded.notices.push(notice);
            }
            loaded.puzzle_rating = read.rating;
        }
        if let Some(run) =
            self.read_or_set_aside(puzzle_stored::KEY_CURRENT, puzzle_stored::read_run)
        {
            loaded.puzzle_current = Some(run);
        }
    }

    fn read_or_set_aside<T>(
        &mut self,
        key: &str,
        read: impl FnOnce(&Value) -> Option<T>,
    ) -> Option<T> {
        let saved = self.entries.get(key)?.clone();
        let read = read(&saved);
        if read.is_none() {
            self.set_aside(key, saved);
            self.delete(key);
        }
        read
    }

    /// Puts settings and the game in progress in the record (not yet written).
    pub fn stage(
        &mut self,
        settings: &Settings,
        current: Option<&Session>,
    ) -> Result<(), AppError> {
        let encode = |e: serde_json::Error| AppError::storage(StorageWhat::Prepare, e);
        self.set(KEY_VERSION, Value::from(VERSION));
        self.set(
            KEY_SETTINGS,
            serde_json::to_value(settings).map_err(encode)?,
        );
        match current {
            Some(session) => self.set(KEY_CURRENT, stored::write_current(session).map_err(encode)?),
            None => self.delete(KEY_CURRENT),
        }
        Ok(())
    }

    /// Puts the course's progress and the task open in the record.
    pub fn stage_course(
        &mut self,
        progress: &Progress,
        task: Option<&StoredTask>,
    ) -> Result<(), AppError> {
        let encode = |e: serde_json::Error| AppError::storage(StorageWhat::Prepare, e);
        self.set(KEY_VERSION, Value::from(VERSION));
        self.set(
            KEY_PROGRESS,
            course_stored::write_progress(progress).map_err(encode)?,
        );
        match task {
            Some(task) => self.set(KEY_TASK, serde_json::to_value(task).map_err(encode)?),
            None => self.delete(KEY_TASK),
        }
        Ok(())
    }

    /// Puts the trainer's rating and the puzzle open in the record.
    pub fn stage_puzzles(
        &mut self,
        rating: &StoredRating,
        current: Option<&StoredRun>,
    ) -> Result<(), AppError> {
        let encode = |e: serde_json::Error| AppError::storage(StorageWhat::Prepare, e);
        self.set(KEY_VERSION, Value::from(VERSION));
        self.set(
            puzzle_stored::KEY_RATING,
            serde_json::to_value(rating).map_err(encode)?,
        );
        match current {
            Some(run) => self.set(
                puzzle_stored::KEY_CURRENT,
                serde_json::to_value(run).map_err(encode)?,
            ),
            None => self.delete(puzzle_stored::KEY_CURRENT),
        }
        Ok(())
    }
}
