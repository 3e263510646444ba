//! The policy bot's weights: the built-in set (`configs/bots/policy.toml`, compiled in), and
//! weights files as `train` writes them and `policy:weights=FILE` reads them.
//!
//! A weights file is TOML: `[policy] format = 1`, a `[manifest]` table saying how the weights
//! were made (command, seed, data, fit; kept as written, for people), and a `[weights]` table
//! of feature name = weight. Features not listed weigh 0, so a file stays readable when later
//! versions add features; a name this version does not know is refused.

use super::features::{FEATURES, feature_name};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, LazyLock};

/// The weights file format this version reads and writes.
pub const FORMAT: i64 = 1;

/// The built-in weights file, as checked in.
pub const BUILT_IN_TEXT: &str = include_str!("../../../configs/bots/policy.toml");

/// Where the built-in weights come from, as a spec and reports name them.
pub const BUILT_IN: &str = "built-in";

/// One weight per feature, and where they were read from.
#[derive(Debug)]
pub struct PolicyWeights {
    pub values: Vec<f32>,
    /// `built-in` or the file's path as given.
    pub source: String,
}

impl PartialEq for PolicyWeights {
    fn eq(&self, other: &PolicyWeights) -> bool {
        self.values == other.values
    }
}

/// Weights are finite (`parse` refuses others), so equality is an equivalence.
impl Eq for PolicyWeights {}

static DEFAULT: LazyLock<Arc<PolicyWeights>> = LazyLock::new(|| {
    Arc::new(
        PolicyWeights::parse(BUILT_IN_TEXT, BUILT_IN)
            .expect("the built-in policy weights parse (checked by a test)"),
    )
});

impl PolicyWeights {
    /// The built-in weights, read once.
    pub fn built_in() -> Arc<PolicyWeights> {
        Arc::clone(&DEFAULT)
    }

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
        if format != Some(FORMAT) {
            return Err(format!(
                "{source}: [policy] format: expected {FORMAT} (a file written by `train`), \
                 found {}",
                format.map_or("none".to_string(), |f| f.to_string())
            ));
        }
        let Some(weights) = table.get("weights").and_then(|w| w.as_table()) else {
            return Err(format!("{source}: no [weights] table"));
        };
        let index: HashMap<String, usize> = (0..FEATURES).map(|i| (feature_name(i), i)).collect();
        let mut values = vec![0.0f32; FEATURES];
        for (name, value) in weights {
            let Some(&i) = index.get(name) else {
                return Err(format!(
                    "{source}: [weights] {name}: not a feature of this version{}",
                    crate::config::suggest::did_you_mean(name, index.keys().map(String::as_str))
                ));
            };
            let number = value
                .as_float()
                .or_else(|| value.as_integer().map(|v| v as f64))
                .filter(|v| v.is_finite() && v.abs() < 1e6)
                .ok_or_else(|| {
                    format!("{source}: [weights] {name} = {value}: not a finite number")
                })?;
            values[i] = number as f32;
        }
        Ok(PolicyWeights {
            values,
            source: source.to_string(),
        })
    }

    /// The text of a weights file: the format, `manifest` (already TOML, the lines of the
    /// `[manifest]` table), and every weight that is not 0, in feature order.
    pub fn to_text(&self, manifest: &str) -> String {
        let mut text = format!(
            "# citadels-sim policy bot weights: see docs/bots.md, \"The policy bot\".\n\
             [policy]\nformat = {FORMAT}\n\n[manifest]\n{manifest}\n[weights]\n"
        );
        for (i, &w) in self.values.iter().enumerate() {
            if w != 0.0 {
                let _ = writeln!(text, "\"{}\" = {w:?}", feature_name(i));
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_weights_parse() {
        let w = PolicyWeights::built_in();
        assert_eq!(w.values.len(), FEATURES);
        assert!(w.values[0] != 0.0, "the heuristic feature carries weight");
    }

    /// What `to_text` writes, `parse` reads back exactly.
    #[test]
    fn written_weights_read_back_the_same() {
        let mut values = vec![0.0f32; FEATURES];
        values[0] = 1.25;
        values[7] = -0.1;
        values[FEATURES - 1] = 3.0e-5;
        let w = PolicyWeights {
            values,
            source: "x".into(),
        };
        let text = w.to_text("seed = 3\n");
        let back = PolicyWeights::parse(&text, "y").expect("parses");
        assert_eq!(back, w);
        assert!(text.contains("seed = 3"));
    }

    #[test]
    fn unknown_features_bad_values_and_formats_are_refused_with_the_key() {
        let bad = |body: &str| {
            PolicyWeights::parse(
                &format!("[policy]\nformat = 1\n[weights]\n{body}"),
                "w.toml",
            )
            .unwrap_err()
        };
        let e = bad("\"kind.EndTrun\" = 1.0");
        assert!(e.contains("w.toml") && e.contains("kind.EndTrun") && e.contains("EndTurn"));
        let e = bad("heuristic = \"high\"");
        assert!(e.contains("heuristic") && e.contains("not a finite number"));
        let e = bad("heuristic = nan");
        assert!(e.contains("not a finite number"));
        let e = PolicyWeights::parse("[policy]\nformat = 2\n[weights]\n", "w.toml").unwrap_err();
        assert!(e.contains("format") && e.contains('2'));
    }
}
