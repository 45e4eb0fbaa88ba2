//! Online play's types: what the online screens receive (`wire`) and its entry in the saved
//! record (`stored`).

pub mod stored;
pub mod wire;
