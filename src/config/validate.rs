//! Validation: turns a parsed `ConfigFile` into a `RunConfig`, or a message naming the source,
//! the key, the bad value and what is allowed.

use super::catalog::{Catalog, MAX_COPIES, MAX_COST};
use super::files::{CastEntry, ConfigFile, OverrideFile, RulesFile};
use super::suggest::did_you_mean;
use super::{CLASSIC_CAST, ConfigError, DistrictOverride, Edition, RunConfig, needed_character};
use crate::engine::ids::{Character, District};
use crate::engine::rules::{Options, TieBreak};
use std::collections::BTreeMap;

/// Validates a parsed file read from `source` (a path, or `preset NAME`). `edition`, if given
/// (`--edition`), replaces the file's `edition`.
pub fn validate(
    source: &str,
    file: &ConfigFile,
    catalog: &Catalog,
    edition: Option<Edition>,
) -> Result<RunConfig, ConfigError> {
    let err = |msg: String| ConfigError(format!("{source}: {msg}"));
    if file.name.trim().is_empty() {
        return Err(err(format!(
            "name = \"{}\": allowed: a non-empty string",
            file.name
        )));
    }
    let edition = match (edition, &file.edition) {
        (Some(edition), _) => edition,
        (None, None) => Edition::default(),
        (None, Some(name)) => Edition::parse(name).map_err(|e| err(format!("edition: {e}")))?,
    };
    let cast = characters(&file.characters).map_err(err)?;
    let unique_districts =
        districts("unique_districts", &file.unique_districts, catalog).map_err(err)?;
    let (district_pool, pool_draw) = pool(file, &unique_districts, catalog).map_err(err)?;
    edition_check(edition, &cast, &unique_districts, &district_pool).map_err(err)?;
    let rules = file.rules.as_ref().unwrap_or(&RulesFile::default()).clone();
    let mut options = options(&rules).map_err(err)?;
    if edition == Edition::Classic {
        // Classic: a city completes at 8 districts at every player count, unless set.
        if !matches!(rules.complete_city, Some(toml::Value::Integer(_))) {
            options.complete_city = Some(8);
        }
        options.tie_break = TieBreak::CostThenGold;
    }
    if options.use_rank9 && cast.len() < 9 {
        return Err(err(
            "rules.use_rank9 = true: the characters list has no 9th (rank-9) character; \
             add one or set use_rank9 = false"
                .into(),
        ));
    }
    let chosen: Vec<District> = unique_districts
        .iter()
        .chain(&district_pool)
        .copied()
        .collect();
    let overrides = overrides(&file.districts, &chosen, catalog, edition).map_err(err)?;

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
        edition,
        basic_specs: catalog.basics().map(|s| apply(s.district)).collect(),
        unique_specs: unique_districts.iter().map(|&d| apply(d)).collect(),
        pool_specs: district_pool.iter().map(|&d| apply(d)).collect(),
        cast,
        unique_districts,
        district_pool,
        pool_draw,
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

/// A list of unique districts (`key` is `unique_districts` or `district_pool`).
fn districts(key: &str, names: &[String], catalog: &Catalog) -> Result<Vec<District>, String> {
    let mut chosen: Vec<District> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let uniques = District::ALL
            .iter()
            .filter(|&&d| catalog.is_unique(d))
            .map(|d| d.name());
        let district = District::from_name(name).ok_or_else(|| {
            format!(
                "{key}[{i}]: unknown district \"{name}\"{}",
                did_you_mean(name, uniques)
            )
        })?;
        if !catalog.is_unique(district) {
            return Err(format!(
                "{key}[{i}]: \"{district}\" is a basic district ({}), not a unique \
                 one; the 54 basic districts are always in the deck",
                catalog.spec(district).dtype
            ));
        }
        if let Some(j) = chosen.iter().position(|&d| d == district) {
            return Err(format!(
                "{key}[{i}]: \"{district}\" is listed twice (also {key}[{j}]); \
                 allowed: each unique district once"
            ));
        }
        chosen.push(district);
    }
    Ok(chosen)
}

/// `district_pool` and `pool_draw`: both or neither; the pool's districts are unique, listed
/// once and not also in `unique_districts`; `pool_draw` is 1 to the pool's size.
fn pool(
    file: &ConfigFile,
    unique: &[District],
    catalog: &Catalog,
) -> Result<(Vec<District>, u8), String> {
    let (names, draw) = match (&file.district_pool, file.pool_draw) {
        (None, None) => return Ok((Vec::new(), 0)),
        (Some(_), None) => {
            return Err(
                "district_pool is given without pool_draw; allowed: both keys \
                        (pool_draw: how many districts of the pool each game draws) or neither"
                    .into(),
            );
        }
        (None, Some(n)) => {
            return Err(format!(
                "pool_draw = {n} is given without district_pool; allowed: both keys or neither"
            ));
        }
        (Some(names), Some(n)) => (names, n),
    };
    if names.is_empty() {
        return Err(
            "district_pool = []: allowed: a non-empty list of unique districts, or \
                    neither district_pool nor pool_draw"
                .into(),
        );
    }
    let pool = districts("district_pool", names, catalog)?;
    for (i, district) in pool.iter().enumerate() {
        if let Some(j) = unique.iter().position(|d| d == district) {
            return Err(format!(
                "district_pool[{i}]: \"{district}\" is also in unique_districts[{j}]; allowed: \
                 a district either in unique_districts (always in the deck) or in \
                 district_pool (drawn per game), not both"
            ));
        }
    }
    if !(1..=pool.len() as i64).contains(&draw) {
        return Err(format!(
            "pool_draw = {draw}: allowed: 1 to {} (the size of district_pool)",
            pool.len()
        ));
    }
    Ok((pool, draw as u8))
}

/// Refuses what the edition does not have: in the classic edition any character but the
/// first game's eight, and a rank-9 character; outside 2021 the Hospital and the Graveyard;
/// in 2021 the Hospital without the Assassin in the cast and the Graveyard without the
/// Warlord.
pub(crate) fn edition_check(
    edition: Edition,
    cast: &[Vec<Character>],
    unique: &[District],
    pool: &[District],
) -> Result<(), String> {
    let classic_names = || {
        let names: Vec<&str> = CLASSIC_CAST.iter().map(|c| c.name()).collect();
        names.join(", ")
    };
    for (i, entry) in cast.iter().enumerate() {
        if edition != Edition::Classic {
            break;
        }
        if i == 8 {
            let names: Vec<String> = entry.iter().map(|c| format!("\"{c}\"")).collect();
            return Err(format!(
                "characters[8]: {}: the classic edition has no rank-9 character; allowed: 8 \
                 characters, the first game's ({})",
                names.join(", "),
                classic_names()
            ));
        }
        for (k, &character) in entry.iter().enumerate() {
            if !edition.has_character(character) {
                let key = if entry.len() == 1 {
                    format!("characters[{i}]")
                } else {
                    format!("characters[{i}][{k}]")
                };
                return Err(format!(
                    "{key}: \"{character}\" is not a character of the classic edition; allowed: \
                     the first game's 8 characters ({})",
                    classic_names()
                ));
            }
        }
    }
    let keyed = unique
        .iter()
        .enumerate()
        .map(|(i, d)| (format!("unique_districts[{i}]"), *d))
        .chain(
            pool.iter()
                .enumerate()
                .map(|(i, d)| (format!("district_pool[{i}]"), *d)),
        );
    for (key, district) in keyed {
        if !edition.has_district(district) {
            return Err(format!(
                "{key}: \"{district}\" belongs to the 2021 edition, not the {edition} edition; \
                 allowed with edition = \"2021\" (or --edition 2021)"
            ));
        }
        if let Some(needed) = needed_character(district) {
            let rank = needed.rank().0 as usize;
            let in_pool = cast.get(rank - 1).is_some_and(|p| p.contains(&needed));
            if !in_pool {
                let names: Vec<&str> = cast
                    .get(rank - 1)
                    .map(|p| p.iter().map(|c| c.name()).collect())
                    .unwrap_or_default();
                return Err(format!(
                    "{key}: \"{district}\" needs the {needed} in the cast, but rank {rank} \
                     (characters[{}]) is {}; allowed: the {district} only with the {needed} \
                     among the rank-{rank} characters",
                    rank - 1,
                    names.join(", ")
                ));
            }
        }
    }
    Ok(())
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
    edition: Edition,
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
        if !edition.has_district(district) {
            return Err(format!(
                "{key}: \"{district}\" belongs to the 2021 edition, not the {edition} edition; \
                 allowed with edition = \"2021\" (or --edition 2021)"
            ));
        }
        if catalog.is_unique(district) && !chosen.contains(&district) {
            return Err(format!(
                "{key}: {district} is not in this config's deck; allowed: a basic district or \
                 one of unique_districts or district_pool"
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
