//! The arguments of `ultima match A B [--games N] [--seed S] [--plies P] [--max-plies N]
//! [--out FILE] [--go "movetime 500"] [--timeout MS] [--from-game K]`, read and checked before anything is
//! started or written.

use std::time::Duration;

use super::openings::MAX_OPENING_PLIES;
use crate::args::{is_option, Options};
use crate::error::CliError;

/// The most games a match plays.
pub const MAX_GAMES: usize = 100_000;
/// The most plies a game may last before it is adjudicated a draw.
pub const MAX_GAME_PLIES: usize = 10_000;
/// The longest an engine may be given to answer `go`, in milliseconds: an hour.
const MAX_TIMEOUT_MS: u64 = 3_600_000;

/// A match, as its arguments describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    /// The players as named on the command line (a level, a baseline or `cmd:...`).
    pub first: String,
    pub second: String,
    pub games: usize,
    /// The first game this run plays and its file holds (from 1): a long match shared by two
    /// processes, each its games into a file of its own; the files end to end are the match's.
    pub from_game: usize,
    pub seed: u64,
    /// The length of the random openings, in plies.
    pub plies: usize,
    /// The ply at which a game still going is adjudicated a draw.
    pub max_plies: usize,
    /// Where the games are written, as records.
    pub out_path: String,
    /// What an engine command is told after `go`.
    pub go: String,
    /// How long an engine command has to answer `go`.
    pub timeout: Duration,
}

pub fn parse(args: &[String]) -> Result<MatchSettings, CliError> {
    let (first, second) = match args {
        [a, b, ..] if !is_option(a) && !is_option(b) => (a.clone(), b.clone()),
        _ => return Err(CliError::Usage(
            "`ultima match` needs two players: levels (novice ... club), level:NAME,KEY=VALUE... or cmd:\"PROGRAM ARGS\""
                .to_string(),
        )),
    };
    let mut games = 10usize;
    let mut from_game = 1usize;
    let mut seed = 1u64;
    let mut plies = 6usize;
    let mut max_plies = 400usize;
    let mut out_path: Option<String> = None;
    let mut go = "movetime 1000".to_string();
    let mut timeout_ms: Option<u64> = None;
    let mut options = Options::new(
        "match",
        "--rules, --games, --seed, --plies, --max-plies, --out, --go, --timeout, --from-game",
        &args[2..],
    );
    while let Some(name) = options.next_name() {
        match name {
            "--games" => games = options.value_in(name, 1..=MAX_GAMES)?,
            "--seed" => seed = options.value(name)?,
            "--plies" => plies = options.value_in(name, 0..=MAX_OPENING_PLIES)?,
            "--max-plies" => max_plies = options.value_in(name, 1..=MAX_GAME_PLIES)?,
            "--out" => out_path = Some(options.value(name)?),
            "--go" => go = options.value(name)?,
            "--timeout" => timeout_ms = Some(options.value_in(name, 1..=MAX_TIMEOUT_MS)?),
            "--from-game" => from_game = options.value_in(name, 1..=MAX_GAMES)?,
            other => return Err(options.unknown(other)),
        }
    }
    if max_plies <= plies {
        return Err(CliError::Usage(format!(
            "--max-plies {max_plies} leaves no move after an opening of --plies {plies}: give more"
        )));
    }
    if from_game > games {
        return Err(CliError::Usage(format!(
            "--from-game {from_game} is past the match's last game (--games {games})"
        )));
    }
    // A share of a match goes to a file of its own, never to the default file the other share
    // may be writing.
    let out_path =
        match out_path {
            Some(path) => path,
            None if from_game > 1 => return Err(CliError::Usage(
                "--from-game needs an --out of its own (the file of the games from that one on)"
                    .to_string(),
            )),
            None => "ultima-match.txt".to_string(),
        };
    let timeout_ms = match timeout_ms {
        Some(ms) => ms,
        None => default_timeout_ms(&go)?,
    };
    Ok(MatchSettings {
        first,
        second,
        games,
        from_game,
        seed,
        plies,
        max_plies,
        out_path,
        go,
        timeout: Duration::from_millis(timeout_ms),
    })
}

/// The time-out when none is given: the engine's own movetime plus room, or a minute.
fn default_timeout_ms(go: &str) -> Result<u64, CliError> {
    let movetime = go
        .split_whitespace()
        .skip_while(|w| *w != "movetime")
        .nth(1)
        .and_then(|v| v.parse::<u64>().ok());
    let ms = movetime.map_or(60_000, |ms| ms.saturating_add(5_000));
    if ms > MAX_TIMEOUT_MS {
        return Err(CliError::Usage(format!(
            "--go \"{go}\": a movetime over {} ms leaves no time-out under an hour; give less, or a --timeout",
            MAX_TIMEOUT_MS - 5_000
        )));
    }
    Ok(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::args::words as args;

    #[test]
    fn the_defaults_and_every_option() {
        let defaults = parse(&args(&["random", "greedy"])).expect("valid");
        assert_eq!(
            defaults,
            MatchSettings {
                first: "random".to_string(),
                second: "greedy".to_string(),
                games: 10,
                from_game: 1,
                seed: 1,
                plies: 6,
                max_plies: 400,
                out_path: "ultima-match.txt".to_string(),
                go: "movetime 1000".to_string(),
                timeout: Duration::from_millis(6_000),
            }
        );
        let given = parse(&args(&[
            "casual",
            "cmd:./engine --fast",
            "--games",
            "4",
            "--seed",
            "9",
            "--plies",
            "0",
            "--max-plies",
            "50",
            "--out",
            "games.txt",
            "--go",
            "depth 3",
            "--timeout",
            "250",
            "--from-game",
            "3",
        ]))
        .expect("valid");
        assert_eq!(
            (
                given.games,
                given.from_game,
                given.seed,
                given.plies,
                given.max_plies
            ),
            (4, 3, 9, 0, 50)
        );
        assert_eq!(
            (given.out_path.as_str(), given.go.as_str()),
            ("games.txt", "depth 3")
        );
        assert_eq!(given.timeout, Duration::from_millis(250));
        // Without a movetime, a minute.
        let depth_only = parse(&args(&["a", "b", "--go", "depth 3"])).expect("valid");
        assert_eq!(depth_only.timeout, Duration::from_secs(60));
    }

    #[test]
    fn two_players_come_first_and_unknown_options_are_refused() {
        for words in [&["random"][..], &["random", "--games", "2"], &[]] {
            let error = parse(&args(words)).expect_err("two players needed");
            assert!(
                matches!(&error, CliError::Usage(m) if m.contains("needs two players")),
                "{words:?}: {error}"
            );
        }
        // The usage error of `random random` and `options`.
        let usage = |options: &[&str]| {
            let mut words = vec!["random", "random"];
            words.extend(options);
            match parse(&args(&words)) {
                Err(CliError::Usage(message)) => message,
                other => panic!("{options:?}: a usage error expected, got {other:?}"),
            }
        };
        assert!(usage(&["--fast"]).contains("unknown option `--fast` for `ultima match`"));
        assert_eq!(
            usage(&["--games", "4", "--from-game", "5"]),
            "--from-game 5 is past the match's last game (--games 4)"
        );
        assert!(usage(&["--games", "4", "--from-game", "3"]).contains("--from-game needs an --out"));
        let error = parse(&args(&["random", "random", "--games"])).expect_err("no value");
        assert!(
            matches!(&error, CliError::Usage(m) if m == "`--games` needs a value"),
            "{error}"
        );
    }
}
