//! The arena: how much better a hero bot does than a field of other bots, on paired deals.
//!
//! Each deal (one game seed) is played once with the hero in every seat, the other seats
//! played by the field, and once more with the field in every seat: the paired baseline.
//! The hero and the baseline thus meet the same cards, the same first crown holder and the
//! same field bots' random streams, so their difference is measured with much less noise
//! than two independent runs would give. Deals are the blocks of the estimates: the games of
//! one deal are not independent of each other.

use super::runner::for_each_chunk;
use super::{Silent, game_seed, play_observed};
use crate::bots::BotSpec;
use crate::engine::ids::Seat;
use crate::engine::rules::Rules;
use crate::stats::Stats;
use crate::stats::estimate::Z95;
use std::ops::AddAssign;

/// Deals per chunk of work. Fixed: never derived from the thread count.
pub const CHUNK_DEALS: u64 = 16;

/// Integer sums over deals at one player count. With `h` the hero's wins in a deal (0 to
/// `players`, one game per seat) and `b` the baseline game's winners (one per seat that won),
/// the sums of `h`, `h²`, `b`, `b²` and `(h - b)²` give the means and their variances by deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArenaStats {
    pub deals: u64,
    /// Games with the hero (`deals × players`), and those that hit the round cap (no winner).
    pub hero_games: u64,
    pub hero_stalled: u64,
    pub hero_wins: u64,
    pub hero_wins_sq: u64,
    /// Sum of the hero's final scores over its games.
    pub hero_score_sum: u64,
    pub baseline_stalled: u64,
    pub baseline_wins: u64,
    pub baseline_wins_sq: u64,
    /// Sum over deals of `(h - b)²`.
    pub diff_sq: u64,
}

impl AddAssign for ArenaStats {
    fn add_assign(&mut self, o: ArenaStats) {
        self.deals += o.deals;
        self.hero_games += o.hero_games;
        self.hero_stalled += o.hero_stalled;
        self.hero_wins += o.hero_wins;
        self.hero_wins_sq += o.hero_wins_sq;
        self.hero_score_sum += o.hero_score_sum;
        self.baseline_stalled += o.baseline_stalled;
        self.baseline_wins += o.baseline_wins;
        self.baseline_wins_sq += o.baseline_wins_sq;
        self.diff_sq += o.diff_sq;
    }
}

/// A mean per seat-game with its 95% interval from the spread between deals (a normal
/// interval over deal means; needs two deals or more).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

impl ArenaStats {
    /// Adds one deal: the hero's wins `h` in its games, the baseline's winners `b`.
    fn add_deal(&mut self, h: u64, b: u64) {
        self.deals += 1;
        self.hero_wins += h;
        self.hero_wins_sq += h * h;
        self.baseline_wins += b;
        self.baseline_wins_sq += b * b;
        self.diff_sq += h.abs_diff(b).pow(2);
    }

    /// Mean and interval of `x / players` per deal, from `Σx` and `Σx²`, clamped to `range`.
    fn estimate(&self, players: u8, sum: f64, sum_sq: f64, range: (f64, f64)) -> Option<Estimate> {
        if self.deals == 0 {
            return None;
        }
        let n = self.deals as f64;
        let scale = f64::from(players);
        let mean = sum / n;
        let half = if self.deals >= 2 {
            let variance = ((sum_sq - sum * sum / n) / (n - 1.0)).max(0.0);
            Z95 * (variance / n).sqrt()
        } else {
            f64::INFINITY
        };
        let clamp = |v: f64| v.clamp(range.0, range.1);
        Some(Estimate {
            value: mean / scale,
            lo: clamp((mean - half) / scale),
            hi: clamp((mean + half) / scale),
        })
    }

    /// The hero's win rate per game.
    pub fn win_rate(&self, players: u8) -> Option<Estimate> {
        let (h, h2) = (self.hero_wins as f64, self.hero_wins_sq as f64);
        self.estimate(players, h, h2, (0.0, 1.0))
    }

    /// The field's win rate per seat in the baseline games.
    pub fn baseline_win_rate(&self, players: u8) -> Option<Estimate> {
        let (b, b2) = (self.baseline_wins as f64, self.baseline_wins_sq as f64);
        self.estimate(players, b, b2, (0.0, 1.0))
    }

    /// Hero win rate minus baseline win rate, with the interval of the paired difference.
    pub fn delta(&self, players: u8) -> Option<Estimate> {
        let diff = self.hero_wins as f64 - self.baseline_wins as f64;
        self.estimate(players, diff, self.diff_sq as f64, (-1.0, 1.0))
    }

    /// The hero's mean final score (stalled games have none).
    pub fn mean_score(&self) -> Option<f64> {
        let scored = self.hero_games - self.hero_stalled;
        (scored > 0).then(|| self.hero_score_sum as f64 / scored as f64)
    }
}

/// Plays deals `deals` (game indices, seeded like a run's games) at `rules.players` for
/// each hero of `heroes` against `field`, and returns one sum per hero and the counters of
/// the baseline games. The baseline game of a deal (the field in every seat) is the same for
/// every hero, so it is played once and added to each hero's sums.
fn play_deals(
    rules: &Rules,
    master_seed: u64,
    deals: std::ops::Range<u64>,
    heroes: &[BotSpec],
    field: &BotSpec,
    legal: &mut Vec<crate::engine::action::Action>,
) -> (Vec<ArenaStats>, Stats) {
    let players = rules.players as usize;
    let mut seats = vec![field.clone(); players];
    let mut all = vec![ArenaStats::default(); heroes.len()];
    let mut field_stats = Stats::new(rules.players);
    for deal in deals {
        let seed = game_seed(master_seed, rules.players, deal);
        let (baseline, _) = play_observed(rules, seed, &seats, legal, &mut Silent);
        field_stats.add(&baseline);
        for (hero, stats) in heroes.iter().zip(&mut all) {
            let mut hero_wins = 0;
            for seat in 0..players {
                seats[seat] = hero.clone();
                let (record, _) = play_observed(rules, seed, &seats, legal, &mut Silent);
                seats[seat] = field.clone();
                stats.hero_games += 1;
                if record.stalled {
                    stats.hero_stalled += 1;
                }
                let seat = Seat(seat as u8);
                hero_wins += u64::from(record.winners.contains(seat));
                stats.hero_score_sum += record.scores[seat.index()].max(0) as u64;
            }
            stats.baseline_stalled += u64::from(baseline.stalled);
            stats.add_deal(hero_wins, baseline.winners.len() as u64);
        }
    }
    (all, field_stats)
}

/// Plays `deals` deals on `threads` threads; `progress(deals_done)` after each chunk. The
/// sums are exact integers, so the result does not depend on the thread count.
pub fn run(
    rules: &Rules,
    master_seed: u64,
    deals: u64,
    hero: &BotSpec,
    field: &BotSpec,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> ArenaStats {
    let heroes = std::slice::from_ref(hero);
    run_heroes(rules, master_seed, deals, heroes, field, threads, progress).0[0]
}

/// `run` for several heroes against one field on the same deals, one baseline game per
/// deal shared by all of them (restricted play: one hero per banned character). Returns one
/// sum per hero, in order, and the counters of the baseline games (the field alone).
pub fn run_heroes(
    rules: &Rules,
    master_seed: u64,
    deals: u64,
    heroes: &[BotSpec],
    field: &BotSpec,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> (Vec<ArenaStats>, Stats) {
    let chunks: Vec<u64> = (0..deals.div_ceil(CHUNK_DEALS)).collect();
    let total = std::sync::Mutex::new((
        vec![ArenaStats::default(); heroes.len()],
        Stats::new(rules.players),
    ));
    for_each_chunk(
        threads,
        &chunks,
        &|_, (stats, field_stats): (Vec<ArenaStats>, Stats)| {
            let mut total = total.lock().unwrap_or_else(|e| e.into_inner());
            for (sum, s) in total.0.iter_mut().zip(stats) {
                *sum += s;
            }
            total.1 += field_stats;
            progress(total.1.games);
        },
        |chunk, legal| {
            let start = chunk * CHUNK_DEALS;
            let end = (start + CHUNK_DEALS).min(deals);
            play_deals(rules, master_seed, start..end, heroes, field, legal)
        },
    );
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_follow_the_deal_sums() {
        let mut s = ArenaStats::default();
        // Four players; the hero wins 2, 1, 0, 1 of its four games; the baseline has one
        // winner each deal.
        for h in [2, 1, 0, 1] {
            s.add_deal(h, 1);
        }
        let win = s.win_rate(4).unwrap();
        assert!((win.value - 0.25).abs() < 1e-12);
        // Deal means 0.5, 0.25, 0, 0.25: sd 0.2041, se 0.1021, half-width 0.2001.
        assert!(
            (win.hi - win.value - 1.959964 * 0.204124 / 2.0).abs() < 1e-4,
            "{win:?}"
        );
        let base = s.baseline_win_rate(4).unwrap();
        assert_eq!((base.value, base.lo, base.hi), (0.25, 0.25, 0.25));
        let delta = s.delta(4).unwrap();
        assert!(delta.value.abs() < 1e-12);
        assert!(delta.lo < 0.0 && delta.hi > 0.0);
    }

    #[test]
    fn one_deal_has_no_interval_and_sums_add() {
        let mut a = ArenaStats::default();
        a.add_deal(3, 1);
        let win = a.win_rate(4).unwrap();
        assert_eq!((win.value, win.lo, win.hi), (0.75, 0.0, 1.0));
        let mut b = ArenaStats::default();
        b.add_deal(0, 2);
        let mut both = a;
        both += b;
        assert_eq!(both.deals, 2);
        assert_eq!(both.diff_sq, 4 + 4);
        assert_eq!(ArenaStats::default().win_rate(4), None);
    }
}
