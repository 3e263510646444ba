//! Validation: turns a parsed `ConfigFile` into a `RunConfig`, or a message naming the source,
//! the key, the bad value and what is allowed.

use super::catalog::{Catalog, MAX_COPIES, MAX_COST};
use super::files::{CastEntry, ConfigFile, OverrideFile, RulesFile};
use super::suggest::did_you_mean;
use super::{ConfigError, DistrictOverride, RunConfig};
use crate::engine::ids::{Character, District};
use crate::engine::rules::Options;
use std::collections::BTreeMap;

/// Validates a parsed file read from `source` (a path, or `preset NAME`), and refuses
/// characters and districts this build does not implement.
pub fn validate(
    source: &str,
    file: &ConfigFile,
    catalog: &Catalog,
) -> Result<RunConfig, ConfigError> {
    let config = validate_data(source, file, catalog)?;
    let characters: Vec<Character> = config.cast.iter().flatten().copied().collect();
    not_implemented(&characters, &config.unique_districts)
        .map_err(|msg| ConfigError(format!("{source}: {msg}")))?;
    Ok(config)
}

/// Validates a parsed file without the check of what this build implements (tests use it to
/// check the card data and player-count rules of presets whose cards are not all implemented).
pub(crate) fn validate_data(
    source: &str,
    file: &ConfigFile,
    catalog: &Catalog,
) -> Result<RunConfig, ConfigError> {
    let err = |msg: String| ConfigError(format!("{source}: {msg}"));
    if file.name.trim().is_empty() {
        return Err(err(format!(
            "name = \"{}\": allowed: a non-empty string",
            file.name
        )));
    }
    let cast = characters(&file.characters).map_err(err)?;
    let unique_districts = unique_districts(&file.unique_districts, catalog).map_err(err)?;
    let options = options(file.rules.as_ref().unwrap_or(&RulesFile::default())).map_err(err)?;
    if options.use_rank9 && cast.len() < 9 {
        return Err(err(
            "rules.use_rank9 = true: the characters list has no 9th (rank-9) character; \
             add one or set use_rank9 = false"
                .into(),
        ));
    }
    let overrides = overrides(&file.districts, &unique_districts, catalog).map_err(err)?;

    let apply = |district: District| {
        let mut spec = catalog.spec(district);
        if let Some(o) = overrides.get(&district) {
            spec.cost = o.cost.unwrap_or(spec.cost);
            spec.copies = o.copies.unwrap_or(spec.copies);
        }
        spec
    };
    Ok(RunConfig {
        name: file.name.clone(),
        source: source.to_string(),
        basic_specs: catalog.basics().map(|s| apply(s.district)).collect(),
        unique_specs: unique_districts.iter().map(|&d| apply(d)).collect(),
        cast,
        unique_districts,
        options,
        overrides,
    })
}

fn characters(entries: &[CastEntry]) -> Result<Vec<Vec<Character>>, String> {
    let lookup = |key: &str, name: &str| {
        let all = Character::ALL.iter().map(|c| c.name());
        Character::from_name(name).ok_or_else(|| {
            format!(
                "{key}: unknown character \"{name}\"{}",
                did_you_mean(name, all)
            )
        })
    };
    let mut cast: Vec<Vec<Character>> = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let rank = i as u8 + 1;
        let pool = match entry {
            CastEntry::One(name) => {
                let key = format!("characters[{i}]");
                let character = lookup(&key, name)?;
                let actual = character.rank().0;
                if let Some(j) = cast.iter().position(|p| p[0].rank() == character.rank()) {
                    return Err(format!(
                        "{key}: \"{character}\" is rank {actual}, like characters[{j}] \"{}\"; \
                         allowed: one character per rank",
                        cast[j][0]
                    ));
                }
                if actual != rank {
                    return Err(format!(
                        "{key}: \"{character}\" is rank {actual}, not rank {rank}; \
                         allowed: ranks 1-8 in rank order, then optionally rank 9"
                    ));
                }
                vec![character]
            }
            CastEntry::Pool(names) => {
                if names.is_empty() {
                    return Err(format!(
                        "characters[{i}]: an empty list; allowed: a name, or a non-empty list \
                         of rank-{rank} characters (one is drawn per game)"
                    ));
                }
                let mut pool: Vec<Character> = Vec::new();
                for (k, name) in names.iter().enumerate() {
                    let key = format!("characters[{i}][{k}]");
                    let character = lookup(&key, name)?;
                    let actual = character.rank().0;
                    if actual != rank {
                        return Err(format!(
                            "{key}: \"{character}\" is rank {actual}, not rank {rank}; \
                             allowed: in characters[{i}], rank-{rank} characters only"
                        ));
                    }
                    if let Some(j) = pool.iter().position(|&c| c == character) {
                        return Err(format!(
                            "{key}: \"{character}\" is listed twice (also characters[{i}][{j}]); \
                             allowed: each character once"
                        ));
                    }
                    pool.push(character);
                }
                pool
            }
        };
        cast.push(pool);
    }
    if !(8..=9).contains(&cast.len()) {
        return Err(format!(
            "characters: {} given; allowed: 8 (ranks 1-8 in rank order) or 9 (with rank 9)",
            cast.len()
        ));
    }
    Ok(cast)
}

fn unique_districts(names: &[String], catalog: &Catalog) -> Result<Vec<District>, String> {
    let mut chosen: Vec<District> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let uniques = District::ALL
            .iter()
            .filter(|&&d| catalog.is_unique(d))
            .map(|d| d.name());
        let district = District::from_name(name).ok_or_else(|| {
            format!(
                "unique_districts[{i}]: unknown district \"{name}\"{}",
                did_you_mean(name, uniques)
            )
        })?;
        if !catalog.is_unique(district) {
            return Err(format!(
                "unique_districts[{i}]: \"{district}\" is a basic district ({}), not a unique \
                 one; the 54 basic districts are always in the deck",
                catalog.spec(district).dtype
            ));
        }
        if let Some(j) = chosen.iter().position(|&d| d == district) {
            return Err(format!(
                "unique_districts[{i}]: \"{district}\" is listed twice (also unique_districts[{j}]); \
                 allowed: each unique district once"
            ));
        }
        chosen.push(district);
    }
    Ok(chosen)
}

/// Range-checks one integer option: `rules.KEY = VALUE: allowed: LO to HI`.
fn ranged(key: &str, value: Option<i64>, default: i64, lo: i64, hi: i64) -> Result<i64, String> {
    let value = value.unwrap_or(default);
    if (lo..=hi).contains(&value) {
        Ok(value)
    } else {
        Err(format!("rules.{key} = {value}: allowed: {lo} to {hi}"))
    }
}

fn options(r: &RulesFile) -> Result<Options, String> {
    let d = Options::default();
    let complete_city = match &r.complete_city {
        None => d.complete_city,
        Some(toml::Value::String(s)) if s == "default" => None,
        Some(toml::Value::Integer(n)) if (1..=20).contains(n) => Some(*n as u8),
        Some(other) => {
            return Err(format!(
                "rules.complete_city = {other}: allowed: 1 to 20, or \"default\" \
                 (the rulebook's 7, 8 at 2-3 players)"
            ));
        }
    };
    let bonus = 50;
    let gather_draw = ranged("gather_draw", r.gather_draw, d.gather_draw.into(), 1, 10)?;
    let options = Options {
        complete_city,
        starting_gold: ranged(
            "starting_gold",
            r.starting_gold,
            d.starting_gold.into(),
            0,
            50,
        )? as u8,
        starting_cards: ranged(
            "starting_cards",
            r.starting_cards,
            d.starting_cards.into(),
            0,
            12,
        )? as u8,
        gather_gold: ranged("gather_gold", r.gather_gold, d.gather_gold.into(), 0, 20)? as u8,
        gather_draw: gather_draw as u8,
        gather_keep: match ranged("gather_keep", r.gather_keep, d.gather_keep.into(), 1, 10) {
            Ok(keep) if keep <= gather_draw => keep as u8,
            Ok(keep) => {
                return Err(format!(
                    "rules.gather_keep = {keep}: allowed: 1 to gather_draw ({gather_draw}); \
                     cannot keep more cards than drawn"
                ));
            }
            Err(e) => return Err(e),
        },
        first_complete_bonus: ranged(
            "first_complete_bonus",
            r.first_complete_bonus,
            d.first_complete_bonus.into(),
            0,
            bonus,
        )? as u8,
        complete_bonus: ranged(
            "complete_bonus",
            r.complete_bonus,
            d.complete_bonus.into(),
            0,
            bonus,
        )? as u8,
        all_types_bonus: ranged(
            "all_types_bonus",
            r.all_types_bonus,
            d.all_types_bonus.into(),
            0,
            bonus,
        )? as u8,
        round_cap: ranged("round_cap", r.round_cap, d.round_cap.into(), 1, 1000)? as u16,
        use_rank9: r.use_rank9.unwrap_or(d.use_rank9),
        tie_break: d.tie_break,
    };
    Ok(options)
}

fn overrides(
    tables: &BTreeMap<String, OverrideFile>,
    chosen: &[District],
    catalog: &Catalog,
) -> Result<BTreeMap<District, DistrictOverride>, String> {
    let mut out: BTreeMap<District, DistrictOverride> = BTreeMap::new();
    let mut keys: BTreeMap<District, &str> = BTreeMap::new();
    for (name, table) in tables {
        let key = format!("districts.\"{name}\"");
        let all = District::ALL.iter().map(|d| d.name());
        let district = District::from_name(name).ok_or_else(|| {
            format!(
                "{key}: unknown district \"{name}\"{}",
                did_you_mean(name, all)
            )
        })?;
        if let Some(first) = keys.insert(district, name) {
            return Err(format!(
                "{key}: \"{name}\" and \"{first}\" both name {district}; allowed: one table per district"
            ));
        }
        if catalog.is_unique(district) && !chosen.contains(&district) {
            return Err(format!(
                "{key}: {district} is not in this config's deck; allowed: a basic district or \
                 one of unique_districts"
            ));
        }
        let check = |field: &str, value: Option<i64>, hi: i64| match value {
            None => Ok(None),
            Some(v) if (0..=hi).contains(&v) => Ok(Some(v as u8)),
            Some(v) => Err(format!("{key}.{field} = {v}: allowed: 0 to {hi}")),
        };
        let o = DistrictOverride {
            cost: check("cost", table.cost, MAX_COST)?,
            copies: check("copies", table.copies, MAX_COPIES)?,
        };
        if o.cost.is_some() || o.copies.is_some() {
            out.insert(district, o);
        }
    }
    Ok(out)
}

fn not_implemented(characters: &[Character], districts: &[District]) -> Result<(), String> {
    let names = |v: Vec<&'static str>| v.join(", ");
    let characters: Vec<&str> = characters
        .iter()
        .filter(|c| !c.is_implemented())
        .map(|c| c.name())
        .collect();
    let districts: Vec<&str> = districts
        .iter()
        .filter(|d| !d.is_implemented())
        .map(|d| d.name())
        .collect();
    let implemented: Vec<&str> = Character::ALL
        .iter()
        .filter(|c| c.is_implemented())
        .map(|c| c.name())
        .collect();
    let implemented = format!("implemented characters: {}", names(implemented));
    match (characters.is_empty(), districts.is_empty()) {
        (true, true) => Ok(()),
        (false, true) => Err(format!(
            "uses characters not implemented yet: {} ({implemented})",
            names(characters)
        )),
        (true, false) => Err(format!(
            "uses districts not implemented yet: {}",
            names(districts)
        )),
        (false, false) => Err(format!(
            "uses characters not implemented yet: {} and districts not implemented yet: {} \
             ({implemented})",
            names(characters),
            names(districts)
        )),
    }
}
