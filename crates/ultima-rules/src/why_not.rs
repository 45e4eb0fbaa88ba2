//! Why a move is not legal, told precisely enough to teach: which piece freezes the mover,
//! where its path is blocked and by what, what stands on the destination, how the piece moves
//! instead, or which enemy pieces could take the king after the move, and how.
//!
//! Only refused moves come here: the move generator decides, this module explains. A move the
//! generator lists (and the check filter keeps) has no reason; any other gets one, which a test
//! checks over many random positions.

use std::fmt;

use crate::attacks;
use crate::board::Bitboards;
use crate::check::{Check, PieceAt};
use crate::position::Position;
use crate::reading::{FreezingRule, LeaperRule, Reading};
use crate::types::{Color, Direction, Move, MoveList, Piece, Role, Square};

/// A piece of either side on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceOn {
    pub piece: Piece,
    pub square: Square,
}

/// How a piece moves, for a move that does not follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Movement {
    /// The king: one step in any direction.
    OneStep,
    /// The pawn: along a rank or a file, like a rook.
    RankOrFile,
    /// Every other piece: along a rank, a file or a diagonal, like a queen.
    Line,
}

impl Movement {
    /// How `role` moves.
    pub const fn of(role: Role) -> Movement {
        match role {
            Role::King => Movement::OneStep,
            Role::Pawn => Movement::RankOrFile,
            _ => Movement::Line,
        }
    }
}

/// What about the piece in the way stops the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Obstacle {
    /// A piece stands in the way, and this piece never jumps (every piece but the long leaper,
    /// and the chameleon leaping a long leaper).
    InTheWay,
    /// A leaping piece (long leaper, chameleon) meets a piece of its own side: it never leaps
    /// its own pieces.
    OwnPiece,
    /// A chameleon meets an enemy piece that is not a long leaper: it leaps long leapers only.
    NotALongLeaper,
    /// A leaping piece meets an enemy piece with no empty square behind it: another piece
    /// stands right behind it (the reason's `behind`), two in a row, and neither can be leapt.
    TwoInARow,
    /// A leaping piece that has already leapt one piece meets another: in the 1962 rules the
    /// long leaper (and the chameleon leaping one) takes one piece a move.
    SecondLeap,
}

/// Why a move (or a removal) is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// No piece stands on the square the move starts from.
    NoPiece { square: Square },
    /// The piece belongs to `owner`, and it is the other side's move.
    NotYourPiece {
        role: Role,
        square: Square,
        owner: Color,
    },
    /// The piece is frozen: the enemy immobilizers next to it (and, for an immobilizer, the
    /// enemy chameleons next to it) are `by`, in square order. `removable`: it can be removed
    /// instead (never a king, nor when the removal would leave the king in check).
    Frozen {
        role: Role,
        square: Square,
        by: Vec<PieceAt>,
        removable: bool,
    },
    /// A king has been taken (a reading played to take the king): the game is over and nothing
    /// moves; `winner` took it.
    KingTaken { winner: Color },
    /// A removal names the king: a king is never removed.
    KingRemoval { square: Square },
    /// A removal names a piece that is not frozen: only frozen pieces are removed.
    NotFrozen { role: Role, square: Square },
    /// A removal, of a piece that is not frozen, in a reading that has no removal at all
    /// (Cambridge): no piece is ever removed there.
    RemovalNotInReading {
        role: Role,
        square: Square,
        reading: Reading,
    },
    /// A removal in a reading that has none (Cambridge): the frozen piece, and the enemy
    /// pieces that freeze it, as for [`IllegalReason::Frozen`].
    NoRemoval {
        role: Role,
        square: Square,
        reading: Reading,
        by: Vec<PieceAt>,
    },
    /// The destination does not lie the way the piece moves.
    NotThatWay {
        role: Role,
        from: Square,
        to: Square,
        movement: Movement,
    },
    /// The destination holds `occupant` (of either side), and this piece cannot take it by
    /// moving there: only the king moves onto an enemy piece. (A chameleon's step onto the
    /// enemy king never comes up: a free chameleon next to that king would be a check left
    /// standing, which no legal position has.)
    Occupied {
        role: Role,
        from: Square,
        to: Square,
        occupant: Piece,
    },
    /// The path from `from` to `to` is blocked at `at`, by `blocker`, as `obstacle` says;
    /// for two in a row, `behind` is the piece right behind `blocker` (`None` otherwise).
    PathBlocked {
        role: Role,
        from: Square,
        to: Square,
        at: Square,
        blocker: Piece,
        obstacle: Obstacle,
        behind: Option<PieceOn>,
    },
    /// After the move (or removal), the king of the mover on `king` could be taken: by every
    /// piece in `checks` (at least one, each attacker once). `was_in_check` tells a move that
    /// fails to answer a check from one that exposes the king.
    LeavesKingInCheck {
        role: Role,
        from: Square,
        to: Square,
        king: Square,
        was_in_check: bool,
        checks: Vec<Check>,
    },
}

impl Position {
    /// Why the move from `from` to `to` (`from == to` for a removal) is not legal here, or
    /// `None` when it is legal.
    pub fn why_not(&self, from: Square, to: Square) -> Option<IllegalReason> {
        self.legal_move_or_reason(from, to).err()
    }

    /// The legal move from `from` to `to`, or why there is none.
    pub(crate) fn legal_move_or_reason(
        &self,
        from: Square,
        to: Square,
    ) -> Result<Move, IllegalReason> {
        if let Some(winner) = self.king_taken_winner() {
            return Err(IllegalReason::KingTaken { winner });
        }
        let piece = self
            .piece_at(from)
            .ok_or(IllegalReason::NoPiece { square: from })?;
        let role = piece.role;
        if piece.color != self.turn {
            return Err(IllegalReason::NotYourPiece {
                role,
                square: from,
                owner: piece.color,
            });
        }
        let frozen = self.frozen(self.turn).contains(from);
        if from == to {
            if role == Role::King {
                return Err(IllegalReason::KingRemoval { square: from });
            }
            if !frozen {
                // "Only a frozen piece can be removed" would say that removal exists.
                if !self.rules().removal {
                    return Err(IllegalReason::RemovalNotInReading {
                        role,
                        square: from,
                        reading: self.reading(),
                    });
                }
                return Err(IllegalReason::NotFrozen { role, square: from });
            }
            if !self.rules().removal {
                return Err(IllegalReason::NoRemoval {
                    role,
                    square: from,
                    reading: self.reading(),
                    by: self.freezers(from, piece),
                });
            }
        } else if frozen {
            let removable = role != Role::King
                && self
                    .legal_moves()
                    .iter()
                    .any(|mv| mv.from == from && mv.to == from);
            return Err(IllegalReason::Frozen {
                role,
                square: from,
                by: self.freezers(from, piece),
                removable,
            });
        }
        let mut moves = MoveList::new();
        self.generate_pseudo_legal(&mut moves);
        let Some(mv) = moves
            .iter()
            .find(|mv| mv.from == from && mv.to == to)
            .copied()
        else {
            return Err(self.unreachable(piece, from, to));
        };
        if self.is_legal_generated(&mv) {
            return Ok(mv);
        }
        let after = self.play_unchecked(&mv);
        Err(IllegalReason::LeavesKingInCheck {
            role,
            from,
            to,
            // The check filter refused the move, so the mover has a king.
            king: after.board.king_of(self.turn).unwrap_or(from),
            was_in_check: self.is_check(),
            checks: after.board.bitboards().checks(self.turn, &self.rules()),
        })
    }

    /// Why `piece`, free to move, has no move from `from` to a different `to`: the geometry,
    /// then the destination, then the path, as a player would look at them.
    fn unreachable(&self, piece: Piece, from: Square, to: Square) -> IllegalReason {
        let role = piece.role;
        let movement = Movement::of(role);
        let not_that_way = IllegalReason::NotThatWay {
            role,
            from,
            to,
            movement,
        };
        let direction = match direction_between(from, to) {
            Some(direction) => direction,
            None => return not_that_way,
        };
        let follows = match movement {
            Movement::OneStep => from.distance(to) == 1,
            Movement::RankOrFile => direction.is_orthogonal(),
            Movement::Line => true,
        };
        if !follows {
            return not_that_way;
        }
        if let Some(occupant) = self.piece_at(to) {
            return IllegalReason::Occupied {
                role,
                from,
                to,
                occupant,
            };
        }
        let leaps_one = self.rules().leaper == LeaperRule::One;
        let mut leapt = false;
        let mut square = from;
        while let Some(next) = square.step(direction) {
            if next == to {
                break;
            }
            square = next;
            let Some(blocker) = self.piece_at(next) else {
                continue;
            };
            // For an enemy piece it may leap, the square behind must be empty. `to` is empty
            // and further on, so that square is on the path.
            let behind = next.step(direction).and_then(|behind| {
                let piece = self.piece_at(behind)?;
                Some(PieceOn {
                    piece,
                    square: behind,
                })
            });
            let obstacle = match role {
                Role::LongLeaper | Role::Chameleon if blocker.color == piece.color => {
                    Obstacle::OwnPiece
                }
                Role::Chameleon if blocker.role != Role::LongLeaper => Obstacle::NotALongLeaper,
                Role::LongLeaper | Role::Chameleon if behind.is_some() => Obstacle::TwoInARow,
                Role::LongLeaper | Role::Chameleon if leaps_one && leapt => Obstacle::SecondLeap,
                Role::LongLeaper | Role::Chameleon => {
                    leapt = true;
                    continue;
                }
                _ => Obstacle::InTheWay,
            };
            return IllegalReason::PathBlocked {
                role,
                from,
                to,
                at: next,
                blocker,
                obstacle,
                behind: behind.filter(|_| obstacle == Obstacle::TwoInARow),
            };
        }
        // The generator and the checks above agree on every move (a property test holds them
        // to it); should they ever part, the move is refused all the same, for its geometry.
        not_that_way
    }
}

/// The direction of the line from `from` to `to`, when they share a rank, a file or a diagonal.
fn direction_between(from: Square, to: Square) -> Option<Direction> {
    if from == to {
        return None;
    }
    let files = i16::from(to.file()) - i16::from(from.file());
    let ranks = i16::from(to.rank()) - i16::from(from.rank());
    if files != 0 && ranks != 0 && files.abs() != ranks.abs() {
        return None;
    }
    let step = (files.signum() as i8, ranks.signum() as i8);
    Direction::ALL
        .into_iter()
        .find(|direction| direction.delta() == step)
}

impl Position {
    /// The enemy pieces that freeze `piece` on `square`, by the reading's freezing rule.
    fn freezers(&self, square: Square, piece: Piece) -> Vec<PieceAt> {
        freezers(self.board.bitboards(), square, piece, self.rules().freezing)
    }
}

/// The enemy pieces that freeze `piece` on `square` under `rule`. Under MacKay's, an enemy
/// immobilizer freezes it only when no other chameleon or immobilizer of its side stands next
/// to that immobilizer.
fn freezers(board: &Bitboards, square: Square, piece: Piece, rule: FreezingRule) -> Vec<PieceAt> {
    let enemy = !piece.color;
    let near = attacks::neighbours(square);
    let mut by = near & board.pieces(enemy, Role::Immobilizer);
    if rule == FreezingRule::MacKay {
        let helpers = board.by_color(piece.color)
            & (board.by_role(Role::Chameleon) | board.by_role(Role::Immobilizer));
        for immobilizer in by {
            let others = attacks::neighbours(immobilizer) & helpers.without(square);
            if others.any() {
                by = by.without(immobilizer);
            }
        }
    }
    if piece.role == Role::Immobilizer {
        by |= near & board.pieces(enemy, Role::Chameleon);
    }
    by.iter()
        .filter_map(|square| {
            let role = Role::ALL
                .into_iter()
                .find(|&role| board.by_role(role).contains(square))?;
            Some(PieceAt { role, square })
        })
        .collect()
}

/// `a, b and c`.
fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            f.write_str(if index + 1 == items.len() {
                " and "
            } else {
                ", "
            })?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

fn piece_name(piece: Piece) -> String {
    format!("{}'s {}", piece.color, piece.role.name())
}

/// Developer text, for logs and the command line (the app words the reason from its fields).
impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoPiece { square } => write!(f, "there is no piece on {square}"),
            IllegalReason::NotYourPiece {
                role,
                square,
                owner,
            } => write!(
                f,
                "the {} on {square} is {owner}'s, but it is {}'s move",
                role.name(),
                !*owner
            ),
            IllegalReason::Frozen {
                role,
                square,
                by,
                removable,
            } => {
                write!(f, "the {} on {square} is frozen by ", role.name())?;
                write_list(f, by)?;
                write!(f, " and cannot move")?;
                if *removable {
                    write!(f, " (it can be removed instead: {square}{square})")?;
                }
                Ok(())
            }
            IllegalReason::KingTaken { winner } => {
                write!(f, "{}'s king has been taken: the game is over", !*winner)
            }
            IllegalReason::KingRemoval { square } => {
                write!(f, "the king on {square} can never be removed")
            }
            IllegalReason::NotFrozen { role, square } => write!(
                f,
                "the {} on {square} is not frozen, and only a frozen piece can be removed",
                role.name()
            ),
            IllegalReason::RemovalNotInReading {
                role,
                square,
                reading,
            } => write!(
                f,
                "the {} on {square} is not frozen, and in the {reading} rules no piece is ever removed",
                role.name()
            ),
            IllegalReason::NoRemoval {
                role,
                square,
                reading,
                ..
            } => write!(
                f,
                "the {} on {square} is frozen, and in the {reading} rules a frozen piece cannot be removed",
                role.name()
            ),
            IllegalReason::NotThatWay {
                role,
                from,
                to,
                movement,
            } => {
                let how = match movement {
                    Movement::OneStep => "one step at a time",
                    Movement::RankOrFile => "along a rank or a file",
                    Movement::Line => "along a rank, a file or a diagonal",
                };
                write!(
                    f,
                    "the {} on {from} cannot move to {to}: it moves {how}",
                    role.name()
                )
            }
            IllegalReason::Occupied {
                role,
                from,
                to,
                occupant,
            } => write!(
                f,
                "the {} on {from} cannot move to {to}: {} stands there",
                role.name(),
                piece_name(*occupant)
            ),
            IllegalReason::PathBlocked {
                role,
                from,
                to,
                at,
                blocker,
                obstacle,
                behind,
            } => {
                write!(
                    f,
                    "the {} on {from} cannot move to {to}: {} on {at} is in the way",
                    role.name(),
                    piece_name(*blocker)
                )?;
                match obstacle {
                    Obstacle::InTheWay => Ok(()),
                    Obstacle::OwnPiece => f.write_str(" (it never leaps its own pieces)"),
                    Obstacle::NotALongLeaper => {
                        f.write_str(" (a chameleon leaps long leapers only)")
                    }
                    Obstacle::SecondLeap => f.write_str(
                        " (in the 1962 rules a long leaper takes one piece a move, and so leaps one)",
                    ),
                    Obstacle::TwoInARow => match behind {
                        Some(behind) => write!(
                            f,
                            " with {} right behind it on {} (no empty square to leap to)",
                            piece_name(behind.piece),
                            behind.square
                        ),
                        None => f.write_str(" (no empty square behind it to leap to)"),
                    },
                }
            }
            IllegalReason::LeavesKingInCheck {
                from,
                to,
                king,
                was_in_check,
                checks,
                ..
            } => {
                let verb = if *was_in_check { "leaves" } else { "puts" };
                write!(f, "{from}{to} {verb} the king on {king} in check: ")?;
                write_list(f, checks)?;
                f.write_str(" could take it")
            }
        }
    }
}

impl std::error::Error for IllegalReason {}
