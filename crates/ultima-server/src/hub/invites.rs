//! The invites waiting for a friend, where the games are stored: in this process's memory with
//! SQLite (read back from the waiting games at start), in Redis otherwise. An invite opens its
//! game once; one whose game expired says so for a while.

use ultima_protocol::ErrorCode;

use super::lock::lock;
use super::storage::{unavailable, Backend};
use crate::error::StoreError;
use crate::sqlite::Expired;

impl Backend {
    /// A waiting game's invite, read back at start (SQLite keeps them in memory; Redis has
    /// them stored).
    pub(super) fn restore_invite(&self, code: String, id: String) {
        match self {
            Backend::Sqlite { invites, .. } => {
                lock(invites).insert(code, id);
            }
            #[cfg(feature = "redis")]
            Backend::Redis(_) => {}
        }
    }

    /// The invite (compact letters) `code` opens game `id`.
    pub(super) async fn add_invite(&self, code: &str, id: &str) -> Result<(), StoreError> {
        match self {
            Backend::Sqlite { invites, .. } => {
                lock(invites).insert(code.to_string(), id.to_string());
                Ok(())
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => redis.add_invite(code, id).await,
        }
    }

    /// The game an invite opens, taken once: `noSuchInvite` when none does, `inviteExpired`
    /// when its game expired.
    pub(super) async fn take_invite(&self, code: &str) -> Result<String, ErrorCode> {
        match self {
            Backend::Sqlite { invites, store } => {
                let taken = lock(invites).remove(code);
                if let Some(id) = taken {
                    return Ok(id);
                }
                match store.is_expired(Expired::Invite(code.to_string())).await {
                    Ok(true) => Err(ErrorCode::InviteExpired),
                    Ok(false) => Err(ErrorCode::NoSuchInvite),
                    Err(error) => Err(unavailable(error)),
                }
            }
            #[cfg(feature = "redis")]
            Backend::Redis(redis) => match redis.take_invite(code).await {
                Ok(crate::redis_store::Taken::Game(id)) => Ok(id),
                Ok(crate::redis_store::Taken::Expired) => Err(ErrorCode::InviteExpired),
                Ok(crate::redis_store::Taken::Unknown) => Err(ErrorCode::NoSuchInvite),
                Err(error) => Err(unavailable(error)),
            },
        }
    }

    /// An invite taken for a join that failed waits again.
    pub(super) async fn give_back_invite(&self, code: &str, id: &str) {
        let _ = self.add_invite(code, id).await;
    }
}
