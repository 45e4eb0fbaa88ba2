//! `--rules` on the rules' commands (`moves`, `perft`, `status`) and on `bestmove`, `match` and
//! `analyse`, run as a program: the readings of READINGS.md.

mod support;

use support::{file_with, ultima, ultima_code};
use ultima_rules::{Game, Position, Reading};

const READINGS: [&str; 5] = ["1963", "1962", "cambridge", "boardspace", "zillions"];

/// Runs `ultima` and returns its standard output, failing the test on an error.
fn out(args: &[&str]) -> String {
    let (ok, out, err) = ultima(args);
    assert!(ok, "ultima {args:?} failed: {err}");
    out
}

/// Runs `ultima`, expecting a usage error (exit status 2): its standard error.
fn refused(args: &[&str]) -> String {
    let (code, out, err) = ultima_code(args);
    assert_eq!(code, Some(2), "ultima {args:?} should fail: {out}");
    assert!(out.is_empty(), "{out}");
    err
}

#[test]
fn moves_by_1963_print_the_same_lines_as_without_rules() {
    for ufen in [
        "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1",
        "7k/8/8/4i3/3I4/8/8/K7 w 0 1",
    ] {
        let today = out(&["moves", ufen]);
        assert!(today.lines().count() > 2, "{today}");
        assert_eq!(out(&["moves", "--rules", "1963", ufen]), today);
        assert_eq!(out(&["moves", ufen, "--rules", "1963"]), today);
    }
}

#[test]
fn moves_follow_the_rules_asked_or_named() {
    let ufen = "K4c2/8/5P2/5p2/wXl1l1pP/5p2/5P2/7k w 0 1";
    let line = |text: &str| {
        text.lines()
            .find(|line| line.starts_with("b4f4"))
            .map(str::to_string)
    };
    assert_eq!(
        line(&out(&["moves", ufen])).as_deref(),
        Some("b4f4 x a4 c4 e4 f3 f5 f8 g4")
    );
    let cambridge = out(&["moves", "--rules", "cambridge", ufen]);
    assert_eq!(line(&cambridge).as_deref(), Some("b4f4 x c4 e4"));
    // A UFEN naming its reading needs no option, and agrees with the same option.
    let named = format!("{ufen} cambridge");
    assert_eq!(out(&["moves", &named]), cambridge);
    assert_eq!(out(&["moves", "--rules", "cambridge", &named]), cambridge);
    // Cambridge has no removal: the two frozen immobilizers have no move at all.
    let frozen = "7k/8/8/4i3/3I4/8/8/K7 w 0 1";
    assert!(out(&["moves", frozen]).lines().any(|l| l == "d4d4"));
    assert!(!out(&["moves", "--rules", "cambridge", frozen])
        .lines()
        .any(|l| l.starts_with("d4")));
}

#[test]
fn a_ufen_naming_other_rules_than_asked_is_refused() {
    let err = refused(&[
        "moves",
        "--rules",
        "zillions",
        "7k/8/8/8/8/8/8/K7 w 0 1 cambridge",
    ]);
    assert!(
        err.contains("names the cambridge rules, but --rules asks for zillions"),
        "{err}"
    );
}

#[test]
fn a_bad_rules_name_is_refused_listing_the_five() {
    for args in [
        &["moves", "--rules", "chess", "start"][..],
        &["perft", "start", "2", "--rules", "Ultima"],
        &["status", "--rules"],
        &["bestmove", "start", "--rules", "1964"],
        &["match", "random", "random", "--rules", "chess"],
        &["analyse", "game.txt", "--rules", "1961"],
    ] {
        let err = refused(args);
        for name in READINGS {
            assert!(err.contains(name), "{args:?}: {err}");
        }
    }
    let err = refused(&["moves", "start", "--fast"]);
    assert!(err.contains("unknown option `--fast`"), "{err}");
}

#[test]
fn perft_counts_from_each_readings_start() {
    for reading in READINGS {
        assert_eq!(
            out(&["perft", "--rules", reading, "start", "3"]),
            "42762\n",
            "{reading}"
        );
    }
    // The fourth ply tells them apart (tests/data/perft.txt in ultima-rules).
    for (reading, nodes) in [
        ("1963", "1850161\n"),
        ("1962", "1850116\n"),
        ("cambridge", "1849889\n"),
        ("boardspace", "1850161\n"),
        ("zillions", "1850197\n"),
    ] {
        assert_eq!(
            out(&["perft", "--rules", reading, "start", "4"]),
            nodes,
            "{reading}"
        );
    }
    assert_eq!(out(&["perft", "start", "2"]), "944\n");
    let divide = out(&["perft", "--rules", "1962", "start", "1", "--divide"]);
    assert_eq!(divide.lines().count(), 33, "{divide}");
    // The 1962 start: the kings face each other on the e-file.
    let moves = out(&["moves", "--rules", "1962", "start"]);
    assert_eq!(moves.lines().count(), 32);
    assert!(
        moves.lines().all(|line| !line.starts_with("e1")),
        "the king does not move first"
    );
}

#[test]
fn status_gives_the_outcome_by_the_readings_rules() {
    let stalemate = "7k/8/8/8/8/8/1i6/K7 w 0 1";
    assert_eq!(out(&["status", stalemate]), "black wins\n");
    for (reading, status) in [
        ("1963", "black wins\n"),
        ("1962", "black wins\n"),
        ("cambridge", "black wins\n"),
        ("boardspace", "draw: stalemate\n"),
        ("zillions", "black wins\n"),
    ] {
        assert_eq!(
            out(&["status", "--rules", reading, stalemate]),
            status,
            "{reading}"
        );
    }
    // Check in 1963 and Cambridge; no check rule in Zillions.
    let checked = "7k/8/8/8/8/3x4/1wI5/K7 w 0 1";
    assert_eq!(out(&["status", checked]), "ongoing\n");
    assert_eq!(out(&["status", "--rules", "cambridge", checked]), "check\n");
    // A position the 1963 rules refuse, which Zillions plays: White takes the king.
    let touching = "8/8/8/4k3/3K4/8/P7/8 w 0 1";
    let err = refused(&["status", touching]);
    assert!(err.contains("in check"), "{err}");
    assert_eq!(
        out(&["status", "--rules", "zillions", touching]),
        "ongoing\n"
    );
    assert_eq!(
        out(&["status", "8/8/8/4K3/8/8/P7/8 b 0 1 zillions"]),
        "white wins\n"
    );
}

#[test]
fn bestmove_plays_by_the_rules_asked() {
    // In Zillions the king next to the enemy king takes it.
    let result = out(&[
        "bestmove",
        "8/8/8/4k3/3K4/8/P7/8 w 0 1",
        "--rules",
        "zillions",
        "--depth",
        "2",
    ]);
    assert!(result.ends_with("bestmove d4e5\n"), "{result}");
    let result = out(&["bestmove", "--rules", "cambridge", "start", "--depth", "1"]);
    assert!(
        result.lines().any(|l| l.starts_with("bestmove ")),
        "{result}"
    );
}

#[test]
fn match_plays_every_game_from_the_readings_start_by_its_rules() {
    for reading in Reading::ALL {
        let out_file = file_with("readings", &format!("match-{reading}.txt"), "");
        let path = out_file.to_string_lossy().to_string();
        let printed = out(&[
            "match",
            "greedy",
            "random",
            "--rules",
            reading.name(),
            "--games",
            "2",
            "--plies",
            "4",
            "--max-plies",
            "40",
            "--out",
            &path,
        ]);
        assert!(printed.contains("greedy vs random: +"), "{printed}");
        let text = std::fs::read_to_string(&out_file).expect("records written");
        let games: Vec<Game> = text
            .split("\n\n")
            .filter(|record| !record.trim().is_empty())
            .map(|record| Game::from_record(record).expect("a record that replays"))
            .collect();
        assert_eq!(games.len(), 2, "{text}");
        for game in &games {
            assert_eq!(*game.start(), Position::start_of(reading), "{text}");
            assert_eq!(game.reading(), reading);
            assert!(game.moves().len() >= 4, "{text}");
            // The opening is quiet: nothing is taken in its four plies.
            assert!(game.moves()[..4].iter().all(|mv| !mv.is_irreversible()));
        }
        // Both games of one opening (colours swapped) start with the same moves.
        assert_eq!(games[0].moves()[..4], games[1].moves()[..4]);
    }
}

#[test]
fn analyse_reads_moves_from_the_readings_start_and_refuses_other_rules() {
    // Moves alone are played from the Cambridge start (the 1963 start in a mirror).
    let moves = file_with("readings", "moves.txt", "1. c2c4 c7c5\n");
    let path = moves.to_string_lossy().to_string();
    let analysed = out(&["analyse", &path, "--rules", "cambridge", "--nodes", "2000"]);
    let first = analysed.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        format!("start {}", Reading::Cambridge.start_ufen()),
        "{analysed}"
    );
    // A record of 1963 (naming no reading) is played by the rules asked: Boardspace draws the
    // stalemate that 1963 scores a win.
    let record = "start 7k/8/8/8/8/8/8/I1K5 w 0 1\nmoves a1g7\n";
    let stalemate = file_with("readings", "stalemate.txt", record);
    let path = stalemate.to_string_lossy().to_string();
    let abbott = out(&["analyse", &path, "--nodes", "2000"]);
    assert!(abbott.contains("result: white wins"), "{abbott}");
    let boardspace = out(&["analyse", &path, "--rules", "boardspace", "--nodes", "2000"]);
    assert!(
        boardspace.starts_with("start 7k/8/8/8/8/8/8/I1K5 w 0 1 boardspace\n"),
        "{boardspace}"
    );
    assert!(
        boardspace.contains("result: draw: stalemate"),
        "{boardspace}"
    );
    // A record naming one reading is not analysed by another.
    let named = file_with(
        "readings",
        "named.txt",
        "start 7k/8/8/8/8/8/8/I1K5 w 0 1 cambridge\nmoves a1g7\n",
    );
    let err = refused(&["analyse", &named.to_string_lossy(), "--rules", "zillions"]);
    assert!(
        err.contains("names the cambridge rules, but --rules asks for zillions"),
        "{err}"
    );
}
