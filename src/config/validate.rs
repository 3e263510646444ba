//! Validation: turns a parsed `ConfigFile` into a `RunConfig`, or a message naming the source,
//! the key, the bad value and what is allowed.
//!
//! Independent problems are all reported, one line each (`SOURCE: KEY: ...`): every entry of
//! `characters`, `unique_districts` and `district_pool`, every `[rules]` key and every
//! `[districts]` table is checked even after an earlier one failed. Checks that depend on
//! other keys (the edition's cast, `use_rank9`, the deck size) run only once those keys are
//! valid, so one mistake is not reported twice.

use super::catalog::{Catalog, MAX_COPIES, MAX_COST};
use super::files::{CastEntry, ConfigFile, OverrideFile, PoolNames, RulesFile};
use super::suggest::did_you_mean;
use super::{CLASSIC_CAST, ConfigError, DistrictOverride, Edition, RunConfig};
use crate::bots::weights::HeuristicWeights;
use crate::engine::ids::{Character, District};
use crate::engine::rules::{Options, TieBreak};
use crate::engine::sets::CardSet;
use std::collections::BTreeMap;

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

    let (
        Ok(cast),
        Ok(unique_districts),
        Ok((district_pool, pool_draw)),
        Ok(mut options),
        Ok(overrides),
        Ok(heuristic),
    ) = (cast, unique_districts, pool, options, overrides, heuristic)
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

/// The cast: every entry is checked, and every problem reported.
fn characters(entries: &[CastEntry]) -> Result<Vec<Vec<Character>>, Vec<String>> {
    let lookup = |key: &str, name: &str| {
        let all = Character::ALL.iter().map(|c| c.name());
        Character::from_name(name).ok_or_else(|| {
            format!(
                "{key}: unknown character \"{name}\"{}",
                did_you_mean(name, all)
            )
        })
    };
    let mut errors: Vec<String> = Vec::new();
    // One slot per entry; `None` for an entry with a problem.
    let mut cast: Vec<Option<Vec<Character>>> = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let rank = i as u8 + 1;
        let pool = match entry {
            CastEntry::One(name) => {
                let key = format!("characters[{i}]");
                let checked = lookup(&key, name).and_then(|character| {
                    let actual = character.rank().0;
                    let same_rank = cast
                        .iter()
                        .position(|p| p.as_ref().is_some_and(|p| p[0].rank() == character.rank()));
                    if let Some(j) = same_rank {
                        let other = cast[j].as_ref().map_or(character, |p| p[0]);
                        Err(format!(
                            "{key}: \"{character}\" is rank {actual}, like characters[{j}] \
                             \"{other}\"; allowed: one character per rank"
                        ))
                    } else if actual != rank {
                        Err(format!(
                            "{key}: \"{character}\" is rank {actual}, not rank {rank}; \
                             allowed: ranks 1-8 in rank order, then optionally rank 9"
                        ))
                    } else {
                        Ok(vec![character])
                    }
                });
                checked.map_err(|e| errors.push(e)).ok()
            }
            CastEntry::Pool(names) if names.is_empty() => {
                errors.push(format!(
                    "characters[{i}]: an empty list; allowed: a name, or a non-empty list \
                     of rank-{rank} characters (one is drawn per game)"
                ));
                None
            }
            CastEntry::Pool(names) => {
                let mut pool: Vec<Character> = Vec::new();
                let mut ok = true;
                for (k, name) in names.iter().enumerate() {
                    let key = format!("characters[{i}][{k}]");
                    let character = match lookup(&key, name) {
                        Ok(c) => c,
                        Err(e) => {
                            errors.push(e);
                            ok = false;
                            continue;
                        }
                    };
                    let actual = character.rank().0;
                    if actual != rank {
                        errors.push(format!(
                            "{key}: \"{character}\" is rank {actual}, not rank {rank}; \
                             allowed: in characters[{i}], rank-{rank} characters only"
                        ));
                        ok = false;
                    } else if let Some(j) = names[..k]
                        .iter()
                        .position(|n| Character::from_name(n) == Some(character))
                    {
                        errors.push(format!(
                            "{key}: \"{character}\" is listed twice (also characters[{i}][{j}]); \
                             allowed: each character once"
                        ));
                        ok = false;
                    } else {
                        pool.push(character);
                    }
                }
                ok.then_some(pool)
            }
        };
        cast.push(pool);
    }
    if !(8..=9).contains(&cast.len()) {
        errors.push(format!(
            "characters: {} given; allowed: 8 (ranks 1-8 in rank order) or 9 (with rank 9)",
            cast.len()
        ));
    }
    if errors.is_empty() {
        Ok(cast.into_iter().flatten().collect())
    } else {
        Err(errors)
    }
}

/// A list of unique districts (`key` is `unique_districts` or `district_pool`); every entry
/// is checked.
fn districts(key: &str, names: &[String], catalog: &Catalog) -> Result<Vec<District>, Vec<String>> {
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
fn pool(
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

/// Refuses what the edition does not have: in the classic edition any character but the
/// first game's eight, and a rank-9 character; outside 2021 the Hospital and the Graveyard;
/// in 2021 the Hospital without the Assassin in the cast and the Graveyard without the
/// Warlord. Every problem is reported.
pub(crate) fn edition_check(
    edition: Edition,
    cast: &[Vec<Character>],
    unique: &[District],
    pool: &[District],
) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
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
            errors.push(format!(
                "characters[8]: {}: the classic edition has no rank-9 character; allowed: 8 \
                 characters, the first game's ({})",
                names.join(", "),
                classic_names()
            ));
            continue;
        }
        for (k, &character) in entry.iter().enumerate() {
            if !edition.has_character(character) {
                let key = if entry.len() == 1 {
                    format!("characters[{i}]")
                } else {
                    format!("characters[{i}][{k}]")
                };
                errors.push(format!(
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
            errors.push(format!(
                "{key}: \"{district}\" belongs to the 2021 edition, not the {edition} edition; \
                 allowed with edition = \"2021\" (or --edition 2021)"
            ));
            continue;
        }
        if let Some(needed) = district.needed_character() {
            let rank = needed.rank().0 as usize;
            let in_pool = cast.get(rank - 1).is_some_and(|p| p.contains(&needed));
            if !in_pool {
                let names: Vec<&str> = cast
                    .get(rank - 1)
                    .map(|p| p.iter().map(|c| c.name()).collect())
                    .unwrap_or_default();
                errors.push(format!(
                    "{key}: \"{district}\" needs the {needed} in the cast, but rank {rank} \
                     (characters[{}]) is {}; allowed: the {district} only with the {needed} \
                     among the rank-{rank} characters",
                    rank - 1,
                    names.join(", ")
                ));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The `[rules]` table: every key is checked, and every problem reported.
fn options(r: &RulesFile) -> Result<Options, Vec<String>> {
    let d = Options::default();
    let mut errors: Vec<String> = Vec::new();
    // Range-checks one integer option (`rules.KEY = VALUE: allowed: LO to HI`); the default
    // stands in for a bad value so that the other keys are still checked.
    let mut ranged = |key: &str, value: Option<i64>, default: u16, lo: i64, hi: i64| -> u16 {
        match value {
            None => default,
            Some(v) if (lo..=hi).contains(&v) => v as u16,
            Some(v) => {
                errors.push(format!("rules.{key} = {v}: allowed: {lo} to {hi}"));
                default
            }
        }
    };
    let bonus = 50;
    let starting_gold = ranged(
        "starting_gold",
        r.starting_gold,
        d.starting_gold.into(),
        0,
        50,
    );
    let starting_cards = ranged(
        "starting_cards",
        r.starting_cards,
        d.starting_cards.into(),
        0,
        12,
    );
    let gather_gold = ranged("gather_gold", r.gather_gold, d.gather_gold.into(), 0, 20);
    let gather_draw = ranged("gather_draw", r.gather_draw, d.gather_draw.into(), 1, 10);
    let gather_keep = ranged("gather_keep", r.gather_keep, d.gather_keep.into(), 1, 10);
    let first_complete_bonus = ranged(
        "first_complete_bonus",
        r.first_complete_bonus,
        d.first_complete_bonus.into(),
        0,
        bonus,
    );
    let complete_bonus = ranged(
        "complete_bonus",
        r.complete_bonus,
        d.complete_bonus.into(),
        0,
        bonus,
    );
    let all_types_bonus = ranged(
        "all_types_bonus",
        r.all_types_bonus,
        d.all_types_bonus.into(),
        0,
        bonus,
    );
    let round_cap = ranged("round_cap", r.round_cap, d.round_cap, 1, 1000);
    let complete_city = match &r.complete_city {
        None => d.complete_city,
        Some(toml::Value::String(s)) if s == "default" => None,
        Some(toml::Value::Integer(n)) if (1..=20).contains(n) => Some(*n as u8),
        Some(other) => {
            errors.push(format!(
                "rules.complete_city = {other}: allowed: 1 to 20, or \"default\" \
                 (the rulebook's 7, 8 at 2-3 players)"
            ));
            d.complete_city
        }
    };
    if r.gather_keep.is_some_and(|k| (1..=10).contains(&k)) && gather_keep > gather_draw {
        errors.push(format!(
            "rules.gather_keep = {gather_keep}: allowed: 1 to gather_draw ({gather_draw}); \
             cannot keep more cards than drawn"
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Options {
        complete_city,
        starting_gold: starting_gold as u8,
        starting_cards: starting_cards as u8,
        gather_gold: gather_gold as u8,
        gather_draw: gather_draw as u8,
        gather_keep: gather_keep as u8,
        first_complete_bonus: first_complete_bonus as u8,
        complete_bonus: complete_bonus as u8,
        all_types_bonus: all_types_bonus as u8,
        round_cap,
        use_rank9: r.use_rank9.unwrap_or(d.use_rank9),
        tie_break: d.tie_break,
        edition: d.edition,
    })
}

/// The `[districts]` tables: every table and field is checked. `lists_ok` says whether
/// `chosen` (the unique districts and the pool) is known; without it, whether a unique
/// district is in the deck is not checked.
fn overrides(
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
            errors.push(format!(
                "{key}: \"{district}\" belongs to the 2021 edition, not the {edition} edition; \
                 allowed with edition = \"2021\" (or --edition 2021)"
            ));
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
