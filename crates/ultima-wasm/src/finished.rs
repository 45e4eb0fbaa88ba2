//! The finished games and the puzzle attempts: what the app keeps in its history database
//! (SQLite), here records of two IndexedDB object stores, all read at start-up and held in
//! memory. Each game is filed once when it ends, with the same stored summary and body as in
//! the app (`ultima_game::stored`), so the home list reads summaries and never replays a game.
//! A filing is a [`Write`] the browser makes before the command that caused it answers.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ultima_analysis::GameAnalysis;
use ultima_app_state::archive::Archive;
use ultima_core::History;
use ultima_game::wire::FinishedSummary;
use ultima_game::{Session, StoredSummary};

use crate::error::{AppError, AppProblem, StorageWhat};
use crate::puzzles::wire::{AttemptBody, PuzzleAttemptView, PuzzleHistoryPage};
use crate::stored;

pub use ultima_app_state::archive::{FinishedPage, PageCursor};

/// A record the browser must write: `store` is the object store, `key` its key.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "store", rename_all = "camelCase")]
pub enum Write {
    Finished { key: String, value: Value },
    Attempt { key: u32, value: Value },
    Analysis { key: String, value: Value },
}

/// One stored record as the browser hands it over at start-up.
#[derive(Deserialize)]
pub struct Record<K> {
    pub key: K,
    pub value: Value,
}

/// A finished game's record: its summary and its whole game.
#[derive(Serialize, Deserialize)]
struct GameRecord {
    summary: Value,
    body: Value,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AttemptRecord {
    puzzle_id: String,
    at: f64,
    body: AttemptBody,
}

struct Listed {
    ended_at: f64,
    id: String,
    /// `None`: the record is kept but does not read.
    summary: Option<StoredSummary>,
    body: Value,
}

#[derive(Default)]
pub struct Finished {
    /// Newest first.
    games: Vec<Listed>,
    attempts: BTreeMap<u32, Result<AttemptRecord, String>>,
    /// The analyses kept with their games, by game id (as stored: read when asked for).
    analyses: HashMap<String, Value>,
    pending: Vec<Write>,
}

fn newer(a: (f64, &str), b: (f64, &str)) -> std::cmp::Ordering {
    b.0.total_cmp(&a.0).then_with(|| b.1.cmp(a.1))
}

impl Finished {
    /// The records as stored; one that does not read is kept (and counted as unreadable).
    pub fn load(
        games: Vec<Record<String>>,
        attempts: Vec<Record<u32>>,
        analyses: Vec<Record<String>>,
    ) -> Finished {
        let mut listed: Vec<Listed> = games
            .into_iter()
            .map(|record| {
                let parsed = serde_json::from_value::<GameRecord>(record.value.clone()).ok();
                let summary = parsed
                    .as_ref()
                    .and_then(|parsed| stored::finished_summary(parsed.summary.clone()));
                Listed {
                    ended_at: summary.as_ref().map_or(f64::MIN, |s| s.ended_at),
                    id: record.key,
                    summary,
                    body: parsed.map_or(Value::Null, |parsed| parsed.body),
                }
            })
            .collect();
        listed.sort_by(|a, b| newer((a.ended_at, &a.id), (b.ended_at, &b.id)));
        let attempts = attempts
            .into_iter()
            .map(|record| {
                let read = serde_json::from_value::<AttemptRecord>(record.value)
                    .map_err(|e| e.to_string());
                (record.key, read)
            })
            .collect();
        Finished {
            games: listed,
            attempts,
            analyses: analyses
                .into_iter()
                .map(|record| (record.key, record.value))
                .collect(),
            pending: Vec::new(),
        }
    }

    /// The records to write since the last call.
    pub fn take_writes(&mut self) -> Vec<Write> {
        std::mem::take(&mut self.pending)
    }

    /// Up to `limit` games that ended before `before` (the newest when `None`).
    pub fn page(&self, before: Option<&PageCursor>, limit: u32) -> FinishedPage {
        let start = match before {
            Some(cursor) => self.games.partition_point(|listed| {
                newer((listed.ended_at, &listed.id), (cursor.ended_at, &cursor.id)).is_le()
            }),
            None => 0,
        };
        let limit = limit as usize;
        let slice = &self.games[start.min(self.games.len())..];
        let page = &slice[..limit.min(slice.len())];
        let games: Vec<FinishedSummary> = page
            .iter()
            .filter_map(|listed| listed.summary.as_ref().map(StoredSummary::view))
            .collect();
        let unreadable = page.len() - games.len();
        FinishedPage {
            games,
            next: (slice.len() > limit).then(|| {
                let last = &page[page.len() - 1];
                PageCursor {
                    ended_at: last.ended_at,
                    id: last.id.clone(),
                }
            }),
            unreadable: u32::try_from(unreadable).unwrap_or(u32::MAX),
        }
    }

    /// The finished game `id`, rebuilt from its record.
    pub fn game(&self, id: &str) -> Result<Session, AppError> {
        let listed = self
            .games
            .iter()
            .find(|listed| listed.id == id)
            .ok_or_else(|| AppError::new(AppProblem::NotFinished))?;
        stored::finished_session(listed.body.clone()).ok_or_else(|| {
            AppError::storage(StorageWhat::History, format!("game {id} does not replay"))
        })
    }

    /// Up to `limit` attempts stored before the row `before` (the newest when `None`).
    pub fn attempts_page(&self, before: Option<u32>, limit: u32) -> PuzzleHistoryPage {
        let rows: Vec<_> = self
            .attempts
            .range(..before.unwrap_or(u32::MAX))
            .rev()
            .take(limit as usize + 1)
            .collect();
        let limit = limit as usize;
        let page = &rows[..limit.min(rows.len())];
        let mut unreadable = 0u32;
        let attempts = page
            .iter()
            .filter_map(|(row, attempt)| match attempt {
                Ok(attempt) => Some(PuzzleAttemptView::new(
                    **row,
                    attempt.puzzle_id.clone(),
                    attempt.at,
                    attempt.body.clone(),
                )),
                Err(_) => {
                    unreadable += 1;
                    None
                }
            })
            .collect();
        PuzzleHistoryPage {
            attempts,
            next: (rows.len() > limit)
                .then(|| page.last().map(|(row, _)| **row))
                .flatten(),
            unreadable,
        }
    }

    /// The analysis kept with `game_id` (one that no longer reads is treated as none).
    pub fn analysis(&self, game_id: &str) -> Option<GameAnalysis> {
        let kept = self.analyses.get(game_id)?;
        match serde_json::from_value(kept.clone()) {
            Ok(analysis) => Some(analysis),
            Err(error) => {
                eprintln!(
                    "ultima: the analysis of game {game_id} does not read ({error}); ignored"
                );
                None
            }
        }
    }

    /// Keeps `analysis` with the finished game `game_id` (a game not among them, one that
    /// could not be filed, is shown analysed but not kept).
    fn keep_analysis(&mut self, game_id: &str, analysis: &GameAnalysis) -> Result<(), AppError> {
        if !self.games.iter().any(|listed| listed.id == game_id) {
            eprintln!(
                "ultima: game {game_id} is not among the finished games; its analysis is not kept"
            );
            return Ok(());
        }
        let value = serde_json::to_value(analysis)
            .map_err(|e| AppError::storage(StorageWhat::History, e))?;
        self.analyses.insert(game_id.to_string(), value.clone());
        self.pending.push(Write::Analysis {
            key: game_id.to_string(),
            value,
        });
        Ok(())
    }

    /// Every puzzle with an attempt stored.
    pub fn seen_puzzles(&self) -> HashSet<String> {
        self.attempts
            .values()
            .filter_map(|attempt| {
                attempt
                    .as_ref()
                    .ok()
                    .map(|attempt| attempt.puzzle_id.clone())
            })
            .collect()
    }
}

/// The shared logic files games and attempts here: each filing is a [`Write`] for the page.
impl Archive for Finished {
    /// Files a game that ended (once: filing it again changes nothing).
    fn file(&mut self, session: &Session) -> Result<(), AppError> {
        let Some((summary, body)) = stored::finished_entry(session) else {
            return Ok(());
        };
        if self.games.iter().any(|listed| listed.id == body.id) {
            return Ok(());
        }
        let encode = |e: serde_json::Error| AppError::storage(StorageWhat::History, e);
        let record = GameRecord {
            summary: serde_json::to_value(&summary).map_err(encode)?,
            body: serde_json::to_value(&body).map_err(encode)?,
        };
        let value = serde_json::to_value(&record).map_err(encode)?;
        let listed = Listed {
            ended_at: summary.ended_at,
            id: body.id.clone(),
            summary: Some(summary),
            body: record.body,
        };
        let at = self.games.partition_point(|other| {
            newer((other.ended_at, &other.id), (listed.ended_at, &listed.id)).is_lt()
        });
        self.pending.push(Write::Finished {
            key: listed.id.clone(),
            value,
        });
        self.games.insert(at, listed);
        Ok(())
    }

    /// Stores a puzzle attempt (again: storing the same one twice changes nothing).
    fn add_attempt(
        &mut self,
        puzzle_id: &str,
        at: f64,
        body: &AttemptBody,
    ) -> Result<(), AppError> {
        let known = self.attempts.values().any(|attempt| {
            attempt
                .as_ref()
                .is_ok_and(|attempt| attempt.puzzle_id == puzzle_id && attempt.at == at)
        });
        if known {
            return Ok(());
        }
        let row = self
            .attempts
            .keys()
            .next_back()
            .map_or(1, |last| last.saturating_add(1));
        let record = AttemptRecord {
            puzzle_id: puzzle_id.to_string(),
            at,
            body: body.clone(),
        };
        let value = serde_json::to_value(&record)
            .map_err(|e| AppError::storage(StorageWhat::History, e))?;
        self.pending.push(Write::Attempt { key: row, value });
        self.attempts.insert(row, Ok(record));
        Ok(())
    }
}

/// The core reads the history through these (see `ultima_core::History`).
impl History for Finished {
    fn page(&self, before: Option<&PageCursor>, limit: u32) -> Result<FinishedPage, AppError> {
        Ok(Finished::page(self, before, limit))
    }

    fn game(&self, id: &str) -> Result<Session, AppError> {
        Finished::game(self, id)
    }

    fn attempts_page(
        &self,
        before: Option<u32>,
        limit: u32,
    ) -> Result<PuzzleHistoryPage, AppError> {
        Ok(Finished::attempts_page(self, before, limit))
    }

    fn seen_puzzles(&self) -> HashSet<String> {
        Finished::seen_puzzles(self)
    }

    fn analysis(&self, game_id: &str) -> Result<Option<GameAnalysis>, AppError> {
        Ok(Finished::analysis(self, game_id))
    }

    fn add_analysis(
        &mut self,
        game_id: &str,
        analysis: &GameAnalysis,
        _at: f64,
    ) -> Result<(), AppError> {
        self.keep_analysis(game_id, analysis)
    }
}
