//! Bot specs as written on the command line (`--bots`, `--hero`, `--field`): a bot's name,
//! then any parameters, each as `:key=value`.
//!
//! Syntax: `random`, `heuristic`, `heuristic:new_type=2:catch_up=0.5`, `ismcts:iters=1000`,
//! `ismcts:iters=4000:c=0.5`, `heuristic:ban=King`. A list (one spec per seat) separates
//! specs by commas. Each spec has one canonical text (its `Display`): the name, then the
//! parameters that differ from the built-in defaults (always `iters` for ISMCTS), in a fixed
//! order, then any `ban=NAME` in character order. Reports and fingerprints name bots by it.
//!
//! `ban=NAME` (restricted play, `ban.rs`) is accepted by every bot: it is held by the spec
//! beside the bot's own parameters and applied around the bot (`AnyBot`), not by each bot.

use super::ban::Ban;
use super::heuristic::weights::HeuristicWeights;
use super::ismcts::IsmctsParams;
use super::policy::PolicyParams;
use crate::engine::ids::Character;
use crate::suggest::did_you_mean;
use std::fmt;

/// Names of the built-in bots.
pub const BOT_NAMES: [&str; 4] = ["random", "heuristic", "policy", "ismcts"];

/// The refusal of a parameter a bot does not have, listing those it has.
pub(crate) fn unknown_parameter(key: &str, known: &[&str]) -> String {
    format!(
        "unknown parameter \"{key}\" (known: {}){}",
        known.join(", "),
        did_you_mean(key, known.iter().copied())
    )
}

/// One bot with its parameters, and the characters it may not pick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpec {
    pub kind: BotKind,
    pub ban: Ban,
}

/// A built-in bot with its own parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Heuristic(HeuristicWeights),
    Ismcts(IsmctsParams),
    Policy(PolicyParams),
}

impl From<BotKind> for BotSpec {
    fn from(kind: BotKind) -> BotSpec {
        BotSpec {
            kind,
            ban: Ban::NONE,
        }
    }
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
        matches!(self.kind, BotKind::Ismcts(_))
    }

    /// The heuristic bot with the default weights (the reference population).
    pub fn heuristic() -> BotSpec {
        BotKind::Heuristic(HeuristicWeights::DEFAULT).into()
    }

    /// The random bot.
    pub fn random() -> BotSpec {
        BotKind::Random.into()
    }

    /// This spec, also never picking `character` (when it has another choice).
    pub fn banning(mut self, character: Character) -> BotSpec {
        self.ban.insert(character);
        self
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
        let kind = match name {
            "random" => BotKind::Random,
            "heuristic" => BotKind::Heuristic(*base),
            "ismcts" => BotKind::Ismcts(IsmctsParams {
                model: *base,
                ..IsmctsParams::default()
            }),
            "policy" => BotKind::Policy(PolicyParams::default()),
            "" => return Err(error("no bot name".into())),
            other => {
                return Err(error(format!(
                    "unknown bot \"{other}\" (known bots: {}){}",
                    BOT_NAMES.join(", "),
                    did_you_mean(other, BOT_NAMES)
                )));
            }
        };
        let mut spec = BotSpec::from(kind);
        let mut given: Vec<&str> = Vec::new();
        for param in params.into_iter().flat_map(|p| p.split(':')) {
            let Some((key, value)) = param.split_once('=') else {
                return Err(error(format!(
                    "parameter \"{}\" is not written key=value",
                    param.trim()
                )));
            };
            let key = key.trim();
            // A key given twice would silently keep its last value; `ban` adds a character
            // each time it is given.
            if key != "ban" && given.contains(&key) {
                return Err(error(format!("the key {key} is given twice")));
            }
            given.push(key);
            spec.set(key, value.trim()).map_err(error)?;
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

    /// Sets one parameter; the error names the parameter and the value. `ban` is every
    /// bot's; the others are the bot's own.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if key == "ban" {
            let character = Character::from_name(value).ok_or_else(|| {
                format!(
                    "ban={value}: not a character{}",
                    did_you_mean(value, Character::ALL.iter().map(|c| c.name()))
                )
            })?;
            self.ban.insert(character);
            return Ok(());
        }
        match &mut self.kind {
            BotKind::Random => Err(format!(
                "the random bot takes no parameters but ban (got {key})"
            )),
            BotKind::Heuristic(weights) => weights.set(key, value),
            BotKind::Ismcts(params) => params.set(key, value),
            BotKind::Policy(params) => params.set(key, value),
        }
    }

    /// The spec as it plays a config's cast (one pool per rank): a policy bot on the
    /// built-in weights takes the `casts` weights when the cast has a character the built-in
    /// ones were not fitted with (`PolicyParams::for_cast`), and so does the policy bot that
    /// plays a search's unsearched decisions (`IsmctsParams::delegate`); every other spec is
    /// unchanged.
    pub fn for_cast(mut self, cast: &[Vec<Character>]) -> BotSpec {
        let characters = || cast.iter().flatten().copied();
        match &mut self.kind {
            BotKind::Policy(params) => *params = std::mem::take(params).for_cast(characters()),
            BotKind::Ismcts(params) => {
                params.delegate = std::mem::take(&mut params.delegate).for_cast(characters());
            }
            _ => {}
        }
        self
    }

    /// Refuses a `ban=` of a character outside a config's cast (one pool per rank).
    pub fn check_cast(&self, cast: &[Vec<Character>]) -> Result<(), BotSpecError> {
        self.ban.check_cast(cast).map_err(|problem| BotSpecError {
            spec: self.to_string(),
            problem,
        })
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            BotKind::Random => f.write_str("random")?,
            BotKind::Heuristic(weights) => {
                let params = weights.differences();
                if params.is_empty() {
                    f.write_str("heuristic")?
                } else {
                    write!(f, "heuristic:{params}")?
                }
            }
            BotKind::Ismcts(params) => params.fmt(f)?,
            BotKind::Policy(params) => params.fmt(f)?,
        }
        self.ban.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A policy spec and a search's delegate (the policy bot of its unsearched decisions)
    /// play the `casts` weights on a cast beyond `first-game`, and the built-in ones (with
    /// their cut) on `first-game`; the search's own parameters and other specs are unchanged.
    #[test]
    fn for_cast_gives_policies_and_search_delegates_the_weights_of_the_cast() {
        let cast_of = |preset: &str| crate::config::load_preset(preset).unwrap().cast;
        let (first_game, all) = (cast_of("first-game"), cast_of("all-characters"));
        let weights_of = |spec: &BotSpec| match &spec.kind {
            BotKind::Policy(params) => params.weights.source.clone(),
            BotKind::Ismcts(params) => params.delegate.weights.source.clone(),
            _ => panic!("no policy in {spec}"),
        };
        for text in ["policy", "ismcts:iters=10:searched=Pick+Discard"] {
            let spec = BotSpec::parse(text).unwrap();
            let on_all = spec.clone().for_cast(&all);
            assert_eq!(
                weights_of(&on_all),
                crate::bots::policy::weights::CASTS,
                "{text}"
            );
            assert_eq!(
                on_all.to_string(),
                spec.to_string().replace("policy", "policy:weights=casts")
            );
            let on_first_game = spec.clone().for_cast(&first_game);
            assert_eq!(on_first_game, spec, "{text}");
        }
        let heuristic = BotSpec::heuristic();
        assert_eq!(heuristic.clone().for_cast(&all), heuristic);
    }

    #[test]
    fn lists_split_on_commas_and_parameters_on_colons() {
        let list =
            BotSpec::parse_list("heuristic:new_type=2:gold_bias=-1, random,heuristic").unwrap();
        assert_eq!(list.len(), 3);
        let mut tuned = HeuristicWeights::DEFAULT;
        tuned.new_type = 2.0;
        tuned.gold_bias = -1.0;
        assert_eq!(list[0], BotKind::Heuristic(tuned).into());
        assert_eq!(list[1], BotSpec::random());
        assert_eq!(list[2], BotSpec::heuristic());
    }

    /// A key given twice is refused (it would silently keep its last value), but `ban`
    /// adds a character each time.
    #[test]
    fn a_key_given_twice_is_refused_but_bans_add_up() {
        for text in ["policy:temp=1:temp=2", "ismcts:iters=10:c=1:iters=20"] {
            let e = BotSpec::parse(text).unwrap_err();
            assert!(e.problem.contains("is given twice"), "{text}: {e}");
        }
        let spec = BotSpec::parse("heuristic:ban=Thief:ban=King").unwrap();
        assert_eq!(spec.ban.iter().count(), 2);
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
            "random:ban=King",
            "heuristic:ban=Thief:ban=Tax Collector",
            "ismcts:iters=10:ban=Warlord",
            "policy",
            "policy:temp=0.5:pick_temp=0:target_temp=2",
            "policy:pick_temp=1:min_p=0.2",
            "policy:min_p=0:pick_min_p=0.1",
            "policy:temp=1:drawn=Destroy+Build",
            "policy:temp=0.25:drawn=all",
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
        // The policy's temperatures: those that differ from the defaults (0.5, 1, 1), in order.
        let spec = BotSpec::parse("policy:target_temp=0:temp=0:pick_temp=1").unwrap();
        assert_eq!(spec.to_string(), "policy:temp=0:target_temp=0");
        let spec = BotSpec::parse("policy:target_temp=0:temp=0.5").unwrap();
        assert_eq!(spec.to_string(), "policy:target_temp=0");
        let spec = BotSpec::parse("policy:target_temp=0.75:pick_temp=0.85").unwrap();
        assert_eq!(spec.to_string(), "policy:pick_temp=0.85:target_temp=0.75");
        // The cuts, named even at 0: a named cut overrides the weights file's own.
        let spec = BotSpec::parse("policy:pick_min_p=0.1:min_p=0").unwrap();
        assert_eq!(spec.to_string(), "policy:min_p=0:pick_min_p=0.1");
        // The kinds `temp` draws, in `features::KINDS` order, every kind as `all`; named
        // even when they are the default's `Destroy+Build`, since a named set overrides a
        // weights file's own (`[policy] drawn`).
        let spec = BotSpec::parse("policy:temp=1:drawn=EndTurn+Destroy").unwrap();
        assert_eq!(spec.to_string(), "policy:temp=1:drawn=Destroy+EndTurn");
        let spec = BotSpec::parse("policy:drawn=Destroy+Build").unwrap();
        assert_eq!(spec.to_string(), "policy:drawn=Build+Destroy");
        assert_ne!(spec, BotSpec::parse("policy").unwrap());
        let spec = BotSpec::parse("policy:drawn=Destroy:weights=linear").unwrap();
        assert_eq!(spec.to_string(), "policy:weights=linear:drawn=Destroy");
        let every = format!(
            "policy:drawn={}",
            crate::bots::policy::features::KINDS.join("+")
        );
        assert_eq!(
            BotSpec::parse(&every).unwrap().to_string(),
            "policy:drawn=all"
        );
        assert_eq!(
            BotSpec::parse("policy:temp=1:drawn=all").unwrap(),
            BotSpec::parse(&format!("{every}:temp=1")).unwrap()
        );
        // Bans come last, in character order, whatever the order written.
        let spec = BotSpec::parse("heuristic:ban=king:catch_up=2:ban=assassin").unwrap();
        assert_eq!(
            spec.to_string(),
            "heuristic:catch_up=2:ban=Assassin:ban=King"
        );
    }

    #[test]
    fn a_base_changes_the_heuristic_and_spec_parameters_override_it() {
        let mut base = HeuristicWeights::DEFAULT;
        base.new_type = 3.0;
        let spec = BotSpec::parse_with("heuristic:catch_up=0", &base).unwrap();
        let BotKind::Heuristic(w) = spec.kind else {
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
        let e = err("heuristic:ban=Kign");
        assert!(
            e.contains("ban=Kign") && e.contains("did you mean \"King\""),
            "{e}"
        );
    }
}
