//! Where the games are stored: SQLite (a file or memory, this process alone) or Redis (shared
//! by every process given its URL). A game is read, stored as its next version, or removed
//! once expired; the invites are in [`super::invites`].

use std::collections::HashMap;
use std::sync::Mutex;

use ultima_protocol::ErrorCode;

use super::lock::lock;
use crate::error::StoreError;
use crate::game::{Change, Lifetimes, LiveGame};
use crate::sqlite::{Expired, Prune, Removal, Row, Sqlite};

/// How long an expired game's id and invite say so once it is gone (then they are unknown).
pub(super) const REMEMBER_EXPIRED_MS: f64 = 30.0 * 24.0 * 60.0 * 60.0 * 1000.0;

/// Where games are stored.
pub(crate) enum Backend {
    Sqlite {
        store: Sqlite,
        /// Waiting invites (compact letters) to game ids.
        invites: Mutex<HashMap<String, String>>,
    },
    #[cfg(feature = "redis")]
    Redis(crate::redis_store::RedisStore),
}

/// A store that failed: logged, and the player told the server is unavailable.
pub(super) fn unavailable(error: StoreError) -> ErrorCode {
    eprintln!("ultima-server: {error}");
    ErrorCode::Unavailable
}

impl Backend {
    /// SQLite, with no invite waiting yet.
    pub(crate) fn sqlite(store: Sqlite) -> Backend {
        Backend::Sqlite {
            store,
            invites: Mutex::new(HashMap::new()),
        }
    }

    /// The stored game `id`, if there is one (a game that does not read is logged, and none).
    pub(super) async fn load(&self, id: &str) -> Result<Option<LiveGame>, ErrorCode> {
        if id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Ok(None);
        }
        let text = match self {
            Backend::Sqlite { store, .. } => store.load(id).await,
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => redis.load(id).await,
        }
        .map_err(|error| {
            eprintln!("ultima-server: {error}");
            ErrorCode::Unavailable
        })?;
        match text.map(|text| LiveGame::from_json(&text)).transpose() {
            Ok(game) => Ok(game),
            Err(error) => {
                eprintln!("ultima-server: game {id}: {error}");
                Ok(None)
            }
        }
    }

    /// Why a game is not in the store: it expired (and is remembered), or it never was.
    pub(super) async fn gone(&self, id: &str) -> ErrorCode {
        let expired = match self {
            Backend::Sqlite { store, .. } => store.is_expired(Expired::Game(id.to_string())).await,
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => redis.is_expired(id).await,
        };
        match expired {
            Ok(true) => ErrorCode::GameExpired,
            Ok(false) => ErrorCode::BadToken,
            Err(error) => unavailable(error),
        }
    }

    /// Stores `game` as the next version after `game.version`; `process` (this one) is the
    /// origin of the change the other processes hear of (Redis).
    pub(super) async fn commit(
        &self,
        game: &mut LiveGame,
        change: &Change,
        process: &str,
        now: f64,
    ) -> Result<(), StoreError> {
        let expected = game.version;
        game.version = expected + 1;
        let result = match self {
            Backend::Sqlite { store, .. } => {
                let outcome = game.session.game().outcome();
                let invite = game.compact_invite();
                store
                    .put(Row {
                        id: game.id().to_string(),
                        invite,
                        finished: outcome.is_some(),
                        updated_at: now,
                        record: game.session.game().record(),
                        result: outcome.and_then(|outcome| serde_json::to_string(&outcome).ok()),
                        doc: game.to_json(),
                    })
                    .await
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => redis.commit(game, expected, change, process, now).await,
        };
        // SQLite needs no word of the change: only Redis publishes it.
        #[cfg(not(feature = "redis"))]
        let _ = (change, process);
        if result.is_err() {
            game.version = expected;
        }
        result
    }

    /// Removes an expired game (at the version it was read at); its id and invite say so for
    /// a while.
    pub(super) async fn remove(
        &self,
        game: &LiveGame,
        process: &str,
        now: f64,
    ) -> Result<(), StoreError> {
        // Only Redis tells the other processes.
        #[cfg(not(feature = "redis"))]
        let _ = process;
        match self {
            Backend::Sqlite { store, invites } => {
                let id = game.id();
                let invite = game.compact_invite();
                if let Some(code) = &invite {
                    lock(invites).remove(code);
                }
                let removed = store
                    .remove(Removal {
                        id: id.to_string(),
                        invite: invite.clone(),
                        at: now,
                    })
                    .await;
                if let (Err(_), Some(code)) = (&removed, invite) {
                    lock(invites).insert(code, id.to_string());
                }
                removed
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => {
                let remember = REMEMBER_EXPIRED_MS as u64;
                redis.remove(game, process, remember).await
            }
        }
    }

    /// Deletes the finished games last changed before `before`; their ids and invites say
    /// they expired for a while. Returns the ids deleted.
    pub(super) async fn prune_finished(
        &self,
        before: f64,
        now: f64,
    ) -> Result<Vec<String>, StoreError> {
        match self {
            Backend::Sqlite { store, .. } => store.prune_finished(Prune { before, at: now }).await,
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => {
                redis
                    .prune_finished(before, REMEMBER_EXPIRED_MS as u64)
                    .await
            }
        }
    }

    /// The games the sweep looks at, `None` when the store failed (logged). With SQLite every
    /// open game is in memory (`in_memory`), and the expired games removed long enough ago are
    /// forgotten first; with Redis the sets of waiting and open games say which may have
    /// expired.
    pub(super) async fn sweep_candidates(
        &self,
        now: f64,
        lifetimes: Lifetimes,
        in_memory: impl FnOnce() -> Vec<String>,
    ) -> Option<Vec<String>> {
        // Only Redis's sets are read by lifetime.
        #[cfg(not(feature = "redis"))]
        let _ = lifetimes;
        match self {
            Backend::Sqlite { store, .. } => {
                if let Err(error) = store.forget_expired(now - REMEMBER_EXPIRED_MS).await {
                    eprintln!("ultima-server: {error}");
                }
                Some(in_memory())
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => {
                let cutoffs = crate::redis_store::Cutoffs {
                    invites_before: now - lifetimes.invite_ms,
                    changed_before: now - lifetimes.abandoned_ms,
                    due_before: now,
                };
                match redis.candidates(cutoffs).await {
                    Ok(ids) => Some(ids),
                    Err(error) => {
                        eprintln!("ultima-server: {error}");
                        None
                    }
                }
            }
        }
    }
}
