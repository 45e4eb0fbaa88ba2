//! Positions: an unchecked [`Setup`] read from UFEN, and a validated [`Position`] to play on.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::reading::{Reading, Rules, UnknownReading};
use crate::types::{Bitboard, Color, Move, Piece, Role, Square};
use crate::zobrist;

/// The start position of the 1963 rules in UFEN (see [`Reading::start_ufen`] for the others).
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
    /// The reading of the rules the position is played by (a fifth UFEN field, when not 1963).
    pub reading: Reading,
}

/// Why a UFEN string is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UfenError {
    #[error("the position is empty")]
    Empty,
    #[error("the position has no {0} (a UFEN has four fields: placement, side to move, half-move clock, move number)")]
    MissingField(&'static str),
    #[error("the position has {0} fields; a UFEN has four (placement, side to move, half-move clock, move number) and a fifth naming the rules when they are not 1963")]
    TooManyFields(usize),
    #[error("the position's last field: {0}")]
    UnknownReading(#[from] UnknownReading),
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
        let reading = match fields.next() {
            Some(name) => name.parse()?,
            None => Reading::Abbott1963,
        };
        let extra = fields.count();
        if extra > 0 {
            return Err(UfenError::TooManyFields(5 + extra));
        }
        Ok(Setup {
            board,
            turn,
            halfmove_clock,
            fullmove_number,
            reading,
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

/// A position that can be played: at most one king a side, and the side not to move not in check
/// (where its reading has a check rule). It carries its reading: every rule asked of it follows
/// that reading's switches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
    pub(crate) reading: Reading,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The start position of the 1963 rules.
    pub fn start() -> Position {
        Position::start_of(Reading::Abbott1963)
    }

    /// The start position of `reading` (READINGS.md's table): 1962 puts the king on e1 and the
    /// withdrawer on d1 (and Black's facing them); Cambridge mirrors the 1963 start.
    pub fn start_of(reading: Reading) -> Position {
        use Role::{Chameleon as X, Coordinator as C, Immobilizer as I, King as K};
        use Role::{LongLeaper as L, Withdrawer as W};
        // Each side's back rank from the a-file to the h-file.
        let abbott_1963 = [I, L, X, K, W, X, L, C];
        let (white, black) = match reading {
            Reading::Abbott1963 | Reading::Boardspace | Reading::Zillions => {
                // Black's army is White's turned half round.
                (abbott_1963, [C, L, X, W, K, X, L, I])
            }
            // The chess array with the rook on each player's left turned over: the kings face
            // each other on the e-file; Black's rank is the 1963 one.
            Reading::Abbott1962 => ([I, L, X, W, K, X, L, C], [C, L, X, W, K, X, L, I]),
            // The 1963 start in a mirror.
            Reading::Cambridge => ([C, L, X, W, K, X, L, I], abbott_1963),
        };
        let mut board = Board::empty();
        for (file, (white_role, black_role)) in (0u8..).zip(white.into_iter().zip(black)) {
            let places = [
                (0, Color::White, white_role),
                (1, Color::White, Role::Pawn),
                (6, Color::Black, Role::Pawn),
                (7, Color::Black, black_role),
            ];
            for (rank, color, role) in places {
                if let Some(square) = Square::from_coords(file, rank) {
                    board.put(square, Piece::new(color, role));
                }
            }
        }
        Position::from_parts(board, Color::White, 0, 1, reading)
    }

    fn from_parts(
        board: Board,
        turn: Color,
        halfmove_clock: u32,
        fullmove_number: u32,
        reading: Reading,
    ) -> Position {
        let hash = board.placement_hash() ^ zobrist::side_key(turn);
        Position {
            board,
            turn,
            halfmove_clock,
            fullmove_number,
            hash,
            reading,
        }
    }

    /// Checks a setup: at most one king of each colour, and the side not to move not in check
    /// (by its reading's rules; a reading without a check rule lets the side to move take a
    /// king left to be taken).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        for color in Color::ALL {
            let count = setup.board.pieces(color, Role::King).count();
            if count > 1 {
                return Err(PositionError::TooManyKings { color, count });
            }
        }
        let waiting = !setup.turn;
        let rules = setup.reading.rules();
        if rules.has_check() && setup.board.is_in_check_under(waiting, &rules) {
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
            setup.reading,
        ))
    }

    /// The same placement, side to move and clocks, played by `reading` (checked again: the
    /// side not to move may be in check by one reading's rules and not by another's).
    pub fn with_reading(&self, reading: Reading) -> Result<Position, PositionError> {
        Position::from_setup(Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            reading,
        })
    }

    /// Reads and checks a UFEN string.
    pub fn from_ufen(text: &str) -> Result<Position, UfenError> {
        Ok(Position::from_setup(Setup::from_ufen(text)?)?)
    }

    /// The position as UFEN: four fields for the 1963 rules, a fifth naming any other reading.
    pub fn ufen(&self) -> String {
        let mut text = format!(
            "{} {} {} {}",
            self.placement(),
            self.turn.letter(),
            self.halfmove_clock,
            self.fullmove_number
        );
        if !self.reading.is_default() {
            text.push(' ');
            text.push_str(self.reading.name());
        }
        text
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

    /// The reading of the rules the position is played by.
    #[inline]
    pub fn reading(&self) -> Reading {
        self.reading
    }

    /// The switches of the position's reading.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.reading.rules()
    }

    /// The Zobrist hash of the placement and the side to move (not the clocks): equal for the
    /// positions that count as the same for repetition.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.piece_at(square)
    }

    /// The pieces of `color` that cannot move, by the reading's freezing rule.
    pub fn frozen(&self, color: Color) -> Bitboard {
        self.board.frozen_under(color, self.rules().freezing)
    }

    /// Whether the side to move is in check (never, in a reading without a check rule).
    pub fn is_check(&self) -> bool {
        self.rules().has_check() && self.king_attacked(self.turn)
    }

    /// Whether an enemy piece could take the side to move's king on its next move, check rule
    /// or not (in the Zillions reading, a king left to be taken).
    pub fn is_king_attacked(&self) -> bool {
        self.king_attacked(self.turn)
    }

    /// In a reading played to take the king: the side that has won because the other's king
    /// has been taken (one side has a king, the other none). `None` in every other case.
    pub fn king_taken_winner(&self) -> Option<Color> {
        if self.rules().has_check() {
            return None;
        }
        match (
            self.board.king_of(Color::White),
            self.board.king_of(Color::Black),
        ) {
            (Some(_), None) => Some(Color::White),
            (None, Some(_)) => Some(Color::Black),
            _ => None,
        }
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
            self.reading,
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
