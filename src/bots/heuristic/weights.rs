//! The heuristic bot's tunable weights: their defaults, and their names as written in bot
//! specs (`heuristic:new_type=2`) and in a config file's `[heuristic]` table.
//!
//! The defaults are the weights the reference population plays with. A second population
//! (other weights) lets a balance finding be checked under two styles of play.

use std::fmt::Write as _;

/// Weights of the heuristic bot's evaluation. Each is a plain number; see `WEIGHTS` for what
/// each one does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeuristicWeights {
    pub standing_points: f32,
    pub standing_district: f32,
    pub standing_gold: f32,
    pub standing_cards: f32,
    pub new_type: f32,
    pub unique_effect: f32,
    pub shortfall_early: f32,
    pub shortfall_late: f32,
    pub catch_up: f32,
    pub gold_bias: f32,
    pub warlord_reserve: f32,
}

/// Weights are finite (`set` refuses NaN and infinities), so equality is an equivalence.
impl Eq for HeuristicWeights {}

impl Default for HeuristicWeights {
    fn default() -> HeuristicWeights {
        HeuristicWeights::DEFAULT
    }
}

/// Every weight: its name and what it does.
pub const WEIGHTS: [(&str, &str); 11] = [
    (
        "standing_points",
        "how much a built point counts in a player's public standing (who leads)",
    ),
    (
        "standing_district",
        "how much each district of a city counts in the standing",
    ),
    ("standing_gold", "how much each gold counts in the standing"),
    (
        "standing_cards",
        "how much each card in hand counts in the standing",
    ),
    (
        "new_type",
        "value of a district of a type not yet in the bot's city",
    ),
    (
        "unique_effect",
        "multiplier on the value of unique districts' effects",
    ),
    (
        "shortfall_early",
        "penalty per gold missing to build a card, with 3 or more districts to go",
    ),
    (
        "shortfall_late",
        "penalty per gold missing to build a card, with 2 or fewer districts to go",
    ),
    (
        "catch_up",
        "multiplier on how much being behind the leader raises the Assassin, Witch and \
         Magistrate",
    ),
    (
        "gold_bias",
        "added to the preference for gold over cards when gathering (negative: cards)",
    ),
    (
        "warlord_reserve",
        "gold the Warlord keeps after destroying, unless a city is about to be completed",
    ),
];

/// Weights are kept within this range, so no setting can overflow an evaluation.
pub const LIMIT: f32 = 1000.0;

impl HeuristicWeights {
    /// The reference population's weights.
    pub const DEFAULT: HeuristicWeights = HeuristicWeights {
        standing_points: 1.0,
        standing_district: 2.0,
        standing_gold: 0.5,
        standing_cards: 0.3,
        new_type: 1.5,
        unique_effect: 1.0,
        shortfall_early: 0.3,
        shortfall_late: 3.0,
        catch_up: 0.0,
        gold_bias: 0.0,
        warlord_reserve: 1.0,
    };

    fn slot(&mut self, name: &str) -> Option<&mut f32> {
        Some(match name {
            "standing_points" => &mut self.standing_points,
            "standing_district" => &mut self.standing_district,
            "standing_gold" => &mut self.standing_gold,
            "standing_cards" => &mut self.standing_cards,
            "new_type" => &mut self.new_type,
            "unique_effect" => &mut self.unique_effect,
            "shortfall_early" => &mut self.shortfall_early,
            "shortfall_late" => &mut self.shortfall_late,
            "catch_up" => &mut self.catch_up,
            "gold_bias" => &mut self.gold_bias,
            "warlord_reserve" => &mut self.warlord_reserve,
            _ => return None,
        })
    }

    /// The weight called `name`.
    pub fn get(&self, name: &str) -> Option<f32> {
        let mut copy = *self;
        copy.slot(name).map(|w| *w)
    }

    /// Sets the weight `name` from its text; the error says what is wrong, naming the weight
    /// and the value.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let known = WEIGHTS.iter().map(|(n, _)| *n);
        let Some(slot) = self.slot(name) else {
            return Err(format!(
                "unknown heuristic weight \"{name}\" (known: {}){}",
                known.clone().collect::<Vec<_>>().join(", "),
                crate::suggest::did_you_mean(name, known)
            ));
        };
        match value.trim().parse::<f32>() {
            Ok(v) if v.is_finite() && v.abs() <= LIMIT => {
                *slot = v;
                Ok(())
            }
            _ => Err(format!(
                "heuristic weight {name} = \"{value}\": expected a number between -{LIMIT} and \
                 {LIMIT}"
            )),
        }
    }

    /// The weights that differ from the defaults, as `name=value` joined by `:` (empty for
    /// the defaults): how a spec names these weights.
    pub fn differences(&self) -> String {
        let mut text = String::new();
        for (name, _) in WEIGHTS {
            let value = self.get(name).expect("a known weight");
            if Some(value) != HeuristicWeights::DEFAULT.get(name) {
                if !text.is_empty() {
                    text.push(':');
                }
                write!(text, "{name}={value}").expect("writing to a String");
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_weight_can_be_set_and_read_back() {
        for (name, _) in WEIGHTS {
            let mut w = HeuristicWeights::DEFAULT;
            w.set(name, "7.25").unwrap();
            assert_eq!(w.get(name), Some(7.25), "{name}");
            assert_eq!(w.differences(), format!("{name}=7.25"));
        }
    }

    #[test]
    fn bad_names_and_values_are_refused_with_the_name_and_value() {
        let mut w = HeuristicWeights::DEFAULT;
        let err = w.set("new_typ", "1").unwrap_err();
        assert!(
            err.contains("\"new_typ\"") && err.contains("new_type"),
            "{err}"
        );
        for bad in ["x", "nan", "inf", "1e9", ""] {
            let err = w.set("gold_bias", bad).unwrap_err();
            assert!(err.contains("gold_bias"), "{err}");
        }
        assert_eq!(w, HeuristicWeights::DEFAULT);
    }
}
