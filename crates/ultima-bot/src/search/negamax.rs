//! The search proper: iterative deepening, aspiration windows, principal-variation negamax with
//! null-move pruning, late-move reductions and pruning, and quiescence over captures.
//!
//! In Ultima a side with no legal move loses, in check or not (a blockade), so the pruning that
//! trusts the evaluation before generating a move (reverse futility, the null move, standing
//! pat) first asks whether the side to move has a move at all, cheaply unless few of its
//! pieces can move; a side with few pieces that can move is not pruned on its evaluation, nor
//! are quiet moves skipped against one (one of them may take its last move away); and every
//! root move is asked once whether it leaves the opponent without one.
//!
//! The search plays by the root position's reading (READINGS.md), read once per search
//! ([`Goals`]): where a stalemate is a draw (Boardspace), a side without a move that is not in
//! check scores 0; where the king is taken (Zillions), a side that can take the enemy king has
//! won (scored as a mate one ply on), and a side whose king can be taken is treated as a side
//! in check. The move generator and the freezing follow the position's reading by themselves.

use arrayvec::ArrayVec;
use ultima_rules::{Bitboard, Color, Move, MoveList, NoMoveRule, Position, Role, Setup};

use super::ordering::{captured_value, Ordering, Picker};
use super::tt::{Bound, TranspositionTable};
use super::{Score, SearchInfo, SearchResult, INFINITY, MATE, MATE_BOUND, MAX_DEPTH, MAX_PLY};
use crate::error::BotError;
use crate::eval::{evaluate, EvalParams};
use crate::limits::{Clock, Limits};

const DRAW: i32 = 0;
/// How often (in nodes) the stop flag and the clock are read: about a millisecond of search.
const CHECK_EVERY: u64 = 1024;
/// Check evasions searched inside quiescence before it gives up and stands pat.
const QUIESCENCE_CHECK_PLIES: u32 = 4;
/// A side with at most this many pieces that can make a move (see [`movers`]) is not pruned on
/// its evaluation (reverse futility, the null move): with so few moves the opponent may be one
/// move from taking the last of them, a blockade, and passing would not show it.
const FEW_MOVERS: u32 = 3;
/// A side with a king and more pieces than this that can make a move is taken to have a legal
/// move without generating them all (see [`is_blockaded`]).
const BLOCKADE_CHECK_MOVERS: u32 = 6;

/// The pieces of the side to move that have a move, found cheaply and never too many: those
/// with an empty square next to them along a line they move on (a pawn along a rank or file),
/// a king with an empty or enemy square beside it, and frozen pieces other than the king (each
/// may be removed, in a reading with removal). Such a move may still be illegal (it may expose
/// the king); a long leaper's leap over a neighbour is not counted. Frozen by the position's
/// reading.
pub(crate) fn movers(position: &Position) -> Bitboard {
    movers_of(position, position.turn())
}

/// [`movers`] for `us`, to move or not.
fn movers_of(position: &Position, us: Color) -> Bitboard {
    let board = position.board();
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let empty = !(ours | theirs);
    let frozen = position.frozen(us);
    let free = ours & !frozen;
    let kings = board.by_role(Role::King);
    let pawns = board.by_role(Role::Pawn);
    let officers = free & !kings & !pawns & empty.grown();
    let pincers = free & pawns & empty.orthogonal_neighbours();
    let king = free & kings & (empty | theirs).grown();
    let removable = if position.rules().removal {
        frozen & !kings
    } else {
        Bitboard::EMPTY
    };
    officers | pincers | king | removable
}

/// The moves among `moves` (legal in `position`) that win at once: after which the opponent
/// has no legal move and has lost by it (not a stalemate that the reading draws). In a reading
/// played to take the king, taking it is one: the side without its king has no move.
pub(crate) fn wins_at_once(position: &Position, moves: &[Move]) -> MoveList {
    let stalemate_draws = position.rules().no_move == NoMoveRule::StalemateDraws;
    moves
        .iter()
        .filter(|mv| {
            let child = position.play_unchecked(mv);
            !child.has_legal_move() && (!stalemate_draws || child.is_check())
        })
        .copied()
        .collect()
}

/// Whether `mv` (legal in `position`) leaves the mover's king where the opponent can take it:
/// in a reading without a check rule, a move that loses the king.
pub(crate) fn leaves_king_to_be_taken(position: &Position, mv: &Move) -> bool {
    let child = position.play_unchecked(mv);
    child
        .board()
        .is_in_check_under(position.turn(), &child.rules())
}

/// What the reading of the searched position changes in the search, read once per search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Goals {
    /// The king is taken (no check rule): a side that can take the enemy king has won, and a
    /// side whose king can be taken answers it as a side in check would.
    pub take_king: bool,
    /// A side without a legal move that is not in check draws (a stalemate).
    pub stalemate_draws: bool,
}

impl Goals {
    pub fn of(position: &Position) -> Goals {
        let rules = position.rules();
        Goals {
            take_king: !rules.has_check(),
            stalemate_draws: rules.no_move == NoMoveRule::StalemateDraws,
        }
    }
}

/// Whether the side to move has no legal move, which loses in Ultima whether in check or not
/// (a blockade; a stalemate draws in some readings, see `Searcher::no_move_score`). `movers`
/// is [`movers`] of the position. Cheap unless the side has few pieces that can move: a side
/// without a king is never in check, so any of its movers moves; a side with a king and more
/// than [`BLOCKADE_CHECK_MOVERS`] movers is taken to have a legal move (seven pieces all pinned
/// at once is a position this search may misjudge); otherwise every move is generated.
pub(crate) fn is_blockaded(position: &Position, movers: Bitboard) -> bool {
    let count = movers.count();
    if count > BLOCKADE_CHECK_MOVERS {
        return false;
    }
    if count > 0 && position.board().king_of(position.turn()).is_none() {
        return false;
    }
    !position.has_legal_move()
}

type Line = ArrayVec<Move, MAX_PLY>;

pub(crate) struct Searcher<'a> {
    tt: &'a mut TranspositionTable,
    ordering: &'a mut Ordering,
    params: &'a EvalParams,
    limits: &'a Limits,
    clock: &'a dyn Clock,
    start_ms: u64,
    nodes: u64,
    stopped: bool,
    seldepth: usize,
    /// The hashes of the positions before the current node: the game's, then the path.
    hashes: Vec<u64>,
    /// The principal variation found below each ply.
    lines: Vec<Line>,
    /// One move picker per ply, on the heap, reused from node to node.
    pickers: Vec<Option<Box<Picker>>>,
    /// The root moves after which the opponent has no legal move: won at once, never searched.
    root_wins: MoveList,
    /// What the root position's reading changes.
    goals: Goals,
}

impl<'a> Searcher<'a> {
    pub fn new(
        tt: &'a mut TranspositionTable,
        ordering: &'a mut Ordering,
        params: &'a EvalParams,
        limits: &'a Limits,
        clock: &'a dyn Clock,
        history: &[u64],
    ) -> Searcher<'a> {
        tt.new_search();
        ordering.new_search();
        let mut hashes = Vec::with_capacity(history.len() + MAX_PLY + 2);
        hashes.extend_from_slice(history);
        Searcher {
            tt,
            ordering,
            params,
            limits,
            start_ms: clock.now_ms(),
            clock,
            nodes: 0,
            stopped: false,
            seldepth: 0,
            hashes,
            lines: vec![Line::new(); MAX_PLY + 1],
            pickers: (0..=MAX_PLY).map(|_| None).collect(),
            root_wins: MoveList::new(),
            goals: Goals::default(),
        }
    }

    /// The score of a side to move without a legal move, `ply` plies from the root: lost, or
    /// drawn where the reading draws a stalemate and the side is not in check.
    #[inline]
    fn no_move_score(&self, position: &Position, ply: usize) -> i32 {
        if self.goals.stalemate_draws && !position.is_check() {
            DRAW
        } else {
            -MATE + ply as i32
        }
    }

    /// Whether the side to move must answer a threat to its king: in check, or (where the king
    /// is taken) with its king where the opponent can take it.
    #[inline]
    fn king_threatened(&self, position: &Position) -> bool {
        if self.goals.take_king {
            position.is_king_attacked()
        } else {
            position.is_check()
        }
    }

    /// Where the king is taken: the score of a position decided by its kings, `ply` plies from
    /// the root. A side whose king has been taken has lost; a side that can take the enemy king
    /// wins on its move (a mate one ply on). `None` when neither.
    fn king_decided(position: &Position, ply: usize) -> Option<i32> {
        let turn = position.turn();
        if let Some(winner) = position.king_taken_winner() {
            return Some(if winner == turn {
                MATE - ply as i32
            } else {
                -MATE + ply as i32
            });
        }
        let them = !turn;
        let rules = position.rules();
        position
            .board()
            .is_in_check_under(them, &rules)
            .then_some(MATE - ply as i32 - 1)
    }

    fn elapsed_ms(&self) -> u64 {
        self.clock.now_ms().saturating_sub(self.start_ms)
    }

    /// Counts a node and says whether the search must end now.
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped {
            return true;
        }
        if self.limits.nodes.is_some_and(|max| self.nodes > max) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            let out_of_time = self
                .limits
                .movetime_ms
                .is_some_and(|ms| self.elapsed_ms() >= ms);
            if out_of_time || self.limits.stop_requested() {
                self.stopped = true;
            }
        }
        self.stopped
    }

    fn info(&self, depth: u32, score: i32, pv: &[Move], multipv: usize) -> SearchInfo {
        SearchInfo {
            depth,
            seldepth: self.seldepth as u32,
            multipv: multipv as u32,
            score: Score::from_internal(score),
            raw_score: score,
            nodes: self.nodes,
            time_ms: self.elapsed_ms(),
            pv: pv.to_vec(),
        }
    }

    /// Iterative deepening from `root` until a limit is reached. With `Limits::multipv` at N,
    /// each iteration searches N lines one after the other: line K is the best of the root
    /// moves that are not the first moves of lines 1 to K-1, searched with its own aspiration
    /// window until its score is inside it, so that every line's score is exact.
    pub fn iterate(
        &mut self,
        root: &Position,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, BotError> {
        self.goals = Goals::of(root);
        let mut moves = root.legal_moves();
        if moves.is_empty() {
            return Err(BotError::NoLegalMove(root.turn()));
        }
        let static_eval = evaluate(root, self.params);
        if moves.len() == 1 {
            let best_move = moves[0];
            let info = self.info(0, static_eval, &[best_move], 1);
            return Ok(SearchResult {
                best_move,
                lines: vec![info.clone()],
                info,
            });
        }
        // Root moves best first: the table's move, then captures by value, then history.
        let tt_move = self.tt.probe(root.hash(), 0).and_then(|hit| hit.best);
        let mut picker = self.take_picker(0);
        picker.fill_all(root, self.params, self.ordering, tt_move, 0);
        let ordered: MoveList = std::iter::from_fn(|| picker.pick())
            .filter(|mv| moves.contains(mv))
            .collect();
        self.pickers[0] = Some(picker);
        // A move that leaves the opponent without a legal move wins at once, by check or by
        // blockade: each root move is asked, once, whatever the pruning below would see. Such
        // moves go first, so that even a search stopped at once plays one.
        self.root_wins = wins_at_once(root, &ordered);
        moves = self.root_wins.clone();
        let rest = ordered
            .into_iter()
            .filter(|mv| !self.root_wins.contains(mv));
        if self.goals.take_king {
            // Where the king is taken, the moves that leave it to be taken go last: even a
            // search stopped before it saw them lose never plays one when another move exists.
            let (lost, safe): (MoveList, MoveList) =
                rest.partition(|mv| leaves_king_to_be_taken(root, mv));
            moves.extend(safe);
            moves.extend(lost);
        } else {
            moves.extend(rest);
        }

        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let wanted = self.limits.lines().min(moves.len());
        // The lines of the last finished iteration, best first.
        let mut lines: Vec<(Move, SearchInfo)> = Vec::new();
        let mut previous = vec![static_eval; wanted];
        'deepening: for depth in 1..=max_depth {
            let mut iteration: Vec<(Move, SearchInfo)> = Vec::with_capacity(wanted);
            for first in 0..wanted {
                let (score, found) = self.aspirate(root, &mut moves, first, depth, previous[first]);
                if self.stopped {
                    // An unfinished iteration still counts for a root move searched to the end
                    // that beat everything before it (for the best line: the others wait for
                    // their own search to end).
                    if let (0, Some((mv, score))) = (first, found) {
                        let mut pv = self.lines[0].clone();
                        if pv.first() != Some(&mv) {
                            pv.clear();
                            pv.push(mv);
                        }
                        iteration.push((mv, self.info(depth, score, &pv, 1)));
                    }
                    // The lines this iteration finished, then the last iteration's others.
                    for line in lines {
                        if iteration.len() < wanted && iteration.iter().all(|(mv, _)| *mv != line.0)
                        {
                            iteration.push(line);
                        }
                    }
                    lines = iteration;
                    break 'deepening;
                }
                previous[first] = score;
                let pv = self.lines[0].clone();
                iteration.push((moves[first], self.info(depth, score, &pv, first + 1)));
            }
            if wanted > 1 {
                // A later line may score above an earlier one (a move the earlier line's search
                // pruned, seen in full as its own line's first move): best first again, each
                // line keeping its own search's score, and the root moves in the same order.
                iteration.sort_by_key(|(_, info)| std::cmp::Reverse(info.raw_score));
                for (index, (mv, info)) in iteration.iter_mut().enumerate() {
                    info.multipv = index as u32 + 1;
                    moves[index] = *mv;
                }
            }
            for (_, info) in &iteration {
                on_iteration(info);
            }
            lines = iteration;
            let mate_seen = |info: &SearchInfo| {
                let score = info.raw_score.abs();
                score > MATE_BOUND && depth as i32 > MATE - score + 1
            };
            if lines.iter().all(|(_, info)| mate_seen(info)) {
                break;
            }
            if let Some(ms) = self.limits.movetime_ms {
                // The next iteration usually takes longer than all before it together.
                if self.elapsed_ms() >= ms / 2 {
                    break;
                }
            }
        }
        if lines.is_empty() {
            lines.push((moves[0], self.info(0, static_eval, &moves[..1], 1)));
        }
        let best_move = lines[0].0;
        let lines: Vec<SearchInfo> = lines
            .into_iter()
            .enumerate()
            .map(|(index, (_, mut info))| {
                info.multipv = index as u32 + 1;
                info.nodes = self.nodes;
                info.time_ms = self.elapsed_ms();
                info
            })
            .collect();
        Ok(SearchResult {
            best_move,
            info: lines[0].clone(),
            lines,
        })
    }

    /// One iteration of the line whose first move is chosen among `moves[first..]`, with a
    /// window around the last score that widens until the score is in it.
    fn aspirate(
        &mut self,
        root: &Position,
        moves: &mut MoveList,
        first: usize,
        depth: u32,
        previous: i32,
    ) -> (i32, Option<(Move, i32)>) {
        let mut delta = 40;
        let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        let mut found = None;
        loop {
            let (score, best) = self.root(root, moves, first, depth as i32, alpha, beta);
            if best.is_some() {
                found = best;
            }
            if self.stopped {
                return (score, found);
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return (score, found);
            }
            delta *= 2;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// The root of one iteration over `moves[first..]` (the moves before `first` are the
    /// lines already found), the best moved to `first`. Also returns the best move among those
    /// searched to the end that raised alpha. Only the search of the best line (`first` 0) is
    /// the root position's own, and goes into the table.
    fn root(
        &mut self,
        root: &Position,
        moves: &mut MoveList,
        first: usize,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<(Move, i32)>) {
        self.lines[0].clear();
        let mut best_score = -INFINITY;
        let mut best: Option<(usize, i32)> = None;
        self.hashes.push(root.hash());
        for index in first..moves.len() {
            let mv = moves[index];
            let child = root.play_unchecked(&mv);
            let score = if self.root_wins.contains(&mv) {
                // Nothing below it: its line is the move alone.
                self.lines[1].clear();
                MATE - 1
            } else if index == first {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1, true)
            } else {
                let mut score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, 1, true);
                }
                score
            };
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
            }
            if score > alpha {
                alpha = score;
                best = Some((index, score));
                self.update_line(0, mv);
                if score >= beta {
                    break;
                }
            }
        }
        self.hashes.pop();
        let found = best.map(|(index, score)| (moves[index], score));
        if let Some((index, _)) = best {
            // Best first; the others keep their order.
            let mv = moves.remove(index);
            moves.insert(first, mv);
        }
        if !self.stopped && first == 0 {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let best_move = found.map(|(mv, _)| mv);
            self.tt
                .store(root.hash(), depth, best_score, bound, best_move.as_ref(), 0);
        }
        (best_score, found)
    }

    /// The picker of `ply`, taken out of the pool (give it back when done).
    fn take_picker(&mut self, ply: usize) -> Box<Picker> {
        self.pickers
            .get_mut(ply)
            .and_then(Option::take)
            .unwrap_or_default()
    }

    fn give_back_picker(&mut self, ply: usize, picker: Box<Picker>) {
        if let Some(slot) = self.pickers.get_mut(ply) {
            *slot = Some(picker);
        }
    }

    /// The line below `ply` becomes `mv` followed by the line below `ply + 1`.
    fn update_line(&mut self, ply: usize, mv: Move) {
        let (upper, lower) = self.lines.split_at_mut(ply + 1);
        let line = &mut upper[ply];
        line.clear();
        line.push(mv);
        for &next in lower[0].iter() {
            if line.try_push(next).is_err() {
                break;
            }
        }
    }

    /// Whether `position` repeats one of the positions before it that it could be equal to:
    /// the same side to move, and no capture or removal since.
    fn is_repetition(&self, position: &Position) -> bool {
        let hash = position.hash();
        let count = self.hashes.len();
        let reach = (position.halfmove_clock() as usize).min(count);
        (2..=reach)
            .step_by(2)
            .any(|back| self.hashes[count - back] == hash)
    }

    /// Whether the side to move has pieces enough that passing is rarely its best move.
    fn can_pass(position: &Position) -> bool {
        let board = position.board();
        let ours = board.by_color(position.turn());
        let officers = ours & !board.by_role(Role::King) & !board.by_role(Role::Pawn);
        (officers & !position.frozen(position.turn())).count() >= 2
    }

    /// The same placement with the other side to move (a null move).
    fn pass(position: &Position) -> Option<Position> {
        Position::from_setup(Setup {
            board: position.board().clone(),
            turn: !position.turn(),
            halfmove_clock: position.halfmove_clock().saturating_add(1),
            fullmove_number: position.fullmove_number(),
            reading: position.reading(),
        })
        .ok()
    }

    #[allow(clippy::too_many_lines)]
    fn negamax(
        &mut self,
        position: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_pass: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.lines[ply].clear();

        // Draws and mate-distance bounds (never at the root: the root always has a move).
        // A repeated position had legal moves when it first stood, so it has them now.
        if self.is_repetition(position) {
            return DRAW;
        }
        if position.halfmove_clock() >= 100 || position.is_bare_kings() {
            // A side without a legal move has lost even when a draw condition holds.
            return if position.has_legal_move() {
                DRAW
            } else {
                self.no_move_score(position, ply)
            };
        }
        if self.goals.take_king {
            if let Some(score) = Searcher::king_decided(position, ply) {
                return score;
            }
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(position, self.params);
        }

        let in_check = self.king_threatened(position);
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(position, alpha, beta, ply, 0);
        }
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);

        let hit = self.tt.probe(position.hash(), ply);
        let tt_move = hit.and_then(|hit| hit.best);
        if let Some(hit) = hit {
            if !pv_node && hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return hit.score;
                }
            }
        }

        let static_eval = if in_check {
            -INFINITY
        } else {
            evaluate(position, self.params)
        };

        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Pruning on the evaluation is for sides with moves to spare: with few pieces that
            // can move, the opponent may be one move from taking the last of them (a blockade),
            // which neither reverse futility nor passing would show. And before pruning
            // returns, it asks whether the side has a move at all: without one it has lost,
            // however much material it has. (Where nothing is pruned, the moves are generated
            // and a side without one is seen below.)
            let movers = movers(position);
            let few_movers = movers.count() <= FEW_MOVERS;
            // Reverse futility: far above beta with little depth left, the opponent is lost.
            if !few_movers && depth <= 3 && static_eval - 110 * depth >= beta {
                return if is_blockaded(position, movers) {
                    self.no_move_score(position, ply)
                } else {
                    static_eval
                };
            }
            // Null move: if passing still holds beta, a real move will too.
            if allow_pass
                && depth >= 3
                && static_eval >= beta
                && !few_movers
                && Searcher::can_pass(position)
            {
                if is_blockaded(position, movers) {
                    return self.no_move_score(position, ply);
                }
                if let Some(passed) = Searcher::pass(position) {
                    let reduction = 3 + depth / 4;
                    self.hashes.push(position.hash());
                    let score = -self.negamax(
                        &passed,
                        depth - 1 - reduction,
                        -beta,
                        -beta + 1,
                        ply + 1,
                        false,
                    );
                    self.hashes.pop();
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        return if score > MATE_BOUND { beta } else { score };
                    }
                }
            }
        }

        let mut picker = self.take_picker(ply);
        picker.fill_all(position, self.params, self.ordering, tt_move, ply);
        let killers = self.ordering.killers(ply);
        let turn = position.turn();

        let mut best_score = -INFINITY;
        let mut best_move: Option<Move> = None;
        let mut legal = 0;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let original_alpha = alpha;
        let late_move_limit = 6 + 4 * depth * depth;
        // Late-move pruning and futility skip quiet moves, and against an opponent with few
        // pieces that can move a quiet move may be the one that takes the last of them away.
        let may_skip_quiets =
            !pv_node && !in_check && depth <= 3 && movers_of(position, !turn).count() > FEW_MOVERS;

        self.hashes.push(position.hash());
        while let Some(mv) = picker.pick() {
            let quiet = !mv.is_capture();
            let killer = killers.contains(&Some(mv));
            if legal > 0 && may_skip_quiets && quiet && !killer && best_score > -MATE_BOUND {
                // Late-move pruning and futility: quiet moves far down the list, or far below
                // alpha with little depth left, are not tried. Nor are the moves after it: the
                // picker hands them out best first, and the table's move, the captures and the
                // killers all score above any other quiet move, so every move left is another
                // quiet one, and `legal`, `best_score` and `alpha` only grow, so each would be
                // skipped in its turn (stopping here saves picking them).
                if depth <= 3 && legal >= late_move_limit {
                    break;
                }
                if depth <= 2 && static_eval + 150 * depth <= alpha {
                    break;
                }
            }
            if !position.is_legal_generated(&mv) {
                continue;
            }
            legal += 1;
            let child = position.play_unchecked(&mv);
            let new_depth = depth - 1;
            let score = if legal == 1 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let mut reduction = 0;
                if depth >= 3
                    && legal >= 4
                    && quiet
                    && !in_check
                    && !killer
                    && !self.king_threatened(&child)
                {
                    reduction = 1 + i32::from(legal >= 12) + i32::from(depth >= 8 && legal >= 24);
                    if pv_node {
                        reduction -= 1;
                    }
                    reduction = reduction.min(new_depth - 1).max(0);
                }
                let mut score = -self.negamax(
                    &child,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if score > alpha && reduction > 0 && !self.stopped {
                    score = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
                score
            };
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_line(ply, mv);
                    if score >= beta {
                        if quiet {
                            self.ordering.add_killer(ply, mv);
                            let bonus = depth * depth * 8;
                            self.ordering.update_history(turn, &mv, bonus);
                            for tried in &quiets_tried {
                                self.ordering.update_history(turn, tried, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet {
                let _ = quiets_tried.try_push(mv);
            }
        }
        self.hashes.pop();
        self.give_back_picker(ply, picker);
        if self.stopped {
            return 0;
        }

        if legal == 0 {
            // No legal move loses, in check or not (a stalemate draws in some readings).
            return self.no_move_score(position, ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            position.hash(),
            depth,
            best_score,
            bound,
            best_move.as_ref(),
            ply,
        );
        best_score
    }

    /// Captures only, until the position is quiet; in check, every move (a few plies deep).
    fn quiescence(
        &mut self,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.lines[ply].clear();
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if position.is_bare_kings() {
            return if position.has_legal_move() {
                DRAW
            } else {
                self.no_move_score(position, ply)
            };
        }
        if self.goals.take_king {
            if let Some(score) = Searcher::king_decided(position, ply) {
                return score;
            }
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(position, self.params);
        }
        let in_check = qply < QUIESCENCE_CHECK_PLIES && self.king_threatened(position);
        let mut best_score;
        let stand_pat;
        let mut picker = self.take_picker(ply);
        if in_check {
            stand_pat = -INFINITY;
            best_score = -INFINITY;
            picker.fill_all(position, self.params, self.ordering, None, ply);
        } else {
            stand_pat = evaluate(position, self.params);
            if stand_pat >= beta {
                self.give_back_picker(ply, picker);
                // Standing pat says the side to move may keep what it has; without a legal
                // move it has lost instead.
                return if is_blockaded(position, movers(position)) {
                    self.no_move_score(position, ply)
                } else {
                    stand_pat
                };
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            picker.fill_captures(position, self.params);
        }

        let mut legal = 0;
        while let Some(mv) = picker.pick() {
            if !in_check {
                // Delta pruning: even winning what it takes with room to spare is not enough.
                let gain = captured_value(position, self.params, &mv);
                if stand_pat + gain + 200 <= alpha {
                    continue;
                }
            }
            if !position.is_legal_generated(&mv) {
                continue;
            }
            legal += 1;
            let child = position.play_unchecked(&mv);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    self.update_line(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.give_back_picker(ply, picker);
        if self.stopped {
            return 0;
        }
        if legal == 0 && (in_check || is_blockaded(position, movers(position))) {
            // No capture was legal (or none was tried): standing pat needs a move too.
            return self.no_move_score(position, ply);
        }
        best_score
    }

    /// Each of `moves` scored to `depth` above `floor` (see `Engine::score_moves`).
    pub fn score_moves(
        &mut self,
        root: &Position,
        moves: &[Move],
        depth: u32,
        floor: i32,
    ) -> Vec<(Move, i32)> {
        let depth = depth.clamp(1, MAX_DEPTH) as i32;
        self.goals = Goals::of(root);
        self.hashes.push(root.hash());
        let mut scored = Vec::with_capacity(moves.len());
        for mv in moves {
            let child = root.play_unchecked(mv);
            let score = if child.has_legal_move() {
                -self.negamax(&child, depth - 1, -INFINITY, -floor, 1, true)
            } else {
                -self.no_move_score(&child, 1)
            };
            if self.stopped {
                break;
            }
            scored.push((*mv, score));
        }
        self.hashes.pop();
        scored
    }
}
