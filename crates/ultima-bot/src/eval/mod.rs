//! The static evaluation: how good a position looks without searching, in centipawns (a pawn
//! is 100), from the point of view of the side to move.
//!
//! Five terms, one module each, every one computed as White minus Black:
//! - [`material`]: the pieces on the board, at values found by self-play tuning (TUNING.md);
//! - [`mobility`]: the squares each free piece can move to;
//! - [`freezing`]: pieces frozen by an enemy immobilizer (or chameleon) are worth less;
//! - [`king_safety`]: the king's exposure to each way of capturing it;
//! - [`pinches`]: pieces standing as one side of a pinch, and pawns that can close it.

mod freezing;
mod king_safety;
mod material;
mod mobility;
mod pinches;

use ultima_rules::{Bitboard, Board, ByColor, ByRole, Color, Position, Role, Square};

pub use material::DEFAULT_MATERIAL;

/// A small bonus for having the move.
pub const TEMPO: i32 = 10;

/// What the evaluation can be tuned by: the value of each piece (the king's is not used).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalParams {
    pub material: ByRole<i32>,
}

impl Default for EvalParams {
    fn default() -> EvalParams {
        EvalParams {
            material: DEFAULT_MATERIAL,
        }
    }
}

impl EvalParams {
    pub fn value(&self, role: Role) -> i32 {
        self.material[role]
    }
}

/// The evaluation split into its terms, each White minus Black, in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    pub material: i32,
    pub mobility: i32,
    pub freezing: i32,
    pub king_safety: i32,
    pub pinches: i32,
}

impl Terms {
    /// The sum of the terms, White's point of view, without the tempo bonus.
    pub fn total(&self) -> i32 {
        self.material + self.mobility + self.freezing + self.king_safety + self.pinches
    }
}

/// What every term looks at, computed once per evaluation.
pub(crate) struct Context<'a> {
    pub board: &'a Board,
    pub occupied: Bitboard,
    pub empty: Bitboard,
    pub frozen: ByColor<Bitboard>,
    pub kings: ByColor<Option<Square>>,
}

impl<'a> Context<'a> {
    /// The context of `position`, frozen pieces by its reading's freezing rule.
    fn new(position: &'a Position) -> Context<'a> {
        let board = position.board();
        let occupied = board.occupied();
        let freezing = position.rules().freezing;
        Context {
            board,
            occupied,
            empty: !occupied,
            frozen: ByColor::new_with(|color| board.frozen_under(color, freezing)),
            kings: ByColor::new_with(|color| board.king_of(color)),
        }
    }

    pub fn free_pieces(&self, color: Color, role: Role) -> Bitboard {
        self.board.pieces(color, role) & !self.frozen[color]
    }
}

/// Every term, White's point of view.
pub fn terms(position: &Position, params: &EvalParams) -> Terms {
    let context = Context::new(position);
    Terms {
        material: material::score(&context, params),
        mobility: mobility::score(&context),
        freezing: freezing::score(&context, params),
        king_safety: king_safety::score(&context),
        pinches: pinches::score(&context, params),
    }
}

/// The evaluation from the side to move's point of view, tempo included.
pub fn evaluate(position: &Position, params: &EvalParams) -> i32 {
    let white = terms(position, params).total();
    let relative = match position.turn() {
        Color::White => white,
        Color::Black => -white,
    };
    relative + TEMPO
}

/// `value` for White, `-value` for Black.
#[inline]
pub(crate) fn signed(color: Color, value: i32) -> i32 {
    match color {
        Color::White => value,
        Color::Black => -value,
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use ultima_rules::Position;

    use super::{terms, EvalParams, Terms};

    pub fn terms_of(ufen: &str) -> Terms {
        let position = Position::from_ufen(ufen).unwrap_or_else(|e| panic!("{ufen}: {e}"));
        terms(&position, &EvalParams::default())
    }

    /// The positions of random games: half from the start, half from random setups (a few
    /// pieces of each kind scattered, a side without a king one time in ten), with captures
    /// preferred half of the time so that the games thin out.
    pub fn sample_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
        let mut rng = ultima_rand::Rng::new(seed);
        let mut all = Vec::new();
        for game in 0..games {
            let mut position = if game % 2 == 0 {
                Position::start()
            } else {
                random_setup(&mut rng)
            };
            for _ in 0..plies {
                all.push(position.clone());
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let captures: Vec<_> = moves.iter().filter(|mv| mv.is_capture()).collect();
                let mv = if !captures.is_empty() && rng.chance(50) {
                    *captures[rng.index(captures.len())]
                } else {
                    moves[rng.index(moves.len())]
                };
                position = position.play_unchecked(&mv);
            }
        }
        all
    }

    fn random_setup(rng: &mut ultima_rand::Rng) -> Position {
        use ultima_rules::{Board, Color, Piece, Role, Setup, Square};
        loop {
            let mut board = Board::empty();
            for color in Color::ALL {
                let kings = usize::from(rng.chance(90));
                for n in 0..kings + 1 + rng.index(12) {
                    let role = if n < kings {
                        Role::King
                    } else {
                        Role::ALL[1 + rng.index(6)]
                    };
                    let square = Square::from_index(rng.index(64) as u8);
                    if let Some(square) = square.filter(|&s| board.piece_at(s).is_none()) {
                        board.put(square, Piece::new(color, role));
                    }
                }
            }
            let turn = if rng.chance(50) {
                Color::White
            } else {
                Color::Black
            };
            let setup = Setup {
                board,
                turn,
                halfmove_clock: 0,
                fullmove_number: 1,
                reading: ultima_rules::Reading::Abbott1963,
            };
            if let Ok(position) = Position::from_setup(setup) {
                return position;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::terms_of;
    use super::*;

    #[test]
    fn the_start_is_balanced() {
        let start = Position::start();
        let terms = terms(&start, &EvalParams::default());
        assert_eq!(terms.total(), 0, "{terms:?}");
        assert_eq!(evaluate(&start, &EvalParams::default()), TEMPO);
    }

    #[test]
    fn mirrored_positions_score_opposite() {
        // The same position with colours swapped and the board turned: scores must negate.
        let pairs = [
            (
                "k7/8/2p5/8/3W4/8/1P6/7K w 0 1",
                "k7/6p1/8/4w3/8/5P2/8/7K b 0 1",
            ),
            (
                "4k3/3ppp2/8/2I5/8/8/3PP3/3K4 w 0 1",
                "4k3/3pp3/8/8/5i2/8/2PPP3/3K4 b 0 1",
            ),
        ];
        for (a, b) in pairs {
            let (ta, tb) = (terms_of(a), terms_of(b));
            assert_eq!(ta.total(), -tb.total(), "{a}: {ta:?} / {b}: {tb:?}");
            let pa = Position::from_ufen(a).unwrap();
            let pb = Position::from_ufen(b).unwrap();
            let params = EvalParams::default();
            assert_eq!(evaluate(&pa, &params), evaluate(&pb, &params));
        }
    }
}
