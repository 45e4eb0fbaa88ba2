//! Ultima puzzles: the [`Puzzle`] type and its one-line file format, the themes and their
//! tagging, the puzzle rule ([`judge`]), the generator from self-play ([`generate`]), longer
//! lines for found puzzles ([`extend`]), the verifier ([`verify`]), and the collection shipped with the app.
//!
//! ```
//! let puzzles = ultima_puzzles::collection().unwrap();
//! assert!(puzzles.iter().all(|p| p.moves.len() % 2 == 0));
//! ```

pub mod extend;
pub mod generate;
pub mod judge;
mod puzzle;
pub mod rating;
pub mod select;
mod theme;
pub mod themes;
pub mod verify;

pub use puzzle::{
    collection, is_comment, parse_file, parse_line, puzzle_id, ufens, ParseError, Puzzle,
    ReplayError, COLLECTION,
};
pub use theme::{Theme, UnknownTheme};
