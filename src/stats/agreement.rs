//! How near one population's win rates are to a reference population's (`agreement`): the
//! rank correlation, the largest gap and the distance, and the noise ceiling, what a perfect
//! imitator (a bot whose true win rates are the reference's) would show at the same sizes.

use super::stability::spearman;
use crate::engine::rng::{GameRng, mix};

/// The wins and the trials of one item: a character (its wins over its picks) or a seat (its
/// wins over its games).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u64,
    pub trials: u64,
}

impl Tally {
    pub fn rate(self) -> f64 {
        self.wins as f64 / self.trials as f64
    }
}

/// How near a sample's win rates are to a reference's, over the same items in the same order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Agreement {
    /// Spearman's rank correlation of the two lists of win rates (`None` with fewer than 3
    /// items, or when either list is constant).
    pub rank_correlation: Option<f64>,
    /// The gap of largest size, sample minus reference, in points (100 times the rates'
    /// difference); the first item of that size when several share it.
    pub largest_gap: f64,
    /// Which item has it (an index into the lists).
    pub largest_gap_at: usize,
    /// The sum over items of the squared gap over its variance under equal rates, the pooled
    /// rate's binomial variance `p(1-p)(1/n + 1/m)` (Pearson's chi-square of each item's
    /// 2x2 table of wins and losses, summed; an item with a pooled rate of 0 or 1 adds 0).
    /// When the two differ by binomial noise alone it is near the number of items.
    pub distance: f64,
}

/// The agreement of `sample` with `reference`, item by item (equally long, not empty, every
/// item with at least one trial on each side).
pub fn agreement(reference: &[Tally], sample: &[Tally]) -> Agreement {
    assert_eq!(reference.len(), sample.len(), "paired lists");
    assert!(!reference.is_empty(), "at least one item");
    let a: Vec<f64> = reference.iter().map(|t| t.rate()).collect();
    let b: Vec<f64> = sample.iter().map(|t| t.rate()).collect();
    let mut largest_gap_at = 0;
    let mut distance = 0.0;
    for (i, (r, s)) in reference.iter().zip(sample).enumerate() {
        if (b[i] - a[i]).abs() > (b[largest_gap_at] - a[largest_gap_at]).abs() {
            largest_gap_at = i;
        }
        let (n, m) = (r.trials as f64, s.trials as f64);
        let pooled = (r.wins + s.wins) as f64 / (n + m);
        let variance = pooled * (1.0 - pooled) * (1.0 / n + 1.0 / m);
        if variance > 0.0 {
            distance += (b[i] - a[i]).powi(2) / variance;
        }
    }
    Agreement {
        rank_correlation: spearman(&a, &b),
        largest_gap: (b[largest_gap_at] - a[largest_gap_at]) * 100.0,
        largest_gap_at,
        distance,
    }
}

/// The median and the 2.5% and 97.5% quantiles of a figure over replicates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub median: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Spread {
    /// `None` for no values.
    fn of(mut values: Vec<f64>) -> Option<Spread> {
        if values.is_empty() {
            return None;
        }
        values.sort_by(f64::total_cmp);
        let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
        Some(Spread {
            median: at(0.5),
            lo: at(0.025),
            hi: at(0.975),
        })
    }
}

/// The agreement targets of the default bot (docs/bots.md, "The policy bot"): a rank
/// correlation of at least 0.9 and no gap over 1.5 points.
pub const TARGET_RANK_CORRELATION: f64 = 0.9;
pub const TARGET_GAP: f64 = 1.5;

/// What a perfect imitator would show against the reference (`noise_ceiling`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ceiling {
    /// `None` when fewer than half the replicates have a rank correlation.
    pub rank_correlation: Option<Spread>,
    /// The size of the largest gap, in points (unsigned).
    pub largest_gap: Spread,
    pub distance: Spread,
    /// The share of the replicates whose rank correlation reaches `TARGET_RANK_CORRELATION`
    /// (one without a rank correlation does not).
    pub meets_rank_correlation: f64,
    /// The share whose largest gap is within `TARGET_GAP`.
    pub meets_largest_gap: f64,
}

/// The noise ceiling of an agreement: a parametric bootstrap in which the truth is the
/// reference's observed win rates. Each of `replicates` replicates draws a reference of the
/// reference's trials and a perfect imitator's sample of `sample_trials` (item by item), each
/// item's wins binomial at its true rate, and measures their `agreement`. Deterministic in
/// `seed`. `replicates` must be positive and `reference` not empty, each trial count positive.
///
/// The observed rates spread wider than the true ones (they add the reference's own noise),
/// and the picks of one game are not independent trials, so the ceiling is somewhat
/// optimistic: a real imitator would reach it a little less often.
pub fn noise_ceiling(
    reference: &[Tally],
    sample_trials: &[u64],
    replicates: usize,
    seed: u64,
) -> Ceiling {
    assert_eq!(reference.len(), sample_trials.len(), "paired lists");
    assert!(replicates > 0 && !reference.is_empty());
    let truth: Vec<f64> = reference.iter().map(|t| t.rate()).collect();
    let mut rng = GameRng::new(mix(seed, 0xA6EE));
    let draw = |rng: &mut GameRng, trials: u64, p: f64| Tally {
        wins: binomial(rng, trials, p),
        trials,
    };
    let (mut rhos, mut gaps, mut distances) = (Vec::new(), Vec::new(), Vec::new());
    let (mut a, mut b) = (reference.to_vec(), reference.to_vec());
    for _ in 0..replicates {
        for (i, &p) in truth.iter().enumerate() {
            a[i] = draw(&mut rng, reference[i].trials, p);
            b[i] = draw(&mut rng, sample_trials[i], p);
        }
        let found = agreement(&a, &b);
        rhos.extend(found.rank_correlation);
        gaps.push(found.largest_gap.abs());
        distances.push(found.distance);
    }
    let share = |values: &[f64], meets: &dyn Fn(f64) -> bool| {
        values.iter().filter(|&&v| meets(v)).count() as f64 / replicates as f64
    };
    let meets_rank_correlation = share(&rhos, &|r| r >= TARGET_RANK_CORRELATION);
    let meets_largest_gap = share(&gaps, &|g| g <= TARGET_GAP);
    let rank_correlation = if rhos.len() * 2 >= replicates {
        Spread::of(rhos)
    } else {
        None
    };
    Ceiling {
        rank_correlation,
        largest_gap: Spread::of(gaps).expect("one replicate or more"),
        distance: Spread::of(distances).expect("one replicate or more"),
        meets_rank_correlation,
        meets_largest_gap,
    }
}

/// Below this expected count of the rarer outcome a binomial is drawn exactly (by inversion),
/// above it by the normal approximation (its error there is well below the figures' noise).
const EXACT_BELOW: f64 = 30.0;

/// A binomial draw: the successes in `n` trials of chance `p`.
fn binomial(rng: &mut GameRng, n: u64, p: f64) -> u64 {
    if p > 0.5 {
        return n - binomial(rng, n, 1.0 - p);
    }
    let nf = n as f64;
    if nf * p < EXACT_BELOW {
        // Inversion: walk the distribution from 0 until it passes a uniform draw. With
        // p <= 0.5 and np < 30, (1-p)^n stays above e^-45: no underflow.
        let u = uniform(rng);
        let (mut k, mut mass) = (0u64, (1.0 - p).powf(nf));
        let mut cumulative = mass;
        while u > cumulative && k < n {
            mass *= (nf - k as f64) / (k as f64 + 1.0) * p / (1.0 - p);
            k += 1;
            cumulative += mass;
        }
        return k;
    }
    let draw = nf * p + normal(rng) * (nf * p * (1.0 - p)).sqrt();
    draw.round().clamp(0.0, nf) as u64
}

/// A uniform number in [0, 1), from 53 random bits.
fn uniform(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A standard normal draw (Box-Muller, from two uniforms, the first in (0, 1]).
fn normal(rng: &mut GameRng) -> f64 {
    let (u1, u2) = (1.0 - uniform(rng), uniform(rng));
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tallies(rows: &[(u64, u64)]) -> Vec<Tally> {
        rows.iter()
            .map(|&(wins, trials)| Tally { wins, trials })
            .collect()
    }

    /// The largest gap is signed (sample minus reference) and located; the rank correlation
    /// follows the order of the win rates; the distance is the summed 2x2 chi-square.
    #[test]
    fn agreement_locates_the_largest_gap() {
        let reference = tallies(&[(30, 100), (25, 100), (20, 100)]);
        let sample = tallies(&[(31, 100), (22, 100), (20, 100)]);
        let found = agreement(&reference, &sample);
        assert_eq!(found.rank_correlation, Some(1.0));
        assert!((found.largest_gap - -3.0).abs() < 1e-9, "{found:?}");
        assert_eq!(found.largest_gap_at, 1);
        let term = |w: u64, v: u64| {
            let p = (w + v) as f64 / 200.0;
            ((w as f64 - v as f64) / 100.0).powi(2) / (p * (1.0 - p) * 0.02)
        };
        let distance = term(30, 31) + term(25, 22);
        assert!((found.distance - distance).abs() < 1e-9, "{found:?}");
        let reversed = tallies(&[(20, 100), (25, 100), (30, 100)]);
        assert_eq!(
            agreement(&reference, &reversed).rank_correlation,
            Some(-1.0)
        );
        // A sample against itself: no gap, no distance.
        let same = agreement(&reference, &reference);
        assert_eq!((same.largest_gap, same.distance), (0.0, 0.0));
        // A pooled rate of 0 or 1 adds nothing, and two items have no rank correlation.
        let extreme = agreement(&tallies(&[(0, 10), (5, 5)]), &tallies(&[(0, 20), (9, 9)]));
        assert_eq!((extreme.distance, extreme.rank_correlation), (0.0, None));
    }

    /// The 2x2 chi-square of one item, on a table worked by hand: 40 of 100 against 60 of
    /// 100, pooled 0.5, so (0.2)^2 / (0.25 * 0.02) = 8.
    #[test]
    fn distance_matches_a_hand_computation() {
        let found = agreement(&tallies(&[(40, 100)]), &tallies(&[(60, 100)]));
        assert!((found.distance - 8.0).abs() < 1e-9, "{found:?}");
    }

    /// The binomial draws have the mean and the variance of the binomial, on both sides of
    /// the exact/approximate boundary.
    #[test]
    fn binomial_draws_have_the_binomial_moments() {
        let mut rng = GameRng::new(3);
        for (n, p) in [(20u64, 0.3), (200, 0.1), (5000, 0.25), (40, 0.9)] {
            let draws: Vec<f64> = (0..20_000)
                .map(|_| binomial(&mut rng, n, p) as f64)
                .collect();
            let mean = draws.iter().sum::<f64>() / draws.len() as f64;
            let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / draws.len() as f64;
            let (m, v) = (n as f64 * p, n as f64 * p * (1.0 - p));
            assert!(
                (mean - m).abs() < 4.0 * (v / 20_000.0).sqrt(),
                "{n} {p}: {mean}"
            );
            assert!((var / v - 1.0).abs() < 0.05, "{n} {p}: {var} against {v}");
            assert!(draws.iter().all(|&x| x <= n as f64));
        }
        assert_eq!(binomial(&mut rng, 50, 0.0), 0);
        assert_eq!(binomial(&mut rng, 50, 1.0), 50);
    }

    /// Eight characters at win rates one point apart, as a 5-player cast.
    fn reference(games: u64) -> Vec<Tally> {
        (0..8)
            .map(|i| {
                let trials = games * 5 / 8;
                let rate = 0.17 + 0.01 * i as f64;
                Tally {
                    wins: (rate * trials as f64).round() as u64,
                    trials,
                }
            })
            .collect()
    }

    #[test]
    fn the_ceiling_is_deterministic_in_its_seed() {
        let r = reference(3000);
        let trials = vec![10_000; 8];
        let a = noise_ceiling(&r, &trials, 200, 1);
        assert_eq!(a, noise_ceiling(&r, &trials, 200, 1));
        assert_ne!(a, noise_ceiling(&r, &trials, 200, 2));
    }

    /// Fewer reference games, more noise: the perfect imitator's rank correlation falls and
    /// its largest gap grows; the distance stays near the number of items (its expectation
    /// under equal rates) whatever the sizes.
    #[test]
    fn the_ceiling_falls_as_the_reference_shrinks() {
        let trials = vec![12_500; 8];
        let ceiling = |games| noise_ceiling(&reference(games), &trials, 1000, 7);
        let (big, small) = (ceiling(20_000), ceiling(1_000));
        let (rho_big, rho_small) = (
            big.rank_correlation.unwrap(),
            small.rank_correlation.unwrap(),
        );
        assert!(rho_big.median > rho_small.median, "{big:?} {small:?}");
        assert!(big.largest_gap.median < small.largest_gap.median);
        for c in [big, small] {
            let (rho, gap, distance) = (c.rank_correlation.unwrap(), c.largest_gap, c.distance);
            assert!(rho.lo <= rho.median && rho.median <= rho.hi, "{c:?}");
            assert!(gap.lo <= gap.median && gap.median <= gap.hi, "{c:?}");
            assert!((5.0..11.0).contains(&distance.median), "{c:?}");
        }
        // Rates one point apart over 12,500 picks a side: the order mostly holds.
        assert!(rho_big.median > 0.9, "{big:?}");
        // The targets are met more often against the larger reference.
        assert!(big.meets_rank_correlation > small.meets_rank_correlation);
        assert!(big.meets_largest_gap > small.meets_largest_gap);
        assert!(big.meets_largest_gap > 0.9, "{big:?}");
    }

    /// Equal true rates: no order to find, the imitator's rank correlation centres near 0.
    #[test]
    fn equal_rates_give_a_ceiling_near_zero_order() {
        let r = tallies(&[(200, 1000); 8]);
        let c = noise_ceiling(&r, &[1000; 8], 1000, 5);
        let rho = c.rank_correlation.unwrap();
        assert!(
            rho.median.abs() < 0.15 && rho.lo < -0.5 && rho.hi > 0.5,
            "{c:?}"
        );
        assert!(c.meets_rank_correlation < 0.05, "{c:?}");
    }
}
