//! `ultima`: the rules engine from the command line.
//!
//! Every bad input ends with exit status 2 and one line on standard error.

mod rules_commands;

use std::process::ExitCode;

/// Why a command failed, in words a person can act on.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("{0}")]
    Usage(String),
    #[error("bad position: {0}")]
    Position(#[from] ultima_rules::UfenError),
    #[error("bad move: {0}")]
    Move(#[from] ultima_rules::MoveError),
    #[error("could not write the output: {0}")]
    Output(#[from] std::io::Error),
}

const USAGE: &str = "usage: ultima <moves|perft|status> ... (try `ultima help`)";

const HELP: &str = "\
ultima - the rules of Ultima (Baroque chess)

  ultima moves \"<ufen>\"               every legal move, sorted; captures after ` x`
  ultima perft \"<ufen>\" N [--divide]  the number of legal move sequences of length N
  ultima status \"<ufen>\"              ongoing, check, white wins, black wins, draw: ...

Positions are UFEN, for example the start:
  \"clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\"";

fn run(args: &[String]) -> Result<(), CliError> {
    let Some((command, rest)) = args.split_first() else {
        return Err(CliError::Usage(USAGE.to_string()));
    };
    match command.as_str() {
        "moves" => rules_commands::moves(rest),
        "perft" => rules_commands::perft(rest),
        "status" => rules_commands::status(rest),
        "help" | "--help" | "-h" => {
            println!("{HELP}");
            Ok(())
        }
        other => Err(CliError::Usage(format!(
            "unknown command `{other}`; the commands are moves, perft and status"
        ))),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ultima: {error}");
            ExitCode::from(2)
        }
    }
}
