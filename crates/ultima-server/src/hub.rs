//! The games this process serves and the connections watching them.
//!
//! Every change to a game goes through [`Hub::act`]: under the game's lock, the change is made
//! on a copy, the copy is stored (SQLite committed, or Redis set only if nobody changed the game
//! meanwhile), and only then does it replace the game and go out to the players. A refused or
//! unstored change leaves the game as it was.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::mpsc;
use ultima_game::TimeControl;
use ultima_protocol::{ClockSetting, ColorChoice, ErrorCode, Invite, ServerMessage};
use ultima_rules::Color;

use crate::game::{Change, Expiry, Lifetimes, LiveGame};
use crate::sqlite::{Expired, Removal, Row, Sqlite, StoreError};
use crate::{ids, Config, ServerError};

/// Milliseconds since 1970, as the game core counts time.
pub(crate) fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

/// How long an expired game's id and invite say so once it is gone (then they are unknown).
const REMEMBER_EXPIRED_MS: f64 = 30.0 * 24.0 * 60.0 * 60.0 * 1000.0;

/// What the hub sends a connection.
#[derive(Debug)]
pub(crate) enum Outbound {
    Message(ServerMessage),
    /// The connection now plays `seat` in `game` (a rematch).
    Seat {
        game: String,
        seat: Color,
    },
}

/// A connection watching a game as one seat.
struct Sub {
    conn: u64,
    seat: Color,
    /// The token the connection holds (only its hash is stored), given again for a rematch.
    token: String,
    tx: mpsc::Sender<Outbound>,
}

pub(crate) struct Entry {
    game: tokio::sync::Mutex<Option<LiveGame>>,
    subs: Mutex<Vec<Sub>>,
    /// When the one pending clock timer of this game fires, if one is pending.
    timer: Mutex<Option<f64>>,
}

impl Entry {
    fn new(game: Option<LiveGame>) -> Arc<Entry> {
        Arc::new(Entry {
            game: tokio::sync::Mutex::new(game),
            subs: Mutex::new(Vec::new()),
            timer: Mutex::new(None),
        })
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match mutex.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}

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

pub(crate) struct Hub {
    pub(crate) config: Config,
    pub(crate) backend: Backend,
    /// This process's name, for the seats it holds.
    pub(crate) process: String,
    /// Join and resume attempts, per address.
    pub(crate) join_limits: crate::limit::PerAddress,
    /// Games created, per address.
    pub(crate) create_limits: crate::limit::PerAddress,
    games: Mutex<HashMap<String, Arc<Entry>>>,
    next_conn: AtomicU64,
}

/// A connection's seat: the game and the side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Seating {
    pub game: String,
    pub seat: Color,
}

impl Hub {
    pub(crate) fn new(config: Config, backend: Backend) -> Result<Hub, ServerError> {
        Ok(Hub {
            join_limits: crate::limit::PerAddress::new(config.join_rate),
            create_limits: crate::limit::PerAddress::new(config.create_rate),
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
        let now = now_ms();
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
            if let (Some(invite), Backend::Sqlite { invites, .. }) =
                (&game.meta.invite, &self.backend)
            {
                if let Ok(code) = invite.parse::<Invite>() {
                    lock(invites).insert(code.compact(), game.id().to_string());
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

    fn insert(&self, game: LiveGame) -> Arc<Entry> {
        let id = game.id().to_string();
        let entry = Entry::new(Some(game));
        lock(&self.games).insert(id, entry.clone());
        entry
    }

    pub(crate) fn cached(&self, id: &str) -> Option<Arc<Entry>> {
        lock(&self.games).get(id).cloned()
    }

    /// The game's entry, read from the store if this process does not have it.
    async fn entry(&self, id: &str) -> Result<Arc<Entry>, ErrorCode> {
        if let Some(entry) = self.cached(id) {
            return Ok(entry);
        }
        let Some(game) = self.load(id).await? else {
            return Err(self.gone(id).await);
        };
        let mut games = lock(&self.games);
        // Another task may have read it meanwhile: keep the first.
        let entry = games
            .entry(id.to_string())
            .or_insert_with(|| Entry::new(Some(game)));
        Ok(entry.clone())
    }

    async fn load(&self, id: &str) -> Result<Option<LiveGame>, ErrorCode> {
        if id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Ok(None);
        }
        let text = match &self.backend {
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
    async fn gone(&self, id: &str) -> ErrorCode {
        let expired = match &self.backend {
            Backend::Sqlite { store, .. } => store.is_expired(Expired::Game(id.to_string())).await,
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => redis.is_expired(id).await,
        };
        match expired {
            Ok(true) => ErrorCode::GameExpired,
            Ok(false) => ErrorCode::BadToken,
            Err(error) => self.unavailable(error),
        }
    }

    /// Stores `game` as the next version after `game.version`.
    async fn commit(&self, game: &mut LiveGame, change: &Change) -> Result<(), StoreError> {
        let expected = game.version;
        game.version = expected + 1;
        let result = match &self.backend {
            Backend::Sqlite { store, .. } => {
                let outcome = game.session.game().outcome();
                let invite = game.compact_invite();
                store
                    .put(Row {
                        id: game.id().to_string(),
                        invite,
                        finished: outcome.is_some(),
                        updated_at: now_ms(),
                        record: game.session.game().record(),
                        result: outcome.and_then(|outcome| serde_json::to_string(&outcome).ok()),
                        doc: game.to_json(),
                    })
                    .await
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => redis.commit(game, expected, change, &self.process).await,
        };
        // SQLite needs no word of the change: only Redis publishes it.
        #[cfg(not(feature = "redis"))]
        let _ = change;
        if result.is_err() {
            game.version = expected;
        }
        result
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
            let now = now_ms();
            if current.session.flag_due(now) {
                let mut flagged = current;
                if let Some(flag) = flagged.flag(now) {
                    match self.commit(&mut flagged, &flag).await {
                        Ok(()) => {
                            self.deliver(&entry, &flagged, &flag, now);
                            *slot = Some(flagged);
                        }
                        Err(StoreError::Conflict) => *slot = self.reload(&entry, id).await?,
                        Err(error) => return Err(self.unavailable(error)),
                    }
                }
                continue;
            }
            let mut next = current;
            let Some(applied) = change(&mut next, now)? else {
                return Ok(());
            };
            if let Some(created) = &applied.created {
                let mut created = created.clone();
                match self.commit(&mut created, &Change::Changed).await {
                    Ok(()) => {
                        self.insert(created);
                    }
                    Err(error) => return Err(self.unavailable(error)),
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
                    match (&applied.change, created) {
                        (Change::Rematch { .. }, Some(created)) => {
                            self.deliver_rematch(&entry, &created).await;
                        }
                        _ => self.deliver(&entry, &next, &applied.change, now),
                    }
                    self.arm_clock(&next);
                    *slot = Some(next);
                    return Ok(());
                }
                Err(StoreError::Conflict) => *slot = self.reload(&entry, id).await?,
                Err(error) => return Err(self.unavailable(error)),
            }
        }
        Err(ErrorCode::Unavailable)
    }

    /// Another process changed the game first (Redis): read it again, and send it to this
    /// process's players now (the other process's event, when it comes, is then not newer).
    async fn reload(
        self: &Arc<Self>,
        entry: &Entry,
        id: &str,
    ) -> Result<Option<LiveGame>, ErrorCode> {
        let game = self.load(id).await?;
        if let Some(game) = &game {
            self.deliver(entry, game, &Change::Changed, now_ms());
            self.arm_clock(game);
        }
        Ok(game)
    }

    fn unavailable(&self, error: StoreError) -> ErrorCode {
        eprintln!("ultima-server: {error}");
        ErrorCode::Unavailable
    }

    /// Sends a change to the connections watching the game; one that cannot keep up is
    /// dropped (it reconnects and gets the whole state).
    pub(crate) fn deliver(&self, entry: &Entry, game: &LiveGame, change: &Change, now: f64) {
        let claim = self.claim_after_ms();
        lock(&entry.subs).retain(|sub| {
            let message = game.message(change, sub.seat, now, claim);
            sub.tx.try_send(Outbound::Message(message)).is_ok()
        });
    }

    /// Moves the old game's connections to the rematch, each to the other side.
    pub(crate) async fn deliver_rematch(&self, old: &Entry, created: &Arc<Entry>) {
        let subs: Vec<Sub> = lock(&old.subs).drain(..).collect();
        let game = created.game.lock().await;
        let Some(game) = game.as_ref() else { return };
        let now = now_ms();
        let claim = self.claim_after_ms();
        let mut moved = lock(&created.subs);
        for sub in subs {
            let seat = !sub.seat;
            let messages = [
                Outbound::Seat {
                    game: game.id().to_string(),
                    seat,
                },
                // A rematch keeps each player's token.
                Outbound::Message(ServerMessage::Seated {
                    game: game.id().to_string(),
                    color: seat,
                    token: sub.token.clone(),
                    invite: None,
                }),
                Outbound::Message(ServerMessage::State(game.state(seat, now, claim))),
            ];
            if messages
                .into_iter()
                .all(|message| sub.tx.try_send(message).is_ok())
            {
                moved.push(Sub {
                    conn: sub.conn,
                    seat,
                    token: sub.token,
                    tx: sub.tx,
                });
            }
        }
    }

    /// When the game's running clock runs out, ends the game if nothing happened before. One
    /// timer per game is pending at a time: a later deadline waits for the pending one to fire,
    /// which arms the next.
    pub(crate) fn arm_clock(self: &Arc<Self>, game: &LiveGame) {
        let Some(at) = game.session.next_flag_at() else {
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
        let wait = Duration::try_from_secs_f64(((at - now_ms()).max(0.0) + 1.0) / 1000.0)
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

    fn subscribe(entry: &Entry, conn: u64, seat: Color, token: &str, tx: &mpsc::Sender<Outbound>) {
        lock(&entry.subs).push(Sub {
            conn,
            seat,
            token: token.to_string(),
            tx: tx.clone(),
        });
    }

    fn seated(
        tx: &mpsc::Sender<Outbound>,
        game: &LiveGame,
        seat: Color,
        token: &str,
        invite: bool,
    ) {
        let _ = tx.try_send(Outbound::Message(ServerMessage::Seated {
            game: game.id().to_string(),
            color: seat,
            token: token.to_string(),
            invite: game.meta.invite.clone().filter(|_| invite),
        }));
    }

    /// A new game; the creator's connection is seated in it.
    pub(crate) async fn create(
        self: &Arc<Self>,
        conn: u64,
        tx: &mpsc::Sender<Outbound>,
        color: ColorChoice,
        clock: Option<ClockSetting>,
    ) -> Result<Seating, ErrorCode> {
        if clock.is_some_and(|clock| !clock.is_valid()) {
            return Err(ErrorCode::BadClock {
                max_base_ms: ultima_protocol::MAX_BASE_MS,
                max_increment_ms: ultima_protocol::MAX_INCREMENT_MS,
            });
        }
        let random = |error: ServerError| {
            eprintln!("ultima-server: {error}");
            ErrorCode::Unavailable
        };
        let seat = match color {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random if ids::coin().map_err(random)? => Color::White,
            ColorChoice::Random => Color::Black,
        };
        let id = ids::game_id().map_err(random)?;
        let invite = ids::invite().map_err(random)?;
        let token = ids::token().map_err(random)?;
        let now = now_ms();
        let mut game = LiveGame::new(
            id.clone(),
            seat,
            ids::token_hash(&token),
            invite.to_string(),
            clock.map(|clock| TimeControl {
                base_ms: clock.base_ms,
                increment_ms: clock.increment_ms,
            }),
            now,
        );
        game.connect(seat, &self.process.clone(), now);
        self.commit(&mut game, &Change::Changed)
            .await
            .map_err(|error| self.unavailable(error))?;
        match &self.backend {
            Backend::Sqlite { invites, .. } => {
                lock(invites).insert(invite.compact(), id.clone());
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => redis
                .add_invite(&invite.compact(), &id)
                .await
                .map_err(|error| self.unavailable(error))?,
        }
        let entry = self.insert(game.clone());
        Self::subscribe(&entry, conn, seat, &token, tx);
        Self::seated(tx, &game, seat, &token, true);
        let _ = tx.try_send(Outbound::Message(ServerMessage::State(game.state(
            seat,
            now,
            self.claim_after_ms(),
        ))));
        Ok(Seating { game: id, seat })
    }

    /// The game an invite opens, taken once: `noSuchInvite` when none does, `inviteExpired`
    /// when its game expired.
    async fn take_invite(&self, code: &str) -> Result<String, ErrorCode> {
        match &self.backend {
            Backend::Sqlite { invites, store } => {
                let taken = lock(invites).remove(code);
                if let Some(id) = taken {
                    return Ok(id);
                }
                match store.is_expired(Expired::Invite(code.to_string())).await {
                    Ok(true) => Err(ErrorCode::InviteExpired),
                    Ok(false) => Err(ErrorCode::NoSuchInvite),
                    Err(error) => Err(self.unavailable(error)),
                }
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => match redis.take_invite(code).await {
                Ok(crate::redis_store::Taken::Game(id)) => Ok(id),
                Ok(crate::redis_store::Taken::Expired) => Err(ErrorCode::InviteExpired),
                Ok(crate::redis_store::Taken::Unknown) => Err(ErrorCode::NoSuchInvite),
                Err(error) => Err(self.unavailable(error)),
            },
        }
    }

    async fn give_back_invite(&self, code: &str, id: &str) {
        match &self.backend {
            Backend::Sqlite { invites, .. } => {
                lock(invites).insert(code.to_string(), id.to_string());
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => {
                let _ = redis.add_invite(code, id).await;
            }
        }
    }

    /// The friend joins with the invite.
    pub(crate) async fn join(
        self: &Arc<Self>,
        conn: u64,
        tx: &mpsc::Sender<Outbound>,
        invite: &str,
    ) -> Result<Seating, ErrorCode> {
        let code = invite
            .parse::<Invite>()
            .map_err(|_| ErrorCode::BadInvite)?
            .compact();
        let id = self.take_invite(&code).await?;
        let lifetimes = self.lifetimes();
        let process = self.process.clone();
        let token = match ids::token() {
            Ok(token) => token,
            Err(error) => {
                self.give_back_invite(&code, &id).await;
                eprintln!("ultima-server: {error}");
                return Err(ErrorCode::Unavailable);
            }
        };
        let hash = ids::token_hash(&token);
        let seat: Mutex<Option<Color>> = Mutex::new(None);
        let joined = self
            .act(
                &id,
                |game, now| {
                    // Not swept yet: the sweep removes it (and the invite says so from then).
                    if game.meta.invite.is_some()
                        && game.expiry(now, lifetimes) == Some(Expiry::Remove)
                    {
                        return Err(ErrorCode::InviteExpired);
                    }
                    let side = game.join(&process, hash.clone(), now)?;
                    *lock(&seat) = Some(side);
                    Ok(Some(Change::Changed.into()))
                },
                |game, entry| {
                    let side = *lock(&seat);
                    if let Some(side) = side {
                        Self::subscribe(entry, conn, side, &token, tx);
                        Self::seated(tx, game, side, &token, false);
                    }
                },
            )
            .await;
        let seat = *lock(&seat);
        match (joined, seat) {
            (Ok(()), Some(seat)) => Ok(Seating { game: id, seat }),
            (Err(error), _) => {
                if matches!(error, ErrorCode::Unavailable | ErrorCode::InviteExpired) {
                    self.give_back_invite(&code, &id).await;
                }
                if error == ErrorCode::GameExpired {
                    return Err(ErrorCode::InviteExpired);
                }
                Err(error)
            }
            (Ok(()), None) => Err(ErrorCode::NoSuchInvite),
        }
    }

    /// A player comes back with their token.
    pub(crate) async fn resume(
        self: &Arc<Self>,
        conn: u64,
        tx: &mpsc::Sender<Outbound>,
        id: &str,
        token: &str,
    ) -> Result<Seating, ErrorCode> {
        let process = self.process.clone();
        let mut seat = None;
        self.act(
            id,
            |game, now| {
                let side = game.seat_of(token).ok_or(ErrorCode::BadToken)?;
                seat = Some(side);
                game.connect(side, &process, now);
                Ok(Some(Change::Changed.into()))
            },
            |game, entry| {
                if let Some(side) = game.seat_of(token) {
                    Self::subscribe(entry, conn, side, token, tx);
                    Self::seated(tx, game, side, token, true);
                }
            },
        )
        .await?;
        let seat = seat.ok_or(ErrorCode::BadToken)?;
        Ok(Seating {
            game: id.to_string(),
            seat,
        })
    }

    /// A connection closed: its seat is away once no other connection holds it here.
    pub(crate) async fn leave(self: &Arc<Self>, conn: u64, seating: &Seating) {
        let Some(entry) = self.cached(&seating.game) else {
            return;
        };
        let still_here = {
            let mut subs = lock(&entry.subs);
            subs.retain(|sub| sub.conn != conn);
            subs.iter().any(|sub| sub.seat == seating.seat)
        };
        if still_here {
            return;
        }
        let seat = seating.seat;
        let process = self.process.clone();
        let _ = self
            .act(
                &seating.game,
                |game, now| {
                    let held_here = game.meta.seat(seat).holder.as_deref() == Some(&process);
                    if !game.meta.seat(seat).connected || !held_here {
                        return Ok(None);
                    }
                    game.disconnect(seat, now);
                    Ok(Some(Change::Changed.into()))
                },
                |_, _| {},
            )
            .await;
        self.forget_if_over_and_unwatched(&entry, &seating.game)
            .await;
    }

    /// A finished game nobody here watches leaves memory (it is read again if resumed). An
    /// open one stays: a player resuming it may hold its entry.
    async fn forget_if_over_and_unwatched(&self, entry: &Entry, id: &str) {
        let over = entry
            .game
            .lock()
            .await
            .as_ref()
            .is_none_or(LiveGame::is_over);
        if over && lock(&entry.subs).is_empty() {
            lock(&self.games).remove(id);
        }
    }

    /// Ends or removes the games left alone too long (see [`LiveGame::expiry`]); run every
    /// [`Hub::sweep_every`]. With SQLite every open game is in memory; with Redis the sets of
    /// waiting and open games say which may have expired.
    pub(crate) async fn sweep(self: &Arc<Self>) {
        let now = now_ms();
        let lifetimes = self.lifetimes();
        let ids: Vec<String> = match &self.backend {
            Backend::Sqlite { store, .. } => {
                if let Err(error) = store.forget_expired(now - REMEMBER_EXPIRED_MS).await {
                    eprintln!("ultima-server: {error}");
                }
                lock(&self.games).keys().cloned().collect()
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => {
                let cutoffs = crate::redis_store::Cutoffs {
                    invites_before: now - lifetimes.invite_ms,
                    changed_before: now - lifetimes.abandoned_ms,
                };
                match redis.candidates(cutoffs).await {
                    Ok(ids) => ids,
                    Err(error) => {
                        eprintln!("ultima-server: {error}");
                        return;
                    }
                }
            }
        };
        #[cfg(feature = "redis")]
        self.release_dead_among(&ids).await;
        for id in ids {
            self.expire(&id, lifetimes).await;
        }
    }

    /// Seats of these games held by processes that died are away from now on (so that a game
    /// whose process died with both players counts as left from now).
    #[cfg(feature = "redis")]
    async fn release_dead_among(self: &Arc<Self>, ids: &[String]) {
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
            let result = match &self.backend {
                Backend::Sqlite { store, invites } => {
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
                    redis.remove(&game, &self.process, remember).await
                }
            };
            match result {
                Ok(()) => {
                    *slot = None;
                    Self::deliver_removed(entry);
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

    /// Tells the players of a game that is gone, and closes their connections.
    fn deliver_removed(entry: &Entry) {
        let subs: Vec<Sub> = lock(&entry.subs).drain(..).collect();
        for sub in subs {
            let gone = ServerMessage::error(ErrorCode::GameExpired);
            let _ = sub.tx.try_send(Outbound::Message(gone));
        }
    }

    /// Another process removed an expired game (Redis).
    #[cfg(feature = "redis")]
    pub(crate) async fn removed(self: &Arc<Self>, id: &str) {
        let Some(entry) = self.cached(id) else {
            return;
        };
        *entry.game.lock().await = None;
        Self::deliver_removed(&entry);
        lock(&self.games).remove(id);
    }

    /// Another process's change to a game (Redis): kept if newer, and sent to this process's
    /// players of the game.
    #[cfg(feature = "redis")]
    pub(crate) async fn apply_remote(self: &Arc<Self>, doc: &str, change: Change) {
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
                    self.deliver_rematch(&entry, &created).await;
                }
            }
            _ => self.deliver(&entry, &game, &change, now_ms()),
        }
        self.arm_clock(&game);
        *slot = Some(game);
    }

    /// The other processes holding seats of the games this process has players in.
    #[cfg(feature = "redis")]
    pub(crate) fn remote_holders(&self) -> Vec<String> {
        let entries: Vec<Arc<Entry>> = lock(&self.games).values().cloned().collect();
        let mut holders = std::collections::BTreeSet::new();
        for entry in entries {
            if lock(&entry.subs).is_empty() {
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
    #[cfg(feature = "redis")]
    pub(crate) async fn release_dead(
        self: &Arc<Self>,
        redis: &crate::redis_store::RedisStore,
        holders: Vec<String>,
    ) {
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
    #[cfg(feature = "redis")]
    pub(crate) async fn refresh_watched(self: &Arc<Self>) {
        for (id, entry) in self.watched() {
            let Ok(Some(game)) = self.load(&id).await else {
                continue;
            };
            let mut slot = entry.game.lock().await;
            if slot
                .as_ref()
                .is_some_and(|known| game.version <= known.version)
            {
                continue;
            }
            self.deliver(&entry, &game, &Change::Changed, now_ms());
            self.arm_clock(&game);
            *slot = Some(game);
        }
    }

    /// Seats with a connection here that the stored game says are away are taken back (another
    /// process marked them away while this one's key had expired, Redis being away).
    #[cfg(feature = "redis")]
    pub(crate) async fn reassert_seats(self: &Arc<Self>) {
        for (id, entry) in self.watched() {
            let seats: Vec<Color> = lock(&entry.subs).iter().map(|sub| sub.seat).collect();
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
    #[cfg(feature = "redis")]
    fn watched(&self) -> Vec<(String, Arc<Entry>)> {
        lock(&self.games)
            .iter()
            .filter(|(_, entry)| !lock(&entry.subs).is_empty())
            .map(|(id, entry)| (id.clone(), entry.clone()))
            .collect()
    }
}
