//! Bot specs as written on the command line (`--bots`, `--hero`, `--field`): a bot's name,
//! then any parameters, each as `:key=value`.
//!
//! Syntax: `random`, `heuristic`, `heuristic:new_type=2:catch_up=0.5`, `ismcts:iters=1000`,
//! `ismcts:iters=4000:c=0.5`. A list (one spec per seat) separates specs by commas. Each spec
//! has one canonical text (its `Display`): the name, then the parameters that differ from the
//! built-in defaults (always `iters` for ISMCTS), in a fixed order. Reports name bots by it.

use super::ismcts::IsmctsParams;
use super::weights::HeuristicWeights;
use crate::config::suggest::did_you_mean;
use std::fmt;

/// Names of the built-in bots.
pub const BOT_NAMES: [&str; 3] = ["random", "heuristic", "ismcts"];

/// One bot with its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    Random,
    Heuristic(HeuristicWeights),
    Ismcts(IsmctsParams),
}

/// A bad bot spec: the spec as written and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bot spec \"{spec}\": {problem}")]
pub struct BotSpecError {
    pub spec: String,
    pub problem: String,
}

impl BotSpec {
    /// Whether the bot searches (costs thousands of simulated moves per decision): a
    /// ladder gives such tiers `--search-games` instead of `--games`.
    pub fn searches(&self) -> bool {
        matches!(self, BotSpec::Ismcts(_))
    }

    /// The heuristic bot with the default weights (the reference population).
    pub fn heuristic() -> BotSpec {
        BotSpec::Heuristic(HeuristicWeights::DEFAULT)
    }

    /// One spec, with the default heuristic weights as the base.
    pub fn parse(text: &str) -> Result<BotSpec, BotSpecError> {
        BotSpec::parse_with(text, &HeuristicWeights::DEFAULT)
    }

    /// One spec; `heuristic` starts from `base` (a config's `[heuristic]` weights) before
    /// the spec's own parameters, and ISMCTS models the other players with `base`.
    pub fn parse_with(text: &str, base: &HeuristicWeights) -> Result<BotSpec, BotSpecError> {
        let text = text.trim();
        let error = |problem: String| BotSpecError {
            spec: text.to_string(),
            problem,
        };
        let (name, params) = match text.split_once(':') {
            Some((name, params)) => (name.trim(), Some(params)),
            None => (text, None),
        };
        let mut spec = match name {
            "random" => BotSpec::Random,
            "heuristic" => BotSpec::Heuristic(*base),
            "ismcts" => BotSpec::Ismcts(IsmctsParams {
                model: *base,
                ..IsmctsParams::default()
            }),
            "" => return Err(error("no bot name".into())),
            other => {
                return Err(error(format!(
                    "unknown bot \"{other}\" (known bots: {}){}",
                    BOT_NAMES.join(", "),
                    did_you_mean(other, BOT_NAMES)
                )));
            }
        };
        for param in params.into_iter().flat_map(|p| p.split(':')) {
            let Some((key, value)) = param.split_once('=') else {
                return Err(error(format!(
                    "parameter \"{}\" is not written key=value",
                    param.trim()
                )));
            };
            spec.set(key.trim(), value.trim()).map_err(error)?;
        }
        Ok(spec)
    }

    /// A comma list of specs.
    pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, BotSpecError> {
        BotSpec::parse_list_with(text, &HeuristicWeights::DEFAULT)
    }

    /// A comma list of specs, `heuristic` starting from `base`.
    pub fn parse_list_with(
        text: &str,
        base: &HeuristicWeights,
    ) -> Result<Vec<BotSpec>, BotSpecError> {
        text.split(',')
            .map(|i| BotSpec::parse_with(i, base))
            .collect()
    }

    /// Sets one parameter; the error names the parameter and the value.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match self {
            BotSpec::Random => Err(format!("the random bot takes no parameters (got {key})")),
            BotSpec::Heuristic(weights) => weights.set(key, value),
            BotSpec::Ismcts(params) => params.set(key, value),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Heuristic(weights) => {
                let params = weights.differences();
                if params.is_empty() {
                    f.write_str("heuristic")
                } else {
                    write!(f, "heuristic:{params}")
                }
            }
            BotSpec::Ismcts(params) => params.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_split_on_commas_and_parameters_on_colons() {
        let list =
            BotSpec::parse_list("heuristic:new_type=2:gold_bias=-1, random,heuristic").unwrap();
        assert_eq!(list.len(), 3);
        let mut tuned = HeuristicWeights::DEFAULT;
        tuned.new_type = 2.0;
        tuned.gold_bias = -1.0;
        assert_eq!(list[0], BotSpec::Heuristic(tuned));
        assert_eq!(list[1], BotSpec::Random);
        assert_eq!(list[2], BotSpec::heuristic());
    }

    #[test]
    fn display_is_canonical_and_parses_back() {
        for text in [
            "random",
            "heuristic",
            "heuristic:new_type=2",
            "heuristic:gold_bias=-1.5:catch_up=0",
            "ismcts:iters=10",
            "ismcts:iters=4000:c=0.5:rounds=2",
        ] {
            let spec = BotSpec::parse(text).unwrap();
            let shown = spec.to_string();
            assert_eq!(BotSpec::parse(&shown).unwrap(), spec, "{text} -> {shown}");
        }
        // Parameters appear in the weights' fixed order, defaults are left out.
        let spec = BotSpec::parse("heuristic:gold_bias=1:new_type=1.5:catch_up=2").unwrap();
        assert_eq!(spec.to_string(), "heuristic:catch_up=2:gold_bias=1");
        assert_eq!(
            BotSpec::parse("ismcts").unwrap().to_string(),
            "ismcts:iters=1000"
        );
    }

    #[test]
    fn a_base_changes_the_heuristic_and_spec_parameters_override_it() {
        let mut base = HeuristicWeights::DEFAULT;
        base.new_type = 3.0;
        let spec = BotSpec::parse_with("heuristic:catch_up=0", &base).unwrap();
        let BotSpec::Heuristic(w) = spec else {
            panic!("a heuristic spec")
        };
        assert_eq!((w.new_type, w.catch_up), (3.0, 0.0));
    }

    #[test]
    fn bad_specs_name_the_spec_and_the_problem() {
        let err = |t: &str| BotSpec::parse_list(t).unwrap_err().to_string();
        let e = err("heuristc");
        assert!(
            e.contains("\"heuristc\"") && e.contains("did you mean"),
            "{e}"
        );
        let e = err("random:x=1");
        assert!(
            e.contains("random:x=1") && e.contains("no parameters"),
            "{e}"
        );
        let e = err("heuristic:speed=3");
        assert!(e.contains("\"speed\""), "{e}");
        let e = err("heuristic:new_type=fast");
        assert!(e.contains("new_type") && e.contains("fast"), "{e}");
        let e = err("heuristic:new_type");
        assert!(e.contains("key=value"), "{e}");
        let e = err("ismcts:iters=0");
        assert!(e.contains("iters=0") && e.contains("1 to"), "{e}");
        let e = err("ismcts:cc=1");
        assert!(e.contains("\"cc\"") && e.contains("did you mean"), "{e}");
        let e = err("heuristic,,random");
        assert!(e.contains("no bot name"), "{e}");
    }
}
