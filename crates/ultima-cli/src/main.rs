//! `ultima`: the rules engine from the command line.
//!
//! Every bad input ends with exit status 2 and one line on standard error.

mod analyse_command;
mod args;
mod bot_commands;
mod course_commands;
mod engine_protocol;
mod error;
mod journal;
mod match_runner;
mod online_command;
mod puzzle_commands;
mod rules_commands;
mod rules_option;
mod tune_command;

use std::process::ExitCode;

use error::CliError;

const USAGE: &str =
    "usage: ultima <moves|perft|status|bestmove|engine|bench|match|tune|analyse|online|course|puzzles> ... (try `ultima help`)";

const HELP: &str = "\
ultima - the rules of Ultima (Baroque chess)

  ultima moves \"<ufen>\"|start               every legal move, sorted; captures after ` x`
  ultima perft \"<ufen>\"|start N [--divide]  the number of legal move sequences of length N
  ultima status \"<ufen>\"|start              ongoing, check, white wins, black wins, draw: ...
    each with [--rules 1963|1962|cambridge|boardspace|zillions]: the reading of the rules
    (docs/readings.md; default 1963, or the one the UFEN names in a fifth field)

The bot:
  ultima bestmove \"<ufen>\"|start [--rules R] [--moves M1 M2 ...] [--level LEVEL [--seed S]]
                 [--depth N] [--nodes N] [--movetime MS]
                                      the bot's move (default: 1 second of search)
  ultima engine                       the engine protocol on stdin/stdout (PROTOCOL.md)
  ultima bench [--depth N]            fixed positions to a fixed depth: nodes and speed
  ultima bench --levels [--rounds N]  how long each level takes to reply
  ultima bench --stop                 how soon a search ends when told to stop
  ultima match A B [--rules R] [--games N] [--seed S] [--plies P] [--max-plies N]
                 [--out FILE] [--go \"movetime 1000\"] [--timeout MS] [--from-game K]
                                      games between two players: a level, a level with
                                      settings (level:casual,noise=30,depth=4; keys depth,
                                      movetime, noise, margin, reply, capture), or
                                      cmd:\"PROGRAM ARGS\" speaking the engine protocol;
                                      W/D/L, Elo difference, records written to FILE
                                      (--from-game K: games K on only, into a FILE of
                                      their own, to share a long match)
  ultima tune [--games N] [--nodes N] [--step CP] [--passes P] [--seed S]
                                      self-play coordinate search over the piece values
  ultima analyse FILE [--rules R] [--nodes N]
                                      every move of a game judged by the bot (default 100000
                                      nodes a position): score, ?! ? ?? and the best line;
                                      FILE: records (as match --out writes), a saved game, or
                                      moves in coordinates from the start

Online (a server: crates/ultima-server):
  ultima online host ws[s]://HOST[:PORT] --level L [--color white|black|random] [--clock 300+5]
                 [--rules R]          creates a game (by the rules R, default 1963), prints
                                      `invite CODE`, plays it with L
  ultima online join ws[s]://HOST[:PORT] CODE --level L
                                      joins the game of that invite and plays it with L;
                                      both print `moves ...` and `result ...` at the end
  ultima online load ws://HOST:PORT --games N [--plies P]
                                      N games at once of random moves: moves sent and received
                                      back, round-trip percentiles, records checked

The rules course:
  ultima course list                  chapters and tasks, one per line (id and title)
  ultima course export                one JSON object per task: id, chapter, concepts,
                                      ufen, solution, goal
  ultima course check                 replays every task and checks goals, stars and
                                      concepts; fails naming the task

The puzzles:
  ultima puzzles generate --out FILE [--games N] [--seed S] [--nodes N] [--max-plies N]
                 [--method standard|hard|defence|long]
                                      self-play games between erring and stronger levels; each
                                      puzzle found appended to FILE; the same command resumes;
                                      hard: levels erring as 1500-2200 players, lines of up to
                                      6 solver moves, only puzzles that ask more than a capture;
                                      defence: the standard games, only defensive puzzles (the
                                      one quiet move that holds); long: the standard games,
                                      only lines of 3 or more solver moves (up to 6)
  ultima puzzles verify [--file F] [--nodes N] [--hard-nodes N [--hard-from R]] [--sample K]
                 [--out FILE]         re-searches every puzzle (a file: default 4x the
                                      generator's nodes; the shipped set: 1.6 M, and 4 M
                                      from 1500), those rated R (1500) or more again at the
                                      hard nodes; --sample K: K spread over the ratings;
                                      fails naming the puzzle; FILE: those passing,
                                      written as checked (failures as `# failed` lines): the
                                      same command resumes
  ultima puzzles calibrate [--file F] [--tries N] [--seed S] [--budget PERCENT] [--out FILE]
                                      rates every puzzle from the levels' tries (Glicko-2);
                                      writes the file format, to FILE (resumes) or stdout
  ultima puzzles select --file F [--file G ...] [--max-share PERCENT] [--out FILE]
                                      the collection from rated files: one puzzle per position
                                      and idea, no theme of the solution over a third (33)
  ultima puzzles export [--file F]    one JSON object per puzzle (default: the shipped set)
  ultima puzzles simulate [--file F] [--strength N ...] [--puzzles N] [--players N] [--seed S]
                                      simulated players (default 1000, 1500, 2000, 2400; 200
                                      puzzles, 10 players each) through the trainer's chooser
                                      and rating: rating after 50 and at the end, distance to
                                      the puzzles served, solve rate
  ultima puzzles model [--file F] [--nodes N] [--out FILE]
                                      rates a calibrated file again by the difficulty model
                                      (docs/puzzles.md); prints its checks; FILE resumes

Levels, weakest first: novice, learner, beginner, improver, casual, steady, keen,
solid, sharp, intermediate, experienced, strong, club. Baselines for `match`: random, greedy.

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
        "bestmove" => bot_commands::bestmove(rest),
        "engine" => engine_protocol::engine(rest),
        "bench" => bot_commands::bench(rest),
        "match" => match_runner::run(rest),
        "tune" => tune_command::run(rest),
        "analyse" | "analyze" => analyse_command::run(rest),
        "course" => course_commands::run(rest),
        "puzzles" => puzzle_commands::run(rest),
        "online" => online_command::run(rest),
        "help" | "--help" | "-h" => {
            println!("{HELP}");
            Ok(())
        }
        other => Err(CliError::Usage(format!(
            "unknown command `{other}`; the commands are moves, perft, status, bestmove, engine, bench, match, tune, analyse, online, course and puzzles"
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
