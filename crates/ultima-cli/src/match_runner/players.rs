//! The players of a match in this process: a level of the bot, the baselines `random` and
//! `greedy`, and the plain search the tuner uses.

use ultima_bot::{
    history_hashes, Engine, Level, LevelPlayer, LevelSettings, Limits, NoClock, StdClock,
};
use ultima_rand::Rng;
use ultima_rules::{Game, Move, Position};

use super::player::{Forfeit, Player};

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
}
