//! Game analysis, over `ultima-analysis`: a finished game's every position searched at a node
//! limit (the same answer on any machine, in the app or in the browser), kept with the game in
//! the history so that it opens analysed next time; the boards of an engine's line; and,
//! against the bot, the hint (the piece the engine would move). Where the search runs (a
//! blocking thread, a Web Worker) and where the analysis is kept are the platform's.
//!
//! - `wire`: what the analysis screen receives (the engine's lines with their moves as plies).

pub mod wire;

use ultima_analysis::{GameAnalysis, DEFAULT_NODES};
use ultima_game::view::board_view;
use ultima_game::wire::BoardView;
use ultima_game::Session;
use ultima_rules::Game;

use crate::error::{AppError, AppProblem, GameProblem};
use wire::HintView;

/// The nodes each position is searched with (the same answer on any machine).
pub const NODES: u64 = DEFAULT_NODES;

/// `session` if its game is over (only a finished game is analysed).
pub fn finished(session: Session) -> Result<Session, AppError> {
    if session.game().outcome().is_none() {
        return Err(AppError::new(AppProblem::NotFinished));
    }
    Ok(session)
}

/// Whether an analysis is of this game (as many positions, the same moves): one kept that does
/// not fit is treated as none, so that analysing again replaces it.
pub fn fits(game: &Game, analysis: &GameAnalysis) -> bool {
    analysis.positions.len() == game.moves().len() + 1
        && analysis
            .moves
            .iter()
            .zip(game.moves())
            .all(|(judged, mv)| judged.played == mv.coordinates())
}

/// The boards of a line of `moves` (coordinates) played from the position after `ply` moves
/// of `game`: one board after each move.
pub fn line_boards(game: &Game, ply: u32, moves: &[String]) -> Result<Vec<BoardView>, AppError> {
    let plies = ply as usize;
    if plies > game.moves().len() {
        return Err(AppError::new(GameProblem::NoSuchPly { ply }));
    }
    // From the game's start, so that the boards' ply numbers and repetitions are the game's.
    let mut line = Game::new(game.start().clone());
    for mv in &game.moves()[..plies] {
        line.play(mv)
            .map_err(|_| AppError::new(GameProblem::NoSuchPly { ply }))?;
    }
    let mut boards = Vec::with_capacity(moves.len());
    for text in moves {
        let mv = line
            .position()
            .parse_move(text)
            .map_err(|error| AppError::new(GameProblem::from(&error)))?;
        line.play(&mv)
            .map_err(|_| AppError::new(GameProblem::GameOver))?;
        if let Some(board) = board_view(&line, line.moves().len()) {
            boards.push(board);
        }
    }
    Ok(boards)
}

/// The hint in `game` (counted already: `hints` so far, this one included): the piece the
/// engine would move, found at a node limit (the same hint on any machine).
pub fn hint(game: &Game, hints: u32) -> Result<HintView, AppError> {
    let square = wire::hint_square(game).map_err(|error| {
        eprintln!("ultima: the hint's search failed: {error}");
        AppError::new(AppProblem::BotFailed)
    })?;
    Ok(HintView { square, hints })
}
