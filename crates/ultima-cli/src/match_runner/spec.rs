//! The reading of a player's name in a match: a level, a level with settings, a baseline (the
//! [`super::players`] in this process) or an engine command ([`super::engine_player`]).

use std::time::Duration;

use ultima_bot::{Level, LevelExt, LevelSettings};

use super::engine_player::EngineProcess;
use super::player::Player;
use super::players::{BaselinePlayer, LevelBot};
use crate::error::CliError;

/// The player a match argument names: a level (`casual`), a baseline (`random`, `greedy`), or
/// an engine command (`cmd:PROGRAM ARGS`) started with `go` and `timeout`. The in-process
/// players draw from `seed`.
pub fn from_spec(
    spec: &str,
    seed: u64,
    go: &str,
    timeout: Duration,
) -> Result<Box<dyn Player>, CliError> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        Ok(Box::new(EngineProcess::start(command, go, timeout)?))
    } else if spec == "random" || spec == "greedy" {
        Ok(Box::new(BaselinePlayer::new(spec == "greedy", seed)))
    } else if let Some(rest) = spec.strip_prefix("level:") {
        let (level, settings) = level_with_overrides(rest)?;
        Ok(Box::new(LevelBot::with_settings(
            rest, level, settings, seed,
        )))
    } else {
        let level: Level = spec.parse().map_err(|_| {
            CliError::Usage(format!(
                "`{spec}` is neither a level ({}), a level with settings (level:casual,noise=30,depth=4), a baseline (random, greedy), nor an engine command (cmd:PROGRAM ARGS)",
                Level::name_list()
            ))
        })?;
        Ok(Box::new(LevelBot::new(level, seed)))
    }
}

/// The settings a level plays with, some overridden: `level:casual,noise=30,depth=4`
/// (without the prefix): the level's name, then `key=value` pairs, each key one of
/// [`SETTING_KEYS`]. For exploring the ladder: the match names the player as written.
pub fn level_with_overrides(spec: &str) -> Result<(Level, LevelSettings), CliError> {
    let mut parts = spec.split(',');
    let name = parts.next().unwrap_or_default();
    let level: Level = name.parse().map_err(|_| {
        CliError::Usage(format!(
            "`level:{spec}`: `{name}` is not a level ({})",
            Level::name_list()
        ))
    })?;
    let mut settings = level.settings();
    for part in parts {
        let (key, value) = part.split_once('=').ok_or_else(|| {
            CliError::Usage(format!(
                "`level:{spec}`: `{part}` is not KEY=VALUE (keys: {})",
                SETTING_KEYS.join(", ")
            ))
        })?;
        let number = |max: u64| -> Result<u64, CliError> {
            value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|n| *n <= max)
                .ok_or_else(|| {
                    CliError::Usage(format!(
                        "`level:{spec}`: `{key}` needs a whole number from 0 to {max}, not `{value}`"
                    ))
                })
        };
        // Each bound is what the search and the error model accept (all fit their types); the
        // deepest is Club's, the search's own limit.
        let deepest = u64::from(Level::Club.settings().depth);
        match key.trim() {
            "depth" => settings.depth = number(deepest)?.max(1) as u32,
            "movetime" => settings.movetime_ms = number(60_000)?.max(1),
            "noise" => settings.noise_cp = number(10_000)? as i32,
            "margin" => settings.margin_cp = number(10_000)? as i32,
            "reply" => settings.overlook_reply_percent = number(100)? as u32,
            "capture" => settings.overlook_capture_percent = number(100)? as u32,
            other => {
                return Err(CliError::Usage(format!(
                    "`level:{spec}`: unknown setting `{other}` (keys: {})",
                    SETTING_KEYS.join(", ")
                )))
            }
        }
    }
    Ok((level, settings))
}

/// The settings `level:...` may override: depth (plies), movetime (ms), noise and margin
/// (centipawns), reply and capture (the overlook percents).
pub const SETTING_KEYS: [&str; 6] = ["depth", "movetime", "noise", "margin", "reply", "capture"];

#[cfg(test)]
mod tests {
    use super::*;
    use ultima_rules::{Game, Position};

    #[test]
    fn a_player_is_a_level_a_baseline_or_an_engine_command() {
        let timeout = Duration::from_secs(1);
        for (spec, name) in [
            ("casual", "Casual"),
            ("random", "random"),
            ("greedy", "greedy"),
        ] {
            let player = from_spec(spec, 1, "movetime 10", timeout).expect("a player");
            assert_eq!(player.name().to_lowercase(), name.to_lowercase(), "{spec}");
        }
        let error = from_spec("master", 1, "movetime 10", timeout)
            .err()
            .expect("not a player");
        assert!(
            matches!(&error, CliError::Usage(m) if m.contains("neither a level")),
            "{error}"
        );
        let error = from_spec("cmd:", 1, "movetime 10", timeout)
            .err()
            .expect("no program");
        assert!(matches!(error, CliError::Usage(_)), "{error}");
        let player = from_spec("level:casual,noise=30", 1, "movetime 10", timeout)
            .expect("a level with settings");
        assert_eq!(player.name(), "casual,noise=30");
    }

    #[test]
    fn a_level_with_settings_overrides_only_those_named() {
        let (level, settings) =
            level_with_overrides("casual,noise=30,depth=4").expect("valid settings");
        assert_eq!(level, Level::Casual);
        let casual = Level::Casual.settings();
        assert_eq!(
            settings,
            LevelSettings {
                noise_cp: 30,
                depth: 4,
                ..casual
            }
        );
        let (_, every) =
            level_with_overrides("Club,depth=9,movetime=2000,noise=5,margin=20,reply=1,capture=2")
                .expect("every key");
        assert_eq!(
            every,
            LevelSettings {
                depth: 9,
                movetime_ms: 2000,
                noise_cp: 5,
                margin_cp: 20,
                overlook_reply_percent: 1,
                overlook_capture_percent: 2,
            }
        );
        assert_eq!(
            level_with_overrides("novice").expect("no override"),
            (Level::Novice, Level::Novice.settings())
        );
        for (spec, says) in [
            ("master,depth=3", "not a level"),
            ("casual,depth", "not KEY=VALUE"),
            ("casual,speed=3", "unknown setting `speed`"),
            ("casual,noise=-5", "whole number"),
            ("casual,reply=101", "from 0 to 100"),
            ("casual,depth=999", "whole number"),
        ] {
            let error = level_with_overrides(spec).expect_err(spec);
            assert!(
                matches!(&error, CliError::Usage(m) if m.contains(says)),
                "{spec}: {error}"
            );
        }
    }

    /// A level with its own settings unchanged plays as the level does: the same seed gives
    /// the same moves.
    #[test]
    fn a_level_with_its_own_settings_plays_as_the_level() {
        let timeout = Duration::from_secs(1);
        let mut plain = from_spec("novice", 3, "movetime 10", timeout).expect("a level");
        let mut same =
            from_spec("level:novice,depth=2", 3, "movetime 10", timeout).expect("same settings");
        let mut game = Game::new(Position::start());
        for _ in 0..6 {
            let mv = plain.choose(&game).expect("a move");
            assert_eq!(same.choose(&game).expect("a move"), mv);
            game.play_text(&mv).expect("legal");
        }
    }
}
