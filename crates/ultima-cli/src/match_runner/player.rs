//! What a player of a match is, wherever it runs: the [`Player`] trait the game loop drives,
//! and the ways a player loses without the board saying so ([`Forfeit`]).

use ultima_rules::Game;

/// Why a player lost without the board saying so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    Illegal { text: String, reason: String },
    Crashed(String),
    Timeout,
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Forfeit::Illegal { text, reason } => write!(f, "illegal move `{text}`: {reason}"),
            Forfeit::Crashed(message) => write!(f, "crashed: {message}"),
            Forfeit::Timeout => f.write_str("no answer in time"),
        }
    }
}

/// Someone who plays moves.
pub trait Player {
    fn name(&self) -> &str;
    /// Gets ready for a new game.
    fn new_game(&mut self) -> Result<(), Forfeit>;
    /// The move (in coordinates) for the side to move in `game`, which is not over.
    fn choose(&mut self, game: &Game) -> Result<String, Forfeit>;
}

/// A player that answers every move with a fixed text (for the tests of the game loop).
#[cfg(test)]
pub struct Stubborn(pub &'static str);

#[cfg(test)]
impl Player for Stubborn {
    fn name(&self) -> &str {
        "stubborn"
    }
    fn new_game(&mut self) -> Result<(), Forfeit> {
        Ok(())
    }
    fn choose(&mut self, _: &Game) -> Result<String, Forfeit> {
        Ok(self.0.to_string())
    }
}
