//! Ultima in the browser: the app's commands (the same names, arguments and answers as its
//! Tauri commands) over the same crates, compiled to WebAssembly with wasm-bindgen. The page
//! (`ui/src/backend/web`) keeps one [`Backend`], writes what it hands out to IndexedDB before a
//! command answers, and runs the bot's searches with [`think`] in a Web Worker.
//!
//! - `ultima-app-state`: the app's wire types, codes and stored-entry readers (as in the app).
//! - `state`, `course_state`, `puzzle_state`, `analysis_state`: the app's state and its commands
//!   (a game's analysis runs in a worker: `analyse`).
//! - `store`: the small saved record; `finished`: the finished games and puzzle attempts.
//! - `bot`: the bot's job for the worker; `time`: time and chance from JavaScript.
//! - `commands`: the commands by name, with their JSON arguments.

mod analysis_state;
mod bot;
mod commands;
mod course_state;
mod finished;
mod puzzle_state;
mod state;
mod store;
#[cfg(test)]
mod tests;
mod time;

use serde_json::Value;
use wasm_bindgen::prelude::*;

// The app's state and views without Tauri, named from the crate's root as in the app.
pub(crate) use ultima_app_state::{
    analysis, course, error, events, notice, puzzles, settings, stored,
};

pub use bot::{think as think_move, BotJob, ThinkError};
pub use commands::Answer;
pub use finished::{Record, Write};
pub use state::AppState;
pub use store::Used;

/// The app's backend in the page.
#[wasm_bindgen]
pub struct Backend {
    state: AppState,
    used: Used,
}

fn records<K: serde::de::DeserializeOwned>(json: &str) -> Vec<Record<K>> {
    serde_json::from_str(json).unwrap_or_else(|error| {
        eprintln!("ultima: the history's records do not read: {error}");
        Vec::new()
    })
}

#[wasm_bindgen]
impl Backend {
    /// Opens the saved data: the record in use and the one before it (`None`: none), and the
    /// finished games', the attempts' and the analyses' records (JSON arrays of `{key, value}`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        current: Option<String>,
        previous: Option<String>,
        games: &str,
        attempts: &str,
        analyses: &str,
    ) -> Backend {
        let (store, loaded, used) = store::open(current.as_deref(), previous.as_deref());
        let finished =
            finished::Finished::load(records(games), records(attempts), records(analyses));
        Backend {
            state: AppState::open(store, loaded, finished),
            used,
        }
    }

    /// Which saved record was used: `current`, `previous` (the one in use did not read) or
    /// `neither`.
    pub fn used(&self) -> String {
        match self.used {
            Used::Current => "current",
            Used::Previous => "previous",
            Used::Neither => "neither",
        }
        .to_string()
    }

    /// Runs a command: `args` is the JSON object the bindings pass; the answer is the JSON of
    /// an [`Answer`] (`{"ok": …}`, `{"error": AppError}` or `{"failure": "…"}`).
    pub fn call(&mut self, command: &str, args: &str) -> String {
        let answer = match serde_json::from_str::<Value>(args) {
            Ok(args) => commands::call(&mut self.state, command, &args),
            Err(error) => Answer::Failure(format!("the arguments are not JSON: {error}")),
        };
        to_json(&answer)
    }

    /// The analysis worker's result for `game_id` (JSON of a `GameAnalysis`): kept, and
    /// answered as `analyse_game` answers (JSON of an [`Answer`]).
    #[wasm_bindgen(js_name = analysisDone)]
    pub fn analysis_done(&mut self, game_id: &str, analysis: &str) -> String {
        to_json(&match self.state.analysis_done(game_id, analysis) {
            Ok(answer) => match serde_json::to_value(answer) {
                Ok(value) => Answer::Ok(value),
                Err(error) => Answer::Failure(format!("the answer does not encode: {error}")),
            },
            Err(error) => Answer::Error(error),
        })
    }

    /// The events for the page's channel since the last call (JSON array of `GameEvent`).
    #[wasm_bindgen(js_name = takeEvents)]
    pub fn take_events(&mut self) -> String {
        to_json(&self.state.take_events())
    }

    /// The history's records to write (JSON array of `{store, key, value}`).
    #[wasm_bindgen(js_name = takeWrites)]
    pub fn take_writes(&mut self) -> String {
        to_json(&self.state.take_writes())
    }

    /// The small record as it is now (`None`: nothing may be written this session).
    pub fn snapshot(&self) -> Option<String> {
        self.state.snapshot()
    }

    /// A search for the worker to start (JSON of a `BotJob`), if one is due.
    #[wasm_bindgen(js_name = takeJob)]
    pub fn take_job(&mut self) -> Option<String> {
        self.state.take_job().map(|job| to_json(&job))
    }

    /// The ticket of the search wanted now (a worker on another one is stopped).
    pub fn searching(&self) -> Option<u32> {
        self.state.searching()
    }

    /// The worker's move for `ticket` (`None`: it found none).
    #[wasm_bindgen(js_name = botPlayed)]
    pub fn bot_played(&mut self, ticket: u32, mv: Option<String>) {
        self.state.bot_played(ticket, mv.as_deref());
    }

    /// When the running clock runs out (ms since 1970), for the page's timer.
    #[wasm_bindgen(js_name = nextDeadline)]
    pub fn next_deadline(&self) -> Option<f64> {
        self.state.next_deadline()
    }

    /// The page's timer rang.
    #[wasm_bindgen(js_name = clockDue)]
    pub fn clock_due(&mut self) {
        self.state.clock_due();
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|error| format!(r#"{{"failure":"the answer does not encode: {error}"}}"#))
}

/// The worker's search: the move for `job` (JSON of a `BotJob`) in coordinates, or an error
/// that says why there is none.
#[wasm_bindgen]
pub fn think(job: &str) -> Result<String, JsError> {
    bot::think(job).map_err(|error| JsError::new(&error.to_string()))
}

/// The analysis worker's work: the analysis of `job` (JSON of an `AnalysisJob`), `progress`
/// called with `(done, total)` after each position; JSON of the `GameAnalysis`.
#[wasm_bindgen]
pub fn analyse(job: &str, progress: &js_sys::Function) -> Result<String, JsError> {
    let mut tell = |step: ultima_analysis::Progress| {
        // A progress callback that throws only loses that report.
        let _ = progress.call2(
            &JsValue::NULL,
            &JsValue::from(step.done),
            &JsValue::from(step.total),
        );
    };
    analysis_state::analyse(job, &mut tell).map_err(|error| JsError::new(&error.to_string()))
}

/// One fixed search, for measuring the bot's speed in the browser against `ultima bench`:
/// `ufen` searched to `depth` from a fresh engine; JSON `{nodes, timeMs}`.
#[wasm_bindgen]
pub fn bench(ufen: &str, depth: u32) -> Result<String, JsError> {
    let position = ultima_rules::Position::from_ufen(ufen)
        .map_err(|error| JsError::new(&error.to_string()))?;
    let mut engine = ultima_bot::Engine::new();
    let clock = time::PageClock::new();
    let started = time::now_ms();
    let result = engine
        .search(
            &position,
            &[],
            &ultima_bot::Limits::depth(depth),
            &clock,
            &mut |_| {},
        )
        .map_err(|error| JsError::new(&error.to_string()))?;
    let time_ms = time::now_ms() - started;
    Ok(format!(
        r#"{{"nodes":{},"timeMs":{time_ms}}}"#,
        result.info.nodes
    ))
}
