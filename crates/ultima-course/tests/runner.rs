//! The task runner as the app drives it: moves, replies, misses and retries, hints, the quiz,
//! stars from raw scores, and progress.

use ultima_course::{
    course, english, export, list, next_unfinished, plural_base, text_forms, used_keys, MissReason,
    Progress, ProgressError, RunState, Score, Step, Task, TaskRun, PROGRESS_VERSION,
};
use ultima_rules::{IllegalReason, MoveError, Square};

fn task(id: &str) -> &'static Task {
    course()
        .expect("the course reads")
        .task(id)
        .unwrap_or_else(|| panic!("no task {id}"))
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

fn play(run: &mut TaskRun, mv: &str) -> Step {
    run.play(sq(&mv[..2]), sq(&mv[2..]))
}

#[test]
fn the_solution_solves_with_three_stars_and_the_scripted_replies() {
    let task = task("withdrawer-3");
    let mut run = TaskRun::new(task);
    assert_eq!(run.hint(), Some(sq("d4")));
    match play(&mut run, "d4f6") {
        Step::Continue { played, reply } => {
            assert_eq!(played.captures.count(), 1);
            assert_eq!(reply.coordinates(), "h1h2");
        }
        other => panic!("expected the scripted reply, got {other:?}"),
    }
    assert_eq!(run.hint(), Some(sq("f6")));
    match play(&mut run, "f6d6") {
        Step::Solved { stars, score, .. } => {
            assert_eq!(stars, 3);
            assert_eq!(
                score,
                Score {
                    moves: 2,
                    tries: 1,
                    hinted: false
                }
            );
        }
        other => panic!("expected solved, got {other:?}"),
    }
    assert_eq!(run.state(), RunState::Solved);
    assert_eq!(play(&mut run, "d6d5"), Step::Finished);
}

#[test]
fn an_illegal_move_changes_nothing_and_says_why() {
    let task = task("removal-2");
    let mut run = TaskRun::new(task);
    let before = run.position().clone();
    match play(&mut run, "a1a1") {
        Step::Illegal(MoveError::Illegal(IllegalReason::KingRemoval { .. })) => {}
        other => panic!("expected the king-removal refusal, got {other:?}"),
    }
    match play(&mut run, "a1a2") {
        Step::Illegal(MoveError::Illegal(IllegalReason::Frozen { .. })) => {}
        other => panic!("expected the frozen refusal, got {other:?}"),
    }
    assert_eq!(run.position(), &before);
    assert_eq!(run.moves_used(), 0);
    assert!(matches!(
        play(&mut run, "b1b1"),
        Step::Solved { stars: 3, .. }
    ));
}

#[test]
fn a_miss_gives_the_tasks_hint_and_a_retry_counts_a_try() {
    let task = task("withdrawer-1");
    let mut run = TaskRun::new(task);
    match play(&mut run, "e4d4") {
        Step::Missed { hint, reason, .. } => {
            assert_eq!(hint, "withdrawer-1.miss");
            assert_eq!(reason, MissReason::BudgetSpent);
        }
        other => panic!("expected a miss, got {other:?}"),
    }
    assert_eq!(run.state(), RunState::Missed);
    assert_eq!(
        play(&mut run, "e4e1"),
        Step::Finished,
        "a missed run waits for retry"
    );
    run.retry();
    assert_eq!(run.tries(), 2);
    assert_eq!(run.moves_used(), 0);
    match play(&mut run, "e4e1") {
        Step::Solved { stars, score, .. } => {
            assert_eq!(
                score,
                Score {
                    moves: 1,
                    tries: 2,
                    hinted: false
                }
            );
            assert_eq!(stars, 2);
        }
        other => panic!("expected solved, got {other:?}"),
    }
    assert_eq!(
        task.stars_for(&Score {
            moves: 1,
            tries: 3,
            hinted: false
        }),
        1
    );
}

#[test]
fn a_threatened_piece_is_taken_when_the_move_does_not_save_it() {
    let task = task("immobilizer-1");
    let mut run = TaskRun::new(task);
    match play(&mut run, "d5d6") {
        Step::Missed { reply, reason, .. } => {
            assert_eq!(reason, MissReason::GoalMissed);
            let reply = reply.expect("the opponent answered");
            assert!(reply.captures.any(), "the reply takes a pawn: {reply:?}");
        }
        other => panic!("expected a miss, got {other:?}"),
    }
    run.retry();
    assert!(matches!(
        play(&mut run, "h2f4"),
        Step::Solved { reply: Some(_), .. }
    ));
}

#[test]
fn the_quiz_is_checked_against_the_moves_real_captures() {
    let task = task("pawn-3");
    let mut run = TaskRun::new(task);
    assert!(run.is_quiz());
    assert_eq!(run.hint(), Some(sq("d1")));
    assert_eq!(
        play(&mut run, "d1d4"),
        Step::Finished,
        "a quiz is answered, not played"
    );
    match run.answer_quiz(&[sq("c4"), sq("e4")]) {
        Step::Wrong { taken, hint } => {
            assert_eq!(taken, vec![sq("c4")]);
            assert_eq!(hint, "pawn-3.miss");
        }
        other => panic!("expected a wrong answer, got {other:?}"),
    }
    run.retry();
    assert!(matches!(
        run.answer_quiz(&[sq("c4")]),
        Step::Solved { stars: 2, .. }
    ));
}

#[test]
fn repetition_is_drawn_by_the_scripted_replies() {
    let task = task("draws-3");
    let mut run = TaskRun::new(task);
    let moves = ["h1h2", "h2h1", "h1h2"];
    for mv in moves {
        assert!(matches!(play(&mut run, mv), Step::Continue { .. }), "{mv}");
    }
    assert!(matches!(
        play(&mut run, "h2h1"),
        Step::Solved { reply: Some(_), .. }
    ));
}

#[test]
fn a_capture_spoils_the_fifty_move_draw() {
    let task = task("draws-2");
    let mut run = TaskRun::new(task);
    assert!(matches!(play(&mut run, "b2b1"), Step::Missed { .. }));
    run.retry();
    assert!(matches!(play(&mut run, "a1a2"), Step::Solved { .. }));
}

#[test]
fn off_the_script_the_hint_still_points_at_a_winning_piece() {
    let task = task("withdrawer-3");
    let mut run = TaskRun::new(task);
    // d4g7 takes c3 too and lands next to g6, but it is not the solution's move.
    assert!(matches!(play(&mut run, "d4g7"), Step::Continue { .. }));
    if let Some(from) = run.hint() {
        let piece = run
            .position()
            .piece_at(from)
            .expect("the hint marks a piece");
        assert_eq!(piece.color, task.learner());
    }
}

#[test]
fn progress_keeps_the_best_raw_score_and_finds_the_next_task() {
    let course = course().expect("the course reads");
    let mut progress = Progress::default();
    let first = course.tasks().next().expect("a first task");
    assert_eq!(next_unfinished(&progress).map(|t| &t.id), Some(&first.id));
    assert!(progress.record(
        first,
        Score {
            moves: 1,
            tries: 3,
            hinted: false
        }
    ));
    assert_eq!(progress.stars(first), 1);
    assert!(progress.record(
        first,
        Score {
            moves: 1,
            tries: 1,
            hinted: false
        }
    ));
    assert!(
        !progress.record(
            first,
            Score {
                moves: 1,
                tries: 2,
                hinted: false
            }
        ),
        "a worse solve is not kept"
    );
    assert_eq!(progress.stars(first), 3);
    let second = course.tasks().nth(1).expect("a second task");
    assert_eq!(next_unfinished(&progress).map(|t| &t.id), Some(&second.id));
    let (earned, possible) = progress.chapter_stars(course, &first.chapter);
    assert_eq!(earned, 3);
    assert_eq!(possible, 3 * course.chapters[0].tasks.len() as u32);

    let json = progress.to_json().expect("progress writes");
    assert!(json.contains(&format!("\"version\":{PROGRESS_VERSION}")));
    assert_eq!(Progress::from_json(&json), Ok(progress.clone()));
    let newer = json.replace(
        &format!("\"version\":{PROGRESS_VERSION}"),
        &format!("\"version\":{}", PROGRESS_VERSION + 1),
    );
    assert_eq!(
        Progress::from_json(&newer),
        Err(ProgressError::Newer(PROGRESS_VERSION + 1))
    );
    assert!(matches!(
        Progress::from_json("{\"version\":1,\"tasks\":7}"),
        Err(ProgressError::Unreadable(_))
    ));
    progress.reset();
    assert_eq!(next_unfinished(&progress).map(|t| &t.id), Some(&first.id));
}

#[test]
fn every_text_key_exists_and_every_text_is_used() {
    let texts = english().expect("en.json reads");
    let used = used_keys(course().expect("the course reads"));
    for key in &used {
        assert!(text_forms(&texts, key).is_some(), "missing text {key}");
    }
    for key in texts.keys() {
        assert!(
            used.iter().any(|used| used == plural_base(key)),
            "unused text {key}"
        );
    }
    // A text counted by its moves comes in both forms, and the one-move form says so.
    let reach = text_forms(&texts, "goal.reach").expect("goal.reach");
    assert_eq!(reach.len(), 2);
    assert!(!reach[0].contains("{{moves}} moves"), "{}", reach[0]);
}

#[test]
fn export_and_list_cover_every_task() {
    let course = course().expect("the course reads");
    let lines = export().expect("export");
    assert_eq!(lines.len(), course.tasks().count());
    let leaper: serde_json::Value = serde_json::from_str(
        lines
            .iter()
            .find(|l| l.contains("\"id\":\"leaper-2\""))
            .expect("leaper-2 exported"),
    )
    .expect("JSON");
    assert_eq!(leaper["chapter"], "leaper");
    assert_eq!(leaper["concepts"][0], "leaper.chain");
    assert_eq!(leaper["solution"][0], "a1h8");
    assert_eq!(leaper["goal"]["capture"][2], "g7");
    let quiz = lines
        .iter()
        .find(|l| l.contains("\"id\":\"pawn-3\""))
        .expect("pawn-3 exported");
    assert!(
        quiz.contains(r#""goal":{"takes":{"move":"d1d4","squares":["c4"]}}"#),
        "{quiz}"
    );
    let listed = list().expect("list");
    assert_eq!(listed.len(), course.chapters.len() + course.tasks().count());
}

#[test]
fn a_chapter_that_does_not_read_is_a_typed_error() {
    use ultima_course::{Course, CourseError};
    let bad = Course::parse(&[(
        "bad.toml",
        "id = \"x\"\n[intro]\nufen = \"8/8 w 0 1\"\n[[task]]\n",
    )]);
    assert!(matches!(bad, Err(CourseError::Toml { .. })));
    let bad_ufen = Course::parse(&[(
        "bad.toml",
        "id = \"x\"\n[intro]\nufen = \"9/8 w 0 1\"\n[[task]]\nid = \"x-1\"\nconcepts = []\nufen = \"8/8 w 0 1\"\nsolution = []\ngoal = { win = true }\n",
    )]);
    assert!(matches!(bad_ufen, Err(CourseError::Data { .. })));
    // A good position of another reading: the course teaches 1963's rules, and says so.
    let chapter = |ufen: &str| {
        format!(
            "id = \"x\"\n[intro]\nufen = \"7k/8/8/8/8/8/8/K7 w 0 1\"\n[[task]]\nid = \"x-1\"\nconcepts = []\nufen = \"{ufen}\"\nsolution = []\ngoal = {{ win = true }}\n"
        )
    };
    let other = Course::parse(&[("other.toml", &chapter("7k/8/8/8/8/8/8/K7 w 0 1 cambridge"))]);
    match other {
        Err(CourseError::Data { problem, .. }) => {
            assert!(problem.contains("cambridge"), "{problem}");
            assert!(problem.contains("1963"), "{problem}");
        }
        other => panic!("a Cambridge position in the course: {other:?}"),
    }
    // The same position that names 1963, or names none, is read (the refusal above is the
    // reading's, not the position's).
    for ufen in ["7k/8/8/8/8/8/8/K7 w 0 1 1963", "7k/8/8/8/8/8/8/K7 w 0 1"] {
        let read = Course::parse(&[("x.toml", &chapter(ufen))]);
        assert!(read.is_ok(), "{ufen}: {read:?}");
    }
}

#[test]
fn a_longer_way_within_the_budget_earns_fewer_stars() {
    let task = task("king-3");
    assert!(task.max_moves > task.par());
    let mut run = TaskRun::new(task);
    for mv in ["a1b1", "b1c2", "c2d3"] {
        assert!(matches!(play(&mut run, mv), Step::Continue { .. }), "{mv}");
    }
    match play(&mut run, "d3d4") {
        Step::Solved { stars, score, .. } => {
            assert_eq!(
                score,
                Score {
                    moves: 4,
                    tries: 1,
                    hinted: false
                }
            );
            assert_eq!(stars, 2);
        }
        other => panic!("expected solved, got {other:?}"),
    }
}

#[test]
fn the_goal_marks_follow_the_pieces_still_to_take() {
    let task = task("withdrawer-3");
    let mut run = TaskRun::new(task);
    assert_eq!(run.goal_squares(), vec![sq("c3"), sq("g6")]);
    assert!(matches!(play(&mut run, "d4f6"), Step::Continue { .. }));
    assert_eq!(run.goal_squares(), vec![sq("g6")], "c3 is taken");
    run.retry();
    assert_eq!(run.goal_squares(), vec![sq("c3"), sq("g6")]);
    let reach = TaskRun::new(self::task("board-1"));
    assert_eq!(reach.goal_squares(), vec![sq("d4")]);
}

#[test]
fn every_language_has_every_text_in_its_own_plural_forms() {
    let course = course().expect("the course reads");
    for file in ultima_course::TEXT_FILES {
        let texts = file.read().expect("the text file reads");
        let faults = ultima_course::text_faults(course, file, &texts);
        assert!(
            faults.is_empty(),
            "text/{}:\n{}",
            file.file_name(),
            faults.join("\n")
        );
    }
    ultima_course::check_translations(course).expect("every language complete");
}

#[test]
fn a_translation_lacking_a_plural_form_or_a_text_is_faulted() {
    let course = course().expect("the course reads");
    let french = ultima_course::TEXT_FILES
        .iter()
        .find(|file| file.language == "fr")
        .expect("French");
    let mut texts = french.read().expect("fr.json reads");
    texts.remove("goal.reach_many");
    texts.remove("king.title");
    texts.insert("king-1.hint_few".into(), "?".into());
    // A piece set's form is a form of the key in every language.
    texts.insert("king-1.hint_chess".into(), "?".into());
    let faults = ultima_course::text_faults(course, french, &texts);
    assert!(
        faults.contains(&"text `goal.reach` is missing".to_string()),
        "{faults:?}"
    );
    assert!(
        faults.contains(&"text `king.title` is missing".to_string()),
        "{faults:?}"
    );
    assert!(
        faults.contains(
            &"text `king-1.hint_few` is neither a plural form of this language nor a piece set's form"
                .to_string()
        ),
        "{faults:?}"
    );
    assert!(
        !faults
            .iter()
            .any(|fault| fault.contains("king-1.hint_chess")),
        "{faults:?}"
    );
}

#[test]
fn a_removal_that_would_leave_the_king_in_check_is_refused() {
    let task = task("removal-4");
    let mut run = TaskRun::new(task);
    match play(&mut run, "b1b1") {
        Step::Illegal(MoveError::Illegal(IllegalReason::LeavesKingInCheck { .. })) => {}
        other => panic!("expected the check refusal, got {other:?}"),
    }
    assert_eq!(run.moves_used(), 0);
    assert!(matches!(play(&mut run, "b3b3"), Step::Solved { .. }));
}

#[test]
fn a_hint_costs_a_star() {
    let task = task("withdrawer-1");
    let mut run = TaskRun::new(task);
    run.take_hint();
    assert!(run.hinted());
    let (from, to) = task.solution[0];
    match run.play(from, to) {
        Step::Solved { stars, score, .. } => {
            assert!(score.hinted);
            assert_eq!(stars, 2);
        }
        other => panic!("expected a solve, got {other:?}"),
    }
    // A retry starts without the hint; one star is always earned.
    run.retry();
    assert!(!run.hinted());
    let worst = Score {
        moves: 9,
        tries: 9,
        hinted: true,
    };
    assert_eq!(task.stars_for(&worst), 1);
}

#[test]
fn the_threats_quiz_is_checked_against_the_engines_threats() {
    let task = task("together-4");
    let mut run = TaskRun::new(task);
    assert!(run.is_quiz());
    assert_eq!(run.hint(), None);
    match run.answer_quiz(&[sq("c3")]) {
        Step::Wrong { taken, .. } => assert_eq!(taken, vec![sq("c3"), sq("e3")]),
        other => panic!("expected a wrong answer, got {other:?}"),
    }
    run.retry();
    assert!(matches!(
        run.answer_quiz(&[sq("e3"), sq("c3")]),
        Step::Solved { .. }
    ));
}

#[test]
fn a_notation_task_wants_the_written_move_and_no_other() {
    let task = task("together-1");
    let mut run = TaskRun::new(task);
    // d4e5 also takes c3, but it is not the move the task writes.
    assert!(matches!(
        play(&mut run, "d4e5"),
        Step::Missed { .. } | Step::Continue { .. }
    ));
    let mut run = TaskRun::new(task);
    assert!(matches!(play(&mut run, "d4f6"), Step::Solved { .. }));
}

#[test]
fn one_marked_piece_has_a_goal_sentence_of_its_own() {
    assert_eq!(task("king-1").goal.text_key(), "goal.capture-single");
    assert_eq!(task("pawn-2").goal.text_key(), "goal.capture");
    assert_eq!(task("together-5").goal.text_key(), "goal.safe-single");
    assert_eq!(task("together-6").goal.text_key(), "goal.safe");
}

#[test]
fn texts_that_name_a_piece_by_its_look_have_a_form_per_piece_set() {
    // The chess set's look in each language: the default set (emblems) has none of these. A pawn
    // or a withdrawer that moves like a rook or a queen names a move, not a look.
    let looks: [(&str, &[&str]); 2] = [
        ("en", &["rook", "(knight)", "(bishop)", "(the queen)"]),
        (
            "fr",
            &[
                "tour renversée",
                "tour à l’endroit",
                "(cavalier)",
                "(fou)",
                "(la dame)",
            ],
        ),
    ];
    for (language, looks) in looks {
        let file = ultima_course::TEXT_FILES
            .iter()
            .find(|file| file.language == language)
            .expect("the language's file");
        let texts = file.read().expect("the texts read");
        for (key, text) in &texts {
            let named = looks.iter().any(|look| text.contains(look))
                && !text.contains("moves like a rook")
                && !text.contains("move like rooks");
            if named {
                assert!(
                    key.ends_with("_chess"),
                    "{language}: {key} names a chess piece by its look"
                );
                let base = plural_base(key);
                for set in ultima_course::PIECE_SETS {
                    assert!(
                        texts.contains_key(&format!("{base}_{set}")),
                        "{language}: {base} has no {set} form"
                    );
                }
            }
        }
    }
}

#[test]
fn the_course_says_no_rule_wrong_that_it_once_did() {
    let texts = english().expect("the English texts read");
    let wrong = [
        // The chameleon takes a king the king's way too.
        "the only piece that captures that way",
        // The king, the long leaper and the chameleon do.
        "Nothing jumps",
        "none moves onto an occupied square",
        // The removal takes a second tap (or the Remove button).
        "press Check",
    ];
    for (key, text) in &texts {
        for phrase in wrong {
            assert!(!text.contains(phrase), "{key} still says \"{phrase}\"");
        }
    }
    let chameleon = &texts["chameleon.intro"];
    assert!(chameleon.contains("only when it moves along a rank or file"));
}

#[test]
fn the_finale_is_done_when_its_game_ends_and_survives_a_save() {
    let mut progress = Progress::default();
    assert!(!progress.game_ended("g1"), "no finale started");
    progress.start_finale("g2");
    assert!(!progress.game_ended("g1"), "another game");
    assert!(!progress.finale_done());
    assert!(progress.game_ended("g2"));
    assert!(progress.finale_done());
    let again = Progress::from_json(&progress.to_json().unwrap()).unwrap();
    assert!(again.finale_done());
    // Progress saved before the finale existed still reads.
    let old = Progress::from_json(r#"{"version":1,"tasks":{}}"#).unwrap();
    assert_eq!(old.finale, None);
    progress.reset();
    assert!(!progress.finale_done());
}

#[test]
fn the_setup_asks_each_piece_in_turn_and_a_wrong_square_needs_a_retry() {
    use ultima_rules::Role;
    let task = task("board-4");
    let mut run = TaskRun::new(task);
    assert_eq!(run.setup_next(), Some(Role::King));
    // The king stands on d1, not e1 as in chess.
    match run.place(sq("e1")) {
        Step::Wrong { taken, .. } => assert_eq!(taken, vec![sq("d1")]),
        other => panic!("expected a wrong square, got {other:?}"),
    }
    assert_eq!(run.state(), RunState::Missed);
    run.retry();
    assert!(matches!(
        run.place(sq("d1")),
        Step::Placed {
            role: Role::King,
            ..
        }
    ));
    assert_eq!(
        run.shown_position().piece_at(sq("d1")).map(|p| p.role),
        Some(Role::King)
    );
    for square in ["e1", "a1", "h1", "g1", "b1", "c1"] {
        assert!(
            matches!(run.place(sq(square)), Step::Placed { .. }),
            "{square}"
        );
    }
    assert_eq!(run.hint(), Some(sq("f1")));
    match run.place(sq("f1")) {
        Step::Solved { stars, .. } => assert_eq!(stars, 2, "solved at the second try"),
        other => panic!("expected the solve, got {other:?}"),
    }
    assert_eq!(
        run.shown_position().placement(),
        ultima_rules::Position::start().placement()
    );
}

#[test]
fn no_quiz_hint_names_an_answer_square() {
    use ultima_course::Goal;
    let texts = english().expect("the English texts read");
    for task in course().expect("the course").tasks() {
        let answer = match &task.goal {
            Goal::Takes { squares, .. } | Goal::Threats(squares) => squares,
            _ => continue,
        };
        let forms = text_forms(&texts, &task.key("hint")).expect("a hint");
        for square in answer {
            for hint in &forms {
                assert!(
                    !hint.contains(&square.to_string()),
                    "{}'s hint gives away {square}",
                    task.id
                );
            }
        }
    }
}

#[test]
fn no_chapter_introduction_shows_a_tasks_answer() {
    let course = course().expect("the course");
    for chapter in &course.chapters {
        for task in course.tasks() {
            if chapter.intro.position.placement() != task.position().placement() {
                continue;
            }
            // The same position may illustrate a chapter, but its arrows must not play the
            // task's moves.
            for arrow in &chapter.intro.arrows {
                assert!(
                    !task.solution.iter().step_by(2).any(|mv| mv == arrow),
                    "the {} introduction shows {}'s answer {}{}",
                    chapter.id,
                    task.id,
                    arrow.0,
                    arrow.1
                );
            }
        }
    }
}

#[test]
fn the_frozen_piece_gives_no_check_task_is_solved_by_the_freeze_alone() {
    let task = task("check-3");
    let mut run = TaskRun::new(task);
    // The withdrawer on b2 would withdraw from a1 to c3: the answer leaves c3 empty.
    let (from, to) = task.solution[0];
    assert_ne!(to, sq("c3"));
    assert!(matches!(run.play(from, to), Step::Solved { .. }));
    assert_eq!(run.position().piece_at(sq("c3")), None);
    assert!(run
        .position()
        .frozen(ultima_rules::Color::Black)
        .contains(sq("b2")));
}
