//! The key-value file the small state lives in. In the app it is tauri-plugin-store's `Store`;
//! the same trait over a map in memory lets the reading, migration and recovery code be tested
//! on real save files without a running app.

use std::sync::Arc;

use serde_json::Value;
use tauri::Runtime;
use tauri_plugin_store::Store;
pub use ultima_app_state::record::Entries;

/// The record's entries in a file.
pub trait KeyValue: Entries + Send + Sync {
    /// Writes what is in memory to the file.
    fn save(&self) -> Result<(), String>;
}

/// The plugin's store, as the app's record.
pub struct PluginStore<R: Runtime>(pub Arc<Store<R>>);

impl<R: Runtime> Entries for PluginStore<R> {
    fn get(&self, key: &str) -> Option<Value> {
        self.0.get(key)
    }

    fn set(&self, key: &str, value: Value) {
        self.0.set(key, value);
    }

    fn delete(&self, key: &str) {
        self.0.delete(key);
    }

    fn has(&self, key: &str) -> bool {
        self.0.has(key)
    }
}

impl<R: Runtime> KeyValue for PluginStore<R> {
    fn save(&self) -> Result<(), String> {
        self.0.save().map_err(|error| error.to_string())
    }
}

#[cfg(test)]
pub use file_store::FileStore;

#[cfg(test)]
mod file_store {
    use std::path::{Path, PathBuf};

    use serde_json::{Map, Value};
    use ultima_app_state::record::MemoryEntries;

    use super::{Entries, KeyValue};

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
}
