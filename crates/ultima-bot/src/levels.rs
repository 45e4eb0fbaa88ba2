//! Playing levels, from Novice to Club: a search limit, and below Intermediate a human-like
//! error model. The weaker levels never play a random move: they judge every move by a search,
//! misjudge by some noise, sometimes overlook what the opponent can take in reply (or a capture
//! of their own), and pick the move that looks best to them. Every level takes a win in one: a
//! move after which the opponent has no legal move, mate or blockade.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use ultima_level::{Level, UnknownLevel};
use ultima_rand::Rng;
use ultima_rules::{Move, Position};

use crate::error::BotError;
use crate::eval::evaluate;
use crate::limits::{Clock, Limits};
use crate::search::{leaves_king_to_be_taken, wins_at_once, Engine, SearchInfo, MATE_BOUND};

/// What a level searches, and how it errs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Deepest iteration.
    pub depth: u32,
    /// Time for one reply, in milliseconds (the search stops there, whatever its depth).
    pub movetime_ms: u64,
    /// Spread (about one standard deviation) of the error in judging a move, in centipawns.
    pub noise_cp: i32,
    /// Only moves the search scores within this of the best are ever chosen on merit.
    pub margin_cp: i32,
    /// Chance, per move, of judging it without seeing the opponent's capture in reply.
    pub overlook_reply_percent: u32,
    /// Chance, per capture of its own, of not seeing it.
    pub overlook_capture_percent: u32,
}

impl LevelSettings {
    /// Whether the level ever deviates from the search's best move.
    pub fn errs(&self) -> bool {
        self.noise_cp > 0 || self.overlook_reply_percent > 0 || self.overlook_capture_percent > 0
    }
}

/// What each level searches, and how it errs: the bot's side of a [`Level`].
pub trait LevelExt {
    /// The settings of each level. The ladder (README) measures each against the one below,
    /// depth-bound: below Club the time limit is a guard that a free machine seldom reaches
    /// (Beginner's replies take about 20 ms, Intermediate's about 140), so the depth and the
    /// error model make a level's strength, whatever the machine.
    fn settings(self) -> LevelSettings;
}

impl LevelExt for Level {
    fn settings(self) -> LevelSettings {
        match self {
            Level::Novice => LevelSettings {
                depth: 2,
                movetime_ms: 400,
                noise_cp: 120,
                margin_cp: 300,
                overlook_reply_percent: 50,
                overlook_capture_percent: 30,
            },
            // Novice's two plies with Beginner's errors, a little more often.
            Level::Learner => LevelSettings {
                depth: 2,
                movetime_ms: 400,
                noise_cp: 50,
                margin_cp: 160,
                overlook_reply_percent: 14,
                overlook_capture_percent: 10,
            },
            Level::Beginner => LevelSettings {
                depth: 3,
                movetime_ms: 600,
                noise_cp: 50,
                margin_cp: 150,
                overlook_reply_percent: 12,
                overlook_capture_percent: 10,
            },
            // Between Beginner and Casual in depth and in errors.
            Level::Improver => LevelSettings {
                depth: 4,
                movetime_ms: 750,
                noise_cp: 35,
                margin_cp: 100,
                overlook_reply_percent: 6,
                overlook_capture_percent: 5,
            },
            Level::Casual => LevelSettings {
                depth: 5,
                movetime_ms: 900,
                noise_cp: 20,
                margin_cp: 60,
                overlook_reply_percent: 3,
                overlook_capture_percent: 2,
            },
            // Casual with a third of its errors.
            Level::Steady => LevelSettings {
                depth: 5,
                movetime_ms: 900,
                noise_cp: 10,
                margin_cp: 30,
                overlook_reply_percent: 1,
                overlook_capture_percent: 1,
            },
            // Steady a ply deeper.
            Level::Keen => LevelSettings {
                depth: 6,
                movetime_ms: 950,
                noise_cp: 10,
                margin_cp: 30,
                overlook_reply_percent: 1,
                overlook_capture_percent: 1,
            },
            // Keen's depth without its overlooks, which cost the most (Sharp beat Keen 87%), but
            // with more noise in its judgement: it never misses a threat, but often takes a
            // move a little worse than the best.
            Level::Solid => LevelSettings {
                depth: 6,
                movetime_ms: 975,
                noise_cp: 35,
                margin_cp: 90,
                overlook_reply_percent: 0,
                overlook_capture_percent: 0,
            },
            // Intermediate a ply shallower.
            Level::Sharp => LevelSettings {
                depth: 6,
                movetime_ms: 1000,
                noise_cp: 0,
                margin_cp: 0,
                overlook_reply_percent: 0,
                overlook_capture_percent: 0,
            },
            Level::Intermediate => LevelSettings {
                depth: 7,
                movetime_ms: 1000,
                noise_cp: 0,
                margin_cp: 0,
                overlook_reply_percent: 0,
                overlook_capture_percent: 0,
            },
            // Between Intermediate's 7 plies and the 10 or so Club's 2.7 s reach, a ply at a
            // time (not yet measured: their games cost minutes of a core each); the time
            // limits between Intermediate's and Club's, as guards.
            Level::Experienced => LevelSettings {
                depth: 8,
                movetime_ms: 1500,
                noise_cp: 0,
                margin_cp: 0,
                overlook_reply_percent: 0,
                overlook_capture_percent: 0,
            },
            Level::Strong => LevelSettings {
                depth: 9,
                movetime_ms: 2000,
                noise_cp: 0,
                margin_cp: 0,
                overlook_reply_percent: 0,
                overlook_capture_percent: 0,
            },
            Level::Club => LevelSettings {
                depth: crate::search::MAX_DEPTH,
                movetime_ms: 2700,
                noise_cp: 0,
                margin_cp: 0,
                overlook_reply_percent: 0,
                overlook_capture_percent: 0,
            },
        }
    }
}

/// The move a level chose, and what its search thought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move played.
    pub mv: Move,
    /// The search's best move (equal to `mv` unless the level erred).
    pub best_move: Move,
    /// The search behind the choice.
    pub info: SearchInfo,
}

/// A level with its engine and its own seeded randomness: the same seed, position and history
/// give the same choice (with a depth-limited search, which all erring levels are unless their
/// time runs out first).
pub struct LevelPlayer {
    level: Level,
    settings: LevelSettings,
    rng: Rng,
    engine: Engine,
    /// Whether the level meets a puzzle rather than a game (see [`LevelPlayer::solving_puzzles`]).
    puzzle_mode: bool,
}

impl LevelPlayer {
    pub fn new(level: Level, seed: u64) -> LevelPlayer {
        LevelPlayer::with_engine(level, seed, Engine::with_hash_mb(8))
    }

    pub fn with_engine(level: Level, seed: u64, engine: Engine) -> LevelPlayer {
        LevelPlayer {
            level,
            settings: level.settings(),
            rng: Rng::new(seed),
            engine,
            puzzle_mode: false,
        }
    }

    /// The level as a player meeting a puzzle: a win in one is judged like any other move
    /// rather than always taken, and a capture the level overlooks stays overlooked even when
    /// it is the search's best move. In play the level never misses its best move (it would
    /// look absurd, and its strength is measured so); in a puzzle, where the whole point is
    /// to see the capture, a player who overlooks captures fails. The puzzles' calibration
    /// tries the puzzles so, which is what tells an easy puzzle from a hard one.
    pub fn solving_puzzles(mut self) -> LevelPlayer {
        self.puzzle_mode = true;
        self
    }

    /// Plays with other settings (tests, experiments).
    pub fn with_settings(mut self, settings: LevelSettings) -> LevelPlayer {
        self.settings = settings;
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn settings(&self) -> &LevelSettings {
        &self.settings
    }

    /// Gives the engine back (its table keeps what it learnt).
    pub fn into_engine(self) -> Engine {
        self.engine
    }

    /// Forgets the last game.
    pub fn new_game(&mut self) {
        self.engine.clear();
    }

    /// Chooses a move in `position`; `history` holds the game's earlier positions' hashes.
    pub fn choose(
        &mut self,
        position: &Position,
        history: &[u64],
        clock: &dyn Clock,
        stop: Option<Arc<AtomicBool>>,
    ) -> Result<Choice, BotError> {
        let settings = self.settings;
        let started = clock.now_ms();
        let mut limits = Limits::depth(settings.depth).with_movetime(settings.movetime_ms);
        limits.stop = stop;
        let result = self
            .engine
            .search(position, history, &limits, clock, &mut |_| {})?;
        let best_move = result.best_move;
        let chosen = |mv| Choice {
            mv,
            best_move,
            info: result.info.clone(),
        };
        // Every level takes a win in one, by mate or by blockade, as a player who sees the
        // opponent has no move left would: the error model never talks it out of one. (The
        // search puts such moves first, so its best move is one whenever there is one.)
        let moves = position.legal_moves();
        if !self.puzzle_mode {
            let wins = wins_at_once(position, &moves);
            if let Some(&win) = wins.iter().find(|mv| **mv == best_move).or(wins.first()) {
                return Ok(chosen(win));
            }
        }
        if !settings.errs() || result.info.depth == 0 || limits.stop_requested() {
            return Ok(chosen(best_move));
        }

        // Judge every move: exactly (to the same depth) when it is within the margin of the
        // best, by the position right after it (blind to the reply) when it is overlooked.
        let best_score = result.info.raw_score;
        let floor = best_score.saturating_sub(settings.margin_cp);
        let elapsed = clock.now_ms().saturating_sub(started);
        let mut rest = limits.clone();
        rest.depth = Some(result.info.depth);
        rest.movetime_ms = Some(settings.movetime_ms.saturating_sub(elapsed).max(1));
        let scored = self
            .engine
            .score_moves(position, history, &moves, floor, &rest, clock);
        // Out of time part way, the moves not reached are not considered; the best always is.
        let mut scored = scored;
        if !scored.iter().any(|(mv, _)| *mv == best_move) {
            scored.push((best_move, best_score));
        }

        let mut pick: Option<(Move, i32)> = None;
        // Where the king is taken, no level leaves its king to be taken when it need not: the
        // search scores such a move lost, and the error model never talks a level into one.
        let take_king = !position.rules().has_check();
        for (mv, score) in scored {
            if take_king && mv != best_move && leaves_king_to_be_taken(position, &mv) {
                continue;
            }
            let mut judged = if mv == best_move { best_score } else { score };
            if self.rng.chance(settings.overlook_reply_percent) && judged.abs() < MATE_BOUND {
                let after = position.play_unchecked(&mv);
                judged = judged.max(-evaluate(&after, self.engine.params()));
            }
            if judged <= floor && mv != best_move {
                continue;
            }
            if mv.is_capture()
                && (mv != best_move || self.puzzle_mode)
                && self.rng.chance(settings.overlook_capture_percent)
            {
                continue;
            }
            if judged.abs() < MATE_BOUND {
                judged += self.rng.noise(settings.noise_cp);
            }
            let better = match pick {
                None => true,
                Some((_, top)) => judged > top,
            };
            if better {
                pick = Some((mv, judged));
            }
        }
        // Nothing seen worth playing (a puzzle whose one good move was overlooked): another move.
        let fallback = if self.puzzle_mode {
            moves.iter().copied().find(|mv| *mv != best_move)
        } else {
            None
        };
        Ok(chosen(
            pick.map(|(mv, _)| mv).or(fallback).unwrap_or(best_move),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weaker_levels_err_more_and_think_less() {
        for pair in Level::ALL.windows(2) {
            let (weak, strong) = (pair[0].settings(), pair[1].settings());
            // Solid trades Keen's overlooks for noise: one of the two falls at every step.
            assert!(
                weak.overlook_reply_percent > strong.overlook_reply_percent
                    || weak.noise_cp >= strong.noise_cp,
                "{:?} {:?}",
                pair[0],
                pair[1]
            );
            assert!(weak.overlook_reply_percent >= strong.overlook_reply_percent);
            assert!(weak.movetime_ms <= strong.movetime_ms);
            assert!(weak.depth <= strong.depth);
        }
        assert!(Level::Novice.settings().movetime_ms <= 500);
        assert!(Level::Club.settings().movetime_ms <= 3000);
        assert!(!Level::Club.settings().errs());
    }
}
