//! What can stop an analysis.

/// Why an analysis did not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The stop flag was raised.
    #[error("the analysis was stopped after {done} of {total} positions")]
    Stopped { done: usize, total: usize },
    /// The search refused a position (it has no legal move, which the analysis checks
    /// before asking: a bug if seen).
    #[error("the engine could not search position {ply} of the game: {reason}")]
    Engine { ply: usize, reason: String },
}
