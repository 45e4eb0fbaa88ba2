//! `ultima course list|export|check`: the rules course, checked from outside the app.

use std::io::{BufWriter, Write};

use ultima_course::CheckReport;

use crate::error::CliError;

const COURSE_USAGE: &str = "`ultima course` needs one of: list, export, check";

pub fn run(args: &[String]) -> Result<(), CliError> {
    let Some((command, rest)) = args.split_first() else {
        return Err(CliError::Usage(COURSE_USAGE.to_string()));
    };
    if let Some(extra) = rest.first() {
        return Err(CliError::Usage(format!(
            "`ultima course {command}` takes no arguments (got `{extra}`)"
        )));
    }
    let lines = match command.as_str() {
        "list" => ultima_course::list()?,
        "export" => ultima_course::export()?,
        "check" => report_lines(&ultima_course::check()?),
        other => {
            return Err(CliError::Usage(format!(
                "unknown course command `{other}`; {COURSE_USAGE}"
            )))
        }
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

/// What a passing check prints: what was verified, then each concept with its tasks.
fn report_lines(report: &CheckReport) -> Vec<String> {
    let mut lines = vec![format!(
        "course check passed: {} chapters, {} tasks, {} concepts each taught",
        report.chapters,
        report.tasks,
        report.concepts.len()
    )];
    lines.push(
        "every solution replayed and its goal met; star thresholds reachable; no shorter line \
         meets a goal; no two tasks alike; every text present and used"
            .to_string(),
    );
    for (concept, tasks) in &report.concepts {
        lines.push(format!("  {concept:<36} {}", tasks.join(" ")));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::args::words as args;

    #[test]
    fn course_needs_a_known_command_and_nothing_after_it() {
        assert!(matches!(run(&[]), Err(CliError::Usage(_))));
        assert!(matches!(run(&args(&["play"])), Err(CliError::Usage(m)) if m.contains("`play`")));
        assert!(
            matches!(run(&args(&["list", "extra"])), Err(CliError::Usage(m)) if m.contains("extra"))
        );
    }

    #[test]
    fn the_check_report_names_every_concept() {
        let report = ultima_course::check().expect("the course passes its check");
        let lines = report_lines(&report);
        assert!(lines[0].starts_with("course check passed: 14 chapters"));
        for concept in ultima_course::CONCEPTS {
            assert!(
                lines.iter().any(|l| l.trim_start().starts_with(concept)),
                "{concept} is not reported"
            );
        }
    }
}
