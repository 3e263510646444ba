//! The policy bot: a fast bot distilled from search. It scores each legal action by a linear
//! function of the action's features (`features`: the heuristic bot's own score, the kind of
//! action, and facts of the picked or named character, the card, the player chosen), plus,
//! for weights with a hidden layer (the default's, for the draft and the targets), the
//! layer's rectified units over the same features. The
//! weights are fitted by `train` to the moves the ISMCTS bot chooses in self-play (behaviour
//! cloning by maximum likelihood of a softmax over the scores), so the softmax of the scores
//! is the model's estimate of how likely the search is to play each move.
//!
//! Two kinds of decision are guessing games between players who cannot see each other's
//! hands: which character to take in the draft, and which character to name (kill, rob,
//! bewitch, warrant, threaten). Always playing the best-scored one there makes a population
//! predictable in a way the search is not (its determinizations spread its choices), and
//! skews the characters' win rates: so the bot draws those choices from the softmax of
//! score / `pick_temp` and score / `target_temp`. At 1, the default, each move is as likely as
//! the model says the search would make it: of the temperatures measured, it brings the
//! population's character win rates closest to the search's; lower ones make a
//! stronger player whose population agrees less. The Warlord's destruction is drawn too, at
//! `temp` (0.5 by default; `drawn` names the decisions `temp` draws): the search aims it
//! less sharply than the model's best score, whose Warlord then wins too often at 4
//! players; so are the decisions that offer a build, as the search often ends its turn with
//! a build on offer. Everything else plays the best score. The default's `first-game`
//! weights (not its other fits) never draw a move far less likely than the best in the drawn
//! decisions but the draft (`PolicyParams::cuts`): as near the search, and stronger.
//! Measured in docs/agreement.md, "Which decisions are drawn".

mod draw;
pub mod features;
mod params;
#[cfg(test)]
pub(crate) mod test_games;
pub mod weights;

use super::Bot;
use super::heuristic::Kept;
use crate::engine::action::Action;
use crate::engine::rng::GameRng;
use crate::engine::view::View;
use draw::draw;
use features::{DecisionFeatures, Dot, Net, kind_of};
use weights::Hidden;

pub use params::{KEYS, KindSet, PolicyParams, Share, Temperature};
pub use weights::PolicyWeights;

#[derive(Clone, Debug)]
pub struct PolicyBot {
    params: PolicyParams,
    /// Draws the move from the softmax (and breaks ties).
    rng: GameRng,
    kept: Kept,
}

impl PolicyBot {
    pub fn new(params: PolicyParams, seed: u64) -> PolicyBot {
        PolicyBot {
            params,
            rng: GameRng::new(seed),
            kept: Kept::default(),
        }
    }
}

#[cfg(test)]
impl PolicyBot {
    /// Drops what it kept from earlier decisions (the heuristic's tests).
    pub(crate) fn forget_kept(&mut self) {
        self.kept = Kept::default();
    }
}

impl Bot for PolicyBot {
    // Always inlined, the scoring out of line, like the heuristic's: a forced move is
    // answered at the caller without a call and the scoring's frame.
    #[inline(always)]
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        if let [only] = legal {
            return *only;
        }
        self.choose(view, legal)
    }
}

impl PolicyBot {
    /// `decide` among two or more actions.
    #[inline(never)]
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let PolicyBot { params, rng, kept } = self;
        let weights = params.weights.at_players(view.players());
        let features = DecisionFeatures::new(view, legal, kept)
            .with_draft_facts(weights.reads_draft_facts())
            .with_unit_draft_facts(weights.units_read_draft_facts())
            .with_aims(weights.reads_aims())
            .with_keeping(weights.reads_keeping());
        let (min_p, pick_min_p) = params.cuts(weights);
        let score = |action: Action| score(weights, &features, action);
        // Naming a character competes with the rest as one move, scored by its best target;
        // if it wins, the target is drawn among the named characters.
        let target_temp = params.target_temp.0;
        let grouped = |a: Action| target_temp > 0.0 && names_a_character(a);
        // The draft is a decision of its own (every action takes or discards a character),
        // drawn at `pick_temp`. `temp` draws only the decisions of the kinds drawn (the kinds
        // are looked at only when there is something to draw).
        let drafting = matches!(legal[0], Action::Pick(_) | Action::Discard(_));
        let min_p = if drafting { pick_min_p } else { min_p };
        let temp = if drafting {
            params.pick_temp.0
        } else if params.temp.0 > 0.0
            && params
                .drawn
                .unwrap_or_else(|| weights.drawn())
                .offered_in(legal)
        {
            params.temp.0
        } else {
            0.0
        };
        // Most decisions name no character: every action is a move of its own.
        let Some(first) = legal.iter().position(|&a| grouped(a)) else {
            // (The scoring inlined in the draw's loop: as a call it cost 3.8 k instructions per
            // policy game more, measured.)
            let chosen = draw(
                legal.len(),
                temp,
                min_p,
                rng,
                #[inline(always)]
                |i| score(legal[i]),
            );
            return legal[chosen];
        };
        // The group enters once, at its first member, with its best score. Its members'
        // scores are kept for the draw below (the first `KEPT` of them; any further one is
        // scored again, to the same value).
        let mut kept = [0.0f32; KEPT];
        let chosen = draw(legal.len(), temp, min_p, rng, |i| {
            if i == first {
                let mut top = f32::NEG_INFINITY;
                for (j, &a) in legal.iter().enumerate().skip(i) {
                    if grouped(a) {
                        let score = score(a);
                        if let Some(slot) = kept.get_mut(j - i) {
                            *slot = score;
                        }
                        top = top.max(score);
                    }
                }
                top
            } else if grouped(legal[i]) {
                f32::NEG_INFINITY
            } else {
                score(legal[i])
            }
        });
        if !grouped(legal[chosen]) {
            return legal[chosen];
        }
        // Draw among the named characters only (others score minus infinity: never drawn).
        let k = draw(legal.len(), target_temp, min_p, rng, |i| {
            match grouped(legal[i]) {
                true => kept
                    .get(i - first)
                    .copied()
                    .unwrap_or_else(|| score(legal[i])),
                false => f32::NEG_INFINITY,
            }
        });
        legal[k]
    }
}

/// The score of `action` under `weights`: the dot product of its features, plus the hidden
/// units' output if the weights have them and their layer scores the action's kind
/// (`Hidden::kinds`). Inlined where a decision scores its actions, with
/// the features and the heuristic's score (`DecisionFeatures::action`): as three calls deep,
/// saving and restoring registers at each, an action cost about 45 instructions more (29 k
/// per policy game, measured).
#[inline(always)]
fn score(weights: &PolicyWeights, features: &DecisionFeatures, action: Action) -> f32 {
    match &weights.hidden {
        Some(hidden) if hidden.kinds.contains(kind_of(action)) => {
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: this CPU has AVX2, checked just above.
                return unsafe { net_score_avx2(&weights.values, hidden, features, action) };
            }
            net_score(&weights.values, hidden, features, action)
        }
        _ => {
            let mut dot = Dot::new(&weights.values);
            features.action(action, &mut dot);
            dot.total
        }
    }
}

/// The score of `action` under weights with a hidden layer (`Net`).
#[inline(always)]
fn net_score(values: &[f32], hidden: &Hidden, features: &DecisionFeatures, action: Action) -> f32 {
    let mut net = Net::new(values, hidden);
    features.action(action, &mut net);
    net.total()
}

/// `net_score` compiled for AVX2, where the units are summed eight at a time instead of four
/// (part of the 1,125 k -> 840 k instructions per 5-player game of docs/performance.md,
/// "Optimisations that hold the figures"). Multiplies and adds stay separate (Rust never
/// fuses them), in the same order, so every score is the same to the bit as on any other
/// x86-64 CPU. (The check is a load and a bit test per action.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn net_score_avx2(
    values: &[f32],
    hidden: &Hidden,
    features: &DecisionFeatures,
    action: Action,
) -> f32 {
    net_score(values, hidden, features, action)
}

/// How many scores of named characters a decision keeps between its two passes (the
/// Assassin's and the Thief's choices fit; the Magistrate's warrants may not).
const KEPT: usize = 32;

/// The actions that name a character: the targets of the Assassin, Thief, Witch,
/// Magistrate and Blackmailer (the decisions `target_temp` draws among).
pub fn names_a_character(action: Action) -> bool {
    matches!(
        action,
        Action::Kill(_)
            | Action::Rob(_)
            | Action::Bewitch(_)
            | Action::Warrant(..)
            | Action::Threaten(..)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::policy::test_games::{each_decision, small_values};
    use weights::Hidden;

    /// A hidden layer for the draft alone (`Hidden::kinds`) scores a pick or a discard as
    /// the same layer for every kind does, and every other action by the linear part alone,
    /// bit for bit: checked on every action of random games, where the layer changes some
    /// picks' scores.
    #[test]
    fn a_layer_for_the_draft_scores_only_the_draft() {
        let mut rng = GameRng::new(4);
        let mut small = |n: usize| small_values(&mut rng, n);
        let values = small(features::FEATURES);
        let mut layer = |kinds| Hidden {
            input: small(features::FEATURES * 4).into(),
            bias: vec![0.5; 4],
            out: vec![1.0, -0.5, 0.25, 2.0],
            kinds,
        };
        let all = layer(KindSet::ALL);
        let draft = Hidden {
            kinds: KindSet::parse("Pick+Discard").expect("kinds"),
            ..all.clone()
        };
        let weights = |hidden| PolicyWeights::new(values.clone(), hidden, String::new());
        let (linear, all, draft) = (weights(None), weights(Some(all)), weights(Some(draft)));
        let (mut picks, mut changed, mut others) = (0, 0, 0);
        each_decision(4, 0..3, |_, _, view, legal| {
            let kept = Kept::default();
            let features = DecisionFeatures::new(view, legal, &kept);
            for &action in legal {
                let got = score(&draft, &features, action).to_bits();
                let linear = score(&linear, &features, action).to_bits();
                if matches!(action, Action::Pick(_) | Action::Discard(_)) {
                    assert_eq!(got, score(&all, &features, action).to_bits());
                    picks += 1;
                    changed += (got != linear) as u32;
                } else {
                    assert_eq!(got, linear, "{action:?}");
                    others += 1;
                }
            }
        });
        assert!(
            picks > 50 && changed > 25 && others > 500,
            "{picks} {changed} {others}"
        );
    }

    /// On a CPU with AVX2, the layer's scores compiled for it (`net_score_avx2`) are those
    /// of the portable code to the bit, with layers whose units take every path of
    /// `add_all` (groups of 32 and of 16, and units one at a time): checked on every action
    /// of random games.
    /// (Without AVX2 there is nothing to compare and the test says so.)
    #[test]
    fn scores_compiled_for_avx2_are_the_portable_scores() {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            let mut rng = GameRng::new(7);
            let mut small = |n: usize| small_values(&mut rng, n);
            let values = small(features::FEATURES);
            let mut compared = 0;
            for units in [5, 16, 21, 32, 45, 51, 70, 83, 128] {
                let hidden = Hidden {
                    input: small(features::FEATURES * units).into(),
                    bias: small(units),
                    out: small(units),
                    kinds: KindSet::ALL,
                };
                let seed = units as u64;
                each_decision(5, seed..seed + 1, |_, _, view, legal| {
                    let kept = Kept::default();
                    let features = DecisionFeatures::new(view, legal, &kept);
                    for &action in legal {
                        let portable = net_score(&values, &hidden, &features, action);
                        // SAFETY: this CPU has AVX2, checked above.
                        let avx2 = unsafe { net_score_avx2(&values, &hidden, &features, action) };
                        assert_eq!(
                            portable.to_bits(),
                            avx2.to_bits(),
                            "{units} units, {action:?}"
                        );
                        compared += 1;
                    }
                });
            }
            assert!(compared > 1000, "{compared}");
            return;
        }
        eprintln!("no AVX2 on this CPU: nothing to compare");
    }
}
