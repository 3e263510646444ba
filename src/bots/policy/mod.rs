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
use crate::engine::rng::GameRng;
use crate::engine::view::View;
use features::{DecisionFeatures, Dot};
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
            _ => return Err(crate::bots::spec::unknown_parameter(key, &KEYS)),
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
    /// Draws the move from the softmax (and breaks ties).
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

impl Bot for PolicyBot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        if let [only] = legal {
            return *only;
        }
        let features = DecisionFeatures::new(view, legal);
        let PolicyBot { params, rng } = self;
        let (weights, temp) = (&params.weights.values, params.temp.0);
        // One pass, no buffer: the best score, ties by reservoir choice drawing exactly as the
        // heuristic bot does (so heuristic-only weights at `temp=0` play the heuristic's
        // games). Above 0, each score / temp gets Gumbel noise: the best noisy score is a
        // draw from the softmax of score / temp (the Gumbel-max trick).
        let mut chosen = 0;
        let mut top = f32::NEG_INFINITY;
        let mut ties = 0;
        for (i, &action) in legal.iter().enumerate() {
            let mut dot = Dot::new(weights);
            features.action(action, &mut dot);
            let score = if temp > 0.0 {
                dot.total / temp + gumbel(rng)
            } else {
                dot.total
            };
            if score > top {
                (chosen, top, ties) = (i, score, 1);
            } else if score == top {
                ties += 1;
                if rng.below(ties) == 0 {
                    chosen = i;
                }
            }
        }
        legal[chosen]
    }
}

/// A standard Gumbel variate, -ln(-ln U) with U uniform in (0, 1).
fn gumbel(rng: &mut GameRng) -> f32 {
    let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    -(-u.ln()).ln() as f32
}
