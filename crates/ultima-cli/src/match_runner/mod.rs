//! `ultima match`: games between two players, each a level of the bot or a baseline (in this
//! process) or an engine command speaking the protocol of PROTOCOL.md (a child process). The
//! rules library referees: an illegal move, a crash or a silence past the time-out loses the
//! game.
//!
//! One module each: the [`arguments`], the [`player`] trait, the [`players`] in this process
//! and the [`engine_player`] in a child process, the [`spec`] that names one of them, the
//! [`openings`](mod@openings), the [`game_loop`], the [`statistics`], the [`kings`] left to be
//! taken (Zillions) and the [`resume`] of a match cut short; this one runs the command and prints
//! what it finds.

mod arguments;
mod engine_player;
mod game_loop;
mod kings;
mod openings;
mod player;
mod players;
mod resume;
mod spec;
mod statistics;

use std::io::Write;

pub use arguments::MAX_GAME_PLIES;
pub use game_loop::run_games;
use game_loop::{first_is_white, opening_of, run_games_from, starting_session, Ending};
pub use openings::openings;
use openings::openings_from;
pub use players::SearchBot;
use statistics::elo_estimate;
use ultima_rules::Position;

use crate::error::CliError;
use crate::rules_option::take_rules;

/// `ultima match A B [--rules R] [--games N] [--seed S] [--plies P] [--max-plies N]
/// [--out FILE] [--go "movetime 500"] [--timeout MS] [--from-game K]`: with `--rules`, every
/// game from that reading's start and by its rules (the openings drawn by its moves). When FILE
/// already holds games of this match (the same command, cut short), they count and the match
/// goes on from the next one. `--from-game K`: this run plays the match's games from game K on
/// (each with its own opening and colours) and FILE holds those only, so that two processes
/// can share a long match; the files put end to end are the whole match's records, which the
/// same command without `--from-game` then reads as written before.
pub fn run(args: &[String]) -> Result<(), CliError> {
    let (rules, args) = take_rules(args)?;
    let start = Position::start_of(rules.unwrap_or_default());
    let arguments::MatchSettings {
        first: first_spec,
        second: second_spec,
        games,
        from_game,
        seed,
        plies,
        max_plies,
        out_path,
        go,
        timeout,
    } = arguments::parse(&args)?;
    // The match's index (from 0) of the file's first game.
    let offset = from_game - 1;
    let mut first = spec::from_spec(&first_spec, seed, &go, timeout)?;
    let mut second = spec::from_spec(&second_spec, seed.wrapping_add(7919), &go, timeout)?;
    let lines = openings_from(&start, seed, games.div_ceil(2), plies);
    let start = starting_session(&start).map_err(|error| {
        CliError::Usage(format!(
            "the {} start does not set up a game: {error}",
            start.reading()
        ))
    })?;
    // Each game is written as soon as it ends, so that a match cut short keeps its games and
    // the same command goes on from the next one.
    let file_error = |error| CliError::File {
        path: out_path.clone(),
        error,
    };
    let existing = match std::fs::read_to_string(&out_path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => {
            return Err(CliError::Read {
                path: out_path.clone(),
                error,
            })
        }
    };
    let written = resume::read_written(&existing, start.game().start(), games - offset, |index| {
        opening_of(&lines, offset + index)
    })
    .map_err(|error| {
        CliError::Usage(format!(
            "{out_path} holds other games than this match's: {error}; give another --out"
        ))
    })?;
    let mut records = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&out_path)
        .map_err(file_error)?;
    // A record cut by a crash is dropped; its game is played again.
    records
        .set_len(written.whole_bytes as u64)
        .map_err(file_error)?;
    let mut stdout = std::io::stdout().lock();
    let (first_name, second_name) = (first.name().to_string(), second.name().to_string());
    let describe_players = |first_white: bool| {
        if first_white {
            (&first_name, &second_name)
        } else {
            (&second_name, &first_name)
        }
    };
    let mut earlier = statistics::Tally::default();
    // Moves that left the mover's king to be taken (a reading without the check rule), the
    // first player's and the second's.
    let mut kings = [0u32; 2];
    let mut count_kings = |first_white: bool, game: &ultima_rules::Game| {
        let [white, black] = kings::kings_left(game);
        let (first, second) = if first_white {
            (white, black)
        } else {
            (black, white)
        };
        kings[0] += first;
        kings[1] += second;
    };
    for (index, game) in (offset..).zip(&written.games) {
        count_kings(first_is_white(index), game);
        let ending = game.outcome().map(Ending::Rules);
        earlier.add(
            first_is_white(index),
            ending.as_ref().and_then(Ending::winner),
        );
        let (white, black) = describe_players(first_is_white(index));
        let ending = ending.map_or("unfinished".to_string(), |ending| ending.describe());
        writeln!(
            stdout,
            "game {}/{games} (written before): {white} (white) vs {black} (black): {ending}, {} plies",
            index + 1,
            game.moves().len()
        )?;
    }
    let mut write_failed: Option<std::io::Error> = None;
    let mut tally = run_games_from(
        &start,
        first.as_mut(),
        second.as_mut(),
        offset + written.games.len()..games,
        &lines,
        max_plies,
        &mut |index, first_is_white, game, ending| {
            count_kings(first_is_white, game);
            let (white, black) = describe_players(first_is_white);
            let _ = writeln!(
                stdout,
                "game {}/{games}: {white} (white) vs {black} (black): {}, {} plies",
                index + 1,
                ending.describe(),
                game.moves().len()
            );
            let _ = stdout.flush();
            if write_failed.is_none() {
                let written = writeln!(records, "{}", game.record()).and_then(|()| records.flush());
                write_failed = written.err();
            }
        },
    );
    tally.wins += earlier.wins;
    tally.draws += earlier.draws;
    tally.losses += earlier.losses;
    writeln!(
        stdout,
        "{first_name} vs {second_name}: +{} ={} -{} (score {:.1}%), {}",
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score(),
        elo_estimate(tally.wins, tally.draws, tally.losses)
    )?;
    if !start.game().start().rules().has_check() {
        writeln!(
            stdout,
            "kings left to be taken when a move kept them safe: {first_name} {}, {second_name} {}",
            kings[0], kings[1]
        )?;
    }
    if let Some(error) = write_failed {
        return Err(file_error(error));
    }
    writeln!(stdout, "games written to {out_path}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima_rules::Game;

    use crate::args::words as args;

    #[test]
    fn a_match_writes_every_game_as_a_record_that_replays() {
        let path =
            std::env::temp_dir().join(format!("ultima-match-test-{}.txt", std::process::id()));
        let path_text = path.to_string_lossy().to_string();
        run(&args(&[
            "greedy",
            "random",
            "--games",
            "3",
            "--max-plies",
            "60",
            "--out",
            &path_text,
        ]))
        .expect("the match runs");
        let text = std::fs::read_to_string(&path).expect("records written");
        let _ = std::fs::remove_file(&path);
        let records: Vec<&str> = text
            .split("\n\n")
            .filter(|r| !r.trim().is_empty())
            .collect();
        assert_eq!(records.len(), 3, "{text}");
        for record in records {
            let game = Game::from_record(record).expect("a record that replays");
            assert!(game.moves().len() <= 60);
        }
    }

    /// The same command run again goes on from the next game: the games written stay as they
    /// were, a record cut by a crash is played again, and another match's file is refused
    /// untouched.
    #[test]
    fn a_match_cut_short_goes_on_from_its_next_game() {
        let path = std::env::temp_dir().join(format!(
            "ultima-match-resume-test-{}.txt",
            std::process::id()
        ));
        let path_text = path.to_string_lossy().to_string();
        let words = |games: &'static str, seed: &'static str| {
            args(&[
                "greedy",
                "random",
                "--games",
                games,
                "--seed",
                seed,
                "--max-plies",
                "40",
                "--out",
                &path_text,
            ])
        };
        let records = |text: &str| -> Vec<String> {
            text.split("\n\n")
                .filter(|r| !r.trim().is_empty())
                .map(str::to_string)
                .collect()
        };
        run(&words("2", "5")).expect("the first two games");
        let first_two = std::fs::read_to_string(&path).expect("written");
        // A crash while the third game was written.
        std::fs::write(&path, format!("{first_two}start clxwkxli/ppp")).expect("cut");
        run(&words("4", "5")).expect("goes on");
        let all = std::fs::read_to_string(&path).expect("written");
        assert!(all.starts_with(&first_two), "{all}");
        assert_eq!(records(&all).len(), 4, "{all}");
        for record in records(&all) {
            Game::from_record(&record).expect("a record that replays");
        }
        // Another seed draws other openings: refused, the file unchanged.
        let error = run(&words("6", "6")).expect_err("another match");
        assert!(
            matches!(&error, CliError::Usage(m) if m.contains("holds other games")),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), all);
        let _ = std::fs::remove_file(&path);
    }

    /// Two runs share a match: the first plays games 1-2, the second games 3-5 with
    /// `--from-game 3`, each into its own file; put end to end they are the match's records,
    /// which the whole match's command reads as written before, playing nothing more.
    #[test]
    fn a_match_shared_by_two_runs_joins_into_the_whole_match() {
        let dir = std::env::temp_dir();
        let [head, tail, joined] = ["head", "tail", "joined"].map(|part| {
            dir.join(format!(
                "ultima-match-share-{part}-{}.txt",
                std::process::id()
            ))
            .to_string_lossy()
            .to_string()
        });
        let words = |games: &str, out: &str, from: Option<&str>| {
            let mut words = vec![
                "greedy",
                "random",
                "--games",
                games,
                "--seed",
                "7",
                "--max-plies",
                "30",
                "--out",
                out,
            ];
            if let Some(from) = from {
                words.extend(["--from-game", from]);
            }
            args(&words)
        };
        let records = |path: &str| -> Vec<String> {
            std::fs::read_to_string(path)
                .expect("written")
                .split("\n\n")
                .filter(|r| !r.trim().is_empty())
                .map(str::to_string)
                .collect()
        };
        run(&words("2", &head, None)).expect("games 1-2");
        run(&words("5", &tail, Some("3"))).expect("games 3-5");
        assert_eq!(records(&head).len(), 2);
        assert_eq!(
            records(&tail).len(),
            3,
            "the second file holds its games only"
        );
        // Cut short and run again, the second run goes on from its next game.
        let tail_records = records(&tail);
        std::fs::write(&tail, format!("{}\n\n", tail_records[0])).expect("cut");
        run(&words("5", &tail, Some("3"))).expect("goes on");
        assert_eq!(records(&tail).len(), 3);
        // Joined: the whole match's command finds its five games, each from its own opening.
        let text = [
            std::fs::read_to_string(&head).expect("head"),
            std::fs::read_to_string(&tail).expect("tail"),
        ]
        .concat();
        std::fs::write(&joined, &text).expect("joined");
        run(&words("5", &joined, None)).expect("every game written before");
        assert_eq!(std::fs::read_to_string(&joined).expect("kept"), text);
        // The second file is not the match's beginning: as games 1-3 it is refused, untouched.
        let error = run(&words("5", &tail, None)).expect_err("not games 1-3");
        assert!(
            matches!(&error, CliError::Usage(m) if m.contains("holds other games")),
            "{error}"
        );
        for path in [&head, &tail, &joined] {
            let _ = std::fs::remove_file(path);
        }
    }

    #[test]
    fn a_match_that_cannot_write_its_records_stops_before_playing() {
        let dir = std::env::temp_dir();
        let error = run(&args(&[
            "random",
            "random",
            "--out",
            &dir.to_string_lossy(),
        ]))
        .expect_err("a folder is not a file");
        assert!(
            matches!(error, CliError::Read { .. } | CliError::File { .. }),
            "{error}"
        );
        // A file that is not text (not a match's records) is refused, and left as it was.
        let path = std::env::temp_dir().join(format!(
            "ultima-match-binary-test-{}.txt",
            std::process::id()
        ));
        std::fs::write(&path, [0xff, 0xfe, 0x00, 0x41]).expect("written");
        let error = run(&args(&[
            "random",
            "random",
            "--out",
            &path.to_string_lossy(),
        ]))
        .expect_err("not records");
        assert!(matches!(error, CliError::Read { .. }), "{error}");
        assert_eq!(
            std::fs::read(&path).expect("kept"),
            vec![0xff, 0xfe, 0x00, 0x41]
        );
        let _ = std::fs::remove_file(&path);
    }

    /// The match's arguments out of range are refused with a usage error, before any game is
    /// played or a file written (each of these used to panic, or to play on).
    #[test]
    fn match_arguments_out_of_range_are_refused() {
        let path = std::env::temp_dir().join(format!(
            "ultima-match-range-test-{}.txt",
            std::process::id()
        ));
        let path_text = path.to_string_lossy().to_string();
        let huge = u64::MAX.to_string();
        for options in [
            vec!["--games", huge.as_str()],
            vec!["--games", "0"],
            vec!["--plies", huge.as_str()],
            vec!["--plies", "41"],
            vec!["--max-plies", "0"],
            vec!["--max-plies", "10001"],
            vec!["--plies", "8", "--max-plies", "8"],
            vec!["--timeout", "0"],
            vec!["--timeout", huge.as_str()],
            vec!["--go", "movetime 18446744073709551615"],
            vec!["--go", "movetime 3596000"],
        ] {
            let mut words = vec!["random", "random", "--out", path_text.as_str()];
            words.extend(options.iter().copied());
            let error = run(&args(&words)).expect_err("out of range");
            assert!(matches!(error, CliError::Usage(_)), "{options:?}: {error}");
            assert!(!path.exists(), "{options:?} played");
        }
    }
}
