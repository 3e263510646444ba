//! The engine's random numbers: PCG32 from rand_pcg with our own `below` and shuffle, so a
//! seed gives the same games whatever version of `rand` is in use.

use rand::Rng;
use rand_pcg::Pcg32;

/// SplitMix64's finalizer: spreads a seed and an index into an independent-looking seed.
pub fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seeded random stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng(Pcg32);

impl GameRng {
    pub fn new(seed: u64) -> GameRng {
        GameRng(Pcg32::new(mix(seed, 1), mix(seed, 2)))
    }

    /// A uniform number in `0..n` (Lemire's method with rejection); `n` must be positive.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let product = self.0.next_u32() as u64 * n as u64;
        // A draw is rejected when its low half is below 2^32 mod n, which is below n: the
        // division that finds that threshold is needed only when the low half is below n
        // (Lemire's "nearly divisionless" form; the same draws and results).
        if (product as u32) < n {
            return self.below_rejecting(n, product);
        }
        (product >> 32) as u32
    }

    /// The rest of `below` when the first draw's low half is below `n` (a chance of at most
    /// n in 2^32). Out of line and cold: the division and the loop's registers cost the
    /// common case, inlined at every caller, more than the call costs here.
    #[cold]
    #[inline(never)]
    fn below_rejecting(&mut self, n: u32, mut product: u64) -> u32 {
        let threshold = n.wrapping_neg() % n;
        while (product as u32) < threshold {
            product = self.0.next_u32() as u64 * n as u64;
        }
        (product >> 32) as u32
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = GameRng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..1000 {
            seen[rng.below(5) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
    }

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u32> = (0..10)
            .map({
                let mut r = GameRng::new(3);
                move |_| r.below(100)
            })
            .collect();
        let b: Vec<u32> = (0..10)
            .map({
                let mut r = GameRng::new(3);
                move |_| r.below(100)
            })
            .collect();
        assert_eq!(a, b);
    }
}
