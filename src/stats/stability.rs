//! Whether verdicts hold across bot populations: the verdict of a rate against the even
//! share, Spearman's rank correlation, and its interval from resampling blocks of games.

use crate::engine::rng::{GameRng, mix};
use crate::stats::blocks::Block;

/// Where a rate's 95% interval lies against the even share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// The interval lies entirely below the even share.
    Weak,
    /// The interval contains the even share.
    Even,
    /// The interval lies entirely above the even share.
    Strong,
}

impl Verdict {
    /// The verdict of the interval `lo..=hi` against `even`.
    pub fn of(lo: f64, hi: f64, even: f64) -> Verdict {
        if lo > even {
            Verdict::Strong
        } else if hi < even {
            Verdict::Weak
        } else {
            Verdict::Even
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Verdict::Weak => "weak",
            Verdict::Even => "even",
            Verdict::Strong => "strong",
        }
    }
}

/// The ranks of `values` from 1 (smallest), ties sharing their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        // Positions i..=j (0-based) share the mean of ranks i+1..=j+1.
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            ranks[k] = mean;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's rank correlation of two equally long lists: Pearson's correlation of their
/// ranks (ties take their mean rank). `None` with fewer than 3 pairs, or when either list is
/// constant.
pub fn spearman(a: &[f64], b: &[f64]) -> Option<f64> {
    assert_eq!(a.len(), b.len(), "paired lists");
    if a.len() < 3 {
        return None;
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in ra.iter().zip(&rb) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    (saa > 0.0 && sbb > 0.0).then(|| sab / (saa * sbb).sqrt())
}

/// Bootstrap replicates per interval.
pub const REPLICATES: usize = 1000;

/// The fewest blocks a population's win rates are resampled from. Resampling a few blocks
/// says little of the spread between games (from one block every replicate is that block, and
/// the interval has no width), so a tier with fewer gets no interval.
pub const MIN_BLOCKS: usize = 10;

/// `REPLICATES` resamples of one population's win rates of `characters` (indices into a
/// block's arrays): each draws as many blocks as there are, with replacement, and gives the
/// characters' win rates over the drawn blocks (`None` for a character with no pick in
/// them). Deterministic in `seed`. No replicates from fewer than `MIN_BLOCKS` blocks.
pub fn resample_win_rates(
    blocks: &[Block],
    characters: &[usize],
    seed: u64,
) -> Vec<Vec<Option<f64>>> {
    let n = blocks.len();
    if n < MIN_BLOCKS {
        return Vec::new();
    }
    let mut rng = GameRng::new(seed);
    (0..REPLICATES)
        .map(|_| {
            let mut picked = vec![0u64; characters.len()];
            let mut won = vec![0u64; characters.len()];
            for _ in 0..n {
                let block = &blocks[rng.below(n as u32) as usize];
                for (k, &c) in characters.iter().enumerate() {
                    picked[k] += u64::from(block.picked[c]);
                    won[k] += u64::from(block.won[c]);
                }
            }
            picked
                .iter()
                .zip(&won)
                .map(|(&p, &w)| (p > 0).then(|| w as f64 / p as f64))
                .collect()
        })
        .collect()
}

/// The 95% percentile interval of Spearman's correlation between two populations, from their
/// resampled win rates (`resample_win_rates`, the same characters in the same order,
/// resampled independently). Replicates in which a character has no pick, or in which the
/// correlation is undefined, are left out; `None` if fewer than half remain.
pub fn spearman_interval(a: &[Vec<Option<f64>>], b: &[Vec<Option<f64>>]) -> Option<(f64, f64)> {
    let mut values: Vec<f64> = a
        .iter()
        .zip(b)
        .filter_map(|(ra, rb)| {
            let ra: Option<Vec<f64>> = ra.iter().copied().collect();
            let rb: Option<Vec<f64>> = rb.iter().copied().collect();
            spearman(&ra?, &rb?)
        })
        .collect();
    if values.len() * 2 < a.len().max(1) {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    Some((at(0.025), at(0.975)))
}

/// One tier's win rates of the characters compared, their picks, and its resampled win
/// rates (`resample_win_rates`, the same characters in the same order).
#[derive(Clone, Copy)]
pub struct TierSample<'a> {
    pub rates: &'a [f64],
    pub picks: &'a [u64],
    pub replicates: &'a [Vec<Option<f64>>],
}

/// What one population would show: the 2.5% quantile and the median of Spearman's
/// correlation between two samples of a single population with these two tiers' noise. The
/// single population's win rates are the two tiers' pooled (`rate_a`, `rate_b` weighted by
/// their `picks`); each replicate adds to them tier a's and tier b's resampling deviations
/// (replicate minus estimate, `resample_win_rates`), and the correlation of the two is taken.
/// Noise alone pulls a correlation below 1: two 1,000-game samples of one first-game
/// population correlate at a median 0.90 (docs/ladder.md, "Rank agreement"), so a tiers'
/// correlation is low beyond the noise only below the 2.5% quantile. Replicates in which a
/// character has no pick, or the correlation is undefined, are left out; `None` if fewer
/// than half remain (or a tier has no replicates).
pub fn one_population_spearman(a: TierSample, b: TierSample) -> Option<(f64, f64)> {
    let (rate_a, picks_a, reps_a) = (a.rates, a.picks, a.replicates);
    let (rate_b, picks_b, reps_b) = (b.rates, b.picks, b.replicates);
    let pooled: Vec<f64> = (0..rate_a.len())
        .map(|k| {
            let (na, nb) = (picks_a[k] as f64, picks_b[k] as f64);
            (rate_a[k] * na + rate_b[k] * nb) / (na + nb)
        })
        .collect();
    let sample = |rates: &[f64], replicate: &[Option<f64>]| -> Option<Vec<f64>> {
        pooled
            .iter()
            .zip(rates)
            .zip(replicate)
            .map(|((p, r), x)| Some(p + (*x)? - r))
            .collect()
    };
    let mut values: Vec<f64> = reps_a
        .iter()
        .zip(reps_b)
        .filter_map(|(ra, rb)| spearman(&sample(rate_a, ra)?, &sample(rate_b, rb)?))
        .collect();
    if values.is_empty() || values.len() * 2 < reps_a.len() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    Some((at(0.025), at(0.5)))
}

/// The resampling seed of one population (tier) at one player count of a ladder.
pub fn resample_seed(master: u64, players: u8, tier: usize) -> u64 {
    mix(
        mix(mix(master, 0x57AB_1E00), u64::from(players)),
        tier as u64,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_follow_the_interval() {
        assert_eq!(Verdict::of(0.21, 0.25, 0.2), Verdict::Strong);
        assert_eq!(Verdict::of(0.15, 0.19, 0.2), Verdict::Weak);
        assert_eq!(Verdict::of(0.19, 0.21, 0.2), Verdict::Even);
        assert_eq!(Verdict::of(0.2, 0.21, 0.2), Verdict::Even);
    }

    #[test]
    fn spearman_matches_hand_computations() {
        let a = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(spearman(&a, &[10.0, 20.0, 30.0, 40.0, 50.0]), Some(1.0));
        assert_eq!(spearman(&a, &[5.0, 4.0, 3.0, 2.0, 1.0]), Some(-1.0));
        // Ranks of b: 2 1 4 3 5; d² sums to 4, so rho = 1 - 6*4/(5*24) = 0.8.
        let rho = spearman(&a, &[0.2, 0.1, 0.4, 0.3, 0.5]).unwrap();
        assert!((rho - 0.8).abs() < 1e-12, "{rho}");
        // Ties take their mean rank: b's ranks are 1.5 1.5 3 4.
        let rho = spearman(&[1.0, 2.0, 3.0, 4.0], &[7.0, 7.0, 8.0, 9.0]).unwrap();
        let expected = 4.5 / (5.0f64 * 4.5).sqrt();
        assert!((rho - expected).abs() < 1e-12, "{rho} vs {expected}");
        assert_eq!(spearman(&a, &[1.0; 5]), None);
        assert_eq!(spearman(&[1.0, 2.0], &[1.0, 2.0]), None);
    }

    fn block(picked: [u32; 4], won: [u32; 4]) -> Block {
        let mut b = Block::default();
        b.picked[..4].copy_from_slice(&picked);
        b.won[..4].copy_from_slice(&won);
        b
    }

    #[test]
    fn resampling_is_deterministic_and_brackets_the_estimate() {
        // Four characters with clearly different win rates in both populations.
        let blocks: Vec<Block> = (0..60)
            .map(|i| block([10, 10, 10, 10], [1 + i % 2, 3, 5, 7 + i % 3]))
            .collect();
        let chars = [0, 1, 2, 3];
        let a = resample_win_rates(&blocks, &chars, 1);
        assert_eq!(a, resample_win_rates(&blocks, &chars, 1));
        assert_ne!(a, resample_win_rates(&blocks, &chars, 2));
        let b = resample_win_rates(&blocks, &chars, 3);
        let (lo, hi) = spearman_interval(&a, &b).unwrap();
        assert_eq!((lo, hi), (1.0, 1.0));
        // Reversed order in the second population: the interval is at -1.
        let reversed: Vec<Block> = (0..60)
            .map(|i| block([10, 10, 10, 10], [7 + i % 3, 5, 3, 1 + i % 2]))
            .collect();
        let c = resample_win_rates(&reversed, &chars, 3);
        assert_eq!(spearman_interval(&a, &c), Some((-1.0, -1.0)));
    }

    /// A tier of fewer than `MIN_BLOCKS` blocks is not resampled: from one block every
    /// replicate is the same and the interval would have no width.
    #[test]
    fn too_few_blocks_give_no_interval() {
        let chars = [0, 1, 2, 3];
        let many: Vec<Block> = (0..MIN_BLOCKS as u32)
            .map(|i| block([10, 10, 10, 10], [1 + i % 2, 3, 5, 7 + i % 3]))
            .collect();
        let few = &many[..MIN_BLOCKS - 1];
        assert!(resample_win_rates(few, &chars, 1).is_empty());
        assert!(resample_win_rates(&many[..1], &chars, 1).is_empty());
        let a = resample_win_rates(&many, &chars, 1);
        assert_eq!(a.len(), REPLICATES);
        assert!(spearman_interval(&a, &a).is_some());
        let b = resample_win_rates(few, &chars, 2);
        assert_eq!(spearman_interval(&a, &b), None);
        assert_eq!(spearman_interval(&b, &a), None);
    }

    /// Two samples of one population with noise across close win rates: the one-population
    /// correlation is well below 1 (noise reorders close characters), its 2.5% quantile below
    /// its median; with rates far apart for the noise it is 1.
    #[test]
    fn one_population_correlation_reflects_the_noise() {
        let chars = [0, 1, 2, 3];
        let noisy = |offset: usize| -> Vec<Block> {
            (0..40)
                .map(|i| {
                    // Win rates near 0.45, 0.5, 0.5, 0.55, each block's leader rotating.
                    let mut won = [9u32, 10, 10, 11];
                    won[(i + offset) % 4] += 3;
                    won[(i + offset + 2) % 4] -= 3;
                    block([20; 4], won)
                })
                .collect()
        };
        let estimate = |blocks: &[Block]| -> Vec<f64> {
            (0..4)
                .map(|c| {
                    let won: u32 = blocks.iter().map(|b| b.won[c]).sum();
                    let picked: u32 = blocks.iter().map(|b| b.picked[c]).sum();
                    f64::from(won) / f64::from(picked)
                })
                .collect()
        };
        let (a, b) = (noisy(0), noisy(1));
        let (ra, rb) = (estimate(&a), estimate(&b));
        let picks = [800u64; 4];
        let (reps_a, reps_b) = (
            resample_win_rates(&a, &chars, 1),
            resample_win_rates(&b, &chars, 2),
        );
        let sample = |rates, replicates| TierSample {
            rates,
            picks: &picks,
            replicates,
        };
        let (lo, median) =
            one_population_spearman(sample(&ra, &reps_a), sample(&rb, &reps_b)).unwrap();
        assert!(lo < median && median < 0.99, "{lo} {median}");
        // Far apart: 0.1, 0.3, 0.5, 0.7 of the picks won, with the same noise.
        let apart: Vec<Block> = (0..40)
            .map(|i| block([20; 4], [2 + i % 2, 6, 10, 14 - i % 2]))
            .collect();
        let r = estimate(&apart);
        let reps = resample_win_rates(&apart, &chars, 3);
        let reps_other = resample_win_rates(&apart, &chars, 4);
        assert_eq!(
            one_population_spearman(sample(&r, &reps), sample(&r, &reps_other)),
            Some((1.0, 1.0))
        );
        // Without replicates (too few blocks) there is nothing to say.
        assert_eq!(
            one_population_spearman(sample(&r, &[]), sample(&r, &reps)),
            None
        );
    }

    #[test]
    fn noisy_populations_give_a_wide_interval() {
        // Every character wins half its picks on average; blocks alternate which one leads,
        // so resampled rankings vary and the interval spans much of [-1, 1].
        let blocks: Vec<Block> = (0..40)
            .map(|i| {
                let mut won = [5u32; 4];
                won[i % 4] = 9;
                won[(i + 1) % 4] = 1;
                block([10; 4], won)
            })
            .collect();
        let chars = [0, 1, 2, 3];
        let a = resample_win_rates(&blocks, &chars, 5);
        let b = resample_win_rates(&blocks, &chars, 6);
        let (lo, hi) = spearman_interval(&a, &b).unwrap();
        assert!(lo < -0.3 && hi > 0.3, "{lo} {hi}");
    }
}
