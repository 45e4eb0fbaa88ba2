//! Ultima in the browser: the app's core (`ultima-core`) compiled to WebAssembly with
//! wasm-bindgen, behind the same commands as the desktop app. The page (`ui/src/backend/web`)
//! keeps one [`Backend`], writes what it hands out to IndexedDB before a command answers, runs
//! the bot's searches with [`think`] and analyses with [`analyse`] in Web Workers, and the
//! clock's flag on a timer.
//!
//! - `web`: the browser as the core's platform, and the page's calls by name.
//! - `store`: the small saved record; `finished`: the finished games, attempts and analyses.
//! - `time`: time and chance from JavaScript.
//! - `online`: online play's lines (the page holds their `WebSocket`s).

mod finished;
mod online;
mod store;
#[cfg(test)]
mod tests;
mod time;
mod web;

use serde_json::Value;
use wasm_bindgen::prelude::*;

pub(crate) use ultima_app_state::{error, notice, puzzles, stored};

pub use finished::{Record, Write};
pub use online::{Called, Drive, Lines, News};
pub use store::Used;
pub use web::{Answer, Web, WebCore};

/// The app's backend in the page.
#[wasm_bindgen]
pub struct Backend {
    core: WebCore,
    used: Used,
    lines: Lines,
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
        let (core, used) = open_saved(
            current.as_deref(),
            previous.as_deref(),
            records(games),
            records(attempts),
            records(analyses),
        );
        Backend {
            core,
            used,
            lines: Lines::default(),
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
            Ok(args) => web::call(&mut self.core, command, &args),
            Err(error) => {
                ultima_core::Answer::Failure(format!("the arguments are not JSON: {error}")).into()
            }
        };
        to_json(&answer)
    }

    /// Runs an online command (see `online::COMMANDS`): JSON of a [`Called`], its answer now
    /// or later as `request` in a [`Drive`]'s answers.
    #[wasm_bindgen(js_name = onlineCall)]
    pub fn online_call(&mut self, command: &str, args: &str, request: u32) -> String {
        let called = match serde_json::from_str::<Value>(args) {
            Ok(args) => self
                .lines
                .call(&mut self.core, command, &args, request, time::now_ms()),
            Err(error) => Called {
                answer: Some(ultima_core::Answer::Failure(format!(
                    "the arguments are not JSON: {error}"
                ))),
                drive: Drive::default(),
            },
        };
        to_json(&called)
    }

    /// Whether `command` is an online command (answered by [`Backend::online_call`]).
    #[wasm_bindgen(js_name = isOnlineCommand)]
    pub fn is_online_command(command: &str) -> bool {
        online::COMMANDS.contains(&command)
    }

    /// The news of line `line`'s socket (`open`, `message` with its text, `close` with its
    /// reason, `retry`, `tick`): JSON of a [`Drive`].
    #[wasm_bindgen(js_name = onlineNews)]
    pub fn online_news(&mut self, line: u32, news: &str, text: &str) -> String {
        let drive = match serde_json::from_value::<News>(Value::String(news.to_string())) {
            Ok(news) => self
                .lines
                .news(&mut self.core, line, news, text, time::now_ms()),
            Err(error) => {
                eprintln!("ultima: unknown news of a line: {error}");
                Drive::default()
            }
        };
        to_json(&drive)
    }

    /// Request `request` had no answer in time: JSON of a [`Drive`] (its answer, an error).
    #[wasm_bindgen(js_name = onlineTimedOut)]
    pub fn online_timed_out(&mut self, request: u32) -> String {
        to_json(&self.lines.timed_out(&mut self.core, request))
    }

    /// The lines open (for the page's tick).
    #[wasm_bindgen(js_name = onlineLines)]
    pub fn online_lines(&self) -> Vec<u32> {
        self.lines.ids()
    }

    /// The analysis worker's result for `game_id` (JSON of a `GameAnalysis`): kept, and
    /// answered as `analyse_game` answers (JSON of an [`Answer`]).
    #[wasm_bindgen(js_name = analysisDone)]
    pub fn analysis_done(&mut self, game_id: &str, analysis: &str) -> String {
        to_json(&ultima_core::Answer::of(web::analysis_done(
            &mut self.core,
            game_id,
            analysis,
        )))
    }

    /// The events for the page's channel since the last call (JSON array of `GameEvent`).
    #[wasm_bindgen(js_name = takeEvents)]
    pub fn take_events(&mut self) -> String {
        to_json(&self.core.take_events())
    }

    /// The history's records to write (JSON array of `{store, key, value}`).
    #[wasm_bindgen(js_name = takeWrites)]
    pub fn take_writes(&mut self) -> String {
        to_json(&web::take_writes(&mut self.core))
    }

    /// The small record as it is now (`None`: nothing may be written this session).
    pub fn snapshot(&self) -> Option<String> {
        self.core.store().snapshot()
    }

    /// A search for the worker to start (JSON of a `BotJob`), if one is due.
    #[wasm_bindgen(js_name = takeJob)]
    pub fn take_job(&mut self) -> Option<String> {
        self.core.take_job().map(|job| to_json(&job))
    }

    /// The ticket of the search wanted now (a worker on another one is stopped).
    pub fn searching(&self) -> Option<u32> {
        self.core.searching()
    }

    /// The worker's move for `ticket` (`None`: it found none).
    #[wasm_bindgen(js_name = botPlayed)]
    pub fn bot_played(&mut self, ticket: u32, mv: Option<String>) {
        self.core.bot_played(ticket, mv.as_deref());
    }

    /// When the running clock runs out (ms since 1970), for the page's timer.
    #[wasm_bindgen(js_name = nextDeadline)]
    pub fn next_deadline(&self) -> Option<f64> {
        self.core.next_deadline()
    }

    /// The page's timer rang.
    #[wasm_bindgen(js_name = clockDue)]
    pub fn clock_due(&mut self) {
        self.core.clock_due();
    }
}

/// The app from what the page read from IndexedDB: the record in use and the one before it
/// (`None`: none), and the history's records.
pub fn open_saved(
    current: Option<&str>,
    previous: Option<&str>,
    games: Vec<Record<String>>,
    attempts: Vec<Record<u32>>,
    analyses: Vec<Record<String>>,
) -> (WebCore, Used) {
    let (store, loaded, used) = store::open(current, previous);
    let finished = finished::Finished::load(games, attempts, analyses);
    (web::open(store, loaded, finished), used)
}

/// Runs `command` with `args` as the page does (see [`web::call`]).
pub fn call(core: &mut WebCore, command: &str, args: &Value) -> Answer {
    web::call(core, command, args)
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|error| format!(r#"{{"failure":"the answer does not encode: {error}"}}"#))
}

/// The worker's search: the move for `job` (JSON of a `BotJob`) in coordinates, or an error
/// that says why there is none.
#[wasm_bindgen]
pub fn think(job: &str) -> Result<String, JsError> {
    web::think(job).map_err(|error| JsError::new(&error.to_string()))
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
    web::analyse(job, &mut tell).map_err(|error| JsError::new(&error.to_string()))
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
