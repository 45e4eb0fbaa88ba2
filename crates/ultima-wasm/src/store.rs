//! The small state of the moment (settings, the game in progress, the course's and the
//! trainer's entries): the app's saved record (`ultima_app_state::record`), the same keys, the
//! same format version and the same reading, entry by entry.
//!
//! The browser keeps this object in IndexedDB (`ui/src/backend/web/storage.ts`), in two slots:
//! a save writes the slot not in use, then switches to it, so the record in use is always a
//! whole one. [`open`] gets both: a record in use that does not read gives way to the one
//! before it, with the player told, and a damaged record is kept, never overwritten.

use serde_json::{Map, Value};
use ultima_app_state::record::{self, Entries, MemoryEntries, Saves, VERSION};

use crate::error::AppError;
use crate::notice::Notice;
pub use ultima_app_state::record::Loaded;

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
    entries: MemoryEntries,
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
    let version = record::version_of(&entries);
    let read_only = version > VERSION;
    let store = Store {
        entries: MemoryEntries::new(entries),
        read_only,
    };
    if read_only {
        loaded
            .notices
            .push(Notice::SaveFromNewerVersion { version });
    } else {
        record::read(&store.entries, &mut loaded);
    }
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
        serde_json::to_string(&*self.entries.entries()).ok()
    }
}

/// Read-only when the record comes from a newer version.
impl ultima_core::Store for Store {
    fn is_read_only(&self) -> bool {
        self.read_only
    }
}

/// The browser stages each change in the record: the page writes it (see `snapshot`) before
/// the command answers.
impl Saves for Store {
    fn entries(&self) -> Option<&dyn Entries> {
        Some(&self.entries)
    }

    fn write(&self) -> Result<(), AppError> {
        Ok(())
    }
}
