//! The policy bot's parameters as a spec sets them (`policy:weights=...:pick_temp=...`):
//! its weights, the temperatures of its drawn decisions and the cuts of unlikely moves.

use super::features::{KINDS, kind_of};
use super::weights::{self, PolicyWeights};
use crate::engine::action::Action;
use crate::engine::ids::{CardId, Character, Seat};
use std::fmt;
use std::sync::Arc;

/// The policy bot's parameters: its weights and the softmax temperatures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyParams {
    pub weights: Arc<PolicyWeights>,
    /// Scores are divided by it before the softmax; 0 plays the best score. For the
    /// decisions `drawn` names (by default those offering the Warlord's destruction or a
    /// build) but the two below; every other decision plays the best score.
    pub temp: Temperature,
    /// The same for the draft (taking or discarding a character).
    pub pick_temp: Temperature,
    /// The same for naming a character (kill, rob, bewitch, warrant, threaten), once the
    /// bot's best-scored move is to name one.
    pub target_temp: Temperature,
    /// In a drawn decision, moves whose chance is below `min_p` times the likeliest move's
    /// are never drawn (min-p sampling): the draw keeps the mix among the plausible moves,
    /// which keeps a population unpredictable, and drops the long tail of unlikely ones,
    /// which are mostly blunders. 0 draws from the whole softmax. `None`, the default: what
    /// the weights played say (`[policy] min_p`, 0 if none). See `cuts`.
    pub min_p: Option<Share>,
    /// The same for the draft alone; `None`: the spec's `min_p` if it names one, else the
    /// weights' `[policy] pick_min_p`, else their `min_p`. See `cuts`.
    pub pick_min_p: Option<Share>,
    /// The decisions `temp` draws: those that offer a move of one of these kinds (`all`:
    /// every decision); the others play the best score. `None`, the default: what the
    /// weights played say (`PolicyWeights::drawn`), `Destroy+Build` unless their file names
    /// others, which spreads the Warlord's aim and the builds like the search's (which
    /// often ends its turn with a build on offer) without drawing the rest of the game
    /// (docs/agreement.md, "Which decisions are drawn"). The 3- and 8-player fits also draw
    /// the choice between gold and cards ("At 3 players").
    pub drawn: Option<KindSet>,
}

/// A set of kinds of action (positions in `features::KINDS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindSet(u64);

impl KindSet {
    /// Every kind.
    pub const ALL: KindSet = KindSet((1 << KINDS.len()) - 1);
    /// The Warlord's destruction (`Action::Destroy`) alone.
    pub const DESTROY: KindSet = KindSet(1 << kind_of(Action::Destroy(Seat(0), CardId(0))));
    /// The destruction and the builds (`Action::Build`): the default's drawn kinds.
    pub const DESTROY_AND_BUILD: KindSet =
        KindSet(KindSet::DESTROY.0 | 1 << kind_of(Action::Build(CardId(0))));

    /// Whether the kind at position `kind` of `KINDS` is in the set.
    pub fn contains(self, kind: usize) -> bool {
        self.0 >> kind & 1 == 1
    }

    /// Whether one of `legal` is of a kind in the set.
    pub fn offered_in(self, legal: &[Action]) -> bool {
        self == KindSet::ALL || legal.iter().any(|&a| self.contains(kind_of(a)))
    }

    /// Parses kind names joined by `+` (`Destroy+Build`), or `all`; the error names the
    /// text and the unknown name in it.
    pub fn parse(text: &str) -> Result<KindSet, String> {
        if text == "all" {
            return Ok(KindSet::ALL);
        }
        let mut set = 0u64;
        for name in text.split('+') {
            let kind = KINDS.iter().position(|&k| k == name).ok_or_else(|| {
                format!(
                    "{text}: `{name}` is not a kind of action; kinds are joined by + \
                     (Destroy+Build), `all` is every kind, and they are: {}",
                    KINDS.join(", ")
                )
            })?;
            set |= 1 << kind;
        }
        Ok(KindSet(set))
    }
}

/// `all`, or the kind names in `KINDS` order, joined by `+`.
impl fmt::Display for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == KindSet::ALL {
            return f.write_str("all");
        }
        let mut names = (0..KINDS.len())
            .filter(|&k| self.contains(k))
            .map(|k| KINDS[k]);
        if let Some(first) = names.next() {
            f.write_str(first)?;
        }
        names.try_for_each(|name| write!(f, "+{name}"))
    }
}

/// A share in [0, 1] (`Share::new` checks it), so equality is an equivalence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share(pub f32);

impl Eq for Share {}

impl Share {
    /// `p` as a share, if it is a number from 0 to 1.
    pub fn new(p: f32) -> Option<Share> {
        (0.0..=1.0).contains(&p).then_some(Share(p))
    }
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
            temp: Temperature(0.5),
            pick_temp: Temperature(1.0),
            target_temp: Temperature(1.0),
            min_p: None,
            pick_min_p: None,
            drawn: None,
        }
    }
}

impl PolicyParams {
    /// The ISMCTS bot's model of the other players and of its rollouts (`rollout=policy`): the
    /// linear weights (`weights=linear`, at half the default's cost), picks and targets drawn at
    /// 0.85 and 0.75 and every other decision at its best score (sharper than the default bot's
    /// draws, and without its drawn destructions and builds). The cheap searches' strength
    /// (docs/bots.md, "Cheaper search") was measured with this model; whether the search would do
    /// better with the default's weights or draws is not measured.
    pub fn rollout_model() -> PolicyParams {
        PolicyParams {
            weights: PolicyWeights::linear(),
            temp: Temperature(0.0),
            pick_temp: Temperature(0.85),
            target_temp: Temperature(0.75),
            min_p: Some(Share(0.0)),
            pick_min_p: Some(Share(0.0)),
            drawn: Some(KindSet::DESTROY),
        }
    }
}

impl PolicyParams {
    /// The parameters as they play a cast of `characters`: the built-in weights (the
    /// default, or `weights=built-in`) are fitted to `first-game`'s eight characters, and
    /// draft and name any other character nearly at random (12% of the games against four
    /// heuristic bots on `all-characters` at 5 players, an even share 20%); so on a cast with
    /// a character they do not know (`PolicyWeights::knows`) the bot plays the `casts`
    /// weights, fitted with every character (36.9% there; docs/agreement.md, "Other
    /// casts"). Any other weights are kept as named: to play the `first-game` fit on another
    /// cast, name its file (`weights=configs/bots/policy-aims-net.toml`).
    pub fn for_cast(self, mut characters: impl Iterator<Item = Character>) -> PolicyParams {
        let built_in = self.weights.source == weights::BUILT_IN;
        if built_in && !characters.all(|c| self.weights.knows(c)) {
            PolicyParams {
                weights: PolicyWeights::casts(),
                ..self
            }
        } else {
            self
        }
    }
}

impl PolicyParams {
    /// The cuts of unlikely moves (`min_p`) this bot makes with `weights` (those it plays at
    /// the game's player count): in the drawn decisions but the draft, and in the draft. A
    /// spec's `min_p` sets both unless it names `pick_min_p` too; what the spec leaves out
    /// comes from the weights' `[policy]`, where `pick_min_p` too is `min_p` unless named.
    /// So `policy:min_p=0.15` cuts every drawn decision, and the default's file (`min_p =
    /// 0.15`, `pick_min_p = 0`) cuts every drawn decision but the picks (docs/agreement.md, "Which
    /// decisions are drawn").
    pub fn cuts(&self, weights: &PolicyWeights) -> (f32, f32) {
        let min_p = self.min_p.or(weights.min_p).unwrap_or(Share(0.0));
        let pick_min_p = self
            .pick_min_p
            .or(self.min_p)
            .or(weights.pick_min_p)
            .or(weights.min_p)
            .unwrap_or(Share(0.0));
        (min_p.0, pick_min_p.0)
    }

    /// `cuts`, each 0 where the decisions it cuts are played at their best score: `draw`
    /// cuts nothing at temperature 0 (the draft's is `pick_temp`; the rest are drawn at
    /// `temp` or, naming a character, `target_temp`). What a report says the bot cuts.
    pub fn cuts_in_play(&self, weights: &PolicyWeights) -> (f32, f32) {
        let (min_p, pick_min_p) = self.cuts(weights);
        let drawn = self.temp.0 > 0.0 || self.target_temp.0 > 0.0;
        let picks_drawn = self.pick_temp.0 > 0.0;
        (
            if drawn { min_p } else { 0.0 },
            if picks_drawn { pick_min_p } else { 0.0 },
        )
    }
}

/// The parameter names a spec may set.
pub const KEYS: [&str; 7] = [
    "weights",
    "temp",
    "pick_temp",
    "target_temp",
    "min_p",
    "pick_min_p",
    "drawn",
];

impl PolicyParams {
    /// Sets one parameter from its spec text; the error says what is allowed.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let temperature = || {
            value
                .parse::<f32>()
                .ok()
                .filter(|t| t.is_finite() && *t >= 0.0)
                .map(Temperature)
                .ok_or_else(|| format!("{key}={value}: must be a finite number, 0 or more"))
        };
        match key {
            "weights" => {
                self.weights = PolicyWeights::named(value)?;
            }
            "temp" => self.temp = temperature()?,
            "pick_temp" => self.pick_temp = temperature()?,
            "target_temp" => self.target_temp = temperature()?,
            "min_p" | "pick_min_p" => {
                let share = value
                    .parse::<f32>()
                    .ok()
                    .and_then(Share::new)
                    .ok_or_else(|| format!("{key}={value}: must be a number from 0 to 1"))?;
                match key {
                    "min_p" => self.min_p = Some(share),
                    _ => self.pick_min_p = Some(share),
                }
            }
            "drawn" => self.drawn = Some(KindSet::parse(value).map_err(|e| format!("drawn={e}"))?),
            _ => return Err(crate::bots::spec::unknown_parameter(key, &KEYS)),
        }
        Ok(())
    }
}

/// The spec text: `policy`, then `weights=FILE` unless built in, then each temperature
/// that differs from its default, and `min_p`, `pick_min_p` and `drawn` when the spec names
/// them (even at what a weights file says: named, they override the file, so they may play
/// differently from leaving them out).
impl fmt::Display for PolicyParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("policy")?;
        if self.weights.source != weights::BUILT_IN {
            write!(f, ":weights={}", self.weights.source)?;
        }
        let default = PolicyParams::default();
        for (key, t, d) in [
            ("temp", self.temp, default.temp),
            ("pick_temp", self.pick_temp, default.pick_temp),
            ("target_temp", self.target_temp, default.target_temp),
        ] {
            if t != d {
                write!(f, ":{key}={}", t.0)?;
            }
        }
        for (key, cut) in [("min_p", self.min_p), ("pick_min_p", self.pick_min_p)] {
            if let Some(Share(p)) = cut {
                write!(f, ":{key}={p}")?;
            }
        }
        if let Some(drawn) = self.drawn {
            write!(f, ":drawn={drawn}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::policy::features::FEATURES;

    /// `weights=built-in` names the default's weights, `weights=casts` those fitted to
    /// `all-characters` as well, different weights.
    #[test]
    fn built_in_and_casts_name_the_built_in_weights() {
        let mut named = PolicyParams::default();
        named.set("weights", "built-in").unwrap();
        assert_eq!(*named.weights, *PolicyWeights::built_in());
        named.set("weights", "casts").unwrap();
        assert!(Arc::ptr_eq(&named.weights, &PolicyWeights::casts()));
        assert_ne!(*PolicyWeights::casts(), *PolicyWeights::built_in());
        assert_eq!(named.to_string(), "policy:weights=casts");
    }

    /// `for_cast`: the built-in weights (the default or named) play `first-game`'s eight
    /// characters themselves, and the `casts` weights on a cast with a character they were
    /// not fitted with, even one; weights named otherwise are kept, and the temperatures are
    /// the spec's.
    #[test]
    fn the_built_in_weights_give_way_to_casts_on_a_cast_they_do_not_know() {
        use Character::*;
        let first_game = [
            Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord,
        ];
        let with_emperor = first_game.map(|c| if c == King { Emperor } else { c });
        let cast = |params: &PolicyParams, characters: &[Character]| {
            params.clone().for_cast(characters.iter().copied())
        };
        let default = PolicyParams::default();
        assert_eq!(cast(&default, &first_game), default);
        let mut drawn_less = PolicyParams::default();
        drawn_less.set("pick_temp", "0.5").unwrap();
        let played = cast(&drawn_less, &with_emperor);
        assert!(Arc::ptr_eq(&played.weights, &PolicyWeights::casts()));
        assert_eq!(played.pick_temp, Temperature(0.5));
        assert_eq!(played.to_string(), "policy:weights=casts:pick_temp=0.5");
        let mut named = PolicyParams::default();
        named.set("weights", "built-in").unwrap();
        assert_eq!(cast(&named, Character::ALL).weights.source, weights::CASTS);
        for other in ["linear", "net"] {
            named.set("weights", other).unwrap();
            assert_eq!(cast(&named, Character::ALL), named, "{other}");
        }
    }

    /// `PolicyParams::cuts`: a spec's `min_p` cuts the draft too unless it names
    /// `pick_min_p`; what the spec leaves out comes from the weights' `[policy]`, whose
    /// `pick_min_p` is its `min_p` unless named.
    #[test]
    fn a_spec_cut_overrides_the_weights_cut_key_by_key() {
        let cuts = |spec: &str, weights: &PolicyWeights| {
            let mut params = PolicyParams::default();
            for pair in spec.split(':').filter(|p| !p.is_empty()) {
                let (key, value) = pair.split_once('=').expect("key=value");
                params.set(key, value).expect("a valid parameter");
            }
            params.cuts(weights)
        };
        let built_in = PolicyWeights::built_in();
        assert_eq!(cuts("", &built_in), (0.15, 0.0), "the default's file");
        assert_eq!(cuts("min_p=0.2", &built_in), (0.2, 0.2));
        assert_eq!(
            cuts("min_p=0", &built_in),
            (0.0, 0.0),
            "the default before 0.14.0"
        );
        assert_eq!(cuts("pick_min_p=0.1", &built_in), (0.15, 0.1));
        assert_eq!(cuts("min_p=0.2:pick_min_p=0.05", &built_in), (0.2, 0.05));
        // Weights that say nothing cut nothing; a file's `min_p` alone cuts the draft too.
        assert_eq!(cuts("", &PolicyWeights::casts()), (0.0, 0.0));
        let mut file = PolicyWeights::new(vec![0.0; FEATURES], None, "f".into());
        file.min_p = Share::new(0.3);
        assert_eq!(cuts("", &file), (0.3, 0.3));
        assert_eq!(cuts("pick_min_p=0", &file), (0.3, 0.0));
        // The default's fit at 2 players (`two-players`) says nothing: it cuts nothing.
        assert_eq!(cuts("", built_in.at_players(2)), (0.0, 0.0));
    }

    /// `cuts_in_play`: a cut of decisions played at their best score is no cut; the draft's
    /// hangs on `pick_temp` alone, the rest's on `temp` or `target_temp`.
    #[test]
    fn cuts_at_temperature_0_are_no_cuts() {
        let in_play = |spec: &str| {
            let mut params = PolicyParams::default();
            for pair in spec.split(':').filter(|p| !p.is_empty()) {
                let (key, value) = pair.split_once('=').expect("key=value");
                params.set(key, value).expect("a valid parameter");
            }
            params.cuts_in_play(&PolicyWeights::built_in())
        };
        assert_eq!(in_play("min_p=0.2"), (0.2, 0.2));
        assert_eq!(in_play("min_p=0.2:pick_temp=0"), (0.2, 0.0));
        assert_eq!(
            in_play("min_p=0.2:temp=0"),
            (0.2, 0.2),
            "targets still drawn"
        );
        assert_eq!(
            in_play("min_p=0.2:target_temp=0"),
            (0.2, 0.2),
            "temp still draws"
        );
        assert_eq!(in_play("min_p=0.2:temp=0:target_temp=0"), (0.0, 0.2));
        assert_eq!(in_play("temp=0:pick_temp=0:target_temp=0"), (0.0, 0.0));
    }
}
