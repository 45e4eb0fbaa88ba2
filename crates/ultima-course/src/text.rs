//! The learner's words: one flat JSON file per language (i18next syntax, `{{name}}` for a
//! parameter). The UI loads the same file as an i18next namespace; Rust reads it only for the
//! command line's titles and for the test that every key is used and exists.

use std::collections::BTreeMap;

use crate::data::{Course, Goal};
use crate::error::CourseError;

/// English, the course's first language.
pub const EN_JSON: &str = include_str!("../text/en.json");

/// A language's texts by key.
pub type Texts = BTreeMap<String, String>;

pub fn read_texts(file: &str, json: &str) -> Result<Texts, CourseError> {
    serde_json::from_str(json).map_err(|e| CourseError::Text {
        file: file.to_string(),
        message: e.to_string(),
    })
}

pub fn english() -> Result<Texts, CourseError> {
    read_texts("en.json", EN_JSON)
}

/// The parts every task has text for.
pub const TASK_PARTS: &[&str] = &["title", "prompt", "hint", "miss"];
/// The parts every chapter has text for.
pub const CHAPTER_PARTS: &[&str] = &["title", "intro"];

/// The course screens' own sentences beyond the tasks' texts: what a missed move took, what a
/// reply took, which marked pieces are left, the threats quiz's question and answer, the hint's
/// cost, and the closing game on the last task and the map.
pub const FEEDBACK_KEYS: &[&str] = &[
    "miss.took-nothing",
    "miss.took",
    "miss.reply-took",
    "miss.marked-left",
    "quiz.threats-wrong",
    "quiz.threats-none",
    "quiz.threats-ask",
    "lesson.hint-cost",
    "lesson.finale",
    "lesson.finale-play",
    "map.finale-title",
    "map.finale-later",
    "map.finale-ready",
    "map.finale-done",
    "map.finale-open",
    "map.finale-again",
    "setup.ask-king",
    "setup.ask-withdrawer",
    "setup.ask-immobilizer",
    "setup.ask-coordinator",
    "setup.ask-longLeaper",
    "setup.ask-chameleon",
    "setup.placed",
    "setup.wrong",
];

/// The piece sets (the app's setting): a text that names a piece by its look has one form per
/// set, `key_emblems` and `key_chess`, and the lesson picks the one of the set in use.
pub const PIECE_SETS: [&str; 2] = ["emblems", "chess"];

/// Every key the course uses.
pub fn used_keys(course: &Course) -> Vec<String> {
    let mut keys: Vec<String> = Goal::TEXT_KEYS.iter().map(|k| k.to_string()).collect();
    keys.extend(FEEDBACK_KEYS.iter().map(|k| k.to_string()));
    for chapter in &course.chapters {
        keys.extend(CHAPTER_PARTS.iter().map(|part| chapter.key(part)));
        for task in &chapter.tasks {
            keys.extend(TASK_PARTS.iter().map(|part| task.key(part)));
        }
    }
    keys
}

/// The i18next plural forms of a text counted by `{{moves}}`: `key_one`, `key_other`.
pub const PLURAL_SUFFIXES: [&str; 2] = ["_one", "_other"];

/// The texts of `key`: the key itself, every one of its plural forms, or one form per piece
/// set; `None` when missing (or when only some forms are there).
pub fn text_forms<'t>(texts: &'t Texts, key: &str) -> Option<Vec<&'t String>> {
    if let Some(text) = texts.get(key) {
        return Some(vec![text]);
    }
    let forms = |suffixes: &[&str]| -> Option<Vec<&'t String>> {
        suffixes
            .iter()
            .map(|suffix| texts.get(&format!("{key}{suffix}")))
            .collect()
    };
    let sets: Vec<String> = PIECE_SETS.iter().map(|set| format!("_{set}")).collect();
    let sets: Vec<&str> = sets.iter().map(String::as_str).collect();
    forms(&PLURAL_SUFFIXES).or_else(|| forms(&sets))
}

/// The key a text belongs to: `goal.reach_one` and `goal.reach_other` are forms of
/// `goal.reach`, `board.intro_chess` one of `board.intro`.
pub fn plural_base(key: &str) -> &str {
    let plural = PLURAL_SUFFIXES
        .iter()
        .find_map(|suffix| key.strip_suffix(suffix));
    plural
        .or_else(|| {
            PIECE_SETS
                .iter()
                .find_map(|set| key.strip_suffix(set)?.strip_suffix('_'))
        })
        .unwrap_or(key)
}
