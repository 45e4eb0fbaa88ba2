//! The store file in the desktop app: tauri-plugin-store's `Store` as `ultima-native`'s
//! [`KeyValue`] (the tests use that crate's `FileStore` instead).

use std::sync::Arc;

use serde_json::Value;
use tauri::Runtime;
use tauri_plugin_store::Store;
use ultima_native::store::{Entries, KeyValue};

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
