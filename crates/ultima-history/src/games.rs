//! Finished games: stored once when they end, listed newest first, read one at a time.

use rusqlite::types::ValueRef;
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{check_finite, json_of, number_of, text_of, History, HistoryError, Stored};

/// A finished game to store. `summary` is what the home list shows (result, opponent...),
/// small; `body` is what rebuilds the game (its record). Both are stored as JSON.
#[derive(Debug)]
pub struct FinishedGame<'a, S, B> {
    pub id: &'a str,
    /// When the game started, in milliseconds since 1970.
    pub created_at: f64,
    /// When it ended, in milliseconds since 1970: the list's order.
    pub ended_at: f64,
    /// How many plies (half-moves) were played.
    pub plies: u32,
    pub summary: &'a S,
    pub body: &'a B,
}

// By hand: a derive would ask `S` and `B` to be `Copy`, when only references to them are held.
impl<S, B> Clone for FinishedGame<'_, S, B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S, B> Copy for FinishedGame<'_, S, B> {}

/// One game of a listing, without its body.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ListedGame<S> {
    pub id: String,
    pub created_at: f64,
    pub ended_at: f64,
    pub plies: u32,
    pub summary: S,
}

/// Where a listing stopped: the next page holds the games that ended before this one. It
/// names a row, not an offset, so a game stored meanwhile neither shifts nor repeats the pages.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameCursor {
    pub ended_at: f64,
    pub id: String,
}

/// A page of games, newest first.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GamesPage<S> {
    pub games: Vec<ListedGame<S>>,
    /// The ids of this page's rows that do not read (their summary no longer parses as the
    /// type asked for, or a column holds something else than it should). They are kept.
    pub damaged: Vec<String>,
    /// Where the next page starts, or `None` if this page holds the oldest game.
    pub next: Option<GameCursor>,
}

const INSERT_GAME: &str = "INSERT INTO games (id, created_at, ended_at, plies, summary, body)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (id) DO NOTHING";

pub(crate) const FIRST_PAGE: &str = "SELECT id, created_at, ended_at, plies, summary FROM games
     ORDER BY ended_at DESC, id DESC LIMIT ?1";

pub(crate) const NEXT_PAGE: &str = "SELECT id, created_at, ended_at, plies, summary FROM games
     WHERE (ended_at, id) < (?1, ?2)
     ORDER BY ended_at DESC, id DESC LIMIT ?3";

impl History {
    /// Stores a finished game in one transaction. Storing an id that is already there with the
    /// same body is not an error ([`Stored::AlreadyThere`]: the app may retry a save after a
    /// crash); with a different body it is [`HistoryError::GameConflict`], and the stored game
    /// is left as it was.
    pub fn add_game<S: Serialize, B: Serialize>(
        &self,
        game: &FinishedGame<'_, S, B>,
    ) -> Result<Stored, HistoryError> {
        insert_game(&self.connection, game)
    }

    /// Stores many games in one transaction (all or none), as when the games of an older save
    /// file move here. Returns how many were new.
    pub fn add_games<'a, S, B, I>(&self, games: I) -> Result<usize, HistoryError>
    where
        S: Serialize + 'a,
        B: Serialize + 'a,
        I: IntoIterator<Item = FinishedGame<'a, S, B>>,
    {
        let transaction = self
            .connection
            .unchecked_transaction()
            .map_err(HistoryError::sqlite("starting to store games"))?;
        let mut added = 0;
        for game in games {
            if insert_game(&transaction, &game)? == Stored::Added {
                added += 1;
            }
        }
        transaction
            .commit()
            .map_err(HistoryError::sqlite("committing the stored games"))?;
        Ok(added)
    }

    /// Up to `limit` games (at least one), newest first: those that ended before `before`, or
    /// the newest if `None`. Reads only the page's rows, through the `(ended_at, id)` index.
    pub fn games_page<S: DeserializeOwned>(
        &self,
        limit: usize,
        before: Option<&GameCursor>,
    ) -> Result<GamesPage<S>, HistoryError> {
        const WHAT: &str = "listing games";
        let limit = limit.max(1);
        // One row more than asked says whether there is a next page.
        let fetch = i64::try_from(limit).unwrap_or(i64::MAX - 1) + 1;
        let mut statement = self
            .connection
            .prepare_cached(if before.is_some() {
                NEXT_PAGE
            } else {
                FIRST_PAGE
            })
            .map_err(HistoryError::sqlite(WHAT))?;
        let mut rows = match before {
            Some(cursor) => statement.query(params![cursor.ended_at, cursor.id, fetch]),
            None => statement.query(params![fetch]),
        }
        .map_err(HistoryError::sqlite(WHAT))?;
        let mut page = GamesPage {
            games: Vec::new(),
            damaged: Vec::new(),
            next: None,
        };
        let mut seen = 0;
        let mut last: Option<GameCursor> = None;
        while let Some(row) = rows.next().map_err(HistoryError::sqlite(WHAT))? {
            if seen == limit {
                page.next = last;
                break;
            }
            seen += 1;
            let id = text_of(column(row, 0, WHAT)?);
            let ended_at = number_of(column(row, 2, WHAT)?);
            if let Some(ended_at) = ended_at {
                last = Some(GameCursor {
                    ended_at,
                    id: id.clone(),
                });
            }
            match listed_game(row, id.clone(), ended_at, WHAT)? {
                Some(game) => page.games.push(game),
                None => page.damaged.push(id),
            }
        }
        Ok(page)
    }

    /// The body of the game stored under `id`, or `None` if there is none.
    /// [`HistoryError::DamagedGame`] if it is stored but does not read as `B`.
    pub fn game_body<B: DeserializeOwned>(&self, id: &str) -> Result<Option<B>, HistoryError> {
        const WHAT: &str = "reading a game";
        let mut statement = self
            .connection
            .prepare_cached("SELECT body FROM games WHERE id = ?1")
            .map_err(HistoryError::sqlite(WHAT))?;
        let body = statement
            .query_row([id], |row| Ok(text_of(row.get_ref(0)?)))
            .optional()
            .map_err(HistoryError::sqlite(WHAT))?;
        body.map(|body| {
            serde_json::from_str(&body).map_err(|source| HistoryError::DamagedGame {
                id: id.to_string(),
                source,
            })
        })
        .transpose()
    }

    /// Whether a game is stored under `id`.
    pub fn has_game(&self, id: &str) -> Result<bool, HistoryError> {
        let mut statement = self
            .connection
            .prepare_cached("SELECT 1 FROM games WHERE id = ?1")
            .map_err(HistoryError::sqlite("looking up a game"))?;
        statement
            .exists([id])
            .map_err(HistoryError::sqlite("looking up a game"))
    }

    /// How many games are stored (damaged ones included).
    pub fn game_count(&self) -> Result<u64, HistoryError> {
        count(
            &self.connection,
            "SELECT count(*) FROM games",
            "counting games",
        )
    }
}

fn insert_game<S: Serialize, B: Serialize>(
    connection: &Connection,
    game: &FinishedGame<'_, S, B>,
) -> Result<Stored, HistoryError> {
    const WHAT: &str = "storing a game";
    check_finite("created_at", game.created_at)?;
    check_finite("ended_at", game.ended_at)?;
    let summary = serde_json::to_string(game.summary).map_err(|source| HistoryError::Encode {
        what: "game summary",
        source,
    })?;
    let body = serde_json::to_string(game.body).map_err(|source| HistoryError::Encode {
        what: "game body",
        source,
    })?;
    let mut insert = connection
        .prepare_cached(INSERT_GAME)
        .map_err(HistoryError::sqlite(WHAT))?;
    let inserted = insert
        .execute(params![
            game.id,
            game.created_at,
            game.ended_at,
            game.plies,
            summary,
            body
        ])
        .map_err(HistoryError::sqlite(WHAT))?;
    if inserted == 1 {
        return Ok(Stored::Added);
    }
    let mut existing = connection
        .prepare_cached("SELECT body = ?2 FROM games WHERE id = ?1")
        .map_err(HistoryError::sqlite(WHAT))?;
    let same: bool = existing
        .query_row(params![game.id, body], |row| row.get(0))
        .map_err(HistoryError::sqlite(WHAT))?;
    if same {
        Ok(Stored::AlreadyThere)
    } else {
        Err(HistoryError::GameConflict {
            id: game.id.to_string(),
        })
    }
}

/// A listing's row as a game, or `None` if one of its columns does not read.
fn listed_game<S: DeserializeOwned>(
    row: &Row<'_>,
    id: String,
    ended_at: Option<f64>,
    what: &'static str,
) -> Result<Option<ListedGame<S>>, HistoryError> {
    let created_at = number_of(column(row, 1, what)?);
    let plies = match column(row, 3, what)? {
        ValueRef::Integer(n) => u32::try_from(n).ok(),
        _ => None,
    };
    let summary = json_of::<S>(column(row, 4, what)?);
    Ok(match (created_at, ended_at, plies, summary) {
        (Some(created_at), Some(ended_at), Some(plies), Some(summary)) => Some(ListedGame {
            id,
            created_at,
            ended_at,
            plies,
            summary,
        }),
        _ => None,
    })
}

pub(crate) fn column<'r>(
    row: &'r Row<'_>,
    index: usize,
    what: &'static str,
) -> Result<ValueRef<'r>, HistoryError> {
    row.get_ref(index).map_err(HistoryError::sqlite(what))
}

pub(crate) fn count(
    connection: &Connection,
    sql: &str,
    what: &'static str,
) -> Result<u64, HistoryError> {
    let n: i64 = connection
        .prepare_cached(sql)
        .and_then(|mut statement| statement.query_row([], |row| row.get(0)))
        .map_err(HistoryError::sqlite(what))?;
    Ok(u64::try_from(n).unwrap_or(0))
}
