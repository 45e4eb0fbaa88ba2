//! The puzzle trainer: what its screens receive and its entries in the saved record.

pub mod stored;
pub mod wire;
