//! The player's settings, with the defaults a new player gets.

use serde::{Deserialize, Serialize};
use specta::Type;

use ultima_bot::Level;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum PieceSet {
    /// Chess pieces standing in: queen = withdrawer, knight = long leaper, bishop = chameleon,
    /// rook = coordinator, upside-down rook = immobilizer.
    Chess,
    /// Original emblems that show how each piece captures.
    Emblems,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum BoardTheme {
    Wood,
    Blue,
    Green,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum AnimationSpeed {
    None,
    Fast,
    Normal,
    Slow,
}

/// The language the app speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub enum Language {
    /// The device's language when the app speaks it (French for any French), English otherwise.
    System,
    /// English.
    En,
    /// French.
    Fr,
}

/// Every field is required over IPC; a settings object saved by an older version, with fields
/// missing, is completed from the defaults when it is read (see [`Settings::from_stored`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    pub piece_set: PieceSet,
    pub board_theme: BoardTheme,
    pub sound: bool,
    pub show_legal_moves: bool,
    pub show_coordinates: bool,
    pub animation: AnimationSpeed,
    pub default_level: Level,
    /// The engine's evaluation bar beside the board in play (against the bot or a friend on
    /// this device; never in a game online), noted in the game's record. Off by default.
    pub show_eval_bar: bool,
    /// The language of every text the player reads; the device's by default.
    pub language: Language,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            piece_set: PieceSet::Emblems,
            board_theme: BoardTheme::Wood,
            sound: true,
            show_legal_moves: true,
            show_coordinates: true,
            animation: AnimationSpeed::Normal,
            default_level: Level::Novice,
            show_eval_bar: false,
            language: Language::System,
        }
    }
}

impl Settings {
    /// Reads saved settings field by field: a field that is missing or does not read takes its
    /// default and the others are kept. Answers the settings and the names of the fields that
    /// were reset because they did not read (a missing field is not worth telling about: older
    /// versions simply did not have it). Something that is not an object at all resets every
    /// field.
    pub fn from_stored(stored: &serde_json::Value) -> (Settings, Vec<String>) {
        let defaults = Settings::default();
        let Ok(serde_json::Value::Object(mut merged)) = serde_json::to_value(defaults) else {
            return (defaults, Vec::new());
        };
        let fields: Vec<String> = merged.keys().cloned().collect();
        let Some(saved) = stored.as_object() else {
            return (defaults, fields);
        };
        let mut reset = Vec::new();
        for field in fields {
            let Some(value) = saved.get(&field) else {
                continue;
            };
            // Try this one field on top of what is known to read.
            let mut candidate = merged.clone();
            candidate.insert(field.clone(), value.clone());
            if serde_json::from_value::<Settings>(serde_json::Value::Object(candidate)).is_ok() {
                merged.insert(field, value.clone());
            } else {
                reset.push(field);
            }
        }
        let settings =
            serde_json::from_value(serde_json::Value::Object(merged)).unwrap_or(defaults);
        (settings, reset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_settings_with_missing_fields_take_the_defaults() {
        let read =
            Settings::from_stored(&serde_json::json!({ "pieceSet": "chess", "sound": false }));
        let expected = Settings {
            piece_set: PieceSet::Chess,
            sound: false,
            ..Settings::default()
        };
        assert_eq!(read, (expected, Vec::new()));
        assert!(
            !read.0.show_eval_bar,
            "the evaluation bar is off unless chosen"
        );
    }

    #[test]
    fn one_bad_field_takes_its_default_and_the_others_are_kept() {
        let (settings, reset) = Settings::from_stored(&serde_json::json!({
            "pieceSet": "marble",
            "boardTheme": "green",
            "sound": "loud",
            "showCoordinates": false,
            "language": "klingon",
            "unknownFromElsewhere": 3,
        }));
        assert_eq!(
            settings,
            Settings {
                board_theme: BoardTheme::Green,
                show_coordinates: false,
                ..Settings::default()
            }
        );
        assert_eq!(
            reset,
            vec![
                "language".to_string(),
                "pieceSet".to_string(),
                "sound".to_string()
            ]
        );
    }

    #[test]
    fn settings_that_are_not_an_object_reset_every_field() {
        let (settings, reset) = Settings::from_stored(&serde_json::json!([1, 2]));
        assert_eq!(settings, Settings::default());
        assert_eq!(reset.len(), 9);
        assert!(reset.contains(&"defaultLevel".to_string()));
    }
}
