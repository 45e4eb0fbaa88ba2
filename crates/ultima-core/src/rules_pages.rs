//! The rules pages' commands: each reading's small boards.

use crate::core::AppCore;
use crate::platform::Platform;
use crate::wire::{AppError, Reading, ReadingExample};

impl<P: Platform> AppCore<P> {
    pub fn reading_examples(&mut self, reading: Reading) -> Result<Vec<ReadingExample>, AppError> {
        Ok(ultima_game::reading_examples(reading))
    }
}
