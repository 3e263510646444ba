//! Differences of two rates for `compare` and the ladder's steps between tiers: Newcombe's
//! interval from the two sides' Wilson intervals (computed from their exact counts), a
//! matching p-value, and Holm's correction over the rows of a table.

use super::estimate::{Z95, erfc};

/// A rate and its 95% Wilson interval, computed from its counts (for rates over picks,
/// cities or a bot's seats, clustered by game: `ClusterSums::interval`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

/// A difference `b - a` with its 95% interval and a two-sided p-value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    pub delta: f64,
    pub lo: f64,
    pub hi: f64,
    pub p_value: f64,
}

/// Newcombe's hybrid score interval for `b - a` (Newcombe 1998, method 10): each side's
/// distance to its own Wilson bound, combined in quadrature. It treats the two samples as
/// independent; `compare` plays both sides on the same seeds, which makes it conservative
/// where the two sides' values vary together and leaves it nominal where they do not.
///
/// The p-value is the normal tail of `delta / se`, where `se` is the half-width on the
/// side of zero divided by z(0.975): `p < 0.05` exactly when the interval excludes zero.
pub fn newcombe(a: Interval, b: Interval) -> Difference {
    let delta = b.value - a.value;
    let below = ((b.value - b.lo).powi(2) + (a.hi - a.value).powi(2)).sqrt();
    let above = ((b.hi - b.value).powi(2) + (a.value - a.lo).powi(2)).sqrt();
    let toward_zero = if delta >= 0.0 { below } else { above };
    let p_value = if toward_zero > 0.0 {
        erfc((delta.abs() / (toward_zero / Z95)) / std::f64::consts::SQRT_2)
    } else if delta == 0.0 {
        1.0
    } else {
        0.0
    };
    Difference {
        delta,
        lo: delta - below,
        hi: delta + above,
        p_value: p_value.clamp(0.0, 1.0),
    }
}

/// Holm's step-down adjusted p-values (same order as `p_values`): a row is significant at
/// family-wise level `alpha` when its adjusted p-value is below `alpha`. Holm controls the
/// chance of any false "significant" among the rows at `alpha`, like Bonferroni, and is
/// never less powerful.
pub fn holm(p_values: &[f64]) -> Vec<f64> {
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| p_values[i].total_cmp(&p_values[j]).then(i.cmp(&j)));
    let mut adjusted = vec![0.0; m];
    let mut running = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The family-wise level of `compare`'s `significant` flag and the ladder's `changed`.
pub const ALPHA: f64 = 0.05;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::estimate::wilson;

    fn side(k: u64, n: u64) -> Interval {
        let (lo, hi) = wilson(k, n);
        Interval {
            value: k as f64 / n as f64,
            lo,
            hi,
        }
    }

    #[test]
    fn newcombe_matches_the_published_example() {
        // Newcombe (1998), table II example (b): 56/70 - 48/80 = 0.2, 95% CI 0.0524 to 0.3339
        // (method 10).
        let d = newcombe(side(48, 80), side(56, 70));
        assert!((d.delta - 0.2).abs() < 1e-12);
        assert!((d.lo - 0.0524).abs() < 5e-5, "{d:?}");
        assert!((d.hi - 0.3339).abs() < 5e-5, "{d:?}");
    }

    #[test]
    fn the_p_value_agrees_with_the_interval() {
        for (a, b) in [
            ((480, 1000), (520, 1000)),
            ((50, 100), (64, 100)),
            ((3, 30), (0, 30)),
        ] {
            let d = newcombe(side(a.0, a.1), side(b.0, b.1));
            let excludes_zero = d.lo > 0.0 || d.hi < 0.0;
            assert_eq!(d.p_value < 0.05, excludes_zero, "{a:?} {b:?} {d:?}");
        }
        let same = newcombe(side(30, 100), side(30, 100));
        assert_eq!(same.p_value, 1.0);
        assert!((erfc(1.959_963_984_540_054 / std::f64::consts::SQRT_2) - 0.05).abs() < 1e-7);
    }

    #[test]
    fn holm_steps_down() {
        // m = 4: sorted 0.01*4, 0.02*3, 0.03*2 -> 0.04, 0.06, 0.06 (monotone), 0.5.
        let adjusted = holm(&[0.03, 0.5, 0.01, 0.02]);
        let want = [0.06, 0.5, 0.04, 0.06];
        for (got, want) in adjusted.iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{adjusted:?}");
        }
        assert!(holm(&[]).is_empty());
    }
}
