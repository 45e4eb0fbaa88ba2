//! The learner's words: one flat JSON file per language (i18next syntax, `{{name}}` for a
//! parameter). The UI loads the same file as an i18next namespace; Rust reads it only for the
//! command line's titles and for the test that every key is used and exists.

use std::collections::BTreeMap;

use crate::data::{Course, Goal};
use crate::error::CourseError;

/// English, the course's first language.
pub const EN_JSON: &str = include_str!("../text/en.json");
/// French.
pub const FR_JSON: &str = include_str!("../text/fr.json");

/// One language's text file, with the plural forms its counted texts come in (i18next's, from
/// the language's plural rules: `Intl.PluralRules(code).resolvedOptions().pluralCategories`).
#[derive(Clone, Copy, Debug)]
pub struct TextFile {
    /// The language's code, and its file's name without `.json`.
    pub language: &'static str,
    pub json: &'static str,
    /// The suffixes of a counted text's forms, every one required.
    pub plurals: &'static [&'static str],
}

/// Every language of the course, English first.
pub const TEXT_FILES: &[TextFile] = &[
    TextFile {
        language: "en",
        json: EN_JSON,
        plurals: &["_one", "_other"],
    },
    TextFile {
        language: "fr",
        json: FR_JSON,
        plurals: &["_one", "_many", "_other"],
    },
];

impl TextFile {
    pub fn file_name(&self) -> String {
        format!("{}.json", self.language)
    }

    pub fn read(&self) -> Result<Texts, CourseError> {
        read_texts(&self.file_name(), self.json)
    }
}

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

/// English's i18next plural forms of a text counted by `{{moves}}`: `key_one`, `key_other`.
pub const PLURAL_SUFFIXES: [&str; 2] = ["_one", "_other"];

/// Every plural suffix of any language (and `_zero`, which i18next uses for 0 in any language).
const ANY_PLURAL_SUFFIX: [&str; 6] = ["_zero", "_one", "_two", "_few", "_many", "_other"];

/// The English texts of `key`: the key itself, every one of its plural forms, or one form per
/// piece set; `None` when missing (or when only some forms are there).
pub fn text_forms<'t>(texts: &'t Texts, key: &str) -> Option<Vec<&'t String>> {
    text_forms_in(texts, key, &PLURAL_SUFFIXES)
}

/// The texts of `key` in a language whose plural forms are `plurals`: the key itself, every one
/// of its plural forms, or one form per piece set; `None` when missing (or when only some forms
/// are there).
pub fn text_forms_in<'t>(texts: &'t Texts, key: &str, plurals: &[&str]) -> Option<Vec<&'t String>> {
    if let Some(text) = texts.get(key) {
        return Some(vec![text]);
    }
    let forms = |suffixes: &[&str]| -> Option<Vec<&'t String>> {
        suffixes
            .iter()
            .map(|suffix| texts.get(&format!("{key}{suffix}")))
            .collect()
    };
    forms(plurals).or_else(|| forms(&piece_set_suffixes().each_ref().map(String::as_str)))
}

/// The suffixes of a text's piece-set forms: `_emblems`, `_chess`.
fn piece_set_suffixes() -> [String; 2] {
    PIECE_SETS.map(|set| format!("_{set}"))
}

/// The key a text belongs to: `goal.reach_one`, `goal.reach_many` and `goal.reach_other` are
/// forms of `goal.reach` (any language's plural forms), `board.intro_chess` one of `board.intro`.
pub fn plural_base(key: &str) -> &str {
    let plural = ANY_PLURAL_SUFFIX
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

/// What is wrong with one language's texts, every fault listed (a key missing, or missing one of
/// the language's plural forms or of the piece sets' forms; empty; not used); empty when nothing
/// is.
pub fn text_faults(course: &Course, file: &TextFile, texts: &Texts) -> Vec<String> {
    let used: std::collections::BTreeSet<String> = used_keys(course).into_iter().collect();
    let mut faults = Vec::new();
    for key in &used {
        match text_forms_in(texts, key, file.plurals) {
            None => faults.push(format!("text `{key}` is missing")),
            Some(forms) if forms.iter().any(|text| text.trim().is_empty()) => {
                faults.push(format!("text `{key}` is empty"))
            }
            Some(_) => {}
        }
    }
    for key in texts.keys() {
        let base = plural_base(key);
        if !used.contains(base) {
            faults.push(format!("text `{key}` is not used"));
        } else if base != key
            && !file.plurals.iter().any(|suffix| key.ends_with(suffix))
            && !piece_set_suffixes()
                .iter()
                .any(|suffix| key.ends_with(suffix.as_str()))
        {
            faults.push(format!(
                "text `{key}` is neither a plural form of this language nor a piece set's form"
            ));
        }
    }
    faults
}
