//! Move ordering: the table's move first, then captures by the value they take (several
//! pieces at once add up), then the killers of this ply, then quiet moves by history.

use ultima_rules::{Color, Move, MoveList, Position, Role, Square};

use super::MAX_PLY;
use crate::eval::EvalParams;

const TT_MOVE: i32 = 1_000_000;
const CAPTURE: i32 = 500_000;
const KILLER: [i32; 2] = [400_000, 399_000];
const REMOVAL: i32 = -200_000;
const HISTORY_MAX: i32 = 16_384;

/// Killers (quiet moves that refuted a sibling) and history (quiet moves' past cutoffs).
pub struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: [[i32; 64]; 14],
}

impl Default for Ordering {
    fn default() -> Ordering {
        Ordering::new()
    }
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: [[0; 64]; 14],
        }
    }

    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history = [[0; 64]; 14];
    }

    /// Before a new search: killers belong to the old tree; history fades.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
        for row in self.history.iter_mut() {
            for value in row.iter_mut() {
                *value /= 2;
            }
        }
    }

    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers.get(ply).copied().unwrap_or([None; 2])
    }

    pub fn add_killer(&mut self, ply: usize, mv: Move) {
        if let Some(slot) = self.killers.get_mut(ply) {
            if slot[0] != Some(mv) {
                slot[1] = slot[0];
                slot[0] = Some(mv);
            }
        }
    }

    fn history_slot(color: Color, role: Role, to: Square) -> (usize, usize) {
        (color.index() * 7 + role.index(), to.usize())
    }

    pub fn history(&self, color: Color, mv: &Move) -> i32 {
        let (piece, to) = Ordering::history_slot(color, mv.role, mv.to);
        self.history[piece][to]
    }

    /// Rewards (positive `bonus`) or punishes a quiet move; values stay within ±HISTORY_MAX.
    pub fn update_history(&mut self, color: Color, mv: &Move, bonus: i32) {
        let (piece, to) = Ordering::history_slot(color, mv.role, mv.to);
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = &mut self.history[piece][to];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }
}

/// The value of what `mv` takes.
#[inline]
pub fn captured_value(position: &Position, params: &EvalParams, mv: &Move) -> i32 {
    mv.captures
        .into_iter()
        .filter_map(|square| position.piece_at(square))
        .map(|piece| params.value(piece.role))
        .sum()
}

/// Picks moves best-first from a scored list, one selection step at a time: a cutoff after the
/// first few moves never pays for sorting the rest. The search keeps one per ply on the heap and
/// refills it, so that deep lines do not pile move lists onto the stack.
pub struct Picker {
    moves: MoveList,
    scores: [i32; ultima_rules::types::MAX_MOVES],
    next: usize,
    /// Where the first of the highest scores stands, found while scoring: the first pick's
    /// answer without a scan.
    first_best: usize,
}

impl Default for Picker {
    fn default() -> Picker {
        Picker {
            moves: MoveList::new(),
            scores: [0; ultima_rules::types::MAX_MOVES],
            next: 0,
            first_best: 0,
        }
    }
}

impl Picker {
    /// Every move of `position`, scored for the main search.
    pub fn fill_all(
        &mut self,
        position: &Position,
        params: &EvalParams,
        ordering: &Ordering,
        tt_move: Option<(Square, Square)>,
        ply: usize,
    ) {
        self.moves.clear();
        self.next = 0;
        position.generate_pseudo_legal(&mut self.moves);
        let killers = ordering.killers(ply);
        let turn = position.turn();
        let mut top = i32::MIN;
        self.first_best = 0;
        for (index, (score, mv)) in self.scores.iter_mut().zip(self.moves.iter()).enumerate() {
            *score = if tt_move == Some((mv.from, mv.to)) {
                TT_MOVE
            } else if mv.is_capture() {
                CAPTURE + 16 * captured_value(position, params, mv) - params.value(mv.role) / 16
            } else if killers[0] == Some(*mv) {
                KILLER[0]
            } else if killers[1] == Some(*mv) {
                KILLER[1]
            } else if mv.is_removal() {
                REMOVAL + ordering.history(turn, mv)
            } else {
                ordering.history(turn, mv)
            };
            if *score > top {
                top = *score;
                self.first_best = index;
            }
        }
    }

    /// The captures of `position` only, most valuable victims first.
    pub fn fill_captures(&mut self, position: &Position, params: &EvalParams) {
        self.moves.clear();
        self.next = 0;
        position.generate_captures(&mut self.moves);
        let mut top = i32::MIN;
        self.first_best = 0;
        for (index, (score, mv)) in self.scores.iter_mut().zip(self.moves.iter()).enumerate() {
            *score = 16 * captured_value(position, params, mv) - params.value(mv.role) / 16;
            if *score > top {
                top = *score;
                self.first_best = index;
            }
        }
    }

    /// The next best move not yet picked: the first of the highest score among those left.
    #[inline]
    pub fn pick(&mut self) -> Option<Move> {
        let start = self.next;
        let len = self.moves.len();
        if start >= len {
            return None;
        }
        // Two passes the compiler vectorises, the highest score then where it first stands,
        // rather than one compare-and-branch per move: the same move as a scan keeping the
        // first best.
        let best = if start == 0 {
            self.first_best
        } else {
            let left = &self.scores[start..len];
            let top = left.iter().copied().fold(i32::MIN, i32::max);
            start + first_at_least(left, top)
        };
        self.moves.swap(start, best);
        self.scores.swap(start, best);
        self.next += 1;
        Some(self.moves[start])
    }

    /// All moves, best first.
    #[cfg(test)]
    pub fn drain_sorted(&mut self) -> Vec<Move> {
        std::iter::from_fn(|| self.pick()).collect()
    }
}

/// The index of the first of `scores` at least `top` (`top` is their highest, so there is one).
#[inline]
fn first_at_least(scores: &[i32], top: i32) -> usize {
    // Eight at a time, each block asked at once whether it holds `top`.
    let mut base = 0;
    let mut chunks = scores.chunks_exact(8);
    for chunk in &mut chunks {
        if chunk
            .iter()
            .fold(false, |found, &score| found | (score >= top))
        {
            break;
        }
        base += 8;
    }
    scores[base..]
        .iter()
        .position(|&score| score >= top)
        .map_or(0, |index| base + index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_come_first_biggest_victims_first() {
        // RULES.md worked position 1: the pawn d1 going to d4 pinches c4, d5 and e4 at once.
        let position = Position::from_ufen("7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1").unwrap();
        let params = EvalParams::default();
        let mut picker = Picker::default();
        picker.fill_all(&position, &params, &Ordering::new(), None, 0);
        let order: Vec<Move> = picker.drain_sorted();
        assert_eq!(order[0].coordinates(), "d1d4");
        assert_eq!(order[0].captures.count(), 3);
        let first_quiet = order.iter().position(|mv| !mv.is_capture()).unwrap();
        assert!(order[first_quiet..].iter().all(|mv| !mv.is_capture()));
    }

    #[test]
    fn the_table_move_and_killers_lead() {
        let position = Position::start();
        let params = EvalParams::default();
        let moves = position.legal_moves();
        let (a, b) = (moves[5], moves[9]);
        assert!(moves.iter().all(|mv| position.is_legal_generated(mv)));
        let mut ordering = Ordering::new();
        ordering.add_killer(2, b);
        let mut picker = Picker::default();
        picker.fill_all(&position, &params, &ordering, Some((a.from, a.to)), 2);
        let order: Vec<Move> = picker.drain_sorted();
        assert_eq!(order[0], a);
        assert_eq!(order[1], b);
    }

    #[test]
    fn picks_in_the_order_of_a_scan_keeping_the_first_best() {
        // Many ties, lists of every length up to past two blocks of eight: the picker's order
        // must be the one-compare-per-move selection's, swaps and all.
        let position = Position::start();
        let moves = position.legal_moves();
        let mut seed = 0x1234_5678_u64;
        for len in 0..moves.len() {
            for _ in 0..20 {
                let mut picker = Picker::default();
                let mut naive: Vec<(Move, i32)> = Vec::new();
                for mv in moves.iter().take(len) {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let score = ((seed >> 33) % 5) as i32 - 2
                        + if seed.is_multiple_of(7) {
                            i32::MIN + 3
                        } else {
                            0
                        };
                    picker.moves.push(*mv);
                    picker.scores[picker.moves.len() - 1] = score;
                    naive.push((*mv, score));
                }
                picker.first_best = first_best_by_scan(&naive);
                assert_eq!(picker.drain_sorted(), selection_order(naive));
            }
        }
    }

    /// The index of the first of the highest scores.
    fn first_best_by_scan(scored: &[(Move, i32)]) -> usize {
        let mut best = 0;
        for i in 1..scored.len() {
            if scored[i].1 > scored[best].1 {
                best = i;
            }
        }
        best
    }

    /// The order of a selection keeping the first best, one compare per move, swaps and all.
    fn selection_order(mut naive: Vec<(Move, i32)>) -> Vec<Move> {
        let mut expected = Vec::new();
        for start in 0..naive.len() {
            let mut best = start;
            for i in start + 1..naive.len() {
                if naive[i].1 > naive[best].1 {
                    best = i;
                }
            }
            naive.swap(start, best);
            expected.push(naive[start].0);
        }
        expected
    }

    #[test]
    fn filled_pickers_pick_in_the_order_of_the_selection() {
        let params = EvalParams::default();
        let mut ordering = Ordering::new();
        let positions = crate::eval::test_support::sample_positions(0x0b11_0004, 40, 100);
        for (n, position) in positions.iter().enumerate() {
            let moves = position.legal_moves();
            if moves.is_empty() {
                continue;
            }
            // Some history, killers and a table move, with ties among them.
            for (i, mv) in moves.iter().enumerate().filter(|(i, _)| (i + n) % 3 == 0) {
                ordering.update_history(position.turn(), mv, (i % 4) as i32 * 100);
            }
            ordering.add_killer(1, moves[n % moves.len()]);
            let tt = (n % 2 == 0).then(|| {
                let mv = moves[(n / 2) % moves.len()];
                (mv.from, mv.to)
            });
            for captures_only in [false, true] {
                let mut picker = Picker::default();
                if captures_only {
                    picker.fill_captures(position, &params);
                } else {
                    picker.fill_all(position, &params, &ordering, tt, 1);
                }
                let scored: Vec<(Move, i32)> = picker
                    .moves
                    .iter()
                    .copied()
                    .zip(picker.scores.iter().copied())
                    .collect();
                if !scored.is_empty() {
                    assert_eq!(picker.first_best, first_best_by_scan(&scored));
                }
                assert_eq!(picker.drain_sorted(), selection_order(scored), "{position}");
            }
        }
    }

    #[test]
    fn history_stays_bounded() {
        let mut ordering = Ordering::new();
        let mv = Position::start().legal_moves()[0];
        for _ in 0..1000 {
            ordering.update_history(Color::White, &mv, 10_000);
        }
        assert!(ordering.history(Color::White, &mv) <= HISTORY_MAX);
    }
}
