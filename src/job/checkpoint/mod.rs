//! Checkpoints of a run or a ladder in progress, so `--resume DIR` can finish an interrupted
//! one (`super::Job`), and the partial results of their shards (`super::shard`).
//!
//! A run's work is a list of units, (player count, chunk index) (see `sim::runner`). A
//! checkpoint records, for each player count, the chunks completed and the exact integer
//! `Stats` of those chunks, plus a `Fingerprint` of everything that determines the result.
//! `Stats` are integer sums, so adding the remaining chunks to the checkpoint's counters gives
//! exactly the counters of an uninterrupted run, whatever order the chunks completed in.
//!
//! The checkpoint lives in a hidden work folder next to the report folder,
//! `.<name>.run/checkpoint.toml`, written to a temporary name and renamed (a kill never
//! leaves a half-written checkpoint). The work folder is removed once the report is in place.
//!
//! File format (TOML): `format`, `command` (the manifest's command line of the run that
//! started), `shard` (`"K/N"`, only for a `run --shard`), `[fingerprint]`, and one
//! `[[counts]]` table per player count. Numbers that may
//! not fit TOML's signed 64-bit integers (seed, games, every counter) are written as decimal
//! text: `done` lists the completed chunks as ranges (`"0-99 101"`); `totals` holds
//! `games stalled won_games winning_score_sum margin_sum ties shared_wins completed_games
//! first_complete_wins`; `rounds` the non-zero bins
//! of the rounds histogram as `rounds:count`; `characters`, `seats`, `by_seat` and
//! `districts` one string per entry with the fields in `stats` declaration order; `moments`
//! the non-zero entries of `Stats::moments` as `index:sum`; `seat_pair_wins` the non-zero
//! entries of `Stats::seat_pair_wins` the same way (written and read by `counts`).
//!
//! A file of another format is refused, by its `format` alone before anything else is read,
//! with a message saying which format it has and which this version reads (the reader
//! names the file): a format-3 file lacks the per-game sums of the cluster-robust intervals,
//! which cannot be recovered from its totals, so it cannot be resumed or merged.
//!
//! A shard's partial result (`run --shard K/N`, read by `merge`) is the checkpoint of its
//! finished work, with `shard` set: the same file, named `partial.toml` in its folder.

mod counts;
mod ladder;
#[cfg(test)]
mod tests;

use crate::sim::runner::{CHUNK_GAMES, Shard};
use crate::stats::Stats;
use crate::stats::blocks::Block;
use counts::{CountFile, count_file, count_progress};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use ladder::{LADDER_KIND, LadderCheckpoint, TierProgress, is_ladder};

/// What `super::Job` keeps of a resumable command: its checkpoint (a run's or a ladder's).
pub trait Resumable: Sized {
    /// The command that writes it and resumes it (`run`, `ladder`).
    const COMMAND: &'static str;
    fn to_text(&self) -> io::Result<String>;
    fn parse(text: &str) -> Result<Self, String>;
    /// How `self` (the interrupted command's) differs from `now` (this command's), as a
    /// message naming the part, or `None` if `now` continues it.
    fn differs(&self, now: &Self) -> Option<String>;
    /// The manifest's command line of the command that started.
    fn command(&self) -> &str;
    /// Games played so far.
    fn games_done(&self) -> u64;
}

/// How the shard of the interrupted `what` (run or ladder) differs from this command's, if
/// it does.
fn shard_difference(found: Option<Shard>, now: Option<Shard>, what: &str) -> Option<String> {
    let shards =
        |s: Option<Shard>| s.map_or_else(|| "no --shard".into(), |s| format!("--shard {s}"));
    (found != now).then(|| {
        format!(
            "the interrupted {what} has {}, this command {}",
            shards(found),
            shards(now)
        )
    })
}

/// The version of the file format.
/// 3: `moments` (the balance index's per-game products) added.
/// 4: the per-game sums of the cluster-robust intervals added (seven more numbers per
/// character, three per district, and `seat_pair_wins`).
pub const FORMAT: u32 = 4;

/// At most one checkpoint write per this interval (a write happens only as a chunk ends).
pub const EVERY: Duration = Duration::from_secs(2);

/// Everything that determines a run's reports, apart from the command line itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fingerprint {
    /// citadels-sim version.
    pub version: String,
    /// Games per chunk (`runner::CHUNK_GAMES`): what a chunk index means.
    pub chunk_games: u64,
    pub edition: String,
    /// `preset NAME` or the config file path.
    pub config_source: String,
    /// The resolved config (`RunConfig::to_toml()`).
    pub config: String,
    /// Decimal text (a u64 may not fit TOML's integers).
    pub seed: String,
    pub games: String,
    pub players: Vec<u8>,
    pub bots: Vec<String>,
}

impl Fingerprint {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        edition: &str,
        config_source: &str,
        config: &str,
        seed: u64,
        games: u64,
        players: Vec<u8>,
        bots: Vec<String>,
    ) -> Fingerprint {
        Fingerprint {
            version: env!("CARGO_PKG_VERSION").to_string(),
            chunk_games: CHUNK_GAMES,
            edition: edition.to_string(),
            config_source: config_source.to_string(),
            config: config.to_string(),
            seed: seed.to_string(),
            games: games.to_string(),
            players,
            bots,
        }
    }

    /// The fingerprint of a job playing `config`.
    pub fn of(
        config: &crate::config::RunConfig,
        seed: u64,
        games: u64,
        players: Vec<u8>,
        bots: Vec<String>,
    ) -> Fingerprint {
        Fingerprint::new(
            config.edition.name(),
            &config.source,
            &config.to_toml(),
            seed,
            games,
            players,
            bots,
        )
    }

    /// The first part in which `self` differs from `now`, as a message naming it and the
    /// two sides (`names`: what `self` and `now` are, like "the interrupted run" and "this
    /// command"), or `None` if they are the same run.
    pub fn differs(&self, now: &Fingerprint, names: (&str, &str)) -> Option<String> {
        let (a, b) = names;
        let pair = |what: &str, old: &str, new: &str| {
            (old != new).then(|| format!("{what}: {a} has {old}, {b} {new}"))
        };
        let list = |v: &[String]| v.join(",");
        let counts = |v: &[u8]| {
            v.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        pair("citadels-sim version", &self.version, &now.version)
            .or_else(|| {
                pair(
                    "games per chunk",
                    &self.chunk_games.to_string(),
                    &now.chunk_games.to_string(),
                )
            })
            .or_else(|| pair("--edition", &self.edition, &now.edition))
            .or_else(|| pair("config", &self.config_source, &now.config_source))
            .or_else(|| {
                (self.config != now.config).then(|| {
                    let line = self
                        .config
                        .lines()
                        .zip(now.config.lines())
                        .find(|(a, b)| a != b)
                        .map(|(x, y)| format!(" (first difference: `{x}` in {a}, `{y}` in {b})"))
                        .unwrap_or_default();
                    format!("the resolved config differs{line}")
                })
            })
            .or_else(|| pair("--seed", &self.seed, &now.seed))
            .or_else(|| pair("--games", &self.games, &now.games))
            .or_else(|| pair("--players", &counts(&self.players), &counts(&now.players)))
            .or_else(|| pair("--bots", &list(&self.bots), &list(&now.bots)))
    }
}

/// The progress at one player count: the chunks completed and the sum of their `Stats`;
/// for a ladder's tier also the characters' picks and wins per block of games (empty for a
/// run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountProgress {
    pub done: BTreeSet<u64>,
    pub stats: Stats,
    pub blocks: BTreeMap<u64, Block>,
}

impl CountProgress {
    pub fn new(players: u8) -> CountProgress {
        CountProgress {
            done: BTreeSet::new(),
            stats: Stats::new(players),
            blocks: BTreeMap::new(),
        }
    }
}

/// A checkpoint: what is done of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The shard this run plays (`run --shard`), if it plays one.
    pub shard: Option<Shard>,
    /// The manifest's command line of the run that started (the resumed run writes it, so
    /// its reports are those the interrupted run would have written).
    pub command: String,
    pub fingerprint: Fingerprint,
    /// One per player count, in the order of `fingerprint.players`.
    pub counts: Vec<CountProgress>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    /// `citadels-sim`, so a partial result's folder is recognised as ours (and replaceable).
    generator: String,
    format: u32,
    command: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    fingerprint: Fingerprint,
    counts: Vec<CountFile>,
}

impl Resumable for Checkpoint {
    const COMMAND: &'static str = "run";

    fn to_text(&self) -> io::Result<String> {
        Checkpoint::to_text(self)
    }

    fn parse(text: &str) -> Result<Checkpoint, String> {
        Checkpoint::parse(text)
    }

    fn differs(&self, now: &Checkpoint) -> Option<String> {
        self.fingerprint
            .differs(&now.fingerprint, ("the interrupted run", "this command"))
            .or_else(|| shard_difference(self.shard, now.shard, Self::COMMAND))
    }

    fn command(&self) -> &str {
        &self.command
    }

    fn games_done(&self) -> u64 {
        self.counts.iter().map(|c| c.stats.games).sum()
    }
}

impl Checkpoint {
    pub fn to_text(&self) -> io::Result<String> {
        let file = File {
            generator: crate::report::manifest::GENERATOR.to_string(),
            format: FORMAT,
            command: self.command.clone(),
            shard: self.shard.map(|s| s.to_string()),
            fingerprint: self.fingerprint.clone(),
            counts: self.counts.iter().map(count_file).collect(),
        };
        toml::to_string(&file).map_err(|e| io::Error::other(format!("checkpoint: {e}")))
    }

    pub fn parse(text: &str) -> Result<Checkpoint, String> {
        check_format(text, "format")?;
        let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
        if file.format != FORMAT {
            return Err(format!(
                "format {} is not the format {FORMAT} this version reads",
                file.format
            ));
        }
        let games: u64 = file
            .fingerprint
            .games
            .parse()
            .map_err(|_| format!("games: \"{}\" is not a number", file.fingerprint.games))?;
        check_players(&file.fingerprint)?;
        let players: Vec<u8> = file.counts.iter().map(|c| c.players).collect();
        if players != file.fingerprint.players {
            return Err("the [[counts]] tables do not match the player counts".into());
        }
        let shard = parse_shard(file.shard.as_deref())?;
        let counts = file
            .counts
            .iter()
            .map(|c| count_progress(c, games))
            .collect::<Result<_, _>>()?;
        Ok(Checkpoint {
            shard,
            command: file.command,
            fingerprint: file.fingerprint,
            counts,
        })
    }
}

/// Refuses a file whose `format` is not `FORMAT` (`what`: "format" or "ladder format"),
/// from that key alone, so an older file is named as such rather than as damaged.
fn check_format(text: &str, what: &str) -> Result<(), String> {
    let table: toml::Table = toml::from_str(text).map_err(|e| e.to_string())?;
    match table.get("format").and_then(toml::Value::as_integer) {
        Some(format) if format == i64::from(FORMAT) => Ok(()),
        Some(format) if (1..i64::from(FORMAT)).contains(&format) => Err(format!(
            "format {format} is an older format than the {what} {FORMAT} this version reads \
             (it lacks the per-game sums of the cluster-robust intervals); it cannot be \
             resumed or merged: play the run again with this version"
        )),
        Some(format) => Err(format!(
            "format {format} is not the {what} {FORMAT} this version reads"
        )),
        None => Err("no `format` key: not a checkpoint or partial result".into()),
    }
}

/// Refuses a fingerprint whose player counts are not increasing, each once (as every
/// command plays them).
fn check_players(fingerprint: &Fingerprint) -> Result<(), String> {
    let players = &fingerprint.players;
    if players.is_empty() || players.windows(2).any(|w| w[0] >= w[1]) {
        let list: Vec<String> = players.iter().map(u8::to_string).collect();
        return Err(format!(
            "players: [{}] is not a list of player counts in increasing order, each once",
            list.join(", ")
        ));
    }
    Ok(())
}

/// The `shard` key of a checkpoint or partial result (`"K/N"`), if it has one.
fn parse_shard(text: Option<&str>) -> Result<Option<Shard>, String> {
    text.map(|text| Shard::parse(text).map_err(|e| format!("shard: {e}")))
        .transpose()
}

/// The hidden work folder of the report folder `out`: `.<name>.run` next to it.
pub fn work_folder(out: &Path) -> io::Result<PathBuf> {
    super::staged::hidden_sibling(out, "run")
}

/// The checkpoint file of the report folder `out`.
pub fn path(out: &Path) -> io::Result<PathBuf> {
    Ok(work_folder(out)?.join("checkpoint.toml"))
}

/// Writes the checkpoint of `out` atomically: a temporary file renamed over the old one.
pub fn write(out: &Path, checkpoint: &Checkpoint) -> io::Result<()> {
    write_text(out, &checkpoint.to_text()?)
}

/// Writes a checkpoint's text (a run's or a ladder's) as the checkpoint of `out`, atomically.
pub fn write_text(out: &Path, text: &str) -> io::Result<()> {
    let work = work_folder(out)?;
    fs::create_dir_all(&work)?;
    let temp = work.join(format!("checkpoint.toml.tmp-{}", std::process::id()));
    fs::write(&temp, text)?;
    fs::rename(&temp, work.join("checkpoint.toml"))
}

/// The file of a shard's partial result, in the folder given as `--shard ... --out`.
pub use crate::report::PARTIAL_FILE;

/// Reads the checkpoint of `out`: `Ok(None)` if there is none.
pub fn read(out: &Path) -> io::Result<Option<Checkpoint>> {
    let Some((file, text)) = read_text(out)? else {
        return Ok(None);
    };
    Checkpoint::parse(&text).map(Some).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {e}", file.display()),
        )
    })
}

/// The checkpoint file of `out` and its text: `Ok(None)` if there is none.
pub fn read_text(out: &Path) -> io::Result<Option<(PathBuf, String)>> {
    let file = path(out)?;
    match fs::read_to_string(&file) {
        Ok(text) => Ok(Some((file, text))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io::Error::new(
            e.kind(),
            format!("cannot read the checkpoint {}: {e}", file.display()),
        )),
    }
}

/// The command other than `command` whose checkpoint or partial result `text` is (a
/// ladder's where a run's is expected, or the reverse), if it is another's.
pub fn other_command(text: &str, command: &str) -> Option<&'static str> {
    let found = if is_ladder(text) { "ladder" } else { "run" };
    (found != command).then_some(found)
}

/// Removes the work folder of `out` (after the report is in place).
pub fn remove(out: &Path) -> io::Result<()> {
    match fs::remove_dir_all(work_folder(out)?) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}
