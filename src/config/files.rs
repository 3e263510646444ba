//! The serde mirror of the config files: plain data, exactly as written, checked later.
//!
//! Integers are read as `i64` so that negative or huge values reach validation and get a
//! message naming the allowed range instead of a serde type error.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A preset or house-rule file.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// Optional in a file: `load_file` names a config without one after the file's stem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `"2016"` (the default), `"classic"` or `"2021"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// Ranks 1-8 in rank order, optionally a ninth for rank 9; each entry a name or a pool
    /// of names of that rank (one is drawn per game).
    pub characters: Vec<CastEntry>,
    pub unique_districts: Vec<String>,
    /// Unique districts of which each game draws `pool_draw` (both keys or neither): a list
    /// of names, or `"all"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub district_pool: Option<PoolNames>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool_draw: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesFile>,
    /// House-rule changes to catalog entries, keyed by district name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub districts: BTreeMap<String, OverrideFile>,
    /// The heuristic bot's weights for this run (`bots::heuristic::weights`), by name; a value is a
    /// number. Names are checked in validation, against the one list of weights.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub heuristic: BTreeMap<String, toml::Value>,
    /// The numbers of the characters' abilities (`engine::numbers::KNOBS`), as tables keyed by
    /// character (`[abilities] merchant.gold = 2`). Checked in validation.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub abilities: BTreeMap<String, toml::Value>,
}

/// One entry of `characters`: a character's name, or a list of names of the same rank of
/// which each game draws one.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum CastEntry {
    One(String),
    Pool(Vec<String>),
}

/// `district_pool`: a list of unique districts' names, or a keyword (`"all"`: every unique
/// district of the edition's catalog that the cast allows, less `unique_districts`).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum PoolNames {
    List(Vec<String>),
    Keyword(String),
}

/// The `[rules]` table; every key optional, defaults from `Options::default()`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// An integer, or the string `"default"` for the rulebook's 7 (8 at 2-3 players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete_city: Option<toml::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_gold: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_cards: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gather_gold: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gather_draw: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gather_keep: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_complete_bonus: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete_bonus: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_types_bonus: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_cap: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub use_rank9: Option<bool>,
}

/// One `[districts."Name"]` table.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OverrideFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copies: Option<i64>,
}

/// A district catalog file (configs/districts/*.toml).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogFile {
    pub district: Vec<CatalogEntry>,
}

/// One `[[district]]` entry of a catalog file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogEntry {
    pub name: String,
    #[serde(rename = "type")]
    pub dtype: String,
    pub cost: i64,
    pub copies: i64,
}

/// Parses TOML into `T`. A problem is one line: the source, the line and column, the
/// offending `key = value` line (with its table, like `rules.starting_gold = "two"`) and
/// toml's message, with a suggestion for a misspelt key.
pub fn parse<T: serde::de::DeserializeOwned>(
    source: &str,
    text: &str,
) -> Result<T, super::ConfigError> {
    toml::from_str(text).map_err(|e| super::ConfigError(parse_message(source, text, &e)))
}

fn parse_message(source: &str, text: &str, e: &toml::de::Error) -> String {
    let message = e
        .message()
        .trim()
        .replace(['\n', '\r'], " ")
        .replace("expected i64", "expected an integer")
        .replace(" as i128, expected an integer", ": too large")
        .replace(
            "data did not match any variant of untagged enum CastEntry",
            "expected a character's name or a list of names of one rank",
        );
    let message = rust_types_named(&message);
    // A key missing from the top level has no line to show (its span is the whole file,
    // whose first line may be a comment); one missing from a table shows the table's.
    let Some(span) = e
        .span()
        .filter(|s| !(s.start == 0 && message.starts_with("missing field")))
    else {
        return format!("{source}: {message}");
    };
    let start = span.start.min(text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line_no = text[..start].matches('\n').count() + 1;
    let column = text[line_start..start].chars().count() + 1;
    let line = text[line_start..line_end].trim();
    // The table the line is in: the last `[header]` above it (not a line of an array, such
    // as a pool `["Thief", "Spy"],`).
    let table = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('[') && !l.starts_with("[\"") && !l.ends_with(','))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim());
    let shown = match table {
        Some(table) if line.contains('=') && !line.starts_with('[') => format!("{table}.{line}"),
        _ => line.to_string(),
    };
    let hint = unknown_field_hint(&message);
    format!("{source}: line {line_no}, column {column}: {shown}: {message}{hint}")
}

/// serde's "expected struct RulesFile" as "expected a table": the file's reader does not know
/// the program's type names.
fn rust_types_named(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find("expected struct ") {
        out.push_str(&rest[..at]);
        out.push_str("expected a table");
        rest = &rest[at + "expected struct ".len()..];
        rest = rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
    }
    out.push_str(rest);
    out
}

/// ` (did you mean "X"?)` for serde's "unknown field `x`, expected one of `a`, `b`".
fn unknown_field_hint(message: &str) -> String {
    let Some(rest) = message.strip_prefix("unknown field `") else {
        return String::new();
    };
    let ticked: Vec<&str> = rest.split('`').step_by(2).collect();
    match ticked.split_first() {
        Some((field, known)) => crate::suggest::did_you_mean(field, known.iter().copied()),
        None => String::new(),
    }
}
