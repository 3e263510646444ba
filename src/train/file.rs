//! The training data's file (`train --save-data`, `train --data`): the teacher's games as
//! records (`record.rs`) with the config they were played under and the text of how they
//! were made, so fits can be repeated and varied without replaying the teacher. A file holds
//! moves, not features: a binary with other features replays it to its own.
//!
//! Layout, little-endian: the line `citadels-sim training data`, the length (u32) and text of
//! a TOML header (`format`, `config_source`, `config`: the resolved config, and the `[made]`
//! table), then the number of games (u64) and each game: players (u8), seed (u64),
//! validation (u8), answers (u32), and per answer the played and chosen positions (u16
//! each), the number of visit counts (u16) and the counts (u32 each).

use super::record::{Answer, GameRecord};
use crate::config::{self, RunConfig};
use std::path::Path;

const MAGIC: &[u8] = b"citadels-sim training data\n";
/// The version of this layout (1 stored features and is no longer read).
pub const FORMAT: i64 = 2;

/// Writes `games`, played under `config`, with the header; the caller stages the file.
pub fn to_bytes(config: &RunConfig, games: &[GameRecord], made: &toml::Table) -> Vec<u8> {
    let mut header = toml::Table::new();
    header.insert("format".into(), FORMAT.into());
    header.insert("config_source".into(), config.source.clone().into());
    header.insert("config".into(), config.to_toml().into());
    header.insert("made".into(), toml::Value::Table(made.clone()));
    let text = header.to_string();
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
    bytes.extend_from_slice(text.as_bytes());
    bytes.extend_from_slice(&(games.len() as u64).to_le_bytes());
    for game in games {
        bytes.push(game.players);
        bytes.extend_from_slice(&game.seed.to_le_bytes());
        bytes.push(game.validation as u8);
        bytes.extend_from_slice(&(game.answers.len() as u32).to_le_bytes());
        for answer in &game.answers {
            bytes.extend_from_slice(&answer.played.to_le_bytes());
            bytes.extend_from_slice(&answer.chosen.to_le_bytes());
            bytes.extend_from_slice(&(answer.visits.len() as u16).to_le_bytes());
            bytes.extend(answer.visits.iter().flat_map(|v| v.to_le_bytes()));
        }
    }
    bytes
}

/// What a data file holds: the config its games were played under, the games, and its
/// `[made]` table.
pub struct DataFile {
    pub config: RunConfig,
    pub games: Vec<GameRecord>,
    pub made: toml::Table,
}

/// Reads a data file. The error says what is wrong, without the file's name (the caller
/// adds it).
pub fn read(path: &Path) -> Result<DataFile, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot be read: {e}"))?;
    from_bytes(&bytes)
}

fn from_bytes(bytes: &[u8]) -> Result<DataFile, String> {
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
    let (text, body) = rest.split_at(length);
    let header: toml::Table = std::str::from_utf8(text)
        .ok()
        .and_then(|t| t.parse().ok())
        .ok_or("has a header that is not TOML")?;
    let format = header.get("format").and_then(|v| v.as_integer());
    if format != Some(FORMAT) {
        return Err(format!(
            "has format {}, this version reads format {FORMAT}: make it again with this \
             version",
            format.map_or("(none)".into(), |f| f.to_string())
        ));
    }
    let text_of = |key: &str| {
        header
            .get(key)
            .and_then(|v| v.as_str())
            .ok_or(format!("has no `{key}` in its header"))
    };
    let config = config::load_str(text_of("config_source")?, text_of("config")?)
        .map_err(|e| format!("has a config this version refuses: {e}"))?;
    let made = match header.get("made") {
        Some(toml::Value::Table(t)) => t.clone(),
        _ => toml::Table::new(),
    };
    let games = read_games(body)?;
    Ok(DataFile {
        config,
        games,
        made,
    })
}

/// The games after the header, every count checked against the bytes left before anything
/// is allocated for it.
fn read_games(mut body: &[u8]) -> Result<Vec<GameRecord>, String> {
    fn take<const N: usize>(body: &mut &[u8]) -> Result<[u8; N], String> {
        let (piece, rest) = body.split_first_chunk::<N>().ok_or("is cut short")?;
        *body = rest;
        Ok(*piece)
    }
    let count = u64::from_le_bytes(take(&mut body)?);
    // A game takes at least 14 bytes.
    if count > (body.len() / 14) as u64 {
        return Err("is cut short".into());
    }
    let mut games = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let [players] = take(&mut body)?;
        let seed = u64::from_le_bytes(take(&mut body)?);
        let [validation] = take(&mut body)?;
        let answers = u32::from_le_bytes(take(&mut body)?) as usize;
        if answers > body.len() / 6 {
            return Err("is cut short".into());
        }
        let mut game = GameRecord {
            players,
            seed,
            validation: validation != 0,
            answers: Vec::with_capacity(answers),
        };
        for _ in 0..answers {
            let played = u16::from_le_bytes(take(&mut body)?);
            let chosen = u16::from_le_bytes(take(&mut body)?);
            let visits = u16::from_le_bytes(take(&mut body)?) as usize;
            if visits > body.len() / 4 {
                return Err("is cut short".into());
            }
            let visits = (0..visits)
                .map(|_| take(&mut body).map(u32::from_le_bytes))
                .collect::<Result<_, _>>()?;
            game.answers.push(Answer {
                played,
                chosen,
                visits,
            });
        }
        games.push(game);
    }
    match body.is_empty() {
        true => Ok(games),
        false => Err("has bytes beyond its games".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotSpec;
    use crate::config::load_preset;
    use crate::train::record::teacher_game;
    use crate::train::replay_games;

    /// Two heuristic games at 4 players and a searched one at 5 (with visits).
    fn sample() -> (RunConfig, Vec<GameRecord>) {
        let config = load_preset("first-game").expect("preset");
        let mut legal = Vec::new();
        let heuristic = BotSpec::heuristic();
        let search = BotSpec::parse("ismcts:iters=16").expect("spec");
        let (four, five) = (config.rules(4).expect("4"), config.rules(5).expect("5"));
        let games = vec![
            teacher_game(&four, 5, &heuristic, None, false, &mut legal),
            teacher_game(&four, 6, &heuristic, None, true, &mut legal),
            teacher_game(&five, 7, &search, None, false, &mut legal),
        ];
        (config, games)
    }

    /// What is written is read back whole: the config, every game and answer with its
    /// visits, and the header's `[made]` table; the games replay to the same decisions.
    #[test]
    fn games_survive_the_file() {
        let (config, games) = sample();
        assert!(games[2].answers.iter().any(|a| !a.visits.is_empty()));
        let mut made = toml::Table::new();
        made.insert("teacher".into(), "heuristic".into());
        let back = from_bytes(&to_bytes(&config, &games, &made)).expect("readable");
        assert_eq!(back.made, made);
        assert_eq!(back.games, games);
        assert_eq!(back.config.to_toml(), config.to_toml());
        let (before, after) = (
            replay_games(&config, &games).expect("replays"),
            replay_games(&back.config, &back.games).expect("replays"),
        );
        assert_eq!(before.decisions(), after.decisions());
        for a in 0..before.actions() {
            assert_eq!(before.pairs(a), after.pairs(a));
            assert_eq!(before.target(a), after.target(a));
        }
    }

    /// A file that is cut anywhere, of another format, or with bytes after its games is
    /// refused with a reason, never read wrong and never a panic; a game altered to a move
    /// beyond the legal ones reads but does not replay.
    #[test]
    fn damaged_files_are_refused() {
        let (config, games) = sample();
        let bytes = to_bytes(&config, &games, &toml::Table::new());
        for cut in [0, 10, MAGIC.len() + 2, MAGIC.len() + 30, bytes.len() - 1] {
            assert!(from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(from_bytes(&longer).is_err());
        let header_len = u32::from_le_bytes(
            bytes[MAGIC.len()..MAGIC.len() + 4]
                .try_into()
                .expect("4 bytes"),
        ) as usize;
        let header_end = MAGIC.len() + 4 + header_len;
        let header = std::str::from_utf8(&bytes[MAGIC.len() + 4..header_end]).expect("text");
        let older = header.replace(&format!("format = {FORMAT}"), "format = 1");
        let mut wrong = MAGIC.to_vec();
        wrong.extend_from_slice(&(older.len() as u32).to_le_bytes());
        wrong.extend_from_slice(older.as_bytes());
        wrong.extend_from_slice(&bytes[header_end..]);
        let why = from_bytes(&wrong).err().expect("an older format");
        assert!(why.contains("format 1"), "{why}");
        // The first game's first answer: after the count (8), players (1), seed (8),
        // validation (1) and answers (4), its played move.
        let mut bad = bytes.clone();
        let played = header_end + 22;
        bad[played..played + 2].copy_from_slice(&999u16.to_le_bytes());
        let read = from_bytes(&bad).expect("the bytes read");
        let why = replay_games(&read.config, &read.games).expect_err("does not replay");
        assert!(why.contains("game 0") && why.contains("999"), "{why}");
    }
}
