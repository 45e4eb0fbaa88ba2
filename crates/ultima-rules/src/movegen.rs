//! Move generation: every move each free piece can make, with what it takes, then the legality
//! filter (the mover's king must not be left in check).

use crate::attacks;
use crate::board::Board;
use crate::position::Position;
use crate::reading::{specialise, ChameleonRule, LeaperRule, Switches};
use crate::types::{Bitboard, Color, Direction, Move, MoveList, Piece, Role, Square};

/// For each direction along a rank or file, the squares on which a pincer landing takes the
/// piece one step further on: `d` such that `d+e` is a target and `d+2e` a partner.
struct PinchMap([Bitboard; 4]);

impl PinchMap {
    fn new(targets: Bitboard, partners: Bitboard) -> PinchMap {
        // Shift a set one step against each direction: `back(x)` holds `d` when `x` holds `d+e`.
        let north = (targets & partners.south()).south();
        let east = (targets & partners.west()).west();
        let south = (targets & partners.north()).north();
        let west = (targets & partners.east()).east();
        PinchMap([north, east, south, west])
    }

    fn any(&self) -> Bitboard {
        self.0[0] | self.0[1] | self.0[2] | self.0[3]
    }

    #[inline]
    fn captures(&self, to: Square) -> Bitboard {
        let mut taken = Bitboard::EMPTY;
        for (map, direction) in self.0.iter().zip(Direction::ORTHOGONAL) {
            if map.contains(to) {
                if let Some(target) = to.step(direction) {
                    taken |= target;
                }
            }
        }
        taken
    }
}

/// What the side to move sees before generating moves.
struct Context<'a> {
    board: &'a Board,
    empty: Bitboard,
    occupied: Bitboard,
    king: Option<Square>,
}

impl Context<'_> {
    /// The enemy pieces a move landing on `to` takes by coordination, restricted to `targets`.
    #[inline]
    fn coordinated(&self, to: Square, targets: Bitboard) -> Bitboard {
        match self.king {
            Some(king) if targets.any() => attacks::coordination_squares(to, king) & targets,
            _ => Bitboard::EMPTY,
        }
    }

    /// The enemy piece on the square behind `from`, seen from a move in `direction`, if it is
    /// one of `targets`.
    #[inline]
    fn withdrawn(&self, from: Square, direction: Direction, targets: Bitboard) -> Bitboard {
        match from.step(direction.opposite()) {
            Some(behind) if targets.contains(behind) => Bitboard::from_square(behind),
            _ => Bitboard::EMPTY,
        }
    }
}

impl Position {
    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        specialise!(self.reading, switches => self.legal_moves_with(switches))
    }

    pub(crate) fn legal_moves_with<S: Switches>(&self, switches: S) -> MoveList {
        let mut moves = MoveList::new();
        self.generate::<false, _>(&mut moves, switches);
        moves.retain(|mv| self.is_legal_with(mv, switches));
        moves
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        specialise!(self.reading, switches => {
            let mut moves = MoveList::new();
            self.generate::<false, _>(&mut moves, switches);
            moves.iter().any(|mv| self.is_legal_with(mv, switches))
        })
    }

    /// How many legal moves the side to move has, by the switches given.
    pub(crate) fn count_legal_moves_with<S: Switches>(&self, switches: S) -> usize {
        let mut moves = MoveList::new();
        self.generate::<false, _>(&mut moves, switches);
        moves
            .iter()
            .filter(|mv| self.is_legal_with(mv, switches))
            .count()
    }

    /// Whether `mv`, generated here, leaves the mover's king safe (always, in a reading
    /// without a check rule). Only the bitboards change hands: no mailbox, no hash, just what
    /// check looks at.
    #[inline]
    pub fn is_legal_generated(&self, mv: &Move) -> bool {
        specialise!(self.reading, switches => self.is_legal_with(mv, switches))
    }

    #[inline]
    fn is_legal_with<S: Switches>(&self, mv: &Move, switches: S) -> bool {
        if !switches.rules().has_check() {
            return true;
        }
        let mut after = *self.board.bitboards();
        for square in mv.captures {
            if let Some(piece) = self.board.piece_at(square) {
                after.toggle(square, piece);
            }
        }
        let mover = Piece::new(self.turn, mv.role);
        after.toggle(mv.from, mover);
        if !mv.is_removal() {
            after.toggle(mv.to, mover);
        }
        !after.is_in_check_with(self.turn, switches)
    }

    /// Every move of the side to move, ignoring whether it leaves its own king in check.
    pub fn generate_pseudo_legal(&self, out: &mut MoveList) {
        specialise!(self.reading, switches => self.generate::<false, _>(out, switches));
    }

    /// The moves of [`Position::generate_pseudo_legal`] that take something, in the same order,
    /// without building the others: what a search over captures alone (quiescence) needs.
    pub fn generate_captures(&self, out: &mut MoveList) {
        specialise!(self.reading, switches => self.generate::<true, _>(out, switches));
    }

    /// Every move (`CAPTURES` false), or only those that take something (`CAPTURES` true): the
    /// same walk over the pieces, the second skipping the squares and pieces that take nothing.
    fn generate<const CAPTURES: bool, S: Switches>(&self, out: &mut MoveList, switches: S) {
        let rules = switches.rules();
        let us = self.turn;
        let them = !us;
        let board = &self.board;
        let ours = board.by_color(us);
        let theirs = board.by_color(them);
        let occupied = ours | theirs;
        let context = Context {
            board,
            empty: !occupied,
            occupied,
            king: board.king_of(us),
        };
        if !rules.has_check() && self.king_taken_winner().is_some() {
            // A king has been taken: the game is over, nothing moves.
            return;
        }
        let frozen = board.frozen_under(us, rules.freezing);
        let pinches = PinchMap::new(theirs, ours);
        // With captures alone, the squares on which a coordinator takes something: the files
        // of the enemy pieces on its king's rank and the ranks of those on its king's file.
        let coordinating = match context.king {
            Some(king) if CAPTURES => coordination_targets(king, theirs),
            _ => Bitboard::FULL,
        };

        for from in ours & !frozen {
            let Some(piece) = board.piece_at(from) else {
                continue;
            };
            match piece.role {
                Role::King => {
                    let targets = if CAPTURES { theirs } else { !ours };
                    for to in attacks::neighbours(from) & targets {
                        push::<CAPTURES>(
                            out,
                            from,
                            to,
                            piece.role,
                            theirs & Bitboard::from_square(to),
                        );
                    }
                }
                Role::Pawn => self.pawn_moves::<CAPTURES>(&context, &pinches, from, out),
                Role::Withdrawer => {
                    for direction in Direction::ALL {
                        let taken = context.withdrawn(from, direction, theirs);
                        if CAPTURES && taken.is_empty() {
                            continue;
                        }
                        for to in attacks::slide(from, direction, occupied) & context.empty {
                            push::<CAPTURES>(out, from, to, piece.role, taken);
                        }
                    }
                }
                Role::LongLeaper => {
                    for direction in Direction::ALL {
                        // With captures alone, a line whose first piece cannot be leaped
                        // (ours, or an enemy without an empty square behind it) takes nothing.
                        if CAPTURES && !leapable_first(&context, from, direction, theirs) {
                            continue;
                        }
                        leap::<CAPTURES, S>(
                            &context,
                            switches,
                            from,
                            direction,
                            theirs,
                            piece.role,
                            out,
                            |_, leaped| leaped,
                        );
                    }
                }
                Role::Coordinator => {
                    if CAPTURES && (context.king.is_none() || coordinating.is_empty()) {
                        continue;
                    }
                    for to in attacks::queen_lines(from, occupied) & context.empty & coordinating {
                        let taken = context.coordinated(to, theirs);
                        push::<CAPTURES>(out, from, to, piece.role, taken);
                    }
                }
                Role::Immobilizer => {
                    if CAPTURES {
                        continue;
                    }
                    for to in attacks::queen_lines(from, occupied) & context.empty {
                        push::<CAPTURES>(out, from, to, piece.role, Bitboard::EMPTY);
                    }
                }
                Role::Chameleon => {
                    self.chameleon_moves::<CAPTURES, S>(&context, switches, them, from, out)
                }
            }
        }

        if CAPTURES || !rules.removal {
            // A removal takes nothing; some readings have none.
            return;
        }
        for square in frozen & !board.by_role(Role::King) {
            if let Some(piece) = board.piece_at(square) {
                push::<CAPTURES>(out, square, square, piece.role, Bitboard::EMPTY);
            }
        }
    }

    #[inline(always)]
    fn pawn_moves<const CAPTURES: bool>(
        &self,
        context: &Context,
        pinches: &PinchMap,
        from: Square,
        out: &mut MoveList,
    ) {
        let pinch_squares = pinches.any();
        if CAPTURES
            && (pinch_squares & (Bitboard::rank(from.rank()) | Bitboard::file(from.file())))
                .is_empty()
        {
            // No square it could pinch from is on its rank or file.
            return;
        }
        let landings = if CAPTURES {
            context.empty & pinch_squares
        } else {
            context.empty
        };
        for direction in Direction::ORTHOGONAL {
            for to in attacks::slide(from, direction, context.occupied) & landings {
                let taken = if pinch_squares.contains(to) {
                    pinches.captures(to)
                } else {
                    Bitboard::EMPTY
                };
                push::<CAPTURES>(out, from, to, Role::Pawn, taken);
            }
        }
    }

    #[inline(always)]
    fn chameleon_moves<const CAPTURES: bool, S: Switches>(
        &self,
        context: &Context,
        switches: S,
        them: Color,
        from: Square,
        out: &mut MoveList,
    ) {
        let board = context.board;
        let ours = board.by_color(self.turn);
        let their = |role| board.pieces(them, role);
        let withdrawers = their(Role::Withdrawer);
        let leapers = their(Role::LongLeaper);
        let coordinators = their(Role::Coordinator);
        let pinches = PinchMap::new(their(Role::Pawn), ours);
        let pinch_squares = pinches.any();
        // The king the king's way: a step onto the adjacent enemy king. Only without a check
        // rule: under one, a position never has it (the enemy would be in check off its move).
        let by_shape = switches.rules().chameleon == ChameleonRule::MoveShape;
        let kings = if switches.rules().has_check() {
            Bitboard::EMPTY
        } else {
            attacks::neighbours(from) & their(Role::King)
        };
        for king in kings {
            let mut taken = Bitboard::from_square(king);
            if !by_shape {
                if let Some(direction) = Direction::between_neighbours(from, king) {
                    taken |= context.withdrawn(from, direction, withdrawers)
                        | context.coordinated(king, coordinators);
                    if direction.is_orthogonal() && pinch_squares.contains(king) {
                        taken |= pinches.captures(king);
                    }
                }
            }
            push::<CAPTURES>(out, from, king, Role::Chameleon, taken);
        }
        if CAPTURES && (their(Role::Pawn) | withdrawers | leapers | coordinators).is_empty() {
            // Nothing it could take the way that piece takes.
            return;
        }
        // With captures alone, the squares on which a landing takes a coordinator.
        let coordinating = match context.king {
            Some(king) if CAPTURES => coordination_targets(king, coordinators),
            _ => Bitboard::EMPTY,
        };
        for direction in Direction::ALL {
            let withdrawn = context.withdrawn(from, direction, withdrawers);
            let orthogonal = direction.is_orthogonal();
            if CAPTURES && withdrawn.is_empty() {
                // Then only a leap over a long leaper on the line, or a landing that
                // coordinates or pinches, takes something.
                let line = attacks::ray(from, direction);
                let landings = if orthogonal {
                    coordinating | pinch_squares
                } else {
                    coordinating
                };
                if (line & (leapers | landings)).is_empty() {
                    continue;
                }
            }
            leap::<CAPTURES, S>(
                context,
                switches,
                from,
                direction,
                leapers,
                Role::Chameleon,
                out,
                |to, leaped| {
                    if by_shape && leaped.any() {
                        // A leaping move takes only the leapers.
                        return leaped;
                    }
                    let mut taken = leaped | withdrawn | context.coordinated(to, coordinators);
                    if orthogonal && pinch_squares.contains(to) {
                        taken |= pinches.captures(to);
                    }
                    taken
                },
            );
        }
    }
}

/// Whether the first piece from `from` along `direction` is one of `leapable` with an empty
/// square behind it: whether a leap that way can take anything.
#[inline]
fn leapable_first(
    context: &Context,
    from: Square,
    direction: Direction,
    leapable: Bitboard,
) -> bool {
    match attacks::first_blocker(from, direction, context.occupied) {
        Some(first) if leapable.contains(first) => first
            .step(direction)
            .is_some_and(|beyond| context.empty.contains(beyond)),
        _ => false,
    }
}

/// The squares on which a coordinator (or a chameleon coordinating) of the side whose king is
/// on `king` takes one of `targets`: the file of each target on the king's rank, the rank of
/// each target on the king's file (see [`attacks::coordination_squares`]).
fn coordination_targets(king: Square, targets: Bitboard) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    for target in targets & Bitboard::rank(king.rank()) {
        squares |= Bitboard::file(target.file());
    }
    for target in targets & Bitboard::file(king.file()) {
        squares |= Bitboard::rank(target.rank());
    }
    squares
}

/// Moves along `direction` from `from` that may leap over pieces of `leapable`, each with an
/// empty square behind it (one piece at most when the context says so); `landing` gives what a
/// landing square takes, from the square and the pieces leaped on the way.
#[inline]
#[allow(clippy::too_many_arguments)]
fn leap<const CAPTURES: bool, S: Switches>(
    context: &Context,
    switches: S,
    from: Square,
    direction: Direction,
    leapable: Bitboard,
    role: Role,
    out: &mut MoveList,
    landing: impl Fn(Square, Bitboard) -> Bitboard,
) {
    let leaps_one = switches.rules().leaper == LeaperRule::One;
    let mut leaped = Bitboard::EMPTY;
    let mut square = from;
    while let Some(next) = square.step(direction) {
        if context.empty.contains(next) {
            push::<CAPTURES>(out, from, next, role, landing(next, leaped));
            square = next;
        } else if leapable.contains(next) && !(leaps_one && leaped.any()) {
            match next.step(direction) {
                Some(beyond) if context.empty.contains(beyond) => {
                    leaped |= next;
                    square = next;
                }
                _ => break,
            }
        } else {
            break;
        }
    }
}

/// Adds the move; with `CAPTURES`, only when it takes something.
#[inline]
fn push<const CAPTURES: bool>(
    out: &mut MoveList,
    from: Square,
    to: Square,
    role: Role,
    captures: Bitboard,
) {
    if CAPTURES && captures.is_empty() {
        return;
    }
    // MAX_MOVES bounds every position's move count (see its comment); never panic regardless.
    let _ = out.try_push(Move {
        from,
        to,
        role,
        captures,
    });
}
