//! Where the pieces stand: bitboards by side and by role, and a square-indexed mailbox.

use crate::attacks;
use crate::reading::{FreezingRule, Rules};
use crate::types::{Bitboard, ByColor, ByRole, Color, Piece, Role, Square};
use crate::zobrist;

/// The placement as bitboards alone: cheap to copy, enough to decide freezing and check.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Bitboards {
    by_color: ByColor<Bitboard>,
    by_role: ByRole<Bitboard>,
}

/// The placement: bitboards, and the piece on each square.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    bitboards: Bitboards,
    squares: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    pub fn empty() -> Board {
        Board {
            bitboards: Bitboards::default(),
            squares: [None; 64],
        }
    }

    #[inline]
    pub fn bitboards(&self) -> &Bitboards {
        &self.bitboards
    }

    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.squares[square.usize()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.bitboards.occupied()
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.bitboards.by_color(color)
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.bitboards.by_role(role)
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.bitboards.pieces(color, role)
    }

    /// The king of `color`, if it has one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.bitboards.king_of(color)
    }

    /// The pieces of `color` that cannot move under the 1963 rules (see [`Bitboards::frozen`]);
    /// [`Board::frozen_under`] for a reading's.
    #[inline]
    pub fn frozen(&self, color: Color) -> Bitboard {
        self.bitboards.frozen(color)
    }

    /// The pieces of `color` that cannot move under `rule` (see [`Bitboards::frozen_under`]).
    #[inline]
    pub fn frozen_under(&self, color: Color, rule: FreezingRule) -> Bitboard {
        self.bitboards.frozen_under(color, rule)
    }

    /// Whether the king of `color` is in check under the 1963 rules (see
    /// [`Bitboards::is_in_check`]); [`Board::is_in_check_under`] for a reading's.
    #[inline]
    pub fn is_in_check(&self, color: Color) -> bool {
        self.bitboards.is_in_check(color)
    }

    /// Whether an enemy piece could take the king of `color` on its next move, by the ways of
    /// capturing and the freezing of `rules` (see [`Bitboards::is_in_check_under`]).
    #[inline]
    pub fn is_in_check_under(&self, color: Color, rules: &Rules) -> bool {
        self.bitboards.is_in_check_under(color, rules)
    }

    /// Puts `piece` on the empty `square`.
    #[inline]
    pub fn put(&mut self, square: Square, piece: Piece) {
        debug_assert!(self.squares[square.usize()].is_none());
        self.squares[square.usize()] = Some(piece);
        self.bitboards.toggle(square, piece);
    }

    /// Takes whatever stands on `square` off the board.
    #[inline]
    pub fn take(&mut self, square: Square) -> Option<Piece> {
        let piece = self.squares[square.usize()].take()?;
        self.bitboards.toggle(square, piece);
        Some(piece)
    }

    /// The Zobrist hash of the placement alone.
    pub fn placement_hash(&self) -> u64 {
        self.occupied().iter().fold(0, |hash, square| {
            self.piece_at(square)
                .map_or(hash, |piece| hash ^ zobrist::piece_key(piece, square))
        })
    }
}

impl Bitboards {
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.white | self.by_color.black
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color] & self.by_role[role]
    }

    /// The king of `color`, if it has one (and the first one, if a setup has several).
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).first()
    }

    /// Adds `piece` on `square` when it is not there, removes it when it is.
    #[inline]
    pub fn toggle(&mut self, square: Square, piece: Piece) {
        self.by_color[piece.color] ^= square;
        self.by_role[piece.role] ^= square;
    }

    /// The pieces of `color` that cannot move under `rule`.
    #[inline]
    pub fn frozen_under(&self, color: Color, rule: FreezingRule) -> Bitboard {
        match rule {
            FreezingRule::Abbott => self.frozen(color),
            FreezingRule::MacKay => self.frozen_mackay(color),
        }
    }

    /// MacKay's rule: a piece of `color` is frozen when it is an immobilizer next to an enemy
    /// chameleon, or when it stands next to an enemy immobilizer next to which no chameleon or
    /// immobilizer of `color` other than itself stands. The helper need not be free, and a
    /// frozen immobilizer still freezes (READINGS.md, Cambridge).
    fn frozen_mackay(&self, color: Color) -> Bitboard {
        let enemy = !color;
        let ours = self.by_color[color];
        let helpers = ours & (self.by_role[Role::Chameleon] | self.by_role[Role::Immobilizer]);
        let mut frozen =
            self.pieces(enemy, Role::Chameleon).grown() & ours & self.by_role[Role::Immobilizer];
        for immobilizer in self.pieces(enemy, Role::Immobilizer) {
            let near = attacks::neighbours(immobilizer) & ours;
            let near_helpers = near & helpers;
            frozen |= match near_helpers.count() {
                // No helper: everything next to it is frozen.
                0 => near,
                // One helper frees the others, not itself.
                1 => near_helpers,
                // Two helpers free each other too.
                _ => Bitboard::EMPTY,
            };
        }
        frozen
    }

    /// The pieces of `color` that cannot move under the 1963 rules: every one next to an enemy
    /// immobilizer, and its immobilizers next to an enemy chameleon. Freezers freeze whether
    /// or not they are frozen.
    #[inline]
    pub fn frozen(&self, color: Color) -> Bitboard {
        let enemy = !color;
        let ours = self.by_color[color];
        let by_immobilizers = self.pieces(enemy, Role::Immobilizer).grown() & ours;
        let by_chameleons =
            self.pieces(enemy, Role::Chameleon).grown() & ours & self.by_role[Role::Immobilizer];
        by_immobilizers | by_chameleons
    }
}
