//! `ultima analyse` run as a program on game files.

mod support;

use support::{file_with, ultima_code};

/// Black's coordinator steps beside White's withdrawer, which takes it; Black resigns.
const HUNG: &str = "start k7/8/8/8/3W4/8/2c5/7K b 0 1\nmoves c2c3 d4e5\nend black resigns\n";

#[test]
fn a_record_is_annotated_move_by_move_with_the_best_line_for_the_blunder() {
    let path = file_with("analyse", "hung.txt", HUNG);
    let (code, stdout, stderr) =
        ultima_code(&["analyse", path.to_str().unwrap(), "--nodes", "20000"]);
    assert_eq!(code, Some(0), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "start k7/8/8/8/3W4/8/2c5/7K b 0 1");
    assert_eq!(
        lines[1],
        "2 moves, 20000 nodes a position; the score is for White after the move"
    );
    assert!(lines[2].starts_with("  1... Cc2-c3??"), "{stdout}");
    assert!(lines[2].contains("blunder (win chance -0."), "{stdout}");
    assert!(lines[2].contains("; best C"), "{stdout}");
    assert!(lines[3].starts_with("    2. Wd4-e5xc3 "), "{stdout}");
    assert!(!lines[3].contains('?'), "{stdout}");
    assert_eq!(lines[4], "result: white wins");
    assert_eq!(lines[5], "White: 0 inaccuracies, 0 mistakes, 0 blunders");
    assert_eq!(lines[6], "Black: 0 inaccuracies, 0 mistakes, 1 blunder");
}

#[test]
fn moves_alone_and_several_records_are_read() {
    let path = file_with("analyse", "moves.txt", "1. e2e4 e7e5\n");
    let (code, stdout, stderr) =
        ultima_code(&["analyse", path.to_str().unwrap(), "--nodes", "2000"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("2 moves, 2000 nodes"), "{stdout}");
    let two = file_with("analyse", "two.txt", &format!("{HUNG}\n{HUNG}"));
    let (code, stdout, stderr) =
        ultima_code(&["analyse", two.to_str().unwrap(), "--nodes", "2000"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("game 1\n"), "{stdout}");
    assert!(stdout.contains("\n\ngame 2\n"), "{stdout}");
}

#[test]
fn a_bad_file_is_one_clear_error_and_a_failure() {
    let missing = std::env::temp_dir().join("ultima-analyse-no-such-file.txt");
    let (code, stdout, stderr) = ultima_code(&["analyse", missing.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty());
    assert!(
        stderr.starts_with("ultima: could not read ") && stderr.lines().count() == 1,
        "{stderr}"
    );

    let bad = file_with(
        "analyse",
        "bad.txt",
        "start k7/8/8/8/3W4/8/2c5/7K b 0 1\nmoves c2c3 c3c2 h1h2\n",
    );
    let (code, _, stderr) = ultima_code(&["analyse", bad.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("bad.txt: move 2 of the record, `c3c2`"),
        "{stderr}"
    );

    let (code, _, stderr) = ultima_code(&["analyse", bad.to_str().unwrap(), "--nodes", "0"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("`--nodes 0` is out of range"), "{stderr}");
    let (code, _, stderr) = ultima_code(&["analyse"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("usage: ultima analyse FILE"), "{stderr}");
}
