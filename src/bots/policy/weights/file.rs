//! The weights file format: how `train` writes a policy's weights and `policy:weights=FILE`
//! reads them.
//!
//! A weights file is TOML: `[policy] format = 1` (or 2, below), a `[manifest]` table saying
//! how the weights were made (command, seed, data, fit; kept as written, for people), and a
//! `[weights]` table of feature name = weight. Features not listed weigh 0, so a file stays
//! readable when later versions add features; a name this version does not know is refused.
//!
//! Format 2 adds a hidden layer (`train --hidden N`): `[hidden]` with `units`, `bias` and
//! `out` (one number per unit), and `[hidden.input]`, feature name = its row of one weight
//! per unit (rows of zeros left out). An action's score is then the linear score plus
//! `out · max(0, bias + the features' rows weighted by their values)`. A file without a
//! hidden layer is written as format 1, which earlier versions read too.
//!
//! Format 3 is a layer that scores only some kinds of action (`train --hidden-kinds`):
//! format 2 plus `[hidden] kinds = "Pick+Discard"`; the other kinds have the linear score
//! alone. Its own number makes a version before it refuse the file rather than play the
//! layer on every kind.
//!
//! Any format may say how its weights are meant to be played: `[policy] drawn =
//! "TakeGold+Build+Destroy"` (`train --drawn`) names the decisions the bot draws at `temp`
//! when its spec does not name `drawn` (`PolicyParams::drawn`; the 3-player fit draws the
//! choice between gold and cards, as the search mixes it there: docs/agreement.md, "At 3
//! players"), and `min_p = 0.15` and `pick_min_p = 0` the cuts of unlikely moves a bot
//! playing them makes, each unless its spec names it (key by key: `PolicyParams::cuts`; the
//! default's file: docs/agreement.md, "Which decisions are drawn").
//! `[policy]` has no other key; a misspelt one is refused.
//!
//! `to_text` begins the manifest with how many weights `[weights]` lists (`weights_listed`)
//! and, with a layer, how many rows `[hidden.input]` lists (`input_rows_listed`). A file cut
//! short at a line boundary is still valid TOML, and its missing weights would weigh 0
//! unnoticed; with the counts it is refused. (The counts sit in the manifest, which readers
//! take as they find it, so a reader that knows no counts still reads such files; a file
//! without the counts, as every built-in one, is read with the weights it lists.)

use super::{FORMAT, FORMAT_HIDDEN, FORMAT_HIDDEN_KINDS, Hidden, MAX_UNITS, PolicyWeights};
use crate::bots::policy::features::{FEATURES, feature_name};
use crate::bots::policy::{KindSet, Share};
use std::collections::HashMap;
use std::fmt::Write as _;

impl PolicyWeights {
    /// Reads a weights file; the error names the file, the key and the value.
    pub fn load(path: &str) -> Result<PolicyWeights, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("weights={path}: cannot read: {e}"))?;
        PolicyWeights::parse(&text, path)
    }

    /// Parses the text of a weights file read from `source`.
    pub fn parse(text: &str, source: &str) -> Result<PolicyWeights, String> {
        let table: toml::Table = text
            .parse()
            .map_err(|e| format!("{source}: not a weights file (TOML): {e}"))?;
        let format = table
            .get("policy")
            .and_then(|p| p.get("format"))
            .and_then(|f| f.as_integer());
        if ![FORMAT, FORMAT_HIDDEN, FORMAT_HIDDEN_KINDS].contains(&format.unwrap_or(0)) {
            return Err(format!(
                "{source}: [policy] format: expected {FORMAT}, {FORMAT_HIDDEN} or \
                 {FORMAT_HIDDEN_KINDS} (a file written by `train`), found {}",
                format.map_or("none".to_string(), |f| f.to_string())
            ));
        }
        const POLICY_KEYS: [&str; 4] = ["format", "drawn", "min_p", "pick_min_p"];
        if let Some(key) = table
            .get("policy")
            .and_then(|p| p.as_table())
            .and_then(|t| t.keys().find(|k| !POLICY_KEYS.contains(&k.as_str())))
        {
            return Err(format!(
                "{source}: [policy] {key}: not a key of [policy] (they are {})",
                POLICY_KEYS.join(", ")
            ));
        }
        let Some(weights) = table.get("weights").and_then(|w| w.as_table()) else {
            return Err(format!("{source}: no [weights] table"));
        };
        let index: HashMap<String, usize> = (0..FEATURES).map(|i| (feature_name(i), i)).collect();
        let mut values = vec![0.0f32; FEATURES];
        for (name, value) in weights {
            let i = feature_index(&index, name, "[weights]", source)?;
            values[i] = finite_number(value).ok_or_else(|| {
                format!("{source}: [weights] {name} = {value}: not a finite number")
            })?;
        }
        check_listed(&table, "weights_listed", "[weights]", weights.len(), source)?;
        let hidden = match (format, table.get("hidden")) {
            (Some(FORMAT), Some(_)) => {
                return Err(format!(
                    "{source}: a [hidden] table needs [policy] format = {FORMAT_HIDDEN}"
                ));
            }
            (Some(FORMAT), None) => None,
            (_, None) => {
                return Err(format!(
                    "{source}: format {} but no [hidden] table",
                    format.unwrap_or(0)
                ));
            }
            (_, Some(hidden)) => {
                let rows = hidden
                    .get("input")
                    .and_then(|i| i.as_table())
                    .map_or(0, |i| i.len());
                check_listed(&table, "input_rows_listed", "[hidden.input]", rows, source)?;
                let hidden = Hidden::parse(hidden, &index, source)?;
                // The kinds are format 3's, and format 3 is a layer with kinds.
                let has_kinds = hidden.kinds != KindSet::ALL;
                if has_kinds != (format == Some(FORMAT_HIDDEN_KINDS)) {
                    return Err(format!(
                        "{source}: [hidden] kinds: a layer for some kinds of action is \
                         [policy] format = {FORMAT_HIDDEN_KINDS}, one for every kind \
                         format = {FORMAT_HIDDEN}"
                    ));
                }
                Some(hidden)
            }
        };
        let policy_value = |key: &str| table.get("policy").and_then(|p| p.get(key));
        let drawn = policy_value("drawn")
            .map(|value| kinds_value(value, "[policy] drawn", source))
            .transpose()?;
        let share = |key: &str| {
            policy_value(key)
                .map(|value| {
                    finite_number(value).and_then(Share::new).ok_or_else(|| {
                        format!("{source}: [policy] {key} = {value}: must be a number from 0 to 1")
                    })
                })
                .transpose()
        };
        Ok(PolicyWeights {
            drawn,
            min_p: share("min_p")?,
            pick_min_p: share("pick_min_p")?,
            ..PolicyWeights::new(values, hidden, source.to_string())
        })
    }

    /// The text of a weights file: the format, `manifest` (already TOML, the lines of the
    /// `[manifest]` table), and every weight that is not 0, in feature order.
    pub fn to_text(&self, manifest: &str) -> String {
        let format = match &self.hidden {
            Some(h) if h.kinds != KindSet::ALL => FORMAT_HIDDEN_KINDS,
            Some(_) => FORMAT_HIDDEN,
            None => FORMAT,
        };
        let mut text = format!(
            "# citadels-sim policy bot weights: see docs/bots.md, \"The policy bot\".\n\
             [policy]\nformat = {format}\n"
        );
        if let Some(drawn) = self.drawn {
            let _ = writeln!(text, "drawn = \"{drawn}\"");
        }
        for (key, cut) in [("min_p", self.min_p), ("pick_min_p", self.pick_min_p)] {
            if let Some(Share(p)) = cut {
                let _ = writeln!(text, "{key} = {p:?}");
            }
        }
        // The counts first: keys after `manifest` would fall in a table it might end with.
        let listed = self.values.iter().filter(|&&w| w != 0.0).count();
        let _ = writeln!(text, "\n[manifest]\nweights_listed = {listed}");
        if let Some(hidden) = &self.hidden {
            let _ = writeln!(text, "input_rows_listed = {}", hidden.listed_rows());
        }
        let _ = write!(text, "{manifest}\n[weights]\n");
        for (i, &w) in self.values.iter().enumerate() {
            if w != 0.0 {
                let _ = writeln!(text, "\"{}\" = {w:?}", feature_name(i));
            }
        }
        if let Some(hidden) = &self.hidden {
            hidden.write(&mut text);
        }
        text
    }
}

impl Hidden {
    fn write(&self, text: &mut String) {
        let list = |values: &[f32]| {
            let items: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
            format!("[{}]", items.join(", "))
        };
        let _ = write!(
            text,
            "\n[hidden]\nunits = {}\nbias = {}\nout = {}\n",
            self.units(),
            list(&self.bias),
            list(&self.out)
        );
        if self.kinds != KindSet::ALL {
            let _ = writeln!(text, "kinds = \"{}\"", self.kinds);
        }
        text.push_str("\n[hidden.input]\n");
        for j in self.listed_row_indices() {
            let _ = writeln!(text, "\"{}\" = {}", feature_name(j), list(self.row(j)));
        }
    }

    /// The features whose rows `write` lists: those not all 0.
    fn listed_row_indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..FEATURES).filter(|&j| self.row(j).iter().any(|&w| w != 0.0))
    }

    fn listed_rows(&self) -> usize {
        self.listed_row_indices().count()
    }

    /// Reads the `[hidden]` table; errors name the file and the key.
    fn parse(
        table: &toml::Value,
        index: &HashMap<String, usize>,
        source: &str,
    ) -> Result<Hidden, String> {
        const KEYS: [&str; 5] = ["units", "bias", "out", "kinds", "input"];
        if let Some(key) = table
            .as_table()
            .and_then(|t| t.keys().find(|k| !KEYS.contains(&k.as_str())))
        {
            return Err(format!(
                "{source}: [hidden] {key}: not a key of a hidden layer (they are {})",
                KEYS.join(", ")
            ));
        }
        let units = table
            .get("units")
            .and_then(|u| u.as_integer())
            .filter(|u| (1..=MAX_UNITS as i64).contains(u))
            .ok_or_else(|| {
                format!(
                    "{source}: [hidden] units: expected a whole number from 1 to {MAX_UNITS}, \
                     found {}",
                    table.get("units").map_or("none".into(), |u| u.to_string())
                )
            })? as usize;
        let numbers = |key: &str, value: Option<&toml::Value>| -> Result<Vec<f32>, String> {
            let bad =
                || format!("{source}: [hidden] {key}: expected a list of {units} finite numbers");
            let list = value.and_then(|v| v.as_array()).ok_or_else(bad)?;
            if list.len() != units {
                return Err(bad());
            }
            list.iter()
                .map(|v| finite_number(v).ok_or_else(bad))
                .collect()
        };
        let bias = numbers("bias", table.get("bias"))?;
        let out = numbers("out", table.get("out"))?;
        let mut input = vec![0.0f32; FEATURES * units];
        let rows = table.get("input").and_then(|i| i.as_table());
        for (name, row) in rows.into_iter().flatten() {
            let j = feature_index(index, name, "[hidden.input]", source)?;
            let row = numbers(&format!("input.{name}"), Some(row))?;
            input[j * units..(j + 1) * units].copy_from_slice(&row);
        }
        let kinds = match table.get("kinds") {
            None => KindSet::ALL,
            Some(value) => kinds_value(value, "[hidden] kinds", source)?,
        };
        Ok(Hidden {
            input: input.into(),
            bias,
            out,
            kinds,
        })
    }
}

/// Refuses a file whose `[manifest] key` (a count `to_text` wrote) is not the `listed`
/// entries `table_name` has: the file was cut short (or edited without the count). A file
/// without the key passes.
fn check_listed(
    file: &toml::Table,
    key: &str,
    table_name: &str,
    listed: usize,
    source: &str,
) -> Result<(), String> {
    let Some(count) = file.get("manifest").and_then(|m| m.get(key)) else {
        return Ok(());
    };
    match count.as_integer() {
        Some(n) if usize::try_from(n) == Ok(listed) => Ok(()),
        Some(_) => Err(format!(
            "{source}: [manifest] {key} = {count} but {table_name} lists {listed}: the file \
             is cut short or was edited (after an edit, correct {key} or remove it)"
        )),
        None => Err(format!(
            "{source}: [manifest] {key} = {count}: expected a whole number"
        )),
    }
}

/// The index of the feature named `name`, or an error naming the file, the table and the
/// name, with the nearest feature name.
fn feature_index(
    index: &HashMap<String, usize>,
    name: &str,
    table: &str,
    source: &str,
) -> Result<usize, String> {
    index.get(name).copied().ok_or_else(|| {
        format!(
            "{source}: {table} {name}: not a feature of this version{}",
            crate::suggest::did_you_mean(name, index.keys().map(String::as_str))
        )
    })
}

/// A set of kinds of action written as a string of kind names joined by `+` (`KindSet::parse`),
/// the value of `key` (`[hidden] kinds`, `[policy] drawn`) in the file `source`.
fn kinds_value(value: &toml::Value, key: &str, source: &str) -> Result<KindSet, String> {
    let text = value
        .as_str()
        .ok_or_else(|| format!("{source}: {key} = {value}: expected a string"))?;
    KindSet::parse(text).map_err(|e| format!("{source}: {key} = {e}"))
}

/// A weight as a file may write it: a float or an integer, finite and below a million in
/// size.
fn finite_number(value: &toml::Value) -> Option<f32> {
    value
        .as_float()
        .or_else(|| value.as_integer().map(|v| v as f64))
        .filter(|v| v.is_finite() && v.abs() < 1e6)
        .map(|v| v as f32)
}
