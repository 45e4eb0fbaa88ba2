//! Defensive puzzles on positions the generator found (`ultima puzzles generate --method defence
//! --games 30 --seed 4001`): the rule finds the one quiet move that holds, the tag says so, the
//! verifier passes it at 400,000 nodes and refuses another quiet move that does not hold.

use ultima_puzzles::generate::{run, Method, Resume, Settings, Sink};
use ultima_puzzles::judge::{Ending, Judge};
use ultima_puzzles::themes::tag;
use ultima_puzzles::verify::{verify, Failure};
use ultima_puzzles::{parse_file, Puzzle, Theme};

/// Found in game 2 of seed 4001 (Black's immobilizer h3-d3 is the only move that keeps the
/// balance: after any other quiet move White is about 2.3 pawns up), and in game 10 (White's
/// pawn h2-h4, the others leave Black about 2 pawns up).
const FOUND: &str = "\
7c43966d;c3k3/3xp3/p7/Ppp4p/1I1Px1p1/2P4i/1PKL3C/2X2WlP w 0 33;f1e1 h3d3;1241;350;immobilization,defence,middlegame
86479c5f;clx1kxl1/pppp3p/4ppp1/8/2PP2w1/W5i1/PPXPKPPP/IL3XLC b 19 10;g3e3 h2h4;1235;350;defence,middlegame
";

fn found() -> Vec<Puzzle> {
    parse_file(FOUND).expect("the fixtures read")
}

/// The generator's node limit, and the verifier's.
const GENERATOR_NODES: u64 = 100_000;
const VERIFIER_NODES: u64 = 400_000;

#[test]
fn the_defence_judge_finds_the_hold_and_the_tag_says_defence() {
    for puzzle in found() {
        let positions = puzzle.replay().expect("replays");
        let start = &positions[1];
        let line = Judge::new(GENERATOR_NODES)
            .with_defence()
            .find_line(start, None)
            .expect("a defensive puzzle");
        assert_eq!(line.ending, Ending::Hold, "{}", puzzle.id);
        let moves: Vec<String> = line.moves.iter().map(|mv| mv.coordinates()).collect();
        assert_eq!(moves, puzzle.moves[1..], "{}", puzzle.id);
        assert!(!line.moves[0].is_capture());
        let mut themes = puzzle.themes.clone();
        themes.sort();
        let tagged = tag(start, &line.moves);
        assert_eq!(tagged, themes, "{}", puzzle.id);
        assert!(tagged.contains(&Theme::Defence));
        // Without defence the judge finds no puzzle there: the standard and hard methods see
        // what they saw before.
        assert_eq!(Judge::new(GENERATOR_NODES).find_line(start, None), None);
    }
}

#[test]
fn defensive_puzzles_pass_verification() {
    let mut judge = Judge::new(VERIFIER_NODES);
    for puzzle in found() {
        assert_eq!(verify(&puzzle, &mut judge), Ok(()), "{}", puzzle.id);
    }
}

#[test]
fn another_quiet_move_does_not_hold() {
    let mut judge = Judge::new(VERIFIER_NODES);
    // Each solution replaced by another quiet move of the solver.
    let changed = FOUND
        .replace("f1e1 h3d3;", "f1e1 e4f4;")
        .replace("g3e3 h2h4;", "g3e3 h2h6;");
    for puzzle in parse_file(&changed).expect("reads") {
        let failure = verify(&puzzle, &mut judge).expect_err("fails");
        assert!(
            matches!(&failure, Failure::NotHeld { chance, .. } if *chance > 0.2),
            "{failure}"
        );
        assert!(failure.to_string().contains("does not hold"), "{failure}");
    }
}

#[test]
fn a_defensive_puzzle_is_one_quiet_move() {
    // Shipped puzzles tagged defence by hand: two solver moves, or a capture. Refused before
    // any search.
    let mut judge = Judge::new(1_000);
    let two_moves = "2419da4d;p3k3/4pix1/1CX3p1/2P3p1/2W2pp1/5I1X/L5PP/PL1K4 b 0 36;a8a5 a2a8 f7f8 d1e1 e8f7 a8h8;1400;350;long-leap,defence,middlegame";
    let puzzle = &parse_file(two_moves).expect("reads")[0];
    assert_eq!(
        verify(puzzle, &mut judge),
        Err(Failure::DefenceLength {
            id: "2419da4d".to_string(),
            count: 3
        })
    );
    let capture = "35cad767;clxwkxl1/ppp1ppp1/8/7i/7P/2Pp4/PP1PPP1P/ILXKWXLC w 1 4;b1f5 c8h3;1212;350;chameleon-leap,defence,opening";
    let puzzle = &parse_file(capture).expect("reads")[0];
    assert_eq!(
        verify(puzzle, &mut judge),
        Err(Failure::DefenceCaptures {
            id: "35cad767".to_string(),
            expected: "c8h3".to_string()
        })
    );
    assert_eq!(judge.searches(), 0);
}

#[derive(Default)]
struct Lines(Vec<String>);

impl Sink for Lines {
    fn line(&mut self, line: &str) -> Result<(), std::io::Error> {
        self.0.push(line.to_string());
        Ok(())
    }
}

#[test]
fn the_defence_method_finds_the_second_fixture_in_its_game() {
    // Game 10 of seed 4001, a few plies past the defence's position.
    let settings = Settings {
        seed: 4001,
        games: 11,
        nodes: GENERATOR_NODES,
        max_plies: 24,
        method: Method::Defence,
    };
    let mut resume = Resume {
        next_game: 10,
        ..Resume::default()
    };
    let mut lines = Lines::default();
    run(&settings, &mut resume, &mut lines, &mut |_| {}).expect("the run");
    let text: String = lines.0.iter().map(|line| format!("{line}\n")).collect();
    assert!(text.starts_with(&settings.header()));
    let puzzles = parse_file(&text).expect("reads");
    assert_eq!(puzzles, found()[1..], "{text}");
}
