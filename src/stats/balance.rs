//! The balance index of a player count and its seat spread, with 95% intervals.
//!
//! Both are shares like the win rates they come from (0.0866 is 8.66 percentage points;
//! summaries print points).
//!
//! **Balance index**: the pick-weighted root-mean-square deviation of the characters' win
//! rates when picked from the even share 1/N:
//! `B = sqrt(sum_c w_c (p_c - 1/N)^2)` with `p_c = W_c / P_c` (picks by a winner over
//! picks of character c) and `w_c = P_c / P` (its share of all picks). The pick-weighted
//! mean of the `p_c` is 1/N by construction (one winner per game), so `B` measures only the
//! spread: 0 when every character wins as often as the others.
//!
//! **Seat spread**: the best minus the worst seat's win rate (seats counted from the first
//! crown holder).
//!
//! **Intervals**: the delta method, with the variance of the totals estimated from the
//! games as independent units (a cluster-robust "sandwich" variance: the picks of one game,
//! and the wins of its seats, are correlated, so picks are not treated as independent).
//! `Stats` adds, for every finished game, the products `v_i v_j` of the game's vector
//! `v = (W_c for each character, P_c for each character, 1 if relative seat s won)` into
//! `moments` (integer sums, so the result is the same whatever the thread count or chunk
//! order). With `T` the totals and `n` the finished games, `Cov(T) = (S - T T'/n) n/(n-1)`,
//! and the variance of an index is `g' Cov(T) g` with `g` its gradient in `T`. The interval
//! is the estimate +- 1.96 standard errors, cut at 0. Caveats: the seat spread treats the
//! best and the worst seat as known in advance (it ignores that they were picked as the
//! extremes, so it is optimistic when seats are close), and both indices are biased upward
//! by sampling noise (an exactly balanced game measured on few games shows B > 0); neither
//! interval means much when its estimate is within a standard error of 0.

use super::Stats;
use super::estimate::{Z95, chi_square_tail, t_975};
use super::record::MAX_PLAYERS;
use crate::engine::ids::Character;

/// Entries of a game's moment vector: picks by winners and picks per character, then a win
/// per relative seat.
pub const DIM: usize = 2 * Character::COUNT + MAX_PLAYERS;
/// The packed upper triangle of the moment matrix (`i <= j`).
pub const MOMENTS: usize = DIM * (DIM + 1) / 2;

/// Index of the winners' picks of character `c` in the moment vector.
pub fn won_dim(c: usize) -> usize {
    c
}

/// Index of the picks of character `c`.
pub fn picks_dim(c: usize) -> usize {
    Character::COUNT + c
}

/// Index of a win of relative seat `s`.
pub fn seat_dim(s: usize) -> usize {
    2 * Character::COUNT + s
}

/// Position of `(i, j)`, `i <= j`, in the packed upper triangle.
pub fn packed(i: usize, j: usize) -> usize {
    debug_assert!(i <= j && j < DIM);
    i * DIM - i * i.saturating_sub(1) / 2 + j - i
}

/// An estimate (a share: 0.05 is 5 points) with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

/// The balance of one player count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Balance {
    /// `None` without picks in at least two finished games.
    pub index: Option<Spread>,
    /// `None` with fewer than two finished games.
    pub seat_spread: Option<Spread>,
    /// The p-value of the test that every seat wins equally often (`seat_test`); `None`
    /// with fewer than two finished games or seats whose wins do not vary.
    pub seat_p_value: Option<f64>,
}

/// The totals of the moment vector over a set of finished games: what the balance index
/// and the seat spread are computed from. Integer sums, so groups of games can be added and
/// taken away exactly (`rank`'s jackknife leaves one group out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    pub players: u8,
    /// Finished games.
    pub games: u64,
    pub sums: [u64; DIM],
}

impl Totals {
    /// The totals of a player count's counters.
    pub fn of(stats: &Stats) -> Totals {
        let mut sums = [0; DIM];
        for (c, ch) in stats.characters.iter().enumerate() {
            sums[won_dim(c)] = ch.picks_won;
            sums[picks_dim(c)] = ch.picked;
        }
        for (s, seat) in stats.seats.iter().enumerate() {
            sums[seat_dim(s)] = seat.wins;
        }
        Totals {
            players: stats.players,
            games: stats.finished(),
            sums,
        }
    }

    /// These totals without the games of `part` (a subset of them).
    pub fn without(&self, part: &Totals) -> Totals {
        let mut out = *self;
        out.games -= part.games;
        for (a, b) in out.sums.iter_mut().zip(&part.sums) {
            *a -= b;
        }
        out
    }

    fn get(&self, i: usize) -> f64 {
        self.sums[i] as f64
    }

    /// The balance index and, for its interval, its gradient in the totals; `None` without
    /// picks.
    fn index(&self) -> Option<(f64, Vec<(usize, f64)>)> {
        let even = 1.0 / f64::from(self.players.max(1));
        let total: f64 = (0..Character::COUNT).map(|c| self.get(picks_dim(c))).sum();
        if total == 0.0 {
            return None;
        }
        // F = (1/P) sum_c P_c d_c^2, d_c = W_c / P_c - 1/N.
        let picked = || (0..Character::COUNT).filter(|&c| self.sums[picks_dim(c)] > 0);
        let d = |c: usize| self.get(won_dim(c)) / self.get(picks_dim(c)) - even;
        let f: f64 = picked()
            .map(|c| self.get(picks_dim(c)) * d(c) * d(c))
            .sum::<f64>()
            / total;
        let b = f.sqrt();
        if b == 0.0 {
            return Some((0.0, Vec::new()));
        }
        // dF/dW_c = 2 d_c / P; dF/dP_c = (-2 d_c / N - d_c^2 - F) / P; dB = dF / (2B).
        let mut gradient = Vec::with_capacity(2 * Character::COUNT);
        for c in picked() {
            let dc = d(c);
            gradient.push((won_dim(c), 2.0 * dc / total / (2.0 * b)));
            gradient.push((
                picks_dim(c),
                (-2.0 * dc * even - dc * dc - f) / total / (2.0 * b),
            ));
        }
        Some((b, gradient))
    }

    /// The seat spread and its gradient; `None` without games.
    fn seat_spread(&self) -> Option<(f64, Vec<(usize, f64)>)> {
        if self.games == 0 {
            return None;
        }
        let n = self.games as f64;
        let players = usize::from(self.players).min(MAX_PLAYERS);
        let rate = |s: usize| self.get(seat_dim(s)) / n;
        let best = (0..players).max_by(|&a, &b| rate(a).total_cmp(&rate(b)).then(b.cmp(&a)))?;
        let worst = (0..players).min_by(|&a, &b| rate(a).total_cmp(&rate(b)).then(a.cmp(&b)))?;
        if best == worst {
            return Some((0.0, Vec::new()));
        }
        let gradient = vec![(seat_dim(best), 1.0 / n), (seat_dim(worst), -1.0 / n)];
        Some((rate(best) - rate(worst), gradient))
    }

    /// The balance index alone.
    pub fn index_value(&self) -> Option<f64> {
        self.index().map(|(v, _)| v)
    }

    /// The seat spread alone.
    pub fn seat_spread_value(&self) -> Option<f64> {
        self.seat_spread().map(|(v, _)| v)
    }
}

/// `Cov(T_i, T_j)` of the totals, from the games as independent units.
fn cov(stats: &Stats, t: &Totals, i: usize, j: usize) -> f64 {
    let n = t.games as f64;
    let (a, b) = if i <= j { (i, j) } else { (j, i) };
    let s = stats.moments[packed(a, b)] as f64;
    (s - t.get(i) * t.get(j) / n) * n / (n - 1.0)
}

/// `g' Cov(T) g` over the non-zero entries of a gradient.
fn variance(stats: &Stats, t: &Totals, gradient: &[(usize, f64)]) -> f64 {
    let mut v = 0.0;
    for &(i, gi) in gradient {
        for &(j, gj) in gradient {
            v += gi * gj * cov(stats, t, i, j);
        }
    }
    v.max(0.0)
}

/// An estimate and its variance, with a 95% interval cut at 0.
fn spread(value: f64, variance: f64) -> Spread {
    let half = Z95 * variance.sqrt();
    Spread {
        value,
        lo: (value - half).max(0.0),
        hi: value + half,
    }
}

/// The balance index and seat spread of one player count's counters (see the module
/// comment for the definitions and the interval).
pub fn balance(stats: &Stats) -> Balance {
    let t = Totals::of(stats);
    if t.games < 2 {
        return Balance {
            index: None,
            seat_spread: None,
            seat_p_value: None,
        };
    }
    let with_interval =
        |(value, gradient): (f64, Vec<(usize, f64)>)| spread(value, variance(stats, &t, &gradient));
    Balance {
        index: t.index().map(with_interval),
        seat_spread: t.seat_spread().map(with_interval),
        seat_p_value: seat_test(stats, &t),
    }
}

/// The p-value of a Wald test that every seat wins equally often: with `d` the differences
/// of seats 1 to N-1's win rates from seat 0's and `V` their covariance (from the games as
/// independent units, so shared wins and the one-winner-per-game dependence are accounted
/// for), `W = d' V^-1 d` is chi-square with N-1 degrees of freedom when the seats are equal.
/// This, not the seat spread's interval, says whether the seat matters: the spread picks
/// the best and the worst seat after looking, so with equal seats its interval excludes 0
/// far more often than 5% of the time (an audit measured 20% at 4 players, 2,000 games of
/// random bots).
fn seat_test(stats: &Stats, t: &Totals) -> Option<f64> {
    let k = usize::from(t.players).min(MAX_PLAYERS);
    if k < 2 {
        return None;
    }
    let m = k - 1;
    // Differences and covariance in totals (the 1/n scale cancels in W).
    let d: Vec<f64> = (1..k)
        .map(|s| t.get(seat_dim(s)) - t.get(seat_dim(0)))
        .collect();
    let c = |a: usize, b: usize| cov(stats, t, seat_dim(a), seat_dim(b));
    let mut v = vec![0.0; m * m];
    for i in 0..m {
        for j in 0..m {
            v[i * m + j] = c(i + 1, j + 1) - c(i + 1, 0) - c(0, j + 1) + c(0, 0);
        }
    }
    let w = quadratic_form_inverse(&mut v, &d, m)?;
    Some(chi_square_tail(w, m as u32))
}

/// `d' V^-1 d` by a Cholesky factorisation of the symmetric `m x m` matrix `v` (row-major,
/// overwritten); `None` when `v` is not positive definite (a seat whose wins never vary).
fn quadratic_form_inverse(v: &mut [f64], d: &[f64], m: usize) -> Option<f64> {
    for j in 0..m {
        let mut diagonal = v[j * m + j];
        for k in 0..j {
            diagonal -= v[j * m + k] * v[j * m + k];
        }
        if diagonal.is_nan() || diagonal <= 0.0 {
            return None;
        }
        let root = diagonal.sqrt();
        v[j * m + j] = root;
        for i in j + 1..m {
            let mut sum = v[i * m + j];
            for k in 0..j {
                sum -= v[i * m + k] * v[j * m + k];
            }
            v[i * m + j] = sum / root;
        }
    }
    // Solve L y = d; then d' V^-1 d = y' y.
    let mut y = vec![0.0; m];
    for i in 0..m {
        let mut sum = d[i];
        for k in 0..i {
            sum -= v[i * m + k] * y[k];
        }
        y[i] = sum / v[i * m + i];
    }
    Some(y.iter().map(|y| y * y).sum())
}

/// A difference `b - a` with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Difference {
    /// Whether the interval excludes 0.
    pub fn significant(&self) -> bool {
        self.lo > 0.0 || self.hi < 0.0
    }
}

/// The difference `measure(b) - measure(a)` between two configs played on the same game
/// seeds, with a paired delete-one-group jackknife interval: `groups_a[k]` and `groups_b[k]`
/// hold the games of the same seeds, and add up to `a` and `b`. Each side's measure is
/// recomputed without group k; the spread of the G differences gives the variance
/// `(G-1)/G sum_k (D_k - mean D)^2` (Efron and Stein), and the half-width Student's t with
/// G-1 degrees of freedom times its root (2.04 for `rank`'s 32 groups, not the normal's
/// 1.96, which an audit found 4% too narrow). Pairing cancels what the two configs'
/// games have in common (the same deals and bots' streams). `None` with fewer than two
/// groups or a measure undefined on a side.
pub fn paired_difference(
    a: &Totals,
    groups_a: &[Totals],
    b: &Totals,
    groups_b: &[Totals],
    measure: fn(&Totals) -> Option<f64>,
) -> Option<Difference> {
    let g = groups_a.len();
    if g < 2 || groups_b.len() != g {
        return None;
    }
    let value = measure(b)? - measure(a)?;
    let mut leave_one_out = Vec::with_capacity(g);
    for (ga, gb) in groups_a.iter().zip(groups_b) {
        leave_one_out.push(measure(&b.without(gb))? - measure(&a.without(ga))?);
    }
    let k = g as f64;
    let mean = leave_one_out.iter().sum::<f64>() / k;
    let var = (k - 1.0) / k
        * leave_one_out
            .iter()
            .map(|d| (d - mean).powi(2))
            .sum::<f64>();
    let half = t_975(g as u64 - 1) * var.sqrt();
    Some(Difference {
        value,
        lo: value - half,
        hi: value + half,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ids::Seat;
    use crate::engine::rng::GameRng;
    use crate::engine::sets::SeatSet;
    use crate::stats::record::GameRecord;

    /// Counters with only the character totals set (no games' moments): enough for the
    /// value of the index.
    fn totals(players: u8, games: u64, rows: &[(u64, u64)]) -> Stats {
        let mut s = Stats::new(players);
        s.games = games;
        for (c, &(picked, won)) in rows.iter().enumerate() {
            s.characters[c].picked = picked;
            s.characters[c].picks_won = won;
        }
        s
    }

    #[test]
    fn equal_win_rates_give_zero() {
        // Four players, every character's pickers win a quarter of the time.
        let s = totals(4, 100, &[(100, 25), (40, 10), (260, 65)]);
        let b = balance(&s).index.unwrap();
        assert_eq!((b.value, b.lo, b.hi), (0.0, 0.0, 0.0));
    }

    #[test]
    fn the_index_matches_a_hand_computation() {
        // p = 0.4 on 100 picks and 0.2 on 300: weights 1/4 and 3/4, even share 1/4:
        // F = 0.25 * 0.15^2 + 0.75 * 0.05^2 = 0.0075, B = sqrt(0.0075) = 0.0866 (8.66 points).
        let s = totals(4, 100, &[(100, 40), (300, 60)]);
        let b = balance(&s).index.unwrap();
        assert!((b.value - 0.086_602_54).abs() < 1e-8, "{b:?}");
        // A character nobody picked does not count.
        let s = totals(4, 100, &[(100, 40), (0, 0), (300, 60)]);
        assert!((balance(&s).index.unwrap().value - 0.086_602_54).abs() < 1e-8);
        assert_eq!(balance(&totals(4, 1, &[(1, 1)])).index, None);
    }

    /// A synthetic game: `players` seats, each picking one of 4 characters per round for 3
    /// rounds; the winner is drawn with weights that favour seat 0 (then 3, 2, 1) and
    /// character 0's pickers.
    fn game(players: u8, rng: &mut GameRng) -> GameRecord {
        let mut g = GameRecord::new(players, Seat(0));
        g.rounds = 3;
        g.cast = 0b1111;
        let mut weight = [0u32; MAX_PLAYERS];
        for (s, weight) in weight.iter_mut().enumerate().take(players as usize) {
            *weight = if s == 0 { 9 } else { 2 * s as u32 };
            for _ in 0..3 {
                let c = rng.below(4) as usize;
                g.picks[s][c] += 1;
                *weight += if c == 0 { 2 } else { 0 };
            }
        }
        let total: u32 = weight.iter().sum();
        let mut draw = rng.below(total);
        for (s, &w) in weight.iter().enumerate() {
            if draw < w {
                g.winners.insert(Seat(s as u8));
                break;
            }
            draw -= w;
        }
        g
    }

    #[test]
    fn moments_add_up_and_the_interval_covers_the_spread_between_samples() {
        let players = 4;
        let mut rng = GameRng::new(7);
        let samples: Vec<Stats> = (0..150)
            .map(|_| {
                let mut s = Stats::new(players);
                for _ in 0..400 {
                    s.add(&game(players, &mut rng));
                }
                s
            })
            .collect();
        // Merged counters give the same balance as counters of all games added one by one.
        let mut halves = samples[0].clone();
        halves += &samples[1];
        let mut rng = GameRng::new(7);
        let mut one = Stats::new(players);
        for _ in 0..800 {
            one.add(&game(players, &mut rng));
        }
        assert_eq!(one.moments, halves.moments);
        assert_eq!(balance(&one), balance(&halves));
        // The delta-method standard error is close to the spread of the estimates across
        // independent samples (both indices are well away from 0 here).
        let check = |pick: fn(&Balance) -> Option<Spread>, what: &str| {
            let values: Vec<Spread> = samples.iter().map(|s| pick(&balance(s)).unwrap()).collect();
            let k = values.len() as f64;
            let mean = values.iter().map(|p| p.value).sum::<f64>() / k;
            let sd =
                (values.iter().map(|p| (p.value - mean).powi(2)).sum::<f64>() / (k - 1.0)).sqrt();
            let se = values.iter().map(|p| (p.hi - p.value) / Z95).sum::<f64>() / k;
            assert!(
                mean > 3.0 * sd,
                "{what}: mean {mean} too close to 0 (sd {sd})"
            );
            assert!(
                (se / sd - 1.0).abs() < 0.25,
                "{what}: standard error {se} vs spread between samples {sd}"
            );
        };
        check(|b| b.index, "balance index");
        check(|b| b.seat_spread, "seat spread");
    }

    /// The test of equal seats keeps its level: with equal seats (a uniform winner) its
    /// p-value is below 0.05 in about 5% of independent samples, where the seat spread's
    /// interval excludes 0 far more often (it picks the extremes after looking); with
    /// `game`'s favoured seat 0 it is tiny.
    #[test]
    fn the_seat_test_keeps_its_level_where_the_spread_interval_does_not() {
        let players = 4;
        let mut rng = GameRng::new(11);
        let (mut rejected, mut spread_excludes_zero) = (0, 0);
        for _ in 0..400 {
            let mut s = Stats::new(players);
            for _ in 0..300 {
                let mut g = game(players, &mut rng);
                g.winners = SeatSet::EMPTY;
                g.winners.insert(Seat(rng.below(u32::from(players)) as u8));
                s.add(&g);
            }
            let b = balance(&s);
            rejected += (b.seat_p_value.unwrap() < 0.05) as u32;
            spread_excludes_zero += (b.seat_spread.unwrap().lo > 0.0) as u32;
        }
        // Binomial(400, 0.05): 20 expected, sd 4.4.
        assert!((8..=32).contains(&rejected), "{rejected} of 400 rejected");
        assert!(
            spread_excludes_zero > 2 * rejected,
            "{spread_excludes_zero}"
        );
        let mut favoured = Stats::new(players);
        for _ in 0..800 {
            favoured.add(&game(players, &mut rng));
        }
        assert!(balance(&favoured).seat_p_value.unwrap() < 1e-6);
    }

    #[test]
    fn the_seat_spread_is_best_minus_worst() {
        let mut s = Stats::new(3);
        s.games = 10;
        for (seat, wins) in [4, 5, 1].into_iter().enumerate() {
            s.seats[seat].games = 10;
            s.seats[seat].wins = wins;
        }
        // Moments of 10 games with one winner each: wins only on the diagonal.
        for seat in 0..3 {
            s.moments[packed(seat_dim(seat), seat_dim(seat))] = s.seats[seat].wins;
        }
        let spread = balance(&s).seat_spread.unwrap();
        assert!((spread.value - 0.4).abs() < 1e-12, "{spread:?}");
        // Var(T_1 - T_2) with n = 10: Cov(T1,T1) = (5 - 2.5) 10/9, Cov(T2,T2) = (1 - 0.1)
        // 10/9, Cov(T1,T2) = (0 - 0.5) 10/9: total 4.4 * 10/9; / n^2 for rates.
        let se = (4.4 * 10.0 / 9.0_f64).sqrt() / 10.0;
        assert!((spread.hi - spread.value - Z95 * se).abs() < 1e-12);
    }
}
