//! The words of `ultima online`, read into settings (every value checked, unknown options
//! refused, see `crate::args`).

use ultima_bot::Level;
use ultima_online::protocol::{ClockSetting, ColorChoice, MAX_BASE_MS, MAX_INCREMENT_MS};
use ultima_online::{normalize_address, Seat};
use ultima_rules::Reading;

use crate::args::{is_option, Options};
use crate::error::CliError;

/// What `ultima online` takes.
const USAGE: &str = "usage: ultima online host ws[s]://HOST[:PORT] --level L [--color white|black|random] [--clock 300+5] [--rules 1963|1962|cambridge|boardspace|zillions] | ultima online join ws[s]://HOST[:PORT] CODE --level L | ultima online load ws://HOST:PORT --games N [--plies P]";

pub enum Online {
    Play(PlaySettings),
    Load(LoadSettings),
}

/// A bot that plays one game online.
pub struct PlaySettings {
    pub address: String,
    pub seat: Seat,
    pub level: Level,
    pub seed: u64,
}

/// The load test.
pub struct LoadSettings {
    pub address: String,
    pub games: u32,
    /// Each game's length: after this many plies the side to move resigns.
    pub plies: u32,
    pub seed: u64,
}

/// The most games `load` plays at once.
pub const MAX_LOAD_GAMES: u32 = 20_000;

pub fn parse(args: &[String]) -> Result<Online, CliError> {
    let usage = || CliError::Usage(USAGE.to_string());
    let (command, rest) = args.split_first().ok_or_else(usage)?;
    let (address, rest) = rest.split_first().ok_or_else(usage)?;
    if is_option(address) {
        return Err(usage());
    }
    let address = normalize_address(address).map_err(|e| CliError::Usage(e.to_string()))?;
    match command.as_str() {
        "host" => {
            let mut color = ColorChoice::Random;
            let mut clock = None;
            let mut reading = Reading::Abbott1963;
            let (level, seed) = bot_options(
                "online host",
                "--level L, --color white|black|random, --clock BASE+INC (seconds), --rules R and --seed S",
                rest,
                |name, options| match name {
                    "--color" => {
                        color = match options.value::<String>(name)?.as_str() {
                            "white" => ColorChoice::White,
                            "black" => ColorChoice::Black,
                            "random" => ColorChoice::Random,
                            other => {
                                return Err(CliError::Usage(format!(
                                    "`--color {other}`: give white, black or random"
                                )))
                            }
                        };
                        Ok(true)
                    }
                    "--clock" => {
                        clock = Some(parse_clock(&options.value::<String>(name)?)?);
                        Ok(true)
                    }
                    "--rules" => {
                        reading = options.value::<String>(name)?.parse()?;
                        Ok(true)
                    }
                    _ => Ok(false),
                },
            )?;
            Ok(Online::Play(PlaySettings {
                address,
                seat: Seat::Create {
                    color,
                    clock,
                    correspondence: None,
                    reading,
                },
                level,
                seed,
            }))
        }
        "join" => {
            let (code, rest) = rest.split_first().ok_or_else(usage)?;
            if is_option(code) {
                return Err(CliError::Usage(format!(
                    "`ultima online join` needs the invite code before the options: {USAGE}"
                )));
            }
            let (level, seed) =
                bot_options("online join", "--level L and --seed S", rest, |_, _| {
                    Ok(false)
                })?;
            Ok(Online::Play(PlaySettings {
                address,
                seat: Seat::Join {
                    invite: code.clone(),
                },
                level,
                seed,
            }))
        }
        "load" => {
            let mut games = None;
            let mut plies = 60;
            let mut seed = 1;
            let mut options =
                Options::new("online load", "--games N, --plies P and --seed S", rest);
            while let Some(name) = options.next_name() {
                match name {
                    "--games" => games = Some(options.value_in(name, 1..=MAX_LOAD_GAMES)?),
                    "--plies" => plies = options.value_in(name, 1..=1000)?,
                    "--seed" => seed = options.value(name)?,
                    other => return Err(options.unknown(other)),
                }
            }
            let games = games
                .ok_or_else(|| CliError::Usage("`ultima online load` needs --games N".into()))?;
            Ok(Online::Load(LoadSettings {
                address,
                games,
                plies,
                seed,
            }))
        }
        other => Err(CliError::Usage(format!(
            "unknown command `ultima online {other}`; the commands are host, join and load"
        ))),
    }
}

/// `--level` (required) and `--seed`, and the command's own options through `more` (which
/// answers whether it knew the option).
fn bot_options(
    command: &'static str,
    known: &'static str,
    words: &[String],
    mut more: impl FnMut(&str, &mut Options) -> Result<bool, CliError>,
) -> Result<(Level, u64), CliError> {
    let mut level = None;
    let mut seed = default_seed();
    let mut options = Options::new(command, known, words);
    while let Some(name) = options.next_name() {
        match name {
            "--level" => level = Some(options.value::<String>(name)?.parse::<Level>()?),
            "--seed" => seed = options.value(name)?,
            other => {
                if !more(other, &mut options)? {
                    return Err(options.unknown(other));
                }
            }
        }
    }
    let level = level.ok_or_else(|| {
        CliError::Usage(format!(
            "`ultima {command}` needs --level L ({})",
            Level::name_list()
        ))
    })?;
    Ok((level, seed))
}

fn default_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

/// `300+5`: a base of 300 seconds and 5 seconds added per move.
pub fn parse_clock(text: &str) -> Result<ClockSetting, CliError> {
    let bad = || {
        CliError::Usage(format!(
            "`--clock {text}`: write the base and the increment in seconds, like 300+5 (a base of at most {} minutes, an increment of at most {} seconds)",
            MAX_BASE_MS / 60_000,
            MAX_INCREMENT_MS / 1000
        ))
    };
    let (base, increment) = text.split_once('+').ok_or_else(bad)?;
    let seconds = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .and_then(|s| s.checked_mul(1000))
    };
    let clock = ClockSetting {
        base_ms: seconds(base).ok_or_else(bad)?,
        increment_ms: seconds(increment).ok_or_else(bad)?,
    };
    if clock.is_valid() {
        Ok(clock)
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::words;

    fn usage_of(args: &[&str]) -> String {
        match parse(&words(args)) {
            Err(CliError::Usage(message)) => message,
            Err(other) => other.to_string(),
            Ok(_) => panic!("{args:?} should be refused"),
        }
    }

    #[test]
    fn host_join_and_load_read_their_options() {
        let Ok(Online::Play(host)) = parse(&words(&[
            "host",
            "ws://127.0.0.1:7070",
            "--level",
            "novice",
            "--color",
            "black",
            "--clock",
            "300+5",
            "--rules",
            "cambridge",
        ])) else {
            panic!("host reads");
        };
        assert_eq!(host.address, "ws://127.0.0.1:7070");
        assert_eq!(host.level, Level::Novice);
        assert_eq!(
            host.seat,
            Seat::Create {
                color: ColorChoice::Black,
                clock: Some(ClockSetting {
                    base_ms: 300_000,
                    increment_ms: 5_000
                }),
                correspondence: None,
                reading: Reading::Cambridge,
            }
        );
        let Ok(Online::Play(join)) = parse(&words(&[
            "join",
            "localhost:7070",
            "hkdw-mprt-caxe-fgnj",
            "--level",
            "club",
            "--seed",
            "4",
        ])) else {
            panic!("join reads");
        };
        assert_eq!(
            join.seat,
            Seat::Join {
                invite: "hkdw-mprt-caxe-fgnj".into()
            }
        );
        assert_eq!(
            (join.level, join.seed, join.address.as_str()),
            (Level::Club, 4, "ws://localhost:7070")
        );
        let Ok(Online::Load(load)) = parse(&words(&["load", "ws://h:1", "--games", "10"])) else {
            panic!("load reads");
        };
        assert_eq!((load.games, load.plies), (10, 60));
    }

    #[test]
    fn bad_words_are_refused_naming_what_is_wrong() {
        assert!(
            usage_of(&["host", "ws://h:1", "--level", "novice", "--rules", "chess"])
                .contains("1963, 1962, cambridge, boardspace and zillions")
        );
        assert!(usage_of(&["host", "ws://h:1"]).contains("needs --level"));
        assert!(
            usage_of(&["host", "ws://h:1", "--level", "novice", "--clock", "5"])
                .contains("like 300+5")
        );
        assert!(
            usage_of(&["host", "ws://h:1", "--level", "novice", "--clock", "0+5"])
                .contains("like 300+5")
        );
        assert!(
            usage_of(&["host", "ws://h:1", "--level", "novice", "--color", "red"])
                .contains("white, black or random")
        );
        assert!(usage_of(&["host", "ftp://h:1", "--level", "novice"]).contains("ws://"));
        assert!(usage_of(&["join", "ws://h:1", "--level", "novice"]).contains("invite code"));
        assert!(
            usage_of(&["host", "ws://h:1", "--level", "novice", "--fast"])
                .contains("unknown option `--fast`")
        );
        assert!(usage_of(&["load", "ws://h:1"]).contains("--games"));
        assert!(usage_of(&["serve", "ws://h:1"]).contains("host, join and load"));
        assert!(usage_of(&["host"]).starts_with("usage:"));
    }
}
