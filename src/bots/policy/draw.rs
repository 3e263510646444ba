//! How the policy bot chooses among scored moves: the best score, or a draw from the
//! softmax of score / temperature by the Gumbel-max trick, working out a noise only where a
//! comparison needs it, and never a move far less likely than the likeliest (min-p).

use crate::engine::rng::GameRng;
use std::sync::LazyLock;

/// `best`, except that a draw (`temp` above 0) with `min_p` above 0 never picks a candidate
/// whose chance is below `min_p` times the likeliest one's: scores below the top score +
/// temp × ln(min_p) count as minus infinity. The scores of the first `CUT_CACHE` candidates
/// are kept from the pass that finds the top; any further one is scored again.
pub(super) fn draw(
    n: usize,
    temp: f32,
    min_p: f32,
    rng: &mut GameRng,
    mut score: impl FnMut(usize) -> f32,
) -> usize {
    if temp == 0.0 || min_p == 0.0 {
        return best(n, temp, rng, score);
    }
    let mut cache = [0.0f32; CUT_CACHE];
    let mut top = f32::NEG_INFINITY;
    for i in 0..n {
        let s = score(i);
        if let Some(slot) = cache.get_mut(i) {
            *slot = s;
        }
        top = top.max(s);
    }
    let floor = top + temp * min_p.ln();
    best(n, temp, rng, |i| {
        let s = cache.get(i).copied().unwrap_or_else(|| score(i));
        if s < floor { f32::NEG_INFINITY } else { s }
    })
}

/// How many scores `draw` keeps between its two passes (every draft and target decision
/// fits).
const CUT_CACHE: usize = 64;

/// The index among `n` candidates of the best `score(i)` (`temp` 0: ties by reservoir
/// choice, drawing exactly as the heuristic bot does, so heuristic-only weights play the
/// heuristic's games), or of a draw from the softmax of score / `temp` (above 0: each
/// score / temp gets Gumbel noise, and the best noisy score is the draw: the Gumbel-max
/// trick). One pass, no buffer. Candidates scoring minus infinity are never chosen unless
/// all do.
///
/// A noise costs two logarithms, so it is worked out only when a comparison needs it: each
/// draw bounds its noise (`Uniform::noise_range`), a candidate certainly below the best so
/// far is passed over, and one certainly above becomes the best with its noise still
/// bounded only. The exact noises, of both, are worked out when the ranges overlap. That
/// decides every comparison as exact noises throughout would (`plain_best` in the tests),
/// ties and their draws included.
fn best(n: usize, temp: f32, rng: &mut GameRng, mut score: impl FnMut(usize) -> f32) -> usize {
    let mut chosen = 0;
    let mut top = f32::NEG_INFINITY;
    let mut ties = 0;
    // The best candidate's scaled score and draw while its noise is not worked out (`top` is
    // then not its noisy score).
    let mut unresolved: Option<(f32, Uniform)> = None;
    for i in 0..n {
        let raw = score(i);
        let s = if temp > 0.0 {
            // Minus infinity (or NaN) is never chosen, and draws nothing.
            if raw == f32::NEG_INFINITY || raw.is_nan() {
                continue;
            }
            let draw = Uniform::draw(rng);
            let scaled = raw / temp;
            let (low, high) = draw.noise_range();
            let (best_low, best_high) = match unresolved {
                Some((best_scaled, best_draw)) => {
                    let (l, h) = best_draw.noise_range();
                    (best_scaled + l, best_scaled + h)
                }
                None => (top, top),
            };
            if scaled + high < best_low {
                continue;
            }
            if scaled + low > best_high {
                (chosen, unresolved, ties) = (i, Some((scaled, draw)), 1);
                continue;
            }
            if let Some((best_scaled, best_draw)) = unresolved.take() {
                top = best_scaled + best_draw.noise();
            }
            scaled + draw.noise()
        } else {
            raw
        };
        if s > top {
            (chosen, top, ties) = (i, s, 1);
        } else if s == top && s > f32::NEG_INFINITY {
            ties += 1;
            if rng.below(ties) == 0 {
                chosen = i;
            }
        }
    }
    chosen
}

/// A uniform draw in (0, 1): `(k + 0.5) / 2^53` for a 53-bit `k`.
#[derive(Clone, Copy)]
struct Uniform(u64);

impl Uniform {
    fn draw(rng: &mut GameRng) -> Uniform {
        Uniform(rng.next_u64() >> 11)
    }

    /// Its standard Gumbel variate, -ln(-ln U).
    fn noise(self) -> f32 {
        gumbel_of((self.0 as f64 + 0.5) / (1u64 << 53) as f64)
    }

    /// Bounds `noise` never leaves: the noise grows with U, so those of the draw's 1/256th of
    /// (0, 1) (`NOISE_RANGES`).
    fn noise_range(self) -> (f32, f32) {
        NOISE_RANGES[(self.0 >> (53 - 8)) as usize]
    }
}

fn gumbel_of(u: f64) -> f32 {
    -(-u.ln()).ln() as f32
}

/// Entry `j`: below and above the noise of every U from j / 256 to (j + 1) / 256 (the noise
/// at those ends, with a margin far wider than the logarithm's and the rounding's errors);
/// the first one starts at minus infinity and the last one ends at infinity (the noise of U
/// near 0 is about -3.6, near 1 about 37).
static NOISE_RANGES: LazyLock<[(f32, f32); 256]> = LazyLock::new(|| {
    let mut ranges = [(f32::NEG_INFINITY, f32::INFINITY); 256];
    for (j, range) in ranges.iter_mut().enumerate() {
        if j > 0 {
            range.0 = gumbel_of(j as f64 / 256.0) - 1e-3;
        }
        if j < 255 {
            range.1 = gumbel_of((j + 1) as f64 / 256.0) + 1e-3;
        }
    }
    ranges
});

#[cfg(test)]
mod tests {
    use super::*;

    /// The noise of a draw never leaves its range: at both ends of every 1/256th of (0, 1)
    /// (where the noise is largest and smallest within it) and at a million draws.
    #[test]
    fn noise_stays_within_its_range() {
        let bucket = 1u64 << (53 - 8);
        let ends = (0..256u64).flat_map(|j| [j * bucket, (j + 1) * bucket - 1]);
        let mut rng = GameRng::new(11);
        let draws = (0..1_000_000).map(|_| Uniform::draw(&mut rng).0);
        for k in ends.chain(draws) {
            let draw = Uniform(k);
            let (low, high) = draw.noise_range();
            assert!(low <= draw.noise() && draw.noise() <= high, "draw {k}");
        }
        // The ranges are tight enough to spare work: within 0.01 of the noise at the ends of
        // the bucket below the last.
        let (low, high) = Uniform(254 * bucket).noise_range();
        assert!(Uniform(254 * bucket).noise() - low < 0.01);
        assert!(high - Uniform(255 * bucket - 1).noise() < 0.01);
    }

    /// `best` as it reads without sparing any noise: every candidate's noise worked out.
    fn plain_best(n: usize, temp: f32, rng: &mut GameRng, score: impl Fn(usize) -> f32) -> usize {
        let (mut chosen, mut top, mut ties) = (0, f32::NEG_INFINITY, 0);
        for i in 0..n {
            let raw = score(i);
            let s = if temp > 0.0 && raw > f32::NEG_INFINITY {
                raw / temp + Uniform::draw(rng).noise()
            } else {
                raw
            };
            if s > top {
                (chosen, top, ties) = (i, s, 1);
            } else if s == top && s > f32::NEG_INFINITY {
                ties += 1;
                if rng.below(ties) == 0 {
                    chosen = i;
                }
            }
        }
        chosen
    }

    /// `best` chooses as `plain_best` does and leaves the stream where it does, hot or cold,
    /// over lists of close, equal, far, minus-infinite and NaN scores.
    #[test]
    fn best_sparing_noises_chooses_as_the_plain_pass() {
        let mut lists = GameRng::new(3);
        let (mut drawn, mut cold) = (0, 0);
        for case in 0..200_000u64 {
            let n = 1 + lists.below(12) as usize;
            let spread = [0.001f32, 0.05, 0.5, 3.0][lists.below(4) as usize];
            let scores: Vec<f32> = (0..n)
                .map(|_| match lists.below(20) {
                    0 => f32::NEG_INFINITY,
                    1 => f32::NAN,
                    2 => 1.0,
                    _ => lists.below(1000) as f32 * spread / 1000.0,
                })
                .collect();
            let temp = [0.0f32, 0.05, 0.75, 0.85, 2.0][lists.below(5) as usize];
            let (mut a, mut b) = (GameRng::new(case), GameRng::new(case));
            let mut calls = 0;
            let got = best(n, temp, &mut a, |i| {
                calls += 1;
                scores[i]
            });
            let want = plain_best(n, temp, &mut b, |i| scores[i]);
            assert_eq!(got, want, "case {case}: {scores:?} at {temp}");
            assert_eq!(a.next_u64(), b.next_u64(), "case {case}: the stream");
            assert_eq!(calls, n);
            if temp > 0.0 {
                drawn += scores.iter().filter(|s| **s > f32::NEG_INFINITY).count();
            } else {
                cold += 1;
            }
        }
        assert!(
            drawn > 500_000 && cold > 20_000,
            "{drawn} drawn, {cold} cold"
        );
    }

    /// min-p sampling: at temperature 1 and `min_p` 0.5, a candidate whose chance is below
    /// half the likeliest one's (score more than ln 2 below the top) is never drawn, and the
    /// others all are; at `min_p` 0 the draw is `best`'s, from the same stream.
    #[test]
    fn min_p_cuts_the_unlikely_candidates_only() {
        let scores = [1.0f32, 0.5, 0.2, 1.0 - 0.75, -3.0];
        // Kept: 1.0, 0.5 (above 1 - 0.693); cut: 0.2, 0.25 and -3.
        let mut rng = GameRng::new(5);
        let mut drawn = [0u32; 5];
        for _ in 0..4000 {
            drawn[draw(5, 1.0, 0.5, &mut rng, |i| scores[i])] += 1;
        }
        assert!(drawn[0] > 0 && drawn[1] > 0, "{drawn:?}");
        assert_eq!(drawn[2..], [0, 0, 0], "{drawn:?}");
        // Without the cut every candidate is drawn, as `best` draws them.
        let (mut a, mut b) = (GameRng::new(6), GameRng::new(6));
        let mut drawn = [0u32; 5];
        for _ in 0..4000 {
            let i = draw(5, 1.0, 0.0, &mut a, |i| scores[i]);
            assert_eq!(i, best(5, 1.0, &mut b, |i| scores[i]));
            drawn[i] += 1;
        }
        assert!(drawn.iter().all(|&n| n > 0), "{drawn:?}");
        // At min_p 1 only the top is drawn, however hot the draw.
        let mut rng = GameRng::new(7);
        for _ in 0..1000 {
            assert_eq!(draw(5, 100.0, 1.0, &mut rng, |i| scores[i]), 0);
        }
    }
}
