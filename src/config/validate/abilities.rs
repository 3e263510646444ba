//! The `[abilities]` table: the numbers of the characters' abilities (`engine::numbers`), as
//! `CHARACTER.NUMBER = VALUE` keys such as `merchant.gold = 2`.

use crate::engine::ids::Character;
use crate::engine::numbers::{CharacterNumbers, KNOBS, Knob};
use crate::suggest::did_you_mean;
use std::collections::BTreeMap;

/// The `[abilities]` table: every key and value is checked, and every problem reported. A
/// knob of a character that is in none of the cast's pools is refused (it would change
/// nothing; `cast` is `None` when the cast itself was invalid, and then that is not checked).
pub(super) fn abilities(
    table: &BTreeMap<String, toml::Value>,
    cast: Option<&[Vec<Character>]>,
) -> Result<CharacterNumbers, Vec<String>> {
    let mut numbers = CharacterNumbers::default();
    let mut errors = Vec::new();
    let keys = || KNOBS.iter().map(|k| k.key);
    for (character, value) in table {
        let toml::Value::Table(entries) = value else {
            errors.push(format!(
                "abilities.{character} = {value}: allowed: CHARACTER.NUMBER = VALUE, like \
                 merchant.gold = 2{}",
                did_you_mean(character, keys())
            ));
            continue;
        };
        for (number, value) in entries {
            let key = format!("{character}.{number}");
            let Some(knob) = Knob::by_key(&key) else {
                errors.push(format!(
                    "abilities.{key}: unknown number{}; allowed: {}",
                    did_you_mean(&key, keys()),
                    keys().collect::<Vec<_>>().join(", ")
                ));
                continue;
            };
            if let Some(cast) = cast
                && !cast.iter().flatten().any(|&c| c == knob.character)
            {
                errors.push(format!(
                    "abilities.{key} = {value}: the {} is not in the cast; allowed: the numbers \
                     of the cast's characters",
                    knob.character
                ));
                continue;
            }
            match value.as_integer() {
                Some(v) if (i64::from(knob.min)..=i64::from(knob.max)).contains(&v) => {
                    (knob.set)(&mut numbers, v as u8)
                }
                _ => errors.push(format!(
                    "abilities.{key} = {value}: allowed: {} to {}",
                    knob.min, knob.max
                )),
            }
        }
    }
    if numbers.scholar_keep > numbers.scholar_draw {
        errors.push(format!(
            "abilities.scholar.keep = {}: allowed: 1 to scholar.draw ({}); cannot keep more \
             cards than drawn",
            numbers.scholar_keep, numbers.scholar_draw
        ));
    }
    if errors.is_empty() {
        Ok(numbers)
    } else {
        Err(errors)
    }
}

/// The changed numbers as the `[abilities]` table of a resolved config: one table per
/// character, none at the rulebook's values (so a config without house rules writes none).
pub(crate) fn abilities_table(numbers: &CharacterNumbers) -> BTreeMap<String, toml::Value> {
    let mut table = BTreeMap::new();
    for (knob, value) in numbers.changed() {
        let (character, number) = knob.key.split_once('.').expect("keys are CHARACTER.NUMBER");
        let entry = table
            .entry(character.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(entry) = entry {
            entry.insert(number.to_string(), toml::Value::Integer(value.into()));
        }
    }
    table
}
