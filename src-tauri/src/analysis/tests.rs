//! Analysis in the app on a real save folder: a game that ended is analysed with its
//! progress, kept in the history database and found there after a restart; a stop ends an
//! analysis under way; a game still going is refused; a line's boards follow its moves.

use std::sync::{mpsc, Mutex, MutexGuard};
use std::time::Duration;

use ultima_analysis::Judgement;
use ultima_game::wire::{GameView, NewGame};

use crate::error::{AppProblem, GameProblem};
use crate::state::AppState;
use crate::tests::{folder, open};
use ultima_app_state::analysis::wire::AnalysisAnswer;

/// A new game between friends.
fn friends_game(state: &AppState) -> GameView {
    state
        .new_game(NewGame::Friend {
            turn_board: false,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .expect("a new game")
}

/// A new game against the Novice bot, the player White.
fn novice_game(state: &AppState) -> GameView {
    state
        .new_game(NewGame::Bot {
            level: ultima_bot::Level::Novice,
            player_side: ultima_game::wire::SideChoice::White,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .expect("a new game")
}

/// A game between friends of these moves, then White (to move) or Black resigns.
fn finished_game(state: &AppState, moves: &[(&str, &str)]) -> String {
    let game = friends_game(state);
    for (from, to) in moves {
        state.play_move(&game.id, *from, *to).expect("a legal move");
    }
    let over = state.resign(&game.id).expect("resigned");
    assert!(over.result.is_some());
    game.id
}

/// One analysis runs at a time in the app (a new one stops the one before): so do these tests.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Four quiet opening moves (the bot's own at 400,000 nodes).
const QUIET: [(&str, &str); 4] = [("f2", "f5"), ("f7", "f6"), ("e2", "e4"), ("h7", "h4")];

#[test]
fn a_finished_game_is_analysed_kept_and_found_again_after_a_restart() {
    let _turn = one_at_a_time();
    let dir = folder("analysis-kept");
    let id = {
        let state = open(&dir);
        let id = finished_game(&state, &QUIET);
        assert_eq!(state.stored_analysis(&id), Ok(None));
        let mut seen = Vec::new();
        let answer = super::analyse(&state, &id, &mut |p| seen.push((p.done, p.total))).unwrap();
        assert_eq!(seen, [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]);
        let AnalysisAnswer::Done { analysis } = answer else {
            panic!("stopped: {answer:?}");
        };
        assert_eq!((analysis.positions.len(), analysis.moves.len()), (5, 4));
        assert_eq!(analysis.nodes as u64, ultima_app_state::analysis::NODES);
        // Quiet moves: nothing worse than an inaccuracy, and a best line everywhere.
        assert!(analysis
            .moves
            .iter()
            .all(|m| m.judgement.is_none_or(|j| j == Judgement::Inaccuracy)));
        for position in &analysis.positions {
            let best = position.best.as_ref().expect("a best line");
            assert_eq!(best.moves.len(), best.plies.len());
            assert!(!best.moves.is_empty());
        }
        assert_eq!(state.stored_analysis(&id), Ok(Some(analysis)));
        id
    };
    let state = open(&dir);
    let kept = state
        .stored_analysis(&id)
        .unwrap()
        .expect("kept after a restart");
    assert_eq!(kept.positions.len(), 5);
    // Asked again, it answers with what is kept, without searching (no progress).
    let mut reports = 0;
    let again = super::analyse(&state, &id, &mut |_| reports += 1).unwrap();
    assert_eq!(again, AnalysisAnswer::Done { analysis: kept });
    assert_eq!(reports, 0);
}

#[test]
fn a_stop_ends_the_analysis_under_way() {
    let _turn = one_at_a_time();
    let dir = folder("analysis-stop");
    let state = open(&dir);
    let id = finished_game(&state, &QUIET);
    let (started, first) = mpsc::channel();
    let worker = {
        let (state, id) = (state.clone(), id.clone());
        std::thread::spawn(move || {
            super::analyse(&state, &id, &mut |p| {
                let _ = started.send(p.done);
                // Slow enough for the stop to land part way.
                std::thread::sleep(Duration::from_millis(200));
            })
        })
    };
    first
        .recv_timeout(Duration::from_secs(20))
        .expect("a first position");
    super::stop(&id);
    let answer = worker.join().expect("the analysis thread").unwrap();
    assert!(
        matches!(answer, AnalysisAnswer::Stopped { done, total: 5 } if done < 5),
        "{answer:?}"
    );
    // Nothing half done is kept.
    assert_eq!(state.stored_analysis(&id), Ok(None));
}

#[test]
fn a_game_still_going_is_not_analysed() {
    let _turn = one_at_a_time();
    let dir = folder("analysis-going");
    let state = open(&dir);
    let game = friends_game(&state);
    let refused = super::analyse(&state, &game.id, &mut |_| {});
    assert_eq!(
        refused.map_err(|e| e.problem),
        Err(AppProblem::NotFinished.into())
    );
}

#[test]
fn a_lines_boards_follow_its_moves_from_the_ply_it_starts_at() {
    let dir = folder("analysis-line");
    let state = open(&dir);
    let id = finished_game(&state, &QUIET);
    // After 1. Pf2-f5, Black to move.
    let line = ["e7e5".to_string(), "d2d4".to_string()];
    let boards = state.analysis_line_boards(&id, 1u32, line.clone()).unwrap();
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0].ply, 2);
    assert_eq!(boards[1].ply, 3);
    let last = boards[1].last_move.as_ref().expect("the line's move");
    assert_eq!((last.from.as_str(), last.to.as_str()), ("d2", "d4"));
    let bad = state.analysis_line_boards(&id, 1u32, vec!["e2e3".to_string()]);
    assert!(bad.is_err());
}

#[test]
fn a_hint_against_the_bot_names_a_piece_to_move_and_is_counted_in_the_saved_record() {
    let dir = folder("analysis-hint");
    let state = open(&dir);
    let game = novice_game(&state);
    let first = state.game_hint(&game.id).unwrap();
    assert_eq!(first.hints, 1);
    let square: ultima_rules::Square = first.square.parse().expect("a square");
    // A piece of the player's that has a legal move.
    let view = state.open_game(&game.id).unwrap();
    assert!(
        view.legal_moves.iter().any(|m| m.from == first.square),
        "{square}"
    );
    assert_eq!(state.game_hint(&game.id).unwrap().hints, 2);
    // Kept after a restart (the record in the store).
    drop(state);
    let state = open(&dir);
    assert_eq!(state.find(&game.id).unwrap().hints(), 2);
    // Not between friends.
    let friends = friends_game(&state);
    assert_eq!(
        state.game_hint(&friends.id).map_err(|e| e.problem),
        Err(GameProblem::NotAgainstBot.into())
    );
}

#[test]
fn the_eval_bar_scores_a_position_of_the_game_and_the_saved_record_notes_it() {
    let dir = folder("analysis-eval-bar");
    let state = open(&dir);
    let game = novice_game(&state);
    assert!(!game.eval_bar, "not shown before it is asked for");
    let start = state.game_eval_bar(&game.id, 0u32).unwrap();
    assert_eq!(start.ply, 0);
    assert!(
        start.win_chance.abs() < 0.5,
        "the start is about level: {start:?}"
    );
    assert_eq!(start.win_chance, start.eval.win_chance());
    assert!(state.find(&game.id).unwrap().eval_bar());
    assert_eq!(
        state.game_eval_bar(&game.id, 5u32).map_err(|e| e.problem),
        Err(GameProblem::NoSuchPly { ply: 5 }.into())
    );
    // Kept after a restart, and in the finished game's line in the list.
    drop(state);
    let state = open(&dir);
    assert!(state.open_game(&game.id).unwrap().eval_bar);
    state.resign(&game.id).unwrap();
    let listed = state.finished_games(None, 10u32).unwrap();
    assert_eq!(
        listed.games.first().map(|g| (g.id.as_str(), g.eval_bar)),
        Some((game.id.as_str(), true))
    );
    // A finished game's positions are scored too (as in review), the record unchanged.
    assert!(state.game_eval_bar(&game.id, 0u32).is_ok());

    // A game in which the bar was not shown says so.
    let friends = finished_game(&state, &QUIET);
    let listed = state.finished_games(None, 10u32).unwrap();
    assert_eq!(
        listed.games.first().map(|g| (g.id.as_str(), g.eval_bar)),
        Some((friends.as_str(), false))
    );
}

#[test]
fn a_stopped_eval_bar_search_answers_cancelled() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let game = ultima_rules::Game::new(ultima_rules::Position::start());
    let stopped =
        ultima_app_state::analysis::wire::eval_bar(&game, 0, &Arc::new(AtomicBool::new(true)));
    let error = stopped.expect_err("stopped");
    assert_eq!(error.problem, AppProblem::BotStopped);
    assert!(error.is_cancelled(), "the UI passes it over in silence");
    let scored =
        ultima_app_state::analysis::wire::eval_bar(&game, 0, &Arc::new(AtomicBool::new(false)))
            .unwrap();
    assert_eq!(scored.ply, 0);
}
