//! A player count's progress as a checkpoint writes it: the completed chunks and every
//! counter of their `Stats` (and a ladder's blocks) as decimal text, and back.

use super::CountProgress;
use crate::engine::ids::Character;
use crate::sim::runner::{CHUNK_GAMES, chunk_count, chunk_games};
use crate::stats::blocks::{BLOCK_GAMES, Block, block_of};
use crate::stats::record::MAX_PLAYERS;
use crate::stats::{CharacterStats, DistrictStats, ROUND_BINS, SeatStats, Stats};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CountFile {
    pub(super) players: u8,
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

/// The game totals of a `Stats` (its counters that are not per character, seat, district,
/// round or moment), read and set with one list: a field can be neither written without
/// being read back nor read in another order.
macro_rules! totals {
    ($($field:ident),* $(,)?) => {
        const TOTALS: usize = [$(stringify!($field)),*].len();

        fn totals(s: &Stats) -> [u64; TOTALS] {
            [$(s.$field),*]
        }

        fn set_totals(s: &mut Stats, values: [u64; TOTALS]) {
            [$(s.$field),*] = values;
        }
    };
}

totals!(
    games,
    stalled,
    won_games,
    winning_score_sum,
    margin_sum,
    ties,
    shared_wins,
    completed_games,
    first_complete_wins
);

/// Every counter of `s` in one fixed order (totals, rounds, characters, seats, by seat,
/// districts, moments, seat pairs), and back: what `CountProgress::add_checked` adds.
fn counters(s: &Stats) -> Vec<u64> {
    let mut all = totals(s).to_vec();
    all.extend(&s.rounds);
    all.extend(s.characters.iter().flat_map(|c| c.to_numbers()));
    all.extend(
        s.seats
            .iter()
            .chain(&s.by_seat)
            .flat_map(|c| c.to_numbers()),
    );
    all.extend(s.districts.iter().flat_map(|c| c.to_numbers()));
    all.extend(&s.moments);
    all.extend(&s.seat_pair_wins);
    all
}

fn set_counters(s: &mut Stats, all: &[u64]) {
    fn take<'a>(rest: &mut &'a [u64], n: usize) -> &'a [u64] {
        let (head, tail) = rest.split_at(n);
        *rest = tail;
        head
    }
    fn array<const N: usize>(rest: &mut &[u64]) -> [u64; N] {
        take(rest, N).try_into().expect("N numbers")
    }
    let rest = &mut &all[..];
    set_totals(s, array(rest));
    let rounds = s.rounds.len();
    s.rounds.copy_from_slice(take(rest, rounds));
    for c in &mut s.characters {
        *c = CharacterStats::from_numbers(array(rest));
    }
    for c in s.seats.iter_mut().chain(&mut s.by_seat) {
        *c = SeatStats::from_numbers(array(rest));
    }
    for c in &mut s.districts {
        *c = DistrictStats::from_numbers(array(rest));
    }
    let moments = s.moments.len();
    s.moments.copy_from_slice(take(rest, moments));
    s.seat_pair_wins.copy_from_slice(rest);
}

impl CountProgress {
    /// Adds the progress of another shard at the same player count: every counter with
    /// checked arithmetic, the sum checked as a file's counters are (`Stats::impossible`),
    /// and no chunk or block counted twice. Refused with what is wrong.
    pub fn add_checked(&mut self, more: &CountProgress) -> Result<(), String> {
        let players = self.stats.players;
        if more.stats.players != players {
            return Err(format!(
                "{} players where {players} are expected",
                more.stats.players
            ));
        }
        if let Some(chunk) = self.done.intersection(&more.done).next() {
            return Err(format!("{players} players: chunk {chunk} is counted twice"));
        }
        let sums = counters(&self.stats)
            .iter()
            .zip(counters(&more.stats))
            .map(|(a, b)| a.checked_add(b))
            .collect::<Option<Vec<u64>>>()
            .ok_or_else(|| format!("{players} players: the counters add up beyond 2^64 - 1"))?;
        let mut stats = Stats::new(players);
        set_counters(&mut stats, &sums);
        if let Some(problem) = stats.impossible() {
            return Err(format!(
                "{players} players: the counters add up to what no run could have \
                 written ({problem})"
            ));
        }
        if let Some(key) = more.blocks.keys().find(|k| self.blocks.contains_key(k)) {
            return Err(format!("{players} players: block {key} is counted twice"));
        }
        self.stats = stats;
        self.done.extend(&more.done);
        self.blocks
            .extend(more.blocks.iter().map(|(k, b)| (*k, *b)));
        Ok(())
    }
}

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

pub(super) fn count_file(progress: &CountProgress) -> CountFile {
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
        totals: numbers(&totals(s)),
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

pub(super) fn count_progress(file: &CountFile, games: u64) -> Result<CountProgress, String> {
    let mut s = Stats::new(file.players);
    set_totals(&mut s, parse_numbers(&file.totals, "totals")?);
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
    if let Some(problem) = s.impossible() {
        return Err(format!(
            "{} players: counters no run could have written ({problem})",
            s.players
        ));
    }
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
