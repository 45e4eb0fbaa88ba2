//! The analysis on real games: a hung piece and a missed mate are marked, a quiet game is not,
//! progress counts every position, and the stop flag ends the run.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use ultima_analysis::{Analyser, AnalysisError, Eval, GameAnalysis, Judgement, Progress};
use ultima_rules::{Color, Game};

/// Enough for these positions, and quick in a debug build.
const NODES: u64 = 20_000;

fn analyse(record: &str) -> GameAnalysis {
    let game = Game::from_record(record).expect("the record replays");
    Analyser::new(NODES)
        .analyse(&game, &Arc::new(AtomicBool::new(false)), &mut |_| {})
        .expect("the analysis runs to the end")
}

/// The first 16 plies of the bot playing itself at 400,000 nodes a move (20 times the
/// analysis' nodes): nothing is lost on either side.
const QUIET: &str = "start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1
moves f2f5 f7f6 e2e4 h7h4 b2b5 a7a5 f5c5 c7c6 d2d5 d8b6 e1b4 h8h5 c1f4 g7g4 g1e3 a5a6
";

/// Black's coordinator steps from c2 to c3, beside White's withdrawer d4, which takes it by
/// withdrawing to e5 (RULES.md: the withdrawer takes the piece on the square behind its move).
const HUNG_COORDINATOR: &str = "start k7/8/8/8/3W4/8/2c5/7K b 0 1
moves c2c3 d4e5
";

/// White mates at once with Wd8-g8 (check from the withdrawer, every escape covered: the
/// bot's search tests explain the position), but plays Ca1-a2; Black's pawns and withdrawer
/// then hold on, the game level or so.
const MISSED_MATE: &str = "start 3W3k/5K2/8/pppw4/8/8/8/C7 w 0 1
moves a1a2
";

#[test]
fn a_hung_piece_is_a_blunder_and_its_capture_is_not_marked() {
    let analysis = analyse(HUNG_COORDINATOR);
    assert_eq!(analysis.positions.len(), 3);
    let hang = &analysis.moves[0];
    assert_eq!(
        (hang.mover, hang.played.as_str(), hang.judgement),
        (Color::Black, "c2c3", Some(Judgement::Blunder))
    );
    // Before the move the position is level; after it White is a coordinator up.
    let (before, after) = (&analysis.positions[0], &analysis.positions[1]);
    assert!(before.win_chance.abs() < 0.1, "{before:?}");
    assert!(after.win_chance > 0.5, "{after:?}");
    // The best line in the position before keeps the coordinator off c3.
    let best = &before.lines[0];
    assert_ne!(best.moves[0], "c2c3");
    assert_eq!(analysis.moves[1].judgement, None);
    assert_eq!(analysis.counts(Color::Black), [0, 0, 1]);
    assert_eq!(analysis.counts(Color::White), [0, 0, 0]);
}

#[test]
fn a_missed_mate_is_a_blunder_with_the_mate_as_the_best_line() {
    let analysis = analyse(MISSED_MATE);
    let before = &analysis.positions[0];
    assert_eq!(before.eval, Eval::Mate { moves: 1 });
    assert_eq!(before.win_chance, 1.0);
    assert_eq!(before.lines[0].moves, ["d8g8"]);
    assert_eq!(analysis.moves[0].judgement, Some(Judgement::Blunder));
    assert!(analysis.positions[1].win_chance < 0.5);
}

#[test]
fn a_quiet_game_has_no_marks() {
    let analysis = analyse(QUIET);
    let marked: Vec<_> = analysis
        .moves
        .iter()
        .enumerate()
        .filter(|(_, m)| m.judgement.is_some())
        .collect();
    assert!(marked.is_empty(), "{marked:?}");
    for position in &analysis.positions {
        assert!(position.win_chance.abs() < 0.3, "{position:?}");
        assert_eq!(position.lines.len(), 2);
    }
}

#[test]
fn the_position_a_game_ends_in_is_scored_without_a_search() {
    // The immobilizer freezes the lone king: Black has no legal move and has lost.
    let analysis = analyse("start 7k/8/8/8/8/8/8/I1K5 w 0 1\nmoves a1g7\n");
    let end = &analysis.positions[1];
    assert_eq!(
        end.eval,
        Eval::Won {
            winner: Color::White
        }
    );
    assert!(end.lines.is_empty());
    assert_eq!(analysis.moves[0].judgement, None);
}

#[test]
fn a_forced_move_is_scored_from_the_position_after_it() {
    // After 1. Wa1-d4 Black's only move is Kh8-g8, and White mates next (2. Wd4-g7).
    let analysis = analyse("start 7k/8/6K1/8/8/8/8/W7 w 0 1\nmoves a1d4 h8g8\n");
    let forced = &analysis.positions[1];
    assert_eq!(forced.lines.len(), 1);
    assert_eq!(forced.lines[0].moves[0], "h8g8");
    assert_eq!(forced.eval, Eval::Mate { moves: 1 });
    assert_eq!(analysis.moves[1].judgement, None);
    // Forced, not a choice: no "only good move" either.
    assert!(!analysis.moves[1].only_move);
}

#[test]
fn progress_counts_every_position_once() {
    let game = Game::from_record(QUIET).unwrap();
    let mut seen = Vec::new();
    Analyser::new(2_000)
        .analyse(&game, &Arc::new(AtomicBool::new(false)), &mut |p| {
            seen.push(p)
        })
        .unwrap();
    let expected: Vec<Progress> = (1..=17).map(|done| Progress { done, total: 17 }).collect();
    assert_eq!(seen, expected);
}

#[test]
fn the_stop_flag_ends_the_analysis() {
    let game = Game::from_record(QUIET).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let mut reports = 0;
    // Raised from the progress report, as another thread would: after the third position.
    let flag = stop.clone();
    let result = Analyser::new(NODES).analyse(&game, &stop, &mut |p| {
        reports += 1;
        if p.done == 3 {
            flag.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(result, Err(AnalysisError::Stopped { done: 3, total: 17 }));
    assert_eq!(reports, 3);
}

#[test]
fn a_flag_raised_from_another_thread_stops_a_long_search_soon() {
    let game = Game::from_record(QUIET).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    // A billion nodes a position would take minutes: only the flag ends this.
    let result = Analyser::new(1_000_000_000).analyse(&game, &stop, &mut |_| {});
    raiser.join().unwrap();
    assert!(
        matches!(result, Err(AnalysisError::Stopped { done: 0, total: 17 })),
        "{result:?}"
    );
}

#[test]
fn the_same_game_gets_the_same_analysis() {
    assert_eq!(analyse(HUNG_COORDINATOR), analyse(HUNG_COORDINATOR));
}

#[test]
fn the_analysis_reads_back_from_json() {
    let analysis = analyse(HUNG_COORDINATOR);
    let json = serde_json::to_string(&analysis).unwrap();
    assert!(json.contains("\"judgement\":\"blunder\""), "{json}");
    assert!(json.contains("\"kind\":\"centipawns\""), "{json}");
    let back: GameAnalysis = serde_json::from_str(&json).unwrap();
    assert_eq!(back, analysis);
}

#[test]
fn one_position_is_evaluated_as_the_analysis_scores_it_and_a_raised_flag_stops_it() {
    let game = Game::from_record(HUNG_COORDINATOR).expect("replays");
    let analysis = analyse(HUNG_COORDINATOR);
    let flag = Arc::new(AtomicBool::new(false));
    let mut analyser = Analyser::new(NODES);
    // The game's end position (after the capture): White a coordinator up, as the analysis says.
    let eval = analyser.evaluate(&game, &flag).expect("evaluated");
    assert_eq!(eval, analysis.positions[2].eval);
    assert!(eval.win_chance() > 0.5, "{eval:?}");
    flag.store(true, Ordering::Relaxed);
    assert!(matches!(
        analyser.evaluate(&game, &flag),
        Err(AnalysisError::Stopped { .. })
    ));
}
