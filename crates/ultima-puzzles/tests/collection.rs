//! The shipped collection: every line reads, replays legally, ends with the solver's move and
//! carries the themes its solution gives; positions and ids are unique; loading is fast.

use std::collections::HashSet;
use std::time::Instant;

use ultima_puzzles::themes::tag;
use ultima_puzzles::{collection, Puzzle};
use ultima_rules::Move;

#[test]
fn the_shipped_collection_replays() {
    let started = Instant::now();
    let puzzles = collection().expect("the collection reads");
    let load = started.elapsed();
    // The app's budget is 50 ms in a release build; a debug build is slower, so the test only
    // catches a gross regression.
    assert!(load.as_millis() < 500, "loading took {load:?}");
    let mut positions = HashSet::new();
    let mut ids = HashSet::new();
    for puzzle in &puzzles {
        check(puzzle);
        assert!(
            positions.insert(puzzle.ufen.clone()),
            "{}: position repeated",
            puzzle.id
        );
        assert!(ids.insert(puzzle.id.clone()), "{}: id repeated", puzzle.id);
    }
}

fn check(puzzle: &Puzzle) {
    let id = &puzzle.id;
    let positions = puzzle.replay().unwrap_or_else(|e| panic!("{e}"));
    let count = puzzle.solver_move_count();
    assert!(
        (1..=ultima_puzzles::judge::LONGEST_LINE).contains(&count),
        "{id}: {count} solver moves"
    );
    // The mistake is the opponent's; the last move is the solver's.
    let solver = positions[1].turn();
    assert_ne!(positions[0].turn(), solver, "{id}");
    assert_eq!(
        positions[positions.len() - 2].turn(),
        solver,
        "{id}: ends on the opponent"
    );
    let solution: Vec<Move> = puzzle
        .moves
        .iter()
        .zip(&positions)
        .skip(1)
        .map(|(text, position)| position.parse_coordinates(text).expect("replayed"))
        .collect();
    let mut themes = puzzle.themes.clone();
    themes.sort();
    assert_eq!(themes, tag(&positions[1], &solution), "{id}: themes");
    assert!(puzzle.rating > 0 && puzzle.rating_deviation > 0, "{id}");
}
