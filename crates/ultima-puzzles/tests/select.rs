//! The selection: repeats and tails go, no theme of the solution over its share, the same
//! input gives the same set.

use ultima_puzzles::select::{select, PHASES};
use ultima_puzzles::{collection, Puzzle, Theme};

fn shipped() -> Vec<Puzzle> {
    collection().expect("the shipped collection reads")
}

/// The puzzle that starts one solver move later on `puzzle`'s line: its position is the one
/// after the solver's first move, its mistake the opponent's reply.
fn tail(puzzle: &Puzzle) -> Puzzle {
    let positions = puzzle.replay().expect("replays");
    Puzzle {
        id: format!("{}t", puzzle.id),
        ufen: positions[2].ufen(),
        moves: puzzle.moves[2..].to_vec(),
        ..puzzle.clone()
    }
}

#[test]
fn a_repeated_position_and_a_line_s_tail_are_dropped() {
    let long = shipped()
        .into_iter()
        .find(|p| p.solver_move_count() >= 2)
        .expect("a puzzle of two solver moves or more");
    let mut again = long.clone();
    again.id = format!("{}r", long.id);
    let tail = tail(&long);
    tail.replay().expect("the tail replays");

    let selection = select(vec![tail.clone(), again, long.clone()], 1.0).expect("selects");
    assert_eq!(selection.kept, vec![long]);
    assert_eq!(selection.same_position, 2);
}

#[test]
fn no_theme_of_the_solution_is_over_a_third_and_mates_in_one_over_a_quarter() {
    let puzzles = shipped();
    let total_before = puzzles.len();
    let selection = select(puzzles.clone(), 1.0 / 3.0).expect("selects");
    let kept = &selection.kept;
    assert!(!kept.is_empty());
    assert_eq!(
        total_before,
        kept.len()
            + selection.same_position
            + selection.same_idea
            + selection.capped.iter().map(|(_, n)| n).sum::<usize>()
    );
    for theme in Theme::ALL.into_iter().filter(|t| !PHASES.contains(t)) {
        let count = kept.iter().filter(|p| p.has_theme(theme)).count();
        assert!(
            3 * count <= kept.len(),
            "{theme}: {count} of {}",
            kept.len()
        );
        if theme == Theme::MateIn1 {
            assert!(4 * count <= kept.len(), "{count} of {}", kept.len());
        }
    }
    // Every kept puzzle is one of the input, and ids do not repeat.
    for puzzle in kept {
        assert!(puzzles.contains(puzzle));
    }
    let mut ids: Vec<&str> = kept.iter().map(|p| p.id.as_str()).collect();
    ids.dedup();
    assert_eq!(ids.len(), kept.len());
    // The same input in another order: the same set.
    let mut reversed = puzzles;
    reversed.reverse();
    assert_eq!(select(reversed, 1.0 / 3.0).expect("selects").kept, *kept);
}

#[test]
fn a_puzzle_that_does_not_replay_is_refused() {
    let mut broken = shipped().remove(0);
    broken.moves[0] = "a1a1".to_string();
    assert!(select(vec![broken], 1.0).is_err());
}
