//! The games in Redis, shared by every server process given the same URL.
//!
//! - `ultima:game:ID`: a hash of `v` (the version) and `doc` (the game as JSON). A change is
//!   written by a script that sets it only if `v` is still the version the change was made on,
//!   and publishes it in the same step, so two processes never both win, and no process hears of
//!   a change that was not stored.
//! - `ultima:events:ID`: where the script publishes `{origin, change, doc}`; every process
//!   listens to `ultima:events:*` and sends the change to its own players of that game.
//! - `ultima:invite:CODE`: the game an invite opens, taken once; `!expired` once the invite
//!   expired (for 30 days).
//! - `ultima:invites`: the games waiting for their friend, scored by creation (ms),
//!   `ultima:open`: the games not finished, scored by their last change, and
//!   `ultima:deadlines`: the games whose clock or time per move runs, scored by when it runs
//!   out; the sweep reads these (all kept by the scripts that store a game).
//! - `ultima:finished`: the finished games, scored by their last change; the sweep deletes
//!   those older than the time finished games are kept.
//! - `ultima:expired:ID`: an expired game (for 30 days), so that its players are told so.
//! - `ultima:schema`: the data's layout (2: tokens hashed, the sets of waiting and open games
//!   filled; 3: the sets of finished games and deadlines too).
//! - `ultima:process:NAME`: kept alive (a few seconds' expiry, renewed every second) by each
//!   process; a seat held by a process whose key has expired is away, so a process can die and
//!   its players come back through another one.
//!
//! Durability is Redis's own: run it with the append-only file (`appendonly yes`,
//! `appendfsync always` for no loss at all; `everysec` loses at most a second).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use redis::aio::ConnectionManager;
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};

use crate::error::{ServerError, StoreError};
use crate::game::{Change, LiveGame};
use crate::time::system_now_ms;

const SET_IF_VERSION: &str = r"
local v = redis.call('HGET', KEYS[1], 'v')
if (v == false and ARGV[1] == '0') or v == ARGV[1] then
  redis.call('HSET', KEYS[1], 'v', ARGV[2], 'doc', ARGV[3])
  if ARGV[5] ~= '' then
    redis.call('ZADD', 'ultima:invites', ARGV[5], ARGV[8])
  else
    redis.call('ZREM', 'ultima:invites', ARGV[8])
  end
  if ARGV[6] == '1' then
    redis.call('ZADD', 'ultima:open', ARGV[7], ARGV[8])
    redis.call('ZREM', 'ultima:finished', ARGV[8])
  else
    redis.call('ZREM', 'ultima:open', ARGV[8])
    redis.call('ZADD', 'ultima:finished', ARGV[7], ARGV[8])
  end
  if ARGV[9] ~= '' then
    redis.call('ZADD', 'ultima:deadlines', ARGV[9], ARGV[8])
  else
    redis.call('ZREM', 'ultima:deadlines', ARGV[8])
  end
  redis.call('PUBLISH', KEYS[2], ARGV[4])
  return 1
end
return 0
";

/// Removes an expired game if its version is still the one read, notes it (and its invite) for
/// a while, and publishes the removal.
const REMOVE_IF_VERSION: &str = r"
local v = redis.call('HGET', KEYS[1], 'v')
if v ~= ARGV[1] then
  return 0
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', 'ultima:invites', ARGV[4])
redis.call('ZREM', 'ultima:open', ARGV[4])
redis.call('ZREM', 'ultima:deadlines', ARGV[4])
if ARGV[5] == '1' then
  redis.call('SET', KEYS[3], '!expired', 'PX', ARGV[3])
end
redis.call('SET', KEYS[4], '1', 'PX', ARGV[3])
redis.call('PUBLISH', KEYS[2], ARGV[2])
return 1
";

/// Deletes the finished games last changed before ARGV[1] (at most ARGV[3] of them), noting
/// each as expired for ARGV[2] ms; returns their ids.
const PRUNE_FINISHED: &str = r"
local ids = redis.call('ZRANGEBYSCORE', 'ultima:finished', '-inf', '(' .. ARGV[1], 'LIMIT', 0, ARGV[3])
for _, id in ipairs(ids) do
  redis.call('DEL', 'ultima:game:' .. id)
  redis.call('ZREM', 'ultima:finished', id)
  redis.call('SET', 'ultima:expired:' .. id, '1', 'PX', ARGV[2])
end
return ids
";

/// Takes an invite once; an expired one stays, to say so.
const TAKE_INVITE: &str = r"
local id = redis.call('GET', KEYS[1])
if id and id ~= '!expired' then
  redis.call('DEL', KEYS[1])
end
return id
";

/// What an expired invite's key holds.
const EXPIRED: &str = "!expired";

/// Rewrites a game's document if its version is still the one read (a migration: the game is
/// the same, so nobody is told).
const REWRITE_IF_VERSION: &str = r"
local v = redis.call('HGET', KEYS[1], 'v')
if v == ARGV[1] then
  redis.call('HSET', KEYS[1], 'doc', ARGV[2])
  return 1
end
return 0
";

/// The version of the data's layout, once a process has brought it up to date: 1, every
/// stored token is hashed; 2, the sets of waiting and open games are filled; 3, the sets of
/// finished games and of deadlines are filled.
const SCHEMA_KEY: &str = "ultima:schema";
const SCHEMA: i64 = 3;

/// How long a process's key lives without renewal.
const PROCESS_TTL: Duration = Duration::from_secs(4);

#[derive(Serialize, Deserialize)]
struct Event {
    origin: String,
    change: Change,
    doc: String,
}

/// What a process does with what the other processes did, heard through the store: the hub
/// answers these, and the store's background tasks ([`run_background`]) know nothing else of
/// it.
pub(crate) trait Peers: Send + Sync + 'static {
    /// This process's name: the origin of its own changes (not heard again), and the key it
    /// keeps alive.
    fn process(&self) -> &str;
    /// Another process removed an expired game.
    fn removed(self: &Arc<Self>, id: &str) -> impl Future<Output = ()> + Send;
    /// Another process's change to a game, with the game as it stored it.
    fn changed(self: &Arc<Self>, doc: &str, change: Change) -> impl Future<Output = ()> + Send;
    /// The changes were not heard for a while (Redis went away): catch up.
    fn resubscribed(self: &Arc<Self>) -> impl Future<Output = ()> + Send;
    /// Every second, once this process's key is renewed.
    fn beat(self: &Arc<Self>) -> impl Future<Output = ()> + Send;
}

/// What an invite opens.
pub(crate) enum Taken {
    Game(String),
    Expired,
    Unknown,
}

#[derive(Clone)]
pub(crate) struct RedisStore {
    client: redis::Client,
    /// Reconnects by itself when Redis goes away and comes back.
    connection: ConnectionManager,
    script: redis::Script,
    remove_script: redis::Script,
    take_invite_script: redis::Script,
}

/// What the sweep of expired games looks at (see [`RedisStore::candidates`]).
pub(crate) struct Cutoffs {
    /// Invites created before this (ms since 1970).
    pub invites_before: f64,
    /// Open games last changed before this.
    pub changed_before: f64,
    /// Games whose clock or time per move runs out before this.
    pub due_before: f64,
}

fn failed(doing: &'static str) -> impl Fn(redis::RedisError) -> StoreError {
    move |error| StoreError::Redis {
        doing,
        reason: error.to_string(),
    }
}

fn game_key(id: &str) -> String {
    format!("ultima:game:{id}")
}

fn process_key(name: &str) -> String {
    format!("ultima:process:{name}")
}

impl RedisStore {
    pub(crate) async fn connect(url: &str) -> Result<RedisStore, ServerError> {
        let client = redis::Client::open(url).map_err(failed("reading the URL"))?;
        let connection = client
            .get_connection_manager()
            .await
            .map_err(failed("connecting"))?;
        Ok(RedisStore {
            client,
            connection,
            script: redis::Script::new(SET_IF_VERSION),
            remove_script: redis::Script::new(REMOVE_IF_VERSION),
            take_invite_script: redis::Script::new(TAKE_INVITE),
        })
    }

    pub(crate) async fn load(&self, id: &str) -> Result<Option<String>, StoreError> {
        let mut connection = self.connection.clone();
        connection
            .hget(game_key(id), "doc")
            .await
            .map_err(failed("reading a game"))
    }

    /// Stores `game` (whose version is already the next one) if the stored version is still
    /// `expected`, and publishes the change.
    pub(crate) async fn commit(
        &self,
        game: &LiveGame,
        expected: u64,
        change: &Change,
        origin: &str,
        now: f64,
    ) -> Result<(), StoreError> {
        let doc = game.to_json();
        let event = Event {
            origin: origin.to_string(),
            change: change.clone(),
            doc: doc.clone(),
        };
        let payload = serde_json::to_string(&event).unwrap_or_default();
        let mut connection = self.connection.clone();
        let waiting = if game.meta.invite.is_some() {
            game.session.created_at().to_string()
        } else {
            String::new()
        };
        let open = if game.is_over() { "0" } else { "1" };
        let deadline = game
            .next_flag_at()
            .map(|at| at.to_string())
            .unwrap_or_default();
        let stored: i64 = self
            .script
            .key(game_key(game.id()))
            .key(format!("ultima:events:{}", game.id()))
            .arg(expected)
            .arg(game.version)
            .arg(doc)
            .arg(payload)
            .arg(waiting)
            .arg(open)
            .arg(now)
            .arg(game.id())
            .arg(deadline)
            .invoke_async(&mut connection)
            .await
            .map_err(failed("storing a game"))?;
        if stored == 1 {
            Ok(())
        } else {
            Err(StoreError::Conflict)
        }
    }

    pub(crate) async fn add_invite(&self, code: &str, id: &str) -> Result<(), StoreError> {
        let mut connection = self.connection.clone();
        connection
            .set::<_, _, ()>(format!("ultima:invite:{code}"), id)
            .await
            .map_err(failed("storing an invite"))
    }

    /// The game the invite opens, taken once (an expired invite stays, to say so).
    pub(crate) async fn take_invite(&self, code: &str) -> Result<Taken, StoreError> {
        let mut connection = self.connection.clone();
        let id: Option<String> = self
            .take_invite_script
            .key(format!("ultima:invite:{code}"))
            .invoke_async(&mut connection)
            .await
            .map_err(failed("taking an invite"))?;
        Ok(match id {
            Some(id) if id == EXPIRED => Taken::Expired,
            Some(id) => Taken::Game(id),
            None => Taken::Unknown,
        })
    }

    /// Removes an expired game (at the version it was read at), notes it for
    /// `remember_ms`, and tells the other processes.
    pub(crate) async fn remove(
        &self,
        game: &LiveGame,
        origin: &str,
        remember_ms: u64,
    ) -> Result<(), StoreError> {
        let invite = game.compact_invite();
        let event = Event {
            origin: origin.to_string(),
            change: Change::Removed {
                game: game.id().to_string(),
            },
            doc: String::new(),
        };
        let payload = serde_json::to_string(&event).unwrap_or_default();
        let mut connection = self.connection.clone();
        let removed: i64 = self
            .remove_script
            .key(game_key(game.id()))
            .key(format!("ultima:events:{}", game.id()))
            .key(format!(
                "ultima:invite:{}",
                invite.as_deref().unwrap_or("-")
            ))
            .key(format!("ultima:expired:{}", game.id()))
            .arg(game.version)
            .arg(payload)
            .arg(remember_ms)
            .arg(game.id())
            .arg(if invite.is_some() { "1" } else { "0" })
            .invoke_async(&mut connection)
            .await
            .map_err(failed("removing an expired game"))?;
        if removed == 1 {
            Ok(())
        } else {
            Err(StoreError::Conflict)
        }
    }

    /// Deletes the finished games last changed before `before` (at most a thousand a call),
    /// noting each as expired for `remember_ms`; returns their ids.
    pub(crate) async fn prune_finished(
        &self,
        before: f64,
        remember_ms: u64,
    ) -> Result<Vec<String>, StoreError> {
        let mut connection = self.connection.clone();
        // Once a sweep: made here, so the store stays small.
        redis::Script::new(PRUNE_FINISHED)
            .arg(before)
            .arg(remember_ms)
            .arg(1000)
            .invoke_async(&mut connection)
            .await
            .map_err(failed("deleting old finished games"))
    }

    /// Whether this game expired (and is not yet forgotten).
    pub(crate) async fn is_expired(&self, id: &str) -> Result<bool, StoreError> {
        let mut connection = self.connection.clone();
        connection
            .exists(format!("ultima:expired:{id}"))
            .await
            .map_err(failed("reading the expired games"))
    }

    /// The games that may have expired: waiting for their friend since before
    /// `cutoffs.invites_before`, unchanged since before `cutoffs.changed_before`, or with a
    /// clock or time per move run out before `cutoffs.due_before` (at most a thousand of each
    /// a sweep).
    pub(crate) async fn candidates(&self, cutoffs: Cutoffs) -> Result<Vec<String>, StoreError> {
        let mut connection = self.connection.clone();
        let mut ids = Vec::new();
        for (set, before) in [
            ("ultima:invites", cutoffs.invites_before),
            ("ultima:open", cutoffs.changed_before),
            ("ultima:deadlines", cutoffs.due_before),
        ] {
            let found: Vec<String> = redis::cmd("ZRANGEBYSCORE")
                .arg(set)
                .arg("-inf")
                .arg(before)
                .arg("LIMIT")
                .arg(0)
                .arg(1000)
                .query_async(&mut connection)
                .await
                .map_err(failed("listing the games that may have expired"))?;
            ids.extend(found);
        }
        ids.sort();
        ids.dedup();
        Ok(ids)
    }

    /// Brings data written by an older server up to date, once: the tokens stored as
    /// themselves are replaced by their hashes (every player's token goes on proving its seat;
    /// a game read before this is done reads them either way).
    pub(crate) async fn migrate(&self) -> Result<(), StoreError> {
        let mut connection = self.connection.clone();
        let version: Option<i64> = connection
            .get(SCHEMA_KEY)
            .await
            .map_err(failed("reading the data's version"))?;
        if version.is_some_and(|version| version >= SCHEMA) {
            return Ok(());
        }
        let mut keys = Vec::new();
        let mut cursor = 0u64;
        loop {
            let (next, batch): (u64, Vec<String>) = redis::cmd("SCAN")
                .arg(cursor)
                .arg("MATCH")
                .arg("ultima:game:*")
                .arg("COUNT")
                .arg(500)
                .query_async(&mut connection)
                .await
                .map_err(failed("listing the games"))?;
            keys.extend(batch);
            if next == 0 {
                break;
            }
            cursor = next;
        }
        let rewrite = redis::Script::new(REWRITE_IF_VERSION);
        for key in keys {
            let (version, doc): (Option<String>, Option<String>) = redis::cmd("HMGET")
                .arg(&key)
                .arg("v")
                .arg("doc")
                .query_async(&mut connection)
                .await
                .map_err(failed("reading a game to hash its tokens"))?;
            let (Some(version), Some(doc)) = (version, doc) else {
                continue;
            };
            if let Some(doc) = crate::game::hash_plain_tokens(&doc) {
                // Changed meanwhile: then by a server that stores hashes.
                let _: i64 = rewrite
                    .key(&key)
                    .arg(&version)
                    .arg(doc)
                    .invoke_async(&mut connection)
                    .await
                    .map_err(failed("hashing a game's tokens"))?;
            }
            // The sets the sweep of expired games reads; an open game's time of last change
            // is not known: it counts from now.
            let Ok(game) = LiveGame::from_json(&doc) else {
                continue;
            };
            let id = game.id().to_string();
            let mut index = redis::pipe();
            if game.is_over() {
                // Kept from now for the time finished games are kept.
                index
                    .cmd("ZADD")
                    .arg("ultima:finished")
                    .arg("NX")
                    .arg(system_now_ms())
                    .arg(&id)
                    .ignore();
                index
                    .query_async::<()>(&mut connection)
                    .await
                    .map_err(failed("listing the finished games"))?;
                continue;
            }
            if let Some(at) = game.next_flag_at() {
                index
                    .cmd("ZADD")
                    .arg("ultima:deadlines")
                    .arg("NX")
                    .arg(at)
                    .arg(&id)
                    .ignore();
            }
            index
                .cmd("ZADD")
                .arg("ultima:open")
                .arg("NX")
                .arg(system_now_ms())
                .arg(&id)
                .ignore();
            if game.meta.invite.is_some() {
                index
                    .cmd("ZADD")
                    .arg("ultima:invites")
                    .arg("NX")
                    .arg(game.session.created_at())
                    .arg(&id)
                    .ignore();
            }
            index
                .query_async::<()>(&mut connection)
                .await
                .map_err(failed("listing the open games"))?;
        }
        connection
            .set::<_, _, ()>(SCHEMA_KEY, SCHEMA)
            .await
            .map_err(failed("writing the data's version"))
    }

    async fn keep_alive(&self, name: &str) -> Result<(), StoreError> {
        let mut connection = self.connection.clone();
        let ttl = u64::try_from(PROCESS_TTL.as_millis()).unwrap_or(4000);
        redis::cmd("SET")
            .arg(process_key(name))
            .arg(1)
            .arg("PX")
            .arg(ttl)
            .query_async::<()>(&mut connection)
            .await
            .map_err(failed("renewing this process's key"))
    }

    /// Which of these processes are alive.
    pub(crate) async fn alive(&self, names: &[String]) -> Result<Vec<bool>, StoreError> {
        if names.is_empty() {
            return Ok(Vec::new());
        }
        let mut connection = self.connection.clone();
        let keys: Vec<String> = names.iter().map(|name| process_key(name)).collect();
        let values: Vec<Option<String>> = connection
            .mget(keys)
            .await
            .map_err(failed("checking other processes"))?;
        Ok(values.into_iter().map(|value| value.is_some()).collect())
    }
}

/// Starts the listener of other processes' changes, this process's keep-alive and, with each
/// beat of it, the `peers`' own checks (seats held by processes that died).
pub(crate) async fn run_background<P: Peers>(
    store: RedisStore,
    peers: Arc<P>,
) -> Result<(), ServerError> {
    store.migrate().await?;
    store.keep_alive(peers.process()).await?;
    let mut messages = subscribe(&store.client).await?;
    let listening = Arc::clone(&peers);
    let client = store.client.clone();
    tokio::spawn(async move {
        loop {
            while let Some(message) = messages.next().await {
                let Ok(payload) = message.get_payload::<String>() else {
                    continue;
                };
                let Ok(event) = serde_json::from_str::<Event>(&payload) else {
                    continue;
                };
                if event.origin == listening.process() {
                    continue;
                }
                if let Change::Removed { game } = &event.change {
                    listening.removed(game).await;
                    continue;
                }
                listening.changed(&event.doc, event.change).await;
            }
            // Redis went away: subscribe again, then catch up on what was missed meanwhile.
            eprintln!("ultima-server: the Redis subscription ended; subscribing again");
            messages = loop {
                match subscribe(&client).await {
                    Ok(messages) => break messages,
                    Err(_) => tokio::time::sleep(Duration::from_millis(250)).await,
                }
            };
            listening.resubscribed().await;
        }
    });
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        loop {
            tick.tick().await;
            if let Err(error) = store.keep_alive(peers.process()).await {
                eprintln!("ultima-server: {error}");
                continue;
            }
            peers.beat().await;
        }
    });
    Ok(())
}

async fn subscribe(client: &redis::Client) -> Result<redis::aio::PubSubStream, ServerError> {
    let mut pubsub = client
        .get_async_pubsub()
        .await
        .map_err(failed("subscribing"))?;
    pubsub
        .psubscribe("ultima:events:*")
        .await
        .map_err(failed("subscribing"))?;
    Ok(pubsub.into_on_message())
}
