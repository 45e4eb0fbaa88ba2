//! Token buckets: a burst, then a steady rate. For the messages of one connection and the join
//! and resume attempts of one address.

use std::collections::HashMap;
use std::net::IpAddr;
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

/// One bucket per address.
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
            .entry(address)
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
        if let Some(bucket) = buckets.get_mut(&address) {
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
}
