//! Shared by the tests that run `ultima` as a program: running it, and files to give it.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// Runs `ultima` with `args`: its exit code (none if a signal ended it), stdout and stderr.
pub fn ultima_code(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_ultima"))
        .args(args)
        .output()
        .expect("the ultima binary runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs `ultima` with `args`: whether it succeeded, stdout and stderr.
pub fn ultima(args: &[&str]) -> (bool, String, String) {
    let (code, out, err) = ultima_code(args);
    (code == Some(0), out, err)
}

/// A file `name` holding `text`, in a folder of this test run's own (`tests` names the tests).
pub fn file_with(tests: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ultima-{tests}-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the file");
    path
}
