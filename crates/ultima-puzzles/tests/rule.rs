//! The puzzle rule on hand-made positions, and theme tagging on hand-made lines.

use ultima_bot::Score;
use ultima_puzzles::judge::{
    hold_line, judge_lines, win_chance, Ending, Judge, Verdict, HOLD_LEVEL, MIN_GAIN, UNIQUE_GAP,
};
use ultima_puzzles::themes::tag;
use ultima_puzzles::Theme;
use ultima_rules::{Move, Position};

fn position(ufen: &str) -> Position {
    Position::from_ufen(ufen).unwrap_or_else(|e| panic!("{ufen}: {e}"))
}

/// The moves after which the opponent has no legal move (brute force).
fn wins_in_one(position: &Position) -> Vec<String> {
    let mut wins: Vec<String> = position
        .legal_moves()
        .iter()
        .filter(|mv| !position.play_unchecked(mv).has_legal_move())
        .map(Move::coordinates)
        .collect();
    wins.sort();
    wins
}

fn line_of(position: &Position, moves: &[&str]) -> Vec<Move> {
    let mut current = position.clone();
    moves
        .iter()
        .map(|text| {
            let mv = current.parse_coordinates(text).expect("legal");
            current = current.play_unchecked(&mv);
            mv
        })
        .collect()
}

#[test]
fn win_chance_is_lichess_logistic() {
    assert_eq!(win_chance(Score::Centipawns(0)), 0.0);
    assert!((win_chance(Score::Centipawns(300)) - 0.5032).abs() < 0.001);
    assert!((win_chance(Score::Centipawns(-300)) + 0.5032).abs() < 0.001);
    assert_eq!(win_chance(Score::Mate(2)), 1.0);
    assert_eq!(win_chance(Score::Mate(-1)), -1.0);
}

#[test]
fn two_wins_in_one_are_not_a_puzzle() {
    // Black's king and pawns walled in at h8: the pawn h4 and the withdrawer c1 both close h6.
    let start = position("5Ppk/5Ppp/5PP1/8/7P/8/8/ILXKWXLC w 0 1");
    assert_eq!(wins_in_one(&start), vec!["c1h6", "h4h6"]);
    let mut judge = Judge::new(20_000);
    let verdict = judge.verdict(&start);
    assert!(matches!(verdict, Verdict::NotUnique { .. }), "{verdict:?}");
    assert!(judge.find_line(&start, None).is_none());
}

#[test]
fn a_single_blockade_in_one_is_kept() {
    // Black is far ahead, but only Ph4-h6 closes the last square of its king's corner; the
    // eight captures open the wall in the a1 corner.
    let start = position("5Pwk/5Pci/5PP1/8/7P/WPW5/cxP5/wxW1K3 w 0 1");
    assert_eq!(wins_in_one(&start), vec!["h4h6"]);
    let mut judge = Judge::new(20_000);
    let line = judge.find_line(&start, None).expect("a puzzle");
    let moves: Vec<String> = line.moves.iter().map(Move::coordinates).collect();
    assert_eq!(moves, vec!["h4h6"]);
    assert_eq!(line.ending, Ending::Win { in_check: false });
    let themes = tag(&start, &line.moves);
    assert!(themes.contains(&Theme::Blockade), "{themes:?}");
    assert!(themes.contains(&Theme::MateIn1), "{themes:?}");
}

#[test]
fn a_single_win_in_one_among_wins_in_two_is_kept() {
    // Immobilizer and king against a lone king: one move freezes it at once; others take two.
    let start = position("7k/8/8/8/8/8/8/I1K5 w 0 1");
    let wins = wins_in_one(&start);
    assert_eq!(wins.len(), 1, "{wins:?}");
    let mut judge = Judge::new(50_000);
    match judge.verdict(&start) {
        Verdict::Unique { best, .. } => {
            assert_eq!(best.pv[0].coordinates(), wins[0]);
            assert_eq!(best.score, Score::Mate(1));
        }
        other => panic!("{other:?}"),
    }
    let line = judge.find_line(&start, None).expect("a puzzle");
    assert_eq!(line.moves.len(), 1);
}

#[test]
fn the_gap_rule_on_lines() {
    let info = |score| ultima_bot::SearchInfo {
        depth: 1,
        seldepth: 1,
        multipv: 1,
        score,
        raw_score: 0,
        nodes: 0,
        time_ms: 0,
        pv: Vec::new(),
    };
    // 0.42 apart in win chance: +350 (0.57) against +0 (0) is a puzzle; +350 against +150 is not.
    assert!(judge_lines(&info(Score::Centipawns(350)), &info(Score::Centipawns(0))).is_some());
    assert!(judge_lines(&info(Score::Centipawns(350)), &info(Score::Centipawns(150))).is_none());
    let gap = win_chance(Score::Centipawns(350)) - win_chance(Score::Centipawns(0));
    assert!(gap >= UNIQUE_GAP);
    // A mate against a non-mate always; against a slower mate yes (the puzzle asks for the
    // fastest), against a mate as fast no.
    assert!(judge_lines(&info(Score::Mate(2)), &info(Score::Centipawns(900))).is_some());
    assert!(judge_lines(&info(Score::Mate(2)), &info(Score::Mate(3))).is_some());
    assert!(judge_lines(&info(Score::Mate(3)), &info(Score::Mate(3))).is_none());
    assert!(judge_lines(&info(Score::Mate(3)), &info(Score::Mate(2))).is_none());
    assert!(judge_lines(&info(Score::Mate(1)), &info(Score::Mate(3))).is_some());
    assert!(judge_lines(&info(Score::Mate(1)), &info(Score::Mate(1))).is_none());
    // Being mated is no mate.
    assert!(judge_lines(&info(Score::Mate(1)), &info(Score::Mate(-2))).is_some());
}

#[test]
fn captures_are_tagged_by_the_way_they_take() {
    let cases: [(&str, &str, &[Theme]); 7] = [
        // RULES.md's worked positions.
        (
            "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1",
            "d1d4",
            &[Theme::Pinch, Theme::MultiCapture, Theme::Endgame],
        ),
        (
            "7k/8/8/8/3W4/2p5/8/7K w 0 1",
            "d4e5",
            &[Theme::Withdrawal, Theme::Endgame],
        ),
        (
            "K6k/8/8/8/8/8/8/L1p2p2 w 0 1",
            "a1g1",
            &[Theme::LongLeap, Theme::MultiCapture, Theme::Endgame],
        ),
        (
            "8/p6C/8/8/8/K1p5/8/7k w 0 1",
            "h7c7",
            &[Theme::Coordinator, Theme::MultiCapture, Theme::Endgame],
        ),
        // A chameleon pinches a pawn against the white pawn b1.
        (
            "7k/8/8/8/8/7X/1p6/1P5K w 0 1",
            "h3b3",
            &[Theme::ChameleonPinch, Theme::Endgame],
        ),
        // A chameleon moves away from a withdrawer.
        (
            "7k/8/8/8/3X4/2w5/8/7K w 0 1",
            "d4e5",
            &[Theme::ChameleonWithdrawal, Theme::Endgame],
        ),
        // An immobilizer steps next to a free pawn.
        (
            "7k/8/8/8/8/8/p7/2I4K w 0 1",
            "c1b2",
            &[Theme::Immobilization, Theme::Endgame],
        ),
    ];
    for (ufen, mv, expected) in cases {
        let start = position(ufen);
        let line = line_of(&start, &[mv]);
        // The capture themes: a line of one capture worth less than two pawns ends as only a
        // defence may (tagged so, `defensive_lines_are_tagged`), which is not looked at here.
        let mut found = tag(&start, &line);
        found.retain(|theme| *theme != Theme::Defence);
        assert_eq!(found, expected.to_vec(), "{ufen} {mv}");
    }
}

#[test]
fn removals_wins_and_phases_are_tagged() {
    // A frozen pawn removed.
    let start = position("7k/8/8/8/8/8/iP6/7K w 0 1");
    let line = line_of(&start, &["b2b2"]);
    assert!(tag(&start, &line).contains(&Theme::Removal));
    // A win in two: the opponent's reply, then the blockade; mate-in-2 and blockade.
    let start = position("7k/8/8/8/8/8/8/I1K5 w 0 1");
    let mut judge = Judge::new(50_000);
    let first = start
        .legal_moves()
        .into_iter()
        .find(|mv| {
            let after = start.play_unchecked(mv);
            after.has_legal_move()
                && after.legal_moves().iter().all(|reply| {
                    let back = after.play_unchecked(reply);
                    !ultima_puzzles::judge::Judge::new(1_000)
                        .verdict(&back)
                        .eq(&Verdict::NoMove)
                        && back
                            .legal_moves()
                            .iter()
                            .any(|win| !back.play_unchecked(win).has_legal_move())
                })
        })
        .expect("a first move that wins in two");
    let after = start.play_unchecked(&first);
    let reply = judge.best_move(&after).expect("a reply");
    let back = after.play_unchecked(&reply);
    let win = back
        .legal_moves()
        .into_iter()
        .find(|mv| !back.play_unchecked(mv).has_legal_move())
        .expect("a win");
    let themes = tag(&start, &[first, reply, win]);
    assert!(themes.contains(&Theme::MateIn2), "{themes:?}");
    assert!(themes.contains(&Theme::Blockade), "{themes:?}");
    assert!(!themes.contains(&Theme::MateIn1));
    // The start is the opening, a quiet start minus a few pawns still is.
    let start = position("clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1");
    // (A quiet move that wins nothing ends as a defence.)
    let line = line_of(&start, &["d2d5"]);
    assert_eq!(tag(&start, &line), vec![Theme::Defence, Theme::Opening]);
    let late = position("clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 30");
    assert_eq!(
        tag(&late, &line_of(&late, &["d2d5"])),
        vec![Theme::Defence, Theme::Middlegame]
    );
}

#[test]
fn defensive_lines_are_tagged() {
    // A quiet move: the line neither wins nor gains.
    let start = position("7k/8/8/8/3W4/2p5/8/7K w 0 1");
    let quiet = line_of(&start, &["d4d5"]);
    assert_eq!(tag(&start, &quiet), vec![Theme::Defence, Theme::Endgame]);
    // A capture of one pawn gains less than MIN_GAIN: it ends as a defence too.
    const { assert!(MIN_GAIN > 100) };
    let one_pawn = line_of(&start, &["d4e5"]);
    assert!(tag(&start, &one_pawn).contains(&Theme::Defence));
    // Two pawns taken at once (MIN_GAIN) is a gain, not a defence.
    let start = position("7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1");
    let two_pawns = line_of(&start, &["d1d4"]);
    assert!(!tag(&start, &two_pawns).contains(&Theme::Defence));
    // A win is no defence.
    let start = position("5Pwk/5Pci/5PP1/8/7P/WPW5/cxP5/wxW1K3 w 0 1");
    let blockade = line_of(&start, &["h4h6"]);
    let themes = tag(&start, &blockade);
    assert!(themes.contains(&Theme::MateIn1) && !themes.contains(&Theme::Defence));
}

#[test]
fn the_hold_rule_on_verdicts() {
    let start = position("7k/8/8/8/3W4/2p5/8/7K w 0 1");
    let quiet = start.parse_coordinates("d4d5").expect("legal");
    let capture = start.parse_coordinates("d4e5").expect("legal");
    assert!(!quiet.is_capture() && capture.is_capture());
    let info = |mv: Move, score| ultima_bot::SearchInfo {
        depth: 1,
        seldepth: 1,
        multipv: 1,
        score,
        raw_score: 0,
        nodes: 0,
        time_ms: 0,
        pv: vec![mv],
    };
    let unique_by = |mv, score, gap| Verdict::Unique {
        best: info(mv, score),
        gap,
    };
    let unique = |mv, score| unique_by(mv, score, UNIQUE_GAP);
    // The only quiet move that keeps the balance: a defensive puzzle of that one move.
    let line = hold_line(&unique(quiet, Score::Centipawns(0))).expect("a hold");
    assert_eq!(line.moves, vec![quiet]);
    assert_eq!(line.ending, Ending::Hold);
    assert_eq!(line.smallest_gap, UNIQUE_GAP);
    // Down a little, still at the holding level (-0.2: about -60 centipawns).
    assert!(win_chance(Score::Centipawns(-50)) >= HOLD_LEVEL);
    assert!(hold_line(&unique(quiet, Score::Centipawns(-50))).is_some());
    // Lost even after the best move: nothing holds.
    assert!(win_chance(Score::Centipawns(-150)) < HOLD_LEVEL);
    assert!(hold_line(&unique(quiet, Score::Centipawns(-150))).is_none());
    assert!(hold_line(&unique(quiet, Score::Mate(-3))).is_none());
    // Winning: the usual rules apply, not the defence's.
    assert!(hold_line(&unique_by(quiet, Score::Centipawns(MIN_GAIN), 0.6)).is_none());
    assert!(hold_line(&unique_by(quiet, Score::Centipawns(MIN_GAIN - 1), 0.6)).is_some());
    assert!(hold_line(&unique(quiet, Score::Mate(2))).is_none());
    // A pawn and a half up (win chance 0.27) and the others 0.42 worse (-0.15, above the
    // holding level): they hold too, nothing is saved (the gap alone is no defence).
    let up = Score::Centipawns(150);
    assert!(win_chance(up) - UNIQUE_GAP > HOLD_LEVEL);
    assert!(hold_line(&unique(quiet, up)).is_none());
    assert!(hold_line(&unique_by(quiet, up, 0.6)).is_some());
    // A capture (a recapture of a piece just taken) is no defensive puzzle.
    assert!(hold_line(&unique(capture, Score::Centipawns(0))).is_none());
    // Another move as good, or no choice: no puzzle.
    let not_unique = Verdict::NotUnique {
        best: info(quiet, Score::Centipawns(0)),
        second: info(capture, Score::Centipawns(-10)),
    };
    assert!(hold_line(&not_unique).is_none());
    let forced = Verdict::Forced {
        best: info(quiet, Score::Centipawns(0)),
    };
    assert!(hold_line(&forced).is_none());
}
