//! The puzzle trainer in the app, end to end on real save files and a real history database:
//! the next puzzle is never one seen, a right move is answered at once, a wrong move is shown
//! with its refutation and retried, any winning move at the end counts, the rating counts the
//! first try once, every attempt is a row in SQLite, the puzzle in progress comes back after a
//! restart, and a damaged rating is kept aside with a notice.

use serde_json::{json, Value};
use ultima_game::ErrorKind;
use ultima_puzzles::rating::Difficulty;
use ultima_puzzles::{Puzzle, Theme};
use ultima_rules::{Color, Position};

use crate::error::{AppError, GameProblem, PuzzleProblem};
use crate::state::AppState;
use crate::tests::{folder, on_disk, open, with_save};
use ultima_app_state::notice::Notice;
use ultima_app_state::puzzles::stored::PuzzleState;
use ultima_app_state::puzzles::wire::{PuzzleStep, PuzzleStepView, PuzzleView};

/// A lone black king steps next to the rank the white immobilizer sweeps: the immobilizer
/// freezes it from g7 (the solution) or from h7, and either leaves black without a move.
const MATE: &str = "mate";
const MATE_UFEN: &str = "8/I7/8/7k/8/8/8/K7 b 0 1";

/// Test puzzles: the mate above, and lines of quiet moves from the start (two solver moves
/// each), which the app plays like any puzzle: it checks moves against the line, not the
/// engine.
fn test_puzzles() -> &'static [Puzzle] {
    let mut puzzles = vec![Puzzle {
        id: MATE.into(),
        ufen: MATE_UFEN.into(),
        moves: vec!["h5h6".into(), "a7g7".into()],
        rating: 1400,
        rating_deviation: 80,
        themes: vec![Theme::Immobilization, Theme::MateIn1, Theme::Endgame],
    }];
    for (n, rating) in [1450, 1500, 1550, 1600].into_iter().enumerate() {
        let mut position = Position::start();
        let mut moves = Vec::new();
        for ply in 0..4 {
            let legal = position.legal_moves();
            // Different lines for different puzzles: the first move picks the line.
            let mv = legal[if ply == 0 { n } else { 0 }];
            moves.push(mv.coordinates());
            position = position.play_unchecked(&mv);
        }
        puzzles.push(Puzzle {
            id: format!("line{n}"),
            ufen: Position::start().ufen(),
            moves,
            rating,
            rating_deviation: 80,
            themes: vec![
                if n % 2 == 0 {
                    Theme::Pinch
                } else {
                    Theme::Withdrawal
                },
                Theme::Opening,
            ],
        });
    }
    Box::leak(puzzles.into_boxed_slice())
}

fn opened(dir: &std::path::Path) -> AppState {
    let state = open(dir);
    state.use_puzzles(test_puzzles());
    state
}

fn puzzle(id: &str) -> &'static Puzzle {
    test_puzzles()
        .iter()
        .find(|p| p.id == id)
        .expect("a test puzzle")
}

/// The solution's move `index` (0: the mistake) as from/to.
fn line_move(id: &str, index: usize) -> (String, String) {
    let text = &puzzle(id).moves[index];
    (text[..2].to_string(), text[2..].to_string())
}

fn play(state: &AppState, id: &str, index: usize) -> PuzzleStep {
    let (from, to) = line_move(id, index);
    state
        .puzzle_move(id, &from, &to)
        .unwrap_or_else(|error| panic!("the move was refused: {error}"))
}

/// A legal move of the solver that is not the line's `index`-th move.
fn other_move(view: &PuzzleView, id: &str, index: usize) -> (String, String) {
    let (from, to) = line_move(id, index);
    view.legal_moves
        .iter()
        .find(|mv| (&mv.from, &mv.to) != (&from, &to))
        .map(|mv| (mv.from.clone(), mv.to.clone()))
        .expect("another legal move")
}

fn code(error: &AppError) -> Value {
    serde_json::to_value(error).expect("an error serialises")
}

#[test]
fn the_next_puzzle_is_never_one_seen_and_each_left_is_filed() {
    let dir = folder("puzzles-next");
    let state = opened(&dir);
    let mut ids = Vec::new();
    for _ in 0..test_puzzles().len() {
        let view = state
            .puzzle_next(Difficulty::Normal, None)
            .expect("a puzzle");
        assert!(!ids.contains(&view.id), "{} twice", view.id);
        assert_eq!(view.state, PuzzleState::Playing);
        assert!(view.rated && !view.replay);
        ids.push(view.id);
    }
    let error = state
        .puzzle_next(Difficulty::Harder, None)
        .expect_err("every puzzle is seen");
    assert_eq!(error.problem, PuzzleProblem::NoPuzzleLeft);
    // Each puzzle left unfinished is an attempt (unrated, undecided); the open one is not yet.
    let history = state.puzzle_history(None, 50u32).expect("the history");
    assert_eq!(history.attempts.len(), test_puzzles().len() - 1);
    assert!(history
        .attempts
        .iter()
        .all(|a| !a.finished && a.change.is_none()));
    // Seen after a restart too: the database remembers.
    drop(state);
    let state = opened(&dir);
    let error = state
        .puzzle_next(Difficulty::Easier, None)
        .expect_err("still every puzzle seen");
    assert_eq!(error.problem, PuzzleProblem::NoPuzzleLeft);
}

#[test]
fn a_theme_is_asked_by_its_name() {
    let state = opened(&folder("puzzles-theme"));
    let view = state
        .puzzle_next(Difficulty::Normal, Some("mate-in-1".to_string()))
        .expect("the mate");
    assert_eq!(view.id, MATE);
    assert_eq!(
        state
            .puzzle_next(Difficulty::Normal, Some("mate-in-1".to_string()))
            .map(|v| v.id),
        Err(AppError::new(PuzzleProblem::NoPuzzleLeft))
    );
    let error = state
        .puzzle_next(Difficulty::Normal, Some("fork".to_string()))
        .expect_err("not a theme");
    assert_eq!(
        code(&error),
        json!({ "kind": "badRequest", "problem": { "code": "unknownTheme", "theme": "fork" } })
    );
}

#[test]
fn a_right_move_is_answered_at_once_and_the_solve_counts_once() {
    let dir = folder("puzzles-solve");
    let state = opened(&dir);
    let view = state.puzzle_replay("line2").expect("opens");
    assert!(view.rated, "never seen: rated");
    assert_eq!(view.solver, Color::Black, "white errs first from the start");
    assert_eq!(
        (view.mistake.from.clone(), view.mistake.to.clone()),
        line_move("line2", 0)
    );
    assert!(view.plies.is_empty());
    assert_eq!((view.solver_moves, view.solver_moves_played), (2, 0));
    assert!(!view.legal_moves.is_empty());
    assert_eq!(
        state.puzzle_hint("line2").expect("a hint").as_deref(),
        Some(&puzzle("line2").moves[1][..2]),
        "the square of the piece to move"
    );
    // (The hint made this try a loss: start a clean one on another puzzle.)
    let hinted = state.puzzle_open().expect("reads").expect("open");
    assert_eq!(hinted.hints, 1);
    assert!(!hinted.rated, "a hint decides the first try");
    let lost = hinted.change.expect("decided");
    assert!(lost.after < lost.before);

    let before = state.puzzle_status();
    state.puzzle_replay("line0").expect("opens");
    let first = play(&state, "line0", 1);
    let PuzzleStepView::Continue { played, reply, .. } = &first.step else {
        panic!("expected the reply, got {:?}", first.step);
    };
    assert_eq!(
        (played.from.clone(), played.to.clone()),
        line_move("line0", 1)
    );
    assert_eq!(
        (reply.from.clone(), reply.to.clone()),
        line_move("line0", 2)
    );
    assert_eq!(first.puzzle.plies.len(), 2);
    assert_eq!(first.puzzle.state, PuzzleState::Playing);
    assert!(first.puzzle.rated && first.puzzle.change.is_none());
    let solved = play(&state, "line0", 3);
    assert!(matches!(solved.step, PuzzleStepView::Solved { .. }));
    assert_eq!(solved.puzzle.state, PuzzleState::Solved);
    assert!(solved.puzzle.legal_moves.is_empty());
    assert_eq!(solved.puzzle.solution.as_ref().map(Vec::len), Some(3));
    let change = solved.puzzle.change.expect("the rating changed");
    assert!(change.after > change.before);
    let after = state.puzzle_status();
    assert_eq!(after.rating, change.after);
    assert_eq!(
        (after.attempted, after.solved, after.streak),
        (before.attempted + 1, before.solved + 1, 1)
    );
    // The chart: the starting rating, the hinted puzzle's, then this one's.
    let chart: Vec<u32> = after.history.iter().map(|point| point.rating).collect();
    assert_eq!(chart, [1500, lost.after, change.after]);
    assert_eq!(before.history.len(), 2);
    assert_eq!(after.current, None, "solved: nothing in progress");
    // Nothing more to play; the rating does not move again.
    let again = play(&state, "line0", 3);
    assert_eq!(again.step, PuzzleStepView::Finished);
    assert_eq!(state.puzzle_status(), after);
    // The attempt is a row in SQLite, newest first.
    let history = state.puzzle_history(None, 10u32).expect("the history");
    let newest = &history.attempts[0];
    assert_eq!(newest.puzzle_id, "line0");
    assert!(newest.solved && newest.finished && newest.rated);
    assert_eq!(newest.change, Some(change));
    assert_eq!(newest.rating, 1450);
    assert_eq!(newest.themes, [Theme::Pinch, Theme::Opening]);
    // A replay of a solved puzzle is not rated.
    let replay = state.puzzle_retry("line0").expect("again");
    assert!(replay.replay && !replay.rated);
    play(&state, "line0", 1);
    let solved = play(&state, "line0", 3);
    assert_eq!(solved.puzzle.change, None);
    assert_eq!(state.puzzle_status().rating, after.rating);
    let history = state.puzzle_history(None, 10u32).expect("the history");
    assert_eq!(
        history.attempts.len(),
        3,
        "the hinted try, the solve, the replay"
    );
    assert!(!history.attempts[0].rated);
}

#[test]
fn a_wrong_move_is_shown_with_its_refutation_and_retried_and_the_rating_counts_the_first_try() {
    let dir = folder("puzzles-wrong");
    let state = opened(&dir);
    let view = state.puzzle_replay("line1").expect("opens");
    let (from, to) = other_move(&view, "line1", 1);
    let wrong = state
        .puzzle_move("line1", &from, &to)
        .expect("a legal move");
    let PuzzleStepView::Wrong { played } = &wrong.step else {
        panic!("expected a wrong move, got {:?}", wrong.step);
    };
    assert_eq!((&played.from, &played.to), (&from, &to));
    let shown = &wrong.puzzle;
    assert_eq!(shown.state, PuzzleState::Wrong);
    assert!(shown.legal_moves.is_empty(), "a retry first");
    assert!(
        shown.plies.is_empty(),
        "the wrong move is not part of the try"
    );
    assert_eq!(shown.wrong.as_ref(), Some(played));
    assert!(shown.wrong_board.is_some());
    assert!(shown.refutation.is_some(), "the opponent's best answer");
    assert!(shown.refutation_board.is_some());
    assert_eq!(shown.board, view.board, "the board before the wrong move");
    let lost = shown.change.expect("the first try is lost");
    assert!(lost.after < lost.before);
    // Moves wait for the retry.
    assert_eq!(play(&state, "line1", 1).step, PuzzleStepView::Finished);
    let retried = state.puzzle_retry("line1").expect("retries");
    assert_eq!(retried.state, PuzzleState::Playing);
    assert_eq!(retried.board, view.board);
    assert_eq!(retried.mistakes, 1);
    assert!(retried.wrong.is_none());
    play(&state, "line1", 1);
    let solved = play(&state, "line1", 3);
    assert_eq!(solved.puzzle.state, PuzzleState::Solved);
    assert_eq!(solved.puzzle.change, Some(lost), "counted once, as a loss");
    let status = state.puzzle_status();
    assert_eq!((status.attempted, status.solved, status.streak), (1, 0, 0));
    assert_eq!(status.rating, lost.after);
    assert_eq!(status.history.len(), 2, "the start, and this puzzle");
    let history = state.puzzle_history(None, 10u32).expect("the history");
    assert_eq!(history.attempts.len(), 1);
    assert!(history.attempts[0].finished && !history.attempts[0].solved);
}

#[test]
fn any_winning_move_at_the_end_counts_and_an_illegal_one_is_refused() {
    let state = opened(&folder("puzzles-mate"));
    let view = state.puzzle_replay(MATE).expect("opens");
    assert_eq!(view.solver, Color::White);
    let error = state
        .puzzle_move(MATE, "a1", "a3")
        .expect_err("a king steps one square");
    assert_eq!(error.kind, ErrorKind::IllegalMove);
    let error = state.puzzle_move(MATE, "z9", "a3").expect_err("no square");
    assert_eq!(error.problem, GameProblem::BadSquare { text: "z9".into() });
    assert_eq!(
        state.puzzle_open().expect("reads").expect("open"),
        view,
        "nothing changed"
    );
    // Not the solution's a7g7, but it freezes the king as well.
    let solved = state.puzzle_move(MATE, "a7", "h7").expect("legal");
    assert!(matches!(solved.step, PuzzleStepView::Solved { .. }));
    assert!(solved.puzzle.change.is_some_and(|c| c.after > c.before));
    // Another puzzle's id is not the one open.
    let error = state
        .puzzle_move("line0", "a1", "a2")
        .expect_err("not open");
    assert_eq!(
        code(&error),
        json!({ "kind": "noGame", "problem": { "code": "notOpenPuzzle", "puzzle": "line0" } })
    );
    let error = state.puzzle_replay("nope").expect_err("no such puzzle");
    assert_eq!(
        error.problem,
        PuzzleProblem::NoSuchPuzzle {
            puzzle: "nope".into()
        }
    );
}

#[test]
fn the_solution_gives_up_as_a_loss_and_is_filed() {
    let state = opened(&folder("puzzles-solution"));
    state.puzzle_replay("line3").expect("opens");
    play(&state, "line3", 1);
    let given_up = state.puzzle_solution("line3").expect("the solution");
    assert_eq!(given_up.state, PuzzleState::Failed);
    assert_eq!(given_up.solution.as_ref().map(Vec::len), Some(3));
    assert!(given_up.change.is_some_and(|c| c.after < c.before));
    assert_eq!(state.puzzle_hint("line3").expect("answers"), None);
    let history = state.puzzle_history(None, 10u32).expect("the history");
    assert_eq!(history.attempts.len(), 1);
    assert!(!history.attempts[0].finished);
}

#[test]
fn the_puzzle_in_progress_and_the_rating_come_back_after_a_restart() {
    let dir = folder("puzzles-restart");
    {
        let state = opened(&dir);
        state.puzzle_replay(MATE).expect("opens");
        state.puzzle_move(MATE, "a7", "g7").expect("solves");
        state.puzzle_replay("line0").expect("opens");
        play(&state, "line0", 1);
        // The app is killed here: nothing more is written.
    }
    let saved = on_disk(&dir);
    assert_eq!(
        saved["puzzleCurrent"]["played"].as_array().map(Vec::len),
        Some(2)
    );
    let state = opened(&dir);
    let startup = state.start_up().expect("starts");
    assert_eq!(startup.notices, Vec::<Notice>::new());
    assert_eq!(startup.puzzles.current.as_deref(), Some("line0"));
    assert_eq!((startup.puzzles.attempted, startup.puzzles.solved), (1, 1));
    assert!(startup.puzzles.rating > 1500);
    assert_eq!(startup.puzzles.history.len(), 2, "the start, and the mate");
    let view = state
        .puzzle_open()
        .expect("reads")
        .expect("the puzzle in progress");
    assert_eq!(view.id, "line0");
    assert_eq!((view.plies.len(), view.solver_moves_played), (2, 1));
    assert!(view.rated);
    let solved = play(&state, "line0", 3);
    assert_eq!(solved.puzzle.state, PuzzleState::Solved);
    assert_eq!(state.puzzle_status().streak, 2);
    // The mate was filed once, when the line replaced it; the line now.
    let history = state.puzzle_history(None, 10u32).expect("the history");
    let ids: Vec<&str> = history
        .attempts
        .iter()
        .map(|a| a.puzzle_id.as_str())
        .collect();
    assert_eq!(ids, ["line0", MATE]);
}

#[test]
fn a_quit_in_the_trainer_reopens_the_app_on_it_and_leaving_it_first_does_not() {
    let dir = folder("puzzles-reopen");
    {
        let state = opened(&dir);
        // No puzzle yet: nothing to reopen on.
        assert!(!state.start_up().expect("starts").puzzles.reopen);
        state.puzzle_replay("line1").expect("opens");
        play(&state, "line1", 1);
        // Killed in the trainer: the save already says so.
    }
    assert_eq!(on_disk(&dir)["puzzleCurrent"]["onScreen"], json!(true));
    {
        let state = opened(&dir);
        let startup = state.start_up().expect("starts");
        assert!(startup.puzzles.reopen, "the trainer was on screen");
        assert_eq!(startup.puzzles.current.as_deref(), Some("line1"));
        let view = state.puzzle_open().expect("reads").expect("the puzzle");
        assert_eq!((view.id.as_str(), view.solver_moves_played), ("line1", 1));
        // The player goes home: the next start opens home, the puzzle still in progress.
        state.puzzle_leave().expect("leaves");
        assert!(!state.puzzle_status().reopen);
    }
    {
        let state = opened(&dir);
        let startup = state.start_up().expect("starts");
        assert!(!startup.puzzles.reopen, "the player had left the trainer");
        assert_eq!(startup.puzzles.current.as_deref(), Some("line1"));
        // Opening the trainer again marks it on screen; a puzzle over and still shown counts.
        state.puzzle_open().expect("reads").expect("the puzzle");
        play(&state, "line1", 3);
        assert!(state.puzzle_status().reopen);
        assert_eq!(state.puzzle_status().current, None, "solved");
    }
    let state = opened(&dir);
    assert!(state.start_up().expect("starts").puzzles.reopen);
    let view = state
        .puzzle_open()
        .expect("reads")
        .expect("the solved puzzle");
    assert_eq!(view.state, PuzzleState::Solved);
    // Leaving twice, or with nothing open, is harmless.
    state.puzzle_leave().expect("leaves");
    state.puzzle_leave().expect("leaves again");
    assert!(!state.puzzle_status().reopen);
}

#[test]
fn a_solve_the_app_died_before_filing_is_filed_at_the_next_start_once() {
    let dir = folder("puzzles-unfiled");
    {
        let state = opened(&dir);
        state.puzzle_replay(MATE).expect("opens");
        state.puzzle_move(MATE, "a7", "g7").expect("solves");
    }
    // As if the app died between the save and the database's row.
    let mut saved = on_disk(&dir);
    saved["puzzleCurrent"]["filed"] = json!(false);
    std::fs::write(dir.join("ultima.json"), saved.to_string()).expect("write");
    for _ in 0..2 {
        let state = opened(&dir);
        let history = state.puzzle_history(None, 10u32).expect("the history");
        assert_eq!(history.attempts.len(), 1, "stored once");
        assert!(history.attempts[0].solved);
    }
}

#[test]
fn a_damaged_rating_is_kept_aside_with_a_notice_and_starts_again() {
    for (name, rating, notice) in [
        ("garbage", json!("1800?"), Notice::PuzzleRatingUnreadable),
        (
            "impossible",
            json!({"version": 1, "player": {"rating": -40, "deviation": 80, "volatility": 0.06}}),
            Notice::PuzzleRatingUnreadable,
        ),
        (
            "newer",
            json!({"version": 7, "player": {"shape": "new"}}),
            Notice::PuzzleRatingFromNewerVersion { version: 7 },
        ),
    ] {
        let dir = with_save(
            &format!("puzzles-damaged-{name}"),
            &json!({ "version": 2, "puzzleRating": rating, "puzzleCurrent": {"puzzle": 3} }),
        );
        let state = opened(&dir);
        let startup = state.start_up().expect("starts");
        assert_eq!(startup.notices, vec![notice], "{name}");
        assert_eq!(
            (startup.puzzles.rating, startup.puzzles.attempted),
            (1500, 0)
        );
        assert_eq!(startup.puzzles.current, None, "{name}");
        // The next save writes a fresh rating; the damaged one stays aside.
        state.puzzle_replay(MATE).expect("opens");
        let file = on_disk(&dir);
        assert_eq!(file["damaged-puzzleRating-1"], rating, "{name}");
        assert_eq!(
            file["damaged-puzzleCurrent-1"],
            json!({"puzzle": 3}),
            "{name}"
        );
        assert_eq!(file["puzzleRating"]["version"], json!(1), "{name}");
        // Read again: no notice twice.
        drop(state);
        let state = opened(&dir);
        assert_eq!(
            state.start_up().expect("starts").notices,
            Vec::<Notice>::new()
        );
    }
}

#[test]
fn a_valid_rating_reads_back_as_saved() {
    let dir = folder("puzzles-rating");
    {
        let state = opened(&dir);
        state.puzzle_replay(MATE).expect("opens");
        state.puzzle_move(MATE, "a7", "g7").expect("solves");
    }
    let saved = on_disk(&dir)["puzzleRating"]["player"]["rating"]
        .as_f64()
        .expect("a rating");
    let state = opened(&dir);
    let status = state.puzzle_status();
    assert_eq!(f64::from(status.rating), saved.round());
    assert_eq!(
        (status.streak, status.best_streak, status.solved),
        (1, 1, 1)
    );
}

#[test]
fn the_trainers_choice_comes_back_after_a_restart_and_a_bad_one_costs_nothing_else() {
    use ultima_app_state::puzzles::stored::{PuzzleChoice, PuzzleMode};
    let dir = folder("puzzles-choice");
    let chosen = PuzzleChoice {
        mode: PuzzleMode::Streak,
        difficulty: Difficulty::Harder,
        theme: Some("withdrawal".into()),
    };
    {
        let state = opened(&dir);
        assert_eq!(state.puzzle_status().choice, PuzzleChoice::default());
        state.puzzle_replay(MATE).expect("opens");
        state.puzzle_move(MATE, "a7", "g7").expect("solves");
        state.puzzle_choose(chosen.clone()).expect("saved");
        let error = state
            .puzzle_choose(PuzzleChoice {
                theme: Some("blockade".into()),
                ..PuzzleChoice::default()
            })
            .expect_err("no test puzzle is a blockade");
        assert_eq!(
            error.problem,
            PuzzleProblem::UnknownTheme {
                theme: "blockade".into()
            }
        );
    }
    let state = opened(&dir);
    let startup = state.start_up().expect("starts");
    assert_eq!(startup.puzzles.choice, chosen);
    assert_eq!(state.puzzle_status().choice, chosen);
    drop(state);
    // A choice damaged in the file: the default for what does not read, the rest kept.
    let mut saved = on_disk(&dir);
    saved["puzzleRating"]["choice"] = json!({"mode": "streak", "difficulty": 12, "theme": "?"});
    std::fs::write(dir.join("ultima.json"), saved.to_string()).expect("write");
    let state = opened(&dir);
    let startup = state.start_up().expect("starts");
    assert_eq!(startup.notices, Vec::<Notice>::new());
    assert_eq!(
        startup.puzzles.choice,
        PuzzleChoice {
            mode: PuzzleMode::Streak,
            ..PuzzleChoice::default()
        }
    );
    assert_eq!((startup.puzzles.solved, startup.puzzles.streak), (1, 1));
}

#[test]
fn replaying_the_puzzle_in_progress_goes_on_with_it() {
    let state = opened(&folder("puzzles-replay-current"));
    state.puzzle_replay("line0").expect("opens");
    play(&state, "line0", 1);
    let view = state.puzzle_replay("line0").expect("the same");
    assert!(view.rated, "still the first try");
    assert_eq!(view.plies.len(), 2);
    assert!(state
        .puzzle_history(None, 10u32)
        .expect("reads")
        .attempts
        .is_empty());
}

#[test]
fn with_a_save_from_a_newer_version_the_trainer_works_but_nothing_is_written() {
    let dir = with_save(
        "puzzles-newer-save",
        &json!({"version": 3, "puzzleRating": {"version": 1}}),
    );
    let before = std::fs::read(dir.join("ultima.json")).expect("read");
    let state = opened(&dir);
    assert!(state.start_up().expect("starts").read_only);
    state.puzzle_replay(MATE).expect("opens");
    let solved = state.puzzle_move(MATE, "a7", "g7").expect("solves");
    assert_eq!(solved.puzzle.state, PuzzleState::Solved);
    assert_eq!(state.puzzle_status().solved, 1, "kept in memory");
    assert_eq!(
        state
            .puzzle_history(None, 10u32)
            .expect("in memory")
            .attempts
            .len(),
        1
    );
    drop(state);
    assert_eq!(std::fs::read(dir.join("ultima.json")).ok(), Some(before));
    assert!(!dir.join(ultima_native::history::FILE).exists());
}

/// Solving puzzles of `puzzles` by their lines, through the commands, as a player would.
fn solve_by_their_lines(puzzles: &'static [Puzzle], name: &str) {
    let state = open(&folder(name));
    state.use_puzzles(puzzles);
    for puzzle in puzzles {
        state.puzzle_replay(&puzzle.id).expect("opens");
        let mut last = None;
        for index in (1..puzzle.moves.len()).step_by(2) {
            let text = &puzzle.moves[index];
            let step = state
                .puzzle_move(&puzzle.id, &text[..2], &text[2..])
                .unwrap_or_else(|error| panic!("{}: {text} refused: {error}", puzzle.id));
            last = Some(step);
        }
        let solved = last.expect("a solver move");
        assert!(
            matches!(solved.step, PuzzleStepView::Solved { .. }),
            "{}: {:?}",
            puzzle.id,
            solved.step
        );
    }
}

#[test]
fn the_first_puzzles_of_the_shipped_collection_solve_by_their_lines() {
    let puzzles = ultima_puzzles::collection().expect("the collection reads");
    let sample: Vec<Puzzle> = puzzles.into_iter().take(20).collect();
    solve_by_their_lines(
        Box::leak(sample.into_boxed_slice()),
        "puzzles-shipped-lines",
    );
}
