//! `IsmctsParams`: the ISMCTS bot's tunable parameters, their defaults, and how a bot spec
//! (`ismcts:iters=1000:c=0.7`) sets them.

use crate::bots::heuristic::weights::HeuristicWeights;
use crate::bots::policy::{KindSet, PolicyParams};
use std::fmt;

/// The search budget and knobs. The budget is in iterations, not time, so a run is
/// reproducible on any machine.
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsParams {
    /// Iterations (determinizations) per decision; at least 1.
    pub iters: u32,
    /// Exploration constant of the UCB formula (rewards are in [0, 1]).
    pub c: f64,
    /// Rollouts stop at the end of this many rounds, counting the current one. 2 by default:
    /// against heuristic bots it wins 8 points more often than 1 (docs/bots.md, "What the
    /// measurements say"); against searches 1 wins more, for half the cost (docs/bots.md,
    /// "A one-round horizon"), but the ladder's and the references' figures were made with 2.
    pub rounds: u16,
    /// Points of lead over the best opponent that make the evaluation 0.73 (a logistic of
    /// lead / scale): smaller is more decisive.
    pub scale: f64,
    /// Progressive bias towards the heuristic's move: at every node of the tree, the move the
    /// heuristic would play in this determinization gets `prior / (1 + visits)` added to its
    /// UCB value, so the follow-ups inside the tree start as the heuristic plays them and
    /// leave it only on evidence (docs/bots.md, "What the measurements say"). 0 turns it off.
    pub prior: f64,
    /// The heuristic weights of the policy that plays the other seats and the rollouts: the
    /// run's `[heuristic]` weights (not a spec parameter).
    pub model: HeuristicWeights,
    /// The bot that plays the other seats and the rollouts and names the progressive bias's
    /// move: `heuristic` (default) or `policy` (the distilled bot with its linear weights,
    /// as `PolicyParams::rollout_model` sets it: not the default bot's weights or
    /// temperatures).
    pub rollout: Rollout,
    /// Early stopping: a decision's iterations stop once the most visited root move leads the
    /// runner-up by more than `stop` times the iterations left. 1 stops only when the lead
    /// cannot be overtaken (the move is the one the full budget would play); smaller values
    /// stop sooner, when the runner-up would need more than that share of what is left; 0
    /// never stops early (every decision spends `iters`).
    pub stop: f64,
    /// Tree reuse: the next decision of the same turn starts from the subtree of the move
    /// played, whose visits count towards its budget.
    pub reuse: bool,
    /// The decisions the bot searches: those offering an action of one of these kinds (the
    /// policy's kind names, as in its `drawn=`; `all` by default). The default policy bot
    /// plays the others, from the same view, on its own random stream. A diagnostic of
    /// where the search's strength lies (docs/agreement.md, "Where the strength is"), and a
    /// cheaper strong player: `searched=Pick+Discard` searches the draft alone. Inside the
    /// tree and the rollouts nothing changes: the search still plans its later decisions of
    /// every kind itself.
    pub searched: KindSet,
    /// The policy bot that plays the decisions not `searched`: the default one as it plays
    /// the config's cast (`BotSpec::for_cast`; on a cast beyond `first-game` the `casts`
    /// weights, which make no cut). Not a spec parameter.
    pub delegate: PolicyParams,
}

/// The bot of the search's simulations (`rollout=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    Heuristic,
    Policy,
}

// The floats are checked finite by `set`, so equality is an equivalence.
impl Eq for IsmctsParams {}

impl Default for IsmctsParams {
    fn default() -> Self {
        IsmctsParams {
            iters: 1000,
            c: 0.7,
            rounds: 2,
            scale: 5.0,
            prior: 0.3,
            model: HeuristicWeights::DEFAULT,
            rollout: Rollout::Heuristic,
            stop: 1.0,
            reuse: true,
            searched: KindSet::ALL,
            delegate: PolicyParams::default(),
        }
    }
}

/// The parameter names a spec may set.
pub const KEYS: [&str; 9] = [
    "iters", "c", "rounds", "scale", "prior", "rollout", "stop", "reuse", "searched",
];

impl IsmctsParams {
    /// Sets one parameter from its spec text; the error says what is allowed.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = || -> Result<f64, String> {
            value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("{key}={value}: not a number"))
        };
        let whole = |min: u64, max: u64| -> Result<u64, String> {
            let v: u64 = value
                .parse()
                .map_err(|_| format!("{key}={value}: not a whole number"))?;
            if v < min || v > max {
                return Err(format!("{key}={value}: must be {min} to {max}"));
            }
            Ok(v)
        };
        match key {
            "iters" => self.iters = whole(1, 10_000_000)? as u32,
            "rounds" => self.rounds = whole(1, 100)? as u16,
            "prior" => {
                let p = number()?;
                if p < 0.0 {
                    return Err(format!("prior={value}: must be 0 or more"));
                }
                self.prior = p;
            }
            "c" => {
                let c = number()?;
                if c < 0.0 {
                    return Err(format!("c={value}: must be 0 or more"));
                }
                self.c = c;
            }
            "rollout" => {
                self.rollout = match value {
                    "heuristic" => Rollout::Heuristic,
                    "policy" => Rollout::Policy,
                    _ => {
                        return Err(format!(
                            "rollout={value}: must be heuristic or policy{}",
                            crate::suggest::did_you_mean(value, ["heuristic", "policy"])
                        ));
                    }
                }
            }
            "stop" => {
                let p = number()?;
                if !(0.0..=1.0).contains(&p) {
                    return Err(format!("stop={value}: must be 0 to 1"));
                }
                self.stop = p;
            }
            "reuse" => self.reuse = whole(0, 1)? == 1,
            "searched" => {
                self.searched = KindSet::parse(value).map_err(|e| format!("searched={e}"))?
            }
            "scale" => {
                let s = number()?;
                if s <= 0.0 {
                    return Err(format!("scale={value}: must be more than 0"));
                }
                self.scale = s;
            }
            _ => return Err(crate::bots::spec::unknown_parameter(key, &KEYS)),
        }
        Ok(())
    }
}

/// The spec text: `ismcts:iters=N` and any parameter that is not its default.
impl fmt::Display for IsmctsParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let default = IsmctsParams::default();
        write!(f, "ismcts:iters={}", self.iters)?;
        if self.c != default.c {
            write!(f, ":c={}", self.c)?;
        }
        if self.rounds != default.rounds {
            write!(f, ":rounds={}", self.rounds)?;
        }
        if self.prior != default.prior {
            write!(f, ":prior={}", self.prior)?;
        }
        if self.scale != default.scale {
            write!(f, ":scale={}", self.scale)?;
        }
        if self.rollout == Rollout::Policy {
            f.write_str(":rollout=policy")?;
        }
        if self.stop != default.stop {
            write!(f, ":stop={}", self.stop)?;
        }
        if self.reuse != default.reuse {
            write!(f, ":reuse={}", u8::from(self.reuse))?;
        }
        if self.searched != default.searched {
            write!(f, ":searched={}", self.searched)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_set_and_refused_with_the_rule() {
        let mut p = IsmctsParams::default();
        p.set("iters", "4000").unwrap();
        p.set("c", "0.5").unwrap();
        assert_eq!((p.iters, p.c), (4000, 0.5));
        assert_eq!(p.to_string(), "ismcts:iters=4000:c=0.5");
        assert!(p.set("iters", "0").unwrap_err().contains("1 to"));
        assert!(p.set("iter", "10").unwrap_err().contains("iters"));
        assert!(p.set("c", "abc").unwrap_err().contains("not a number"));
        assert!(p.set("c", "-1").is_err());
        assert!(p.set("c", "NaN").is_err());
        assert!(p.set("scale", "0").is_err());
        assert!(p.set("rounds", "101").is_err());
        assert!(p.set("prior", "-0.1").is_err());
        p.set("prior", "0").unwrap();
        assert_eq!(p.to_string(), "ismcts:iters=4000:c=0.5:prior=0");
        p.set("rollout", "policy").unwrap();
        assert_eq!(p.rollout, Rollout::Policy);
        assert_eq!(
            p.to_string(),
            "ismcts:iters=4000:c=0.5:prior=0:rollout=policy"
        );
        p.set("stop", "0.25").unwrap();
        p.set("reuse", "0").unwrap();
        assert_eq!((p.stop, p.reuse), (0.25, false));
        assert!(p.to_string().ends_with(":rollout=policy:stop=0.25:reuse=0"));
        assert!(p.set("stop", "1.5").unwrap_err().contains("0 to 1"));
        assert!(p.set("stop", "-0.1").is_err());
        assert!(p.set("reuse", "2").unwrap_err().contains("0 to 1"));
        assert!(p.set("reuse", "yes").unwrap_err().contains("whole number"));
        p.set("searched", "Discard+Pick").unwrap();
        assert!(p.to_string().ends_with(":reuse=0:searched=Pick+Discard"));
        let e = p.set("searched", "Pick+Draft").unwrap_err();
        assert!(
            e.contains("searched=Pick+Draft") && e.contains("`Draft`"),
            "{e}"
        );
        p.set("searched", "all").unwrap();
        assert!(p.to_string().ends_with(":reuse=0"));
        let e = p.set("rollout", "polcy").unwrap_err();
        assert!(
            e.contains("rollout=polcy") && e.contains("\"policy\""),
            "{e}"
        );
    }
}
