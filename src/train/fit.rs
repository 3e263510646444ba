//! The fit: the weights whose softmax over each decision's actions is nearest the teacher's
//! shares (cross-entropy; with all of a decision on the teacher's choice this is the
//! multinomial logistic regression, "conditional logit", of its choices), with an L2
//! penalty, by full-batch Adam (Kingma and Ba 2015) from the heuristic alone.
//!
//! Deterministic whatever the thread count: the gradient is summed per fixed block of
//! decisions, and the blocks' sums are added in order.

use super::data::Dataset;
use crate::bots::policy::KindSet;
use crate::bots::policy::features::{DraftFacts, FEATURES, FeatureBlocks, KINDS, kind_of_feature};
use crate::bots::policy::weights::{Hidden, MAX_UNITS, PolicyWeights};
use rayon::prelude::*;

/// The fit's settings.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    pub epochs: u32,
    /// L2 penalty on every weight but the heuristic's, per decision.
    pub l2: f64,
    pub learning_rate: f64,
    /// The parts of a pick's draft facts the fit may weigh. The others keep weight 0 (and,
    /// with a hidden layer, input weights 0), so the fitted policy never works them out:
    /// `DraftFacts::NONE` fits a policy at the built-in linear policy's cost.
    pub draft_facts: DraftFacts,
    /// The parts of the draft facts the hidden units may read (within `draft_facts`): the
    /// others' input rows stay 0, so they enter the linear score only and a pick does not
    /// pass them through the units.
    pub unit_draft_facts: DraftFacts,
    /// The L2 penalty pulls each weight towards its starting value (a fine-tune of fitted
    /// weights: `train --start`) instead of towards 0. The input rows the data never reaches
    /// then keep their starting values instead of being cleared.
    pub toward_start: bool,
    /// Fit only the linear weights of these blocks of features (`train --fit-only`): every
    /// other weight, the hidden layer's included, keeps its starting value. A feature new to
    /// the start's weights is learnt without moving what they learnt from other data.
    pub fit_only: Option<FeatureBlocks>,
}

impl FitOptions {
    /// The features the fit leaves at 0: the draft facts of the parts it may not weigh.
    fn left_out(&self) -> impl Iterator<Item = usize> {
        let allowed = self.draft_facts;
        DraftFacts::new(!allowed.shared, !allowed.later).indices()
    }

    /// The features whose units' input rows the fit leaves at 0 (their weights it may fit).
    fn left_out_of_units(&self) -> impl Iterator<Item = usize> {
        let allowed = self.unit_draft_facts;
        DraftFacts::new(!allowed.shared, !allowed.later).indices()
    }
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

/// The weights as the fit moves them: in f64, flat, in the order linear weights (one per
/// feature), then with a hidden layer of `units` units its input rows (feature after
/// feature, one weight per unit), biases and output weights.
struct Params {
    values: Vec<f64>,
    units: usize,
    /// The kinds of action the units score (`Hidden::kinds`).
    kinds: KindSet,
}

impl Params {
    fn of(weights: &PolicyWeights) -> Params {
        let wide = |v: &[f32]| v.iter().map(|&x| x as f64).collect::<Vec<f64>>();
        let mut values = wide(&weights.values);
        let units = weights.hidden.as_ref().map_or(0, Hidden::units);
        let kinds = weights.hidden.as_ref().map_or(KindSet::ALL, |h| h.kinds);
        if let Some(h) = &weights.hidden {
            values.extend(wide(&h.input));
            values.extend(wide(&h.bias));
            values.extend(wide(&h.out));
        }
        Params {
            values,
            units,
            kinds,
        }
    }

    fn weights(&self) -> PolicyWeights {
        let narrow = |v: &[f64]| v.iter().map(|&x| x as f32).collect::<Vec<f32>>();
        let (linear, rest) = self.values.split_at(FEATURES);
        let hidden = (self.units > 0).then(|| {
            let (input, rest) = rest.split_at(FEATURES * self.units);
            let (bias, out) = rest.split_at(self.units);
            Hidden {
                input: narrow(input).into(),
                bias: narrow(bias),
                out: narrow(out),
                kinds: self.kinds,
            }
        });
        PolicyWeights::new(narrow(linear), hidden, String::new())
    }

    /// Where the hidden layer's input rows, biases and output weights start.
    fn input_at(&self) -> usize {
        FEATURES
    }
    fn bias_at(&self) -> usize {
        FEATURES * (1 + self.units)
    }
    fn out_at(&self) -> usize {
        self.bias_at() + self.units
    }

    /// Whether the hidden layer scores action `a` (its kind is one of `kinds`).
    fn scored_by_units(&self, data: &Dataset, a: usize) -> bool {
        self.kinds == KindSet::ALL
            || kind_of_action(data, a).is_some_and(|k| self.kinds.contains(k))
    }

    /// Action `a`'s score; with a hidden layer, its units' inputs go into `units` (one per
    /// unit, before the rectifier; all 0 for an action the layer does not score).
    fn score(&self, data: &Dataset, a: usize, units: &mut [f64]) -> f64 {
        let (index, value) = data.pairs(a);
        let w = &self.values;
        let linear = index
            .iter()
            .zip(value)
            .map(|(&j, &v)| w[j as usize] * v as f64)
            .sum::<f64>();
        if self.units == 0 {
            return linear;
        }
        if !self.scored_by_units(data, a) {
            units.fill(0.0);
            return linear;
        }
        let n = self.units;
        units.copy_from_slice(&w[self.bias_at()..self.bias_at() + n]);
        for (&j, &v) in index.iter().zip(value) {
            let row = &w[self.input_at() + j as usize * n..][..n];
            for (z, &r) in units.iter_mut().zip(row) {
                *z += r * v as f64;
            }
        }
        let out = &w[self.out_at()..self.out_at() + n];
        linear
            + units
                .iter()
                .zip(out)
                .map(|(&z, &o)| o * z.max(0.0))
                .sum::<f64>()
    }
}

/// The kind of recorded action `a` (its position in `KINDS`): the one kind bias among its
/// features.
fn kind_of_action(data: &Dataset, a: usize) -> Option<usize> {
    data.pairs(a)
        .0
        .iter()
        .find_map(|&j| kind_of_feature(j as usize))
}

/// Loss, accuracy and (when `gradient` is given) the gradient of the mean loss over the
/// decisions of one side (`validation` or training).
fn evaluate_block(
    data: &Dataset,
    decisions: std::ops::Range<usize>,
    params: &Params,
    validation: bool,
    mut gradient: Option<&mut [f64]>,
) -> (f64, usize, usize) {
    let mut loss = 0.0;
    let mut hits = 0;
    let mut count = 0;
    let mut scores = Vec::new();
    let n = params.units;
    // Each action's unit inputs, action after action.
    let mut units = Vec::new();
    for i in decisions {
        let (actions, chosen, is_validation) = data.decision(i);
        if is_validation != validation {
            continue;
        }
        scores.clear();
        units.resize(actions.len() * n, 0.0);
        for (k, a) in actions.clone().enumerate() {
            let z = &mut units[k * n..(k + 1) * n];
            scores.push(params.score(data, a, z));
        }
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
                if n == 0 {
                    continue;
                }
                // Through the units: d score / d out_u = max(0, z_u); a unit that is on
                // passes p * out_u back to its bias and its input row.
                let z = &units[k * n..(k + 1) * n];
                let (input_at, bias_at, out_at) =
                    (params.input_at(), params.bias_at(), params.out_at());
                for u in 0..n {
                    if z[u] > 0.0 {
                        g[out_at + u] += p * z[u];
                        let back = p * params.values[out_at + u];
                        g[bias_at + u] += back;
                        for (&j, &v) in index.iter().zip(value) {
                            g[input_at + j as usize * n + u] += back * v as f64;
                        }
                    }
                }
            }
        }
    }
    (loss, hits, count)
}

/// Loss and accuracy of `weights` on the validation (or training) decisions.
pub fn measure(data: &Dataset, weights: &PolicyWeights, validation: bool) -> Fit {
    let params = Params::of(weights);
    let (loss, hits, count) = evaluate_block(data, 0..data.decisions(), &params, validation, None);
    Fit {
        loss: loss / count.max(1) as f64,
        accuracy: hits as f64 / count.max(1) as f64,
        decisions: count,
    }
}

/// Per kind of the teacher's choice (`features::KINDS`), on the validation decisions: how
/// many there are and how many each set of weights predicts (its best-scored action is the
/// choice), in the order of `KINDS`, kinds never chosen left out. Says where a fit misses.
pub fn hits_by_kind(
    data: &Dataset,
    fitted: &PolicyWeights,
    start: &PolicyWeights,
) -> Vec<KindHits> {
    let (fitted, start) = (Params::of(fitted), Params::of(start));
    let mut units = vec![0.0; MAX_UNITS];
    // As `evaluate_block` predicts: the first best-scored action.
    let mut predicts = |params: &Params, actions: std::ops::Range<usize>, chosen: usize| {
        let z = &mut units[..params.units];
        let scores: Vec<f64> = actions.map(|a| params.score(data, a, z)).collect();
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
        let kind = kind_of_action(data, actions.start + chosen);
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

/// Fits the weights to the training decisions, from `start` (with its hidden layer, if it
/// has one); `epoch_done(e)` after each epoch. Runs on the current rayon pool.
pub fn fit(
    data: &Dataset,
    start: &PolicyWeights,
    options: FitOptions,
    epoch_done: &(dyn Fn(u32) + Sync),
) -> PolicyWeights {
    let mut params = Params::of(start);
    let size = params.values.len();
    // A left-out feature's weight and its units' input weights start at 0 and never move.
    let mut moves = vec![true; size];
    for feature in options.left_out() {
        let units = params.units;
        let row = params.input_at() + feature * units..params.input_at() + (feature + 1) * units;
        for j in std::iter::once(feature).chain(row) {
            moves[j] = false;
            params.values[j] = 0.0;
        }
    }
    // Draft facts the units may not read: their input rows start and stay at 0.
    for feature in options.left_out_of_units() {
        let units = params.units;
        let row = params.input_at() + feature * units..params.input_at() + (feature + 1) * units;
        moves[row.clone()].fill(false);
        params.values[row].fill(0.0);
    }
    // A layer for some kinds of action only: the input rows of features that no action of
    // those kinds has in the data would never move but by the penalty; they start and stay
    // at 0, so the weights file lists only the rows the layer reads.
    if params.units > 0 && params.kinds != KindSet::ALL {
        let mut seen = vec![false; FEATURES];
        for a in 0..data.actions() {
            if params.scored_by_units(data, a) {
                for &j in data.pairs(a).0 {
                    seen[j as usize] = true;
                }
            }
        }
        let units = params.units;
        for feature in (0..FEATURES).filter(|&j| !seen[j]) {
            let row =
                params.input_at() + feature * units..params.input_at() + (feature + 1) * units;
            moves[row.clone()].fill(false);
            if !options.toward_start {
                params.values[row].fill(0.0);
            }
        }
    }
    if let Some(blocks) = options.fit_only {
        for (j, moving) in moves.iter_mut().enumerate() {
            *moving &= blocks.contains_feature(j);
        }
    }
    // What the penalty pulls towards: the start (a fine-tune) or 0.
    let prior = match options.toward_start {
        true => params.values.clone(),
        false => vec![0.0; size],
    };
    let mut m = vec![0.0; size];
    let mut v = vec![0.0; size];
    let blocks: Vec<std::ops::Range<usize>> = (0..data.decisions())
        .step_by(BLOCK)
        .map(|s| s..(s + BLOCK).min(data.decisions()))
        .collect();
    let (beta1, beta2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    // Penalised: every linear weight but the heuristic's (the scale of the whole policy)
    // and the hidden layer's input rows.
    let penalised_end = params.bias_at();
    let penalised = |j: usize| j != 0 && j < penalised_end;
    for epoch in 1..=options.epochs {
        let parts: Vec<(Vec<f64>, usize)> = blocks
            .par_iter()
            .map(|range| {
                let mut g = vec![0.0; size];
                let (_, _, count) =
                    evaluate_block(data, range.clone(), &params, false, Some(&mut g));
                (g, count)
            })
            .collect();
        let mut gradient = vec![0.0; size];
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
        let w = &mut params.values;
        for j in (0..size).filter(|&j| moves[j]) {
            let penalty = if penalised(j) {
                options.l2 * (w[j] - prior[j])
            } else {
                0.0
            };
            let g = gradient[j] / n + penalty;
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let m_hat = m[j] / correct1;
            let v_hat = v[j] / correct2;
            w[j] -= options.learning_rate * m_hat / (v_hat.sqrt() + eps);
        }
        epoch_done(epoch);
    }
    params.weights()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotSpec;
    use crate::bots::policy::features::feature_name;
    use crate::config::load_preset;
    use crate::train::record::{replay_into, teacher_game};

    /// Imitating a bot the features can express: from all-zero weights (every action
    /// equally likely), the fit learns the heuristic teacher (whose own score is a feature)
    /// and predicts its choices on games it did not see; the result does not depend on the
    /// thread count.
    #[test]
    fn the_fit_learns_the_teacher_and_ignores_threads() {
        let data = heuristic_games(16);
        let start = linear(vec![0.0f32; FEATURES]);
        let options = FitOptions {
            epochs: 80,
            l2: 1e-4,
            learning_rate: 0.05,
            draft_facts: DraftFacts::ALL,
            unit_draft_facts: DraftFacts::ALL,
            toward_start: false,
            fit_only: None,
        };
        let on = |threads: usize| fit_on(threads, &data, &start, options);
        let fitted = on(1);
        assert_eq!(fitted, on(3));
        assert!(fitted.hidden.is_none(), "a linear start gives a linear fit");
        let before = measure(&data, &start, true);
        let after = measure(&data, &fitted, true);
        assert!(before.decisions > 100);
        assert!(after.loss < 0.5 * before.loss, "{after:?} vs {before:?}");
        assert!(after.accuracy > 0.8, "{after:?}");
        assert!(
            fitted.values[0] > 0.5,
            "the heuristic's score carries the fit"
        );
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

    /// `FitOptions::draft_facts` (`train --draft-facts`): the parts of the draft facts a fit
    /// may not weigh stay at 0, linear weights and units' input rows alike, so the fitted
    /// policy never works them out; the parts it may weigh, it does.
    #[test]
    fn a_fit_weighs_only_the_draft_facts_it_may() {
        let data = heuristic_games(6);
        let linear_start = linear(vec![0.0f32; FEATURES]);
        let mut net_start = random_net(4, 7);
        net_start.hidden.as_mut().expect("hidden").out = vec![0.0; 4];
        for (parts, reads) in [
            (DraftFacts::ALL, DraftFacts::ALL),
            (DraftFacts::SHARED, DraftFacts::SHARED),
            (DraftFacts::NONE, DraftFacts::NONE),
        ] {
            let options = FitOptions {
                epochs: 5,
                l2: 1e-4,
                learning_rate: 0.05,
                draft_facts: parts,
                unit_draft_facts: parts,
                toward_start: false,
                fit_only: None,
            };
            for start in [&linear_start, &net_start] {
                let fitted = fit_on(1, &data, start, options);
                assert_eq!(fitted.reads_draft_facts(), reads, "{parts:?}");
            }
        }
        assert_eq!(
            net_start.reads_draft_facts(),
            DraftFacts::ALL,
            "the start reads them"
        );
    }

    /// `FitOptions::unit_draft_facts` (`train --hidden-draft-facts`): the units' input rows
    /// of the draft facts they may not read stay 0 while the linear weights of those facts
    /// are fitted, so the weights read them, but not through the units.
    #[test]
    fn a_fit_passes_only_the_draft_facts_it_may_through_the_units() {
        let data = heuristic_games(6);
        let mut start = random_net(4, 7);
        start.hidden.as_mut().expect("hidden").out = vec![0.0; 4];
        for (units, units_read) in [
            (DraftFacts::SHARED, DraftFacts::SHARED),
            (DraftFacts::NONE, DraftFacts::NONE),
        ] {
            let options = FitOptions {
                epochs: 5,
                l2: 1e-4,
                learning_rate: 0.05,
                draft_facts: DraftFacts::SHARED,
                unit_draft_facts: units,
                toward_start: false,
                fit_only: None,
            };
            let fitted = fit_on(1, &data, &start, options);
            assert_eq!(fitted.reads_draft_facts(), DraftFacts::SHARED, "{units:?}");
            assert_eq!(fitted.units_read_draft_facts(), units_read, "{units:?}");
            // The facts' linear weights move from the start's either way; their rows move
            // only where the units may read them, and are 0 where they may not.
            let shared = || DraftFacts::SHARED.indices();
            assert!(
                shared().any(|j| fitted.values[j] != start.values[j]),
                "{units:?}: linear weights fitted"
            );
            let (rows, start_rows) = (
                fitted.hidden.as_ref().expect("hidden"),
                start.hidden.as_ref().expect("hidden"),
            );
            match units.shared {
                true => assert!(shared().any(|j| rows.row(j) != start_rows.row(j))),
                false => assert!(shared().all(|j| rows.row(j).iter().all(|&w| w == 0.0))),
            }
        }
        assert_eq!(
            start.units_read_draft_facts(),
            DraftFacts::ALL,
            "the start's units read them"
        );
    }

    /// A fine-tune (`toward_start`, `train --start`): the penalty pulls towards the start, so
    /// a strong penalty keeps the weights near it where the same penalty towards 0 moves
    /// them far; the fit still learns (its loss falls); the rows of a draft layer that no
    /// pick reaches keep the start's values instead of being cleared.
    #[test]
    fn a_fine_tune_stays_near_its_start() {
        let data = heuristic_games(12);
        let kinds = KindSet::parse("Pick").expect("a kind");
        let start = random_net_for(8, 9, kinds);
        let options = |toward_start: bool| FitOptions {
            epochs: 40,
            l2: 0.5,
            learning_rate: 0.02,
            draft_facts: DraftFacts::ALL,
            unit_draft_facts: DraftFacts::ALL,
            toward_start,
            fit_only: None,
        };
        let distance = |w: &PolicyWeights| {
            let (a, b) = (Params::of(w).values, Params::of(&start).values);
            a.iter()
                .zip(&b)
                .map(|(x, y)| (x - y).powi(2))
                .sum::<f64>()
                .sqrt()
        };
        let tuned = fit_on(2, &data, &start, options(true));
        let shrunk = fit_on(2, &data, &start, options(false));
        assert!(
            distance(&tuned) * 10.0 < distance(&shrunk),
            "{} against {}",
            distance(&tuned),
            distance(&shrunk)
        );
        assert!(measure(&data, &tuned, false).loss < measure(&data, &start, false).loss);
        let unreached = (0..FEATURES)
            .find(|&j| feature_name(j) == "gather.gold")
            .expect("a gathering fact");
        let row = |w: &PolicyWeights| w.hidden.as_ref().expect("hidden").row(unreached).to_vec();
        assert!(row(&start).iter().any(|&w| w != 0.0));
        assert_eq!(row(&tuned), row(&start));
        assert!(row(&shrunk).iter().all(|&w| w == 0.0));
    }

    /// `fit_only` (`train --fit-only`): the weights of the named blocks move (and the fit
    /// learns: its loss falls), every other weight, the hidden layer's included, keeps the
    /// start's value to the bit.
    #[test]
    fn a_fit_of_some_blocks_moves_only_their_weights() {
        let data = heuristic_games(12);
        let kinds = KindSet::parse("Pick").expect("a kind");
        let start = random_net_for(8, 9, kinds);
        let blocks = FeatureBlocks::parse("gather+end").expect("blocks");
        let options = FitOptions {
            epochs: 40,
            l2: 0.001,
            learning_rate: 0.02,
            draft_facts: DraftFacts::ALL,
            unit_draft_facts: DraftFacts::ALL,
            toward_start: true,
            fit_only: Some(blocks),
        };
        let tuned = fit_on(2, &data, &start, options);
        let (after, before) = (Params::of(&tuned).values, Params::of(&start).values);
        let mut moved = 0;
        for (j, (a, b)) in after.iter().zip(&before).enumerate() {
            if blocks.contains_feature(j) {
                moved += usize::from(a != b);
            } else {
                assert_eq!(a.to_bits(), b.to_bits(), "weight {j} moved");
            }
        }
        assert!(moved > 3, "only {moved} weights of the blocks moved");
        assert!(measure(&data, &tuned, false).loss < measure(&data, &start, false).loss);
    }

    /// The decisions of `games` heuristic games at 4 players, every fourth kept out.
    fn heuristic_games(games: u64) -> Dataset {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let mut legal = Vec::new();
        let mut data = Dataset::default();
        for game in 0..games {
            let teacher = BotSpec::heuristic();
            let record = teacher_game(&rules, game, &teacher, None, game % 4 == 3, &mut legal);
            replay_into(&mut data, &rules, &record, &mut legal).expect("replays");
        }
        data
    }

    /// `fit` on a pool of `threads` threads.
    fn fit_on(
        threads: usize,
        data: &Dataset,
        start: &PolicyWeights,
        options: FitOptions,
    ) -> PolicyWeights {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| fit(data, start, options, &|_| {}))
    }

    fn linear(values: Vec<f32>) -> PolicyWeights {
        PolicyWeights::new(values, None, String::new())
    }

    /// Weights with a hidden layer of `units` units, every weight a small pseudo-random
    /// number (so units are on for some actions and off for others).
    fn random_net(units: usize, seed: u64) -> PolicyWeights {
        random_net_for(units, seed, KindSet::ALL)
    }

    /// The same, its layer scoring only the actions of `kinds`.
    fn random_net_for(units: usize, seed: u64, kinds: KindSet) -> PolicyWeights {
        let mut rng = crate::engine::rng::GameRng::new(seed);
        let mut small = |n: usize| -> Vec<f32> {
            (0..n)
                .map(|_| (rng.below(2001) as f32 - 1000.0) / 2000.0)
                .collect()
        };
        let values = small(FEATURES);
        let hidden = Hidden {
            input: small(FEATURES * units).into(),
            bias: small(units),
            out: small(units),
            kinds,
        };
        PolicyWeights::new(values, Some(hidden), String::new())
    }

    /// The hidden layer's gradient is the loss's: for weights of every part (linear, input
    /// rows, biases, outputs), moving the weight by ±h changes the summed loss by the
    /// gradient times 2h (central differences), to within 1e-4 of it relative; with the
    /// layer on every kind of action and on the draft's picks alone.
    #[test]
    fn the_gradient_through_the_hidden_layer_is_the_loss_derivative() {
        let data = heuristic_games(2);
        for kinds in [KindSet::ALL, KindSet::parse("Pick").expect("a kind")] {
            gradient_is_the_loss_derivative(&data, &Params::of(&random_net_for(4, 3, kinds)));
        }
    }

    fn gradient_is_the_loss_derivative(data: &Dataset, params: &Params) {
        let decisions = 0..data.decisions();
        let mut gradient = vec![0.0; params.values.len()];
        evaluate_block(data, decisions.clone(), params, false, Some(&mut gradient));
        // Weights that matter: the heuristic's, an input row's entries of the heuristic
        // feature and of the Pick kind's bias, every bias and output.
        let pick = 1 + KINDS.iter().position(|&k| k == "Pick").expect("Pick");
        let (n, input) = (params.units, params.input_at());
        let mut checked: Vec<usize> = vec![0, pick];
        checked.extend((0..n).flat_map(|u| [input + u, input + pick * n + u]));
        checked.extend(params.bias_at()..params.out_at() + n);
        let h = 1e-5;
        for j in checked {
            let loss_at = |delta: f64| {
                let mut moved = Params {
                    values: params.values.clone(),
                    ..*params
                };
                moved.values[j] += delta;
                evaluate_block(data, decisions.clone(), &moved, false, None).0
            };
            let numeric = (loss_at(h) - loss_at(-h)) / (2.0 * h);
            let analytic = gradient[j];
            assert!(
                (numeric - analytic).abs() <= 1e-4 * analytic.abs().max(1.0),
                "weight {j}: numeric {numeric}, analytic {analytic}"
            );
            assert!(j == 0 || analytic != 0.0 || numeric.abs() < 1e-6);
        }
    }

    /// A fit with a hidden layer moves every part of it, lowers the loss on games it did
    /// not see, and does not depend on the thread count; weights read back from its file
    /// predict the same.
    #[test]
    fn a_hidden_layer_fits_and_ignores_threads() {
        let data = heuristic_games(12);
        let mut start = random_net(8, 5);
        start.values = vec![0.0; FEATURES];
        start.hidden.as_mut().expect("hidden").out = vec![0.0; 8];
        let options = FitOptions {
            epochs: 40,
            l2: 1e-4,
            learning_rate: 0.02,
            draft_facts: DraftFacts::ALL,
            unit_draft_facts: DraftFacts::ALL,
            toward_start: false,
            fit_only: None,
        };
        let on = |threads: usize| fit_on(threads, &data, &start, options);
        let fitted = on(1);
        assert_eq!(fitted, on(2));
        let (before, after) = (measure(&data, &start, true), measure(&data, &fitted, true));
        assert!(after.loss < 0.7 * before.loss, "{after:?} vs {before:?}");
        let (h, h0) = (
            fitted.hidden.as_ref().expect("hidden"),
            start.hidden.as_ref().expect("hidden"),
        );
        assert!(h.out.iter().any(|&o| o != 0.0) && h.bias != h0.bias && h.input != h0.input);
        let text = fitted.to_text("");
        let back = PolicyWeights::parse(&text, "x").expect("parses");
        assert_eq!(measure(&data, &back, true), after);
    }

    /// The fit scores a recorded action as play does: with a layer for the picks alone, a
    /// pick as the same layer for every kind and any other action as the linear part alone
    /// (to the bit, on every action of heuristic games).
    #[test]
    fn the_fit_scores_a_restricted_layer_as_play_does() {
        let data = heuristic_games(2);
        let pick = KindSet::parse("Pick").expect("a kind");
        let restricted = Params::of(&random_net_for(4, 9, pick));
        let everything = Params::of(&random_net_for(4, 9, KindSet::ALL));
        let linear = Params {
            units: 0,
            ..Params::of(&random_net_for(4, 9, pick))
        };
        let mut z = vec![0.0; 4];
        let (mut picks, mut others) = (0, 0);
        for a in 0..data.actions() {
            let got = restricted.score(&data, a, &mut z).to_bits();
            let is_pick = kind_of_action(&data, a) == Some(0);
            let want = match is_pick {
                true => everything.score(&data, a, &mut z),
                false => linear.score(&data, a, &mut z),
            };
            assert_eq!(got, want.to_bits(), "action {a}");
            (picks, others) = (picks + is_pick as u32, others + !is_pick as u32);
        }
        assert!(picks > 50 && others > 500, "{picks} picks, {others} others");
    }

    /// A layer for the draft alone (`--hidden-kinds Pick`) fits the picks: it predicts
    /// more of them and lowers the loss, keeps its kinds, and its input rows are 0 for every
    /// feature no pick has (a gathering's, a build's), non-zero for the picks' own.
    #[test]
    fn a_layer_for_the_draft_fits_only_the_draft_features() {
        let data = heuristic_games(12);
        let kinds = KindSet::parse("Pick").expect("a kind");
        let mut start = random_net_for(8, 5, kinds);
        start.values = vec![0.0; FEATURES];
        start.hidden.as_mut().expect("hidden").out = vec![0.0; 8];
        let options = FitOptions {
            epochs: 40,
            l2: 1e-4,
            learning_rate: 0.02,
            draft_facts: DraftFacts::ALL,
            unit_draft_facts: DraftFacts::ALL,
            toward_start: false,
            fit_only: None,
        };
        let fitted = fit_on(2, &data, &start, options);
        let pick_hits = |w: &PolicyWeights| {
            let picks = hits_by_kind(&data, w, w);
            let pick = picks.iter().find(|h| h.kind == "Pick").expect("picks");
            pick.fitted
        };
        assert!(pick_hits(&fitted) > pick_hits(&start));
        assert!(measure(&data, &fitted, true).loss < measure(&data, &start, true).loss);
        let h = fitted.hidden.as_ref().expect("hidden");
        assert_eq!(h.kinds, kinds);
        let row = |name: &str| {
            let j = (0..FEATURES)
                .find(|&j| feature_name(j) == name)
                .expect(name);
            h.row(j).to_vec()
        };
        for name in [
            "gather.gold",
            "card.build.cost",
            "kind.EndTurn",
            "kind.TakeGold",
        ] {
            assert!(
                row(name).iter().all(|&w| w == 0.0),
                "{name}: {:?}",
                row(name)
            );
        }
        for name in ["kind.Pick", "pick.King.gold", "heuristic"] {
            assert!(row(name).iter().any(|&w| w != 0.0), "{name}");
        }
    }
}
