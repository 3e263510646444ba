//! The option values clap cannot check alone, and their parsers: player counts and ranges,
//! seeds and other bounded numbers, character names, `--set`, `--shard`, `--replace`.

use crate::bots::policy::weights::MAX_UNITS;
use crate::engine::ids::Character;
use crate::sim::runner::Shard;
use crate::suggest::did_you_mean;

/// One `--set KEY=V1,V2,...`: the key and its values as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetValues {
    pub key: String,
    pub values: Vec<String>,
}

impl std::fmt::Display for SetValues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.key, self.values.join(","))
    }
}

/// `KEY=V1,V2,...`: a key and at least one value, no value twice.
pub(super) fn parse_set(text: &str) -> Result<SetValues, String> {
    let Some((key, values)) = text.split_once('=') else {
        return Err(format!(
            "\"{text}\" is not a setting (expected KEY=V1,V2,..., like complete_city=6,7,8)"
        ));
    };
    let key = key.trim().to_string();
    if key.is_empty() {
        return Err(format!("\"{text}\" has no key (expected KEY=V1,V2,...)"));
    }
    let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
    if values.iter().any(String::is_empty) {
        return Err(format!(
            "\"{text}\" has an empty value (expected KEY=V1,V2,..., like complete_city=6,7,8)"
        ));
    }
    for (i, v) in values.iter().enumerate() {
        if values[..i].contains(v) {
            return Err(format!("\"{text}\" lists the value {v} twice"));
        }
    }
    Ok(SetValues { key, values })
}

/// `--shard`: a given shard, or its index taken from the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardArg {
    Fixed(Shard),
    /// `auto/N`: K from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX.
    Auto(u64),
}

/// `K/N` (0 <= K < N) or `auto/N`.
pub(super) fn parse_shard(text: &str) -> Result<ShardArg, String> {
    let text = text.trim();
    match text.split_once('/') {
        Some((k, n)) if k.trim() == "auto" => {
            let count: u64 = n.trim().parse().map_err(|_| {
                format!("\"{text}\" is not a shard (expected K/N or auto/N, like 0/8 or auto/8)")
            })?;
            Shard::new(0, count).map(|_| ShardArg::Auto(count))
        }
        Some(_) => Shard::parse(text).map(ShardArg::Fixed),
        None => Err(format!(
            "\"{text}\" is not a shard (expected K/N or auto/N, like 0/8 or auto/8)"
        )),
    }
}

/// One `--replace OLD=NEW`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replace {
    pub old: Character,
    pub new: Character,
}

impl std::fmt::Display for Replace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.old, self.new)
    }
}

/// A character name (case, spaces and hyphens ignored).
pub(super) fn parse_character(text: &str) -> Result<Character, String> {
    let name = text.trim();
    Character::from_name(name).ok_or_else(|| {
        format!(
            "unknown character \"{name}\"{}",
            did_you_mean(name, Character::ALL.iter().map(|c| c.name()))
        )
    })
}

/// `OLD=NEW`: two character names (case, spaces and hyphens ignored).
pub(super) fn parse_replace(text: &str) -> Result<Replace, String> {
    let Some((old, new)) = text.split_once('=') else {
        return Err(format!(
            "\"{text}\" is not a replacement (expected OLD=NEW, like Emperor=King)"
        ));
    };
    Ok(Replace {
        old: parse_character(old)?,
        new: parse_character(new)?,
    })
}

/// An inclusive range of player counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerRange {
    pub lo: u8,
    pub hi: u8,
}

impl PlayerRange {
    pub fn counts(self) -> impl Iterator<Item = u8> {
        self.lo..=self.hi
    }
    pub fn is_single(self) -> bool {
        self.lo == self.hi
    }
}

impl std::fmt::Display for PlayerRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_single() {
            write!(f, "{}", self.lo)
        } else {
            write!(f, "{}-{}", self.lo, self.hi)
        }
    }
}

/// One player count, 2 to 8.
pub(super) fn parse_player_count(text: &str) -> Result<u8, String> {
    let text = text.trim();
    let n: i64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a player count (expected a number from 2 to 8)"))?;
    if (2..=8).contains(&n) {
        Ok(n as u8)
    } else {
        Err(format!("{n} players is outside the supported 2-8"))
    }
}

/// `N` or `LO-HI` (inclusive), each within 2-8, `LO <= HI`.
pub(super) fn parse_players(text: &str) -> Result<PlayerRange, String> {
    match text.split_once('-') {
        None => parse_player_count(text).map(|n| PlayerRange { lo: n, hi: n }),
        Some((lo, hi)) => {
            if lo.trim().is_empty() || hi.trim().is_empty() {
                return Err(format!(
                    "\"{text}\" is not a player range (expected N or LO-HI, like 4-7)"
                ));
            }
            let (lo, hi) = (parse_player_count(lo)?, parse_player_count(hi)?);
            if lo > hi {
                return Err(format!(
                    "{lo}-{hi} is a reversed range (write the smaller count first, like {hi}-{lo})"
                ));
            }
            Ok(PlayerRange { lo, hi })
        }
    }
}

fn parse_at_least_one(text: &str, what: &str) -> Result<u64, String> {
    let text = text.trim();
    match text.parse::<i128>() {
        Ok(n) if n >= 1 && n <= u64::MAX as i128 => Ok(n as u64),
        Ok(n) if n <= 0 => Err(format!("{what} must be at least 1 (got {n})")),
        _ => Err(format!(
            "\"{text}\" is not a valid {what} (expected a positive whole number)"
        )),
    }
}

/// A whole number from 0 to `u64::MAX`; `what` names it in messages.
fn parse_u64(text: &str, what: &str) -> Result<u64, String> {
    let text = text.trim();
    text.parse::<u64>().map_err(|_| {
        format!(
            "\"{text}\" is not a valid {what} (expected a whole number from 0 to {})",
            u64::MAX
        )
    })
}

/// A master seed: 0 to `u64::MAX`.
pub(super) fn parse_seed(text: &str) -> Result<u64, String> {
    parse_u64(text, "seed")
}

/// A game index (0-based).
pub(super) fn parse_game_index(text: &str) -> Result<u64, String> {
    parse_u64(text, "game index")
}

/// The most games (or deals) per player count a command takes: 10^9, about 14 hours at
/// 20,000 games/s, and intervals of a few thousandths of a point on a win rate. Every
/// command keeps the list of its chunks of 256 games (3.9 million here, 31 MB; a run's
/// checkpoint the set of those done), so far more would exhaust the memory before the
/// first game instead of running for years; a larger sample is several runs with other
/// seeds.
const MAX_GAMES: u64 = 1_000_000_000;

/// A positive number of games, at most `MAX_GAMES`.
pub(super) fn parse_positive(text: &str) -> Result<u64, String> {
    at_most_max_games(parse_at_least_one(text, "number of games")?, "games")
}

/// A positive number of deals (`arena`, `restrict`), at most `MAX_GAMES`.
pub(super) fn parse_deals(text: &str) -> Result<u64, String> {
    at_most_max_games(parse_at_least_one(text, "number of deals")?, "deals")
}

fn at_most_max_games(n: u64, what: &str) -> Result<u64, String> {
    if n > MAX_GAMES {
        return Err(format!(
            "{n} {what} is too many: at most {MAX_GAMES} per player count (run several seeds \
             for more)"
        ));
    }
    Ok(n)
}

/// Bootstrap replicates of `agreement`'s noise ceiling: 1 to 100,000 (the default 1,000
/// takes well under a second; 100,000 puts the quantiles' own noise below 0.01).
pub(super) fn parse_replicates(text: &str) -> Result<usize, String> {
    let n = parse_at_least_one(text, "number of replicates")?;
    usize::try_from(n)
        .ok()
        .filter(|&n| n <= 100_000)
        .ok_or_else(|| format!("{n} replicates is too many (at most 100000)"))
}

/// Epochs of a fit: 1 to 100,000.
pub(super) fn parse_epochs(text: &str) -> Result<u32, String> {
    let n = parse_at_least_one(text, "number of epochs")?;
    u32::try_from(n)
        .ok()
        .filter(|&n| n <= 100_000)
        .ok_or_else(|| format!("{n} epochs is too many (at most 100000)"))
}

/// Hidden units of a fit: 0 to `MAX_UNITS`.
pub(super) fn parse_hidden(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|&n| n <= MAX_UNITS)
        .ok_or_else(|| {
            format!("{text}: expected a whole number of hidden units from 0 to {MAX_UNITS}")
        })
}

/// Adam's step size: a finite number above 0, at most 1.
pub(super) fn parse_learning_rate(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x > 0.0 && *x <= 1.0)
        .ok_or_else(|| format!("{text}: expected a learning rate above 0 and at most 1"))
}

/// An L2 penalty: a finite number, 0 or more.
pub(super) fn parse_l2(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
        .ok_or_else(|| {
            format!(
                "\"{}\" is not a valid L2 penalty (a number, 0 or more)",
                text.trim()
            )
        })
}

/// A positive thread count.
pub(super) fn parse_threads(text: &str) -> Result<usize, String> {
    let n = parse_at_least_one(text, "thread count")?;
    usize::try_from(n)
        .ok()
        .filter(|&n| n <= MAX_THREADS)
        .ok_or_else(|| format!("{n} threads is too many (at most {MAX_THREADS})"))
}

/// The most worker threads: far more than any machine's cores (results do not depend on
/// the count, and threads beyond the cores only slow a run), and few enough that a typo
/// (`--threads 20000`) is refused instead of starting thousands of threads.
const MAX_THREADS: usize = 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_ranges() {
        assert_eq!(parse_players("5"), Ok(PlayerRange { lo: 5, hi: 5 }));
        assert_eq!(parse_players("4-7"), Ok(PlayerRange { lo: 4, hi: 7 }));
        assert!(parse_players("7-4").unwrap_err().contains("reversed"));
        assert!(
            parse_players("1")
                .unwrap_err()
                .contains("outside the supported 2-8")
        );
        assert!(parse_players("9").is_err());
        assert!(parse_players("3-9").is_err());
        assert!(parse_players("").is_err());
        assert!(parse_players("-").is_err());
        assert!(parse_players("4-").is_err());
    }

    #[test]
    fn replacements() {
        assert_eq!(
            parse_replace("Emperor=king"),
            Ok(Replace {
                old: Character::Emperor,
                new: Character::King
            })
        );
        assert_eq!(
            parse_replace("tax collector = Artist").unwrap().to_string(),
            "Tax Collector=Artist"
        );
        assert!(parse_replace("Emperor").unwrap_err().contains("OLD=NEW"));
        assert_eq!(
            parse_replace("Emperor=Kign").unwrap_err(),
            "unknown character \"Kign\" (did you mean \"King\"?)"
        );
    }

    #[test]
    fn settings() {
        assert_eq!(
            parse_set("complete_city=6, 7,8").unwrap().to_string(),
            "complete_city=6,7,8"
        );
        assert!(
            parse_set("complete_city")
                .unwrap_err()
                .contains("KEY=V1,V2")
        );
        assert!(parse_set("=6").unwrap_err().contains("no key"));
        assert!(
            parse_set("complete_city=6,,8")
                .unwrap_err()
                .contains("empty value")
        );
        assert!(
            parse_set("complete_city=6,6")
                .unwrap_err()
                .contains("value 6 twice")
        );
    }

    #[test]
    fn positive_numbers() {
        assert_eq!(parse_positive("10"), Ok(10));
        assert_eq!(parse_positive("1000000000"), Ok(MAX_GAMES));
        let huge = parse_positive("18446744073709551615").unwrap_err();
        assert!(huge.contains("too many: at most 1000000000"), "{huge}");
        assert!(
            parse_deals("1000000001")
                .unwrap_err()
                .contains("deals is too many")
        );
        assert!(
            parse_deals("0")
                .unwrap_err()
                .contains("number of deals must be")
        );
        assert_eq!(parse_threads("1024"), Ok(1024));
        assert!(
            parse_threads("100000")
                .unwrap_err()
                .contains("at most 1024")
        );
        assert!(parse_positive("0").unwrap_err().contains("at least 1"));
        assert!(parse_positive("-5").unwrap_err().contains("at least 1"));
        assert!(parse_positive("ten").is_err());
        assert!(parse_threads("0").is_err());
        assert_eq!(parse_seed("7"), Ok(7));
        assert!(
            parse_seed("-1")
                .unwrap_err()
                .contains("\"-1\" is not a valid seed")
        );
        assert!(parse_game_index("x").is_err());
    }

    #[test]
    fn shards() {
        assert_eq!(
            parse_shard("2/3"),
            Ok(ShardArg::Fixed(Shard { index: 2, count: 3 }))
        );
        assert_eq!(parse_shard("auto/8"), Ok(ShardArg::Auto(8)));
        assert!(parse_shard("3/3").unwrap_err().contains("out of range"));
        assert!(parse_shard("0/0").unwrap_err().contains("at least 1"));
        assert!(parse_shard("auto/0").unwrap_err().contains("at least 1"));
        assert!(parse_shard("1").unwrap_err().contains("expected K/N"));
        assert!(parse_shard("-1/3").unwrap_err().contains("expected K/N"));
        assert!(parse_shard("a/b").is_err());
    }
}
