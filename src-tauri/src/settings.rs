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

/// Every field has a default, so a settings object saved by an older version still reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Type)]
#[serde(rename_all = "camelCase", default)]
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
