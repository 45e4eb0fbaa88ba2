//! A game: a start position and the moves played from it, with the game's status, including
//! the draws that need the history (threefold repetition).

use std::fmt;

use crate::notation::MoveError;
use crate::position::{Position, UfenError};
use crate::reading::{NoMoveRule, Reading};
use crate::types::{Color, Move, Role, Square};

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum DrawReason {
    /// The same placement with the same side to move for the third time.
    Repetition,
    /// 100 plies without a capture or removal.
    FiftyMoves,
    /// Only the two kings remain.
    BareKings,
    /// The players agreed.
    Agreement,
    /// A side ran out of time, but its opponent has nothing but its king left, so could not
    /// have won (RULES.md, decisions).
    TimeoutBareKing,
    /// The side to move, not in check, had no legal move, and the reading scores that as a
    /// draw (Boardspace).
    Stalemate,
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum WinReason {
    /// The loser, to move and in check, had no legal move.
    Checkmate,
    /// The loser, to move and not in check, had no legal move.
    NoLegalMove,
    Resignation,
    /// The loser ran out of time.
    Time,
    /// The loser's king was taken (a reading played to take the king: Zillions).
    KingCaptured,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw { reason: DrawReason },
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, .. } => write!(f, "{} wins", winner.name().to_lowercase()),
            Outcome::Draw { reason } => write!(
                f,
                "draw: {}",
                match reason {
                    DrawReason::Repetition => "repetition",
                    DrawReason::FiftyMoves => "fifty moves",
                    DrawReason::BareKings => "bare kings",
                    DrawReason::Agreement => "agreement",
                    DrawReason::TimeoutBareKing => "time out against a bare king",
                    DrawReason::Stalemate => "stalemate",
                }
            ),
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "camelCase"))]
pub enum Status {
    Ongoing { check: bool },
    Over { outcome: Outcome },
}

impl fmt::Display for Status {
    /// `ongoing`, `check`, `white wins`, `black wins`, `draw: bare kings`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing { check: false } => f.write_str("ongoing"),
            Status::Ongoing { check: true } => f.write_str("check"),
            Status::Over { outcome } => outcome.fmt(f),
        }
    }
}

impl Position {
    /// The status that follows from this position alone (no repetition: that needs a game),
    /// by the position's reading. A side without a legal move has lost (unless the reading
    /// draws a stalemate), even when a draw condition holds as well; in a reading played to
    /// take the king, a side whose king has been taken has lost.
    pub fn status(&self) -> Status {
        if let Some(winner) = self.king_taken_winner() {
            return Status::Over {
                outcome: Outcome::Win {
                    winner,
                    reason: WinReason::KingCaptured,
                },
            };
        }
        let check = self.is_check();
        if !self.has_legal_move() {
            if !check && self.rules().no_move == NoMoveRule::StalemateDraws {
                return Status::Over {
                    outcome: Outcome::Draw {
                        reason: DrawReason::Stalemate,
                    },
                };
            }
            let reason = if check {
                WinReason::Checkmate
            } else {
                WinReason::NoLegalMove
            };
            return Status::Over {
                outcome: Outcome::Win {
                    winner: !self.turn(),
                    reason,
                },
            };
        }
        if self.is_bare_kings() {
            return Status::Over {
                outcome: Outcome::Draw {
                    reason: DrawReason::BareKings,
                },
            };
        }
        if self.halfmove_clock() >= 100 {
            return Status::Over {
                outcome: Outcome::Draw {
                    reason: DrawReason::FiftyMoves,
                },
            };
        }
        Status::Ongoing { check }
    }
}

/// Why a move could not be added to a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game is over ({0})")]
    Over(Outcome),
    #[error(transparent)]
    Illegal(#[from] MoveError),
}

/// Why a game record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("the record has no `start` line")]
    MissingStart,
    #[error("the record's start position is wrong: {0}")]
    Start(#[from] UfenError),
    #[error("move {ply} of the record, `{text}`: {error}")]
    Move {
        ply: usize,
        text: String,
        error: GameError,
    },
    #[error("the record's `end` line `{0}` is not one of: white resigns, black resigns, white loses on time, black loses on time, draw agreed")]
    BadEnd(String),
    #[error("the record's line `{0}` does not start with start, moves or end")]
    UnknownLine(String),
}

/// A game in progress or finished: the start, the moves, and every position along the way.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// An end that does not follow from the board: resignation, agreement, time.
    declared: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::start())
    }
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            declared: None,
        }
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The reading of the rules the game is played by (its start position's).
    pub fn reading(&self) -> Reading {
        self.start().reading()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The position after `ply` moves (0 is the start), if the game is that long.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves in the people's notation.
    pub fn san_moves(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(mv, position)| position.san(mv))
            .collect()
    }

    /// How many times the current placement, with the same side to move, has occurred.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        // Positions before the last capture or removal cannot come back.
        let reversible = current.halfmove_clock() as usize;
        let window = self.positions.len().saturating_sub(reversible + 1);
        self.positions[window..]
            .iter()
            .filter(|p| {
                p.hash() == current.hash()
                    && p.turn() == current.turn()
                    && p.board() == current.board()
            })
            .count()
    }

    pub fn status(&self) -> Status {
        if let Some(outcome) = self.declared {
            return Status::Over { outcome };
        }
        let status = self.position().status();
        if let Status::Ongoing { .. } = status {
            if self.repetitions() >= 3 {
                return Status::Over {
                    outcome: Outcome::Draw {
                        reason: DrawReason::Repetition,
                    },
                };
            }
        }
        status
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::Over { outcome } => Some(outcome),
            Status::Ongoing { .. } => None,
        }
    }

    /// Plays the move from `mv.from` to `mv.to`. An illegal move, or a move after the end, is
    /// refused and the game stays as it was. Returns the move as played (with its captures).
    pub fn play(&mut self, mv: &Move) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let legal = self.position().find_move(mv.from, mv.to)?;
        self.push(legal);
        Ok(legal)
    }

    /// Plays the legal move from `from` to `to` (its captures as the rules work them out),
    /// found once.
    pub fn play_at(&mut self, from: Square, to: Square) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let legal = self.position().find_move(from, to)?;
        self.push(legal);
        Ok(legal)
    }

    /// Plays a move given in coordinates or the people's notation.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let legal = self.position().parse_move(text)?;
        self.push(legal);
        Ok(legal)
    }

    fn push(&mut self, legal: Move) {
        let next = self.position().play_unchecked(&legal);
        self.positions.push(next);
        self.moves.push(legal);
    }

    /// Takes back the last move (and any declared end), returning it.
    pub fn undo(&mut self) -> Option<Move> {
        self.declared = None;
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// `color` resigns. Refused when the game is already over.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.declare(Outcome::Win {
            winner: !color,
            reason: WinReason::Resignation,
        })
    }

    /// The players agree a draw. Refused when the game is already over.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.declare(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    /// `color` ran out of time: it loses, unless the opponent has nothing but its king left,
    /// and then the game is drawn (RULES.md, decisions). Refused when the game is already over.
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, GameError> {
        let board = self.position().board();
        let opponent_has_more_than_a_king =
            (board.by_color(!color).0 & !board.by_role(Role::King).0) != 0;
        if opponent_has_more_than_a_king {
            self.declare(Outcome::Win {
                winner: !color,
                reason: WinReason::Time,
            })
        } else {
            self.declare(Outcome::Draw {
                reason: DrawReason::TimeoutBareKing,
            })
        }
    }

    fn declare(&mut self, outcome: Outcome) -> Result<Outcome, GameError> {
        if let Some(existing) = self.outcome() {
            return Err(GameError::Over(existing));
        }
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// The game as text that [`Game::from_record`] reads back:
    ///
    /// ```text
    /// start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1
    /// moves e2e6 e7e3
    /// end white resigns
    /// ```
    pub fn record(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(Move::coordinates).collect();
        let mut text = format!("start {}\nmoves {}\n", self.start().ufen(), moves.join(" "));
        if let Some(outcome) = self.declared {
            let end = match outcome {
                Outcome::Win {
                    winner,
                    reason: WinReason::Resignation,
                } => format!("{} resigns", (!winner).name().to_lowercase()),
                Outcome::Win {
                    winner,
                    reason: WinReason::Time,
                } => format!("{} loses on time", (!winner).name().to_lowercase()),
                // The side to move ran out of time (the draw follows from the board again).
                Outcome::Draw {
                    reason: DrawReason::TimeoutBareKing,
                } => format!(
                    "{} loses on time",
                    self.position().turn().name().to_lowercase()
                ),
                _ => "draw agreed".to_string(),
            };
            text.push_str(&format!("end {end}\n"));
        }
        text
    }

    /// Reads a record made by [`Game::record`], replaying and checking every move.
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        let read = Game::from_record_prefix(text)?;
        match read.broken {
            Some(broken) => Err(broken.error),
            None => Ok(read.game),
        }
    }

    /// Reads as much of a record as is sound: the game up to the last good move, and where the
    /// record breaks, what is left of it. Only a record without a readable start is refused, as
    /// then there is no game to keep.
    pub fn from_record_prefix(text: &str) -> Result<RecordPrefix, RecordError> {
        let mut game: Option<Game> = None;
        let mut ply = 0;
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        for (index, line) in lines.iter().copied().enumerate() {
            let (keyword, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            // What a broken line leaves: from the break to the end of the record.
            let rest_of_record = |from_line: String| {
                let mut rest = from_line;
                for later in &lines[index + 1..] {
                    rest.push('\n');
                    rest.push_str(later);
                }
                rest
            };
            match keyword {
                "start" => game = Some(Game::new(Position::from_ufen(rest)?)),
                "moves" => {
                    let game = game.as_mut().ok_or(RecordError::MissingStart)?;
                    let texts: Vec<&str> = rest.split_whitespace().collect();
                    for (at, text) in texts.iter().enumerate() {
                        ply += 1;
                        if let Err(error) = game.play_text(text) {
                            let leftover =
                                rest_of_record(format!("moves {}", texts[at..].join(" ")));
                            return Ok(RecordPrefix::broken(
                                game.clone(),
                                ply,
                                text,
                                error,
                                leftover,
                            ));
                        }
                    }
                }
                "end" => {
                    let game = game.as_mut().ok_or(RecordError::MissingStart)?;
                    let result = match rest.trim() {
                        "white resigns" => game.resign(Color::White),
                        "black resigns" => game.resign(Color::Black),
                        "white loses on time" => game.lose_on_time(Color::White),
                        "black loses on time" => game.lose_on_time(Color::Black),
                        "draw agreed" => game.agree_draw(),
                        other => {
                            let error = RecordError::BadEnd(other.to_string());
                            return Ok(RecordPrefix::cut(
                                game.clone(),
                                error,
                                rest_of_record(line.to_string()),
                            ));
                        }
                    };
                    if let Err(error) = result {
                        let error = RecordError::Move {
                            ply,
                            text: line.to_string(),
                            error,
                        };
                        return Ok(RecordPrefix::cut(
                            game.clone(),
                            error,
                            rest_of_record(line.to_string()),
                        ));
                    }
                }
                _ => {
                    let error = RecordError::UnknownLine(line.to_string());
                    match game {
                        Some(game) => {
                            return Ok(RecordPrefix::cut(
                                game,
                                error,
                                rest_of_record(line.to_string()),
                            ))
                        }
                        None => return Err(error),
                    }
                }
            }
        }
        game.map(|game| RecordPrefix { game, broken: None })
            .ok_or(RecordError::MissingStart)
    }
}

/// What [`Game::from_record_prefix`] could read.
#[derive(Clone, Debug)]
pub struct RecordPrefix {
    /// The game up to the last good move of the record.
    pub game: Game,
    /// Where the record broke, if it did.
    pub broken: Option<RecordBreak>,
}

/// Where and why a record stops being readable, and what is left of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordBreak {
    pub error: RecordError,
    /// The moves the record has from the start, the unreadable ones included.
    pub total_plies: usize,
    /// The record from the break on (the move that broke it first), as record lines.
    pub leftover: String,
}

impl RecordPrefix {
    fn broken(
        game: Game,
        ply: usize,
        text: &str,
        error: GameError,
        leftover: String,
    ) -> RecordPrefix {
        let error = RecordError::Move {
            ply,
            text: text.to_string(),
            error,
        };
        RecordPrefix::cut(game, error, leftover)
    }

    fn cut(game: Game, error: RecordError, leftover: String) -> RecordPrefix {
        let unread = leftover
            .lines()
            .filter_map(|line| line.strip_prefix("moves "))
            .map(|moves| moves.split_whitespace().count())
            .sum::<usize>();
        RecordPrefix {
            broken: Some(RecordBreak {
                error,
                total_plies: game.moves().len() + unread,
                leftover,
            }),
            game,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1";

    #[test]
    fn a_sound_record_reads_whole() {
        let read =
            Game::from_record_prefix(&format!("{START}\nmoves e2e5 d7d4\nend draw agreed\n"))
                .expect("reads");
        assert!(read.broken.is_none());
        assert_eq!(read.game.moves().len(), 2);
        assert!(read.game.outcome().is_some());
    }

    #[test]
    fn a_record_broken_at_a_move_keeps_the_moves_before_it() {
        let text = format!("{START}\nmoves e2e5 d7d4 a2a1 b2b4\nend white resigns\n");
        let read = Game::from_record_prefix(&text).expect("a start to keep");
        assert_eq!(read.game.moves().len(), 2);
        assert_eq!(
            read.game.outcome(),
            None,
            "the end after the break is not read"
        );
        let broken = read.broken.expect("broken");
        assert_eq!(broken.total_plies, 4);
        assert_eq!(broken.leftover, "moves a2a1 b2b4\nend white resigns");
        assert!(matches!(broken.error, RecordError::Move { ply: 3, .. }));
        assert_eq!(
            Game::from_record(&text)
                .map(|game| game.moves().len())
                .err(),
            Some(broken.error),
            "the strict reader refuses the same record with the same error"
        );
    }

    #[test]
    fn a_broken_or_unknown_line_after_the_moves_keeps_them_all() {
        let read = Game::from_record_prefix(&format!("{START}\nmoves e2e5\nend white gave up\n"))
            .expect("reads");
        assert_eq!(read.game.moves().len(), 1);
        let broken = read.broken.expect("broken");
        assert_eq!(broken.error, RecordError::BadEnd("white gave up".into()));
        assert_eq!(
            (broken.total_plies, broken.leftover.as_str()),
            (1, "end white gave up")
        );

        let read =
            Game::from_record_prefix(&format!("{START}\nmoves e2e5\nnotes hello\nmoves d7d4\n"))
                .expect("reads");
        let broken = read.broken.expect("broken");
        assert_eq!(broken.leftover, "notes hello\nmoves d7d4");
        assert_eq!(broken.total_plies, 2);
    }

    #[test]
    fn without_a_readable_start_there_is_nothing_to_keep() {
        assert_eq!(
            Game::from_record_prefix("moves e2e5\n").map(|_| ()),
            Err(RecordError::MissingStart)
        );
        assert!(Game::from_record_prefix("start nonsense\nmoves e2e5\n").is_err());
        assert_eq!(
            Game::from_record_prefix("hello\n").map(|_| ()),
            Err(RecordError::UnknownLine("hello".into()))
        );
    }
}
