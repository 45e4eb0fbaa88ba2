//! The players of a match in this process: a level of the bot, the baselines `random` and
//! `greedy`, and the plain search the tuner uses; the [`Player`] trait they share with an
//! engine in a child process ([`super::engine_player`]); and the reading of a player's name.

use std::time::Duration;

use ultima_bot::{
    history_hashes, Engine, Level, LevelExt, LevelPlayer, LevelSettings, Limits, NoClock, StdClock,
};
use ultima_rand::Rng;
use ultima_rules::{Game, Move, Position};

use super::engine_player::EngineProcess;
use crate::CliError;

/// Why a player lost without the board saying so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    Illegal { text: String, reason: String },
    Crashed(String),
    Timeout,
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Forfeit::Illegal { text, reason } => write!(f, "illegal move `{text}`: {reason}"),
            Forfeit::Crashed(message) => write!(f, "crashed: {message}"),
            Forfeit::Timeout => f.write_str("no answer in time"),
        }
    }
}

/// Someone who plays moves.
pub trait Player {
    fn name(&self) -> &str;
    /// Gets ready for a new game.
    fn new_game(&mut self) -> Result<(), Forfeit>;
    /// The move (in coordinates) for the side to move in `game`, which is not over.
    fn choose(&mut self, game: &Game) -> Result<String, Forfeit>;
}

/// A level of the bot, in this process.
pub struct LevelBot {
    name: String,
    player: LevelPlayer,
}

impl LevelBot {
    pub fn new(level: Level, seed: u64) -> LevelBot {
        LevelBot {
            name: level.name().to_string(),
            player: LevelPlayer::new(level, seed),
        }
    }

    /// A level playing with other settings, under the name given (`casual,noise=30`).
    pub fn with_settings(name: &str, level: Level, settings: LevelSettings, seed: u64) -> LevelBot {
        LevelBot {
            name: name.to_string(),
            player: LevelPlayer::new(level, seed).with_settings(settings),
        }
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

impl Player for LevelBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), Forfeit> {
        self.player.new_game();
        Ok(())
    }

    fn choose(&mut self, game: &Game) -> Result<String, Forfeit> {
        let clock = StdClock::new();
        self.player
            .choose(game.position(), &history_hashes(game), &clock, None)
            .map(|choice| choice.mv.coordinates())
            .map_err(|e| Forfeit::Crashed(e.to_string()))
    }
}

/// A baseline: a legal move chosen at random (`random`), or the move that takes the most
/// material, at random among equals (`greedy`, a one-move capturer). The ladder measures the
/// strongest level against both.
pub struct BaselinePlayer {
    name: &'static str,
    greedy: bool,
    rng: Rng,
}

impl BaselinePlayer {
    pub fn new(greedy: bool, seed: u64) -> BaselinePlayer {
        BaselinePlayer {
            name: if greedy { "greedy" } else { "random" },
            greedy,
            rng: Rng::new(seed),
        }
    }

    /// What a move takes, by a plain count: every piece 3, a pawn 1.
    fn gain(position: &Position, mv: &Move) -> u32 {
        mv.captures
            .iter()
            .map(|square| match position.piece_at(square).map(|p| p.role) {
                Some(ultima_rules::Role::Pawn) => 1,
                Some(_) => 3,
                None => 0,
            })
            .sum()
    }
}

impl Player for BaselinePlayer {
    fn name(&self) -> &str {
        self.name
    }

    fn new_game(&mut self) -> Result<(), Forfeit> {
        Ok(())
    }

    fn choose(&mut self, game: &Game) -> Result<String, Forfeit> {
        let position = game.position();
        let moves = position.legal_moves();
        let best = if self.greedy {
            moves
                .iter()
                .map(|mv| Self::gain(position, mv))
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let candidates: Vec<&Move> = moves
            .iter()
            .filter(|mv| !self.greedy || Self::gain(position, mv) == best)
            .collect();
        if candidates.is_empty() {
            return Err(Forfeit::Crashed("no legal move to choose from".to_string()));
        }
        let pick = self.rng.index(candidates.len());
        Ok(candidates[pick.min(candidates.len() - 1)].coordinates())
    }
}

/// The plain search with fixed limits and given piece values, in this process (the tuner's
/// players). With a node limit and no clock its games are exactly reproducible.
pub struct SearchBot {
    name: String,
    engine: Engine,
    limits: Limits,
}

impl SearchBot {
    pub fn new(name: &str, engine: Engine, limits: Limits) -> SearchBot {
        SearchBot {
            name: name.to_string(),
            engine,
            limits,
        }
    }
}

impl Player for SearchBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), Forfeit> {
        self.engine.clear();
        Ok(())
    }

    fn choose(&mut self, game: &Game) -> Result<String, Forfeit> {
        self.engine
            .search(
                game.position(),
                &history_hashes(game),
                &self.limits,
                &NoClock,
                &mut |_| {},
            )
            .map(|result| result.best_move.coordinates())
            .map_err(|e| Forfeit::Crashed(e.to_string()))
    }
}

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

/// A player that answers every move with a fixed text (for the tests of the game loop).
#[cfg(test)]
pub struct Stubborn(pub &'static str);

#[cfg(test)]
impl Player for Stubborn {
    fn name(&self) -> &str {
        "stubborn"
    }
    fn new_game(&mut self) -> Result<(), Forfeit> {
        Ok(())
    }
    fn choose(&mut self, _: &Game) -> Result<String, Forfeit> {
        Ok(self.0.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_greedy_baseline_takes_the_most_and_the_random_one_plays_legal_moves() {
        // White's pawn on d1 takes three pieces on d4 (RULES.md, worked position 1).
        let game =
            Game::new(Position::from_ufen("7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1").expect("valid"));
        let mut greedy = BaselinePlayer::new(true, 1);
        assert_eq!(greedy.choose(&game).expect("a move"), "d1d4");
        let mut random = BaselinePlayer::new(false, 2);
        let legal: Vec<String> = game
            .position()
            .legal_moves()
            .iter()
            .map(Move::coordinates)
            .collect();
        let picks: std::collections::BTreeSet<String> = (0..40)
            .map(|_| random.choose(&game).expect("a move"))
            .collect();
        assert!(picks.iter().all(|m| legal.contains(m)));
        assert!(picks.len() > 5, "random should vary: {picks:?}");
    }

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
