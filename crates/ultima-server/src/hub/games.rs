//! The [`Hub`]: the games this process holds in memory, each changed only through
//! [`Hub::act`], and their clocks.
//!
//! Under the game's lock, the change is made on a copy, the copy is stored (SQLite committed,
//! or Redis set only if nobody changed the game meanwhile), and only then does it replace the
//! game and go out to the players. A refused or unstored change leaves the game as it was.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ultima_protocol::{ErrorCode, Invite};
use ultima_rules::Color;

use super::lock::lock;
use super::storage::{unavailable, Backend};
use super::watchers::Entry;
use crate::config::Config;
use crate::error::{ServerError, StoreError};
use crate::game::{Change, Flag, Lifetimes, LiveGame};
use crate::ids;
use crate::limit::PerAddress;

/// What an accepted change did.
pub(crate) struct Applied {
    pub change: Change,
    /// A game the change created (a rematch), stored before the change.
    pub created: Option<LiveGame>,
}

impl From<Change> for Applied {
    fn from(change: Change) -> Applied {
        Applied {
            change,
            created: None,
        }
    }
}

pub(crate) struct Hub {
    pub(crate) config: Config,
    pub(crate) backend: Backend,
    /// This process's name, for the seats it holds.
    pub(crate) process: String,
    /// Join and resume attempts, per address.
    pub(crate) join_limits: PerAddress,
    /// Games created, per address.
    pub(crate) create_limits: PerAddress,
    pub(super) games: Mutex<HashMap<String, Arc<Entry>>>,
    next_conn: AtomicU64,
}

impl Hub {
    pub(crate) fn new(config: Config, backend: Backend) -> Result<Hub, ServerError> {
        Ok(Hub {
            join_limits: PerAddress::new(config.join_rate),
            create_limits: PerAddress::new(config.create_rate),
            config,
            backend,
            process: ids::token()?,
            games: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
        })
    }

    pub(crate) fn next_conn(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// The games' time now (see [`Config::clock`]).
    pub(crate) fn now(&self) -> f64 {
        self.config.clock.now_ms()
    }

    pub(crate) fn claim_after_ms(&self) -> u64 {
        u64::try_from(self.config.claim_after.as_millis()).unwrap_or(u64::MAX)
    }

    pub(crate) fn lifetimes(&self) -> Lifetimes {
        Lifetimes {
            invite_ms: self.config.invite_expires_after.as_secs_f64() * 1000.0,
            abandoned_ms: self.config.abandoned_after.as_secs_f64() * 1000.0,
        }
    }

    /// How often the games are swept for expired ones: every minute, or four times in the
    /// shorter lifetime when that is less than four minutes (tests).
    pub(crate) fn sweep_every(&self) -> Duration {
        let shorter = self
            .config
            .invite_expires_after
            .min(self.config.abandoned_after);
        (shorter / 4).clamp(Duration::from_millis(10), Duration::from_secs(60))
    }

    /// How many games this process has in memory.
    pub(crate) fn games_in_memory(&self) -> usize {
        lock(&self.games).len()
    }

    /// Takes in the open games read from the database at start: their clocks forgive the time
    /// the server was down, their players are away until they come back.
    pub(crate) async fn restore(self: &Arc<Self>, docs: Vec<String>) -> Result<usize, ServerError> {
        let now = self.now();
        let mut restored = 0;
        for text in docs {
            let mut game = match LiveGame::from_json(&text) {
                Ok(game) => game,
                Err(error) => {
                    eprintln!("ultima-server: a stored game is skipped: {error}");
                    continue;
                }
            };
            game.session.resume_clock(now);
            for seat in [Color::White, Color::Black] {
                if game.meta.seat(seat).connected {
                    game.disconnect(seat, now);
                }
            }
            if let Some(invite) = &game.meta.invite {
                if let Ok(code) = invite.parse::<Invite>() {
                    self.backend
                        .restore_invite(code.compact(), game.id().to_string());
                }
            }
            // Kept in memory only: the stored game is the same but for who is connected (read
            // the same way at every start) and the clock's start (forgiven again at every start).
            self.insert(game.clone());
            self.arm_clock(&game);
            restored += 1;
        }
        Ok(restored)
    }

    pub(super) fn insert(&self, game: LiveGame) -> Arc<Entry> {
        let id = game.id().to_string();
        let entry = Entry::new(Some(game));
        lock(&self.games).insert(id, entry.clone());
        entry
    }

    pub(super) fn cached(&self, id: &str) -> Option<Arc<Entry>> {
        lock(&self.games).get(id).cloned()
    }

    /// The game's entry, read from the store if this process does not have it.
    pub(super) async fn entry(&self, id: &str) -> Result<Arc<Entry>, ErrorCode> {
        if let Some(entry) = self.cached(id) {
            return Ok(entry);
        }
        let Some(game) = self.backend.load(id).await? else {
            return Err(self.backend.gone(id).await);
        };
        let mut games = lock(&self.games);
        // Another task may have read it meanwhile: keep the first.
        let entry = games
            .entry(id.to_string())
            .or_insert_with(|| Entry::new(Some(game)));
        Ok(entry.clone())
    }

    /// Stores `game` as the next version after `game.version`.
    pub(super) async fn commit(
        &self,
        game: &mut LiveGame,
        change: &Change,
    ) -> Result<(), StoreError> {
        self.backend
            .commit(game, change, &self.process, self.now())
            .await
    }

    /// Makes a change to a game: `change` on a copy (refusals change nothing), stored, then
    /// sent to the players; `hook` runs once it is stored, before anything is sent (to seat a
    /// connection that must get the change too). A clock that has run out ends the game first.
    pub(crate) async fn act<F, H>(
        self: &Arc<Self>,
        id: &str,
        mut change: F,
        hook: H,
    ) -> Result<(), ErrorCode>
    where
        F: FnMut(&mut LiveGame, f64) -> Result<Option<Applied>, ErrorCode>,
        H: FnOnce(&LiveGame, &Arc<Entry>),
    {
        let entry = self.entry(id).await?;
        let mut slot = entry.game.lock().await;
        let mut hook = Some(hook);
        for _attempt in 0..8 {
            // Gone meanwhile: it expired.
            let Some(current) = slot.clone() else {
                return Err(ErrorCode::GameExpired);
            };
            let now = self.now();
            if current.flag_due(now) {
                let mut flagged = current;
                match flagged.flag(now) {
                    Some(Flag::Ended(flag)) => match self.commit(&mut flagged, &flag).await {
                        Ok(()) => {
                            self.deliver(&entry, &flagged, &flag, now);
                            log_finished(&flagged);
                            *slot = Some(flagged);
                        }
                        Err(StoreError::Conflict) => *slot = self.reload(&entry, id).await?,
                        Err(error) => return Err(unavailable(error)),
                    },
                    Some(Flag::Abort) => {
                        match self.backend.remove(&flagged, &self.process, now).await {
                            Ok(()) => {
                                *slot = None;
                                entry.deliver_removed();
                                lock(&self.games).remove(id);
                                eprintln!("ultima-server: game {id} aborted: a first move was not made in time");
                                return Err(ErrorCode::GameExpired);
                            }
                            Err(StoreError::Conflict) => *slot = self.reload(&entry, id).await?,
                            Err(error) => return Err(unavailable(error)),
                        }
                    }
                    None => {}
                }
                continue;
            }
            let was_over = current.is_over();
            let mut next = current;
            let Some(applied) = change(&mut next, now)? else {
                return Ok(());
            };
            if let Some(created) = &applied.created {
                let mut created = created.clone();
                match self.commit(&mut created, &Change::Changed).await {
                    Ok(()) => {
                        eprintln!(
                            "ultima-server: game {} created: rematch of {id}, {}",
                            created.id(),
                            created.time_control_line()
                        );
                        self.insert(created);
                    }
                    Err(error) => return Err(unavailable(error)),
                }
            }
            let created = applied
                .created
                .as_ref()
                .and_then(|created| self.cached(created.id()));
            match self.commit(&mut next, &applied.change).await {
                Ok(()) => {
                    if let Some(hook) = hook.take() {
                        hook(&next, &entry);
                    }
                    if !was_over && next.is_over() {
                        log_finished(&next);
                    }
                    match (&applied.change, created) {
                        (Change::Rematch { .. }, Some(created)) => {
                            entry
                                .deliver_rematch(&created, self.now(), self.claim_after_ms())
                                .await;
                        }
                        _ => self.deliver(&entry, &next, &applied.change, now),
                    }
                    self.arm_clock(&next);
                    *slot = Some(next);
                    return Ok(());
                }
                Err(StoreError::Conflict) => *slot = self.reload(&entry, id).await?,
                Err(error) => return Err(unavailable(error)),
            }
        }
        Err(ErrorCode::Unavailable)
    }

    /// Another process changed the game first (Redis): read it again, and send it to this
    /// process's players now (the other process's event, when it comes, is then not newer).
    pub(super) async fn reload(
        self: &Arc<Self>,
        entry: &Entry,
        id: &str,
    ) -> Result<Option<LiveGame>, ErrorCode> {
        let game = self.backend.load(id).await?;
        if let Some(game) = &game {
            self.deliver(entry, game, &Change::Changed, self.now());
            self.arm_clock(game);
        }
        Ok(game)
    }

    /// Sends a change to the connections watching the game.
    pub(super) fn deliver(&self, entry: &Entry, game: &LiveGame, change: &Change, now: f64) {
        entry.deliver(game, change, now, self.claim_after_ms());
    }

    /// When the game's running clock runs out, ends the game if nothing happened before. One
    /// timer per game is pending at a time: a later deadline waits for the pending one to fire,
    /// which arms the next.
    pub(super) fn arm_clock(self: &Arc<Self>, game: &LiveGame) {
        let Some(at) = game.next_flag_at() else {
            return;
        };
        let Some(entry) = self.cached(game.id()) else {
            return;
        };
        {
            let mut pending = lock(&entry.timer);
            if pending.is_some_and(|pending| pending <= at) {
                return;
            }
            *pending = Some(at);
        }
        let wait = Duration::try_from_secs_f64(((at - self.now()).max(0.0) + 1.0) / 1000.0)
            .unwrap_or(Duration::from_secs(86_400));
        let hub = Arc::clone(self);
        let id = game.id().to_string();
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            {
                let mut pending = lock(&entry.timer);
                if *pending == Some(at) {
                    *pending = None;
                }
            }
            // `act` ends the game on time first; the change itself does nothing.
            let _ = hub.act(&id, |_, _| Ok(None), |_, _| {}).await;
            let current = entry.game.lock().await.clone();
            if let Some(current) = current {
                hub.arm_clock(&current);
            }
        });
    }

    /// A finished game nobody here watches leaves memory (it is read again if resumed). An
    /// open one stays: a player resuming it may hold its entry.
    pub(super) async fn forget_if_over_and_unwatched(&self, entry: &Entry, id: &str) {
        let over = entry
            .game
            .lock()
            .await
            .as_ref()
            .is_none_or(LiveGame::is_over);
        if over && !entry.is_watched() {
            lock(&self.games).remove(id);
        }
    }
}

/// One line on stderr for a game that just finished (no tokens): for an organiser to follow.
fn log_finished(game: &LiveGame) {
    if let Some(result) = game.result_line() {
        eprintln!("ultima-server: game {} finished: {result}", game.id());
    }
}
