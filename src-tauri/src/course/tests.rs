//! The course in the app, end to end on real save files: tasks opened, moves refused with the
//! rules' reasons, misses and retries, solves with stars, the progress and the task open saved
//! as they change and read back after a restart, damage kept aside and reported, and reset.

use serde_json::{json, Value};
use ultima_course::{MissReason, RunState, Score};
use ultima_game::ErrorKind;
use ultima_rules::{Color, Role};

use crate::error::{AppError, AppProblem, CourseProblem, GameProblem};
use crate::tests::{folder, kill_and_reopen, on_disk, open, with_save};
use ultima_app_state::course::wire::{GoalView, StepView, TaskStep};
use ultima_app_state::notice::Notice;

fn step(answer: Result<TaskStep, AppError>) -> TaskStep {
    answer.unwrap_or_else(|error| panic!("the step was refused: {error}"))
}

fn code(error: &AppError) -> Value {
    serde_json::to_value(error).expect("an error serialises")
}

/// A save with only the course's progress in it.
fn save_with_progress(progress: Value) -> Value {
    json!({ "version": 2, "courseProgress": progress })
}

#[test]
fn an_opened_task_shows_its_board_goal_marks_and_texts() {
    let state = open(&folder("course-open"));
    let task = state.open_task("withdrawer-3").expect("opens");
    assert_eq!((task.chapter.as_str(), task.number), ("withdrawer", 3));
    assert_eq!(task.chapter_tasks, 3);
    assert!(!task.first);
    assert_eq!(task.prompt_key, "withdrawer-3.prompt");
    assert_eq!(task.hint_key, "withdrawer-3.hint");
    assert_eq!(task.goal_key, "goal.capture");
    assert_eq!(task.params.get("moves").map(String::as_str), Some("3"));
    assert_eq!(
        task.goal,
        GoalView::Capture {
            squares: vec!["c3".into(), "g6".into()]
        }
    );
    assert_eq!(task.marked, ["c3", "g6"]);
    assert_eq!(task.learner, Color::White);
    assert_eq!(task.state, RunState::Playing);
    assert_eq!((task.tries, task.moves_used, task.max_moves), (1, 0, 3));
    assert_eq!(task.stars, 0);
    assert_eq!(task.following.as_deref(), Some("leaper-1"));
    assert!(task
        .board
        .pieces
        .iter()
        .any(|piece| piece.square == "d4" && piece.role == Role::Withdrawer));
    let withdrawal = task
        .legal_moves
        .iter()
        .find(|mv| mv.from == "d4" && mv.to == "f6")
        .expect("d4f6 is legal");
    assert_eq!(withdrawal.captures, ["c3"], "with what it takes");
    assert!(task.plies.is_empty());
    // The chapter's first task carries its introduction.
    let first = state.open_task("withdrawer-1").expect("opens");
    assert!(first.first);
    assert_eq!(first.intro_key, "withdrawer.intro");
    assert_eq!(first.intro.highlight, ["c3"]);
    assert_eq!(first.intro.arrows, [("d4".to_string(), "g7".to_string())]);
}

#[test]
fn a_wrong_move_is_refused_with_the_rules_reason_and_changes_nothing() {
    let dir = folder("course-illegal");
    let state = open(&dir);
    state.open_task("removal-2").expect("opens");
    // White's leaper on b1 is frozen by the immobilizer on b2.
    let error = state
        .task_move("removal-2", "b1", "b3")
        .expect_err("a frozen piece does not move");
    assert_eq!(error.kind, ErrorKind::IllegalMove);
    assert_eq!(
        code(&error),
        json!({ "kind": "illegalMove", "problem": {
            "code": "frozen", "role": "longLeaper", "square": "b1",
            "by": [{ "role": "immobilizer", "square": "b2" }], "removable": true } })
    );
    let error = state
        .task_move("removal-2", "a1", "a1")
        .expect_err("a king is never removed");
    assert_eq!(error.problem, GameProblem::KingRemoval);
    let task = state.open_task("removal-2").expect("still open");
    assert_eq!((task.tries, task.moves_used), (1, 0));
    assert!(task.plies.is_empty());
    // The removal itself solves it.
    let solved = step(state.task_move("removal-2", "b1", "b1"));
    assert!(matches!(solved.step, StepView::Solved { stars: 3, .. }));
}

#[test]
fn a_missed_move_gives_the_tasks_words_and_a_retry_counts_a_try() {
    let state = open(&folder("course-miss"));
    state.open_task("withdrawer-1").expect("opens");
    let missed = step(state.task_move("withdrawer-1", "e4", "d4"));
    let StepView::Missed {
        played,
        reason,
        miss_key,
        ..
    } = &missed.step
    else {
        panic!("expected a miss, got {:?}", missed.step);
    };
    assert_eq!((played.from.as_str(), played.to.as_str()), ("e4", "d4"));
    assert_eq!(*reason, MissReason::BudgetSpent);
    assert_eq!(miss_key, "withdrawer-1.miss");
    assert_eq!(missed.task.state, RunState::Missed);
    assert!(missed.task.legal_moves.is_empty(), "no moves until a retry");
    // Another move waits for the retry.
    let waiting = step(state.task_move("withdrawer-1", "d4", "d5"));
    assert_eq!(waiting.step, StepView::Finished);
    let retried = state.task_retry("withdrawer-1").expect("retries");
    assert_eq!((retried.tries, retried.moves_used), (2, 0));
    assert_eq!(retried.state, RunState::Playing);
    assert!(retried.plies.is_empty());
    let solved = step(state.task_move("withdrawer-1", "e4", "e1"));
    let StepView::Solved {
        score,
        stars,
        best,
        improved,
        ..
    } = solved.step
    else {
        panic!("expected a solve, got {:?}", solved.step);
    };
    assert_eq!(
        score,
        Score {
            moves: 1,
            tries: 2,
            hinted: false
        }
    );
    assert_eq!((stars, best, improved), (2, 2, true));
}

#[test]
fn a_solve_earns_its_stars_with_the_replies_and_the_map_shows_them() {
    let dir = folder("course-solve");
    let state = open(&dir);
    state.open_task("withdrawer-3").expect("opens");
    assert_eq!(
        state.task_hint("withdrawer-3").expect("a hint"),
        Some("d4".to_string())
    );
    let first = step(state.task_move("withdrawer-3", "d4", "f6"));
    let StepView::Continue {
        played,
        reply,
        after_played,
    } = &first.step
    else {
        panic!("expected the reply, got {:?}", first.step);
    };
    assert_eq!(played.captures, ["c3"]);
    assert_eq!((reply.from.as_str(), reply.to.as_str()), ("h1", "h2"));
    assert_eq!(after_played.turn, Color::Black, "between the two moves");
    assert_eq!(first.task.marked, ["g6"], "c3 is taken");
    assert_eq!(first.task.plies.len(), 2);
    assert_eq!(
        state.task_hint("withdrawer-3").expect("a hint"),
        Some("f6".to_string())
    );
    let solved = step(state.task_move("withdrawer-3", "f6", "d6"));
    let StepView::Solved {
        score,
        stars,
        improved,
        reply,
        ..
    } = &solved.step
    else {
        panic!("expected a solve, got {:?}", solved.step);
    };
    // The hint asked above costs a star.
    assert_eq!(
        *score,
        Score {
            moves: 2,
            tries: 1,
            hinted: true
        }
    );
    assert_eq!((*stars, *improved), (2, true));
    assert!(reply.is_none());
    assert_eq!(solved.task.state, RunState::Solved);
    assert_eq!(solved.task.stars, 2);

    let map = state.course_map().expect("the map");
    let chapter = map
        .chapters
        .iter()
        .find(|chapter| chapter.id == "withdrawer")
        .expect("the chapter");
    assert_eq!((chapter.earned, chapter.possible), (2, 9));
    assert!(!chapter.done);
    let summary = &chapter.tasks[2];
    assert_eq!(
        (summary.id.as_str(), summary.stars, summary.done),
        ("withdrawer-3", 2, true)
    );
    assert!(chapter.tasks[1].quiz, "withdrawer-2 is a quiz");
    assert_eq!(map.current, None, "a solved task is not open any more");
    assert_eq!(
        on_disk(&dir)["courseProgress"],
        json!({"version": 1, "tasks": {"withdrawer-3": {"best": {"moves": 2, "tries": 1, "hinted": true}}}}),
        "saved as it happened"
    );
    assert!(on_disk(&dir).get("courseTask").is_none());
    // Solved again with more tries, the best stays.
    state.task_retry("withdrawer-3").expect("starts over");
    state.task_retry("withdrawer-3").expect("a second try");
    step(state.task_move("withdrawer-3", "d4", "f6"));
    let again = step(state.task_move("withdrawer-3", "f6", "d6"));
    assert!(matches!(
        again.step,
        StepView::Solved {
            stars: 2,
            best: 2,
            improved: false,
            ..
        }
    ));
}

#[test]
fn after_a_restart_the_progress_is_back_and_the_task_reopens_at_its_move() {
    let dir = folder("course-restart");
    {
        let state = open(&dir);
        state.open_task("withdrawer-1").expect("opens");
        step(state.task_move("withdrawer-1", "e4", "e1"));
        state.open_task("withdrawer-3").expect("opens");
        state.task_retry("withdrawer-3").expect("a second try");
        step(state.task_move("withdrawer-3", "d4", "f6"));
        // Dropped without closing anything, as a `kill -9` leaves it: only what was saved as
        // it happened is there.
    }
    assert_eq!(
        on_disk(&dir)["courseTask"],
        json!({"task": "withdrawer-3", "tries": 2, "moves": ["d4f6"]})
    );
    let state = open(&dir);
    let startup = state.start_up().expect("starts");
    assert!(startup.notices.is_empty());
    assert_eq!(startup.course.current.as_deref(), Some("withdrawer-3"));
    assert_eq!(startup.course.next.as_deref(), Some("board-1"));
    assert_eq!(startup.course.solved, 1);
    assert!(!startup.course.finished);
    let task = state.open_task("withdrawer-3").expect("reopens");
    assert_eq!(
        (task.tries, task.moves_used),
        (2, 1),
        "the same try, at its move"
    );
    assert_eq!(task.plies.len(), 2, "the move and its reply");
    assert_eq!(task.marked, ["g6"]);
    let solved = step(state.task_move("withdrawer-3", "f6", "d6"));
    assert!(matches!(solved.step, StepView::Solved { stars: 2, .. }));
    let map = state.course_map().expect("the map");
    let stars: Vec<u8> = map
        .chapters
        .iter()
        .find(|chapter| chapter.id == "withdrawer")
        .map(|chapter| chapter.tasks.iter().map(|task| task.stars).collect())
        .expect("the chapter");
    assert_eq!(stars, [3, 0, 2]);
}

#[test]
fn a_wrong_quiz_answer_shows_the_real_captures_and_reopens_the_same_after_a_restart() {
    let dir = folder("course-quiz");
    {
        let state = open(&dir);
        let quiz = state.open_task("withdrawer-2").expect("opens");
        assert_eq!(
            quiz.goal,
            GoalView::Takes {
                from: "d4".into(),
                to: "g7".into()
            },
            "without the answer"
        );
        assert!(
            quiz.legal_moves.is_empty(),
            "a quiz is answered, not played"
        );
        let moved = step(state.task_move("withdrawer-2", "d4", "g7"));
        assert_eq!(moved.step, StepView::Finished);
        let wrong = step(state.task_quiz("withdrawer-2", &["e5".into(), "c3".into()]));
        assert_eq!(
            wrong.step,
            StepView::Wrong {
                taken: vec!["c3".into()],
                miss_key: "withdrawer-2.miss".into()
            }
        );
    }
    let state = open(&dir);
    let reopened = state.open_task("withdrawer-2").expect("reopens");
    assert_eq!(
        reopened.state,
        RunState::Missed,
        "still waiting for the retry"
    );
    state.task_retry("withdrawer-2").expect("retries");
    let right = step(state.task_quiz("withdrawer-2", &["c3".into()]));
    assert!(matches!(right.step, StepView::Solved { stars: 2, .. }));
}

#[test]
fn damaged_progress_is_kept_aside_and_the_player_told() {
    let original = json!({"version": 1, "tasks": {
        "board-1": {"best": {"moves": 1, "tries": 1}},
        "board-2": {"best": {"moves": "one"}},
        "king-1": {"best": {"moves": 0, "tries": 1}},
    }});
    let dir = with_save("course-damaged", &save_with_progress(original.clone()));
    let state = open(&dir);
    let startup = state.start_up().expect("starts");
    assert_eq!(
        startup.notices,
        vec![Notice::CourseProgressPartlyLost {
            tasks: vec!["board-2".into(), "king-1".into()]
        }]
    );
    assert_eq!(startup.course.solved, 1, "board-1 kept");
    assert_eq!(startup.course.next.as_deref(), Some("board-2"));
    let file = on_disk(&dir);
    assert_eq!(
        file["damaged-courseProgress-1"], original,
        "kept aside whole"
    );
    assert_eq!(
        file["courseProgress"],
        json!({"version": 1, "tasks": {"board-1": {"best": {"moves": 1, "tries": 1}}}})
    );
    drop(state);
    let again = open(&dir).start_up().expect("starts again");
    assert!(again.notices.is_empty(), "told once");
    assert_eq!(again.course.solved, 1);

    for (name, saved, notice) in [
        (
            "course-unreadable",
            json!("not progress"),
            Notice::CourseProgressUnreadable,
        ),
        (
            "course-no-tasks",
            json!({"version": 1}),
            Notice::CourseProgressUnreadable,
        ),
        (
            "course-newer",
            json!({"version": 7, "tasks": {}, "medals": []}),
            Notice::CourseProgressFromNewerVersion { version: 7 },
        ),
    ] {
        let dir = with_save(name, &save_with_progress(saved.clone()));
        let startup = open(&dir).start_up().expect("starts");
        assert_eq!(startup.notices, vec![notice], "{name}");
        assert_eq!(startup.course.solved, 0, "{name}");
        assert_eq!(on_disk(&dir)["damaged-courseProgress-1"], saved, "{name}");
    }
}

#[test]
fn a_task_open_that_does_not_read_or_replay_is_set_aside_or_started_again() {
    let mut save = save_with_progress(json!({"version": 1, "tasks": {}}));
    save["courseTask"] = json!({"task": 12});
    let dir = with_save("course-task-damaged", &save);
    let state = open(&dir);
    let startup = state.start_up().expect("starts");
    assert_eq!(startup.course.current, None);
    state.open_task("board-1").expect("opens");
    let file = on_disk(&dir);
    assert_eq!(
        file["damaged-courseTask-1"],
        json!({"task": 12}),
        "kept aside"
    );
    assert_eq!(file["courseTask"]["task"], json!("board-1"));

    // A move that no longer plays (as after a change of the course): the try starts again.
    save["courseTask"] = json!({"task": "withdrawer-3", "tries": 3, "moves": ["a1a2"]});
    let dir = with_save("course-task-replay", &save);
    let state = open(&dir);
    assert_eq!(
        state.course_status().current.as_deref(),
        Some("withdrawer-3")
    );
    let task = state.open_task("withdrawer-3").expect("reopens");
    assert_eq!((task.tries, task.moves_used), (3, 0));
}

#[test]
fn the_next_task_is_the_first_unsolved_and_a_full_course_is_finished() {
    let state = open(&folder("course-next"));
    let status = state.course_status();
    assert_eq!(status.next.as_deref(), Some("board-1"));
    assert!(!status.finished);
    assert_eq!((status.solved, status.tasks), (0, 63));
    state.open_task("board-1").expect("opens");
    step(state.task_move("board-1", "d2", "d4"));
    assert_eq!(state.course_status().next.as_deref(), Some("board-2"));

    let every: serde_json::Map<String, Value> = ultima_course::course()
        .expect("the course")
        .tasks()
        .map(|task| (task.id.clone(), json!({"best": {"moves": 1, "tries": 1}})))
        .collect();
    let dir = with_save(
        "course-finished",
        &save_with_progress(json!({"version": 1, "tasks": every})),
    );
    let startup = open(&dir).start_up().expect("starts");
    assert!(startup.course.finished);
    assert_eq!(startup.course.next, None);
}

#[test]
fn a_reset_forgets_the_stars_and_the_task_open_and_is_saved() {
    let dir = folder("course-reset");
    let state = open(&dir);
    state.open_task("withdrawer-1").expect("opens");
    step(state.task_move("withdrawer-1", "e4", "e1"));
    state.open_task("withdrawer-3").expect("opens");
    step(state.task_move("withdrawer-3", "d4", "f6"));
    let map = state.reset_course().expect("resets");
    assert!(map
        .chapters
        .iter()
        .all(|chapter| chapter.earned == 0 && chapter.tasks.iter().all(|t| t.stars == 0)));
    assert_eq!(map.next.as_deref(), Some("board-1"));
    assert_eq!(map.current, None);
    let file = on_disk(&dir);
    assert_eq!(file["courseProgress"], json!({"version": 1, "tasks": {}}));
    assert!(file.get("courseTask").is_none());
    // The task that was open is not any more.
    let error = state
        .task_move("withdrawer-3", "f6", "d6")
        .expect_err("no task open");
    assert_eq!(
        error.problem,
        CourseProblem::NotOpenTask {
            task: "withdrawer-3".into()
        }
    );
    drop(state);
    assert_eq!(open(&dir).course_status().solved, 0);
}

#[test]
fn every_refusal_of_the_course_is_a_code() {
    let state = open(&folder("course-codes"));
    let cases = [
        (
            state.open_task("nowhere-1").map(|_| ()),
            json!({
            "kind": "badRequest", "problem": {"code": "noSuchTask", "task": "nowhere-1"}}),
        ),
        (
            state.task_move("board-1", "d2", "d4").map(|_| ()),
            json!({
            "kind": "noGame", "problem": {"code": "notOpenTask", "task": "board-1"}}),
        ),
        (
            state.task_retry("board-1").map(|_| ()),
            json!({
            "kind": "noGame", "problem": {"code": "notOpenTask", "task": "board-1"}}),
        ),
        (
            state.task_hint("board-1").map(|_| ()),
            json!({
            "kind": "noGame", "problem": {"code": "notOpenTask", "task": "board-1"}}),
        ),
        (
            state.task_quiz("board-1", &["z9".into()]).map(|_| ()),
            json!({
            "kind": "badRequest", "problem": {"code": "badSquare", "text": "z9"}}),
        ),
        (
            state.task_move("board-1", "d2", "d").map(|_| ()),
            json!({
            "kind": "badRequest", "problem": {"code": "badSquare", "text": "d"}}),
        ),
    ];
    for (answer, expected) in cases {
        let error = answer.expect_err("refused");
        assert_eq!(code(&error), expected);
    }
    state.open_task("board-1").expect("opens");
    let error = state
        .task_move("board-1", "d2", "e3")
        .expect_err("a pawn moves like a rook");
    assert_eq!(code(&error)["problem"]["code"], json!("notThatWay"));
    assert_eq!(code(&error)["kind"], json!("illegalMove"));
}

#[test]
fn without_a_store_the_course_says_why_it_cannot_open() {
    let state = crate::state::AppState::unavailable(AppError::new(AppProblem::Storage {
        what: crate::error::StorageWhat::DataFolder,
    }));
    assert_eq!(state.course_status().next, None);
    let error = state.open_task("board-1").expect_err("nowhere to save");
    assert_eq!(error.kind, ErrorKind::Storage);
    assert_eq!(
        error.problem,
        AppProblem::Storage {
            what: crate::error::StorageWhat::DataFolder
        },
        "the reason the data could not be opened"
    );
}

/// The child's loop: the course's try after try at one task, saved move by move as the app
/// does, until it is killed.
fn learner_child(dir: &std::path::Path) -> ! {
    let state = open(dir);
    // Once, at the first start (opening another task would leave the try under way).
    if state.course_status().solved == 0 {
        let _ = state.open_task("withdrawer-1");
        let _ = state.task_move("withdrawer-1", "e4", "e1");
    }
    loop {
        // Reopens the try under way, as after a restart.
        let _ = state.open_task("withdrawer-3");
        let _ = state.task_move("withdrawer-3", "d4", "f6");
        let _ = state.task_retry("withdrawer-3");
        // A learner's pace, well below the cap on tries a restart replays.
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Kills a process that plays and retries a task without pause, at random moments, 15 times:
/// after each kill the save reads whole, the solved task is still solved, and the task open
/// reopens at a try never earlier than the one the round before found.
#[test]
fn killing_the_app_mid_task_loses_neither_the_progress_nor_the_task() {
    if let Some(dir) = std::env::var_os("ULTIMA_LEARNER_CHILD") {
        learner_child(std::path::Path::new(&dir));
    }
    let dir = folder("course-kill");
    let mut last_tries = 0;
    for round in 0u64..15 {
        let (state, startup) = kill_and_reopen(
            "course::tests::killing_the_app_mid_task_loses_neither_the_progress_nor_the_task",
            "ULTIMA_LEARNER_CHILD",
            &dir,
            round,
            "learner",
        );
        if last_tries > 0 {
            assert_eq!(startup.course.solved, 1, "round {round}: withdrawer-1 kept");
            assert_eq!(startup.course.current.as_deref(), Some("withdrawer-3"));
        }
        // Only the learner's own try at withdrawer-3: one killed before its first solve leaves
        // withdrawer-1 open, which opening withdrawer-3 here would replace (and a later learner
        // killed before solving it again would then find nothing solved).
        if startup.course.current.as_deref() == Some("withdrawer-3") {
            let task = state.open_task("withdrawer-3").expect("reopens");
            assert!(
                task.tries >= last_tries,
                "round {round}: the try went back from {last_tries} to {}",
                task.tries
            );
            last_tries = task.tries;
        }
    }
    assert!(last_tries > 1, "the learner never retried");
    println!("15 kills: the task open reached try {last_tries}");
}

#[test]
fn the_game_and_the_course_save_side_by_side_and_neither_drops_the_other() {
    use ultima_game::wire::NewGame;
    let dir = folder("course-beside-game");
    {
        let state = open(&dir);
        state.open_task("withdrawer-3").expect("opens");
        let game = state
            .new_game(NewGame::Friend {
                turn_board: false,
                time_control: None,
                reading: ultima_rules::Reading::Abbott1963,
            })
            .expect("a game");
        step(state.task_move("withdrawer-3", "d4", "f6"));
        state.play_move(&game.id, "e2", "e5").expect("a move");
        let mut settings = state.start_up().expect("starts").settings;
        settings.sound = !settings.sound;
        state.set_settings(settings).expect("saves the settings");
    }
    let state = open(&dir);
    let startup = state.start_up().expect("starts");
    assert_eq!(startup.current.map(|game| game.plies.len()), Some(1));
    assert_eq!(startup.course.current.as_deref(), Some("withdrawer-3"));
    assert_eq!(
        state.open_task("withdrawer-3").expect("reopens").moves_used,
        1
    );
}

#[test]
fn with_a_save_from_a_newer_version_the_course_works_but_nothing_is_written() {
    let dir = with_save(
        "course-newer-save",
        &json!({"version": 3, "courseProgress": {"version": 1, "tasks": {}}}),
    );
    let before = std::fs::read(dir.join("ultima.json")).expect("read");
    let state = open(&dir);
    assert!(state.start_up().expect("starts").read_only);
    state.open_task("withdrawer-1").expect("opens");
    let solved = step(state.task_move("withdrawer-1", "e4", "e1"));
    assert!(matches!(solved.step, StepView::Solved { stars: 3, .. }));
    assert_eq!(state.course_status().solved, 1, "kept in memory");
    state.reset_course().expect("resets in memory");
    drop(state);
    assert_eq!(std::fs::read(dir.join("ultima.json")).ok(), Some(before));
    assert!(!dir.join("ultima.json.bak").exists());
}

#[test]
fn a_hint_costs_a_star_and_is_remembered_after_a_restart() {
    let dir = folder("course-hint");
    let state = open(&dir);
    state.open_task("withdrawer-1").expect("opens");
    assert_eq!(
        state.task_hint("withdrawer-1").expect("a hint").as_deref(),
        Some("e4")
    );
    drop(state);
    let state = open(&dir);
    let task = state.open_task("withdrawer-1").expect("opens again");
    assert!(task.hinted, "the hint is saved with the try");
    let solved = step(state.task_move("withdrawer-1", "e4", "e1"));
    match solved.step {
        StepView::Solved { stars, score, .. } => {
            assert!(score.hinted);
            assert_eq!(stars, 2);
        }
        other => panic!("expected a solve, got {other:?}"),
    }
}

#[test]
fn the_course_is_done_when_its_closing_game_ends() {
    let dir = folder("course-finale");
    let state = open(&dir);
    assert_eq!(state.course_map().expect("the map").finale.game, None);
    let game = state.start_course_game().expect("the closing game starts");
    let map = state.course_map().expect("the map");
    assert_eq!(map.finale.game.as_deref(), Some(game.id.as_str()));
    assert!(!map.finale.done);
    // The closing game's end (a resignation is a result) is recorded and kept.
    state.resign(&game.id).expect("resigns");
    drop(state);
    let state = open(&dir);
    assert!(state.course_map().expect("the map").finale.done);
}
