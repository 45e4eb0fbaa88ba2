//! Online play's entry in the store (`online`): the settings, and the game in progress with
//! what it takes to come back to it after a restart (the server, the token, the server's last
//! state of it). Read tolerantly: an entry that does not read is kept aside and the defaults
//! taken; a game that does not read is dropped (it goes on on the server, and is lost here).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::wire::OnlineSettings;
use ultima_online::Credentials;
use ultima_protocol::GameState;

pub const KEY: &str = "online";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredOnline {
    #[serde(default)]
    pub settings: OnlineSettings,
    #[serde(default)]
    pub game: Option<StoredOnlineGame>,
    /// The server inside the app was running (it starts again with the app, for its game).
    #[serde(default)]
    pub hosting: Option<u16>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredOnlineGame {
    pub address: String,
    pub hosted: bool,
    pub credentials: Credentials,
    pub state: GameState,
}

/// The entry as saved, or `None` (with the defaults to use) when it does not read.
pub fn read(value: &Value) -> Option<StoredOnline> {
    if let Ok(read) = serde_json::from_value::<StoredOnline>(value.clone()) {
        return Some(read);
    }
    // The settings alone, if the game is what does not read.
    let settings = value
        .get("settings")
        .and_then(|settings| serde_json::from_value::<OnlineSettings>(settings.clone()).ok())?;
    Some(StoredOnline {
        settings,
        game: None,
        hosting: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_and_a_broken_game_keeps_the_settings() {
        let entry = StoredOnline {
            settings: OnlineSettings {
                server: "ws://10.0.0.2:7070".into(),
                host_port: 7171,
            },
            game: None,
            hosting: Some(7171),
        };
        let value = serde_json::to_value(&entry).expect("json");
        assert_eq!(read(&value), Some(entry.clone()));
        let broken = serde_json::json!({
            "settings": {"server": "ws://10.0.0.2:7070", "hostPort": 7171},
            "game": {"address": 3},
        });
        let read_back = read(&broken).expect("the settings read");
        assert_eq!(read_back.settings, entry.settings);
        assert_eq!(read_back.game, None);
        assert_eq!(read(&serde_json::json!([1])), None);
    }
}
