//! The finished games, in the history database (`ultima-history`, SQLite in WAL mode) beside
//! the store file. Each game is stored once when it ends, with its result and length in a
//! small summary, so the home list reads one page of summaries and never replays a game. The
//! puzzle attempts live there too, one row each.

use std::collections::HashSet;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use serde::de::IgnoredAny;
use ultima_analysis::GameAnalysis;
use ultima_app_state::archive::Archive;
use ultima_history::{FinishedGame, GameCursor, History, HistoryError};

use serde_json::Value;
use ultima_game::wire::FinishedSummary;
use ultima_game::{Session, StoredGame, StoredSummary};

use ultima_app_state::error::{AppError, AppProblem, StorageWhat};
use ultima_app_state::notice::Notice;
use ultima_app_state::puzzles::wire::{AttemptBody, PuzzleAttemptView, PuzzleHistoryPage};
use ultima_app_state::stored::{self, LegacyFinished};

pub const FILE: &str = "history.sqlite3";

pub use ultima_app_state::archive::{FinishedPage, PageCursor};

pub struct Finished {
    history: Mutex<History>,
    /// Whether the games are kept in a file (not only in memory, for as long as the app runs).
    on_disk: bool,
}

fn history_error(error: HistoryError) -> AppError {
    AppError::storage(StorageWhat::History, error)
}

impl Finished {
    /// Opens the database in `folder`. A damaged file is moved aside (never deleted) and a new
    /// one started; a database that cannot be opened at all gives one in memory, so that the
    /// app still runs (the player is told either way).
    pub fn open(folder: &Path) -> (Option<Finished>, Option<Notice>) {
        let path = folder.join(FILE);
        let opened = match History::open(&path) {
            Err(error) if error.is_damaged_file() => {
                eprintln!("ultima: the history database is damaged: {error}");
                match ultima_history::set_aside(&path) {
                    Ok(aside) => {
                        eprintln!("ultima: moved aside to {aside:?}");
                        History::open(&path)
                            .map(|history| (history, Some(Notice::HistoryMovedAside)))
                    }
                    Err(error) => Err(error),
                }
            }
            other => other.map(|history| (history, None)),
        };
        match opened {
            Ok((history, notice)) => (Some(Finished::new(history, true)), notice),
            Err(error) => {
                eprintln!("ultima: the history database could not be opened: {error}");
                (Finished::in_memory(), Some(Notice::HistoryUnavailable))
            }
        }
    }

    fn new(history: History, on_disk: bool) -> Finished {
        Finished {
            history: Mutex::new(history),
            on_disk,
        }
    }

    /// Whether what is stored here outlives the app (else an older save's games must stay
    /// where they are).
    pub fn is_on_disk(&self) -> bool {
        self.on_disk
    }

    /// A database that lives as long as the app runs (read-only mode, or no file could be
    /// opened). `None` only if SQLite cannot even work in memory: then finished games cannot
    /// be kept at all, and the commands that need them say so.
    pub fn in_memory() -> Option<Finished> {
        match History::open_in_memory() {
            Ok(history) => Some(Finished::new(history, false)),
            Err(error) => {
                eprintln!("ultima: no history database even in memory: {error}");
                None
            }
        }
    }

    fn history(&self) -> Result<MutexGuard<'_, History>, AppError> {
        self.history.lock().map_err(|_| {
            AppError::new(AppProblem::Storage {
                what: StorageWhat::StateDamaged,
            })
        })
    }

    /// Runs `work` on the database: for the analyses, kept beside the games.
    pub fn with_history<T>(
        &self,
        work: impl FnOnce(&History) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let history = self.history()?;
        work(&history)
    }

    /// Stores a game that ended (again: storing it twice changes nothing). A game that goes
    /// on is not stored.
    pub fn file(&self, session: &Session) -> Result<(), AppError> {
        let Some((summary, body)) = stored::finished_entry(session) else {
            return Ok(());
        };
        match self.history()?.add_game(&entry(&summary, &body)) {
            Ok(_) => Ok(()),
            // The same id with another body: what is stored stays, and the game is filed.
            Err(HistoryError::GameConflict { id }) => {
                eprintln!("ultima: game {id} was already stored differently; kept as stored");
                Ok(())
            }
            Err(error) => Err(history_error(error)),
        }
    }

    /// Stores the finished games of an older save file, all in one transaction.
    pub fn import(&self, games: &[LegacyFinished]) -> Result<(), AppError> {
        let entries: Vec<(StoredSummary, StoredGame)> = games
            .iter()
            .filter_map(|game| stored::finished_entry(&game.session))
            .collect();
        if entries.is_empty() {
            return Ok(());
        }
        let history = self.history()?;
        match history.add_games(entries.iter().map(|(summary, body)| entry(summary, body))) {
            Ok(_) => Ok(()),
            // A game stored differently under the same id: keep it, and bring in the others
            // one by one.
            Err(HistoryError::GameConflict { .. }) => {
                for (summary, body) in &entries {
                    match history.add_game(&entry(summary, body)) {
                        Ok(_) | Err(HistoryError::GameConflict { .. }) => {}
                        Err(error) => return Err(history_error(error)),
                    }
                }
                Ok(())
            }
            Err(error) => Err(history_error(error)),
        }
    }

    /// Up to `limit` games that ended before `before` (the newest when `None`).
    pub fn page(&self, before: Option<&PageCursor>, limit: u32) -> Result<FinishedPage, AppError> {
        let cursor = before.map(|cursor| GameCursor {
            ended_at: cursor.ended_at,
            id: cursor.id.clone(),
        });
        let page = self
            .history()?
            .games_page::<Value>(limit as usize, cursor.as_ref())
            .map_err(history_error)?;
        let mut unreadable = page.damaged.len();
        let games: Vec<FinishedSummary> = page
            .games
            .into_iter()
            .filter_map(|listed| {
                let summary = stored::finished_summary(listed.summary);
                unreadable += usize::from(summary.is_none());
                summary.map(|summary| summary.view())
            })
            .collect();
        Ok(FinishedPage {
            games,
            next: page.next.map(|cursor| PageCursor {
                ended_at: cursor.ended_at,
                id: cursor.id,
            }),
            unreadable: u32::try_from(unreadable).unwrap_or(u32::MAX),
        })
    }

    /// The finished game `id`, rebuilt from its record.
    pub fn game(&self, id: &str) -> Result<Session, AppError> {
        let body = match self.history()?.game_body::<Value>(id) {
            Ok(Some(body)) => body,
            Ok(None) => return Err(AppError::new(AppProblem::NotFinished)),
            Err(error) => return Err(history_error(error)),
        };
        stored::finished_session(body).ok_or_else(|| {
            AppError::storage(StorageWhat::History, format!("game {id} does not replay"))
        })
    }
}

fn entry<'a>(
    summary: &'a StoredSummary,
    body: &'a StoredGame,
) -> FinishedGame<'a, StoredSummary, StoredGame> {
    FinishedGame {
        id: &body.id,
        created_at: summary.created_at,
        ended_at: summary.ended_at,
        plies: summary.moves,
        summary,
        body,
    }
}

/// The puzzle attempts, in the same database (`puzzle_attempts`: one row per attempt, named by
/// the puzzle and the time it was opened).
impl Finished {
    /// Stores an attempt (again: storing it twice changes nothing; one stored differently under
    /// the same name is kept as stored).
    pub fn add_attempt(
        &self,
        puzzle_id: &str,
        at: f64,
        body: &AttemptBody,
    ) -> Result<(), AppError> {
        match self.history()?.add_puzzle_attempt(puzzle_id, at, body) {
            Ok(_) => Ok(()),
            Err(HistoryError::AttemptConflict { puzzle_id, at }) => {
                eprintln!("ultima: attempt {puzzle_id} at {at} was already stored differently; kept as stored");
                Ok(())
            }
            Err(error) => Err(history_error(error)),
        }
    }

    /// Up to `limit` attempts stored before the row `before` (the newest when `None`).
    pub fn attempts_page(
        &self,
        before: Option<u32>,
        limit: u32,
    ) -> Result<PuzzleHistoryPage, AppError> {
        let page = self
            .history()?
            .puzzle_attempts_page::<AttemptBody>(limit as usize, before.map(i64::from))
            .map_err(history_error)?;
        let row = |id: i64| u32::try_from(id).unwrap_or(u32::MAX);
        Ok(PuzzleHistoryPage {
            attempts: page
                .attempts
                .into_iter()
                .map(|attempt| {
                    PuzzleAttemptView::new(
                        row(attempt.id),
                        attempt.puzzle_id,
                        attempt.at,
                        attempt.body,
                    )
                })
                .collect(),
            next: page.next.map(row),
            unreadable: u32::try_from(page.damaged.len()).unwrap_or(u32::MAX),
        })
    }

    /// The ids of every puzzle with an attempt stored (read a page at a time, bodies skipped).
    pub fn seen_puzzles(&self) -> Result<HashSet<String>, AppError> {
        const PAGE: usize = 1000;
        let history = self.history()?;
        let mut seen = HashSet::new();
        let mut before = None;
        loop {
            let page = history
                .puzzle_attempts_page::<IgnoredAny>(PAGE, before)
                .map_err(history_error)?;
            seen.extend(page.attempts.into_iter().map(|attempt| attempt.puzzle_id));
            match page.next {
                Some(next) => before = Some(next),
                None => return Ok(seen),
            }
        }
    }
}

/// The analyses, kept beside their games (`analyses`).
impl Finished {
    /// The analysis kept with `game_id` (one that no longer reads is left, and treated as
    /// none, so that analysing again replaces it).
    pub fn analysis(&self, game_id: &str) -> Result<Option<GameAnalysis>, AppError> {
        match self.history()?.analysis::<GameAnalysis>(game_id) {
            Ok(kept) => Ok(kept.map(|kept| kept.body)),
            Err(HistoryError::DamagedAnalysis { id, source }) => {
                eprintln!("ultima: the analysis of game {id} does not read ({source}); ignored");
                Ok(None)
            }
            Err(error) => Err(history_error(error)),
        }
    }

    /// Keeps `analysis` with its game (a game not in the history, one that could not be
    /// filed, is shown analysed but not kept).
    pub fn add_analysis(
        &self,
        game_id: &str,
        analysis: &GameAnalysis,
        at: f64,
    ) -> Result<(), AppError> {
        match self
            .history()?
            .save_analysis(game_id, analysis.nodes, at, analysis)
        {
            Ok(()) => Ok(()),
            Err(HistoryError::NoSuchGame { id }) => {
                eprintln!("ultima: game {id} is not in the history; its analysis is not kept");
                Ok(())
            }
            Err(error) => Err(history_error(error)),
        }
    }
}

/// The shared logic files games and attempts here.
impl Archive for &Finished {
    fn file(&mut self, session: &Session) -> Result<(), AppError> {
        Finished::file(self, session)
    }

    fn add_attempt(
        &mut self,
        puzzle_id: &str,
        at: f64,
        body: &AttemptBody,
    ) -> Result<(), AppError> {
        Finished::add_attempt(self, puzzle_id, at, body)
    }
}
