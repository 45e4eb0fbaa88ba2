//! `ultima puzzles verify`, `extend` and `export` run as a program, on puzzles the generator found.

mod support;

use support::{file_with, ultima};

/// Three puzzles of the generator's run (seed 2026): a chameleon leaping a long leaper, a
/// mate in one by the coordinator, and a three-move long leaper line.
const SAMPLE: &str = "\
# three generated puzzles
35cad767;clxwkxl1/ppp1ppp1/8/7i/7P/2Pp4/PP1PPP1P/ILXKWXLC w 1 4;b1f5 c8h3;1212;350;chameleon-leap,opening
ec500e08;2lIk1l1/1p2ppx1/C4P1P/4P3/7P/2P5/3PK2P/p1X1WX2 b 6 20;b7a7 a6b7;900;350;coordinator,mate-in-1,middlegame
2419da4d;p3k3/4pix1/1CX3p1/2P3p1/2W2pp1/5I1X/L5PP/PL1K4 b 0 36;a8a5 a2a8 f7f8 d1e1 e8f7 a8h8;1400;350;long-leap,middlegame
";

#[test]
fn export_prints_one_json_object_per_puzzle() {
    let path = file_with("puzzles", "export.txt", SAMPLE);
    let (ok, stdout, stderr) = ultima(&["puzzles", "export", "--file", path.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0],
        "{\"id\": \"35cad767\", \"ufen\": \"clxwkxl1/ppp1ppp1/8/7i/7P/2Pp4/PP1PPP1P/ILXKWXLC w 1 4\", \
         \"moves\": [\"b1f5\", \"c8h3\"], \"rating\": 1212, \"themes\": [\"chameleon-leap\", \"opening\"]}"
    );
    assert!(lines[2]
        .contains("\"moves\": [\"a8a5\", \"a2a8\", \"f7f8\", \"d1e1\", \"e8f7\", \"a8h8\"]"));
}

#[test]
fn verify_passes_good_puzzles_and_names_a_bad_one() {
    let good = file_with("puzzles", "good.txt", SAMPLE);
    let out = good.with_file_name("verified.txt");
    let (ok, stdout, stderr) = ultima(&[
        "puzzles",
        "verify",
        "--file",
        good.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("3 passed, 0 failed"), "{stdout}");
    let verified = std::fs::read_to_string(&out).expect("the verified set");
    assert_eq!(
        ultima_puzzles::parse_file(&verified).map(|p| p.len()),
        Ok(3)
    );

    // The chameleon's capture replaced by a quiet pawn move: no longer the best move.
    let bad = file_with(
        "puzzles",
        "bad.txt",
        &SAMPLE.replace("b1f5 c8h3;", "b1f5 a7a6;"),
    );
    let (ok, _, stderr) = ultima(&["puzzles", "verify", "--file", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(stderr.contains("puzzle 35cad767"), "{stderr}");
    assert!(stderr.contains("1 puzzle(s) failed"), "{stderr}");
}

/// A defensive puzzle of `generate --method defence --games 30 --seed 4001`.
const DEFENCE: &str = "\
7c43966d;c3k3/3xp3/p7/Ppp4p/1I1Px1p1/2P4i/1PKL3C/2X2WlP w 0 33;f1e1 h3d3;1241;350;immobilization,defence,middlegame
";

#[test]
fn verify_passes_a_defence_that_holds_and_names_one_that_does_not() {
    let good = file_with("puzzles", "defence.txt", DEFENCE);
    let (ok, stdout, stderr) = ultima(&["puzzles", "verify", "--file", good.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
    assert!(stdout.contains("defence"), "{stdout}");
    // Another quiet move of the immobilizer's side: White is about 2.3 pawns up after it.
    let bad = file_with(
        "puzzles",
        "defence-bad.txt",
        &DEFENCE.replace("f1e1 h3d3;", "f1e1 e4f4;"),
    );
    let (ok, _, stderr) = ultima(&["puzzles", "verify", "--file", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        stderr.contains("puzzle 7c43966d: the defence e4f4 does not hold"),
        "{stderr}"
    );
}

#[test]
fn puzzles_commands_refuse_bad_input() {
    let (ok, _, stderr) = ultima(&[
        "puzzles",
        "generate",
        "--method",
        "defense",
        "--out",
        "/dev/null",
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("the methods are standard, hard, defence and long"),
        "{stderr}"
    );
    let (ok, _, stderr) = ultima(&["puzzles", "verify", "--fast"]);
    assert!(!ok);
    assert!(stderr.contains("unknown option `--fast`"), "{stderr}");
    let (ok, _, stderr) = ultima(&["puzzles", "generate", "--games", "1"]);
    assert!(!ok);
    assert!(stderr.contains("--out"), "{stderr}");
    // Fewer than four times the generator's nodes is no verification.
    let recorded = file_with(
        "puzzles",
        "recorded.txt",
        &format!("# generator nodes=100000; verified\n{SAMPLE}"),
    );
    let (ok, _, stderr) = ultima(&[
        "puzzles",
        "verify",
        "--file",
        recorded.to_str().unwrap(),
        "--nodes",
        "300000",
    ]);
    assert!(!ok);
    assert!(stderr.contains("400000 or more"), "{stderr}");
    let broken = file_with("puzzles", "broken.txt", "# header\nabc;def\n");
    let (ok, _, stderr) = ultima(&["puzzles", "export", "--file", broken.to_str().unwrap()]);
    assert!(!ok);
    assert!(stderr.contains("line 2"), "{stderr}");
}

#[test]
fn verify_writes_a_journal_and_resumes_after_what_it_holds() {
    let good = file_with("puzzles", "journal-in.txt", SAMPLE);
    let out = good.with_file_name("journal-out.txt");
    let _ = std::fs::remove_file(&out);
    let args = |out: &std::path::Path| {
        vec![
            "puzzles".to_string(),
            "verify".to_string(),
            "--file".to_string(),
            good.to_str().unwrap().to_string(),
            "--hard-nodes".to_string(),
            "800000".to_string(),
            "--hard-from".to_string(),
            "1200".to_string(),
            "--out".to_string(),
            out.to_str().unwrap().to_string(),
        ]
    };
    let run = |args: &[String]| ultima(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let (ok, stdout, stderr) = run(&args(&out));
    assert!(ok, "{stderr}");
    // Two of the three are rated 1200 or more: searched again deeper.
    assert!(stdout.contains("(2 this run) again at 800000"), "{stdout}");
    assert!(stdout.contains("3 passed, 0 failed"), "{stdout}");
    let journal = std::fs::read_to_string(&out).expect("the journal");
    assert_eq!(ultima_puzzles::parse_file(&journal).map(|p| p.len()), Ok(3));
    // Killed mid-line: the partial line goes, and nothing is checked twice.
    std::fs::write(&out, format!("{journal}35cad767;clxw")).expect("a torn journal");
    let (ok, stdout, stderr) = run(&args(&out));
    assert!(ok, "{stderr}");
    assert!(stderr.contains("resuming, 3 already checked"), "{stderr}");
    assert!(stdout.contains("3 passed, 0 failed"), "{stdout}");
    assert_eq!(std::fs::read_to_string(&out).expect("the journal"), journal);
    // Other settings on the same journal: refused.
    let mut other = args(&out);
    other[5] = "900000".to_string();
    let (ok, _, stderr) = run(&other);
    assert!(!ok);
    assert!(stderr.contains("other settings"), "{stderr}");
    // The deeper search must be deeper.
    let mut shallow = args(&out);
    shallow[5] = "1000".to_string();
    let (ok, _, stderr) = run(&shallow);
    assert!(!ok);
    assert!(stderr.contains("more than --nodes"), "{stderr}");
}

#[test]
fn verify_takes_what_an_earlier_journal_passed_and_searches_only_deeper() {
    let good = file_with("puzzles", "passed-in.txt", SAMPLE);
    let earlier = good.with_file_name("passed-in-journal.txt");
    let again = good.with_file_name("passed-in-again.txt");
    let _ = std::fs::remove_file(&earlier);
    let _ = std::fs::remove_file(&again);
    let file = good.to_str().unwrap();
    // The run file's journal at the default nodes (400,000: four times the generator's).
    let (ok, stdout, stderr) = ultima(&[
        "puzzles",
        "verify",
        "--file",
        file,
        "--out",
        earlier.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("3 passed, 0 failed"), "{stdout}");
    // The chosen set again, deeper from 1200: the three taken from the journal, the two rated
    // 1200 or more searched at 800,000.
    let (ok, stdout, stderr) = ultima(&[
        "puzzles",
        "verify",
        "--file",
        file,
        "--hard-nodes",
        "800000",
        "--hard-from",
        "1200",
        "--passed-in",
        earlier.to_str().unwrap(),
        "--out",
        again.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("(3 this run passed at 400000 in --passed-in"),
        "{stdout}"
    );
    assert!(stdout.contains("(2 this run) again at 800000"), "{stdout}");
    assert!(stdout.contains("3 passed, 0 failed"), "{stdout}");
    // A run file of another generator's nodes (a deeper judge) verified at the same nodes: its
    // journal is taken as well (how the candidates were found is not how they were checked).
    let deeper_judge = good.with_file_name("passed-in-deeper-judge.txt");
    let journal = std::fs::read_to_string(&earlier).unwrap();
    assert!(journal.contains("# generator nodes=100000; "), "{journal}");
    std::fs::write(
        &deeper_judge,
        journal.replace("# generator nodes=100000; ", "# generator nodes=400000; "),
    )
    .unwrap();
    let (ok, stdout, stderr) = ultima(&[
        "puzzles",
        "verify",
        "--file",
        file,
        "--passed-in",
        deeper_judge.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("(3 this run passed at 400000 in --passed-in"),
        "{stdout}"
    );
    // A journal of other settings (the last one: with a deeper search) is not taken.
    let (ok, _, stderr) = ultima(&[
        "puzzles",
        "verify",
        "--file",
        file,
        "--passed-in",
        again.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("is not a journal of `verify` at this run's nodes"),
        "{stderr}"
    );
}

#[test]
fn simulate_gives_one_row_per_strength_and_the_same_rows_for_the_same_seed() {
    let args = [
        "puzzles",
        "simulate",
        "--players",
        "2",
        "--puzzles",
        "60",
        "--strength",
        "1000",
        "--strength",
        "1900",
    ];
    let (ok, stdout, stderr) = ultima(&args);
    assert!(ok, "{stderr}");
    let rows: Vec<&str> = stdout.lines().filter(|l| l.starts_with("| 1")).collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    assert!(rows[0].starts_with("| 1000 |") && rows[1].starts_with("| 1900 |"));
    assert!(
        stdout.contains("rating after 50 | rating after 60"),
        "{stdout}"
    );
    assert_eq!(ultima(&args).1, stdout);
}

#[test]
fn model_rates_a_file_and_prints_its_checks() {
    let path = file_with("puzzles", "model-in.txt", SAMPLE);
    let out = path.with_file_name("model-out.txt");
    let _ = std::fs::remove_file(&out);
    let (ok, stdout, stderr) = ultima(&[
        "puzzles",
        "model",
        "--file",
        path.to_str().unwrap(),
        "--nodes",
        "20000",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("puzzles model: 3 rated"), "{stdout}");
    assert!(stdout.contains("1 solver move(s): mean"), "{stdout}");
    let rated = ultima_puzzles::parse_file(&std::fs::read_to_string(&out).expect("written"))
        .expect("reads");
    assert_eq!(rated.len(), 3);
    // The three-move line rates above the two one-move ones.
    assert!(rated[2].rating > rated[0].rating && rated[2].rating > rated[1].rating);
}

#[test]
fn extend_writes_the_longer_lines_to_a_journal_that_verify_reads() {
    // A capture that wins a piece, after which three only moves mate (made longer), and a gain
    // after which the solver has more than one good move (unchanged).
    let input = file_with(
        "puzzles",
        "extend-in.txt",
        "\
83fe566b;c7/p1k3pp/6l1/2p3wp/3p4/I3i3/3XP3/1LxK4 w 2 34;d1e1 c1a1;733;107;chameleon-leap,middlegame
4b8dee28;clxwk1Xi/1p1p1p1p/X1pxI3/p1P1P3/P7/8/1P4PP/1L1KW1LC w 5 13;e1b4 b7a7;1300;107;pinch,middlegame
",
    );
    let out = input.with_file_name("extend-out.txt");
    let _ = std::fs::remove_file(&out);
    let (input_path, out_path) = (input.to_str().unwrap(), out.to_str().unwrap());
    let extend = ["puzzles", "extend", "--file", input_path, "--out", out_path];
    let (ok, stdout, stderr) = ultima(&extend);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("2 of 2 checked this run, 1 made longer (1\u{2192}4: 1)"),
        "{stdout}"
    );
    let journal = std::fs::read_to_string(&out).expect("the journal");
    let longer = ultima_puzzles::parse_file(&journal).expect("the journal reads");
    assert_eq!(longer.len(), 1);
    assert_eq!(
        longer[0].moves.join(" "),
        "d1e1 c1a1 a3a4 a1a3 e1f1 g5g2 f1e1 g6b1"
    );
    assert_ne!(longer[0].id, "83fe566b");
    assert!(journal.contains("# unchanged 4b8dee28\n"), "{journal}");
    // Killed mid-line: the partial line goes, and nothing is searched twice.
    std::fs::write(&out, format!("{journal}# unch")).expect("a torn journal");
    let (ok, stdout, stderr) = ultima(&extend);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("2 puzzles, 2 already done"), "{stderr}");
    assert!(stdout.contains("0 made longer"), "{stdout}");
    assert_eq!(std::fs::read_to_string(&out).expect("the journal"), journal);
    // The verifier reads the generator's nodes from it (400,000 = four times 100,000).
    let (ok, stdout, stderr) = ultima(&["puzzles", "verify", "--file", out_path]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("at 400000 nodes"), "{stdout}");
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
    // Other nodes on the same journal: refused.
    let mut other = extend.to_vec();
    other.extend(["--nodes", "50000"]);
    let (ok, _, stderr) = ultima(&other);
    assert!(!ok);
    assert!(stderr.contains("other settings"), "{stderr}");
}

#[test]
fn verify_counts_only_the_journal_lines_of_the_puzzles_in_its_file() {
    // A journal kept over two choices of a set: the first held a shorter line of the same
    // position. The longer line is checked, not refused as a position already in the set.
    let shorter = file_with(
        "puzzles",
        "choice-1.txt",
        "37ed4370;k1p5/3Ip1P1/4l3/2x1P3/w2P4/1WP5/XKiLP3/4p2P w 21 54;d4b4 c5c4;904;107;chameleon-pinch,multi-capture,middlegame\n",
    );
    let longer = shorter.with_file_name("choice-2.txt");
    std::fs::write(
        &longer,
        "# generator nodes=100000\n9c0d3a1e;k1p5/3Ip1P1/4l3/2x1P3/w2P4/1WP5/XKiLP3/4p2P w 21 54;d4b4 c5c4 e5d5 c4c5;1150;350;chameleon-pinch,multi-capture,middlegame\n",
    )
    .expect("the second choice");
    let journal = shorter.with_file_name("choices-journal.txt");
    let _ = std::fs::remove_file(&journal);
    let verify = |file: &std::path::Path| {
        ultima(&[
            "puzzles",
            "verify",
            "--file",
            file.to_str().unwrap(),
            "--out",
            journal.to_str().unwrap(),
        ])
    };
    let (ok, stdout, stderr) = verify(&shorter);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
    let (ok, stdout, stderr) = verify(&longer);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("1 of 1 puzzles checked"), "{stdout}");
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
    assert!(!stderr.contains("already"), "{stderr}");
    // Both lines are in the journal now; each run counts its own.
    let text = std::fs::read_to_string(&journal).expect("the journal");
    assert_eq!(ultima_puzzles::parse_file(&text).map(|p| p.len()), Ok(2));
}
