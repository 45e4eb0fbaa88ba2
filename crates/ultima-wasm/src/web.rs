//! The browser as the core's platform: the small record in memory, written by the page
//! (`store`), the history read at start-up and written record by record (`finished`), time and
//! chance from JavaScript (`time`); and the page's calls, by name with JSON arguments, the three
//! commands with a channel answered here (the channels themselves stay on the page).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ultima_analysis::{GameAnalysis, Progress};
use ultima_core::wire::{AnalysisAnswer, AppError};
use ultima_core::{Analyse, AnalysisJob, AppCore, BotJob, Opening, Platform};

use crate::finished::{Finished, Write};
use crate::store::{Loaded, Store};
use crate::time::PageClock;

/// Time and chance from JavaScript; the record and the history in the page's memory.
pub struct Web;

impl Platform for Web {
    type Store = Store;
    type History = Finished;

    fn now_ms(&self) -> f64 {
        crate::time::now_ms()
    }

    fn seed(&self) -> u64 {
        crate::time::seed()
    }
}

/// The app in the page.
pub type WebCore = AppCore<Web>;

/// The app from what the page read from IndexedDB.
pub fn open(store: Store, loaded: Loaded, finished: Finished) -> WebCore {
    AppCore::open(Web, store, loaded, finished, Opening::default())
}

/// What a call answers: the core's answer (`{"ok": …}`, `{"error": …}`, `{"failure": …}`), or
/// for `analyse_game` without a kept analysis the job the page runs in its analysis worker
/// (`{"analyse": …}`).
#[derive(Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    Core(ultima_core::Answer),
    Job { analyse: AnalysisJob },
}

impl From<ultima_core::Answer> for Answer {
    fn from(answer: ultima_core::Answer) -> Answer {
        Answer::Core(answer)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GameId {
    game_id: String,
}

fn game_id(command: &str, args: &Value) -> Result<String, Answer> {
    GameId::deserialize(args)
        .map(|args| args.game_id)
        .map_err(|error| {
            ultima_core::Answer::Failure(format!("invalid args for command {command}: {error}"))
                .into()
        })
}

/// Runs `command` with `args` (the JSON object the bindings pass).
pub fn call(core: &mut WebCore, command: &str, args: &Value) -> Answer {
    match command {
        // The channel itself stays on the page (see `ui/src/backend/web`).
        "watch_games" => ultima_core::Answer::of(core.watch_games()).into(),
        // The progress channel stays on the page, which also stops an analysis
        // (`stop_analysis` ends its worker there).
        "analyse_game" => match game_id(command, args) {
            Ok(id) => match core.analyse_game(&id) {
                Ok(Analyse::Job(job)) => Answer::Job { analyse: job },
                Ok(Analyse::Answer(done)) => ultima_core::Answer::of(Ok(done)).into(),
                Err(error) => ultima_core::Answer::Error(error).into(),
            },
            Err(failure) => failure,
        },
        // The page ends the analysis' worker before this is called: nothing runs here to stop.
        "stop_analysis" => match game_id(command, args) {
            Ok(_) => ultima_core::Answer::Ok(Value::Null).into(),
            Err(failure) => failure,
        },
        _ => core.call(command, args).into(),
    }
}

/// The records the page writes before the call's answer goes out.
pub fn take_writes(core: &mut WebCore) -> Vec<Write> {
    core.history_mut().take_writes()
}

/// The worker's analysis of `game_id` (JSON of a `GameAnalysis`): kept, and answered.
pub fn analysis_done(
    core: &mut WebCore,
    game_id: &str,
    analysis: &str,
) -> Result<AnalysisAnswer, AppError> {
    let analysis: GameAnalysis = serde_json::from_str(analysis).map_err(|error| {
        eprintln!("ultima: the worker's analysis of {game_id} does not read: {error}");
        AppError::new(ultima_app_state::error::AppProblem::BotFailed)
    })?;
    core.analysis_done(game_id, &analysis)
}

/// Why the worker has no answer.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    #[error("the worker's job does not read: {0}")]
    Job(#[from] serde_json::Error),
    #[error("{0}")]
    Think(#[from] ultima_core::ThinkError),
    #[error("{0}")]
    Analyse(#[from] ultima_core::AnalyseError),
}

/// The bot worker's move for `job` (JSON of a [`BotJob`]), in coordinates (`d2d5`, `e4e4` for
/// a removal). A search no longer wanted is stopped by ending the worker.
pub fn think(job: &str) -> Result<String, WorkerError> {
    let job: BotJob = serde_json::from_str(job)?;
    Ok(ultima_core::think(&job, &PageClock::new(), None)?.coordinates())
}

/// The analysis worker's analysis of `job` (JSON of an [`AnalysisJob`]), `progress` told after
/// each position; JSON of the `GameAnalysis`. A stop ends the worker.
pub fn analyse(job: &str, progress: &mut dyn FnMut(Progress)) -> Result<String, WorkerError> {
    let job: AnalysisJob = serde_json::from_str(job)?;
    let never = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let analysis = ultima_core::analyse(&job, &never, progress)?;
    Ok(serde_json::to_string(&analysis)?)
}
