//! The cast (`characters`) and what the edition allows of the cast and the districts.

use crate::config::files::CastEntry;
use crate::config::{CLASSIC_CAST, Edition};
use crate::engine::ids::{Character, District};
use crate::suggest::did_you_mean;

/// The cast: every entry is checked, and every problem reported.
pub(super) fn characters(entries: &[CastEntry]) -> Result<Vec<Vec<Character>>, Vec<String>> {
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
    // How far a character's rank was from its place the first time they differed, and that
    // message's index: a missing or extra entry shifts every later one by as much, which the
    // first message then says once instead of a message per entry.
    let mut shift: Option<(i16, usize)> = None;
    let mut shifted_later = false;
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
                        let offset = i16::from(actual) - i16::from(rank);
                        if shift.is_some_and(|(first, _)| first == offset) {
                            // Shifted like the entry already reported: refused, without a
                            // message of its own (an empty one is not reported).
                            shifted_later = true;
                            return Err(String::new());
                        }
                        shift.get_or_insert((offset, errors.len()));
                        Err(format!(
                            "{key}: \"{character}\" is rank {actual}, not rank {rank}; \
                             allowed: ranks 1-8 in rank order, then optionally rank 9"
                        ))
                    } else {
                        Ok(vec![character])
                    }
                });
                checked
                    .map_err(|e| {
                        if !e.is_empty() {
                            errors.push(e);
                        }
                    })
                    .ok()
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
    if let (Some((_, first)), true) = (shift, shifted_later) {
        errors[first].push_str(
            " (every later entry is off by as much: is a character missing or given twice \
             before it?)",
        );
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
            errors.push(not_in_edition(&key, district, edition));
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

/// The message for a district of the 2021 edition named under another edition (`key`: where
/// it is named).
pub(super) fn not_in_edition(key: &str, district: District, edition: Edition) -> String {
    format!(
        "{key}: \"{district}\" belongs to the 2021 edition, not the {edition} edition; allowed \
         with edition = \"2021\" (or --edition 2021)"
    )
}
