//! The Ultima app behind every shell. [`AppCore`] owns the whole app's state and logic (the
//! settings and the game in progress, the bot's turn, the clock's flag, the course, the puzzle
//! trainer, the analysis, the history); [`with_commands!`] is the one list of the commands the
//! UI calls. What differs between the desktop (`src-tauri`) and the browser (`ultima-wasm`) is
//! a [`Platform`]: where the small record and the history are kept, and the machine's time and
//! chance. Long work is handed out as values for the shell to run with its own means (a thread,
//! a Web Worker, a timer): the bot's search ([`BotJob`]), an analysis ([`AnalysisJob`]), a
//! command's search ([`Later`]), the clock's deadline.
//!
//! - `core`: [`AppCore`], opening it, and what it hands out.
//! - `play`: the games, the bot's turn and the clock's flag.
//! - `course`, `puzzles`, `analysis`, `rules_pages`: each screen's commands.
//! - `online`: online play on this side, without the connection (the shell holds it and hands
//!   its events in).
//! - `commands`: the command list and [`AppCore::call`], every command by name over JSON.
//! - `platform`, `bot`, `later`: what the shells give and run.
//! - `wire`: the types that cross to the UI.

mod analysis;
mod bot;
pub mod commands;
mod core;
mod course;
mod later;
pub mod online;
mod platform;
mod play;
mod puzzles;
mod rules_pages;
pub mod wire;

pub use analysis::{analyse, Analyse, AnalyseError, AnalysisJob};
pub use bot::{think, BotJob, ThinkError, MIN_THINKING_MS};
pub use commands::{Answer, COMMANDS};
pub use core::{AppCore, Opening};
pub use later::{Later, Work};
pub use platform::{History, Platform, Store};
