//! Ultima puzzles: the [`Puzzle`] type and its one-line file format, the themes, and the
//! collection shipped with the app.
//!
//! ```
//! let puzzles = ultima_puzzles::collection().unwrap();
//! assert!(puzzles.iter().all(|p| p.moves.len() % 2 == 0));
//! ```

mod puzzle;
mod theme;

pub use puzzle::{
    collection, is_comment, parse_file, parse_line, puzzle_id, ufens, ParseError, Puzzle,
    ReplayError, COLLECTION,
};
pub use theme::{Theme, UnknownTheme};
