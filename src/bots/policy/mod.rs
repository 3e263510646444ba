//! The policy bot: a fast bot distilled from search. It scores each legal action by a linear
//! function of the action's features (`features.rs`: the heuristic bot's own score, the kind of
//! action, and facts of the picked or named character, the card, the player chosen). The
//! weights are fitted by `train` to the moves the ISMCTS bot chooses in self-play (behaviour
//! cloning by maximum likelihood of a softmax over the scores), so the bot plays the search's
//! likeliest choice at the cost of one heuristic evaluation per action.
//!
//! By default (`temp=0`) it plays the best score. `temp=T` draws the move from the softmax
//! of score / T instead: closer to the spread of the search's own choices, but weaker, since
//! each draw away from the best move is more often a mistake than the search's are
//! (measured in docs/bots.md, "The policy bot").

pub mod features;
pub mod weights;

use super::Bot;
use crate::engine::action::Action;
use crate::engine::legal::MOVE_BUFFER;
use crate::engine::rng::GameRng;
use crate::engine::view::View;
use features::{Dot, Situation, action_features, heuristic_scores};
use std::fmt;
use std::sync::Arc;
pub use weights::PolicyWeights;

/// The policy bot's parameters: its weights and the softmax temperature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyParams {
    pub weights: Arc<PolicyWeights>,
    /// Scores are divided by it before the softmax; 0 plays the best score.
    pub temp: Temperature,
}

/// A softmax temperature: finite and not negative (`PolicyParams::set` checks it), so
/// equality is an equivalence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Temperature(pub f32);

impl Eq for Temperature {}

impl Default for PolicyParams {
    fn default() -> PolicyParams {
        PolicyParams {
            weights: PolicyWeights::built_in(),
            temp: Temperature(0.0),
        }
    }
}

/// The parameter names a spec may set.
pub const KEYS: [&str; 2] = ["weights", "temp"];

impl PolicyParams {
    /// Sets one parameter from its spec text; the error says what is allowed.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "weights" => {
                self.weights = if value == weights::BUILT_IN {
                    PolicyWeights::built_in()
                } else {
                    Arc::new(PolicyWeights::load(value)?)
                };
            }
            "temp" => {
                let t = value
                    .parse::<f32>()
                    .ok()
                    .filter(|t| t.is_finite() && *t >= 0.0)
                    .ok_or_else(|| format!("temp={value}: must be a number, 0 or more"))?;
                self.temp = Temperature(t);
            }
            _ => {
                return Err(format!(
                    "unknown parameter \"{key}\" (known: {}){}",
                    KEYS.join(", "),
                    crate::config::suggest::did_you_mean(key, KEYS)
                ));
            }
        }
        Ok(())
    }
}

/// The spec text: `policy`, then `weights=FILE` unless built in, then `temp=T` unless 0.
impl fmt::Display for PolicyParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("policy")?;
        if self.weights.source != weights::BUILT_IN {
            write!(f, ":weights={}", self.weights.source)?;
        }
        if self.temp.0 != 0.0 {
            write!(f, ":temp={}", self.temp.0)?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug)]
pub struct PolicyBot {
    params: PolicyParams,
    /// Draws the move from the softmax (and breaks ties at `temp=0`).
    rng: GameRng,
}

impl PolicyBot {
    pub fn new(params: PolicyParams, seed: u64) -> PolicyBot {
        PolicyBot {
            params,
            rng: GameRng::new(seed),
        }
    }
}

/// The scores of the legal actions under `weights`, one per slot of `out`.
pub fn score_actions(view: &View, weights: &[f32], legal: &[Action], out: &mut [f32]) {
    heuristic_scores(view, legal, out);
    let situation = Situation::new(view, legal);
    for (slot, &action) in out.iter_mut().zip(legal) {
        let mut dot = Dot::new(weights);
        action_features(view, &situation, action, *slot, &mut dot);
        *slot = dot.total;
    }
}

impl Bot for PolicyBot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        if let [only] = legal {
            return *only;
        }
        let mut scores = [0.0f32; MOVE_BUFFER];
        let scores = &mut scores[..legal.len()];
        score_actions(view, &self.params.weights.values, legal, scores);
        let best = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let temp = self.params.temp.0;
        if temp == 0.0 {
            // The best score; ties by reservoir choice in one pass, drawing exactly as the
            // heuristic bot does, so heuristic-only weights play the heuristic's games.
            let mut chosen = 0;
            let mut top = f32::NEG_INFINITY;
            let mut ties = 0;
            for (i, &s) in scores.iter().enumerate() {
                if s > top {
                    (chosen, top, ties) = (i, s, 1);
                } else if s == top {
                    ties += 1;
                    if self.rng.below(ties) == 0 {
                        chosen = i;
                    }
                }
            }
            return legal[chosen];
        }
        let mut total = 0.0f32;
        for s in scores.iter_mut() {
            *s = ((*s - best) / temp).exp();
            total += *s;
        }
        // A uniform draw in [0, total) with 24 bits, then the first slot that covers it.
        let mut draw = (self.rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * total;
        for (i, &p) in scores.iter().enumerate() {
            if draw < p {
                return legal[i];
            }
            draw -= p;
        }
        // Rounding left the draw past the last slot: the last action with weight.
        let last = scores.iter().rposition(|&p| p > 0.0).unwrap_or(0);
        legal[last]
    }
}
