//! Blockades: in Ultima the side to move that has no legal move loses, in check or not. The
//! search must see such a win as surely as a mate, whatever the material: a blockaded side far
//! ahead in material looks winning to the evaluation, and pruning that trusts the evaluation
//! before any move is generated (reverse futility, the null move, quiescence standing pat)
//! used to miss it.

mod common;

use common::{
    flipped_move, flipped_ufen, forces_win, position, wins_in_one, wins_within, BLOCKADES_IN_ONE,
    BLOCKADES_IN_TWO,
};
use ultima_bot::{Engine, EvalParams, Limits, NoClock, Score, SearchResult};
use ultima_rules::Position;

fn search(position: &Position, limits: Limits) -> SearchResult {
    Engine::with_hash_mb(4)
        .search(position, &[], &limits, &NoClock, &mut |_| {})
        .expect("the position has legal moves")
}

/// Each blockade in one as given and turned half round, with its winning moves.
fn blockades_in_one() -> Vec<(String, Vec<String>)> {
    BLOCKADES_IN_ONE
        .iter()
        .flat_map(|(ufen, wins)| {
            let wins: Vec<String> = wins.iter().map(|mv| mv.to_string()).collect();
            let mut flipped: Vec<String> = wins.iter().map(|mv| flipped_move(mv)).collect();
            flipped.sort();
            [(ufen.to_string(), wins), (flipped_ufen(ufen), flipped)]
        })
        .collect()
}

fn blockades_in_two() -> Vec<String> {
    BLOCKADES_IN_TWO
        .iter()
        .flat_map(|ufen| [ufen.to_string(), flipped_ufen(ufen)])
        .collect()
}

/// The material balance for the side to move, in centipawns.
fn material(position: &Position) -> i32 {
    let params = EvalParams::default();
    let board = position.board();
    let us = position.turn();
    board
        .occupied()
        .into_iter()
        .filter_map(|square| board.piece_at(square))
        .map(|piece| {
            let value = params.value(piece.role);
            if piece.color == us {
                value
            } else {
                -value
            }
        })
        .sum()
}

#[test]
fn the_positions_are_what_they_claim() {
    for (ufen, wins) in blockades_in_one() {
        let position = position(&ufen);
        assert_eq!(wins_in_one(&position), wins, "{ufen}");
        for win in &wins {
            let after = position.play_unchecked(&position.parse_move(win).unwrap());
            // A blockade, not a mate: the loser is not in check.
            assert!(!after.is_check(), "{ufen}: {win} gives check");
        }
    }
    for ufen in blockades_in_two() {
        let position = position(&ufen);
        assert!(wins_within(&position, 2), "{ufen} is a blockade in two");
        assert!(!wins_within(&position, 1), "{ufen} is not a win in one");
    }
    // Both far ahead and far behind in material, with kings and without.
    let sides: Vec<(i32, bool)> = BLOCKADES_IN_ONE
        .iter()
        .map(|(ufen, _)| ufen)
        .chain(BLOCKADES_IN_TWO.iter())
        .map(|ufen| {
            let position = position(ufen);
            let loser = !position.turn();
            (
                -material(&position),
                position.board().king_of(loser).is_some(),
            )
        })
        .collect();
    for kings in [true, false] {
        assert!(
            sides.iter().any(|&(ahead, k)| k == kings && ahead >= 800),
            "a blockaded side far ahead, kings {kings}: {sides:?}"
        );
        assert!(
            sides.iter().any(|&(ahead, k)| k == kings && ahead <= -800),
            "a blockaded side far behind, kings {kings}: {sides:?}"
        );
    }
    // The first blockade is the only win among many captures.
    let (ufen, wins) = BLOCKADES_IN_ONE[0];
    let first = position(ufen);
    let captures = first
        .legal_moves()
        .iter()
        .filter(|mv| mv.is_capture())
        .count();
    assert!(captures >= 8 && wins.len() == 1, "{captures} captures");
}

#[test]
fn a_blockade_in_one_is_seen_at_every_depth() {
    for (ufen, wins) in blockades_in_one() {
        let position = position(&ufen);
        for depth in 1..=8 {
            let result = search(&position, Limits::depth(depth));
            assert!(
                wins.contains(&result.best_move.coordinates()),
                "{ufen} depth {depth}: {} does not win",
                result.best_move
            );
            assert_eq!(result.info.score, Score::Mate(1), "{ufen} depth {depth}");
        }
        // And by a search that is stopped before it starts.
        let stopped = Limits::infinite().with_stop(std::sync::Arc::new(true.into()));
        let result = search(&position, stopped);
        assert!(wins.contains(&result.best_move.coordinates()), "{ufen}");
    }
}

#[test]
fn a_blockade_in_two_scores_as_a_mate_in_two() {
    // From depth 3, the least that reaches the blockaded position, where the side to blockade
    // is far behind and its quiet moves would be pruned as hopeless.
    for ufen in blockades_in_two() {
        let position = position(&ufen);
        for depth in 3..=7 {
            let result = search(&position, Limits::depth(depth));
            assert!(
                forces_win(&position, &result.best_move, 2),
                "{ufen} depth {depth}: {} does not win in two",
                result.best_move
            );
            assert_eq!(result.info.score, Score::Mate(2), "{ufen} depth {depth}");
        }
    }
}

#[test]
fn the_side_about_to_be_blockaded_sees_it_coming() {
    // After a winning first move of a blockade in two, every reply loses in one: the search
    // must find that below its root, where the pruning is. (A side with one legal move is
    // answered at once, without a search: those are left out.)
    let mut seen = 0;
    for ufen in blockades_in_two() {
        let position = position(&ufen);
        for first in position.legal_moves() {
            let after = position.play_unchecked(&first);
            if after.legal_moves().len() < 2 || !forces_win(&position, &first, 2) {
                continue;
            }
            for depth in 2..=4 {
                let result = search(&after, Limits::depth(depth));
                assert_eq!(
                    result.info.score,
                    Score::Mate(-1),
                    "{ufen} after {first}, depth {depth}"
                );
            }
            seen += 1;
        }
    }
    assert!(seen >= 8, "{seen} positions");
}

#[test]
fn a_node_limit_too_small_for_a_search_still_finds_the_blockade() {
    for (ufen, wins) in blockades_in_one() {
        let position = position(&ufen);
        let result = search(&position, Limits::nodes(1));
        assert!(wins.contains(&result.best_move.coordinates()), "{ufen}");
    }
}
