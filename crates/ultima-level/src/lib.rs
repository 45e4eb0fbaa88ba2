//! The bot's playing levels by name, weakest first: what a saved game, a view or a setting
//! stores. What each level searches, and how it errs, is the bot's (`ultima_bot::LevelExt`),
//! which re-exports [`Level`] as `ultima_bot::Level`.

use std::fmt;
use std::str::FromStr;

/// The levels, weakest first, each beating the one below about three games in four (the
/// README's ladder). Serialised by name, lower case (`"novice"`), as saved games store it; the
/// five first names (Novice, Beginner, Casual, Intermediate, Club) are the app's first levels,
/// and a saved game naming one reads as that level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Level {
    Novice,
    Learner,
    Beginner,
    Improver,
    Casual,
    Steady,
    Keen,
    Solid,
    Sharp,
    Intermediate,
    Experienced,
    Strong,
    Club,
}

/// A level name that is not one of the levels.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}`; the levels are {levels}", levels = Level::name_list())]
pub struct UnknownLevel(pub String);

impl Level {
    pub const ALL: [Level; 13] = [
        Level::Novice,
        Level::Learner,
        Level::Beginner,
        Level::Improver,
        Level::Casual,
        Level::Steady,
        Level::Keen,
        Level::Solid,
        Level::Sharp,
        Level::Intermediate,
        Level::Experienced,
        Level::Strong,
        Level::Club,
    ];

    /// Every level's name, weakest first, comma-separated (for messages).
    pub fn name_list() -> String {
        Level::ALL.map(Level::name).join(", ")
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Novice => "novice",
            Level::Learner => "learner",
            Level::Beginner => "beginner",
            Level::Improver => "improver",
            Level::Casual => "casual",
            Level::Steady => "steady",
            Level::Keen => "keen",
            Level::Solid => "solid",
            Level::Sharp => "sharp",
            Level::Intermediate => "intermediate",
            Level::Experienced => "experienced",
            Level::Strong => "strong",
            Level::Club => "club",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        let lower = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|level| level.name() == lower)
            .ok_or_else(|| UnknownLevel(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_their_names() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert_eq!("Club".parse::<Level>(), Ok(Level::Club));
        assert_eq!(
            "grandmaster".parse::<Level>(),
            Err(UnknownLevel("grandmaster".into()))
        );
        assert_eq!(
            UnknownLevel("grandmaster".into()).to_string(),
            "unknown level `grandmaster`; the levels are novice, learner, beginner, improver, \
             casual, steady, keen, solid, sharp, intermediate, experienced, strong, club"
        );
    }

    /// The app's first five levels keep their names and their order among the others, so a
    /// saved game, a setting or a puzzle rating that names one means the same level.
    #[test]
    fn the_first_five_levels_keep_their_names_in_order() {
        let first = ["novice", "beginner", "casual", "intermediate", "club"]
            .map(|name| name.parse::<Level>().expect("a level"));
        assert_eq!(
            first,
            [
                Level::Novice,
                Level::Beginner,
                Level::Casual,
                Level::Intermediate,
                Level::Club
            ]
        );
        assert!(first.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(Level::ALL.first(), Some(&Level::Novice));
        assert_eq!(Level::ALL.last(), Some(&Level::Club));
        assert!(Level::ALL.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn levels_serialise_by_their_names() {
        for level in Level::ALL {
            assert_eq!(
                serde_json::to_value(level).expect("json"),
                serde_json::Value::String(level.name().into())
            );
        }
    }
}
