//! Token buckets: a burst, then a steady rate. For the messages of one connection and the join
//! and resume attempts of one address. What "one address" is ([`address_key`]), and the count
//! of a connection's refusals ([`Refusals`]).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many at once, and how many a second after that.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub burst: u32,
    pub per_second: f64,
}

#[derive(Clone, Debug)]
pub(crate) struct Bucket {
    rate: Rate,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    pub(crate) fn new(rate: Rate, now: Instant) -> Bucket {
        Bucket {
            rate,
            tokens: f64::from(rate.burst),
            at: now,
        }
    }

    /// Takes one token, or says how long until there is one.
    pub(crate) fn take(&mut self, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens =
            (self.tokens + elapsed * self.rate.per_second).min(f64::from(self.rate.burst));
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else if self.rate.per_second > 0.0 {
            Err(
                Duration::try_from_secs_f64((1.0 - self.tokens) / self.rate.per_second)
                    .unwrap_or(Duration::from_secs(3600)),
            )
        } else {
            Err(Duration::from_secs(3600))
        }
    }

    fn full(&self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens + elapsed * self.rate.per_second >= f64::from(self.rate.burst)
    }
}

/// The address a limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address as its
/// IPv4 one), an IPv6 address by its /64 network, the block one subscriber is given.
pub(crate) fn address_key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !(u128::from(u64::MAX));
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
    }
}

/// The refusals of one connection in fixed windows: more than `allowed` in one window is
/// enough (the connection is closed).
#[derive(Clone, Debug)]
pub(crate) struct Refusals {
    allowed: u32,
    window: Duration,
    since: Instant,
    count: u32,
}

impl Refusals {
    pub(crate) fn new(allowed: u32, window: Duration, now: Instant) -> Refusals {
        Refusals {
            allowed,
            window,
            since: now,
            count: 0,
        }
    }

    /// Counts one refusal; whether the window now holds more than allowed.
    pub(crate) fn refuse(&mut self, now: Instant) -> bool {
        if now.saturating_duration_since(self.since) >= self.window {
            self.since = now;
            self.count = 0;
        }
        self.count = self.count.saturating_add(1);
        self.count > self.allowed
    }
}

/// One bucket per address (as [`address_key`] counts them).
pub(crate) struct PerAddress {
    rate: Rate,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl PerAddress {
    pub(crate) fn new(rate: Rate) -> PerAddress {
        PerAddress {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    pub(crate) fn take(&self, address: IpAddr, now: Instant) -> Result<(), Duration> {
        let mut buckets = match self.buckets.lock() {
            Ok(buckets) => buckets,
            Err(poisoned) => poisoned.into_inner(),
        };
        if buckets.len() > 10_000 {
            // Full buckets are the same as none: forget them, so the map stays small.
            buckets.retain(|_, bucket| !bucket.full(now));
        }
        buckets
            .entry(address_key(address))
            .or_insert_with(|| Bucket::new(self.rate, now))
            .take(now)
    }

    /// Gives back the token `address` took for an attempt that needed no limiting after all (a
    /// resume with a good token: the limit is for guessing).
    pub(crate) fn give_back(&self, address: IpAddr) {
        let mut buckets = match self.buckets.lock() {
            Ok(buckets) => buckets,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(bucket) = buckets.get_mut(&address_key(address)) {
            bucket.tokens = (bucket.tokens + 1.0).min(f64::from(bucket.rate.burst));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_rate() {
        let start = Instant::now();
        let mut bucket = Bucket::new(
            Rate {
                burst: 3,
                per_second: 2.0,
            },
            start,
        );
        for _ in 0..3 {
            assert_eq!(bucket.take(start), Ok(()));
        }
        let wait = bucket.take(start);
        assert_eq!(wait, Err(Duration::from_millis(500)));
        assert_eq!(bucket.take(start + Duration::from_millis(500)), Ok(()));
        assert!(bucket.take(start + Duration::from_millis(600)).is_err());
        // Never more than the burst, however long it rested.
        let later = start + Duration::from_secs(100);
        for _ in 0..3 {
            assert_eq!(bucket.take(later), Ok(()));
        }
        assert!(bucket.take(later).is_err());
    }

    #[test]
    fn addresses_are_counted_apart() {
        let limits = PerAddress::new(Rate {
            burst: 1,
            per_second: 0.1,
        });
        let now = Instant::now();
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        assert_eq!(limits.take(a, now), Ok(()));
        assert!(limits.take(a, now).is_err());
        assert_eq!(limits.take(b, now), Ok(()));
    }

    #[test]
    fn a_token_given_back_can_be_taken_again_up_to_the_burst() {
        let limits = PerAddress::new(Rate {
            burst: 2,
            per_second: 0.001,
        });
        let now = Instant::now();
        let a: IpAddr = [10, 0, 0, 1].into();
        for _ in 0..5 {
            assert_eq!(limits.take(a, now), Ok(()));
            limits.give_back(a);
        }
        limits.give_back(a);
        assert_eq!(limits.take(a, now), Ok(()));
        assert_eq!(limits.take(a, now), Ok(()));
        assert!(limits.take(a, now).is_err(), "never more than the burst");
    }

    #[test]
    fn ipv6_is_counted_per_64_and_mapped_ipv4_as_ipv4() {
        let key = |text: &str| match text.parse::<IpAddr>() {
            Ok(address) => address_key(address),
            Err(error) => panic!("{text}: {error}"),
        };
        assert_eq!(key("203.0.113.7"), key("203.0.113.7"));
        assert_ne!(key("203.0.113.7"), key("203.0.113.8"));
        assert_eq!(key("::ffff:203.0.113.7"), key("203.0.113.7"));
        assert_eq!(
            key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"),
            key("2001:db8:1:2::1")
        );
        assert_eq!(key("2001:db8:1:2::1"), key("2001:db8:1:2::"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::1"), key("::2"));
        // The limits count the network: a subscriber's other addresses share its bucket.
        let limits = PerAddress::new(Rate {
            burst: 1,
            per_second: 0.1,
        });
        let now = Instant::now();
        assert_eq!(limits.take(key("2001:db8:1:2::1"), now), Ok(()));
        let other = "2001:db8:1:2:ffff::9".parse::<IpAddr>().ok();
        assert!(other.is_some_and(|other| limits.take(other, now).is_err()));
        let elsewhere = "2001:db8:1:3::1".parse::<IpAddr>().ok();
        assert!(elsewhere.is_some_and(|elsewhere| limits.take(elsewhere, now).is_ok()));
    }

    #[test]
    fn refusals_close_past_the_allowed_in_a_window_whatever_the_rate() {
        let start = Instant::now();
        let window = Duration::from_secs(10);
        let mut refusals = Refusals::new(3, window, start);
        // Spread over the window (a bucket refilling meanwhile would never trip).
        for second in 0..3 {
            assert!(!refusals.refuse(start + Duration::from_secs(second)));
        }
        assert!(refusals.refuse(start + Duration::from_secs(9)));
        // A new window starts afresh.
        let mut refusals = Refusals::new(3, window, start);
        for _ in 0..3 {
            assert!(!refusals.refuse(start));
        }
        assert!(!refusals.refuse(start + window));
    }
}
