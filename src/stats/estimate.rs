//! Estimates from counts: the Wilson score interval for a proportion, plain or with the
//! games as clusters (a design-effect-corrected Wilson interval for rates over picks).
//!
//! **Clustered rates.** Many rates are counted over trials that are not independent: a
//! character's win rate counts one trial per pick, and one player's picks across the rounds
//! of a game share that game's outcome, while the players of one game share a deal (and
//! only one of them wins). Games are independent, so the game is the cluster. For a rate
//! `r = W / N` with per-game counts `w_g` (successes) and `n_g` (trials), the linearization
//! (ratio-estimator, sandwich) variance is
//!
//! `Var(r) = sum_g (w_g - r n_g)^2 / N^2`,
//!
//! which needs only the three per-game sums `sum w_g^2`, `sum w_g n_g`, `sum n_g^2`
//! (`ClusterSums`), integers that add up exactly in any order. The design effect is
//! `deff = Var(r) / (r (1 - r) / N)`, the variance relative to that of `N` independent
//! trials, and the interval is the Wilson interval with the effective number of trials
//! `N / deff`. Choices:
//! - The usual small-sample factor `G / (G - 1)` (G games) is left out of both variances
//!   (the clustered one and the binomial one it is compared with), so it cancels in `deff`:
//!   with one trial per game (`n_g` = 1) `deff` is exactly 1 and the interval is exactly the
//!   plain Wilson interval. With the thousands of games of a run it would change nothing.
//! - `deff` is computed exactly in 128-bit integers (`N^2 sum w^2 - 2 N W sum wn + W^2 sum
//!   n^2` over `N W (N - W)`), so it does not depend on float rounding; only on an overflow
//!   (far beyond any run) is it computed in floating point instead.
//! - `deff` may go below 1: negative correlation within a game is real (one winner per game,
//!   so the seats of one bot, or the several cities holding one district, rarely win
//!   together), and flooring it at 1 would make those intervals too wide. It is undefined,
//!   and taken as 1 (the plain Wilson interval), when there are no trials, when `r` is 0 or
//!   1, and when the residual sum is 0 (every game had the same rate, as with a single game
//!   holding every trial): no measured variation is not taken as no uncertainty.
//! - Like any variance estimated from the games, it is itself uncertain with few games (tens
//!   of games with trials); with the thousands of a run it is accurate.

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
    wilson_effective(successes.min(trials) as f64 / n, n)
}

/// The Wilson interval of the rate `p` as if it came from `n` independent trials (`n > 0`,
/// possibly fractional or infinite).
fn wilson_effective(p: f64, n: f64) -> (f64, f64) {
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// The totals of a rate counted over clustered trials and the per-game sums of products
/// that give its cluster-robust variance (see the module comment): `successes` = `W` =
/// `sum w_g`, `trials` = `N` = `sum n_g`, and `sum w_g^2`, `sum w_g n_g`, `sum n_g^2` over
/// the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClusterSums {
    pub successes: u64,
    pub trials: u64,
    pub successes_sq: u64,
    pub cross: u64,
    pub trials_sq: u64,
}

impl ClusterSums {
    /// The sums of one game with `successes` out of `trials` (to add up over the games).
    pub fn game(successes: u64, trials: u64) -> ClusterSums {
        ClusterSums {
            successes,
            trials,
            successes_sq: successes * successes,
            cross: successes * trials,
            trials_sq: trials * trials,
        }
    }

    /// The design effect `deff`: the cluster-robust variance of `W / N` over the variance
    /// of `N` independent trials; 1 where it is undefined (see the module comment).
    pub fn design_effect(&self) -> f64 {
        let (w, n) = (self.successes, self.trials);
        if n == 0 || w == 0 || w >= n {
            return 1.0;
        }
        let exact = || -> Option<(i128, i128)> {
            let (w, n) = (i128::from(w), i128::from(n));
            let residual = n
                .checked_mul(n)?
                .checked_mul(i128::from(self.successes_sq))?
                .checked_sub(
                    n.checked_mul(w)?
                        .checked_mul(2)?
                        .checked_mul(i128::from(self.cross))?,
                )?
                .checked_add(w.checked_mul(w)?.checked_mul(i128::from(self.trials_sq))?)?;
            Some((residual, n.checked_mul(w)?.checked_mul(n - w)?))
        };
        // N^2 sum (w_g - r n_g)^2 and N^2 * N r (1 - r), both exact.
        let (residual, binomial) = match exact() {
            Some((residual, binomial)) => (residual as f64, binomial as f64),
            None => {
                let r = w as f64 / n as f64;
                let residual = self.successes_sq as f64 - 2.0 * r * self.cross as f64
                    + r * r * self.trials_sq as f64;
                (residual, n as f64 * r * (1.0 - r))
            }
        };
        if residual <= 0.0 {
            return 1.0;
        }
        residual / binomial
    }

    /// The cluster-robust variance of `W / N`, `deff r (1 - r) / N`; `None` without trials.
    pub fn variance(&self) -> Option<f64> {
        let r = ratio(self.successes.min(self.trials), self.trials)?;
        Some(self.design_effect() * r * (1.0 - r) / self.trials as f64)
    }

    /// The 95% Wilson interval of `W / N` with the effective number of trials `N / deff`;
    /// the plain `wilson` when `deff` is 1 (the whole range without trials).
    pub fn interval(&self) -> (f64, f64) {
        let deff = self.design_effect();
        if deff == 1.0 || self.trials == 0 {
            return wilson(self.successes, self.trials);
        }
        let n = self.trials as f64;
        wilson_effective(self.successes.min(self.trials) as f64 / n, n / deff)
    }
}

impl std::ops::AddAssign for ClusterSums {
    fn add_assign(&mut self, b: ClusterSums) {
        self.successes += b.successes;
        self.trials += b.trials;
        self.successes_sq += b.successes_sq;
        self.cross += b.cross;
        self.trials_sq += b.trials_sq;
    }
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom (the half-width of a 95%
/// interval in standard errors), by the Cornish-Fisher expansion around the normal's
/// (Abramowitz and Stegun 26.7.5, four terms): within 1e-4 of the tables from 10 degrees
/// of freedom (2.2281 at 10, 2.0395 at 31).
pub fn t_975(df: u64) -> f64 {
    let z = Z95;
    let (z3, z5, z7, z9) = (z.powi(3), z.powi(5), z.powi(7), z.powi(9));
    let g1 = (z3 + z) / 4.0;
    let g2 = (5.0 * z5 + 16.0 * z3 + 3.0 * z) / 96.0;
    let g3 = (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / 384.0;
    let g4 = (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / 92_160.0;
    let n = df as f64;
    z + g1 / n + g2 / n.powi(2) + g3 / n.powi(3) + g4 / n.powi(4)
}

/// `P(X > x)` for `X` chi-square with `df` degrees of freedom (1 or more), in closed form:
/// for even `df`, `e^(-x/2) sum_(i < df/2) (x/2)^i / i!`; for odd `df`,
/// `erfc(sqrt(x/2)) + e^(-x/2) sum_(i=1..(df-1)/2) (x/2)^(i-1/2) / Gamma(i + 1/2)`.
pub fn chi_square_tail(x: f64, df: u32) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let half = x / 2.0;
    // The series' first term, its first divisor (each term is the last times half / i, i
    // growing by 1), its number of terms, and what stands beside it.
    let (first, mut i, terms, base) = if df.is_multiple_of(2) {
        (1.0, 1.0, df / 2, 0.0)
    } else {
        let first = half.sqrt() / (std::f64::consts::PI.sqrt() / 2.0);
        (first, 1.5, (df - 1) / 2, erfc(half.sqrt()))
    };
    let (mut term, mut sum) = (first, 0.0);
    for _ in 0..terms {
        sum += term;
        term *= half / i;
        i += 1.0;
    }
    (base + (-half).exp() * sum).clamp(0.0, 1.0)
}

/// The complementary error function (Numerical Recipes' `erfcc`, fractional error below
/// 1.2e-7 everywhere), enough for p-values (compare's, the seats' test).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// `num / den`, or `None` when `den` is zero.
pub fn ratio(num: u64, den: u64) -> Option<f64> {
    (den != 0).then(|| num as f64 / den as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 95% critical values of chi-square with 1 to 7 degrees of freedom (tables) have a
    /// tail of 0.05; and the tail at 0 is 1.
    /// Student's t 97.5% quantiles from the tables.
    #[test]
    fn t_quantiles_match_the_tables() {
        for (df, table) in [
            (10, 2.228_139),
            (20, 2.085_963),
            (31, 2.039_513),
            (100, 1.983_972),
        ] {
            assert!((t_975(df) - table).abs() < 1e-4, "{df}: {}", t_975(df));
        }
    }

    #[test]
    fn chi_square_tails_match_the_tables() {
        let critical = [
            3.841_459, 5.991_465, 7.814_728, 9.487_729, 11.070_50, 12.591_59, 14.067_14,
        ];
        for (df, x) in (1..).zip(critical) {
            let p = chi_square_tail(x, df);
            assert!((p - 0.05).abs() < 1e-6, "df {df}: {p}");
        }
        assert_eq!(chi_square_tail(0.0, 3), 1.0);
        // df 2: e^(-x/2) exactly.
        assert!((chi_square_tail(10.0, 2) - (-5.0f64).exp()).abs() < 1e-15);
    }

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

    /// The sums of games given as `(successes, trials)`.
    fn clustered(games: &[(u64, u64)]) -> ClusterSums {
        let mut sums = ClusterSums::default();
        for &(w, n) in games {
            sums += ClusterSums::game(w, n);
        }
        sums
    }

    #[test]
    fn the_clustered_variance_matches_a_hand_computation() {
        // Three games: 3 of 3, 0 of 2, 1 of 1. r = 4/6 = 2/3; residuals 1, -4/3, 1/3:
        // sum of squares 26/9, Var = 26/9 / 6^2 = 26/324. Binomial: (2/3)(1/3)/6 = 1/27, so
        // deff = 26 * 27 / 324 = 13/6.
        let sums = clustered(&[(3, 3), (0, 2), (1, 1)]);
        assert_eq!(
            sums,
            ClusterSums {
                successes: 4,
                trials: 6,
                successes_sq: 10,
                cross: 10,
                trials_sq: 14
            }
        );
        assert!((sums.design_effect() - 13.0 / 6.0).abs() < 1e-15);
        assert!((sums.variance().unwrap() - 26.0 / 324.0).abs() < 1e-15);
        // The Wilson interval of 2/3 with 6 / (13/6) = 36/13 effective trials.
        let (n, p, z2) = (36.0 / 13.0, 2.0 / 3.0, Z95 * Z95);
        let center = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        close(sums.interval(), (center - half, (center + half).min(1.0)));
        // Wider than the plain Wilson interval of 4 of 6, as deff > 1.
        let (lo, hi) = wilson(4, 6);
        let (clo, chi) = sums.interval();
        assert!(clo < lo && chi > hi);
    }

    #[test]
    fn one_trial_per_game_is_the_plain_wilson_interval() {
        // Any mix of games with one trial (won or not) and games without trials.
        for games in 1..40u64 {
            for wins in 0..=games {
                let mut list: Vec<(u64, u64)> =
                    (0..games).map(|g| ((g < wins) as u64, 1)).collect();
                list.push((0, 0));
                let sums = clustered(&list);
                assert_eq!(sums.design_effect(), 1.0, "{wins}/{games}");
                assert_eq!(sums.interval(), wilson(wins, games), "{wins}/{games}");
            }
        }
    }

    #[test]
    fn negative_correlation_narrows_and_degenerate_cases_are_plain_wilson() {
        // Two seats of one bot, one winner per game, sometimes both (a shared win): the
        // rate hardly varies between games, so deff is far below 1.
        let mut list = vec![(1, 2); 90];
        list.extend([(2, 2); 10]);
        let sums = clustered(&list);
        assert!(sums.design_effect() < 0.2, "{}", sums.design_effect());
        let (lo, hi) = sums.interval();
        let (wlo, whi) = wilson(110, 200);
        assert!(lo > wlo && hi < whi && lo < 0.55 && 0.55 < hi);
        // No variation between games, no trials, or r at 0 or 1: the plain Wilson interval.
        for list in [
            vec![(1, 2); 50],
            vec![],
            vec![(0, 3); 5],
            vec![(3, 3), (1, 1)],
        ] {
            let sums = clustered(&list);
            assert_eq!(sums.design_effect(), 1.0, "{list:?}");
            assert_eq!(sums.interval(), wilson(sums.successes, sums.trials));
        }
        assert_eq!(ClusterSums::default().variance(), None);
    }

    #[test]
    fn sums_too_large_for_exact_arithmetic_still_give_a_design_effect() {
        // Products beyond i128: the floating-point path gives the same deff as the exact one
        // on the scaled-down sums (every sum times k, trials and successes times k too,
        // keeps r and deff up to the factor's effect on the residual: both scale alike).
        let small = clustered(&[(3, 3), (0, 2), (1, 1)]);
        let k = 1u64 << 40;
        let big = ClusterSums {
            successes: small.successes * k,
            trials: small.trials * k,
            successes_sq: small.successes_sq * k,
            cross: small.cross * k,
            trials_sq: small.trials_sq * k,
        };
        assert!((big.design_effect() - small.design_effect()).abs() < 1e-9);
    }

    #[test]
    fn ratio_of_zero_is_none() {
        assert_eq!(ratio(3, 0), None);
        assert_eq!(ratio(1, 4), Some(0.25));
    }
}
