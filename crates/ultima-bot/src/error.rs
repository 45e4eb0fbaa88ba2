//! What can go wrong when asking the bot for a move.

/// Why the bot could not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// The side to move has no legal move: the game is over and it has lost.
    #[error("{0} has no legal move: the game is over")]
    NoLegalMove(ultima_rules::Color),
}
