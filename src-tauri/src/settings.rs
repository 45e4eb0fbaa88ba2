//! The player's settings, with the defaults a new player gets.

use serde::{Deserialize, Serialize};
use specta::Type;

use crate::views::BotLevel;

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
    pub default_level: BotLevel,
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
            default_level: BotLevel::Novice,
        }
    }
}

impl Settings {
    /// Reads saved settings, taking each missing field from the defaults.
    pub fn from_stored(stored: serde_json::Value) -> Result<Settings, serde_json::Error> {
        let mut merged = serde_json::to_value(Settings::default())?;
        if let (Some(target), serde_json::Value::Object(saved)) = (merged.as_object_mut(), stored) {
            target.extend(saved);
        }
        serde_json::from_value(merged)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_settings_with_missing_fields_take_the_defaults() {
        let read =
            Settings::from_stored(serde_json::json!({ "pieceSet": "chess", "sound": false }));
        let expected = Settings {
            piece_set: PieceSet::Chess,
            sound: false,
            ..Settings::default()
        };
        assert_eq!(read.ok(), Some(expected));
        assert!(Settings::from_stored(serde_json::json!({ "pieceSet": "marble" })).is_err());
    }
}
