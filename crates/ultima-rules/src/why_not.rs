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
use crate::position::Position;
use crate::types::{Bitboard, Color, Direction, Move, MoveList, Piece, Role, Square};

/// A piece on a square, of the side the context names (the mover's enemy, in every use here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceAt {
    pub role: Role,
    pub square: Square,
}

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
}

/// A way of capturing, as the rules name them. The chameleon takes by imitation: a check
/// whose attacker is a chameleon imitates the way named (for a king, always the king's step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum CaptureWay {
    /// Moving onto the adjacent piece (the king; the chameleon imitating it).
    KingStep,
    /// The pawn's pinch against a piece of its own side.
    Pinch,
    /// The withdrawer moving straight away from the adjacent piece.
    Withdrawal,
    /// The long leaper's leap over it.
    Leap,
    /// The coordinator's rectangle with its own king.
    Coordination,
}

impl CaptureWay {
    /// The way `role` takes a king, if it can (the immobilizer takes nothing).
    pub const fn of_king_by(role: Role) -> Option<CaptureWay> {
        match role {
            Role::King | Role::Chameleon => Some(CaptureWay::KingStep),
            Role::Pawn => Some(CaptureWay::Pinch),
            Role::Withdrawer => Some(CaptureWay::Withdrawal),
            Role::LongLeaper => Some(CaptureWay::Leap),
            Role::Coordinator => Some(CaptureWay::Coordination),
            Role::Immobilizer => None,
        }
    }

    /// A lower-case name for developer text.
    pub const fn name(self) -> &'static str {
        match self {
            CaptureWay::KingStep => "the king's step",
            CaptureWay::Pinch => "a pinch",
            CaptureWay::Withdrawal => "withdrawal",
            CaptureWay::Leap => "a leap",
            CaptureWay::Coordination => "coordination",
        }
    }
}

/// An enemy piece that could take the king on its next move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Check {
    pub attacker: PieceAt,
    pub way: CaptureWay,
    /// Where the attacker would move to take the king (for the king's step, the king's square).
    pub landing: Square,
    /// The attacker's partner in the capture: the pawn's far side of the pinch, the
    /// coordinator's king. `None` for the other ways.
    pub partner: Option<Square>,
}

impl Check {
    /// Whether the attacker is a chameleon taking the king the king's way.
    pub fn imitates(&self) -> bool {
        self.attacker.role == Role::Chameleon
    }
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
    /// enemy chameleons next to it) are `by`, in square order. It can be removed instead.
    Frozen {
        role: Role,
        square: Square,
        by: Vec<PieceAt>,
    },
    /// A removal names the king: a king is never removed.
    KingRemoval { square: Square },
    /// A removal names a piece that is not frozen: only frozen pieces are removed.
    NotFrozen { role: Role, square: Square },
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

    /// The enemy pieces that could take the side to move's king now, each once, in square
    /// order (empty when it is not in check, and for a side without a king).
    pub fn checks(&self) -> Vec<Check> {
        checks_on(self.board.bitboards(), self.turn)
    }

    /// The legal move from `from` to `to`, or why there is none.
    pub(crate) fn legal_move_or_reason(
        &self,
        from: Square,
        to: Square,
    ) -> Result<Move, IllegalReason> {
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
                return Err(IllegalReason::NotFrozen { role, square: from });
            }
        } else if frozen {
            return Err(IllegalReason::Frozen {
                role,
                square: from,
                by: freezers(self.board.bitboards(), from, piece),
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
            checks: checks_on(after.board.bitboards(), self.turn),
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
                Role::LongLeaper | Role::Chameleon => continue,
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

/// The enemy pieces that freeze `piece` on `square`.
fn freezers(board: &Bitboards, square: Square, piece: Piece) -> Vec<PieceAt> {
    let enemy = !piece.color;
    let near = attacks::neighbours(square);
    let mut by = near & board.pieces(enemy, Role::Immobilizer);
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

/// The enemy pieces that could take the king of `color` on their next move, each once, in
/// square order. Follows [`Bitboards::is_in_check`] way by way, collecting instead of stopping.
fn checks_on(board: &Bitboards, color: Color) -> Vec<Check> {
    let Some(king) = board.king_of(color) else {
        return Vec::new();
    };
    let enemy = !color;
    let theirs = board.by_color(enemy);
    let active = theirs & !board.frozen(enemy);
    let occupied = board.occupied();
    let empty = !occupied;
    let near = attacks::neighbours(king);
    let mut checks: Vec<Check> = Vec::new();
    let mut add = |square: Square, role: Role, way: CaptureWay, landing, partner| {
        if checks.iter().all(|check| check.attacker.square != square) {
            checks.push(Check {
                attacker: PieceAt { role, square },
                way,
                landing,
                partner,
            });
        }
    };

    for role in [Role::King, Role::Chameleon] {
        for square in near & active & board.by_role(role) {
            add(square, role, CaptureWay::KingStep, king, None);
        }
    }

    for withdrawer in near & active & board.by_role(Role::Withdrawer) {
        let away = Direction::between_neighbours(king, withdrawer).and_then(|d| withdrawer.step(d));
        if let Some(away) = away.filter(|away| empty.contains(*away)) {
            add(
                withdrawer,
                Role::Withdrawer,
                CaptureWay::Withdrawal,
                away,
                None,
            );
        }
    }

    let leapers = active & board.by_role(Role::LongLeaper);
    for toward in Direction::ALL {
        if (attacks::ray(king, toward) & leapers).is_empty() {
            continue;
        }
        let Some(landing) = king.step(toward.opposite()).filter(|s| empty.contains(*s)) else {
            continue;
        };
        // Outward from the king: the leaper passes each of our pieces with an empty square
        // between it and the king's side, and stops at anything else.
        let mut previous_empty = false;
        let mut square = king;
        while let Some(next) = square.step(toward) {
            square = next;
            if empty.contains(next) {
                previous_empty = true;
            } else if leapers.contains(next) {
                add(next, Role::LongLeaper, CaptureWay::Leap, landing, None);
                break;
            } else if previous_empty && board.by_color(color).contains(next) {
                previous_empty = false;
            } else {
                break;
            }
        }
    }

    let pawns = active & board.by_role(Role::Pawn);
    for direction in Direction::ORTHOGONAL {
        let (Some(partner), Some(landing)) =
            (king.step(direction), king.step(direction.opposite()))
        else {
            continue;
        };
        if theirs.contains(partner) && empty.contains(landing) {
            for pawn in attacks::rook_lines(landing, occupied) & pawns {
                add(pawn, Role::Pawn, CaptureWay::Pinch, landing, Some(partner));
            }
        }
    }

    let coordinators = active & board.by_role(Role::Coordinator);
    if let (true, Some(their_king)) = (coordinators.any(), board.king_of(enemy)) {
        let mut landings = Bitboard::EMPTY;
        if their_king.rank() == king.rank() {
            landings |= Bitboard::file(king.file());
        }
        if their_king.file() == king.file() {
            landings |= Bitboard::rank(king.rank());
        }
        landings &= empty;
        for coordinator in coordinators {
            if let Some(landing) = (attacks::queen_lines(coordinator, occupied) & landings).first()
            {
                add(
                    coordinator,
                    Role::Coordinator,
                    CaptureWay::Coordination,
                    landing,
                    Some(their_king),
                );
            }
        }
    }

    checks.sort_by_key(|check| check.attacker.square);
    checks
}

impl fmt::Display for PieceAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} on {}", self.role.name(), self.square)
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} by {}", self.attacker, self.way.name())?;
        if self.imitates() {
            f.write_str(" (imitating the king)")?;
        }
        if self.way != CaptureWay::KingStep {
            write!(f, " to {}", self.landing)?;
        }
        match (self.way, self.partner) {
            (CaptureWay::Pinch, Some(partner)) => write!(f, " against {partner}"),
            (CaptureWay::Coordination, Some(partner)) => write!(f, " with its king on {partner}"),
            _ => Ok(()),
        }
    }
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
            IllegalReason::Frozen { role, square, by } => {
                write!(f, "the {} on {square} is frozen by ", role.name())?;
                write_list(f, by)?;
                write!(
                    f,
                    " and cannot move (it can be removed instead: {square}{square})"
                )
            }
            IllegalReason::KingRemoval { square } => {
                write!(f, "the king on {square} can never be removed")
            }
            IllegalReason::NotFrozen { role, square } => write!(
                f,
                "the {} on {square} is not frozen, and only a frozen piece can be removed",
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
