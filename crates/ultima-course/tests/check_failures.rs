//! The check catches what a chapter author can get wrong, and names the task.

use ultima_course::{check_course, check_task, course, english, Course, Goal};
use ultima_rules::Square;

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

fn real() -> Course {
    course().expect("the course reads").clone()
}

fn task_mut<'a>(course: &'a mut Course, id: &str) -> &'a mut ultima_course::Task {
    course
        .chapters
        .iter_mut()
        .flat_map(|c| c.tasks.iter_mut())
        .find(|t| t.id == id)
        .expect("the task exists")
}

#[test]
fn an_illegal_solution_move_is_reported() {
    let mut course = real();
    let task = task_mut(&mut course, "withdrawer-1");
    task.solution = vec![(sq("e4"), sq("f6"))];
    let problem = check_task(task).expect_err("e4f6 is no withdrawer move");
    assert!(problem.contains("not legal"), "{problem}");
}

#[test]
fn a_solution_that_misses_the_goal_is_reported() {
    let mut course = real();
    let task = task_mut(&mut course, "withdrawer-1");
    task.solution = vec![(sq("e4"), sq("d4"))];
    let problem = check_task(task).expect_err("e4d4 takes nothing");
    assert!(problem.contains("misses"), "{problem}");
}

#[test]
fn a_task_met_in_fewer_moves_than_its_stars_claim_is_reported() {
    let mut course = real();
    let task = task_mut(&mut course, "withdrawer-1");
    // A two-move solution whose first move already takes the pawn.
    task.solution = vec![
        (sq("e4"), sq("e1")),
        (sq("h8"), sq("h7")),
        (sq("e1"), sq("e2")),
    ];
    task.max_moves = 2;
    task.stars.three.moves = 2;
    task.stars.two.moves = 2;
    let problem = check_task(task).expect_err("the goal is met at move 1");
    assert!(
        problem.contains("goal is met at solution move 1"),
        "{problem}"
    );

    let mut course = real();
    let task = task_mut(&mut course, "withdrawer-3");
    task.stars.three.moves = 3;
    task.stars.two.moves = 3;
    task.max_moves = 3;
    let problem = check_task(task).expect_err("three stars claim more than the solution");
    assert!(problem.contains("three stars claim 3 moves"), "{problem}");
}

#[test]
fn a_wrong_quiz_answer_is_reported() {
    let mut course = real();
    let task = task_mut(&mut course, "pawn-3");
    task.goal = Goal::Takes {
        from: sq("d1"),
        to: sq("d4"),
        squares: vec![sq("c4"), sq("d5")],
    };
    let problem = check_task(task).expect_err("d1d4 does not take d5");
    assert!(problem.contains("the move takes"), "{problem}");
}

#[test]
fn course_level_faults_name_the_task() {
    let texts = english().expect("en.json reads");

    let mut course = real();
    task_mut(&mut course, "king-2").concepts = vec!["king.castle".into()];
    let failure = check_course(&course, &texts).expect_err("unknown concept");
    assert_eq!(failure.task.as_deref(), Some("king-2"));

    let mut course = real();
    let copy = task_mut(&mut course, "king-1").clone();
    let twin = task_mut(&mut course, "king-2");
    twin.board = copy.board.clone();
    twin.goal = copy.goal.clone();
    let failure = check_course(&course, &texts).expect_err("two tasks alike");
    assert_eq!(failure.task.as_deref(), Some("king-2"));
    assert!(failure.to_string().starts_with("king-2: "), "{failure}");

    let mut course = real();
    for chapter in &mut course.chapters {
        for task in &mut chapter.tasks {
            task.concepts.retain(|c| c != "draw.fifty");
            if task.concepts.is_empty() {
                task.concepts.push("draw.bare-kings".into());
            }
        }
    }
    let failure = check_course(&course, &texts).expect_err("a concept untaught");
    assert!(failure.problem.contains("draw.fifty"), "{failure}");

    let mut texts_missing = texts.clone();
    texts_missing.remove("leaper-2.hint");
    let failure = check_course(&real(), &texts_missing).expect_err("a text missing");
    assert!(failure.problem.contains("leaper-2.hint"), "{failure}");
    let mut texts_extra = texts.clone();
    texts_extra.insert("leaper-9.hint".into(), "?".into());
    let failure = check_course(&real(), &texts_extra).expect_err("a text unused");
    assert!(failure.problem.contains("leaper-9.hint"), "{failure}");
}
