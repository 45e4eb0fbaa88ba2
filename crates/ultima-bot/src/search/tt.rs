//! The transposition table: what earlier searches learnt about a position, keyed by
//! [`Position::hash`](ultima_rules::Position::hash) (placement and side to move).

use ultima_rules::{Move, Square};

use super::{MATE_BOUND, MAX_PLY};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bound {
    #[default]
    None,
    /// The true score is at most this (no move reached alpha).
    Upper,
    /// The true score is at least this (a move reached beta).
    Lower,
    Exact,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// From and to of the best move, `from << 6 | to`, plus 1 << 12 when there is one.
    best: u16,
    score: i16,
    depth: i8,
    bound: Bound,
    generation: u8,
}

/// A found entry.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub best: Option<(Square, Square)>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
}

const HAS_MOVE: u16 = 1 << 12;

impl TranspositionTable {
    /// A table of about `megabytes` (at least one thousand entries; a power of two).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let wanted = megabytes.saturating_mul(1 << 20) / std::mem::size_of::<Entry>();
        let count = wanted
            .max(1024)
            .checked_next_power_of_two()
            .unwrap_or(1 << 20);
        let count = if count > wanted.max(1024) {
            count / 2
        } else {
            count
        };
        TranspositionTable {
            entries: vec![Entry::default(); count.max(1024)],
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Marks the entries of earlier searches as older, so new ones replace them first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // The length is a power of two: the low bits of the key pick the slot.
        (key as usize) & (self.entries.len() - 1)
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let entry = self.entries[self.index(key)];
        if entry.key != key || entry.bound == Bound::None {
            return None;
        }
        let best = (entry.best & HAS_MOVE != 0).then(|| {
            let from = Square::from_index(((entry.best >> 6) & 63) as u8);
            let to = Square::from_index((entry.best & 63) as u8);
            (from, to)
        });
        let best = match best {
            Some((Some(from), Some(to))) => Some((from, to)),
            _ => None,
        };
        Some(Hit {
            best,
            score: from_table(i32::from(entry.score), ply),
            depth: i32::from(entry.depth),
            bound: entry.bound,
        })
    }

    pub fn store(
        &mut self,
        key: u64,
        depth: i32,
        score: i32,
        bound: Bound,
        best: Option<&Move>,
        ply: usize,
    ) {
        let index = self.index(key);
        let old = self.entries[index];
        // Keep a deeper entry of the current search for another position.
        if old.key != key && old.generation == self.generation && i32::from(old.depth) > depth + 2 {
            return;
        }
        let best = match best {
            Some(mv) => HAS_MOVE | u16::from(mv.from.index()) << 6 | u16::from(mv.to.index()),
            // Keep the old move of the same position rather than forget it.
            None if old.key == key => old.best,
            None => 0,
        };
        self.entries[index] = Entry {
            key,
            best,
            score: to_table(score, ply).clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(-1, MAX_PLY as i32) as i8,
            bound,
            generation: self.generation,
        };
    }
}

/// Mate scores count plies from the root; the table stores them counted from the position.
fn to_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;
    use ultima_rules::{Bitboard, Role};

    #[test]
    fn stores_and_finds() {
        let mut table = TranspositionTable::new(1);
        let mv = Move {
            from: "e2".parse().unwrap(),
            to: "e6".parse().unwrap(),
            role: Role::Pawn,
            captures: Bitboard::EMPTY,
        };
        table.store(12345, 4, 37, Bound::Exact, Some(&mv), 3);
        let hit = table.probe(12345, 3).unwrap();
        assert_eq!(hit.best, Some((mv.from, mv.to)));
        assert_eq!((hit.score, hit.depth, hit.bound), (37, 4, Bound::Exact));
        assert!(table.probe(54321, 0).is_none());
    }

    #[test]
    fn mate_scores_move_with_the_ply() {
        let mut table = TranspositionTable::new(1);
        // Mate in 5 plies from the root, found at ply 3: 2 plies from the stored position.
        table.store(99, 2, MATE - 5, Bound::Exact, None, 3);
        assert_eq!(table.probe(99, 3).unwrap().score, MATE - 5);
        // Reached again at ply 1, it is mate in 3 plies from the root.
        assert_eq!(table.probe(99, 1).unwrap().score, MATE - 3);
    }

    #[test]
    fn sizes_are_powers_of_two() {
        for mb in [0, 1, 3, 16] {
            let table = TranspositionTable::new(mb);
            assert!(table.entries.len().is_power_of_two());
            assert!(table.entries.len() * 16 <= (mb.max(1) << 20));
        }
    }
}
