//! The games this process serves and the connections watching them, in layers (each module
//! uses only those listed before it):
//!
//! - [`lock`]: the std mutexes' guard.
//! - [`watchers`]: a game in memory and the connections watching it; what is sent to them.
//! - [`storage`]: where the games are stored (SQLite or Redis); [`invites`]: their invites.
//! - [`games`]: the [`Hub`], through which every change to a game goes ([`Hub::act`]), and the
//!   games' clocks.
//! - [`seats`]: a connection creates a game, joins with an invite, comes back, leaves.
//! - [`remote`] (Redis): the other processes' changes, and the seats of those that died.
//! - [`expiry`]: the sweep of the games left alone too long.

mod expiry;
mod games;
mod invites;
mod lock;
#[cfg(feature = "redis")]
mod remote;
mod seats;
mod storage;
mod watchers;

pub(crate) use games::{Applied, Hub};
pub(crate) use seats::Seating;
pub(crate) use storage::Backend;
pub(crate) use watchers::Outbound;
