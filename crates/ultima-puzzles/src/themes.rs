//! Theme tagging from a puzzle's solution, the game phase, and the material count the
//! generator's "gain of two pawns" is measured in.

use ultima_bot::EvalParams;
use ultima_rules::{Color, Move, Position, Role};

use crate::theme::Theme;

/// The material of `color` in the bot's piece values (centipawns; a pawn is 100).
pub fn material(position: &Position, color: Color) -> i32 {
    let params = EvalParams::default();
    Role::ALL
        .into_iter()
        .filter(|&role| role != Role::King)
        .map(|role| position.board().pieces(color, role).count() as i32 * params.value(role))
        .sum()
}

/// The least material gain (centipawns, bot values) a puzzle's line that does not mate must end
/// with (the rule's, [`crate::judge`]); a line ending with less is a defensive one.
pub const MIN_GAIN: i32 = 200;

/// `color`'s material minus its opponent's.
pub fn material_balance(position: &Position, color: Color) -> i32 {
    material(position, color) - material(position, !color)
}

/// Both sides' material together at the start: what the phase is judged against.
const START_TOTAL: i32 = 7_800;
/// At or below this total (both sides, kings aside) a position is an endgame: about 45% of
/// the start, e.g. each side down to a few officers and pawns.
pub const ENDGAME_TOTAL: i32 = 3_500;
/// An opening position is at most this move number with at least this total (a piece or two
/// traded at most).
pub const OPENING_LAST_MOVE: u32 = 10;
pub const OPENING_TOTAL: i32 = START_TOTAL - 1_000;

/// The phase of the puzzle's position (the solver to move).
pub fn phase(position: &Position) -> Theme {
    let total = material(position, Color::White) + material(position, Color::Black);
    if total <= ENDGAME_TOTAL {
        Theme::Endgame
    } else if position.fullmove_number() <= OPENING_LAST_MOVE && total >= OPENING_TOTAL {
        Theme::Opening
    } else {
        Theme::Middlegame
    }
}

/// The capture themes of one move played in `position`: by the mover's role, a chameleon's by
/// the role of each piece it takes (it takes each the way that piece takes).
fn capture_themes(position: &Position, mv: &Move, out: &mut Vec<Theme>) {
    for square in mv.captures {
        let Some(taken) = position.piece_at(square) else {
            continue;
        };
        let theme = match mv.role {
            Role::Pawn => Some(Theme::Pinch),
            Role::Withdrawer => Some(Theme::Withdrawal),
            Role::LongLeaper => Some(Theme::LongLeap),
            Role::Coordinator => Some(Theme::Coordinator),
            Role::Chameleon => match taken.role {
                Role::Pawn => Some(Theme::ChameleonPinch),
                Role::Withdrawer => Some(Theme::ChameleonWithdrawal),
                Role::LongLeaper => Some(Theme::ChameleonLeap),
                Role::Coordinator => Some(Theme::ChameleonCoordinator),
                Role::King => Some(Theme::ChameleonKing),
                Role::Chameleon | Role::Immobilizer => None,
            },
            // A king's capture has no theme of its own; the immobilizer takes nothing.
            Role::King | Role::Immobilizer => None,
        };
        out.extend(theme);
    }
    if mv.captures.count() >= 2 {
        out.push(Theme::MultiCapture);
    }
}

/// The themes of a solution: `start` is the puzzle's position (the solver to move, right
/// after the mistake), `solution` the solver's and the opponent's moves from there, ending with
/// the solver's. Sorted in [`Theme`]'s order (the phase last), no repeats.
///
/// - captures: each solver move's, by [`capture_themes`]; a move taking two or more adds
///   multi-capture;
/// - immobilization: a solver move after which an enemy piece is frozen that was not before;
/// - removal: any removal among the solution's moves;
/// - mate-in-N: the opponent has no legal move after the solver's N-th (last) move; blockade:
///   that, with the loser not in check;
/// - defence: the opponent has a legal move after the solver's last move and the solver is
///   less than [`MIN_GAIN`] up on `start` there (a line that neither wins nor gains: only a
///   defensive puzzle, [`crate::judge::Ending::Hold`], may end so);
/// - the phase of `start`.
pub fn tag(start: &Position, solution: &[Move]) -> Vec<Theme> {
    let solver = start.turn();
    let mut themes = Vec::new();
    let mut position = start.clone();
    for (index, mv) in solution.iter().enumerate() {
        let solver_move = index % 2 == 0;
        if mv.is_removal() {
            themes.push(Theme::Removal);
        }
        let next = position.play_unchecked(mv);
        if solver_move {
            capture_themes(&position, mv, &mut themes);
            let before = position.frozen(!solver);
            let after = next.frozen(!solver);
            // Opponent pieces do not move on the solver's turn: a bit set now and not before
            // is a piece the move froze (a piece taken leaves its bit clear).
            if (after & !before).any() {
                themes.push(Theme::Immobilization);
            }
        }
        position = next;
    }
    let solver_moves = solution.len().div_ceil(2);
    if !solution.is_empty() && position.turn() != solver {
        if !position.has_legal_move() {
            themes.push(Theme::mate_in(solver_moves));
            if !position.is_check() {
                themes.push(Theme::Blockade);
            }
        } else if material_balance(&position, solver) - material_balance(start, solver) < MIN_GAIN {
            themes.push(Theme::Defence);
        }
    }
    themes.push(phase(start));
    themes.sort();
    themes.dedup();
    themes
}

/// A provisional rating until the bots' calibration replaces it: 900, plus 250 for each solver
/// move after the first, plus up to about 350 as the gap between the best and the second-best
/// move's win chance narrows from 1 to the rule's 0.42 (a narrow gap = a subtler only move).
/// Clamped to 600-2600. Puzzles carrying it have the rating deviation [`PROVISIONAL_RD`].
pub fn provisional_rating(solver_moves: usize, smallest_gap: f64) -> u32 {
    let length = 250.0 * solver_moves.saturating_sub(1) as f64;
    let subtlety = 600.0 * (1.0 - smallest_gap.clamp(0.0, 1.0));
    (900.0 + length + subtlety).round().clamp(600.0, 2600.0) as u32
}

/// The rating deviation of a provisional rating: Glicko-2's starting deviation.
pub const PROVISIONAL_RD: u32 = 350;
