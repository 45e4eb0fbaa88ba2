//! The sweep of the games left alone too long (see [`crate::game::LiveGame::expiry`]): an
//! invite nobody joined with goes with its game, a started game nobody came back to ends or
//! goes; a correspondence game whose time per move ran out ends (or is aborted) even with
//! nobody connected; finished games older than [`crate::Config::keep_finished_for`] are
//! deleted.

use std::sync::Arc;

use super::games::Hub;
use super::lock::lock;
use super::watchers::Entry;
use crate::error::StoreError;
use crate::game::{Expiry, Lifetimes};

impl Hub {
    /// Ends or removes the games left alone too long (see [`crate::game::LiveGame::expiry`]);
    /// run every [`Hub::sweep_every`]. With SQLite every open game is in memory; with Redis
    /// the sets of waiting and open games say which may have expired.
    pub(crate) async fn sweep(self: &Arc<Self>) {
        let now = self.now();
        let lifetimes = self.lifetimes();
        self.prune_finished(now).await;
        let in_memory = || lock(&self.games).keys().cloned().collect();
        let Some(ids) = self
            .backend
            .sweep_candidates(now, lifetimes, in_memory)
            .await
        else {
            return;
        };
        #[cfg(feature = "redis")]
        self.release_dead_among(&ids).await;
        for id in ids {
            self.expire(&id, lifetimes).await;
        }
    }

    /// One game of the sweep.
    async fn expire(self: &Arc<Self>, id: &str, lifetimes: Lifetimes) {
        let Ok(entry) = self.entry(id).await else {
            return;
        };
        let now = self.now();
        let (expiry, flag_due) = entry
            .game
            .lock()
            .await
            .as_ref()
            .map_or((None, false), |game| {
                (game.expiry(now, lifetimes), game.flag_due(now))
            });
        if flag_due {
            // `act` ends (or aborts) the game on time first; the change itself does nothing.
            let _ = self.act(id, |_, _| Ok(None), |_, _| {}).await;
        }
        match expiry {
            Some(Expiry::End) => {
                let _ = self
                    .act(
                        id,
                        |game, now| match game.expiry(now, lifetimes) {
                            Some(Expiry::End) => {
                                game.abandon(now).map(|change| Some(change.into()))
                            }
                            _ => Ok(None),
                        },
                        |_, _| {},
                    )
                    .await;
            }
            Some(Expiry::Remove) => self.remove_expired(&entry, id, lifetimes).await,
            None => {}
        }
        // A game it ended, if nobody here watches it.
        self.forget_if_over_and_unwatched(&entry, id).await;
    }

    /// Removes an expired game from the store and memory, and tells its players.
    async fn remove_expired(self: &Arc<Self>, entry: &Arc<Entry>, id: &str, lifetimes: Lifetimes) {
        let mut slot = entry.game.lock().await;
        for _attempt in 0..8 {
            let Some(game) = slot.clone() else {
                return;
            };
            let now = self.now();
            if game.expiry(now, lifetimes) != Some(Expiry::Remove) {
                return;
            }
            match self.backend.remove(&game, &self.process, now).await {
                Ok(()) => {
                    eprintln!("ultima-server: game {id} removed: nobody joined or played in time");
                    *slot = None;
                    entry.deliver_removed();
                    lock(&self.games).remove(id);
                    return;
                }
                Err(StoreError::Conflict) => match self.reload(entry, id).await {
                    Ok(game) => *slot = game,
                    Err(_) => return,
                },
                Err(error) => {
                    eprintln!("ultima-server: {error}");
                    return;
                }
            }
        }
    }
}

impl Hub {
    /// Deletes the games finished longer ago than [`crate::Config::keep_finished_for`] (by
    /// their last change) from the store, and from memory when nobody here watches them.
    async fn prune_finished(self: &Arc<Self>, now: f64) {
        let keep_ms = self.config.keep_finished_for.as_secs_f64() * 1000.0;
        match self.backend.prune_finished(now - keep_ms, now).await {
            Ok(pruned) if pruned.is_empty() => {}
            Ok(pruned) => {
                eprintln!(
                    "ultima-server: {} finished games deleted (kept {} days)",
                    pruned.len(),
                    keep_ms / 86_400_000.0
                );
                for id in pruned {
                    if let Some(entry) = self.cached(&id) {
                        self.forget_if_over_and_unwatched(&entry, &id).await;
                    }
                }
            }
            Err(error) => eprintln!("ultima-server: {error}"),
        }
    }
}
