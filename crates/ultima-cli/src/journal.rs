//! The append-only files the long puzzle runs write (`generate`, `extend`, `verify --out`,
//! `calibrate --out`, `model --out`): read back to whole lines when a run resumes, then opened
//! for appending, each line flushed as it is written, so that a run killed at any moment loses at
//! most the line it was writing and the same command goes on after what the file holds.

use std::fs::{File, OpenOptions};
use std::io::Write;

use ultima_puzzles::generate::{self, Sink};

use crate::error::CliError;

/// The error of writing to `path`.
pub fn file_error(path: &str, error: std::io::Error) -> CliError {
    CliError::File {
        path: path.to_string(),
        error,
    }
}

/// The whole lines of the resumable file at `path` (empty when there is none): a partial last
/// line, left by a run killed mid-write, is cut off the file so that it ends on a whole line.
pub fn whole_lines(path: &str) -> Result<String, CliError> {
    let existing = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => {
            return Err(CliError::Read {
                path: path.to_string(),
                error,
            })
        }
    };
    let complete = generate::complete_part(&existing);
    if complete.len() != existing.len() {
        std::fs::write(path, complete).map_err(|error| file_error(path, error))?;
    }
    Ok(complete.to_string())
}

/// A journal open for appending.
pub struct Journal {
    path: String,
    file: File,
}

impl Journal {
    /// Opens the journal at `path` (created if missing) for appending; when `new` (the run
    /// starts it) `header`'s lines are written first.
    pub fn open(path: &str, header: &str, new: bool) -> Result<Journal, CliError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|error| file_error(path, error))?;
        let mut journal = Journal {
            path: path.to_string(),
            file,
        };
        if new {
            for line in header.lines() {
                journal.write_line(line)?;
            }
        }
        Ok(journal)
    }

    /// Appends `line` and a newline, flushed at once.
    pub fn write_line(&mut self, line: &str) -> Result<(), CliError> {
        Sink::line(self, line).map_err(|error| file_error(&self.path, error))
    }
}

/// For writers that take any `Write` (the caller flushes after each line).
impl Write for Journal {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.file.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl Sink for Journal {
    fn line(&mut self, line: &str) -> Result<(), std::io::Error> {
        self.file.write_all(format!("{line}\n").as_bytes())?;
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_path(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("ultima-journal-{}-{name}", std::process::id()))
    }

    #[test]
    fn a_new_journal_starts_with_its_header_a_resumed_one_does_not_repeat_it() {
        let path = temp_path("header");
        let _ = std::fs::remove_file(&path);
        let path_text = path.to_string_lossy().to_string();
        let mut journal = Journal::open(&path_text, "# one\n# two", true).expect("opens");
        journal.write_line("a").expect("writes");
        drop(journal);
        let mut journal = Journal::open(&path_text, "# one\n# two", false).expect("reopens");
        journal.write_line("b").expect("writes");
        let text = std::fs::read_to_string(&path).expect("reads");
        assert_eq!(text, "# one\n# two\na\nb\n");
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_partial_last_line_is_cut_off_and_a_missing_file_is_empty() {
        let path = temp_path("partial");
        let path_text = path.to_string_lossy().to_string();
        let _ = std::fs::remove_file(&path);
        assert_eq!(whole_lines(&path_text).expect("missing is empty"), "");
        std::fs::write(&path, "# header\nwhole\nhalf a li").expect("writes");
        assert_eq!(whole_lines(&path_text).expect("reads"), "# header\nwhole\n");
        assert_eq!(
            std::fs::read_to_string(&path).expect("reads"),
            "# header\nwhole\n"
        );
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn an_unreadable_journal_is_an_error_naming_it() {
        // A directory where a file is expected cannot be read as text.
        let path = std::env::temp_dir();
        let path_text = path.to_string_lossy().to_string();
        let error = whole_lines(&path_text).expect_err("a directory is no journal");
        assert!(error.to_string().contains(&path_text), "{error}");
    }
}
