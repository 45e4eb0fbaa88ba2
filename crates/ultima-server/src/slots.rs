//! How many connections are open, in total and per address: a connection takes a [`Slot`]
//! when it is accepted and gives it back when it closes (the slot's drop).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use crate::limit::address_key;

/// Why a connection was refused a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Full {
    /// The server holds as many connections as it may.
    Total { max: usize },
    /// This address (its /64 for IPv6) holds as many as one may.
    Address { max: usize },
}

impl std::fmt::Display for Full {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Full::Total { max } => write!(f, "the server holds its {max} connections"),
            Full::Address { max } => write!(f, "this address holds its {max} connections"),
        }
    }
}

struct Counts {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
}

/// The open connections' counts.
pub(crate) struct Slots {
    max_total: usize,
    max_per_address: usize,
    counts: Mutex<Counts>,
}

/// One connection's place in the counts, given back when dropped.
pub(crate) struct Slot {
    slots: Arc<Slots>,
    /// Counted in the total.
    total: bool,
    /// Counted for this address (its key).
    address: Option<IpAddr>,
}

impl Slots {
    pub(crate) fn new(max_total: usize, max_per_address: usize) -> Arc<Slots> {
        Arc::new(Slots {
            max_total,
            max_per_address,
            counts: Mutex::new(Counts {
                total: 0,
                per_address: HashMap::new(),
            }),
        })
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        match self.counts.lock() {
            Ok(counts) => counts,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// A slot in the total, and for `address` when given.
    pub(crate) fn enter(self: &Arc<Self>, address: Option<IpAddr>) -> Result<Slot, Full> {
        let mut counts = self.counts();
        if counts.total >= self.max_total {
            return Err(Full::Total {
                max: self.max_total,
            });
        }
        let key = address.map(address_key);
        if let Some(key) = key {
            let held = counts.per_address.get(&key).copied().unwrap_or(0);
            if held >= self.max_per_address {
                return Err(Full::Address {
                    max: self.max_per_address,
                });
            }
            counts.per_address.insert(key, held + 1);
        }
        counts.total += 1;
        Ok(Slot {
            slots: Arc::clone(self),
            total: true,
            address: key,
        })
    }

    /// A slot for `address` only (the player behind a proxy, whose connection already has its
    /// place in the total).
    pub(crate) fn enter_address(self: &Arc<Self>, address: IpAddr) -> Result<Slot, Full> {
        let key = address_key(address);
        let mut counts = self.counts();
        let held = counts.per_address.get(&key).copied().unwrap_or(0);
        if held >= self.max_per_address {
            return Err(Full::Address {
                max: self.max_per_address,
            });
        }
        counts.per_address.insert(key, held + 1);
        Ok(Slot {
            slots: Arc::clone(self),
            total: false,
            address: Some(key),
        })
    }

    /// Connections open now.
    pub(crate) fn open(&self) -> usize {
        self.counts().total
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.slots.counts();
        if self.total {
            counts.total = counts.total.saturating_sub(1);
        }
        if let Some(key) = self.address {
            if let Some(held) = counts.per_address.get_mut(&key) {
                *held = held.saturating_sub(1);
                if *held == 0 {
                    counts.per_address.remove(&key);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        match text.parse() {
            Ok(ip) => ip,
            Err(error) => panic!("{text}: {error}"),
        }
    }

    #[test]
    fn per_address_and_in_total_and_given_back() {
        let slots = Slots::new(3, 2);
        let a1 = slots.enter(Some(ip("203.0.113.7")));
        let a2 = slots.enter(Some(ip("::ffff:203.0.113.7")));
        assert!(a1.is_ok() && a2.is_ok());
        assert_eq!(
            slots.enter(Some(ip("203.0.113.7"))).err(),
            Some(Full::Address { max: 2 })
        );
        let v6 = slots.enter(Some(ip("2001:db8::1")));
        assert!(v6.is_ok());
        assert_eq!(
            slots.enter(Some(ip("198.51.100.1"))).err(),
            Some(Full::Total { max: 3 })
        );
        assert_eq!(slots.open(), 3);
        drop(a1);
        assert_eq!(slots.open(), 2);
        let again = slots.enter(Some(ip("203.0.113.7")));
        assert!(again.is_ok());
        // The same /64 is one address.
        drop(again);
        drop(a2);
        let behind = slots.enter(None);
        assert!(behind.is_ok());
        let first = slots.enter_address(ip("2001:db8::2"));
        assert!(first.is_ok());
        assert_eq!(
            slots.enter_address(ip("2001:db8::3:4")).err(),
            Some(Full::Address { max: 2 })
        );
        drop((v6, behind, first));
        assert_eq!(slots.open(), 0);
        assert!(slots.counts().per_address.is_empty());
    }
}
