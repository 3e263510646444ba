//! Checkpoints of a run in progress, so `run --resume DIR` can finish an interrupted run.
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
//! entries of `Stats::seat_pair_wins` the same way.
//!
//! A file of another format is refused, by its `format` alone before anything else is read,
//! with a message saying which format it has and which this version reads (the reader
//! names the file): a format-3 file lacks the per-game sums of the cluster-robust intervals,
//! which cannot be recovered from its totals, so it cannot be resumed or merged.
//!
//! A shard's partial result (`run --shard K/N`, read by `merge`) is the checkpoint of its
//! finished work, with `shard` set: the same file, named `partial.toml` in its folder.

use crate::engine::ids::Character;
use crate::sim::ladder::{BLOCK_GAMES, Block, block_of};
use crate::sim::runner::{CHUNK_GAMES, Shard, chunk_count, chunk_games};
use crate::stats::record::MAX_PLAYERS;
use crate::stats::{CharacterStats, DistrictStats, ROUND_BINS, SeatStats, Stats};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

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

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CountFile {
    players: u8,
    done: String,
    totals: String,
    rounds: String,
    characters: Vec<String>,
    seats: Vec<String>,
    by_seat: Vec<String>,
    districts: Vec<String>,
    /// A ladder's blocks (`sim::ladder`), one string each: the block's index, then
    /// `character:picked:won` for every character picked in it. Absent from a run's file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    blocks: Vec<String>,
    /// The non-zero entries of `Stats::moments`, as `index:sum`.
    moments: String,
    /// The non-zero entries of `Stats::seat_pair_wins`, as `index:sum`.
    seat_pair_wins: String,
}

/// A counters struct written as a fixed list of numbers, fields in declaration order.
trait Counters<const N: usize>: Sized {
    fn to_numbers(&self) -> [u64; N];
    fn from_numbers(values: [u64; N]) -> Self;
}

/// Implements `Counters` with every field listed: the struct literal makes a field missing
/// from the list a compile error.
macro_rules! counters {
    ($ty:ident, $n:literal: $($field:ident),* $(,)?) => {
        impl Counters<$n> for $ty {
            fn to_numbers(&self) -> [u64; $n] {
                [$(self.$field),*]
            }
            fn from_numbers(values: [u64; $n]) -> $ty {
                let [$($field),*] = values;
                $ty { $($field),* }
            }
        }
    };
}

counters!(CharacterStats, 20: in_play, cast_rounds, available, picked, pick_position_sum,
    picks_won, score_sum, killed, robbed, bewitched, threatened, warranted, turns, turn_gold,
    turn_cards, turn_points, picked_rounds, cast_rounds_sq, picked_available, available_sq);
counters!(SeatStats, 4: games, wins, score_sum, rank_sum);
counters!(DistrictStats, 12: in_deck, built, built_games, built_round_sum, destroyed,
    exchanged, seized, appearances, appearance_wins, appearance_wins_sq,
    appearance_wins_appearances, appearances_sq);

fn numbers(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse_numbers<const N: usize>(text: &str, what: &str) -> Result<[u64; N], String> {
    let values: Vec<u64> = text
        .split_whitespace()
        .map(|v| v.parse::<u64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{what}: \"{text}\" is not a list of whole numbers"))?;
    values
        .try_into()
        .map_err(|_| format!("{what}: expected {N} numbers, found \"{text}\""))
}

/// `"0-99 101"`: sorted chunk indices as ranges.
fn ranges(done: &BTreeSet<u64>) -> String {
    let mut out = String::new();
    let mut iter = done.iter().copied().peekable();
    while let Some(start) = iter.next() {
        let mut end = start;
        while iter.peek() == Some(&(end + 1)) {
            end += 1;
            iter.next();
        }
        if !out.is_empty() {
            out.push(' ');
        }
        if start == end {
            let _ = write!(out, "{start}");
        } else {
            let _ = write!(out, "{start}-{end}");
        }
    }
    out
}

fn parse_ranges(text: &str, chunks: u64) -> Result<BTreeSet<u64>, String> {
    let mut done = BTreeSet::new();
    for part in text.split_whitespace() {
        let bad = || format!("done: \"{part}\" is not a chunk or range of chunks below {chunks}");
        let (lo, hi) = match part.split_once('-') {
            Some((lo, hi)) => (lo, hi),
            None => (part, part),
        };
        let lo: u64 = lo.parse().map_err(|_| bad())?;
        let hi: u64 = hi.parse().map_err(|_| bad())?;
        if lo > hi || hi >= chunks {
            return Err(bad());
        }
        done.extend(lo..=hi);
    }
    Ok(done)
}

/// `"K c:p:w ..."`: a block's index and its picked characters (index, picks, winning picks).
fn block_text(key: u64, block: &Block) -> String {
    let mut text = key.to_string();
    for (c, (&picked, &won)) in block.picked.iter().zip(&block.won).enumerate() {
        if picked > 0 {
            let _ = write!(text, " {c}:{picked}:{won}");
        }
    }
    text
}

fn parse_block(text: &str) -> Result<(u64, Block), String> {
    let bad = || format!("blocks: \"{text}\" is not a block (expected K c:picked:won ...)");
    let mut parts = text.split_whitespace();
    let key: u64 = parts.next().and_then(|k| k.parse().ok()).ok_or_else(bad)?;
    let mut block = Block::default();
    for part in parts {
        let mut fields = part.split(':').map(|f| f.parse::<u32>());
        let (Some(Ok(c)), Some(Ok(picked)), Some(Ok(won)), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(bad());
        };
        let c = c as usize;
        if c >= Character::COUNT || won > picked || block.picked[c] != 0 {
            return Err(bad());
        }
        block.picked[c] = picked;
        block.won[c] = won;
    }
    Ok((key, block))
}

pub(crate) fn count_file(progress: &CountProgress) -> CountFile {
    let s = &progress.stats;
    let mut rounds = String::new();
    for (r, &count) in s.rounds.iter().enumerate().filter(|(_, c)| **c != 0) {
        if !rounds.is_empty() {
            rounds.push(' ');
        }
        let _ = write!(rounds, "{r}:{count}");
    }
    CountFile {
        players: s.players,
        done: ranges(&progress.done),
        totals: numbers(&[
            s.games,
            s.stalled,
            s.won_games,
            s.winning_score_sum,
            s.margin_sum,
            s.ties,
            s.shared_wins,
            s.completed_games,
            s.first_complete_wins,
        ]),
        rounds,
        characters: s
            .characters
            .iter()
            .map(|c| numbers(&c.to_numbers()))
            .collect(),
        seats: s.seats.iter().map(|c| numbers(&c.to_numbers())).collect(),
        by_seat: s.by_seat.iter().map(|c| numbers(&c.to_numbers())).collect(),
        districts: s
            .districts
            .iter()
            .map(|c| numbers(&c.to_numbers()))
            .collect(),
        blocks: progress
            .blocks
            .iter()
            .map(|(key, block)| block_text(*key, block))
            .collect(),
        moments: sparse(&s.moments),
        seat_pair_wins: sparse(&s.seat_pair_wins),
    }
}

/// The non-zero entries of a list as `index:value`, separated by spaces.
fn sparse(values: &[u64]) -> String {
    let mut text = String::new();
    for (i, &v) in values.iter().enumerate().filter(|(_, v)| **v != 0) {
        if !text.is_empty() {
            text.push(' ');
        }
        let _ = write!(text, "{i}:{v}");
    }
    text
}

/// Reads `sparse`'s text into `values` (which start at zero).
fn parse_sparse(text: &str, what: &str, values: &mut [u64]) -> Result<(), String> {
    let len = values.len();
    for part in text.split_whitespace() {
        let bad = || format!("{what}: \"{part}\" is not index:sum with an index below {len}");
        let (i, sum) = part.split_once(':').ok_or_else(bad)?;
        let i: usize = i.parse().map_err(|_| bad())?;
        let sum: u64 = sum.parse().map_err(|_| bad())?;
        *values.get_mut(i).ok_or_else(bad)? = sum;
    }
    Ok(())
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

fn entries<T, const N: usize>(
    lines: &[String],
    len: usize,
    what: &str,
    make: impl Fn([u64; N]) -> T,
) -> Result<Vec<T>, String> {
    if lines.len() != len {
        return Err(format!(
            "{what}: expected {len} entries, found {}",
            lines.len()
        ));
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| parse_numbers::<N>(l, &format!("{what}[{i}]")).map(&make))
        .collect()
}

pub(crate) fn count_progress(file: &CountFile, games: u64) -> Result<CountProgress, String> {
    let mut s = Stats::new(file.players);
    [
        s.games,
        s.stalled,
        s.won_games,
        s.winning_score_sum,
        s.margin_sum,
        s.ties,
        s.shared_wins,
        s.completed_games,
        s.first_complete_wins,
    ] = parse_numbers(&file.totals, "totals")?;
    for part in file.rounds.split_whitespace() {
        let bad = || format!("rounds: \"{part}\" is not rounds:count below {ROUND_BINS}");
        let (r, count) = part.split_once(':').ok_or_else(bad)?;
        let r: usize = r.parse().map_err(|_| bad())?;
        let count: u64 = count.parse().map_err(|_| bad())?;
        *s.rounds.get_mut(r).ok_or_else(bad)? = count;
    }
    let n = s.characters.len();
    let characters = entries(
        &file.characters,
        n,
        "characters",
        CharacterStats::from_numbers,
    )?;
    s.characters.copy_from_slice(&characters);
    let seats = entries(&file.seats, MAX_PLAYERS, "seats", SeatStats::from_numbers)?;
    s.seats.copy_from_slice(&seats);
    let by_seat = entries(
        &file.by_seat,
        MAX_PLAYERS,
        "by_seat",
        SeatStats::from_numbers,
    )?;
    s.by_seat.copy_from_slice(&by_seat);
    let n = s.districts.len();
    let districts = entries(&file.districts, n, "districts", DistrictStats::from_numbers)?;
    s.districts.copy_from_slice(&districts);
    parse_sparse(&file.moments, "moments", &mut s.moments)?;
    parse_sparse(
        &file.seat_pair_wins,
        "seat_pair_wins",
        &mut s.seat_pair_wins,
    )?;
    let done = parse_ranges(&file.done, chunk_count(games))?;
    let expected: u64 = done
        .iter()
        .map(|&c| {
            let r = chunk_games(games, c);
            r.end - r.start
        })
        .sum();
    if expected != s.games {
        return Err(format!(
            "{} players: the completed chunks hold {expected} games but the counters {}",
            s.players, s.games
        ));
    }
    let mut blocks = BTreeMap::new();
    for text in &file.blocks {
        let (key, block) = parse_block(text)?;
        let chunk = key * BLOCK_GAMES / CHUNK_GAMES;
        if !done.contains(&chunk) || blocks.insert(key, block).is_some() {
            return Err(format!(
                "blocks: block {key} is given twice or lies in a chunk not done"
            ));
        }
    }
    if !blocks.is_empty() {
        // A ladder's blocks must account for every pick of the completed chunks.
        let expected = done
            .iter()
            .flat_map(|&c| chunk_games(games, c))
            .map(block_of)
            .collect::<BTreeSet<u64>>();
        let sums = |f: fn(&Block) -> &[u32; Character::COUNT]| {
            let mut total = [0u64; Character::COUNT];
            for block in blocks.values() {
                for (t, &v) in total.iter_mut().zip(f(block)) {
                    *t += u64::from(v);
                }
            }
            total
        };
        let picked = sums(|b| &b.picked);
        let won = sums(|b| &b.won);
        let matches = s
            .characters
            .iter()
            .enumerate()
            .all(|(i, c)| c.picked == picked[i] && c.picks_won == won[i]);
        if !matches || blocks.keys().any(|k| !expected.contains(k)) {
            return Err(format!(
                "{} players: the blocks do not add up to the counters",
                s.players
            ));
        }
    }
    Ok(CountProgress {
        done,
        stats: s,
        blocks,
    })
}

impl Checkpoint {
    pub fn to_text(&self) -> io::Result<String> {
        let file = File {
            generator: super::manifest::GENERATOR.to_string(),
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
        let players: Vec<u8> = file.counts.iter().map(|c| c.players).collect();
        if players != file.fingerprint.players {
            return Err("the [[counts]] tables do not match the player counts".into());
        }
        let shard = match &file.shard {
            None => None,
            Some(text) => Some(Shard::parse(text).map_err(|e| format!("shard: {e}"))?),
        };
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

/// The `kind` of a ladder's checkpoint or partial result (a run's file has no `kind`).
pub const LADDER_KIND: &str = "ladder";

/// What is done of a ladder: per tier, a run's progress at each player count (with blocks).
/// Written like a run's checkpoint (`write_text`, `read_with`), and as a shard's partial
/// result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderCheckpoint {
    pub shard: Option<Shard>,
    pub command: String,
    /// The ladder's fingerprint: `bots` lists the tiers, `games` is `--games`.
    pub fingerprint: Fingerprint,
    /// `--search-games`.
    pub search_games: u64,
    /// One per tier, in the order of `fingerprint.bots`.
    pub tiers: Vec<TierProgress>,
}

/// One tier of a ladder: its bot spec, its games per player count and its progress at each
/// player count (in the order of the fingerprint's `players`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierProgress {
    pub bot: String,
    pub games: u64,
    pub counts: Vec<CountProgress>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LadderFile {
    generator: String,
    format: u32,
    kind: String,
    command: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    fingerprint: Fingerprint,
    search_games: String,
    tiers: Vec<TierFile>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TierFile {
    bot: String,
    games: String,
    counts: Vec<CountFile>,
}

/// Whether a checkpoint or partial result's text is a ladder's (else it is a run's).
pub fn is_ladder(text: &str) -> bool {
    toml::from_str::<toml::Table>(text)
        .is_ok_and(|t| t.get("kind").and_then(|k| k.as_str()) == Some(LADDER_KIND))
}

impl LadderCheckpoint {
    /// Games played so far, over every tier and player count.
    pub fn games_done(&self) -> u64 {
        self.tiers
            .iter()
            .flat_map(|t| &t.counts)
            .map(|c| c.stats.games)
            .sum()
    }

    pub fn to_text(&self) -> io::Result<String> {
        let file = LadderFile {
            generator: crate::report::manifest::GENERATOR.to_string(),
            format: FORMAT,
            kind: LADDER_KIND.to_string(),
            command: self.command.clone(),
            shard: self.shard.map(|s| s.to_string()),
            fingerprint: self.fingerprint.clone(),
            search_games: self.search_games.to_string(),
            tiers: self
                .tiers
                .iter()
                .map(|t| TierFile {
                    bot: t.bot.clone(),
                    games: t.games.to_string(),
                    counts: t.counts.iter().map(count_file).collect(),
                })
                .collect(),
        };
        toml::to_string(&file).map_err(|e| io::Error::other(format!("checkpoint: {e}")))
    }

    pub fn parse(text: &str) -> Result<LadderCheckpoint, String> {
        check_format(text, "ladder format")?;
        let file: LadderFile = toml::from_str(text).map_err(|e| e.to_string())?;
        if file.format != FORMAT || file.kind != LADDER_KIND {
            return Err(format!(
                "format {} of kind {:?} is not the ladder format {FORMAT} this version reads",
                file.format, file.kind
            ));
        }
        let number = |what: &str, text: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{what}: \"{text}\" is not a number"))
        };
        let search_games = number("search_games", &file.search_games)?;
        let bots: Vec<&String> = file.tiers.iter().map(|t| &t.bot).collect();
        if bots != file.fingerprint.bots.iter().collect::<Vec<_>>() {
            return Err("the [[tiers]] tables do not match the fingerprint's tiers".into());
        }
        let mut tiers = Vec::new();
        for tier in &file.tiers {
            let games = number("games", &tier.games)?;
            let players: Vec<u8> = tier.counts.iter().map(|c| c.players).collect();
            if players != file.fingerprint.players {
                return Err(format!(
                    "tier {}: the [[counts]] tables do not match the player counts",
                    tier.bot
                ));
            }
            let counts = tier
                .counts
                .iter()
                .map(|c| count_progress(c, games).map_err(|e| format!("tier {}: {e}", tier.bot)))
                .collect::<Result<_, _>>()?;
            tiers.push(TierProgress {
                bot: tier.bot.clone(),
                games,
                counts,
            });
        }
        let shard = match &file.shard {
            None => None,
            Some(text) => Some(Shard::parse(text).map_err(|e| format!("shard: {e}"))?),
        };
        Ok(LadderCheckpoint {
            shard,
            command: file.command,
            fingerprint: file.fingerprint,
            search_games,
            tiers,
        })
    }
}

/// The hidden work folder of the report folder `out`: `.<name>.run` next to it.
pub fn work_folder(out: &Path) -> io::Result<PathBuf> {
    super::folder::hidden_sibling(out, "run")
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

/// The file of a shard's partial result, in the folder given as `run --shard ... --out`.
pub use super::PARTIAL_FILE;

/// Reads the checkpoint of `out`: `Ok(None)` if there is none.
pub fn read(out: &Path) -> io::Result<Option<Checkpoint>> {
    read_with(out, Checkpoint::parse)
}

/// Reads the checkpoint of `out` with `parse` (a run's or a ladder's): `Ok(None)` if there is
/// none; a file `parse` refuses is an error naming the file.
pub fn read_with<T>(
    out: &Path,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> io::Result<Option<T>> {
    let file = path(out)?;
    let text = match fs::read_to_string(&file) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    parse(&text).map(Some).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {e}", file.display()),
        )
    })
}

/// Removes the work folder of `out` (after the report is in place).
pub fn remove(out: &Path) -> io::Result<()> {
    match fs::remove_dir_all(work_folder(out)?) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::tests::synthetic;

    fn sample() -> Checkpoint {
        let fingerprint = Fingerprint::new(
            "2016",
            "preset first-game",
            "name = \"First Game\"\n[rules]\nround_cap = 100\n",
            u64::MAX,
            1000,
            vec![4, 5],
            vec!["heuristic".into()],
        );
        let mut counts = vec![CountProgress::new(4), CountProgress::new(5)];
        for (i, chunk) in [0u64, 1, 3].into_iter().enumerate() {
            for g in chunk_games(1000, chunk) {
                counts[0].stats.add(&synthetic(4, g));
            }
            counts[0].done.insert(chunk);
            if i == 0 {
                for g in chunk_games(1000, chunk) {
                    counts[1].stats.add(&synthetic(5, g));
                }
                counts[1].done.insert(chunk);
            }
        }
        counts[0].stats.rounds[ROUND_BINS - 1] = 3;
        counts[0].stats.characters[2].robbed = u64::MAX;
        Checkpoint {
            shard: Some(Shard { index: 1, count: 3 }),
            command: "citadels-sim run --games 1000 --out 'a b'".into(),
            fingerprint,
            counts,
        }
    }

    #[test]
    fn round_trip_is_exact() {
        let checkpoint = sample();
        let text = checkpoint.to_text().unwrap();
        assert!(text.contains("done = \"0-1 3\""), "{text}");
        assert!(text.contains("shard = \"1/3\""), "{text}");
        assert_eq!(Checkpoint::parse(&text).unwrap(), checkpoint);
    }

    #[test]
    fn damaged_files_are_refused() {
        let text = sample().to_text().unwrap();
        let broken = text.replacen("done = \"0-1 3\"", "done = \"0-1\"", 1);
        assert!(
            Checkpoint::parse(&broken)
                .unwrap_err()
                .contains("chunks hold")
        );
        let broken = text.replacen("done = \"0-1 3\"", "done = \"0-1 4\"", 1);
        assert!(Checkpoint::parse(&broken).unwrap_err().contains("below 4"));
        assert!(Checkpoint::parse("format = 2").is_err());
    }

    /// A ladder of two tiers, the second with blocks of one chunk.
    fn ladder_sample() -> LadderCheckpoint {
        let run = sample();
        let mut blocked = CountProgress::new(4);
        for g in chunk_games(1000, 2) {
            let record = synthetic(4, g);
            let before = blocked.stats.characters;
            blocked.stats.add(&record);
            let block = blocked.blocks.entry(block_of(g)).or_default();
            for (i, (now, was)) in blocked.stats.characters.iter().zip(&before).enumerate() {
                block.picked[i] += (now.picked - was.picked) as u32;
                block.won[i] += (now.picks_won - was.picks_won) as u32;
            }
        }
        blocked.done.insert(2);
        LadderCheckpoint {
            shard: None,
            command: "citadels-sim ladder".into(),
            fingerprint: Fingerprint {
                bots: vec!["random".into(), "heuristic".into()],
                ..run.fingerprint.clone()
            },
            search_games: 300,
            tiers: vec![
                TierProgress {
                    bot: "random".into(),
                    games: 1000,
                    counts: run.counts.clone(),
                },
                TierProgress {
                    bot: "heuristic".into(),
                    games: 1000,
                    counts: vec![blocked, CountProgress::new(5)],
                },
            ],
        }
    }

    #[test]
    fn ladder_round_trip_is_exact_and_damage_is_refused() {
        let ladder = ladder_sample();
        assert!(ladder.tiers[1].counts[0].blocks.len() == 16);
        let text = ladder.to_text().unwrap();
        assert!(is_ladder(&text) && !is_ladder(&sample().to_text().unwrap()));
        assert_eq!(LadderCheckpoint::parse(&text).unwrap(), ladder);
        // Tier 1: chunks 0, 1 and 3 (768..1000) at 4 players, chunk 0 at 5; tier 2: chunk 2.
        assert_eq!(ladder.games_done(), (256 + 256 + 232) + 256 + 256);
        // A block dropped: the blocks no longer add up to the counters.
        let line = text.lines().find(|l| l.starts_with("blocks")).unwrap();
        let dropped = text.replacen(&format!("{line}\n"), "blocks = [\"32\"]\n", 1);
        assert!(
            LadderCheckpoint::parse(&dropped)
                .unwrap_err()
                .contains("do not add up")
        );
        let wrong_tier = text.replacen("bot = \"heuristic\"", "bot = \"ismcts\"", 1);
        assert!(
            LadderCheckpoint::parse(&wrong_tier)
                .unwrap_err()
                .contains("do not match the fingerprint")
        );
        // A run's checkpoint is not a ladder's.
        assert!(LadderCheckpoint::parse(&sample().to_text().unwrap()).is_err());
    }

    #[test]
    fn differences_are_named() {
        let a = sample().fingerprint;
        let names = ("the interrupted run", "this command");
        assert_eq!(a.differs(&a, names), None);
        let mut b = a.clone();
        b.games = "2000".into();
        assert_eq!(
            a.differs(&b, names).unwrap(),
            "--games: the interrupted run has 1000, this command 2000"
        );
        let mut c = a.clone();
        c.config = c.config.replace("100", "50");
        assert!(a.differs(&c, names).unwrap().contains(
            "first difference: `round_cap = 100` in the interrupted run, \
                 `round_cap = 50` in this command"
        ));
    }

    #[test]
    fn checkpoint_files_are_replaced_atomically() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("report");
        assert_eq!(read(&out).unwrap(), None);
        let checkpoint = sample();
        write(&out, &checkpoint).unwrap();
        write(&out, &checkpoint).unwrap();
        assert_eq!(read(&out).unwrap(), Some(checkpoint));
        let names: Vec<_> = fs::read_dir(work_folder(&out).unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["checkpoint.toml"]);
        remove(&out).unwrap();
        remove(&out).unwrap();
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
