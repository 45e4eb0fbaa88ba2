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

#[test]
fn the_theme_choice_offers_the_themes_the_collection_has_with_their_counts() {
    let puzzles = ultima_puzzles::collection().expect("the collection reads");
    let counts = super::wire::theme_counts(&puzzles);
    // In the order of Theme::ALL, none without a puzzle, each counted.
    let order: Vec<String> = ultima_puzzles::Theme::ALL
        .iter()
        .map(ToString::to_string)
        .filter(|name| counts.iter().any(|c| &c.theme == name))
        .collect();
    assert_eq!(
        counts.iter().map(|c| c.theme.clone()).collect::<Vec<_>>(),
        order
    );
    for count in &counts {
        let carried = puzzles
            .iter()
            .filter(|p| p.themes.iter().any(|t| t.to_string() == count.theme))
            .count();
        assert!(count.puzzles > 0);
        assert_eq!(count.puzzles as usize, carried, "{}", count.theme);
    }
    // A theme no shipped puzzle carries is not offered.
    let absent: Vec<String> = ultima_puzzles::Theme::ALL
        .iter()
        .filter(|theme| !puzzles.iter().any(|p| p.themes.contains(theme)))
        .map(ToString::to_string)
        .collect();
    assert!(absent
        .iter()
        .all(|name| counts.iter().all(|c| &c.theme != name)));
    assert!(super::wire::theme_counts(&[]).is_empty());
}
