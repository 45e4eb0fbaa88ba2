//! Random quiet lines from a start: the openings of `ultima match` and of the puzzle
//! generator's self-play games, the same for the same seed.

use ultima_rand::Rng;

use crate::{Move, MoveList, Position};

/// Up to `plies` random moves from the start, none of them a capture or otherwise
/// irreversible, each drawn with `rng` among the side to move's quiet legal moves (in the
/// generator's order); the line stops short where a position has no quiet move. Returns the
/// line and the position it reaches.
///
/// Runs that are reproducible by seed depend on this sequence of draws: do not change it.
///
/// ```
/// use ultima_rand::Rng;
/// let (line, _) = ultima_rules::random_quiet_line(&mut Rng::new(42), 4);
/// assert_eq!(line.len(), 4);
/// assert!(line.iter().all(|mv| !mv.is_irreversible()));
/// ```
pub fn random_quiet_line(rng: &mut Rng, plies: usize) -> (Vec<Move>, Position) {
    random_quiet_line_from(rng, Position::start(), plies)
}

/// [`random_quiet_line`] from `start` (a reading's start, [`Position::start_of`]): the same
/// draws, by the moves of `start`'s reading.
///
/// ```
/// use ultima_rand::Rng;
/// use ultima_rules::{random_quiet_line_from, Position, Reading};
/// let start = Position::start_of(Reading::Cambridge);
/// let (line, end) = random_quiet_line_from(&mut Rng::new(42), start, 4);
/// assert_eq!(line.len(), 4);
/// assert_eq!(end.reading(), Reading::Cambridge);
/// ```
pub fn random_quiet_line_from(
    rng: &mut Rng,
    start: Position,
    plies: usize,
) -> (Vec<Move>, Position) {
    let mut position = start;
    // The capacity is only a hint: a length out of reach must not allocate.
    let mut line = Vec::with_capacity(plies.min(64));
    for _ in 0..plies {
        let quiet: MoveList = position
            .legal_moves()
            .into_iter()
            .filter(|mv| !mv.is_irreversible())
            .collect();
        if quiet.is_empty() {
            break;
        }
        let mv = quiet[rng.index(quiet.len())];
        position = position.play_unchecked(&mv);
        line.push(mv);
    }
    (line, position)
}
