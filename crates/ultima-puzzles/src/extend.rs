//! Longer lines for puzzles already found: a line that ends on a gain goes on while the solver's
//! next move is again the only good one ([`Judge::extend_line`]), as lichess' puzzler lets its
//! lines run. The generator stops a line at its first gain; this stage of the pipeline
//! (`ultima puzzles extend`, in `scripts/make-puzzles.sh` between the verifier and the
//! ratings) gives the set its longer lines without playing the games again.
//!
//! A longer puzzle is a new puzzle: its id is taken over its whole line ([`extended_id`]), so
//! the stages that resume by id (the verifier's journal, the ratings) never mistake it for the
//! shorter one, and a player's record of the shorter one stays with it.

use ultima_rules::{Move, Position};

use crate::generate::make_puzzle;
use crate::judge::{Ending, Judge, Line};
use crate::puzzle::{puzzle_id, Puzzle, ReplayError};
use crate::themes::{material_balance, MIN_GAIN};
use crate::Theme;

/// The id of a puzzle whose line was made longer: over its position and every move of its line
/// (a puzzle found by the generator has its id over the position and the mistake alone).
pub fn extended_id(puzzle: &Puzzle) -> String {
    puzzle_id(&puzzle.ufen, &puzzle.moves.join(" "))
}

/// `puzzle` with a longer line, if its line ends on a gain (not a win, not a defence) and the
/// game goes on with only moves; `None` when it stays as it is. Searched by `judge` at the
/// generator's nodes, so that the verifier's deeper search checks the new moves as it checked
/// the old.
pub fn extend(puzzle: &Puzzle, judge: &mut Judge) -> Result<Option<Puzzle>, ReplayError> {
    let positions = puzzle.replay()?;
    let (Some(before), Some(start), Some(last)) =
        (positions.first(), positions.get(1), positions.last())
    else {
        return Ok(None);
    };
    if puzzle.has_theme(Theme::Defence) || !last.has_legal_move() {
        return Ok(None);
    }
    let gain = material_balance(last, start.turn()) - material_balance(start, start.turn());
    if gain < MIN_GAIN {
        return Ok(None);
    }
    let moves = parsed(&positions, puzzle);
    let Some((mistake, solution)) = moves.split_first() else {
        return Ok(None);
    };
    let line = Line {
        moves: solution.to_vec(),
        ending: Ending::Material { gain },
        // Not in the file: the new moves' gaps alone say how subtle the longer line is.
        smallest_gap: f64::INFINITY,
    };
    let Some(longer) = judge.extend_line(start, &line) else {
        return Ok(None);
    };
    let mut extended = make_puzzle(before, mistake, &longer);
    extended.id = extended_id(&extended);
    Ok(Some(extended))
}

/// The puzzle's moves as moves, each parsed in the position it is played from.
fn parsed(positions: &[Position], puzzle: &Puzzle) -> Vec<Move> {
    puzzle
        .moves
        .iter()
        .zip(positions)
        .filter_map(|(text, position)| position.parse_coordinates(text).ok())
        .collect()
}
