//! `ultima puzzles calibrate` run as a program: it rates puzzles from the levels' tries and
//! resumes where a run on the same file stopped.

mod support;

use support::ultima;
use ultima_puzzles::parse_file;

/// A mate in one every level finds, and a longer win found by the generator.
const PUZZLES: &str = "\
# two puzzles, provisional ratings
a0ef6075;2xwk1li/1cp3pp/8/pl2ppP1/2x5/4pX1P/2P5/I1XKW1LC w 0 13;f3f4 c4e2;1500;350;mate-in-1,middlegame
2419da4d;p3k3/4pix1/1CX3p1/2P3p1/2W2pp1/5I1X/L5PP/PL1K4 b 0 36;a8a5 a2a8 f7f8 d1e1 e8f7 a8h8;1500;350;long-leap,middlegame
";

#[test]
fn calibrate_rates_every_puzzle_and_resumes() {
    let dir = std::env::temp_dir().join(format!("ultima-calibrate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let input = dir.join("in.txt");
    let output = dir.join("out.txt");
    std::fs::write(&input, PUZZLES).expect("writes");
    let _ = std::fs::remove_file(&output);
    let (input, output) = (
        input.to_string_lossy().into_owned(),
        output.to_string_lossy().into_owned(),
    );

    let calibrate_into_the_file = || {
        ultima(&[
            "puzzles",
            "calibrate",
            "--file",
            &input,
            "--tries",
            "2",
            "--out",
            &output,
        ])
    };
    let (ok, _, err) = calibrate_into_the_file();
    assert!(ok, "{err}");
    assert!(err.contains("2 rated"), "{err}");
    let rated = parse_file(&std::fs::read_to_string(&output).expect("reads")).expect("parses");
    assert_eq!(rated.len(), 2);
    let (mate, longer) = (&rated[0], &rated[1]);
    assert_eq!(mate.id, "a0ef6075");
    // Every level takes a mate in one: ten lost games put the puzzle far below 1500.
    assert!(mate.rating < 1000, "{mate:?}");
    assert!(longer.rating > mate.rating, "{longer:?}");
    // The deviation fell from the provisional 350; the rest of the line is kept.
    assert!(rated.iter().all(|puzzle| puzzle.rating_deviation < 350));
    assert_eq!(longer.moves.len(), 6);

    // The same command again finds both rated and adds nothing.
    let before = std::fs::read_to_string(&output).expect("reads");
    let (ok, _, err) = calibrate_into_the_file();
    assert!(ok, "{err}");
    assert!(err.contains("2 already rated"), "{err}");
    assert_eq!(std::fs::read_to_string(&output).expect("reads"), before);

    // Without --out the lines go to stdout, the same as in the file.
    let (ok, out, err) = ultima(&["puzzles", "calibrate", "--file", &input, "--tries", "2"]);
    assert!(ok, "{err}");
    let printed = parse_file(&out).expect("parses");
    assert_eq!(printed, rated);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn calibrate_refuses_a_bad_option() {
    let (ok, _, err) = ultima(&["puzzles", "calibrate", "--tries", "0"]);
    assert!(!ok);
    assert!(err.contains("--tries"), "{err}");
}
