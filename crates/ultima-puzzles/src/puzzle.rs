//! The puzzle and its one-line file format.
//!
//! One puzzle a line, six fields separated by `;` (UFEN has spaces but never a `;`):
//!
//! ```text
//! id;ufen;moves;rating;rd;themes
//! 3f9a01c2;clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1;e2e5 e7e4 d2d4;1480;350;pinch,opening
//! ```
//!
//! - `ufen`: the position *before* the opponent's mistake;
//! - `moves`: coordinates separated by single spaces; the first is the mistake, then the
//!   solver's and the opponent's moves alternate, ending with the solver's (so the count is
//!   even, at least 2);
//! - `rating`, `rd`: the Glicko-2 rating and rating deviation, whole numbers;
//! - `themes`: names (lower case, dashes) separated by `,`, possibly none.
//!
//! Blank lines and lines starting with `#` are comments (the generator records its progress in
//! them). Parsing checks the shape of every field and that the UFEN reads, not that the moves
//! are legal: [`Puzzle::replay`] does that (the tests and `ultima puzzles verify` run it).

use std::collections::HashSet;
use std::fmt;

use serde::{Deserialize, Serialize};
use ultima_rules::{Position, Reading, Square};

use crate::theme::Theme;

/// One puzzle, as lichess' puzzle database has them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct Puzzle {
    /// Short and stable: derived from the position and the mistake ([`puzzle_id`]).
    pub id: String,
    /// The position before the opponent's mistake.
    pub ufen: String,
    /// `moves[0]` is the mistake; then the solver's and the opponent's moves alternate, ending
    /// with the solver's. Coordinates (`e2e6`, a removal `d4d4`).
    pub moves: Vec<String>,
    pub rating: u32,
    pub rating_deviation: u32,
    pub themes: Vec<Theme>,
}

impl Puzzle {
    /// The moves the solver has to find, in order (`moves[1]`, `moves[3]`, ...).
    pub fn solver_moves(&self) -> impl Iterator<Item = &str> {
        self.moves.iter().skip(1).step_by(2).map(String::as_str)
    }

    /// How many moves the solver makes.
    pub fn solver_move_count(&self) -> usize {
        self.moves.len() / 2
    }

    pub fn has_theme(&self, theme: Theme) -> bool {
        self.themes.contains(&theme)
    }

    /// The positions along the puzzle: `[before the mistake, after it (the solver to move),
    /// ..., after the solver's last move]`, every move checked legal.
    pub fn replay(&self) -> Result<Vec<Position>, ReplayError> {
        let start = Position::from_ufen(&self.ufen).map_err(|error| ReplayError::Ufen {
            id: self.id.clone(),
            error: error.to_string(),
        })?;
        let mut positions = vec![start];
        for (index, text) in self.moves.iter().enumerate() {
            let current = positions.last().ok_or_else(|| ReplayError::Empty {
                id: self.id.clone(),
            })?;
            let mv = current
                .parse_coordinates(text)
                .map_err(|error| ReplayError::Illegal {
                    id: self.id.clone(),
                    index,
                    mv: text.clone(),
                    error: error.to_string(),
                })?;
            let next = current.play_unchecked(&mv);
            positions.push(next);
        }
        if self.moves.len() < 2 || !self.moves.len().is_multiple_of(2) {
            return Err(ReplayError::Shape {
                id: self.id.clone(),
                count: self.moves.len(),
            });
        }
        Ok(positions)
    }

    /// The puzzle as one line of the file format (no newline).
    pub fn to_line(&self) -> String {
        let themes: Vec<&str> = self.themes.iter().map(|theme| theme.name()).collect();
        format!(
            "{};{};{};{};{};{}",
            self.id,
            self.ufen,
            self.moves.join(" "),
            self.rating,
            self.rating_deviation,
            themes.join(",")
        )
    }

    /// The puzzle as the JSON object of `ultima puzzles export` (one line, no newline):
    /// `{"id": "...", "ufen": "...", "moves": [...], "rating": 1480, "themes": [...]}`.
    pub fn to_export_json(&self) -> String {
        let quoted = |items: &mut dyn Iterator<Item = &str>| {
            items.map(json_string).collect::<Vec<String>>().join(", ")
        };
        format!(
            "{{\"id\": {}, \"ufen\": {}, \"moves\": [{}], \"rating\": {}, \"themes\": [{}]}}",
            json_string(&self.id),
            json_string(&self.ufen),
            quoted(&mut self.moves.iter().map(String::as_str)),
            self.rating,
            quoted(&mut self.themes.iter().map(|theme| theme.name())),
        )
    }
}

/// A JSON string literal (the fields are ASCII without quotes in practice; escaped anyway).
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The stable id of the puzzle that starts at `ufen` with the mistake `mistake`: eight hex
/// digits of a 64-bit FNV-1a hash, so the same puzzle found again gets the same id.
pub fn puzzle_id(ufen: &str, mistake: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in ufen.bytes().chain([b'|']).chain(mistake.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", (hash >> 32) ^ (hash & 0xffff_ffff))
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// What is wrong with a line of a puzzle file. `line` counts from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("line {line}: {found} fields, a puzzle has 6 (id;ufen;moves;rating;rd;themes)")]
    FieldCount { line: usize, found: usize },
    #[error("line {line}: the id `{id}` is not 1 to 32 letters, digits, `-` or `_`")]
    BadId { line: usize, id: String },
    #[error("line {line}: bad UFEN: {error}")]
    BadUfen { line: usize, error: String },
    #[error("line {line}: the position names the {reading} rules, but the puzzles follow Abbott's 1963 rules")]
    OtherReading { line: usize, reading: Reading },
    #[error("line {line}: `{mv}` is not a move in coordinates (like e2e6)")]
    BadMove { line: usize, mv: String },
    #[error("line {line}: {count} moves; a puzzle has the mistake then whole pairs of solver and opponent moves, ending with the solver's (an even count, at least 2)")]
    MoveCount { line: usize, count: usize },
    #[error("line {line}: the {field} `{text}` is not a whole number")]
    BadNumber {
        line: usize,
        field: &'static str,
        text: String,
    },
    #[error("line {line}: unknown theme `{theme}`")]
    BadTheme { line: usize, theme: String },
    #[error("line {line}: the id `{id}` is already used on line {first}")]
    DuplicateId {
        line: usize,
        id: String,
        first: usize,
    },
}

impl ParseError {
    /// The line (from 1) the error is on.
    pub fn line(&self) -> usize {
        match self {
            ParseError::FieldCount { line, .. }
            | ParseError::BadId { line, .. }
            | ParseError::BadUfen { line, .. }
            | ParseError::OtherReading { line, .. }
            | ParseError::BadMove { line, .. }
            | ParseError::MoveCount { line, .. }
            | ParseError::BadNumber { line, .. }
            | ParseError::BadTheme { line, .. }
            | ParseError::DuplicateId { line, .. } => *line,
        }
    }
}

/// Why a puzzle's moves do not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("puzzle {id}: bad UFEN: {error}")]
    Ufen { id: String, error: String },
    #[error("puzzle {id}: move {index} `{mv}` is not legal: {error}")]
    Illegal {
        id: String,
        index: usize,
        mv: String,
        error: String,
    },
    #[error("puzzle {id}: {count} moves, not the mistake then whole solver/opponent pairs")]
    Shape { id: String, count: usize },
    #[error("puzzle {id}: no position")]
    Empty { id: String },
}

/// Whether a line is a comment or blank (not a puzzle).
pub fn is_comment(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.is_empty() || trimmed.starts_with('#')
}

fn is_coordinates(text: &str) -> bool {
    text.len() == 4
        && text.is_char_boundary(2)
        && text[..2].parse::<Square>().is_ok()
        && text[2..].parse::<Square>().is_ok()
}

/// Reads one puzzle line (not a comment); `line` (from 1) goes into the error.
pub fn parse_line(text: &str, line: usize) -> Result<Puzzle, ParseError> {
    let fields: Vec<&str> = text.trim_end_matches(['\r', '\n']).split(';').collect();
    let [id, ufen, moves, rating, rd, themes] = fields[..] else {
        return Err(ParseError::FieldCount {
            line,
            found: fields.len(),
        });
    };
    let id_ok = (1..=32).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !id_ok {
        return Err(ParseError::BadId {
            line,
            id: id.to_string(),
        });
    }
    let position = Position::from_ufen(ufen).map_err(|error| ParseError::BadUfen {
        line,
        error: error.to_string(),
    })?;
    // The puzzles (their generator, verifier, ratings and the trainer's words) are 1963's.
    if position.reading() != Reading::Abbott1963 {
        return Err(ParseError::OtherReading {
            line,
            reading: position.reading(),
        });
    }
    let moves: Vec<String> = moves.split(' ').map(str::to_string).collect();
    if let Some(bad) = moves.iter().find(|mv| !is_coordinates(mv)) {
        return Err(ParseError::BadMove {
            line,
            mv: bad.clone(),
        });
    }
    if moves.len() < 2 || !moves.len().is_multiple_of(2) {
        return Err(ParseError::MoveCount {
            line,
            count: moves.len(),
        });
    }
    let number = |field: &'static str, text: &str| {
        text.parse::<u32>().map_err(|_| ParseError::BadNumber {
            line,
            field,
            text: text.to_string(),
        })
    };
    let rating = number("rating", rating)?;
    let rating_deviation = number("rating deviation", rd)?;
    let themes = if themes.is_empty() {
        Vec::new()
    } else {
        themes
            .split(',')
            .map(|name| {
                name.parse::<Theme>().map_err(|_| ParseError::BadTheme {
                    line,
                    theme: name.to_string(),
                })
            })
            .collect::<Result<Vec<Theme>, ParseError>>()?
    };
    Ok(Puzzle {
        id: id.to_string(),
        ufen: ufen.to_string(),
        moves,
        rating,
        rating_deviation,
        themes,
    })
}

/// Reads a whole puzzle file: every puzzle line in order (comments skipped), ids unique.
pub fn parse_file(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut puzzles = Vec::new();
    let mut first_line_of = std::collections::HashMap::new();
    for (index, line) in text.lines().enumerate() {
        if is_comment(line) {
            continue;
        }
        let number = index + 1;
        let puzzle = parse_line(line, number)?;
        if let Some(&first) = first_line_of.get(&puzzle.id) {
            return Err(ParseError::DuplicateId {
                line: number,
                id: puzzle.id,
                first,
            });
        }
        first_line_of.insert(puzzle.id.clone(), number);
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// The collection shipped with the app (`data/puzzles.txt`), as text.
pub const COLLECTION: &str = include_str!("../data/puzzles.txt");

/// The shipped collection, parsed.
pub fn collection() -> Result<Vec<Puzzle>, ParseError> {
    parse_file(COLLECTION)
}

/// The UFENs of `puzzles`' positions (before the mistake), to keep a set unique.
pub fn ufens(puzzles: &[Puzzle]) -> HashSet<String> {
    puzzles.iter().map(|puzzle| puzzle.ufen.clone()).collect()
}
