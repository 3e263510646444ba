//! Config files: the serde mirror of presets and house-rule files, validated into `Rules`.
//!
//! - `load_preset(name)` / `load_file(path)` -> `RunConfig`
//! - `RunConfig::rules(players)` -> `Rules` for one player count
//! - `RunConfig::to_toml()` -> the resolved config, written into each report's manifest
//!
//! Card data comes from configs/districts/*.toml and the presets from configs/presets/*.toml,
//! all embedded in the binary. The engine stays free of serde: this module is its only reader.

pub mod catalog;
pub mod files;
pub mod random;
mod validate;

#[cfg(test)]
mod tests;

use crate::engine::ids::{Character, District};
pub use crate::engine::rules::Edition;
use crate::engine::rules::{DistrictSpec, Options, Rules, RulesError};
use catalog::Catalog;
use files::{CastEntry, ConfigFile, OverrideFile, PoolNames, RulesFile};
use std::collections::BTreeMap;
use std::path::Path;

use crate::bots::heuristic::weights::{HeuristicWeights, WEIGHTS};

/// A config that failed to load or validate. `Display` gives the whole message, naming the
/// file, the key and the bad value (for example
/// `presets/x.toml: characters[3]: unknown character "Kign" (did you mean "King"?)`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(pub String);

/// A house-rule change to one district's catalog entry (`[districts."Name"]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DistrictOverride {
    pub cost: Option<u8>,
    pub copies: Option<u8>,
}

/// Reading editions from configs and the command line, and what each edition's catalog has
/// (the type itself is the engine's: the rules it changes are played there).
impl Edition {
    /// An edition by name (case and surrounding spaces ignored).
    pub fn from_name(name: &str) -> Option<Edition> {
        let name = name.trim().to_ascii_lowercase();
        Edition::ALL.into_iter().find(|e| e.name() == name)
    }

    /// An edition by name, or a message listing the editions.
    pub fn parse(name: &str) -> Result<Edition, String> {
        Edition::from_name(name).ok_or_else(|| {
            format!(
                "unknown edition \"{name}\"; allowed: \"2016\", \"classic\", \"2021\"{}",
                crate::suggest::did_you_mean(name, Edition::ALL.map(|e| e.name()))
            )
        })
    }

    /// Whether a district's card is in this edition's catalog: Hospital and Graveyard only in
    /// 2021.
    pub fn has_district(self, district: District) -> bool {
        self == Edition::V2021 || !matches!(district, District::Hospital | District::Graveyard)
    }

    /// Whether a character is in this edition: the classic edition has the first game's 8.
    pub fn has_character(self, character: Character) -> bool {
        self != Edition::Classic || CLASSIC_CAST.contains(&character)
    }
}

/// The classic edition's characters (the first game's eight), in rank order.
pub const CLASSIC_CAST: [Character; 8] = [
    Character::Assassin,
    Character::Thief,
    Character::Magician,
    Character::King,
    Character::Bishop,
    Character::Merchant,
    Character::Architect,
    Character::Warlord,
];

/// A loaded and validated config: a cast, a district set and rules options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunConfig {
    /// The config's `name`.
    pub name: String,
    /// Where it came from: `preset first-game` or the file path.
    pub source: String,
    /// The edition played (the config's `edition`, or `--edition`).
    pub edition: Edition,
    /// The cast in rank order, one pool of candidates per rank: ranks 1-8, and rank 9 if the
    /// config lists one. A pool of one is a fixed character; from a longer pool each game
    /// draws one (with the game's seed).
    pub cast: Vec<Vec<Character>>,
    /// The chosen unique districts, in file order.
    pub unique_districts: Vec<District>,
    /// The basic districts (54 cards unless overridden), overrides applied.
    pub basic_specs: Vec<DistrictSpec>,
    /// The chosen unique districts' card data, overrides applied, in file order.
    pub unique_specs: Vec<DistrictSpec>,
    /// The district pool (`district_pool`), in file order; empty without a pool.
    pub district_pool: Vec<District>,
    /// The pool districts' card data, overrides applied, in file order.
    pub pool_specs: Vec<DistrictSpec>,
    /// How many districts of the pool each game draws (`pool_draw`); 0 without a pool.
    pub pool_draw: u8,
    pub options: Options,
    /// The `[districts]` tables, as validated.
    pub overrides: BTreeMap<District, DistrictOverride>,
    /// The heuristic bot's weights in this run (`[heuristic]`, else the defaults): the base
    /// of every `heuristic` bot spec.
    pub heuristic: HeuristicWeights,
}

impl RunConfig {
    /// The rules at one player count; refuses counts the cast cannot play (for example 3 or 8
    /// players without a rank-9 character).
    ///
    /// The rulebook's player-count rules ("2-Player Rule Changes", "Using 9 Characters"): the
    /// Emperor is not used at 2 players, and the Queen not below 5 players (she plays only
    /// where rank 9 plays: at 3 players always, at 4 with `use_rank9`). A fixed Emperor or
    /// Queen is refused there, naming the rulebook's replacements; from a pool with other
    /// candidates the forbidden character is dropped at that player count.
    pub fn rules(&self, players: u8) -> Result<Rules, ConfigError> {
        let err = |msg: String| {
            if msg.starts_with(&format!("{players} players")) {
                ConfigError(format!("{}: {msg}", self.source))
            } else {
                ConfigError(format!("{}: {players} players: {msg}", self.source))
            }
        };
        // rules/004: "8 players: Requires a rank 9 bonus character", which the classic
        // edition does not have.
        if self.edition == Edition::Classic && players == 8 {
            return Err(err(
                "the classic edition cannot be played at 8 players: 8 players need a rank-9 \
                 character, which the classic edition does not have; allowed: 2-7 players (or \
                 --edition 2016 with a rank-9 character)"
                    .into(),
            ));
        }
        let rank9_plays = match players {
            3 | 8 => true,
            4..=7 => self.options.use_rank9,
            _ => false,
        };
        let mut cast = self.cast.clone();
        for (i, pool) in cast.iter_mut().enumerate() {
            if i == 8 && !rank9_plays {
                continue;
            }
            for forbidden in forbidden_at(players) {
                if !pool.contains(&forbidden) {
                    continue;
                }
                pool.retain(|&c| c != forbidden);
                if pool.is_empty() {
                    return Err(err(player_count_refusal(forbidden)));
                }
            }
        }
        Rules::new(
            players,
            &cast,
            &self.deck(),
            &self.pool_specs,
            self.pool_draw,
            &self.options,
        )
        .map_err(|e| match e {
            // Name the key that asks for the cards.
            RulesError::TooFewCards { .. } => err(format!(
                "rules.starting_cards = {}: {e}; allowed: fewer starting cards, more copies \
                 ([districts]) or fewer players",
                self.options.starting_cards
            )),
            RulesError::EmptyDeck => err(format!(
                "{e}; allowed: at least one copy of a district ([districts]) or a unique \
                 district (unique_districts)"
            )),
            e => err(e.to_string()),
        })
    }

    /// Replaces `old` by `new` in the cast (`--replace OLD=NEW`): `old` must be in the cast
    /// and `new` of the same rank and not in it already.
    pub fn replace(&mut self, old: Character, new: Character) -> Result<(), String> {
        let in_cast = |c: Character| self.cast.iter().any(|pool| pool.contains(&c));
        if !in_cast(old) {
            let cast: Vec<&str> = self.cast.iter().flatten().map(|c| c.name()).collect();
            return Err(format!(
                "{old} is not in the cast of {} (the cast: {})",
                self.source,
                cast.join(", ")
            ));
        }
        if new.rank() != old.rank() {
            return Err(format!(
                "{new} is rank {}, {old} rank {}; allowed: a character of rank {} ({})",
                new.rank().0,
                old.rank().0,
                old.rank().0,
                rank_names(old)
            ));
        }
        if let Some((knob, _)) = self
            .options
            .numbers
            .changed()
            .find(|(k, _)| k.character == old)
        {
            return Err(format!(
                "{old} has a house-rule number in {} (abilities.{}); allowed: a character \
                 without one, or remove it from the config",
                self.source, knob.key
            ));
        }
        if in_cast(new) {
            return Err(format!(
                "{new} is already in the cast of {}; allowed: a rank-{} character not in it",
                self.source,
                old.rank().0
            ));
        }
        let mut cast = self.cast.clone();
        for pool in &mut cast {
            for c in pool.iter_mut() {
                if *c == old {
                    *c = new;
                }
            }
        }
        validate::edition_check(
            self.edition,
            &cast,
            &self.unique_districts,
            &self.district_pool,
        )
        .map_err(|errors| {
            let lines: Vec<String> = errors
                .iter()
                .map(|e| format!("{}: {e}", self.source))
                .collect();
            lines.join("\n")
        })?;
        self.cast = cast;
        Ok(())
    }

    /// The district specs of the pool, of which each game draws `pool_draw`.
    pub fn pool(&self) -> &[DistrictSpec] {
        &self.pool_specs
    }

    /// Every district spec always in the deck: the basic districts, then the chosen unique
    /// ones (not the pool).
    pub fn deck(&self) -> Vec<DistrictSpec> {
        let mut deck = self.basic_specs.clone();
        deck.extend(self.unique_specs.iter().copied());
        deck
    }

    /// The resolved config as TOML (every key explicit), for manifests. `load_file` reads it
    /// back to an equal config.
    pub fn to_toml(&self) -> String {
        let o = &self.options;
        let int = |v: u8| Some(i64::from(v));
        let file = ConfigFile {
            name: Some(self.name.clone()),
            edition: Some(self.edition.name().into()),
            characters: self
                .cast
                .iter()
                .map(|pool| match pool.as_slice() {
                    [one] => CastEntry::One(one.name().into()),
                    _ => CastEntry::Pool(pool.iter().map(|c| c.name().into()).collect()),
                })
                .collect(),
            unique_districts: self
                .unique_districts
                .iter()
                .map(|d| d.name().into())
                .collect(),
            district_pool: (!self.district_pool.is_empty()).then(|| {
                PoolNames::List(self.district_pool.iter().map(|d| d.name().into()).collect())
            }),
            pool_draw: (!self.district_pool.is_empty()).then_some(i64::from(self.pool_draw)),
            rules: Some(RulesFile {
                complete_city: Some(match o.complete_city {
                    Some(n) => toml::Value::Integer(n.into()),
                    None => toml::Value::String("default".into()),
                }),
                starting_gold: int(o.starting_gold),
                starting_cards: int(o.starting_cards),
                gather_gold: int(o.gather_gold),
                gather_draw: int(o.gather_draw),
                gather_keep: int(o.gather_keep),
                first_complete_bonus: int(o.first_complete_bonus),
                complete_bonus: int(o.complete_bonus),
                all_types_bonus: int(o.all_types_bonus),
                round_cap: Some(o.round_cap.into()),
                use_rank9: Some(o.use_rank9),
            }),
            districts: self
                .overrides
                .iter()
                .map(|(d, v)| {
                    let table = OverrideFile {
                        cost: v.cost.map(i64::from),
                        copies: v.copies.map(i64::from),
                    };
                    (d.name().to_string(), table)
                })
                .collect(),
            heuristic: WEIGHTS
                .iter()
                .filter_map(|(name, _)| {
                    let value = self.heuristic.get(name)?;
                    (Some(value) != HeuristicWeights::DEFAULT.get(name))
                        // Through the shortest text of the f32, so 0.3 is written 0.3.
                        .then(|| (name.to_string(), toml::Value::Float(decimal(value))))
                })
                .collect(),
            abilities: validate::abilities_table(&o.numbers),
        };
        let source = self.source.replace(['\n', '\r'], " ");
        match toml::to_string_pretty(&file) {
            Ok(body) => format!("# Resolved config, from {source}.\n{body}"),
            Err(e) => format!("# Resolved config, from {source}: cannot be written: {e}\n"),
        }
    }
}

/// An f32 as the f64 of its shortest decimal text.
fn decimal(value: f32) -> f64 {
    value.to_string().parse().unwrap_or(f64::from(value))
}

/// Characters the rulebook forbids at a player count: the Emperor at 2 players ("2-Player
/// Rule Changes"), the Queen below 5 ("Using 9 Characters").
fn forbidden_at(players: u8) -> Vec<Character> {
    let mut out = Vec::new();
    if players == 2 {
        out.push(Character::Emperor);
    }
    if players < 5 {
        out.push(Character::Queen);
    }
    out
}

/// The refusal of a fixed forbidden character, naming the rulebook's replacements.
fn player_count_refusal(character: Character) -> String {
    match character {
        Character::Emperor => "the Emperor cannot be used in 2-player games; replace him with \
                               the King or the Patrician (--replace Emperor=King)"
            .into(),
        Character::Queen => "the Queen cannot be used with fewer than 5 players; replace her \
                             with the Artist or the Tax Collector (--replace Queen=Artist)"
            .into(),
        other => format!("{other} cannot be used at this player count"),
    }
}

/// The three characters of `character`'s rank, as a list for messages.
fn rank_names(character: Character) -> String {
    let names: Vec<&str> = Character::ALL
        .iter()
        .filter(|c| c.rank() == character.rank())
        .map(|c| c.name())
        .collect();
    names.join(", ")
}

/// The built-in presets, in rulebook order then `all-characters` and `all-districts`, embedded
/// so the binary works from any directory.
const PRESETS: [(&str, &str); 9] = [
    (
        "first-game",
        include_str!("../../configs/presets/first-game.toml"),
    ),
    (
        "ambitious-aristocrats",
        include_str!("../../configs/presets/ambitious-aristocrats.toml"),
    ),
    (
        "cunning-agents",
        include_str!("../../configs/presets/cunning-agents.toml"),
    ),
    (
        "illustrious-emissaries",
        include_str!("../../configs/presets/illustrious-emissaries.toml"),
    ),
    (
        "devious-dignitaries",
        include_str!("../../configs/presets/devious-dignitaries.toml"),
    ),
    (
        "tenacious-delegates",
        include_str!("../../configs/presets/tenacious-delegates.toml"),
    ),
    (
        "vicious-nobles",
        include_str!("../../configs/presets/vicious-nobles.toml"),
    ),
    (
        "all-characters",
        include_str!("../../configs/presets/all-characters.toml"),
    ),
    (
        "all-districts",
        include_str!("../../configs/presets/all-districts.toml"),
    ),
];

const PRESET_NAMES: [&str; 9] = [
    PRESETS[0].0,
    PRESETS[1].0,
    PRESETS[2].0,
    PRESETS[3].0,
    PRESETS[4].0,
    PRESETS[5].0,
    PRESETS[6].0,
    PRESETS[7].0,
    PRESETS[8].0,
];

/// Names of the built-in presets (configs/presets/*.toml, embedded in the binary).
pub fn preset_names() -> &'static [&'static str] {
    &PRESET_NAMES
}

/// Loads a built-in preset by name.
pub fn load_preset(name: &str) -> Result<RunConfig, ConfigError> {
    load_preset_as(name, None)
}

/// Loads a built-in preset by name, playing `edition` if given (`--edition`) instead of the
/// preset's own.
pub fn load_preset_as(name: &str, edition: Option<Edition>) -> Result<RunConfig, ConfigError> {
    match PRESETS.iter().find(|(n, _)| *n == name) {
        Some((n, text)) => load_str_as(&format!("preset {n}"), text, edition),
        None => Err(ConfigError(format!(
            "--preset {name}: unknown preset \"{name}\" (known presets: {}){}",
            PRESET_NAMES.join(", "),
            crate::suggest::did_you_mean(name, PRESET_NAMES)
        ))),
    }
}

/// Loads a config file.
pub fn load_file(path: &Path) -> Result<RunConfig, ConfigError> {
    load_file_as(path, None)
}

/// Loads a config file, playing `edition` if given (`--edition`) instead of the file's own.
pub fn load_file_as(path: &Path, edition: Option<Edition>) -> Result<RunConfig, ConfigError> {
    let source = path.display().to_string();
    if path.is_dir() {
        return Err(ConfigError(format!(
            "{source}: is a folder; allowed: a config file (TOML), like \
             configs/examples/house-rules.toml"
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| ConfigError(format!("{source}: cannot read the file: {e}")))?;
    let mut file: ConfigFile = files::parse(&source, &text)?;
    // A file without `name` is named after its file (its report folder's default name too).
    if file.name.is_none() {
        file.name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    }
    validate::validate(&source, &file, Catalog::embedded()?, edition)
}

/// Parses and validates config text; `source` names it in messages (a path or `preset NAME`).
pub fn load_str(source: &str, text: &str) -> Result<RunConfig, ConfigError> {
    load_str_as(source, text, None)
}

/// `load_str`, playing `edition` if given instead of the text's own `edition`.
pub fn load_str_as(
    source: &str,
    text: &str,
    edition: Option<Edition>,
) -> Result<RunConfig, ConfigError> {
    let file: ConfigFile = files::parse(source, text)?;
    validate::validate(source, &file, Catalog::embedded()?, edition)
}
