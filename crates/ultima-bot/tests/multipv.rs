//! Multi-PV: the best N lines, each with its exact score. One line is the search as it has
//! always been.

mod common;

use common::{forces_win, position, random_positions};
use ultima_bot::{evaluate, Engine, EvalParams, Limits, NoClock, Score, SearchInfo, SearchResult};
use ultima_rules::{Move, Position};

fn search(position: &Position, limits: Limits) -> SearchResult {
    Engine::with_hash_mb(4)
        .search(position, &[], &limits, &NoClock, &mut |_| {})
        .expect("the position has legal moves")
}

fn first_move(line: &SearchInfo) -> Move {
    *line.pv.first().expect("every line has a move")
}

/// The lines' first moves are distinct legal moves, their scores go down, the best is the
/// search's move, each is numbered, and each line can be played.
fn assert_well_formed(position: &Position, result: &SearchResult, wanted: usize) {
    let legal = position.legal_moves();
    let lines = &result.lines;
    assert_eq!(lines.len(), wanted.min(legal.len()), "{}", position.ufen());
    assert_eq!(lines[0], result.info);
    assert_eq!(first_move(&lines[0]), result.best_move);
    for (index, line) in lines.iter().enumerate() {
        assert_eq!(line.multipv as usize, index + 1);
        let mut current = position.clone();
        for mv in &line.pv {
            assert!(
                current.legal_moves().contains(mv),
                "{}: {mv}",
                current.ufen()
            );
            current = current.play_unchecked(mv);
        }
        for other in &lines[..index] {
            assert_ne!(first_move(other), first_move(line), "{}", position.ufen());
        }
    }
    for pair in lines.windows(2) {
        assert!(
            pair[0].raw_score >= pair[1].raw_score,
            "{}: {:?}",
            position.ufen(),
            lines.iter().map(|l| l.score).collect::<Vec<_>>()
        );
    }
}

#[test]
fn one_line_is_the_search_as_it_was() {
    let mut positions: Vec<Position> = random_positions(17, 6)
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    positions.push(Position::start());
    for position in positions {
        for limits in [Limits::depth(6), Limits::nodes(20_000)] {
            let plain = search(&position, limits.clone());
            let one = search(&position, limits.clone().with_multipv(1));
            assert_eq!(plain, one, "{}", position.ufen());
            assert_eq!(plain.lines, vec![plain.info.clone()]);
        }
    }
}

#[test]
fn the_lines_are_the_best_moves_in_order() {
    for (_, position) in random_positions(23, 8) {
        for wanted in [2, 3, 5] {
            let result = search(&position, Limits::depth(4).with_multipv(wanted));
            assert_well_formed(&position, &result, wanted);
            assert!(result.lines.iter().all(|line| line.depth == 4));
        }
    }
}

#[test]
fn more_lines_than_moves_gives_every_move() {
    // The lone king h8 and a white king and immobilizer: every White move is a line.
    let position = position("7k/8/8/8/8/8/8/I1K5 w 0 1");
    let legal = position.legal_moves();
    let result = search(&position, Limits::depth(3).with_multipv(200));
    assert_well_formed(&position, &result, 200);
    assert_eq!(result.lines.len(), legal.len());
}

#[test]
fn every_line_has_its_exact_score() {
    // White's immobilizer a1 mates the lone king h8 at once with a1g7, and in two by many other
    // moves. Every line is scored exactly: mate in one for a1g7 only, mate in two for exactly
    // the moves that force it (brute force), and not a bound such as "no better than mate in
    // one" for the rest.
    let position = position("7k/8/8/8/8/8/8/I1K5 w 0 1");
    let legal = position.legal_moves();
    let result = search(&position, Limits::depth(5).with_multipv(legal.len()));
    assert_well_formed(&position, &result, legal.len());
    let mut mates_in_two = 0;
    for line in &result.lines {
        let mv = first_move(line);
        let expected = if forces_win(&position, &mv, 1) {
            Some(Score::Mate(1))
        } else if forces_win(&position, &mv, 2) {
            mates_in_two += 1;
            Some(Score::Mate(2))
        } else {
            None
        };
        match expected {
            Some(score) => assert_eq!(line.score, score, "{mv}"),
            None => assert!(
                !matches!(line.score, Score::Mate(moves) if moves <= 2),
                "{mv}: {}",
                line.score
            ),
        }
    }
    assert!(mates_in_two >= 3, "{mates_in_two} mates in two");
    assert_eq!(result.lines[0].score, Score::Mate(1));
    assert_eq!(result.lines[1].score, Score::Mate(2));
}

#[test]
fn at_depth_one_each_line_scores_its_own_quiet_position() {
    // White king and immobilizer against a lone king far away: nothing can take anything and
    // nothing gives check, so a line of depth one is worth the evaluation of the position after
    // its move, exactly, whatever the other lines; or a mate in one where the immobilizer
    // freezes the king.
    let position = position("k7/8/8/8/8/8/8/4K1I1 w 0 1");
    let legal = position.legal_moves();
    let result = search(&position, Limits::depth(1).with_multipv(legal.len()));
    assert_well_formed(&position, &result, legal.len());
    let params = EvalParams::default();
    let mut mates = 0;
    for line in &result.lines {
        let after = position.play_unchecked(&first_move(line));
        assert!(!after.is_check());
        assert!(after.legal_moves().iter().all(|reply| !reply.is_capture()));
        if after.has_legal_move() {
            assert_eq!(line.raw_score, -evaluate(&after, &params), "{}", line.pv[0]);
        } else {
            assert_eq!(line.score, Score::Mate(1), "{}", line.pv[0]);
            mates += 1;
        }
    }
    assert!(mates >= 1 && mates < legal.len());
}

#[test]
fn each_iteration_reports_its_lines_in_order() {
    let mut heard: Vec<(u32, u32)> = Vec::new();
    let result = Engine::with_hash_mb(4)
        .search(
            &Position::start(),
            &[],
            &Limits::depth(3).with_multipv(3),
            &NoClock,
            &mut |info| heard.push((info.depth, info.multipv)),
        )
        .unwrap();
    let expected: Vec<(u32, u32)> = (1..=3)
        .flat_map(|depth| (1..=3).map(move |line| (depth, line)))
        .collect();
    assert_eq!(heard, expected);
    assert_well_formed(&Position::start(), &result, 3);
}

#[test]
fn a_search_stopped_part_way_keeps_whole_lines() {
    for (_, position) in random_positions(5, 6) {
        for nodes in [1, 300, 3_000, 30_000] {
            let result = search(&position, Limits::nodes(nodes).with_multipv(4));
            let legal = position.legal_moves();
            // At least the best line; never a move twice; every line playable and numbered.
            assert!(!result.lines.is_empty() && result.lines.len() <= 4);
            assert!(legal.contains(&result.best_move));
            assert_eq!(first_move(&result.lines[0]), result.best_move);
            for (index, line) in result.lines.iter().enumerate() {
                assert_eq!(line.multipv as usize, index + 1);
                assert!(legal.contains(&first_move(line)));
                for other in &result.lines[..index] {
                    assert_ne!(first_move(other), first_move(line));
                }
            }
        }
    }
}
