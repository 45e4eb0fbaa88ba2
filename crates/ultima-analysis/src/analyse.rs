//! The analysis run: every position of a game searched in order, from the start.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use ultima_bot::{history_hashes, Engine, Limits, NoClock, SearchInfo};
use ultima_rules::{Game, Outcome, Status};

use crate::eval::{Eval, Line};
use crate::judgement::{judge, BLUNDER};
use crate::{AnalysisError, GameAnalysis, MoveAnalysis, PositionAnalysis};

/// The nodes per position by default: about a tenth of a second each on a laptop core in a
/// release build, deep enough to see a piece hung two moves on (the puzzle generator's limit).
pub const DEFAULT_NODES: u64 = 100_000;

/// How far an analysis has come: `done` positions of `total` (a game of `n` moves has `n + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Progress {
    pub done: u32,
    pub total: u32,
}

/// The engine that analyses, at a fixed node limit per position. The engine's table is
/// cleared at the start of each game, so the same game always gets the same analysis.
pub struct Analyser {
    engine: Engine,
    nodes: u64,
}

impl Analyser {
    pub fn new(nodes: u64) -> Analyser {
        Analyser {
            engine: Engine::with_hash_mb(16),
            nodes: nodes.max(1),
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The score of `game`'s current position alone, as the analysis scores each position
    /// (one line; a game over is not searched, a forced move is looked past): what an
    /// evaluation bar shows. The table is kept from one call to the next (the next position
    /// of a game is found quicker); raising `stop` ends the search within a few milliseconds
    /// with [`AnalysisError::Stopped`].
    pub fn evaluate(&mut self, game: &Game, stop: &Arc<AtomicBool>) -> Result<Eval, AnalysisError> {
        let limits = Limits::nodes(self.nodes).with_stop(stop.clone());
        let ply = game.moves().len();
        let analysed = self.position(game, &limits, ply)?;
        if stop.load(Ordering::Relaxed) {
            return Err(AnalysisError::Stopped { done: 0, total: 1 });
        }
        Ok(analysed.eval)
    }

    /// Analyses every position of `game` (its declared end, a resignation, plays no part),
    /// calling `on_progress` after each. Raising `stop` ends the search under way within a
    /// few milliseconds and the analysis with [`AnalysisError::Stopped`].
    pub fn analyse(
        &mut self,
        game: &Game,
        stop: &Arc<AtomicBool>,
        on_progress: &mut dyn FnMut(Progress),
    ) -> Result<GameAnalysis, AnalysisError> {
        self.engine.clear();
        let moves = game.moves();
        let total = moves.len() + 1;
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let limits = Limits::nodes(self.nodes)
            .with_multipv(2)
            .with_stop(stop.clone());
        let mut replay = Game::new(game.start().clone());
        let mut positions = Vec::with_capacity(total);
        for ply in 0..total {
            if stop.load(Ordering::Relaxed) {
                return Err(AnalysisError::Stopped { done: ply, total });
            }
            let analysed = self.position(&replay, &limits, ply)?;
            // A search cut short by the flag is not kept.
            if stop.load(Ordering::Relaxed) {
                return Err(AnalysisError::Stopped { done: ply, total });
            }
            positions.push(analysed);
            on_progress(Progress {
                done: count(ply + 1),
                total: count(total),
            });
            if let Some(mv) = moves.get(ply) {
                replay.play(mv).map_err(|error| AnalysisError::Engine {
                    ply: ply + 1,
                    reason: error.to_string(),
                })?;
            }
        }
        let moves = moves
            .iter()
            .enumerate()
            .map(|(ply, mv)| {
                let mover = game
                    .position_at(ply)
                    .map_or(ultima_rules::Color::White, |p| p.turn());
                let before = &positions[ply];
                let after = &positions[ply + 1];
                let played = mv.coordinates();
                let best = before.lines.first();
                let is_best = best.is_some_and(|line| line.moves.first() == Some(&played));
                let judgement = if is_best {
                    None
                } else {
                    judge(before.eval, after.eval, mover)
                };
                let only_move = is_best
                    && match (before.lines.first(), before.lines.get(1)) {
                        (Some(best), Some(second)) => {
                            let sign = if mover == ultima_rules::Color::White {
                                1.0
                            } else {
                                -1.0
                            };
                            sign * (best.eval.win_chance() - second.eval.win_chance()) >= BLUNDER
                        }
                        _ => false,
                    };
                MoveAnalysis {
                    mover,
                    played,
                    judgement,
                    only_move,
                }
            })
            .collect();
        Ok(GameAnalysis {
            nodes: self.nodes,
            positions,
            moves,
        })
    }

    /// The current position of `replay`: over (no search), or searched for two lines.
    fn position(
        &mut self,
        replay: &Game,
        limits: &Limits,
        ply: usize,
    ) -> Result<PositionAnalysis, AnalysisError> {
        let position = replay.position();
        if let Status::Over { outcome } = replay.status() {
            let eval = match outcome {
                Outcome::Win { winner, .. } => Eval::Won { winner },
                Outcome::Draw { .. } => Eval::Drawn,
            };
            return Ok(PositionAnalysis {
                eval,
                win_chance: eval.win_chance(),
                lines: Vec::new(),
            });
        }
        let legal = position.legal_moves();
        if let [forced] = legal.as_slice() {
            // The engine answers a forced move at once with the static score: look past it.
            let mut after = replay.clone();
            after.play(forced).map_err(|error| AnalysisError::Engine {
                ply,
                reason: error.to_string(),
            })?;
            let next = self.position(&after, limits, ply + 1)?;
            let mut moves = vec![forced.coordinates()];
            moves.extend(
                next.lines
                    .first()
                    .map_or(&[][..], |l| &l.moves[..])
                    .iter()
                    .cloned(),
            );
            return Ok(PositionAnalysis {
                eval: next.eval,
                win_chance: next.win_chance,
                lines: vec![Line {
                    moves,
                    eval: next.eval,
                }],
            });
        }
        let turn = position.turn();
        let result = self
            .engine
            .search(
                position,
                &history_hashes(replay),
                limits,
                &NoClock,
                &mut |_| {},
            )
            .map_err(|error| AnalysisError::Engine {
                ply,
                reason: error.to_string(),
            })?;
        let line = |info: &SearchInfo| Line {
            moves: info.pv.iter().map(|mv| mv.coordinates()).collect(),
            eval: Eval::from_score(info.score, turn),
        };
        let lines: Vec<Line> = result.lines.iter().map(line).collect();
        let eval = lines
            .first()
            .map_or_else(|| Eval::from_score(result.info.score, turn), |l| l.eval);
        Ok(PositionAnalysis {
            eval,
            win_chance: eval.win_chance(),
            lines,
        })
    }
}
