//! Game analysis in the browser, as `src-tauri/src/analysis/mod.rs` runs it in the app, over
//! `ultima-analysis`: a finished game's every position searched at the app's node limit, the
//! result kept with the game (a record of the `analyses` store) so that it opens analysed next
//! time. The search runs in a Web Worker ([`analyse`], called there): the page's state hands out
//! an [`AnalysisJob`] and takes the worker's result back (`AppState::analysis_done`); stopping
//! an analysis ends its worker (the page answers `stopped` itself).

use serde::{Deserialize, Serialize};
use ultima_analysis::{Analyser, AnalysisError, GameAnalysis, Progress, DEFAULT_NODES};
use ultima_game::view::board_view;
use ultima_game::wire::BoardView;
use ultima_game::Session;
use ultima_rules::Game;

use crate::analysis::wire::{AnalysisAnswer, AnalysisView};
use crate::error::{AppError, Problem};
use crate::state::AppState;

/// The nodes each position is searched with: the app's, so the same game gets the same
/// analysis on any machine, in the app or in the browser.
pub const NODES: u64 = DEFAULT_NODES;

/// One game to analyse, for the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisJob {
    pub game_id: String,
    /// The game as `Game::record` writes it.
    pub record: String,
    pub nodes: u32,
}

/// What `analyse_game` asks of the page: the answer at once, or a job for the worker.
pub enum Analyse {
    Answer(AnalysisAnswer),
    Job(AnalysisJob),
}

/// Whether an analysis is of this game (as many positions, the same moves).
fn fits(game: &Game, analysis: &GameAnalysis) -> bool {
    analysis.positions.len() == game.moves().len() + 1
        && analysis
            .moves
            .iter()
            .zip(game.moves())
            .all(|(judged, mv)| judged.played == mv.coordinates())
}

impl AppState {
    fn finished_session(&self, game_id: &str) -> Result<Session, AppError> {
        let session = self.find(game_id)?;
        if session.game().outcome().is_none() {
            return Err(AppError::new(Problem::NotFinished));
        }
        Ok(session)
    }

    /// The analysis kept with `game_id`, if any (one that no longer reads or fits is treated
    /// as none, so that analysing again replaces it).
    pub fn stored_analysis(&self, game_id: &str) -> Result<Option<AnalysisView>, AppError> {
        let session = self.finished_session(game_id)?;
        Ok(self
            .finished
            .analysis(game_id)
            .filter(|kept| fits(session.game(), kept))
            .map(|kept| AnalysisView::new(game_id, session.game(), &kept)))
    }

    /// The kept analysis, or the job that makes it.
    pub fn analyse_game(&self, game_id: &str) -> Result<Analyse, AppError> {
        if let Some(kept) = self.stored_analysis(game_id)? {
            return Ok(Analyse::Answer(AnalysisAnswer::Done { analysis: kept }));
        }
        let session = self.finished_session(game_id)?;
        Ok(Analyse::Job(AnalysisJob {
            game_id: game_id.to_string(),
            record: session.game().record(),
            nodes: NODES as u32,
        }))
    }

    /// The worker's analysis of `game_id` (JSON of a `GameAnalysis`): kept with the game if it
    /// is among the finished games, and answered.
    pub fn analysis_done(
        &mut self,
        game_id: &str,
        analysis: &str,
    ) -> Result<AnalysisAnswer, AppError> {
        let session = self.finished_session(game_id)?;
        let analysis: GameAnalysis = serde_json::from_str(analysis).map_err(|error| {
            eprintln!("ultima: the worker's analysis of {game_id} does not read: {error}");
            AppError::new(Problem::BotFailed)
        })?;
        if !fits(session.game(), &analysis) {
            return Err(AppError::new(Problem::GameChanged));
        }
        self.finished.add_analysis(game_id, &analysis)?;
        Ok(AnalysisAnswer::Done {
            analysis: AnalysisView::new(game_id, session.game(), &analysis),
        })
    }

    /// The boards of a line of `moves` (coordinates) played from the position after `ply` moves
    /// of the game: one board after each move.
    pub fn analysis_line_boards(
        &self,
        game_id: &str,
        ply: u32,
        moves: &[String],
    ) -> Result<Vec<BoardView>, AppError> {
        let session = self.find(game_id)?;
        let game = session.game();
        let plies = ply as usize;
        if plies > game.moves().len() {
            return Err(AppError::new(Problem::NoSuchPly { ply }));
        }
        // From the game's start, so that the boards' ply numbers and repetitions are the game's.
        let mut line = Game::new(game.start().clone());
        for mv in &game.moves()[..plies] {
            line.play(mv)
                .map_err(|_| AppError::new(Problem::NoSuchPly { ply }))?;
        }
        let mut boards = Vec::with_capacity(moves.len());
        for text in moves {
            let mv = line
                .position()
                .parse_move(text)
                .map_err(|error| AppError::new(Problem::from(&error)))?;
            line.play(&mv)
                .map_err(|_| AppError::new(Problem::GameOver))?;
            if let Some(board) = board_view(&line, line.moves().len()) {
                boards.push(board);
            }
        }
        Ok(boards)
    }
}

/// Why the worker has no analysis.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    #[error("the analysis job does not read: {0}")]
    Job(#[from] serde_json::Error),
    #[error("the game's record does not read: {0}")]
    Record(String),
    #[error("{0}")]
    Analysis(#[from] AnalysisError),
}

/// The worker's analysis of `job` (JSON of an [`AnalysisJob`]), `progress` told after each
/// position; JSON of the `GameAnalysis`.
pub fn analyse(job: &str, progress: &mut dyn FnMut(Progress)) -> Result<String, AnalyseError> {
    let job: AnalysisJob = serde_json::from_str(job)?;
    let game =
        Game::from_record(&job.record).map_err(|error| AnalyseError::Record(error.to_string()))?;
    // Never raised: a stop ends the worker.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let analysis = Analyser::new(u64::from(job.nodes)).analyse(&game, &stop, progress)?;
    Ok(serde_json::to_string(&analysis)?)
}
