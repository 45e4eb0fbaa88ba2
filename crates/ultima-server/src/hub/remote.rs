//! With Redis, the other processes: their changes and removals, heard through the store and
//! sent to this process's players, and the seats held by processes that died. The store calls
//! the hub through [`Peers`]; it knows nothing else of it.

use std::sync::Arc;

use ultima_rules::Color;

use super::games::Hub;
use super::lock::lock;
use super::storage::Backend;
use super::watchers::Entry;
use crate::game::{Change, LiveGame};
use crate::redis_store::{Peers, RedisStore};

impl Peers for Hub {
    fn process(&self) -> &str {
        &self.process
    }

    async fn removed(self: &Arc<Self>, id: &str) {
        self.forget_removed(id).await;
    }

    async fn changed(self: &Arc<Self>, doc: &str, change: Change) {
        self.apply_remote(doc, change).await;
    }

    async fn resubscribed(self: &Arc<Self>) {
        self.refresh_watched().await;
    }

    async fn beat(self: &Arc<Self>) {
        let Backend::Redis(redis) = &self.backend else {
            return;
        };
        // Seats this process holds that the stored games no longer say it holds (its key
        // expired while Redis was away, and another process marked them away).
        self.reassert_seats().await;
        self.release_dead(redis, self.remote_holders()).await;
    }
}

impl Hub {
    /// Seats of these games held by processes that died are away from now on (so that a game
    /// whose process died with both players counts as left from now).
    pub(super) async fn release_dead_among(self: &Arc<Self>, ids: &[String]) {
        let Backend::Redis(redis) = &self.backend else {
            return;
        };
        let mut holders = std::collections::BTreeSet::new();
        for id in ids {
            let Ok(entry) = self.entry(id).await else {
                continue;
            };
            let game = entry.game.lock().await;
            if let Some(game) = game.as_ref() {
                for (_, holder) in game.held_by() {
                    if holder != self.process {
                        holders.insert(holder.to_string());
                    }
                }
            }
        }
        self.release_dead(redis, holders.into_iter().collect())
            .await;
    }

    /// Another process removed an expired game (Redis): it leaves memory, its players are told.
    async fn forget_removed(self: &Arc<Self>, id: &str) {
        let Some(entry) = self.cached(id) else {
            return;
        };
        *entry.game.lock().await = None;
        entry.deliver_removed();
        lock(&self.games).remove(id);
    }

    /// Another process's change to a game (Redis): kept if newer, and sent to this process's
    /// players of the game.
    async fn apply_remote(self: &Arc<Self>, doc: &str, change: Change) {
        let game = match LiveGame::from_json(doc) {
            Ok(game) => game,
            Err(error) => {
                eprintln!("ultima-server: another process's game does not read: {error}");
                return;
            }
        };
        let Some(entry) = self.cached(game.id()) else {
            return;
        };
        let mut slot = entry.game.lock().await;
        let known = slot.as_ref().map(|current| current.version);
        if known.is_some_and(|known| game.version <= known) {
            return;
        }
        // A change that skipped one this process missed is sent as the whole state.
        let change = match change {
            Change::Moved { .. } if known.map(|known| known + 1) != Some(game.version) => {
                Change::Changed
            }
            change => change,
        };
        match &change {
            Change::Rematch { game: next } => {
                if let Ok(created) = self.entry(next).await {
                    entry
                        .deliver_rematch(&created, self.now(), self.claim_after_ms())
                        .await;
                }
            }
            _ => self.deliver(&entry, &game, &change, self.now()),
        }
        self.arm_clock(&game);
        *slot = Some(game);
    }

    /// The other processes holding seats of the games this process has players in.
    fn remote_holders(&self) -> Vec<String> {
        let entries: Vec<Arc<Entry>> = lock(&self.games).values().cloned().collect();
        let mut holders = std::collections::BTreeSet::new();
        for entry in entries {
            if !entry.is_watched() {
                continue;
            }
            if let Ok(game) = entry.game.try_lock() {
                if let Some(game) = game.as_ref() {
                    for (_, holder) in game.held_by() {
                        if holder != self.process {
                            holders.insert(holder.to_string());
                        }
                    }
                }
            }
        }
        holders.into_iter().collect()
    }

    /// Seats held by those of `holders` (other processes) that `redis` no longer says are alive:
    /// away from now on, the processes having died.
    async fn release_dead(self: &Arc<Self>, redis: &RedisStore, holders: Vec<String>) {
        let dead: Vec<String> = match redis.alive(&holders).await {
            Ok(alive) => holders
                .into_iter()
                .zip(alive)
                .filter(|(_, alive)| !alive)
                .map(|(name, _)| name)
                .collect(),
            Err(error) => {
                eprintln!("ultima-server: {error}");
                return;
            }
        };
        if dead.is_empty() {
            return;
        }
        let entries: Vec<(String, Arc<Entry>)> = lock(&self.games)
            .iter()
            .map(|(id, entry)| (id.clone(), entry.clone()))
            .collect();
        for (id, entry) in entries {
            let affected = match entry.game.try_lock() {
                Ok(game) => game.as_ref().is_some_and(|game| {
                    game.held_by()
                        .any(|(_, holder)| dead.iter().any(|name| name == holder))
                }),
                Err(_) => true,
            };
            if !affected {
                continue;
            }
            let _ = self
                .act(
                    &id,
                    |game, now| {
                        let seats: Vec<Color> = game
                            .held_by()
                            .filter(|(_, holder)| dead.iter().any(|name| name == holder))
                            .map(|(seat, _)| seat)
                            .collect();
                        if seats.is_empty() {
                            return Ok(None);
                        }
                        for seat in seats {
                            game.disconnect(seat, now);
                        }
                        Ok(Some(Change::Changed.into()))
                    },
                    |_, _| {},
                )
                .await;
        }
    }

    /// The games this process has players in, read again from the store: what changed while
    /// this process was not hearing (Redis away) is sent to its players.
    async fn refresh_watched(self: &Arc<Self>) {
        for (id, entry) in self.watched() {
            let Ok(Some(game)) = self.backend.load(&id).await else {
                continue;
            };
            let mut slot = entry.game.lock().await;
            if slot
                .as_ref()
                .is_some_and(|known| game.version <= known.version)
            {
                continue;
            }
            self.deliver(&entry, &game, &Change::Changed, self.now());
            self.arm_clock(&game);
            *slot = Some(game);
        }
    }

    /// Seats with a connection here that the stored game says are away are taken back (another
    /// process marked them away while this one's key had expired, Redis being away).
    async fn reassert_seats(self: &Arc<Self>) {
        for (id, entry) in self.watched() {
            let seats = entry.watched_seats();
            let stale = match entry.game.try_lock() {
                Ok(game) => game
                    .as_ref()
                    .is_some_and(|game| seats.iter().any(|seat| !game.meta.seat(*seat).connected)),
                Err(_) => false,
            };
            if !stale {
                continue;
            }
            let process = self.process.clone();
            let _ = self
                .act(
                    &id,
                    |game, now| {
                        let mut changed = false;
                        for seat in &seats {
                            if !game.meta.seat(*seat).connected {
                                game.connect(*seat, &process, now);
                                changed = true;
                            }
                        }
                        Ok(changed.then(|| Change::Changed.into()))
                    },
                    |_, _| {},
                )
                .await;
        }
    }

    /// The games with a connection here.
    fn watched(&self) -> Vec<(String, Arc<Entry>)> {
        lock(&self.games)
            .iter()
            .filter(|(_, entry)| entry.is_watched())
            .map(|(id, entry)| (id.clone(), entry.clone()))
            .collect()
    }
}
