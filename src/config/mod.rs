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
pub mod suggest;
pub mod validate;

#[cfg(test)]
mod tests;

use crate::engine::ids::{Character, District};
use crate::engine::rules::{DistrictSpec, Options, Rules};
use catalog::Catalog;
use files::{CastEntry, ConfigFile, OverrideFile, RulesFile};
use std::collections::BTreeMap;
use std::path::Path;

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

/// A loaded and validated config: a cast, a district set and rules options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunConfig {
    /// The config's `name`.
    pub name: String,
    /// Where it came from: `preset first-game` or the file path.
    pub source: String,
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
    pub options: Options,
    /// The `[districts]` tables, as validated.
    pub overrides: BTreeMap<District, DistrictOverride>,
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
        Rules::new(players, &cast, &self.deck(), &[], 0, &self.options)
            .map_err(|e| err(e.to_string()))
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
        if in_cast(new) {
            return Err(format!(
                "{new} is already in the cast of {}; allowed: a rank-{} character not in it",
                self.source,
                old.rank().0
            ));
        }
        for pool in &mut self.cast {
            for c in pool.iter_mut() {
                if *c == old {
                    *c = new;
                }
            }
        }
        Ok(())
    }

    /// Every district spec of the deck: the basic districts, then the chosen unique ones.
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
            name: self.name.clone(),
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
        };
        let source = self.source.replace(['\n', '\r'], " ");
        match toml::to_string_pretty(&file) {
            Ok(body) => format!("# Resolved config, from {source}.\n{body}"),
            Err(e) => format!("# Resolved config, from {source}: cannot be written: {e}\n"),
        }
    }
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

/// The built-in presets, in rulebook order then `all-characters`, embedded so the binary works from any directory.
const PRESETS: [(&str, &str); 8] = [
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
];

const PRESET_NAMES: [&str; 8] = [
    PRESETS[0].0,
    PRESETS[1].0,
    PRESETS[2].0,
    PRESETS[3].0,
    PRESETS[4].0,
    PRESETS[5].0,
    PRESETS[6].0,
    PRESETS[7].0,
];

/// Names of the built-in presets (configs/presets/*.toml, embedded in the binary).
pub fn preset_names() -> &'static [&'static str] {
    &PRESET_NAMES
}

/// Loads a built-in preset by name.
pub fn load_preset(name: &str) -> Result<RunConfig, ConfigError> {
    match PRESETS.iter().find(|(n, _)| *n == name) {
        Some((n, text)) => load_str(&format!("preset {n}"), text),
        None => Err(ConfigError(format!(
            "unknown preset \"{name}\" (known presets: {}){}",
            PRESET_NAMES.join(", "),
            suggest::did_you_mean(name, PRESET_NAMES)
        ))),
    }
}

/// Loads a config file.
pub fn load_file(path: &Path) -> Result<RunConfig, ConfigError> {
    let source = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| ConfigError(format!("{source}: cannot read the file: {e}")))?;
    load_str(&source, &text)
}

/// Parses and validates config text; `source` names it in messages (a path or `preset NAME`).
pub fn load_str(source: &str, text: &str) -> Result<RunConfig, ConfigError> {
    let file: ConfigFile = files::parse(source, text)?;
    validate::validate(source, &file, Catalog::embedded()?)
}
