//! The course judged by the rules engine: `ultima course check`'s logic over the embedded data.

use ultima_course::{check, check_task, course, CONCEPTS};

#[test]
fn every_task_passes_its_own_check() {
    let course = course().expect("the course reads");
    let failures: Vec<String> = course
        .tasks()
        .filter_map(|task| check_task(task).err().map(|e| format!("{}: {e}", task.id)))
        .collect();
    assert!(
        failures.is_empty(),
        "failing tasks:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_whole_course_passes_check() {
    let report = check().unwrap_or_else(|failure| panic!("course check failed: {failure}"));
    assert_eq!(report.chapters, 13);
    assert_eq!(report.concepts.len(), CONCEPTS.len());
    assert!(report.concepts.values().all(|tasks| !tasks.is_empty()));
}
