//! The one seeded random number generator of the project (SplitMix64): the bot's levels draw
//! their noise from it, `ultima match` its openings and baselines, the tests their random
//! games, and the rules their Zobrist keys. The same seed gives the same draws on every
//! platform, so that games, matches and failing tests can be replayed.
//!
//! It is not for secrets (keys, game ids others must not guess): it is fast and predictable
//! on purpose. No `std`, no operating-system randomness: it builds for every target.
//!
//! ```
//! use ultima_rand::Rng;
//! let mut rng = Rng::new(42);
//! let roll = rng.below(6);
//! assert!(roll < 6);
//! assert_eq!(Rng::new(42).below(6), roll);
//! ```

#![no_std]

/// One step of SplitMix64: the next state and the number it gives. A `const fn`, so that
/// tables (the rules' Zobrist keys) can be drawn at compile time from the same generator.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// A seeded stream of random numbers (SplitMix64).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix64(self.state);
        self.state = state;
        value
    }

    /// A whole number in `0..bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            0
        } else {
            // Multiply-shift keeps the bias below 2^-64 per draw, far below what matters here.
            ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
        }
    }

    /// An index into a collection of `len` items, drawn as [`Rng::below`] draws: `0..len`
    /// (0 when `len` is 0, which no collection of that length can be indexed with).
    pub fn index(&mut self, len: usize) -> usize {
        // A `usize` fits in a `u64` on every target Rust supports, and the draw is below `len`.
        usize::try_from(self.below(len as u64)).unwrap_or(0)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < u64::from(percent)
    }

    /// Noise of roughly normal shape, mean 0 and standard deviation about `sigma`: the sum of
    /// four uniform draws (Irwin–Hall), which is bounded, so no draw is ever wild.
    pub fn noise(&mut self, sigma: i32) -> i32 {
        if sigma <= 0 {
            return 0;
        }
        // Four uniforms on [-1, 1] sum to a variance of 4/3; scale by sqrt(3/4) ≈ 0.866.
        let mut sum: i64 = 0;
        for _ in 0..4 {
            sum += i64::try_from(self.below(2001)).unwrap_or(1000) - 1000;
        }
        i32::try_from(sum * i64::from(sigma) * 866 / 1_000_000).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    #[test]
    fn the_same_seed_gives_the_same_draws() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    /// The draws are pinned: the bench signature, recorded match seeds and the levels' play
    /// depend on them, so a change to the generator must be a decision, not an accident.
    #[test]
    fn the_draws_are_those_of_splitmix64() {
        // The first outputs of SplitMix64 from seed 0, as published with the algorithm.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
        // What the bot's generator drew before it moved here (ultima-bot/src/rng.rs).
        let mut rng = Rng::new(1);
        let draws: Vec<u64> = (0..8).map(|_| rng.below(1000)).collect();
        assert_eq!(draws, [566, 745, 971, 444, 444, 762, 877, 523]);
        let mut rng = Rng::new(1);
        let noise: Vec<i32> = (0..4).map(|_| rng.noise(100)).collect();
        assert_eq!(noise, [126, 105, 15, -71]);
    }

    #[test]
    fn bounded_draws_stay_in_bounds() {
        let mut rng = Rng::new(3);
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.index(0), 0);
        assert!((0..1000).all(|_| rng.below(10) < 10));
        assert!((0..1000).all(|_| rng.index(7) < 7));
        let seen: std::collections::BTreeSet<usize> = (0..1000).map(|_| rng.index(5)).collect();
        assert_eq!(seen.len(), 5);
        assert!(!(0..100).any(|_| rng.chance(0)));
        assert!((0..100).all(|_| rng.chance(100)));
    }

    #[test]
    fn noise_is_centred_and_bounded() {
        let mut rng = Rng::new(1);
        let draws: Vec<i32> = (0..10_000).map(|_| rng.noise(100)).collect();
        let mean = draws.iter().map(|&d| i64::from(d)).sum::<i64>() / 10_000;
        assert!(mean.abs() < 10, "mean {mean}");
        assert!(draws.iter().all(|d| d.abs() <= 347));
        let variance = draws.iter().map(|&d| i64::from(d).pow(2)).sum::<i64>() / 10_000;
        assert!((8_000..12_000).contains(&variance), "variance {variance}");
        assert_eq!(rng.noise(0), 0);
    }
}
