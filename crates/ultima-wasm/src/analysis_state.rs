//! Game analysis in the browser, over `ultima_app_state::analysis` as in the app: a finished
//! game's every position searched at the app's node limit, the result kept with the game (a record of the `analyses` store) so that it opens analysed next
//! time. The search runs in a Web Worker ([`analyse`], called there): the page's state hands out
//! an [`AnalysisJob`] and takes the worker's result back (`AppState::analysis_done`); stopping
//! an analysis ends its worker (the page answers `stopped` itself).

use serde::{Deserialize, Serialize};
use ultima_analysis::{Analyser, AnalysisError, GameAnalysis, Progress};
use ultima_app_state::analysis::{fits, NODES};
use ultima_game::wire::BoardView;
use ultima_game::Session;
use ultima_rules::Game;

use crate::analysis::wire::{AnalysisAnswer, AnalysisView};
use crate::error::{AppError, Problem};
use crate::state::AppState;

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

impl AppState {
    fn finished_session(&self, game_id: &str) -> Result<Session, AppError> {
        ultima_app_state::analysis::finished(self.find(game_id)?)
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
        ultima_app_state::analysis::line_boards(self.find(game_id)?.game(), ply, moves)
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
