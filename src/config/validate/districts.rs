//! The district lists (`unique_districts`, `district_pool`) and the `[districts]` tables.

use super::cast::not_in_edition;
use crate::config::catalog::{Catalog, MAX_COPIES, MAX_COST};
use crate::config::files::{ConfigFile, OverrideFile, PoolNames};
use crate::config::{DistrictOverride, Edition};
use crate::engine::ids::{Character, District};
use crate::suggest::did_you_mean;
use std::collections::BTreeMap;

/// A list of unique districts (`key` is `unique_districts` or `district_pool`); every entry
/// is checked.
pub(super) fn districts(
    key: &str,
    names: &[String],
    catalog: &Catalog,
) -> Result<Vec<District>, Vec<String>> {
    let mut errors: Vec<String> = Vec::new();
    let mut chosen: Vec<District> = Vec::new();
    let mut indices: Vec<usize> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let uniques = District::ALL
            .iter()
            .filter(|&&d| catalog.is_unique(d))
            .map(|d| d.name());
        let Some(district) = District::from_name(name) else {
            errors.push(format!(
                "{key}[{i}]: unknown district \"{name}\"{}",
                did_you_mean(name, uniques)
            ));
            continue;
        };
        if !catalog.is_unique(district) {
            errors.push(format!(
                "{key}[{i}]: \"{district}\" is a basic district ({}), not a unique \
                 one; the 54 basic districts are always in the deck",
                catalog.spec(district).dtype
            ));
            continue;
        }
        if let Some(j) = chosen.iter().position(|&d| d == district) {
            errors.push(format!(
                "{key}[{i}]: \"{district}\" is listed twice (also {key}[{}]); \
                 allowed: each unique district once",
                indices[j]
            ));
            continue;
        }
        chosen.push(district);
        indices.push(i);
    }
    if errors.is_empty() {
        Ok(chosen)
    } else {
        Err(errors)
    }
}

/// `district_pool` and `pool_draw`: both or neither; the pool's districts are unique, listed
/// once and not also in `unique_districts`; `pool_draw` is 1 to the pool's size.
///
/// `district_pool = "all"` is every unique district of the edition's catalog in name order,
/// less `unique_districts` and less a 2021 district whose character cannot be in the cast
/// (`cast`, when valid): under 2021 it takes in the Hospital and the Graveyard.
pub(super) fn pool(
    file: &ConfigFile,
    unique: &[District],
    catalog: &Catalog,
    edition: Edition,
    cast: Option<&[Vec<Character>]>,
) -> Result<(Vec<District>, u8), Vec<String>> {
    let all: Vec<String>;
    let names = match &file.district_pool {
        None => None,
        Some(PoolNames::List(names)) => Some(names),
        Some(PoolNames::Keyword(word)) if word.trim().eq_ignore_ascii_case("all") => {
            let mut districts: Vec<District> = District::ALL
                .iter()
                .copied()
                .filter(|&d| catalog.is_unique(d) && edition.has_district(d))
                .filter(|d| !unique.contains(d))
                .filter(|d| match (d.needed_character(), cast) {
                    (Some(needed), Some(cast)) => cast
                        .get(needed.rank().index() - 1)
                        .is_some_and(|pool| pool.contains(&needed)),
                    _ => true,
                })
                .collect();
            districts.sort_by_key(|d| d.name());
            all = districts.iter().map(|d| d.name().to_string()).collect();
            Some(&all)
        }
        Some(PoolNames::Keyword(word)) => {
            return Err(vec![format!(
                "district_pool = \"{word}\": allowed: a list of unique districts, or \"all\" \
                 (every unique district of the edition)"
            )]);
        }
    };
    let (names, draw) = match (names, file.pool_draw) {
        (None, None) => return Ok((Vec::new(), 0)),
        (Some(_), None) => {
            return Err(vec![
                "district_pool is given without pool_draw; allowed: both keys \
                 (pool_draw: how many districts of the pool each game draws) or neither"
                    .into(),
            ]);
        }
        (None, Some(n)) => {
            return Err(vec![format!(
                "pool_draw = {n} is given without district_pool; allowed: both keys or neither"
            )]);
        }
        (Some(names), Some(n)) => (names, n),
    };
    if names.is_empty() {
        return Err(vec![
            "district_pool = []: allowed: a non-empty list of unique districts, or \
             neither district_pool nor pool_draw"
                .into(),
        ]);
    }
    let mut errors = Vec::new();
    if !(1..=names.len() as i64).contains(&draw) {
        errors.push(format!(
            "pool_draw = {draw}: allowed: 1 to {} (the size of district_pool)",
            names.len()
        ));
    }
    let pool = match districts("district_pool", names, catalog) {
        Ok(pool) => pool,
        Err(e) => {
            errors.extend(e);
            return Err(errors);
        }
    };
    for (i, district) in pool.iter().enumerate() {
        if let Some(j) = unique.iter().position(|d| d == district) {
            errors.push(format!(
                "district_pool[{i}]: \"{district}\" is also in unique_districts[{j}]; allowed: \
                 a district either in unique_districts (always in the deck) or in \
                 district_pool (drawn per game), not both"
            ));
        }
    }
    if errors.is_empty() {
        Ok((pool, draw as u8))
    } else {
        Err(errors)
    }
}

/// The `[districts]` tables: every table and field is checked. `lists_ok` says whether
/// `chosen` (the unique districts and the pool) is known; without it, whether a unique
/// district is in the deck is not checked.
pub(super) fn overrides(
    tables: &BTreeMap<String, OverrideFile>,
    chosen: &[District],
    lists_ok: bool,
    catalog: &Catalog,
    edition: Edition,
) -> Result<BTreeMap<District, DistrictOverride>, Vec<String>> {
    let mut errors: Vec<String> = Vec::new();
    let mut out: BTreeMap<District, DistrictOverride> = BTreeMap::new();
    let mut keys: BTreeMap<District, &str> = BTreeMap::new();
    for (name, table) in tables {
        let key = format!("districts.\"{name}\"");
        let all = District::ALL.iter().map(|d| d.name());
        let Some(district) = District::from_name(name) else {
            errors.push(format!(
                "{key}: unknown district \"{name}\"{}",
                did_you_mean(name, all)
            ));
            continue;
        };
        if let Some(first) = keys.insert(district, name) {
            errors.push(format!(
                "{key}: \"{name}\" and \"{first}\" both name {district}; allowed: one table per district"
            ));
            continue;
        }
        if !edition.has_district(district) {
            errors.push(not_in_edition(&key, district, edition));
            continue;
        }
        if lists_ok && catalog.is_unique(district) && !chosen.contains(&district) {
            errors.push(format!(
                "{key}: {district} is not in this config's deck; allowed: a basic district or \
                 one of unique_districts or district_pool"
            ));
            continue;
        }
        let mut check = |field: &str, value: Option<i64>, hi: i64| match value {
            None => None,
            Some(v) if (0..=hi).contains(&v) => Some(v as u8),
            Some(v) => {
                errors.push(format!("{key}.{field} = {v}: allowed: 0 to {hi}"));
                None
            }
        };
        let o = DistrictOverride {
            cost: check("cost", table.cost, MAX_COST),
            copies: check("copies", table.copies, MAX_COPIES),
        };
        if o.cost.is_some() || o.copies.is_some() {
            out.insert(district, o);
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}
