//! The course judged by the rules engine: `ultima course check`'s logic over the embedded data
//! (every solution legal and winning, every goal met, star thresholds reachable and no shorter
//! line, every concept covered, no two tasks alike, every text present and used).

use ultima_course::{check, CONCEPTS};

#[test]
fn the_whole_course_passes_check() {
    let report = check().unwrap_or_else(|failure| panic!("course check failed: {failure}"));
    assert_eq!(report.chapters, 14);
    assert!(report.tasks >= 60, "{} tasks", report.tasks);
    assert_eq!(report.concepts.len(), CONCEPTS.len());
    for (concept, tasks) in &report.concepts {
        assert!(!tasks.is_empty(), "{concept} is taught by no task");
    }
}
