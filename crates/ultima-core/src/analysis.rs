//! Game analysis (`ultima_app_state::analysis`): a finished game's every position searched at
//! the app's node limit, the result kept with the game in the history so that it opens analysed
//! next time. The search is long: the core hands it out as an [`AnalysisJob`] ([`Analyse::Job`])
//! and takes the result back ([`AppCore::analysis_done`]); the shell runs [`analyse`] with its
//! progress and its stop (a thread and a flag on the desktop, a Web Worker in the browser).
//! Also the hint against the bot and the evaluation bar in play.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use ultima_analysis::{Analyser, AnalysisError, GameAnalysis, Progress};
use ultima_app_state::analysis::wire::{AnalysisAnswer, AnalysisView, EvalBarView, HintView};
use ultima_app_state::analysis::{fits, NODES};
use ultima_app_state::error::{AppError, AppProblem};
use ultima_game::wire::BoardView;
use ultima_game::Session;
use ultima_rules::Game;

use crate::core::AppCore;
use crate::later::Later;
use crate::platform::{History, Platform};

/// One game to analyse, for the shell's worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisJob {
    pub game_id: String,
    /// The game as `Game::record` writes it.
    pub record: String,
    pub nodes: u32,
}

/// What `analyse_game` asks of the shell: the answer at once, or a job to run.
pub enum Analyse {
    Answer(AnalysisAnswer),
    Job(AnalysisJob),
}

impl<P: Platform> AppCore<P> {
    fn finished_session(&self, game_id: &str) -> Result<Session, AppError> {
        ultima_app_state::analysis::finished(self.find(game_id)?)
    }

    /// The analysis kept with a finished game, or `null` if it has none yet (one that no
    /// longer reads or fits is treated as none, so that analysing again replaces it).
    pub fn stored_analysis(&mut self, game_id: String) -> Result<Option<AnalysisView>, AppError> {
        let session = self.finished_session(&game_id)?;
        self.kept_analysis(&game_id, &session)
    }

    fn kept_analysis(
        &self,
        game_id: &str,
        session: &Session,
    ) -> Result<Option<AnalysisView>, AppError> {
        Ok(self
            .history
            .analysis(game_id)?
            .filter(|kept| fits(session.game(), kept))
            .map(|kept| AnalysisView::new(game_id, session.game(), &kept)))
    }

    /// The kept analysis, or the job that makes it.
    pub fn analyse_game(&mut self, game_id: &str) -> Result<Analyse, AppError> {
        let session = self.finished_session(game_id)?;
        if let Some(kept) = self.kept_analysis(game_id, &session)? {
            return Ok(Analyse::Answer(AnalysisAnswer::Done { analysis: kept }));
        }
        Ok(Analyse::Job(AnalysisJob {
            game_id: game_id.to_string(),
            record: session.game().record(),
            nodes: NODES as u32,
        }))
    }

    /// The job's analysis of `game_id`: kept with the game if it is among the finished games,
    /// and answered.
    pub fn analysis_done(
        &mut self,
        game_id: &str,
        analysis: &GameAnalysis,
    ) -> Result<AnalysisAnswer, AppError> {
        let session = self.finished_session(game_id)?;
        if !fits(session.game(), analysis) {
            return Err(AppError::new(AppProblem::GameChanged));
        }
        let now = self.platform.now_ms();
        self.history.add_analysis(game_id, analysis, now)?;
        Ok(AnalysisAnswer::Done {
            analysis: AnalysisView::new(game_id, session.game(), analysis),
        })
    }

    /// The boards after each move of `moves` (coordinates, an engine's line) played from the
    /// position after `ply` moves of the game: to step through the line as a variation.
    pub fn analysis_line_boards(
        &mut self,
        game_id: String,
        ply: u32,
        moves: Vec<String>,
    ) -> Result<Vec<BoardView>, AppError> {
        ultima_app_state::analysis::line_boards(self.find(&game_id)?.game(), ply, &moves)
    }

    /// Against the bot, on the player's move: the square of the piece the engine would move.
    /// The hint is counted in the game's record (and saved) before it is given; the search is
    /// the answer's work.
    pub fn game_hint(&mut self, game_id: String) -> Result<Later<HintView>, AppError> {
        let now = self.platform.now_ms();
        let (game, hints) =
            self.games
                .count_hint(&self.store, Some(&mut self.history), &game_id, now)?;
        Ok(Later::Work(Box::new(move || {
            ultima_app_state::analysis::hint(&game, hints)
        })))
    }

    /// The evaluation bar in play: the engine's score of the position after `ply` moves of the
    /// game (a search of a few hundredths of a second, the answer's work). A newer request stops
    /// the one before, which answers `botStopped` (cancelled). While the game goes on, the
    /// game's record notes that the bar was shown.
    pub fn game_eval_bar(
        &mut self,
        game_id: String,
        ply: u32,
    ) -> Result<Later<EvalBarView>, AppError> {
        let session = self.find(&game_id)?;
        let now = self.platform.now_ms();
        self.games
            .note_eval_bar(&self.store, Some(&mut self.history), &session, now)?;
        let flag = Arc::new(AtomicBool::new(false));
        let latest = self.eval_bar.clone();
        if let Some(before) = lock(&latest).replace(flag.clone()) {
            before.store(true, Ordering::Relaxed);
        }
        let game: Game = session.game().clone();
        Ok(Later::Work(Box::new(move || {
            let answer = ultima_app_state::analysis::wire::eval_bar(&game, ply, &flag);
            let mut latest = lock(&latest);
            if latest.as_ref().is_some_and(|f| Arc::ptr_eq(f, &flag)) {
                *latest = None;
            }
            answer
        })))
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // The slot is a plain value: a panic elsewhere cannot leave it half-written.
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Why a job has no analysis.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    #[error("the game's record does not read: {0}")]
    Record(String),
    #[error("{0}")]
    Analysis(#[from] AnalysisError),
}

/// The analysis of `job`, `progress` told after each position; raising `stop` ends it with
/// [`AnalysisError::Stopped`].
pub fn analyse(
    job: &AnalysisJob,
    stop: &Arc<AtomicBool>,
    progress: &mut dyn FnMut(Progress),
) -> Result<GameAnalysis, AnalyseError> {
    let game =
        Game::from_record(&job.record).map_err(|error| AnalyseError::Record(error.to_string()))?;
    Ok(Analyser::new(u64::from(job.nodes)).analyse(&game, stop, progress)?)
}
