//! The sweep of the games left alone too long (see [`crate::game::LiveGame::expiry`]): an
//! invite nobody joined with goes with its game, a started game nobody came back to ends or
//! goes.

use std::sync::Arc;

use super::games::Hub;
use super::lock::lock;
use super::watchers::Entry;
use crate::error::StoreError;
use crate::game::{Expiry, Lifetimes};
use crate::time::now_ms;

impl Hub {
    /// Ends or removes the games left alone too long (see [`crate::game::LiveGame::expiry`]);
    /// run every [`Hub::sweep_every`]. With SQLite every open game is in memory; with Redis
    /// the sets of waiting and open games say which may have expired.
    pub(crate) async fn sweep(self: &Arc<Self>) {
        let now = now_ms();
        let lifetimes = self.lifetimes();
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
        let expiry = entry
            .game
            .lock()
            .await
            .as_ref()
            .and_then(|game| game.expiry(now_ms(), lifetimes));
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
            let now = now_ms();
            if game.expiry(now, lifetimes) != Some(Expiry::Remove) {
                return;
            }
            match self.backend.remove(&game, &self.process, now).await {
                Ok(()) => {
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
