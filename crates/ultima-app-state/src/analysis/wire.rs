//! What the analysis screen receives: per position the score, the win chance and the best
//! line with its moves as plies (the move list's notation), per move its judgement.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::Serialize;
use specta::Type;
use ultima_analysis::{Analyser, AnalysisError, Eval, GameAnalysis, Judgement, Line};
use ultima_game::view::ply_view;
use ultima_game::wire::PlyView;
use ultima_rules::{Game, Position};

/// A game analysed.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisView {
    pub game_id: String,
    /// The nodes each position was searched with.
    pub nodes: u32,
    /// `positions[k]`: the position after `k` moves (0: the start).
    pub positions: Vec<AnalysedPosition>,
    /// `moves[k]`: the move from `positions[k]` to `positions[k + 1]`.
    pub moves: Vec<AnalysedMove>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct AnalysedPosition {
    /// The score for White.
    pub eval: Eval,
    /// White's win chance, -1 (Black wins) to 1.
    pub win_chance: f64,
    /// The engine's best line from here (none where the game is over).
    pub best: Option<LineView>,
}

/// One of the engine's lines.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct LineView {
    pub eval: Eval,
    /// White's win chance at the end of the line, -1 to 1.
    pub win_chance: f64,
    /// The moves in coordinates, to ask for their boards (`analysis_line_boards`).
    pub moves: Vec<String>,
    /// The same moves as plies, to write them.
    pub plies: Vec<PlyView>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct AnalysedMove {
    pub judgement: Option<Judgement>,
    /// The engine's best move, when anything else would have been a blunder.
    pub only_move: bool,
}

/// How an analysis ended.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum AnalysisAnswer {
    Done {
        analysis: AnalysisView,
    },
    /// Stopped (by the player, or by another analysis) after `done` positions of `total`.
    Stopped {
        done: u32,
        total: u32,
    },
}

/// How far an analysis has come, pushed after each position.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisProgress {
    pub done: u32,
    pub total: u32,
}

impl AnalysisView {
    pub fn new(game_id: &str, game: &Game, analysis: &GameAnalysis) -> AnalysisView {
        let positions = analysis
            .positions
            .iter()
            .enumerate()
            .map(|(ply, analysed)| AnalysedPosition {
                eval: analysed.eval,
                // From the score, not the stored number (JSON may not give back its last bit).
                win_chance: analysed.eval.win_chance(),
                best: match (game.position_at(ply), analysed.lines.first()) {
                    (Some(position), Some(line)) => Some(line_view(position, line)),
                    _ => None,
                },
            })
            .collect();
        AnalysisView {
            game_id: game_id.to_string(),
            nodes: u32::try_from(analysis.nodes).unwrap_or(u32::MAX),
            positions,
            moves: analysis
                .moves
                .iter()
                .map(|judged| AnalysedMove {
                    judgement: judged.judgement,
                    only_move: judged.only_move,
                })
                .collect(),
        }
    }
}

/// A line as plies from `from`: as far as its moves are legal (they all are, from the engine).
fn line_view(from: &Position, line: &Line) -> LineView {
    let mut position = from.clone();
    let mut plies = Vec::new();
    let mut moves = Vec::new();
    for text in &line.moves {
        let Ok(mv) = position.parse_move(text) else {
            break;
        };
        plies.push(ply_view(&position, &mv));
        moves.push(text.clone());
        position = position.play_unchecked(&mv);
    }
    LineView {
        eval: line.eval,
        win_chance: line.eval.win_chance(),
        moves,
        plies,
    }
}

/// The nodes a hint is searched with: a fraction of a second.
pub const HINT_NODES: u64 = 50_000;

/// What a hint shows.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct HintView {
    /// The square of the piece to move (or, for a removal, the piece to remove).
    pub square: String,
    /// The hints taken in this game so far, this one included.
    pub hints: u32,
}

/// The square of the piece the engine would move in `game`'s position (a search at
/// [`HINT_NODES`], so the same hint on any machine).
pub fn hint_square(game: &Game) -> Result<String, ultima_bot::BotError> {
    let found = ultima_bot::Engine::with_hash_mb(4).search(
        game.position(),
        &ultima_bot::history_hashes(game),
        &ultima_bot::Limits::nodes(HINT_NODES),
        &ultima_bot::NoClock,
        &mut |_| {},
    )?;
    Ok(found.best_move.from.to_string())
}

/// The nodes the evaluation bar in play searches a position with: a few hundredths of a
/// second, and the same bar on any machine.
pub const EVAL_BAR_NODES: u64 = 30_000;

/// What the evaluation bar in play shows for one position of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct EvalBarView {
    /// The position evaluated: after `ply` moves of the game.
    pub ply: u32,
    /// The score for White.
    pub eval: Eval,
    /// White's win chance, -1 (Black wins) to 1.
    pub win_chance: f64,
}

/// `game` as it stood after `ply` moves, from its start (so that its repetitions are the
/// game's); `None` past its last move.
pub fn game_at(game: &Game, ply: u32) -> Option<Game> {
    let ply = usize::try_from(ply).ok()?;
    if ply == game.moves().len() {
        return Some(game.clone());
    }
    let moves = game.moves().get(..ply)?;
    let mut line = Game::new(game.start().clone());
    for mv in moves {
        line.play(mv).ok()?;
    }
    Some(line)
}

/// The evaluation bar's score for the position after `ply` moves of `game` (a search at
/// [`EVAL_BAR_NODES`]); raising `stop` ends it with [`AppProblem::BotStopped`], which the UI
/// passes over in silence (a newer position is being evaluated).
pub fn eval_bar(
    game: &Game,
    ply: u32,
    stop: &Arc<AtomicBool>,
) -> Result<EvalBarView, crate::error::AppError> {
    use crate::error::{AppError, AppProblem, GameProblem};
    let at = game_at(game, ply).ok_or(AppError::new(GameProblem::NoSuchPly { ply }))?;
    match Analyser::new(EVAL_BAR_NODES).evaluate(&at, stop) {
        Ok(eval) => Ok(EvalBarView {
            ply,
            eval,
            win_chance: eval.win_chance(),
        }),
        Err(AnalysisError::Stopped { .. }) => Err(AppError::new(AppProblem::BotStopped)),
        Err(error) => {
            eprintln!("ultima: the evaluation bar's search failed: {error}");
            Err(AppError::new(AppProblem::BotFailed))
        }
    }
}
