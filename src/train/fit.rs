//! The fit: the weights whose softmax over each decision's actions is nearest the teacher's
//! shares (cross-entropy; with all of a decision on the teacher's choice this is the
//! multinomial logistic regression, "conditional logit", of its choices), with an L2
//! penalty, by full-batch Adam (Kingma and Ba 2015) from the heuristic alone.
//!
//! Deterministic whatever the thread count: the gradient is summed per fixed block of
//! decisions, and the blocks' sums are added in order.

use super::data::Dataset;
use crate::bots::policy::features::{FEATURES, KINDS, kind_of_feature};
use rayon::prelude::*;

/// The fit's settings.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    pub epochs: u32,
    /// L2 penalty on every weight but the heuristic's, per decision.
    pub l2: f64,
    pub learning_rate: f64,
}

/// How well weights predict the teacher: mean cross-entropy against its shares, and the
/// share of decisions where the best-scored action is its choice.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fit {
    pub loss: f64,
    pub accuracy: f64,
    pub decisions: usize,
}

/// Decisions per block of the gradient sum.
const BLOCK: usize = 4096;

/// Action `a`'s score under `weights`: the dot product of its features.
fn score(data: &Dataset, weights: &[f64], a: usize) -> f64 {
    let (index, value) = data.pairs(a);
    index
        .iter()
        .zip(value)
        .map(|(&j, &v)| weights[j as usize] * v as f64)
        .sum::<f64>()
}

/// Loss, accuracy and (when `gradient` is given) the gradient of the mean loss over the
/// decisions of one side (`validation` or training).
fn evaluate_block(
    data: &Dataset,
    decisions: std::ops::Range<usize>,
    weights: &[f64],
    validation: bool,
    mut gradient: Option<&mut [f64]>,
) -> (f64, usize, usize) {
    let mut loss = 0.0;
    let mut hits = 0;
    let mut count = 0;
    let mut scores = Vec::new();
    for i in decisions {
        let (actions, chosen, is_validation) = data.decision(i);
        if is_validation != validation {
            continue;
        }
        scores.clear();
        scores.extend(actions.clone().map(|a| score(data, weights, a)));
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = scores.iter().map(|s| (s - best).exp()).sum();
        // Cross-entropy against the teacher's shares: -sum t_k log p_k.
        let log_total = best + total.ln();
        loss += actions
            .clone()
            .zip(&scores)
            .map(|(a, s)| data.target(a) as f64 * (log_total - s))
            .sum::<f64>();
        // The first best action counts as the prediction.
        if scores.iter().position(|&s| s == best) == Some(chosen) {
            hits += 1;
        }
        count += 1;
        if let Some(g) = gradient.as_deref_mut() {
            for (k, a) in actions.enumerate() {
                let p = (scores[k] - best).exp() / total - data.target(a) as f64;
                let (index, value) = data.pairs(a);
                for (&j, &v) in index.iter().zip(value) {
                    g[j as usize] += p * v as f64;
                }
            }
        }
    }
    (loss, hits, count)
}

/// Loss and accuracy of `weights` on the validation (or training) decisions.
pub fn measure(data: &Dataset, weights: &[f32], validation: bool) -> Fit {
    let weights: Vec<f64> = weights.iter().map(|&w| w as f64).collect();
    let (loss, hits, count) = evaluate_block(data, 0..data.decisions(), &weights, validation, None);
    Fit {
        loss: loss / count.max(1) as f64,
        accuracy: hits as f64 / count.max(1) as f64,
        decisions: count,
    }
}

/// Per kind of the teacher's choice (`features::KINDS`), on the validation decisions: how
/// many there are and how many each weight vector predicts (its best-scored action is the
/// choice), in the order of `KINDS`, kinds never chosen left out. Says where a fit misses.
pub fn hits_by_kind(data: &Dataset, fitted: &[f32], start: &[f32]) -> Vec<KindHits> {
    let wide = |w: &[f32]| -> Vec<f64> { w.iter().map(|&x| x as f64).collect() };
    let (fitted, start) = (wide(fitted), wide(start));
    // As `evaluate_block` predicts: the first best-scored action.
    let predicts = |weights: &[f64], actions: std::ops::Range<usize>, chosen: usize| {
        let scores: Vec<f64> = actions.map(|a| score(data, weights, a)).collect();
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        scores.iter().position(|&s| s == best) == Some(chosen)
    };
    let mut by_kind: Vec<KindHits> = KINDS
        .iter()
        .map(|&kind| KindHits {
            kind,
            ..KindHits::default()
        })
        .collect();
    for i in 0..data.decisions() {
        let (actions, chosen, validation) = data.decision(i);
        let choice = data.pairs(actions.start + chosen).0;
        let kind = choice.iter().find_map(|&j| kind_of_feature(j as usize));
        let (true, Some(k)) = (validation, kind) else {
            continue;
        };
        let hits = &mut by_kind[k];
        hits.decisions += 1;
        hits.fitted += predicts(&fitted, actions.clone(), chosen) as usize;
        hits.start += predicts(&start, actions, chosen) as usize;
    }
    by_kind.retain(|h| h.decisions > 0);
    by_kind
}

/// One row of `hits_by_kind`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct KindHits {
    pub kind: &'static str,
    pub decisions: usize,
    /// Predicted by the fitted weights.
    pub fitted: usize,
    /// Predicted by the starting weights (the heuristic alone).
    pub start: usize,
}

/// Fits the weights to the training decisions, from `start`; `epoch_done(e)` after each
/// epoch. Runs on the current rayon pool.
pub fn fit(
    data: &Dataset,
    start: &[f32],
    options: FitOptions,
    epoch_done: &(dyn Fn(u32) + Sync),
) -> Vec<f32> {
    let mut w: Vec<f64> = start.iter().map(|&x| x as f64).collect();
    let mut m = vec![0.0; FEATURES];
    let mut v = vec![0.0; FEATURES];
    let blocks: Vec<std::ops::Range<usize>> = (0..data.decisions())
        .step_by(BLOCK)
        .map(|s| s..(s + BLOCK).min(data.decisions()))
        .collect();
    let (beta1, beta2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    for epoch in 1..=options.epochs {
        let parts: Vec<(Vec<f64>, usize)> = blocks
            .par_iter()
            .map(|range| {
                let mut g = vec![0.0; FEATURES];
                let (_, _, count) = evaluate_block(data, range.clone(), &w, false, Some(&mut g));
                (g, count)
            })
            .collect();
        let mut gradient = vec![0.0; FEATURES];
        let mut count = 0;
        for (g, c) in &parts {
            count += c;
            for (total, x) in gradient.iter_mut().zip(g) {
                *total += x;
            }
        }
        let n = count.max(1) as f64;
        let (correct1, correct2) = (
            1.0 - beta1.powi(epoch as i32),
            1.0 - beta2.powi(epoch as i32),
        );
        for j in 0..FEATURES {
            // The heuristic's weight is the scale of the whole policy: not shrunk.
            let penalty = if j == 0 { 0.0 } else { options.l2 * w[j] };
            let g = gradient[j] / n + penalty;
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let m_hat = m[j] / correct1;
            let v_hat = v[j] / correct2;
            w[j] -= options.learning_rate * m_hat / (v_hat.sqrt() + eps);
        }
        epoch_done(epoch);
    }
    w.iter().map(|&x| x as f32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotSpec;
    use crate::config::load_preset;
    use crate::train::record::{replay_into, teacher_game};

    /// Imitating a bot the features can express: from all-zero weights (every action
    /// equally likely), the fit learns the heuristic teacher (whose own score is a feature)
    /// and predicts its choices on games it did not see; the result does not depend on the
    /// thread count.
    #[test]
    fn the_fit_learns_the_teacher_and_ignores_threads() {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let mut legal = Vec::new();
        let mut data = Dataset::default();
        for game in 0..16 {
            let teacher = BotSpec::heuristic();
            let record = teacher_game(&rules, game, &teacher, None, game % 4 == 3, &mut legal);
            replay_into(&mut data, &rules, &record, &mut legal).expect("replays");
        }
        let start = vec![0.0f32; FEATURES];
        let options = FitOptions {
            epochs: 80,
            l2: 1e-4,
            learning_rate: 0.05,
        };
        let on = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| fit(&data, &start, options, &|_| {}))
        };
        let fitted = on(1);
        assert_eq!(fitted, on(3));
        let before = measure(&data, &start, true);
        let after = measure(&data, &fitted, true);
        assert!(before.decisions > 100);
        assert!(after.loss < 0.5 * before.loss, "{after:?} vs {before:?}");
        assert!(after.accuracy > 0.8, "{after:?}");
        assert!(fitted[0] > 0.5, "the heuristic's score carries the fit");
        // The rows by kind split the same kept-out decisions and hits.
        let rows = hits_by_kind(&data, &fitted, &start);
        assert!(rows.iter().any(|r| r.kind == "Pick") && rows.iter().any(|r| r.kind == "Build"));
        let sum = |f: fn(&KindHits) -> usize| rows.iter().map(f).sum::<usize>();
        assert_eq!(sum(|r| r.decisions), after.decisions);
        assert_eq!(
            sum(|r| r.fitted) as f64,
            after.accuracy * after.decisions as f64
        );
        assert_eq!(
            sum(|r| r.start) as f64,
            before.accuracy * before.decisions as f64
        );
    }
}
