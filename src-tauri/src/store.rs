//! The key-value file the small state lives in. In the app it is tauri-plugin-store's `Store`;
//! the same trait over a map in memory lets the reading, migration and recovery code be tested
//! on real save files without a running app.

use std::sync::Arc;

use serde_json::Value;
use tauri::Runtime;
use tauri_plugin_store::Store;

pub trait KeyValue: Send + Sync {
    fn get(&self, key: &str) -> Option<Value>;
    fn set(&self, key: &str, value: Value);
    fn delete(&self, key: &str);
    fn has(&self, key: &str) -> bool;
    /// Writes what is in memory to the file.
    fn save(&self) -> Result<(), String>;
}

impl<R: Runtime> KeyValue for Arc<Store<R>> {
    fn get(&self, key: &str) -> Option<Value> {
        Store::get(self, key)
    }

    fn set(&self, key: &str, value: Value) {
        Store::set(self, key, value);
    }

    fn delete(&self, key: &str) {
        Store::delete(self, key);
    }

    fn has(&self, key: &str) -> bool {
        Store::has(self, key)
    }

    fn save(&self) -> Result<(), String> {
        Store::save(self).map_err(|error| error.to_string())
    }
}

#[cfg(test)]
pub use file_store::FileStore;

#[cfg(test)]
mod file_store {
    use std::path::{Path, PathBuf};
    use std::sync::Mutex;

    use serde_json::{Map, Value};

    use super::KeyValue;

    /// A store file read into memory and written back whole, in place, as the plugin does it.
    pub struct FileStore {
        entries: Mutex<Map<String, Value>>,
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
                entries: Mutex::new(entries),
                path: path.to_path_buf(),
            }
        }

        fn entries(&self) -> std::sync::MutexGuard<'_, Map<String, Value>> {
            // A panic elsewhere while holding the lock leaves a map that is still whole.
            self.entries
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        }
    }

    impl KeyValue for FileStore {
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

        fn save(&self) -> Result<(), String> {
            let bytes = serde_json::to_vec_pretty(&*self.entries()).map_err(|e| e.to_string())?;
            std::fs::write(&self.path, bytes).map_err(|e| e.to_string())
        }
    }
}
