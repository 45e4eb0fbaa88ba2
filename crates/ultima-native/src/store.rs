//! The key-value file the small state lives in. In the desktop app it is tauri-plugin-store's
//! `Store` (the shell's `PluginStore`); [`FileStore`] is the same file read and written by
//! hand, so that the reading, migration and recovery code runs on real save files without a
//! running app (the tests, and any shell without the plugin).

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
pub use ultima_app_state::record::Entries;
use ultima_app_state::record::MemoryEntries;

/// The record's entries in a file.
pub trait KeyValue: Entries + Send + Sync {
    /// Writes what is in memory to the file.
    fn save(&self) -> Result<(), String>;
}

/// A store file read into memory and written back whole, in place, as the plugin does it.
pub struct FileStore {
    entries: MemoryEntries,
    path: PathBuf,
}

impl FileStore {
    /// Reads `path` (an absent or unreadable file gives an empty store, as with the plugin).
    pub fn load(path: &Path) -> FileStore {
        let entries = std::fs::read(path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Map<String, Value>>(&bytes).ok())
            .unwrap_or_default();
        FileStore {
            entries: MemoryEntries::new(entries),
            path: path.to_path_buf(),
        }
    }
}

impl Entries for FileStore {
    fn get(&self, key: &str) -> Option<Value> {
        self.entries.get(key)
    }

    fn set(&self, key: &str, value: Value) {
        self.entries.set(key, value);
    }

    fn delete(&self, key: &str) {
        self.entries.delete(key);
    }

    fn has(&self, key: &str) -> bool {
        self.entries.has(key)
    }
}

impl KeyValue for FileStore {
    fn save(&self) -> Result<(), String> {
        let bytes =
            serde_json::to_vec_pretty(&*self.entries.entries()).map_err(|e| e.to_string())?;
        std::fs::write(&self.path, bytes).map_err(|e| e.to_string())
    }
}
