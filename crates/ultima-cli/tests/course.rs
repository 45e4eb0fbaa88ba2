//! `ultima course ...` run as a program, as an outside checker would.

mod support;

use support::ultima;

#[test]
fn course_check_passes() {
    let (ok, out, err) = ultima(&["course", "check"]);
    assert!(ok, "course check failed: {err}");
    assert!(out.starts_with("course check passed: 14 chapters"), "{out}");
}

#[test]
fn course_export_prints_one_object_per_task() {
    let (ok, out, err) = ultima(&["course", "export"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 13 * 3, "{} tasks", lines.len());
    for line in &lines {
        assert!(
            line.starts_with("{\"id\":\"") && line.ends_with('}'),
            "{line}"
        );
        for field in [
            "\"chapter\":",
            "\"concepts\":[",
            "\"ufen\":",
            "\"solution\":[",
            "\"goal\":{",
        ] {
            assert!(line.contains(field), "{field} missing in {line}");
        }
    }
    assert!(out.contains(r#""goal":{"capture":["c3","e5","g7"]}"#));
}

#[test]
fn course_list_names_chapters_and_tasks() {
    let (ok, out, err) = ultima(&["course", "list"]);
    assert!(ok, "{err}");
    assert!(out.lines().any(|l| l.contains("withdrawer-1")));
    assert!(out.lines().any(|l| l.contains("The long leaper")));
}

#[test]
fn an_unknown_course_command_fails() {
    let (ok, _, err) = ultima(&["course", "teach"]);
    assert!(!ok);
    assert!(err.contains("unknown course command `teach`"), "{err}");
}
