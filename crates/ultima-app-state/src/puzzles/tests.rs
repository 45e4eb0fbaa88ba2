//! The trainer's views of the shipped collection (the trainer's commands are tested through
//! the app's state, in `src-tauri`, and the browser's, in `ultima-wasm`).

use super::stored::StoredRating;

#[test]
fn every_puzzle_of_the_shipped_collection_opens_as_the_trainer_shows_it() {
    let puzzles = ultima_puzzles::collection().expect("the collection reads");
    let rating = StoredRating::default();
    for puzzle in &puzzles {
        let run = super::new_run(puzzle, &Default::default(), 0.0);
        let view = super::wire::puzzle_view(puzzle, &run, &rating)
            .unwrap_or_else(|| panic!("{} does not play", puzzle.id));
        assert_eq!(view.mistake.to, puzzle.moves[0][2..], "{}", puzzle.id);
        assert!(!view.legal_moves.is_empty(), "{}", puzzle.id);
        assert!(view.rated && view.plies.is_empty(), "{}", puzzle.id);
    }
}
