//! Game analysis: what the analysis screen receives.

pub mod wire;
