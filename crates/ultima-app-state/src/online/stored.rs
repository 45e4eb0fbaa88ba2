//! Online play's entry in the store (`online`): the settings, and the games in progress with
//! what it takes to come back to them after a restart (the server, the token, the server's last
//! state of each). Read tolerantly: an entry that does not read is kept aside and the defaults
//! taken; a game that does not read is dropped (it goes on on the server, and is lost here). An
//! entry of the versions that held one game (`game`) reads with that game.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::wire::OnlineSettings;
use ultima_online::Credentials;
use ultima_protocol::GameState;

pub const KEY: &str = "online";

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredOnline {
    pub settings: OnlineSettings,
    /// The online games, in the order they were begun.
    pub games: Vec<StoredOnlineGame>,
    /// The server inside the app was running (it starts again with the app, for its games).
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

/// The entry as written, each game read on its own.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    #[serde(default)]
    settings: Option<Value>,
    #[serde(default)]
    games: Vec<Value>,
    /// The one game of the versions before several.
    #[serde(default)]
    game: Option<Value>,
    #[serde(default)]
    hosting: Option<Value>,
}

/// The entry as saved, or `None` (with the defaults to use) when it does not read: the
/// settings, and every game that reads.
pub fn read(value: &Value) -> Option<StoredOnline> {
    let entry = serde_json::from_value::<Entry>(value.clone()).ok()?;
    let settings = match entry.settings {
        Some(settings) => serde_json::from_value::<OnlineSettings>(settings).ok()?,
        None => OnlineSettings::default(),
    };
    let games = entry
        .game
        .into_iter()
        .chain(entry.games)
        .filter_map(|game| serde_json::from_value::<StoredOnlineGame>(game).ok())
        .collect();
    let hosting = entry
        .hosting
        .and_then(|port| serde_json::from_value::<Option<u16>>(port).ok())
        .flatten();
    Some(StoredOnline {
        settings,
        games,
        hosting,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> StoredOnlineGame {
        StoredOnlineGame {
            address: "ws://10.0.0.2:7070".into(),
            hosted: false,
            credentials: Credentials {
                game: id.into(),
                color: ultima_rules::Color::White,
                token: "t0k3n".into(),
            },
            state: GameState {
                game: id.into(),
                you: ultima_rules::Color::White,
                invite: None,
                moves: vec!["e2e5".into()],
                clock: None,
                draw_offer: None,
                take_back_request: None,
                rematch_offer: None,
                result: None,
                opponent: ultima_protocol::Presence::Connected,
                claim_win_in_ms: None,
                rematch: None,
                revision: 1,
                reading: ultima_rules::Reading::Abbott1963,
            },
        }
    }

    #[test]
    fn several_games_read_back_and_a_record_of_one_game_opens_with_it() {
        let entry = StoredOnline {
            settings: OnlineSettings::default(),
            games: vec![game("g1"), game("g2")],
            hosting: None,
        };
        let value = serde_json::to_value(&entry).expect("json");
        assert_eq!(read(&value), Some(entry));
        // The format before several games: `game`, one or none.
        let old = serde_json::json!({
            "settings": {"server": "ws://10.0.0.2:7070", "hostPort": 7070},
            "game": serde_json::to_value(game("g0")).expect("json"),
            "hosting": null,
        });
        let read_back = read(&old).expect("the old record reads");
        assert_eq!(read_back.games, vec![game("g0")]);
        assert_eq!(read_back.settings.server, "ws://10.0.0.2:7070");
        let none = serde_json::json!({"settings": {"server": "", "hostPort": 7070}, "game": null});
        assert!(read(&none).expect("reads").games.is_empty());
    }

    #[test]
    fn an_entry_reads_back_and_a_broken_game_keeps_the_settings() {
        let entry = StoredOnline {
            settings: OnlineSettings {
                server: "ws://10.0.0.2:7070".into(),
                host_port: 7171,
            },
            games: Vec::new(),
            hosting: Some(7171),
        };
        let value = serde_json::to_value(&entry).expect("json");
        assert_eq!(read(&value), Some(entry.clone()));
        let broken = serde_json::json!({
            "settings": {"server": "ws://10.0.0.2:7070", "hostPort": 7171},
            "games": [{"address": 3}],
        });
        let read_back = read(&broken).expect("the settings read");
        assert_eq!(read_back.settings, entry.settings);
        assert!(read_back.games.is_empty());
        assert_eq!(read(&serde_json::json!([1])), None);
    }
}
