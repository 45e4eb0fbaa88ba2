//! Positions: an unchecked [`Setup`] read from UFEN, and a validated [`Position`] to play on.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::types::{Bitboard, Color, Move, Piece, Role, Square};
use crate::zobrist;

/// The start position in UFEN.
pub const START_UFEN: &str = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1";

/// Anything a UFEN string can describe, whether or not it can be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    /// Plies since the last capture or removal.
    pub halfmove_clock: u32,
    /// Starts at 1 and goes up after each Black move.
    pub fullmove_number: u32,
}

/// Why a UFEN string is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UfenError {
    #[error("the position is empty")]
    Empty,
    #[error("the position has no {0} (a UFEN has four fields: placement, side to move, half-move clock, move number)")]
    MissingField(&'static str),
    #[error("the position has {0} fields; a UFEN has four: placement, side to move, half-move clock, move number")]
    TooManyFields(usize),
    #[error("the placement has {0} ranks; it needs 8, separated by '/'")]
    RankCount(usize),
    #[error("rank {rank} of the placement covers {files} files; it needs exactly 8")]
    FileCount { rank: u8, files: usize },
    #[error("rank {rank} of the placement has the unknown letter '{letter}' (pieces are K P W L X C I, upper case for White, lower case for Black; digits 1 to 8 count empty squares)")]
    UnknownLetter { rank: u8, letter: char },
    #[error("rank {rank} of the placement has the digits '{digits}' in a row; each run of empty squares is one digit, as in FEN")]
    DigitsInARow { rank: u8, digits: String },
    #[error("the side to move is '{0}'; it must be 'w' (White) or 'b' (Black)")]
    BadSide(String),
    #[error("the half-move clock '{0}' is not a whole number")]
    BadHalfmoveClock(String),
    #[error("the move number '{0}' is not a whole number of at least 1")]
    BadMoveNumber(String),
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

/// Why a setup cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{color} has {count} kings; a side may have at most one")]
    TooManyKings { color: Color, count: u32 },
    #[error(
        "{color} is in check but it is {mover}'s move: the side not to move may never be in check"
    )]
    OpponentInCheck { color: Color, mover: Color },
}

impl Setup {
    /// Reads a UFEN string. Total: any text gives a setup or an error that says what is wrong.
    pub fn from_ufen(text: &str) -> Result<Setup, UfenError> {
        let mut fields = text.split_whitespace();
        let placement = fields.next().ok_or(UfenError::Empty)?;
        let board = parse_placement(placement)?;
        let side = fields
            .next()
            .ok_or(UfenError::MissingField("side to move"))?;
        let turn = match side {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(UfenError::BadSide(other.to_string())),
        };
        let halfmove = fields
            .next()
            .ok_or(UfenError::MissingField("half-move clock"))?;
        let halfmove_clock = whole_number(halfmove)
            .ok_or_else(|| UfenError::BadHalfmoveClock(halfmove.to_string()))?;
        let fullmove = fields
            .next()
            .ok_or(UfenError::MissingField("move number"))?;
        let fullmove_number = whole_number(fullmove)
            .filter(|n| *n >= 1)
            .ok_or_else(|| UfenError::BadMoveNumber(fullmove.to_string()))?;
        let extra = fields.count();
        if extra > 0 {
            return Err(UfenError::TooManyFields(4 + extra));
        }
        Ok(Setup {
            board,
            turn,
            halfmove_clock,
            fullmove_number,
        })
    }
}

/// Digits only: no sign, no spaces, and small enough for a `u32`.
fn whole_number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn parse_placement(placement: &str) -> Result<Board, UfenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(UfenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let rank_name = rank + 1;
        let mut file: usize = 0;
        let mut letters = rank_text.chars().peekable();
        while let Some(letter) = letters.next() {
            if let Some(run) = letter.to_digit(10) {
                if !(1..=8).contains(&run) {
                    return Err(UfenError::UnknownLetter {
                        rank: rank_name,
                        letter,
                    });
                }
                // `44` would read as 8 squares, but no FEN writer produces it: it is more likely
                // a typo (for `4p4`, say) than a run of eight, so it is refused, not guessed at.
                if letters.peek().is_some_and(char::is_ascii_digit) {
                    let mut digits = letter.to_string();
                    while let Some(digit) = letters.next_if(char::is_ascii_digit) {
                        digits.push(digit);
                    }
                    return Err(UfenError::DigitsInARow {
                        rank: rank_name,
                        digits,
                    });
                }
                file += run as usize;
            } else {
                let piece = Piece::from_letter(letter).ok_or(UfenError::UnknownLetter {
                    rank: rank_name,
                    letter,
                })?;
                if let Some(square) = u8::try_from(file)
                    .ok()
                    .and_then(|f| Square::from_coords(f, rank))
                {
                    board.put(square, piece);
                }
                file += 1;
            }
        }
        if file != 8 {
            return Err(UfenError::FileCount {
                rank: rank_name,
                files: file,
            });
        }
    }
    Ok(board)
}

/// A position that can be played: at most one king a side, and the side not to move not in check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The start position.
    pub fn start() -> Position {
        let mut board = Board::empty();
        let back = [
            Role::Immobilizer,
            Role::LongLeaper,
            Role::Chameleon,
            Role::King,
            Role::Withdrawer,
            Role::Chameleon,
            Role::LongLeaper,
            Role::Coordinator,
        ];
        for (file, back_role) in (0u8..).zip(back) {
            // Black's army is White's turned half round: its back rank reads right to left.
            let places = [
                (file, 0, Color::White, back_role),
                (file, 1, Color::White, Role::Pawn),
                (file, 6, Color::Black, Role::Pawn),
                (7 - file, 7, Color::Black, back_role),
            ];
            for (file, rank, color, role) in places {
                if let Some(square) = Square::from_coords(file, rank) {
                    board.put(square, Piece::new(color, role));
                }
            }
        }
        Position::from_parts(board, Color::White, 0, 1)
    }

    fn from_parts(
        board: Board,
        turn: Color,
        halfmove_clock: u32,
        fullmove_number: u32,
    ) -> Position {
        let hash = board.placement_hash() ^ zobrist::side_key(turn);
        Position {
            board,
            turn,
            halfmove_clock,
            fullmove_number,
            hash,
        }
    }

    /// Checks a setup: at most one king of each colour, and the side not to move not in check.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        for color in Color::ALL {
            let count = setup.board.pieces(color, Role::King).count();
            if count > 1 {
                return Err(PositionError::TooManyKings { color, count });
            }
        }
        let waiting = !setup.turn;
        if setup.board.is_in_check(waiting) {
            return Err(PositionError::OpponentInCheck {
                color: waiting,
                mover: setup.turn,
            });
        }
        Ok(Position::from_parts(
            setup.board,
            setup.turn,
            setup.halfmove_clock,
            setup.fullmove_number,
        ))
    }

    /// Reads and checks a UFEN string.
    pub fn from_ufen(text: &str) -> Result<Position, UfenError> {
        Ok(Position::from_setup(Setup::from_ufen(text)?)?)
    }

    /// The position as UFEN.
    pub fn ufen(&self) -> String {
        format!(
            "{} {} {} {}",
            self.placement(),
            self.turn.letter(),
            self.halfmove_clock,
            self.fullmove_number
        )
    }

    /// The placement field of the UFEN.
    pub fn placement(&self) -> String {
        let mut text = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match Square::from_coords(file, rank).and_then(|s| self.board.piece_at(s)) {
                    Some(piece) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        text.push(piece.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist hash of the placement and the side to move (not the clocks): equal for the
    /// positions that count as the same for repetition.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.piece_at(square)
    }

    /// The pieces of `color` that cannot move.
    pub fn frozen(&self, color: Color) -> Bitboard {
        self.board.frozen(color)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.board.is_in_check(self.turn)
    }

    /// The pieces of the side to move that the opponent could take if it were the opponent's
    /// move now: every capture of the opponent's legal moves in this placement (the course's
    /// "which of your pieces are attacked?"). A frozen enemy piece threatens nothing.
    pub fn threatened(&self) -> Bitboard {
        let passed = Position::from_parts(
            self.board.clone(),
            !self.turn,
            self.halfmove_clock,
            self.fullmove_number,
        );
        let mut taken = Bitboard::EMPTY;
        for mv in passed.legal_moves() {
            taken |= mv.captures;
        }
        taken & self.board.by_color(self.turn)
    }

    /// Whether only the two kings remain.
    pub fn is_bare_kings(&self) -> bool {
        let occupied = self.board.occupied();
        occupied.count() == 2 && occupied == self.board.by_role(Role::King)
    }

    /// Plays a move known to be legal here (for instance, one from [`Position::legal_moves`]).
    /// A move that is not legal here leaves the board in an unspecified (but memory-safe)
    /// state; use [`Position::play`] for moves from outside.
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let mut next = self.clone();
        next.apply(mv);
        next
    }

    pub(crate) fn apply(&mut self, mv: &Move) {
        for square in mv.captures {
            if let Some(piece) = self.board.take(square) {
                self.hash ^= zobrist::piece_key(piece, square);
            }
        }
        if let Some(piece) = self.board.take(mv.from) {
            self.hash ^= zobrist::piece_key(piece, mv.from);
            if !mv.is_removal() {
                self.board.put(mv.to, piece);
                self.hash ^= zobrist::piece_key(piece, mv.to);
            }
        }
        self.halfmove_clock = if mv.is_irreversible() {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.hash ^= zobrist::side_key(self.turn) ^ zobrist::side_key(!self.turn);
        self.turn = !self.turn;
    }
}

impl fmt::Display for Position {
    /// UFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.ufen())
    }
}

impl FromStr for Position {
    type Err = UfenError;
    fn from_str(text: &str) -> Result<Position, UfenError> {
        Position::from_ufen(text)
    }
}
