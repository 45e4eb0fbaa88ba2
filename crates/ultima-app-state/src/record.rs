//! The small saved record: settings, the game in progress, the course's and the trainer's
//! entries, one JSON object of entries with a format version that is read. Each entry is read
//! on its own, so that one that does not read costs only itself: it is kept aside under a
//! `damaged-…` key (never overwritten or read again) and the player is told.
//!
//! Where the record lives is the platform's: the app's store file (tauri-plugin-store, guarded
//! against torn writes), the browser's IndexedDB (written by the page). Both give the entries
//! as [`Entries`] and save them through [`Saves`].
//!
//! Formats: version 1 (the app's releases up to 0.1) also held every finished game (the app
//! moves them into its history database); the course's entries (`courseProgress`,
//! `courseTask`) and the trainer's (`puzzleRating`, `puzzleCurrent`) came within version 2: a
//! build that does not know them keeps them as they are. A record from a newer version is
//! refused and left untouched.

use std::sync::{Mutex, MutexGuard, PoisonError};

use serde_json::{Map, Value};
use ultima_course::Progress;
use ultima_game::Session;

use crate::course::stored::{self as course_stored, StoredTask, KEY_PROGRESS, KEY_TASK};
use crate::error::{AppError, StorageWhat};
use crate::notice::Notice;
use crate::puzzles::stored::{self as puzzle_stored, StoredRating, StoredRun};
use crate::settings::Settings;
use crate::stored::{self, CurrentRead};

pub const KEY_VERSION: &str = "version";
pub const KEY_SETTINGS: &str = "settings";
pub const KEY_CURRENT: &str = "currentGame";
/// The format this build writes.
pub const VERSION: u32 = 2;

/// The record's entries in memory, as the platform holds them (shared between threads in the
/// app, hence `&self`).
pub trait Entries {
    fn get(&self, key: &str) -> Option<Value>;
    fn set(&self, key: &str, value: Value);
    fn delete(&self, key: &str);
    fn has(&self, key: &str) -> bool;
}

/// How a platform keeps the record: its entries in memory, and how what is staged there is
/// written. A change is saved (`save_…`: staged, then written) or, after a failed save was
/// undone, only staged again (`stage_…`), so that memory holds what the player was last told
/// is saved.
pub trait Saves {
    /// The record's entries in memory (`None`: nothing is written this session, the record
    /// comes from a newer version).
    fn entries(&self) -> Option<&dyn Entries>;

    /// Writes what is staged: the app writes its store file; the browser writes nothing here
    /// (the page writes the record before the command answers).
    fn write(&self) -> Result<(), AppError>;

    fn stage_games(&self, settings: &Settings, current: Option<&Session>) -> Result<(), AppError> {
        self.entries()
            .map_or(Ok(()), |entries| stage(entries, settings, current))
    }

    fn save_games(&self, settings: &Settings, current: Option<&Session>) -> Result<(), AppError> {
        self.stage_games(settings, current)?;
        self.write()
    }

    fn stage_course(&self, progress: &Progress, task: Option<&StoredTask>) -> Result<(), AppError> {
        self.entries()
            .map_or(Ok(()), |entries| stage_course(entries, progress, task))
    }

    fn save_course(&self, progress: &Progress, task: Option<&StoredTask>) -> Result<(), AppError> {
        self.stage_course(progress, task)?;
        self.write()
    }

    fn stage_puzzles(
        &self,
        rating: &StoredRating,
        current: Option<&StoredRun>,
    ) -> Result<(), AppError> {
        self.entries()
            .map_or(Ok(()), |entries| stage_puzzles(entries, rating, current))
    }

    fn save_puzzles(
        &self,
        rating: &StoredRating,
        current: Option<&StoredRun>,
    ) -> Result<(), AppError> {
        self.stage_puzzles(rating, current)?;
        self.write()
    }
}

/// What was in the record at start-up.
#[derive(Default)]
pub struct Loaded {
    pub settings: Settings,
    pub current: Option<Session>,
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

/// The format version of a record: 0 for an empty one (nothing saved yet), 1 for one without
/// it (version 1 always wrote it, but a file repaired by hand may lack it), a number past any
/// version for one that is not a count (refused like a newer one).
pub fn version_of(entries: &Map<String, Value>) -> u32 {
    match entries.get(KEY_VERSION) {
        Some(version) => version
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .unwrap_or(u32::MAX),
        None if entries.is_empty() => 0,
        None => 1,
    }
}

/// Reads the settings, the game in progress, the course's and the trainer's entries into
/// `loaded`, each on its own.
pub fn read<E: Entries + ?Sized>(store: &E, loaded: &mut Loaded) {
    read_game(store, loaded);
    read_course(store, loaded);
    read_puzzles(store, loaded);
}

/// The settings (read field by field: one that does not read takes its default, the entry is
/// kept aside and the player told) and the game in progress (cut short where its record
/// breaks, or kept aside if it does not read at all).
pub fn read_game<E: Entries + ?Sized>(store: &E, loaded: &mut Loaded) {
    if let Some(saved) = store.get(KEY_SETTINGS) {
        let (settings, reset) = Settings::from_stored(&saved);
        loaded.settings = settings;
        if !reset.is_empty() {
            set_aside(store, KEY_SETTINGS, saved);
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
                set_aside(store, KEY_CURRENT, saved);
                loaded.current = Some(session);
                loaded.notices.push(Notice::GameCutShort {
                    kept_moves,
                    total_moves,
                });
            }
            CurrentRead::Unreadable => {
                set_aside(store, KEY_CURRENT, saved);
                store.delete(KEY_CURRENT);
                loaded.notices.push(Notice::CurrentGameUnreadable);
            }
        }
    }
}

/// The course's entries: the progress read task by task (what does not read is kept aside and
/// the player told; the rest replaces it), the task open if it reads (else kept aside).
pub fn read_course<E: Entries + ?Sized>(store: &E, loaded: &mut Loaded) {
    if let Some(saved) = store.get(KEY_PROGRESS) {
        let read = course_stored::read_progress(&saved);
        if let Some(notice) = read.notice {
            set_aside(store, KEY_PROGRESS, saved);
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
    if let Some(task) = read_or_set_aside(store, KEY_TASK, course_stored::read_task) {
        loaded.course_task = Some(task);
    }
}

/// The trainer's entries: the rating if it reads (else kept aside, the player told, and the
/// starting rating in its place), the puzzle open if it reads (else kept aside).
pub fn read_puzzles<E: Entries + ?Sized>(store: &E, loaded: &mut Loaded) {
    if let Some(saved) = store.get(puzzle_stored::KEY_RATING) {
        let read = puzzle_stored::read_rating(&saved);
        if let Some(notice) = read.notice {
            set_aside(store, puzzle_stored::KEY_RATING, saved);
            store.delete(puzzle_stored::KEY_RATING);
            loaded.notices.push(notice);
        }
        loaded.puzzle_rating = read.rating;
    }
    if let Some(run) = read_or_set_aside(store, puzzle_stored::KEY_CURRENT, puzzle_stored::read_run)
    {
        loaded.puzzle_current = Some(run);
    }
}

/// The entry under `key` as `read` gives it; one that does not read is kept aside (and taken
/// out of the record), with nothing told: for entries that are only a convenience.
fn read_or_set_aside<E: Entries + ?Sized, T>(
    store: &E,
    key: &str,
    read: impl FnOnce(&Value) -> Option<T>,
) -> Option<T> {
    let saved = store.get(key)?;
    let read = read(&saved);
    if read.is_none() {
        set_aside(store, key, saved);
        store.delete(key);
    }
    read
}

/// Keeps `value` in the record under a key of its own (`damaged-<key>-<n>`), never to be
/// overwritten or read again, and returns that key.
pub fn set_aside<E: Entries + ?Sized>(store: &E, key: &str, value: Value) -> Option<String> {
    let aside = (1..)
        .map(|n| format!("damaged-{key}-{n}"))
        .find(|candidate| !store.has(candidate))?;
    store.set(&aside, value);
    Some(aside)
}

fn encode(error: serde_json::Error) -> AppError {
    AppError::storage(StorageWhat::Prepare, error)
}

/// Puts the settings and the game in progress in the record's memory.
pub fn stage<E: Entries + ?Sized>(
    store: &E,
    settings: &Settings,
    current: Option<&Session>,
) -> Result<(), AppError> {
    store.set(KEY_VERSION, Value::from(VERSION));
    store.set(
        KEY_SETTINGS,
        serde_json::to_value(settings).map_err(encode)?,
    );
    match current {
        Some(session) => store.set(KEY_CURRENT, stored::write_current(session).map_err(encode)?),
        None => store.delete(KEY_CURRENT),
    }
    Ok(())
}

/// Puts the course's progress and the task open in the record's memory.
pub fn stage_course<E: Entries + ?Sized>(
    store: &E,
    progress: &Progress,
    task: Option<&StoredTask>,
) -> Result<(), AppError> {
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

/// Puts the trainer's rating and the puzzle open in the record's memory.
pub fn stage_puzzles<E: Entries + ?Sized>(
    store: &E,
    rating: &StoredRating,
    current: Option<&StoredRun>,
) -> Result<(), AppError> {
    // Only what changed is set: the app's store sends the page every value set (its change
    // event carries it), and most of the trainer's steps leave the rating, with its history,
    // as it was.
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
        None if store.has(puzzle_stored::KEY_CURRENT) => store.delete(puzzle_stored::KEY_CURRENT),
        None => {}
    }
    Ok(())
}

/// Entries held in memory only: the browser's record (the page writes it), the app's tests.
#[derive(Debug, Default)]
pub struct MemoryEntries {
    entries: Mutex<Map<String, Value>>,
}

impl MemoryEntries {
    pub fn new(entries: Map<String, Value>) -> MemoryEntries {
        MemoryEntries {
            entries: Mutex::new(entries),
        }
    }

    /// The entries as they are now.
    pub fn entries(&self) -> MutexGuard<'_, Map<String, Value>> {
        // A panic elsewhere while holding the lock leaves a map that is still whole.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Entries for MemoryEntries {
    fn get(&self, key: &str) -> Option<Value> {
        self.entries().get(key).cloned()
    }

    fn set(&self, key: &str, value: Value) {
        self.entries().insert(key.to_string(), value);
    }

    fn delete(&self, key: &str) {
        self.entries().remove(key);
    }

    fn has(&self, key: &str) -> bool {
        self.entries().contains_key(key)
    }
}
