//! The commands that read a position and answer from the rules alone.

use std::io::{BufWriter, Write};

use ultima_rules::{perft_divide, Bitboard, Move, Position, Reading};

use crate::args::{is_option, unknown_option};
use crate::error::CliError;
use crate::rules_option::{position_by, take_rules};

/// Reads the one position argument of a command: a UFEN (which may also come as separate
/// words) or `start`, played by `rules` (see [`position_by`]).
fn position_argument(
    command: &str,
    args: &[String],
    rules: Option<Reading>,
) -> Result<Position, CliError> {
    if let Some(other) = args.iter().find(|a| is_option(a)) {
        return Err(unknown_option(command, other, "--rules"));
    }
    if args.is_empty() {
        return Err(CliError::Usage(format!(
            "`ultima {command}` needs a position in UFEN, in quotes (or `start`)"
        )));
    }
    position_by(&args.join(" "), rules)
}

fn captured_text(captures: Bitboard) -> String {
    let mut squares: Vec<String> = captures.iter().map(|s| s.to_string()).collect();
    squares.sort();
    squares.join(" ")
}

/// The line `ultima moves` prints for a move: `d1d4 x c4 d5 e4`.
fn move_line(mv: &Move) -> String {
    if mv.captures.is_empty() {
        mv.coordinates()
    } else {
        format!("{} x {}", mv.coordinates(), captured_text(mv.captures))
    }
}

pub fn moves(args: &[String]) -> Result<(), CliError> {
    let (rules, args) = take_rules(args)?;
    let position = position_argument("moves", &args, rules)?;
    let mut lines: Vec<String> = position.legal_moves().iter().map(move_line).collect();
    lines.sort();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

pub fn perft(args: &[String]) -> Result<(), CliError> {
    let (rules, args) = take_rules(args)?;
    if let Some(other) = args.iter().find(|a| is_option(a) && *a != "--divide") {
        return Err(unknown_option("perft", other, "--divide and --rules"));
    }
    let divide = args.iter().any(|a| a == "--divide");
    let words: Vec<String> = args.iter().filter(|a| *a != "--divide").cloned().collect();
    let Some((depth_text, ufen_words)) = words.split_last() else {
        return Err(CliError::Usage(
            "`ultima perft` needs a position in UFEN (or `start`) and a depth: ultima perft \"<ufen>\" 3"
                .to_string(),
        ));
    };
    let depth: u32 = depth_text
        .parse()
        .ok()
        .filter(|d| *d <= 20)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "the depth `{depth_text}` is not a whole number from 0 to 20"
            ))
        })?;
    let position = position_argument("perft", ufen_words, rules)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let total = if divide {
        let mut split = perft_divide(&position, depth);
        split.sort_by_key(|(mv, _)| mv.coordinates());
        for (mv, count) in &split {
            writeln!(out, "{} {count}", mv.coordinates())?;
        }
        split.iter().map(|(_, count)| count).sum()
    } else {
        ultima_rules::perft(&position, depth)
    };
    writeln!(out, "{total}")?;
    out.flush()?;
    Ok(())
}

pub fn status(args: &[String]) -> Result<(), CliError> {
    let (rules, args) = take_rules(args)?;
    let position = position_argument("status", &args, rules)?;
    println!("{}", position.status());
    Ok(())
}
