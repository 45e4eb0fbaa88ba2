//! Authoring aid: `cargo run -p ultima-course --example probe -- "<ufen>" [task-id]`.
//! With a UFEN: every legal move with its captures and the status after it.
//! With `--threats UFEN...`: the mover's pieces the opponent could take next move.
//! With `--task ID`: every first learner move and what the task's runner makes of it.

use ultima_course::{course, Step, TaskRun};
use ultima_rules::{sorted_captures, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--threats") {
        for ufen in &args[1..] {
            match Position::from_ufen(ufen) {
                Ok(position) => {
                    let squares: Vec<String> = sorted_captures(position.threatened())
                        .iter()
                        .map(|s| s.to_string())
                        .collect();
                    println!("{ufen}: {}", squares.join(" "));
                }
                Err(e) => println!("{ufen}: {e}"),
            }
        }
        return;
    }
    if args.first().map(String::as_str) == Some("--lines") {
        let Ok(course) = course() else {
            return;
        };
        for id in &args[1..] {
            let Some(task) = course.task(id) else {
                continue;
            };
            let mut found = Vec::new();
            lines(&TaskRun::new(task), &mut Vec::new(), &mut found);
            println!("== {id}: {} solving lines", found.len());
            for line in found.iter().take(12) {
                println!("  {line}");
            }
        }
        return;
    }
    if args.first().map(String::as_str) == Some("--task") {
        let Ok(course) = course() else {
            eprintln!("course does not read: {:?}", course().err());
            return;
        };
        for id in &args[1..] {
            let Some(task) = course.task(id) else {
                eprintln!("no task {id}");
                continue;
            };
            println!("== {id}  {}", task.board.ufen);
            for mv in task.position().legal_moves() {
                let mut run = TaskRun::new(task);
                let step = run.play(mv.from, mv.to);
                let text = match step {
                    Step::Solved { reply, stars, .. } => format!(
                        "SOLVED{} stars {stars}",
                        reply
                            .map(|r| format!(" after {}", r.coordinates()))
                            .unwrap_or_default()
                    ),
                    Step::Continue { reply, .. } => {
                        format!("continue, reply {}", reply.coordinates())
                    }
                    Step::Missed { reason, reply, .. } => format!(
                        "missed {reason:?}{}",
                        reply
                            .map(|r| format!(" after {}", r.coordinates()))
                            .unwrap_or_default()
                    ),
                    other => format!("{other:?}"),
                };
                if !text.starts_with("missed") || args.len() < 3 {
                    println!("  {} {}", mv.coordinates(), text);
                }
            }
        }
        return;
    }
    for ufen in &args {
        let position = match Position::from_ufen(ufen) {
            Ok(p) => p,
            Err(e) => {
                println!("{ufen}: {e}");
                continue;
            }
        };
        println!("== {ufen}  status {}", position.status());
        for mv in position.legal_moves() {
            let after = position.play_unchecked(&mv);
            let taken: Vec<String> = sorted_captures(mv.captures)
                .iter()
                .map(|s| s.to_string())
                .collect();
            println!(
                "  {}{}  -> {}",
                mv.coordinates(),
                if taken.is_empty() {
                    String::new()
                } else {
                    format!(" x {}", taken.join(" "))
                },
                after.status()
            );
        }
    }
}

/// Every learner line that solves the task within its budget (replies as the runner plays them).
fn lines(run: &TaskRun, played: &mut Vec<String>, found: &mut Vec<String>) {
    for mv in run.position().legal_moves() {
        let mut next = run.clone();
        let step = next.play(mv.from, mv.to);
        played.push(mv.coordinates());
        match step {
            Step::Solved { .. } => found.push(played.join(" ")),
            Step::Continue { reply, .. } => {
                played.push(format!("({})", reply.coordinates()));
                lines(&next, played, found);
                played.pop();
            }
            _ => {}
        }
        played.pop();
    }
}
