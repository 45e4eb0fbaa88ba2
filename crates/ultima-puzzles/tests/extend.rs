//! Longer lines for puzzles already found (`ultima puzzles extend`), on shipped puzzles whose
//! lines the generator stopped at their first gain.

use ultima_puzzles::extend::{extend, extended_id};
use ultima_puzzles::judge::{Judge, LONGEST_LINE};
use ultima_puzzles::themes::tag;
use ultima_puzzles::verify::verify;
use ultima_puzzles::{parse_file, Puzzle, Theme};

/// The generator's node limit (the extension searches at it), and the verifier's.
const GENERATOR_NODES: u64 = 100_000;
const VERIFIER_NODES: u64 = 400_000;

/// Shipped puzzles and the lines `extend` finds for them: b4ac79e4's three solver moves win a
/// piece and go on to a mate in three more (six solver moves); 83fe566b's chameleon leap wins
/// a piece, and three only moves mate (four solver moves).
const SHIPPED: &str = "\
b4ac79e4;c2wk1l1/p1p5/P3p1p1/I6p/3x1p2/8/P1PKWP1P/il3XL1 w 0 18;a5g5 b1d3 d2d1 d3b1 f1e1 a8h1;1626;107;long-leap,coordinator,middlegame
83fe566b;c7/p1k3pp/6l1/2p3wp/3p4/I3i3/3XP3/1LxK4 w 2 34;d1e1 c1a1;733;107;chameleon-leap,middlegame
";
const LONGER: [&str; 2] = [
    "a5g5 b1d3 d2d1 d3b1 f1e1 a8h1 e2e1 d4d2 d1d2 d8d3 d2d1 d3c2",
    "d1e1 c1a1 a3a4 a1a3 e1f1 g5g2 f1e1 g6b1",
];

/// A mate in one (the line ends with a win), a defensive puzzle, and a gain after which the
/// solver has more than one good move: none gets longer.
const UNCHANGED: &str = "\
6a1399f8;1lx2kl1/8/3p3c/8/4ip2/pP1I4/5Pw1/6K1 w 1 44;g1h2 c8h3;900;350;mate-in-1,middlegame
7c43966d;c3k3/3xp3/p7/Ppp4p/1I1Px1p1/2P4i/1PKL3C/2X2WlP w 0 33;f1e1 h3d3;1241;350;immobilization,defence,middlegame
4b8dee28;clxwk1Xi/1p1p1p1p/X1pxI3/p1P1P3/P7/8/1P4PP/1L1KW1LC w 5 13;e1b4 b7a7;1300;107;pinch,middlegame
";

/// The judge `ultima puzzles extend` searches with: the generator's nodes, lines of up to six
/// solver moves.
fn judge() -> Judge {
    Judge::new(GENERATOR_NODES).with_max_solver_moves(LONGEST_LINE)
}

fn read(text: &str) -> Vec<Puzzle> {
    parse_file(text).expect("the fixtures read")
}

#[test]
fn a_line_goes_on_while_the_solver_has_only_moves() {
    let mut judge = judge();
    let mut verifier = Judge::new(VERIFIER_NODES);
    for (puzzle, expected) in read(SHIPPED).iter().zip(LONGER) {
        let longer = extend(puzzle, &mut judge)
            .expect("replays")
            .unwrap_or_else(|| panic!("{} gets longer", puzzle.id));
        assert_eq!(longer.moves.join(" "), expected, "{}", puzzle.id);
        // The same position and mistake, a new id over the whole line.
        assert_eq!(longer.ufen, puzzle.ufen);
        assert_eq!(longer.moves[..puzzle.moves.len()], puzzle.moves[..]);
        assert_eq!(longer.id, extended_id(&longer));
        assert_ne!(longer.id, puzzle.id);
        // Its themes are the longer solution's, and the verifier passes it.
        let positions = longer.replay().expect("the longer line replays");
        let solution: Vec<_> = longer.moves[1..]
            .iter()
            .zip(&positions[1..])
            .map(|(text, position)| position.parse_coordinates(text).expect("legal"))
            .collect();
        let mut themes = longer.themes.clone();
        themes.sort();
        assert_eq!(tag(&positions[1], &solution), themes);
        assert_eq!(verify(&longer, &mut verifier), Ok(()), "{}", longer.id);
    }
}

#[test]
fn a_mate_from_a_gain_is_played_to_the_end() {
    let puzzles = read(SHIPPED);
    let longer = extend(&puzzles[0], &mut judge())
        .expect("replays")
        .expect("longer");
    assert_eq!(longer.solver_move_count(), 6);
    assert!(longer.has_theme(Theme::MateIn3Plus), "{:?}", longer.themes);
    let last = longer.replay().expect("replays");
    assert!(!last[last.len() - 1].has_legal_move());
}

#[test]
fn wins_defences_and_open_positions_stay_as_they_are() {
    let mut judge = judge();
    for puzzle in read(UNCHANGED) {
        assert_eq!(extend(&puzzle, &mut judge), Ok(None), "{}", puzzle.id);
    }
}

#[test]
fn extending_twice_finds_nothing_more() {
    let mut judge = judge();
    let puzzles = read(SHIPPED);
    let once = extend(&puzzles[1], &mut judge)
        .expect("replays")
        .expect("longer");
    assert_eq!(extend(&once, &mut judge), Ok(None));
}
