//! Game analyses: at most one per stored game, replaced by a newer one, deleted with the game.

use rusqlite::{params, OptionalExtension};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::{check_finite, number_of, text_of, History, HistoryError};

/// An analysis as stored: the caller's `body`, with the nodes it was searched with and when.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredAnalysis<B> {
    pub game_id: String,
    /// The search's node limit per position.
    pub nodes: u64,
    /// When it was made, in milliseconds since 1970.
    pub analysed_at: f64,
    pub body: B,
}

impl History {
    /// Keeps the analysis of the stored game `game_id`, replacing the one it had, in one
    /// transaction. [`HistoryError::NoSuchGame`] if no such game is stored.
    pub fn save_analysis<B: Serialize>(
        &self,
        game_id: &str,
        nodes: u64,
        analysed_at: f64,
        body: &B,
    ) -> Result<(), HistoryError> {
        const WHAT: &str = "storing an analysis";
        check_finite("analysed_at", analysed_at)?;
        if !self.has_game(game_id)? {
            return Err(HistoryError::NoSuchGame {
                id: game_id.to_string(),
            });
        }
        let body = serde_json::to_string(body).map_err(|source| HistoryError::Encode {
            what: "analysis",
            source,
        })?;
        let nodes = i64::try_from(nodes).unwrap_or(i64::MAX);
        self.connection
            .prepare_cached(
                "INSERT INTO analyses (game_id, nodes, analysed_at, body) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (game_id) DO UPDATE
                 SET nodes = excluded.nodes, analysed_at = excluded.analysed_at,
                     body = excluded.body",
            )
            .and_then(|mut insert| insert.execute(params![game_id, nodes, analysed_at, body]))
            .map_err(HistoryError::sqlite(WHAT))?;
        Ok(())
    }

    /// The analysis of game `game_id`, or `None` if it has none.
    /// [`HistoryError::DamagedAnalysis`] if one is stored but does not read as `B` (it is kept).
    pub fn analysis<B: DeserializeOwned>(
        &self,
        game_id: &str,
    ) -> Result<Option<StoredAnalysis<B>>, HistoryError> {
        const WHAT: &str = "reading an analysis";
        let mut statement = self
            .connection
            .prepare_cached("SELECT nodes, analysed_at, body FROM analyses WHERE game_id = ?1")
            .map_err(HistoryError::sqlite(WHAT))?;
        let row = statement
            .query_row([game_id], |row| {
                let nodes = row.get_ref(0)?.as_i64().ok();
                let at = number_of(row.get_ref(1)?);
                Ok((nodes, at, text_of(row.get_ref(2)?)))
            })
            .optional()
            .map_err(HistoryError::sqlite(WHAT))?;
        let Some((nodes, at, body)) = row else {
            return Ok(None);
        };
        let damaged = |source| HistoryError::DamagedAnalysis {
            id: game_id.to_string(),
            source,
        };
        let body = serde_json::from_str(&body).map_err(damaged)?;
        Ok(Some(StoredAnalysis {
            game_id: game_id.to_string(),
            nodes: nodes.and_then(|n| u64::try_from(n).ok()).unwrap_or(0),
            analysed_at: at.unwrap_or(0.0),
            body,
        }))
    }
}
