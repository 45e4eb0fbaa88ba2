//! `ultima course export` and `ultima course list`.

use serde::Serialize;

use crate::data::{Course, GoalData};
use crate::error::CourseError;
use crate::text::Texts;

#[derive(Serialize)]
struct Exported<'a> {
    id: &'a str,
    chapter: &'a str,
    concepts: &'a [String],
    ufen: &'a str,
    solution: Vec<String>,
    goal: &'a GoalData,
}

/// One JSON object per task, in course order.
pub fn export_course(course: &Course) -> Result<Vec<String>, CourseError> {
    course
        .tasks()
        .map(|task| {
            let exported = Exported {
                id: &task.id,
                chapter: &task.chapter,
                concepts: &task.concepts,
                ufen: &task.board.ufen,
                solution: task
                    .solution
                    .iter()
                    .map(|(from, to)| format!("{from}{to}"))
                    .collect(),
                goal: &task.goal_data,
            };
            serde_json::to_string(&exported).map_err(|e| CourseError::Data {
                place: format!("export of {}", task.id),
                problem: e.to_string(),
            })
        })
        .collect()
}

/// Chapters and tasks, one per line: the id and the English title.
pub fn list_course(course: &Course, texts: &Texts) -> Vec<String> {
    let title = |key: String| texts.get(&key).cloned().unwrap_or(key);
    let mut lines = Vec::new();
    for (number, chapter) in course.chapters.iter().enumerate() {
        lines.push(format!(
            "{:>2} {:<14} {}",
            number + 1,
            chapter.id,
            title(chapter.key("title"))
        ));
        for task in &chapter.tasks {
            lines.push(format!("   {:<14} {}", task.id, title(task.key("title"))));
        }
    }
    lines
}
