//! A small seeded random number generator (SplitMix64): the levels' noise must be the same
//! for the same seed on every platform, so tests and matches can be replayed.

#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
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
        let sum: i64 = (0..4)
            .map(|_| i64::try_from(self.below(2001)).unwrap_or(1000) - 1000)
            .sum();
        i32::try_from(sum * i64::from(sigma) * 866 / 1_000_000).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_draws() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
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
        assert!((0..1000).all(|_| rng.below(10) < 10));
    }
}
