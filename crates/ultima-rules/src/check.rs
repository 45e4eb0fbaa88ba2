//! Check: the enemy pieces that could take a king on their next move, and how. One detector
//! answers both questions asked of it: whether a king is in check (the move generator's filter,
//! asked after every move, so it stops at the first attacker), and which pieces give check and by
//! which way of capturing (what a refused move's reason names).

use std::fmt;
use std::ops::ControlFlow;

use crate::attacks;
use crate::board::Bitboards;
use crate::position::Position;
use crate::reading::{specialise, LeaperRule, Rules, Switches};
use crate::types::{Bitboard, Color, Direction, Role, Square};

/// A piece on a square, of the side the context names (the mover's enemy, in every use here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceAt {
    pub role: Role,
    pub square: Square,
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

impl Position {
    /// The enemy pieces that could take the side to move's king now, each once, in square
    /// order (empty when it is not in check, for a side without a king, and in a reading
    /// without a check rule).
    pub fn checks(&self) -> Vec<Check> {
        let rules = self.rules();
        if !rules.has_check() {
            return Vec::new();
        }
        self.board.bitboards().checks(self.turn, &rules)
    }

    /// Whether the king of `color` could be taken by the other side's next move in this
    /// placement, by the position's reading (check rule or not).
    #[inline]
    pub(crate) fn king_attacked(&self, color: Color) -> bool {
        let bitboards = self.board.bitboards();
        specialise!(self.reading, switches => bitboards.is_in_check_with(color, switches))
    }
}

impl Bitboards {
    /// Whether the king of `color` is in check under the 1963 rules: whether an enemy piece
    /// that is not frozen could take it, by its own way of capturing, on the next move.
    pub fn is_in_check(&self, color: Color) -> bool {
        self.is_in_check_under(color, &Rules::ABBOTT_1963)
    }

    /// Whether an enemy piece that is not frozen (by `rules`' freezing) could take the king of
    /// `color`, by its own way of capturing under `rules`, on the next move. Stops at the
    /// first such piece. (Under a reading without a check rule this is still whether the king
    /// could be taken.)
    #[inline]
    pub fn is_in_check_under(&self, color: Color, rules: &Rules) -> bool {
        self.is_in_check_with(color, *rules)
    }

    /// [`Bitboards::is_in_check_under`] with the switches given as a type, so that the fixed
    /// readings' checks are compiled each on its own.
    #[inline]
    pub(crate) fn is_in_check_with<S: Switches>(&self, color: Color, switches: S) -> bool {
        self.each_check(color, switches, |_| ControlFlow::Break(()))
            .is_break()
    }

    /// The enemy pieces that could take the king of `color` on their next move, each once, in
    /// square order (empty for a side without a king).
    pub(crate) fn checks(&self, color: Color, rules: &Rules) -> Vec<Check> {
        let mut checks: Vec<Check> = Vec::new();
        let _ = self.each_check(color, *rules, |check| {
            // A pawn may pinch the king two ways: it is named once, with the first.
            if checks
                .iter()
                .all(|named| named.attacker.square != check.attacker.square)
            {
                checks.push(check);
            }
            ControlFlow::Continue(())
        });
        checks.sort_by_key(|check| check.attacker.square);
        checks
    }

    /// The one definition of check: shows `visit` every way an enemy piece that is not frozen
    /// could take the king of `color` on its next move, looking outward from the king, until
    /// `visit` breaks (and then breaks too). A piece may be shown more than once.
    #[inline]
    fn each_check<S: Switches>(
        &self,
        color: Color,
        switches: S,
        mut visit: impl FnMut(Check) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(king) = self.king_of(color) else {
            return ControlFlow::Continue(());
        };
        let rules = switches.rules();
        let enemy = !color;
        let theirs = self.by_color(enemy);
        let active = theirs & !self.frozen_under(enemy, rules.freezing);
        if active.is_empty() {
            return ControlFlow::Continue(());
        }
        let occupied = self.occupied();
        let empty = !occupied;
        let near = attacks::neighbours(king);
        let mut check = |role, square, way, landing, partner| {
            visit(Check {
                attacker: PieceAt { role, square },
                way,
                landing,
                partner,
            })
        };

        // A king's step: the enemy king, or a chameleon taking a king the king's way.
        let kings = self.by_role(Role::King);
        for square in near & active & (kings | self.by_role(Role::Chameleon)) {
            let role = if kings.contains(square) {
                Role::King
            } else {
                Role::Chameleon
            };
            check(role, square, CaptureWay::KingStep, king, None)?;
        }

        // A withdrawer next to the king that can step straight away from it.
        for withdrawer in near & active & self.by_role(Role::Withdrawer) {
            let away =
                Direction::between_neighbours(king, withdrawer).and_then(|d| withdrawer.step(d));
            if let Some(away) = away.filter(|away| empty.contains(*away)) {
                check(
                    Role::Withdrawer,
                    withdrawer,
                    CaptureWay::Withdrawal,
                    away,
                    None,
                )?;
            }
        }

        // A long leaper on a line through the king that can leap it and land behind it.
        let leapers = active & self.by_role(Role::LongLeaper);
        if leapers.any() {
            // A leaper taking one piece a move passes nothing before the king.
            let leaps_several = rules.leaper == LeaperRule::Several;
            for toward in Direction::ALL {
                if (attacks::ray(king, toward) & leapers).is_empty() {
                    continue;
                }
                // The leaper moves from `toward`'s side over the king and lands beyond it.
                let Some(landing) = king.step(toward.opposite()).filter(|s| empty.contains(*s))
                else {
                    continue;
                };
                // Outward from the king: the leaper passes each of our pieces with an empty
                // square between it and the king's side, and stops at anything else.
                let mut previous_empty = false;
                let mut square = king;
                while let Some(next) = square.step(toward) {
                    square = next;
                    if empty.contains(next) {
                        previous_empty = true;
                    } else if leapers.contains(next) {
                        check(Role::LongLeaper, next, CaptureWay::Leap, landing, None)?;
                        break;
                    } else if leaps_several && previous_empty && self.by_color(color).contains(next)
                    {
                        previous_empty = false;
                    } else {
                        break;
                    }
                }
            }
        }

        // A pawn pinching the king against one of its own side's pieces.
        let pawns = active & self.by_role(Role::Pawn);
        if pawns.any() {
            for direction in Direction::ORTHOGONAL {
                let (Some(partner), Some(landing)) =
                    (king.step(direction), king.step(direction.opposite()))
                else {
                    continue;
                };
                if theirs.contains(partner) && empty.contains(landing) {
                    for pawn in attacks::rook_lines(landing, occupied) & pawns {
                        check(Role::Pawn, pawn, CaptureWay::Pinch, landing, Some(partner))?;
                    }
                }
            }
        }

        // A coordinator landing on a square that makes a rectangle corner of the king with
        // its own king.
        let coordinators = active & self.by_role(Role::Coordinator);
        if let (true, Some(their_king)) = (coordinators.any(), self.king_of(enemy)) {
            let mut landings = Bitboard::EMPTY;
            if their_king.rank() == king.rank() {
                landings |= Bitboard::file(king.file());
            }
            if their_king.file() == king.file() {
                landings |= Bitboard::rank(king.rank());
            }
            landings &= empty;
            if landings.any() {
                for coordinator in coordinators {
                    let reached = attacks::queen_lines(coordinator, occupied) & landings;
                    if let Some(landing) = reached.first() {
                        check(
                            Role::Coordinator,
                            coordinator,
                            CaptureWay::Coordination,
                            landing,
                            Some(their_king),
                        )?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
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
