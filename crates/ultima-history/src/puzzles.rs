//! Puzzle attempts: one row per try at a puzzle, kept in the order they were made.

use rusqlite::{params, Row};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::games::{column, count};
use crate::{check_finite, json_of, number_of, text_of, History, HistoryError, Stored};

/// One stored attempt. `id` numbers attempts in the order they were stored.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleAttempt<B> {
    pub id: i64,
    pub puzzle_id: String,
    /// When the attempt was made, in milliseconds since 1970.
    pub at: f64,
    pub body: B,
}

/// Attempts, with the ids of the rows that do not read (kept, never deleted).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AttemptsPage<B> {
    pub attempts: Vec<PuzzleAttempt<B>>,
    pub damaged: Vec<i64>,
    /// For [`History::puzzle_attempts_page`]: the `before` of the next page, or `None` if this
    /// page holds the first attempt. Always `None` from [`History::puzzle_attempts_of`].
    pub next: Option<i64>,
}

pub(crate) const ATTEMPTS_PAGE: &str = "SELECT id, puzzle_id, at, body FROM puzzle_attempts
     WHERE id < ?1 ORDER BY id DESC LIMIT ?2";

pub(crate) const ATTEMPTS_OF: &str = "SELECT id, puzzle_id, at, body FROM puzzle_attempts
     WHERE puzzle_id = ?1 ORDER BY at, id";

impl History {
    /// Stores an attempt at `puzzle_id` made at `at`, and returns its id. An attempt is known
    /// by its puzzle and its time: storing the same one again is [`Stored::AlreadyThere`] (with
    /// the id it had); with a different body, [`HistoryError::AttemptConflict`].
    pub fn add_puzzle_attempt<B: Serialize>(
        &self,
        puzzle_id: &str,
        at: f64,
        body: &B,
    ) -> Result<(i64, Stored), HistoryError> {
        const WHAT: &str = "storing a puzzle attempt";
        check_finite("at", at)?;
        let body = serde_json::to_string(body).map_err(|source| HistoryError::Encode {
            what: "puzzle attempt",
            source,
        })?;
        let mut insert = self
            .connection
            .prepare_cached(
                "INSERT INTO puzzle_attempts (puzzle_id, at, body) VALUES (?1, ?2, ?3)
                 ON CONFLICT (puzzle_id, at) DO NOTHING",
            )
            .map_err(HistoryError::sqlite(WHAT))?;
        if insert
            .execute(params![puzzle_id, at, body])
            .map_err(HistoryError::sqlite(WHAT))?
            == 1
        {
            return Ok((self.connection.last_insert_rowid(), Stored::Added));
        }
        let mut existing = self
            .connection
            .prepare_cached(
                "SELECT id, body = ?3 FROM puzzle_attempts WHERE puzzle_id = ?1 AND at = ?2",
            )
            .map_err(HistoryError::sqlite(WHAT))?;
        let (id, same): (i64, bool) = existing
            .query_row(params![puzzle_id, at, body], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .map_err(HistoryError::sqlite(WHAT))?;
        if same {
            Ok((id, Stored::AlreadyThere))
        } else {
            Err(HistoryError::AttemptConflict {
                puzzle_id: puzzle_id.to_string(),
                at,
            })
        }
    }

    /// Up to `limit` attempts (at least one), newest first: those stored before the attempt
    /// `before`, or the newest if `None`.
    pub fn puzzle_attempts_page<B: DeserializeOwned>(
        &self,
        limit: usize,
        before: Option<i64>,
    ) -> Result<AttemptsPage<B>, HistoryError> {
        const WHAT: &str = "listing puzzle attempts";
        let limit = limit.max(1);
        let fetch = i64::try_from(limit).unwrap_or(i64::MAX - 1) + 1;
        let mut statement = self
            .connection
            .prepare_cached(ATTEMPTS_PAGE)
            .map_err(HistoryError::sqlite(WHAT))?;
        let mut rows = statement
            .query(params![before.unwrap_or(i64::MAX), fetch])
            .map_err(HistoryError::sqlite(WHAT))?;
        let mut page = AttemptsPage {
            attempts: Vec::new(),
            damaged: Vec::new(),
            next: None,
        };
        let (mut seen, mut last) = (0, None);
        while let Some(row) = rows.next().map_err(HistoryError::sqlite(WHAT))? {
            if seen == limit {
                page.next = last;
                break;
            }
            seen += 1;
            last = Some(page.take(row, WHAT)?);
        }
        Ok(page)
    }

    /// Every attempt at one puzzle, oldest first (a player tries one puzzle a few times, so
    /// this is short).
    pub fn puzzle_attempts_of<B: DeserializeOwned>(
        &self,
        puzzle_id: &str,
    ) -> Result<AttemptsPage<B>, HistoryError> {
        const WHAT: &str = "reading a puzzle's attempts";
        let mut statement = self
            .connection
            .prepare_cached(ATTEMPTS_OF)
            .map_err(HistoryError::sqlite(WHAT))?;
        let mut rows = statement
            .query([puzzle_id])
            .map_err(HistoryError::sqlite(WHAT))?;
        let mut page = AttemptsPage {
            attempts: Vec::new(),
            damaged: Vec::new(),
            next: None,
        };
        while let Some(row) = rows.next().map_err(HistoryError::sqlite(WHAT))? {
            page.take(row, WHAT)?;
        }
        Ok(page)
    }

    /// How many attempts are stored (damaged ones included).
    pub fn puzzle_attempt_count(&self) -> Result<u64, HistoryError> {
        count(
            &self.connection,
            "SELECT count(*) FROM puzzle_attempts",
            "counting puzzle attempts",
        )
    }
}

impl<B: DeserializeOwned> AttemptsPage<B> {
    /// Adds a row, as an attempt or as damaged, and returns its id.
    fn take(&mut self, row: &Row<'_>, what: &'static str) -> Result<i64, HistoryError> {
        // `id` is the rowid: always an integer.
        let id: i64 = row.get(0).map_err(HistoryError::sqlite(what))?;
        let puzzle_id = text_of(column(row, 1, what)?);
        let at = number_of(column(row, 2, what)?);
        let body = json_of::<B>(column(row, 3, what)?);
        match (at, body) {
            (Some(at), Some(body)) => self.attempts.push(PuzzleAttempt {
                id,
                puzzle_id,
                at,
                body,
            }),
            _ => self.damaged.push(id),
        }
        Ok(id)
    }
}
