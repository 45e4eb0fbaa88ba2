//! Move notation: coordinates (`e2e6`, removal `d4d4`) for machines, and the people's notation
//! (`Pe2-e6xd6xf6+`, removal `Ld4=`) for move lists.

use crate::position::Position;
use crate::reading::NoMoveRule;
use crate::types::{Bitboard, Move, Role, Square};
use crate::why_not::IllegalReason;

/// Why a text is not a legal move in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("`{0}` is not a move: write a move as its two squares, like e2e6 (a removal names its square twice, like d4d4)")]
    Malformed(String),
    /// The two squares name no legal move; the reason says why, as [`Position::why_not`] does.
    #[error(transparent)]
    Illegal(#[from] IllegalReason),
    #[error("`{text}` names a {named}, but the piece on {square} is a {actual}")]
    WrongPiece {
        text: String,
        named: &'static str,
        square: Square,
        actual: &'static str,
    },
    #[error("`{text}` lists the wrong captures: that move takes {actual}")]
    WrongCaptures { text: String, actual: String },
}

/// Captured squares in the order people read them: by file, then by rank.
pub fn sorted_captures(captures: Bitboard) -> Vec<Square> {
    let mut squares: Vec<Square> = captures.iter().collect();
    squares.sort_by_key(|s| (s.file(), s.rank()));
    squares
}

impl Position {
    /// The legal move from `from` to `to` (`from == to` for a removal), or why there is none.
    pub fn find_move(&self, from: Square, to: Square) -> Result<Move, MoveError> {
        Ok(self.legal_move_or_reason(from, to)?)
    }

    /// Reads a move in coordinates (`e2e6`, removal `d4d4`).
    pub fn parse_coordinates(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let malformed = || MoveError::Malformed(text.to_string());
        if text.len() != 4 || !text.is_ascii() {
            return Err(malformed());
        }
        let from: Square = text[..2].parse().map_err(|_| malformed())?;
        let to: Square = text[2..].parse().map_err(|_| malformed())?;
        self.find_move(from, to)
    }

    /// Reads a move in coordinates or in the people's notation.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let trimmed = text.trim();
        let is_coordinates = trimmed.len() == 4
            && trimmed.is_ascii()
            && trimmed[..2].parse::<Square>().is_ok()
            && trimmed[2..].parse::<Square>().is_ok();
        if is_coordinates {
            self.parse_coordinates(trimmed)
        } else {
            self.parse_san(trimmed)
        }
    }

    /// Reads a move in the people's notation: `Pe2-e6xd6xf6+`, `Ld4=`. The piece letter and the
    /// check mark may be left out; the captures, when given, must be the move's.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(text.to_string());
        let body = text.trim().trim_end_matches(['+', '#']);
        if !body.is_ascii() {
            return Err(malformed());
        }
        let (named, rest) = match body.chars().next().and_then(Role::from_letter) {
            Some(role) if body.starts_with(|c: char| c.is_ascii_uppercase()) => {
                (Some(role), &body[1..])
            }
            _ => (None, body),
        };
        let from: Square = rest
            .get(..2)
            .ok_or_else(malformed)?
            .parse()
            .map_err(|_| malformed())?;
        let rest = &rest[2..];
        let (to, captures_text) = if let Some(after) = rest.strip_prefix('=') {
            (from, after)
        } else if let Some(after) = rest.strip_prefix('-') {
            let to: Square = after
                .get(..2)
                .ok_or_else(malformed)?
                .parse()
                .map_err(|_| malformed())?;
            (to, &after[2..])
        } else {
            return Err(malformed());
        };
        let mut listed = Bitboard::EMPTY;
        if !captures_text.is_empty() {
            for part in captures_text.split('x').skip(1) {
                listed |= part.parse::<Square>().map_err(|_| malformed())?;
            }
            if !captures_text.starts_with('x') {
                return Err(malformed());
            }
        }
        let mv = self.find_move(from, to)?;
        if let Some(role) = named {
            if role != mv.role {
                return Err(MoveError::WrongPiece {
                    text: text.to_string(),
                    named: role.name(),
                    square: from,
                    actual: mv.role.name(),
                });
            }
        }
        if !captures_text.is_empty() && listed != mv.captures {
            let actual = sorted_captures(mv.captures)
                .iter()
                .map(Square::to_string)
                .collect::<Vec<_>>();
            return Err(MoveError::WrongCaptures {
                text: text.to_string(),
                actual: if actual.is_empty() {
                    "nothing".to_string()
                } else {
                    actual.join(", ")
                },
            });
        }
        Ok(mv)
    }

    /// The move in the people's notation: `Pe2-e6xd6xf6+`, a removal `Ld4=`; `+` marks check,
    /// `#` a move that wins: the opponent has no legal move (and the reading scores that as a
    /// loss), or its king is taken.
    pub fn san(&self, mv: &Move) -> String {
        let mut text = String::with_capacity(16);
        text.push(mv.role.letter());
        text.push_str(&mv.from.to_string());
        if mv.is_removal() {
            text.push('=');
        } else {
            text.push('-');
            text.push_str(&mv.to.to_string());
        }
        for square in sorted_captures(mv.captures) {
            text.push('x');
            text.push_str(&square.to_string());
        }
        let after = self.play_unchecked(mv);
        let ends_in_a_win = after.king_taken_winner().is_some()
            || (!after.has_legal_move()
                && (after.rules().no_move == NoMoveRule::Loses || after.is_check()));
        if ends_in_a_win {
            text.push('#');
        } else if after.is_check() {
            text.push('+');
        }
        text
    }
}

impl Position {
    /// Plays the move from `mv.from` to `mv.to` if it is legal here; otherwise says why and
    /// leaves this position as it is. Captures always follow from the two squares.
    pub fn play(&self, mv: &Move) -> Result<Position, MoveError> {
        let legal = self.find_move(mv.from, mv.to)?;
        Ok(self.play_unchecked(&legal))
    }
}
