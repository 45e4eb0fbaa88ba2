//! The themes a puzzle exercises, tagged from its solution (see [`crate::themes`] for how).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A theme, by its name in lower case with dashes (`long-leap`, `mate-in-1`), as the file
/// format, the JSON export and the app use it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Theme {
    /// A pawn takes by a pinch.
    #[serde(rename = "pinch")]
    Pinch,
    /// A withdrawer takes by moving away.
    #[serde(rename = "withdrawal")]
    Withdrawal,
    /// A long leaper takes by leaping.
    #[serde(rename = "long-leap")]
    LongLeap,
    /// A coordinator takes with its king.
    #[serde(rename = "coordinator")]
    Coordinator,
    /// A chameleon takes a pawn by a pinch.
    #[serde(rename = "chameleon-pinch")]
    ChameleonPinch,
    /// A chameleon takes a withdrawer by moving away from it.
    #[serde(rename = "chameleon-withdrawal")]
    ChameleonWithdrawal,
    /// A chameleon takes a long leaper by leaping it.
    #[serde(rename = "chameleon-leap")]
    ChameleonLeap,
    /// A chameleon takes a coordinator by coordinating with its king.
    #[serde(rename = "chameleon-coordinator")]
    ChameleonCoordinator,
    /// A chameleon takes the king by a king's step.
    #[serde(rename = "chameleon-king")]
    ChameleonKing,
    /// One move takes two pieces or more.
    #[serde(rename = "multi-capture")]
    MultiCapture,
    /// A solver move freezes an enemy piece that was free.
    #[serde(rename = "immobilization")]
    Immobilization,
    /// A frozen piece is removed in the solution.
    #[serde(rename = "removal")]
    Removal,
    /// The opponent has no legal move after the solver's first move.
    #[serde(rename = "mate-in-1")]
    MateIn1,
    /// ... after the solver's second move.
    #[serde(rename = "mate-in-2")]
    MateIn2,
    /// ... after the solver's third move or later.
    #[serde(rename = "mate-in-3-plus")]
    MateIn3Plus,
    /// The win leaves the loser with no legal move while not in check.
    #[serde(rename = "blockade")]
    Blockade,
    /// A defensive puzzle: the only move that holds, winning nothing.
    #[serde(rename = "defence")]
    Defence,
    /// The puzzle's position is from the opening.
    #[serde(rename = "opening")]
    Opening,
    /// ... from the middle game.
    #[serde(rename = "middlegame")]
    Middlegame,
    /// ... from the endgame.
    #[serde(rename = "endgame")]
    Endgame,
}

impl Theme {
    pub const ALL: [Theme; 20] = [
        Theme::Pinch,
        Theme::Withdrawal,
        Theme::LongLeap,
        Theme::Coordinator,
        Theme::ChameleonPinch,
        Theme::ChameleonWithdrawal,
        Theme::ChameleonLeap,
        Theme::ChameleonCoordinator,
        Theme::ChameleonKing,
        Theme::MultiCapture,
        Theme::Immobilization,
        Theme::Removal,
        Theme::MateIn1,
        Theme::MateIn2,
        Theme::MateIn3Plus,
        Theme::Blockade,
        Theme::Defence,
        Theme::Opening,
        Theme::Middlegame,
        Theme::Endgame,
    ];

    /// The name in lower case with dashes, the same as the serde name.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Pinch => "pinch",
            Theme::Withdrawal => "withdrawal",
            Theme::LongLeap => "long-leap",
            Theme::MultiCapture => "multi-capture",
            Theme::Coordinator => "coordinator",
            Theme::ChameleonPinch => "chameleon-pinch",
            Theme::ChameleonWithdrawal => "chameleon-withdrawal",
            Theme::ChameleonLeap => "chameleon-leap",
            Theme::ChameleonCoordinator => "chameleon-coordinator",
            Theme::ChameleonKing => "chameleon-king",
            Theme::Immobilization => "immobilization",
            Theme::Removal => "removal",
            Theme::MateIn1 => "mate-in-1",
            Theme::MateIn2 => "mate-in-2",
            Theme::MateIn3Plus => "mate-in-3-plus",
            Theme::Blockade => "blockade",
            Theme::Defence => "defence",
            Theme::Opening => "opening",
            Theme::Middlegame => "middlegame",
            Theme::Endgame => "endgame",
        }
    }

    /// The mate theme for a win after `solver_moves` moves of the solver.
    pub fn mate_in(solver_moves: usize) -> Theme {
        match solver_moves {
            0 | 1 => Theme::MateIn1,
            2 => Theme::MateIn2,
            _ => Theme::MateIn3Plus,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name that is not one of [`Theme::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme `{0}`")]
pub struct UnknownTheme(pub String);

impl FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(text: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|theme| theme.name() == text)
            .ok_or_else(|| UnknownTheme(text.to_string()))
    }
}
