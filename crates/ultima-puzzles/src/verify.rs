//! The verifier: every puzzle re-searched at (at least four times) more nodes than it was found
//! at; any whose solver move is no longer the best and only good one, or whose line no longer
//! ends as a puzzle must, is rejected by name.
//!
//! A defensive puzzle (tagged [`Theme::Defence`]) is one quiet solver move that must pass the
//! same uniqueness checks and hold: searched from the opponent's side after it, the
//! opponent's win chance is at most `-HOLD_LEVEL` (the solver is not lost). Every other puzzle
//! ends with a win or a gain, as before.

use ultima_rules::{Move, Position};

use crate::judge::{win_chance, Judge, Verdict, HOLD_LEVEL, LONGEST_LINE, MIN_GAIN};
use crate::puzzle::Puzzle;
use crate::themes::{material_balance, tag};
use crate::Theme;

/// Why a puzzle failed verification.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Failure {
    #[error("puzzle {id}: {error}")]
    Replay { id: String, error: String },
    #[error("puzzle {id}: {count} solver moves (1 to {LONGEST_LINE} allowed)")]
    Length { id: String, count: usize },
    #[error("puzzle {id}: at solver move {number} ({expected}) another move is about as good ({best} and {second})")]
    NotUnique {
        id: String,
        number: usize,
        expected: String,
        best: String,
        second: String,
    },
    #[error("puzzle {id}: at solver move {number} the engine prefers {found} to the solution's {expected}")]
    OtherBest {
        id: String,
        number: usize,
        expected: String,
        found: String,
    },
    #[error(
        "puzzle {id}: at solver move {number} ({expected}) the move is forced (no choice to find)"
    )]
    ForcedStart {
        id: String,
        number: usize,
        expected: String,
    },
    #[error("puzzle {id}: the line ends neither with a win nor a gain of {MIN_GAIN} that holds (gain {gain}, after the best reply {held})")]
    Ending { id: String, gain: i32, held: i32 },
    #[error("puzzle {id}: a defensive puzzle is one solver move, this one has {count}")]
    DefenceLength { id: String, count: usize },
    #[error("puzzle {id}: a defensive puzzle's move takes nothing, {expected} takes a piece")]
    DefenceCaptures { id: String, expected: String },
    #[error("puzzle {id}: the defence {expected} does not hold: the opponent still wins after it with {reply} (win chance {chance:.2} for the opponent, at most {limit:.2} allowed)", limit = -HOLD_LEVEL)]
    NotHeld {
        id: String,
        expected: String,
        reply: String,
        chance: f64,
    },
    #[error("puzzle {id}: its themes are {found}, the solution gives {expected}")]
    Themes {
        id: String,
        found: String,
        expected: String,
    },
}

fn describe(info: &ultima_bot::SearchInfo) -> String {
    match info.pv.first() {
        Some(mv) => format!("{} {}", mv.coordinates(), info.score),
        None => format!("(no move) {}", info.score),
    }
}

/// Verifies one puzzle with `judge` (whose node limit should be at least four times the
/// generator's).
pub fn verify(puzzle: &Puzzle, judge: &mut Judge) -> Result<(), Failure> {
    let id = puzzle.id.clone();
    let positions = puzzle.replay().map_err(|error| Failure::Replay {
        id: id.clone(),
        error: error.to_string(),
    })?;
    let count = puzzle.solver_move_count();
    if !(1..=LONGEST_LINE).contains(&count) {
        return Err(Failure::Length { id, count });
    }
    let start = &positions[1];
    let solver = start.turn();
    let defence = puzzle.has_theme(Theme::Defence);
    if defence {
        if count != 1 {
            return Err(Failure::DefenceLength { id, count });
        }
        // Whether the move holds first: a move that does not is told so, not only that the
        // engine prefers another.
        holds(puzzle, start, positions.last().unwrap_or(start), judge)?;
    }
    for (number, (expected, position)) in puzzle
        .solver_moves()
        .zip(positions.iter().skip(1).step_by(2))
        .enumerate()
    {
        let number = number + 1;
        let found = match judge.verdict(position) {
            Verdict::Unique { best, .. } => best,
            Verdict::Forced { best } if number > 1 => best,
            Verdict::Forced { .. } => {
                return Err(Failure::ForcedStart {
                    id,
                    number,
                    expected: expected.to_string(),
                })
            }
            Verdict::NotUnique { best, second } => {
                return Err(Failure::NotUnique {
                    id,
                    number,
                    expected: expected.to_string(),
                    best: describe(&best),
                    second: describe(&second),
                })
            }
            Verdict::NoMove => {
                return Err(Failure::Replay {
                    id,
                    error: format!("no legal move at solver move {number}"),
                })
            }
        };
        let best = found.pv.first().map(Move::coordinates).unwrap_or_default();
        if best != expected {
            return Err(Failure::OtherBest {
                id,
                number,
                expected: expected.to_string(),
                found: best,
            });
        }
    }
    let last = positions.last().unwrap_or(start);
    if !defence && last.has_legal_move() {
        let start_balance = material_balance(start, solver);
        let gain = material_balance(last, solver) - start_balance;
        let held = judge
            .best_move(last)
            .map(|reply| material_balance(&last.play_unchecked(&reply), solver) - start_balance)
            .unwrap_or(gain);
        if gain < MIN_GAIN || held < MIN_GAIN {
            return Err(Failure::Ending { id, gain, held });
        }
    }
    let solution = solution_moves(&positions, puzzle);
    let expected = tag(start, &solution);
    let mut found = puzzle.themes.clone();
    found.sort();
    found.dedup();
    if expected != found {
        let names = |themes: &[crate::Theme]| {
            themes
                .iter()
                .map(|t| t.name())
                .collect::<Vec<_>>()
                .join(",")
        };
        return Err(Failure::Themes {
            id,
            found: names(&puzzle.themes),
            expected: names(&expected),
        });
    }
    Ok(())
}

/// Whether a defensive puzzle's one move, played in `start` to give `last`, is quiet and holds:
/// the opponent's best line from `last` gives it a win chance of at most `-HOLD_LEVEL` (an
/// opponent without a legal move has lost: that holds too, and the themes check says the rest).
fn holds(
    puzzle: &Puzzle,
    start: &Position,
    last: &Position,
    judge: &mut Judge,
) -> Result<(), Failure> {
    let id = puzzle.id.clone();
    let expected = puzzle.moves.get(1).cloned().unwrap_or_default();
    let captures = start
        .parse_coordinates(&expected)
        .is_ok_and(|mv| mv.is_capture());
    if captures {
        return Err(Failure::DefenceCaptures { id, expected });
    }
    let Some(reply) = judge.best_line(last) else {
        return Ok(());
    };
    let chance = win_chance(reply.score);
    if chance > -HOLD_LEVEL {
        return Err(Failure::NotHeld {
            id,
            expected,
            reply: describe(&reply),
            chance,
        });
    }
    Ok(())
}

/// The solution's moves (after the mistake) as moves, from the replayed positions.
fn solution_moves(positions: &[Position], puzzle: &Puzzle) -> Vec<Move> {
    puzzle
        .moves
        .iter()
        .zip(positions)
        .skip(1)
        .filter_map(|(text, position)| position.parse_coordinates(text).ok())
        .collect()
}
