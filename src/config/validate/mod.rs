//! Validation: turns a parsed `ConfigFile` into a `RunConfig`, or a message naming the source,
//! the key, the bad value and what is allowed.
//!
//! Independent problems are all reported, one line each (`SOURCE: KEY: ...`): every entry of
//! `characters`, `unique_districts` and `district_pool`, every `[rules]` key and every
//! `[districts]` table is checked even after an earlier one failed. Checks that depend on
//! other keys (the edition's cast, `use_rank9`, the deck size) run only once those keys are
//! valid, so one mistake is not reported twice.
//!
//! Here: `validate` (the whole config, the checks across keys, the deck's size) and the
//! `[heuristic]` table. Beside it: `cast` (the characters and what the edition allows),
//! `districts` (`unique_districts`, `district_pool`, the `[districts]` tables),
//! `rules_table` (the `[rules]` table) and `abilities` (the `[abilities]` table).

mod abilities;
mod cast;
mod districts;
mod rules_table;

use super::catalog::Catalog;
use super::files::{ConfigFile, RulesFile};
use super::{ConfigError, Edition, RunConfig};
use crate::bots::heuristic::weights::HeuristicWeights;
use crate::engine::ids::District;
use crate::engine::rules::TieBreak;
use crate::engine::sets::CardSet;
use cast::characters;
use districts::{districts, overrides, pool};
use rules_table::options;
use std::collections::BTreeMap;

pub(crate) use abilities::abilities_table;
pub(crate) use cast::edition_check;

/// Validates a parsed file read from `source` (a path, or `preset NAME`). `edition`, if given
/// (`--edition`), replaces the file's `edition`. On failure the message has one line per
/// problem, each starting with `source`.
pub fn validate(
    source: &str,
    file: &ConfigFile,
    catalog: &Catalog,
    edition: Option<Edition>,
) -> Result<RunConfig, ConfigError> {
    let mut errors: Vec<String> = Vec::new();
    let name = file.name.clone().unwrap_or_default();
    if name.trim().is_empty() {
        errors.push(format!("name = \"{name}\": allowed: a non-empty string"));
    }
    let edition = match (edition, &file.edition) {
        (Some(edition), _) => edition,
        (None, None) => Edition::default(),
        (None, Some(name)) => Edition::parse(name).unwrap_or_else(|e| {
            errors.push(format!("edition: {e}"));
            Edition::default()
        }),
    };
    let cast = characters(&file.characters).map_err(|e| errors.extend(e));
    let unique_districts = districts("unique_districts", &file.unique_districts, catalog)
        .map_err(|e| errors.extend(e));
    let pool = match &unique_districts {
        Ok(unique) => {
            let cast = cast.as_ref().ok().map(Vec::as_slice);
            pool(file, unique, catalog, edition, cast).map_err(|e| errors.extend(e))
        }
        Err(()) => Err(()),
    };
    let rules = file.rules.as_ref().unwrap_or(&RulesFile::default()).clone();
    let options = options(&rules).map_err(|e| errors.extend(e));
    let chosen: Vec<District> = match (&unique_districts, &pool) {
        (Ok(unique), Ok((pool, _))) => unique.iter().chain(pool).copied().collect(),
        // Without a valid district list, overrides are checked for names and values only.
        _ => Vec::new(),
    };
    let lists_ok = unique_districts.is_ok() && pool.is_ok();
    let overrides = overrides(&file.districts, &chosen, lists_ok, catalog, edition)
        .map_err(|e| errors.extend(e));
    let heuristic = heuristic(&file.heuristic).map_err(|e| errors.extend(e));
    let numbers = abilities::abilities(&file.abilities, cast.as_ref().ok().map(Vec::as_slice))
        .map_err(|e| errors.extend(e));

    let (
        Ok(cast),
        Ok(unique_districts),
        Ok((district_pool, pool_draw)),
        Ok(mut options),
        Ok(overrides),
        Ok(heuristic),
        Ok(numbers),
    ) = (
        cast,
        unique_districts,
        pool,
        options,
        overrides,
        heuristic,
        numbers,
    )
    else {
        return Err(joined(source, &errors));
    };
    if let Err(e) = edition_check(edition, &cast, &unique_districts, &district_pool) {
        errors.extend(e);
    }
    // A game whose drawn cast lacks a 2021 district's character has that district neither
    // in its deck nor in its pool: the pool must still hold `pool_draw` districts then.
    let sometimes_absent: Vec<&str> = district_pool
        .iter()
        .filter(|d| {
            d.needed_character().is_some_and(|needed| {
                cast.get(needed.rank().index() - 1)
                    .is_some_and(|pool| pool.len() > 1 && pool.contains(&needed))
            })
        })
        .map(|d| d.name())
        .collect();
    if !sometimes_absent.is_empty()
        && usize::from(pool_draw) > district_pool.len() - sometimes_absent.len()
    {
        errors.push(format!(
            "pool_draw = {pool_draw}: allowed: 1 to {} (the size of district_pool less {}, \
             which a game without its character does not have)",
            district_pool.len() - sometimes_absent.len(),
            sometimes_absent.join(" and ")
        ));
    }
    options.edition = edition;
    options.numbers = numbers;
    if edition == Edition::Classic {
        // Classic: a city completes at 8 districts at every player count, unless set.
        if !matches!(rules.complete_city, Some(toml::Value::Integer(_))) {
            options.complete_city = Some(8);
        }
        options.tie_break = TieBreak::CostThenGold;
    }
    if options.use_rank9 && cast.len() < 9 {
        errors.push(
            "rules.use_rank9 = true: the characters list has no 9th (rank-9) character; \
             add one or set use_rank9 = false"
                .into(),
        );
    }

    let apply = |district: District| {
        let mut spec = catalog.spec(district);
        if let Some(o) = overrides.get(&district) {
            spec.cost = o.cost.unwrap_or(spec.cost);
            spec.copies = o.copies.unwrap_or(spec.copies);
        }
        spec
    };
    let config = RunConfig {
        name,
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
        heuristic,
    };
    let cards: usize = config
        .deck()
        .iter()
        .chain(config.pool())
        .map(|s| usize::from(s.copies))
        .sum();
    if cards > CardSet::CAPACITY {
        errors.push(too_many_cards(&config, cards));
    }
    if errors.is_empty() {
        Ok(config)
    } else {
        Err(joined(source, &errors))
    }
}

/// The `[heuristic]` table: every weight name and value is checked.
fn heuristic(table: &BTreeMap<String, toml::Value>) -> Result<HeuristicWeights, Vec<String>> {
    let mut weights = HeuristicWeights::DEFAULT;
    let mut errors = Vec::new();
    for (key, value) in table {
        let text = match value {
            toml::Value::Integer(i) => i.to_string(),
            toml::Value::Float(f) => f.to_string(),
            other => {
                errors.push(format!("heuristic.{key} = {other}: allowed: a number"));
                continue;
            }
        };
        if let Err(e) = weights.set(key, &text) {
            errors.push(format!("heuristic.{key} = {value}: {e}"));
        }
    }
    if errors.is_empty() {
        Ok(weights)
    } else {
        Err(errors)
    }
}

/// One line per problem, each naming the source.
fn joined(source: &str, errors: &[String]) -> ConfigError {
    let lines: Vec<String> = errors.iter().map(|e| format!("{source}: {e}")).collect();
    ConfigError(lines.join("\n"))
}

/// The refusal of a deck beyond the engine's limit, naming the `copies` overrides that add
/// cards.
fn too_many_cards(config: &RunConfig, cards: usize) -> String {
    let pool = if config.district_pool.is_empty() {
        ""
    } else {
        " and district_pool"
    };
    let raised: Vec<String> = config
        .overrides
        .iter()
        .filter_map(|(d, o)| o.copies.map(|c| format!("districts.\"{d}\".copies = {c}")))
        .collect();
    let keys = if raised.is_empty() {
        String::new()
    } else {
        format!(" ({})", raised.join(", "))
    };
    format!(
        "the deck (basic districts, unique_districts{pool}) has {cards} cards{keys}; allowed: \
         at most {} cards, the engine's limit",
        CardSet::CAPACITY
    )
}
