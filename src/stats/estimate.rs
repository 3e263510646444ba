//! Estimates from counts: the Wilson score interval for a proportion.

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score 95% interval `(lo, hi)` for `successes` out of `trials`.
///
/// With `trials == 0` there is no information and the result is the whole range `(0.0, 1.0)`;
/// the result is never NaN. Bounds are clamped to `[0, 1]`. `successes` must not exceed
/// `trials` (it is clamped if it does).
pub fn wilson(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes.min(trials) as f64 / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// `num / den`, or `None` when `den` is zero.
pub fn ratio(num: u64, den: u64) -> Option<f64> {
    (den != 0).then(|| num as f64 / den as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: (f64, f64), want: (f64, f64)) {
        assert!(
            (got.0 - want.0).abs() < 1e-9 && (got.1 - want.1).abs() < 1e-9,
            "got {got:?}, want {want:?}"
        );
    }

    #[test]
    fn known_values() {
        // Reference values computed from the closed form (and the textbook 0/10 -> 0.2775).
        close(wilson(0, 10), (0.0, 0.277_532_799_862_889_2));
        close(
            wilson(5, 10),
            (0.236_593_090_512_564, 0.763_406_909_487_436_1),
        );
        close(wilson(10, 10), (0.722_467_200_137_110_7, 1.0));
        close(
            wilson(81, 263),
            (0.255_288_519_878_274_2, 0.366_209_576_982_8),
        );
        close(
            wilson(50, 100),
            (0.403_831_530_365_995_6, 0.596_168_469_634_004_4),
        );
        close(
            wilson(600, 1000),
            (0.569_309_429_514_266_2, 0.629_925_218_788_622_6),
        );
    }

    #[test]
    fn no_trials_is_the_whole_range() {
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn bounds_stay_in_range_and_contain_the_estimate() {
        for n in 1..60u64 {
            for k in 0..=n {
                let (lo, hi) = wilson(k, n);
                let p = k as f64 / n as f64;
                assert!((0.0..=1.0).contains(&lo) && (0.0..=1.0).contains(&hi));
                assert!(lo <= p + 1e-12 && p <= hi + 1e-12, "{k}/{n}");
            }
        }
    }

    #[test]
    fn ratio_of_zero_is_none() {
        assert_eq!(ratio(3, 0), None);
        assert_eq!(ratio(1, 4), Some(0.25));
    }
}
