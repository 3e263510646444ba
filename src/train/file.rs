//! The training data's file (`train --save-data`, `train --data`): a dataset with the text of
//! how it was made, so fits can be repeated and varied without replaying the teacher.
//!
//! Layout, little-endian: the line `citadels-sim training data`, the length (u32) and text of
//! a TOML header (`format`, `features`, and the `[made]` table of how the data was made),
//! then the dataset's arrays (`Dataset::write_arrays`). Features are stored by index, so a
//! file is read only by a binary with the same feature space (`features` must match).

use super::data::Dataset;
use crate::bots::policy::features::FEATURES;
use std::path::Path;

const MAGIC: &[u8] = b"citadels-sim training data\n";
/// The version of this layout.
pub const FORMAT: i64 = 1;

/// Writes `data` with its header; the caller stages the file.
pub fn to_bytes(data: &Dataset, made: &toml::Table) -> Vec<u8> {
    let mut header = toml::Table::new();
    header.insert("format".into(), FORMAT.into());
    header.insert("features".into(), (FEATURES as i64).into());
    header.insert("made".into(), toml::Value::Table(made.clone()));
    let text = header.to_string();
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
    bytes.extend_from_slice(text.as_bytes());
    data.write_arrays(&mut bytes);
    bytes
}

/// Reads a data file: the dataset and its `[made]` table. The error says what is wrong,
/// without the file's name (the caller adds it).
pub fn read(path: &Path) -> Result<(Dataset, toml::Table), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot be read: {e}"))?;
    from_bytes(&bytes)
}

fn from_bytes(bytes: &[u8]) -> Result<(Dataset, toml::Table), String> {
    let rest = bytes
        .strip_prefix(MAGIC)
        .ok_or("is not a training data file (written by `train --save-data`)")?;
    let (length, rest) = rest
        .split_first_chunk::<4>()
        .ok_or("is cut short in its header")?;
    let length = u32::from_le_bytes(*length) as usize;
    if rest.len() < length {
        return Err("is cut short in its header".into());
    }
    let (text, arrays) = rest.split_at(length);
    let header: toml::Table = std::str::from_utf8(text)
        .ok()
        .and_then(|t| t.parse().ok())
        .ok_or("has a header that is not TOML")?;
    let format = header.get("format").and_then(|v| v.as_integer());
    if format != Some(FORMAT) {
        return Err(format!(
            "has format {}, this version reads format {FORMAT}",
            format.map_or("(none)".into(), |f| f.to_string())
        ));
    }
    let features = header.get("features").and_then(|v| v.as_integer());
    if features != Some(FEATURES as i64) {
        return Err(format!(
            "was made with {} features, this version has {FEATURES}: make it again with \
             this version",
            features.map_or("(none)".into(), |f| f.to_string())
        ));
    }
    let made = match header.get("made") {
        Some(toml::Value::Table(t)) => t.clone(),
        _ => toml::Table::new(),
    };
    let data = Dataset::read_arrays(arrays)?;
    Ok((data, made))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotSpec;
    use crate::config::load_preset;
    use crate::train::data::teacher_game;

    fn sample() -> Dataset {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let mut legal = Vec::new();
        let mut data = teacher_game(&rules, 5, &BotSpec::heuristic(), None, false, &mut legal);
        data.append(&teacher_game(
            &rules,
            6,
            &BotSpec::heuristic(),
            None,
            true,
            &mut legal,
        ));
        data
    }

    /// What is written is read back whole: every decision, action, feature pair and
    /// target, and the header's `[made]` table.
    #[test]
    fn a_dataset_survives_the_file() {
        let data = sample();
        let mut made = toml::Table::new();
        made.insert("teacher".into(), "heuristic".into());
        let (back, made_back) = from_bytes(&to_bytes(&data, &made)).expect("readable");
        assert_eq!(made_back, made);
        assert_eq!(back.decisions(), data.decisions());
        assert_eq!(back.actions(), data.actions());
        for i in 0..data.decisions() {
            assert_eq!(back.decision(i), data.decision(i));
        }
        for a in 0..data.actions() {
            assert_eq!(back.pairs(a), data.pairs(a));
            assert_eq!(back.target(a), data.target(a));
        }
    }

    /// A file that is cut anywhere, or altered in its header or arrays, is refused with a
    /// reason, never read wrong and never a panic.
    #[test]
    fn damaged_files_are_refused() {
        let bytes = to_bytes(&sample(), &toml::Table::new());
        for cut in [0, 10, MAGIC.len() + 2, MAGIC.len() + 30, bytes.len() - 1] {
            assert!(from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let text = String::from_utf8_lossy(&bytes[MAGIC.len() + 4..MAGIC.len() + 60]);
        assert!(text.contains("features"), "{text}");
        let header_len = u32::from_le_bytes(
            bytes[MAGIC.len()..MAGIC.len() + 4]
                .try_into()
                .expect("4 bytes"),
        ) as usize;
        let header = std::str::from_utf8(&bytes[MAGIC.len() + 4..MAGIC.len() + 4 + header_len])
            .expect("text header");
        let changed = header.replace(
            &format!("features = {FEATURES}"),
            &format!("features = {}", FEATURES + 1),
        );
        let mut wrong = MAGIC.to_vec();
        wrong.extend_from_slice(&(changed.len() as u32).to_le_bytes());
        wrong.extend_from_slice(changed.as_bytes());
        wrong.extend_from_slice(&bytes[MAGIC.len() + 4 + header_len..]);
        let why = from_bytes(&wrong).expect_err("another feature space");
        assert!(why.contains("features"), "{why}");
        // An altered decision: its chosen action beyond its actions.
        let mut bad = bytes.clone();
        let last = bad.len() - 3;
        bad[last] = 0xff;
        bad[last + 1] = 0xff;
        assert!(from_bytes(&bad).is_err());
    }
}
