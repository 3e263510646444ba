//! The reports of a ladder (`ladder`): the same config played by populations of increasing
//! strength ("tiers"), with each character's, seat's and district's verdict per tier, the rank
//! agreement of consecutive tiers, and which verdicts hold between the two strongest tiers.
//!
//! A verdict compares a rate's 95% Wilson interval (for the characters' and districts' win
//! rates, clustered by game: `Rate::clustered`) with the even share 1/N: `strong` when
//! the interval lies above it, `weak` below it, `even` when it contains it (empty when the
//! rate has no trials). Tiers are listed weakest first, as given.

mod csv_files;
mod page;
mod summary;

use super::{Rate, ReportFile, cast_characters};
use crate::engine::ids::Character;
use crate::engine::rules::Rules;
use crate::sim::ladder::Block;
use crate::stats::Stats;
use crate::stats::stability::{
    Verdict, resample_seed, resample_win_rates, spearman, spearman_interval,
};
use csv_files::{
    balance_csv, districts_csv, ladder_csv, seats_csv, stability_csv, strong_play_csv,
};
use page::page;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io;
use summary::summary;

/// The files of a ladder's report folder.
pub const FILE_NAMES: [&str; 9] = [
    "ladder.csv",
    "ladder_balance.csv",
    "ladder_seats.csv",
    "ladder_districts.csv",
    "stability.csv",
    "strong_play.csv",
    "summary.txt",
    "manifest.toml",
    "report.html",
];

/// One tier's results at one player count.
#[derive(Clone, Copy, Debug)]
pub struct TierResult<'a> {
    /// The tier's bot spec (its canonical text).
    pub name: &'a str,
    pub stats: &'a Stats,
    /// The characters' picks and wins per block of games, for the resampled intervals.
    pub blocks: &'a BTreeMap<u64, Block>,
}

/// Every tier at one player count, weakest first.
#[derive(Clone, Debug)]
pub struct LadderSection<'a> {
    pub rules: &'a Rules,
    pub tiers: Vec<TierResult<'a>>,
}

/// `manifest.toml` of a ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LadderManifest {
    pub generator: &'static str,
    pub kind: &'static str,
    pub version: String,
    pub command: String,
    pub config_source: String,
    pub config_name: String,
    pub seed: u64,
    /// Games per player count of the tiers without search.
    pub games: u64,
    /// Games per player count of the search tiers.
    pub search_games: u64,
    pub players: Vec<u8>,
    /// The tiers' bot specs, weakest first.
    pub tiers: Vec<String>,
    pub config: toml::Table,
}

/// A character's rate and verdict in one tier.
#[derive(Clone, Copy, Debug)]
struct Rated {
    picked: u64,
    rate: Rate,
    verdict: Option<Verdict>,
}

fn rated(rate: Rate, trials: u64, even: f64) -> Rated {
    Rated {
        picked: trials,
        rate,
        verdict: rate.value.map(|_| Verdict::of(rate.lo, rate.hi, even)),
    }
}

/// The rank agreement of two consecutive tiers.
#[derive(Clone, Debug)]
struct Pair {
    a: usize,
    b: usize,
    /// Characters picked in both tiers (those compared).
    characters: Vec<Character>,
    rho: Option<f64>,
    interval: Option<(f64, f64)>,
    agree: usize,
    changed: Vec<(Character, Verdict, Verdict)>,
}

/// Everything the files of one player count show, computed once.
struct Analysis<'a> {
    section: &'a LadderSection<'a>,
    even: f64,
    characters: Vec<Character>,
    /// Per tier, per character of `characters`.
    rates: Vec<Vec<Rated>>,
    pairs: Vec<Pair>,
}

impl<'a> Analysis<'a> {
    fn new(section: &'a LadderSection<'a>, seed: u64) -> Analysis<'a> {
        let players = section.rules.players;
        let even = 1.0 / f64::from(players);
        let characters = cast_characters(section.rules);
        let rates: Vec<Vec<Rated>> = section
            .tiers
            .iter()
            .map(|t| {
                characters
                    .iter()
                    .map(|c| {
                        let sums = t.stats.character_win_sums(c.index());
                        rated(Rate::clustered(sums), sums.trials, even)
                    })
                    .collect()
            })
            .collect();
        let indices: Vec<usize> = characters.iter().map(|c| c.index()).collect();
        let resampled: Vec<Vec<Vec<Option<f64>>>> = section
            .tiers
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let blocks: Vec<Block> = t.blocks.values().copied().collect();
                resample_win_rates(&blocks, &indices, resample_seed(seed, players, i))
            })
            .collect();
        let pairs = (1..section.tiers.len())
            .map(|b| {
                let a = b - 1;
                let both: Vec<usize> = (0..characters.len())
                    .filter(|&k| rates[a][k].picked > 0 && rates[b][k].picked > 0)
                    .collect();
                let value = |t: usize, k: usize| rates[t][k].rate.value.unwrap_or(0.0);
                let xa: Vec<f64> = both.iter().map(|&k| value(a, k)).collect();
                let xb: Vec<f64> = both.iter().map(|&k| value(b, k)).collect();
                let pick = |replicates: &[Vec<Option<f64>>]| -> Vec<Vec<Option<f64>>> {
                    replicates
                        .iter()
                        .map(|r| both.iter().map(|&k| r[k]).collect())
                        .collect()
                };
                let interval = spearman_interval(&pick(&resampled[a]), &pick(&resampled[b]));
                let mut agree = 0;
                let mut changed = Vec::new();
                for &k in &both {
                    match (rates[a][k].verdict, rates[b][k].verdict) {
                        (Some(x), Some(y)) if x == y => agree += 1,
                        (Some(x), Some(y)) => changed.push((characters[k], x, y)),
                        _ => {}
                    }
                }
                Pair {
                    a,
                    b,
                    characters: both.iter().map(|&k| characters[k]).collect(),
                    rho: spearman(&xa, &xb),
                    interval,
                    agree,
                    changed,
                }
            })
            .collect();
        Analysis {
            section,
            even,
            characters,
            rates,
            pairs,
        }
    }

    /// The two strongest tiers' verdicts of character `k`, if the ladder has two tiers.
    fn strongest(&self, k: usize) -> Option<(Option<Verdict>, Option<Verdict>)> {
        let n = self.rates.len();
        (n >= 2).then(|| (self.rates[n - 2][k].verdict, self.rates[n - 1][k].verdict))
    }

    /// Whether character `k`'s verdict is the same in the two strongest tiers (`None`
    /// without two tiers or without picks in one of them).
    fn holds(&self, k: usize) -> Option<bool> {
        match self.strongest(k)? {
            (Some(a), Some(b)) => Some(a == b),
            _ => None,
        }
    }
}

fn verdict_name(v: Option<Verdict>) -> &'static str {
    v.map_or("", Verdict::name)
}

/// The verdicts a pair of tiers changes, as "King (weak -> even); Thief (strong -> even)".
fn changes(pair: &Pair) -> String {
    pair.changed
        .iter()
        .map(|(c, x, y)| format!("{} ({} -> {})", c.name(), x.name(), y.name()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Renders every file of a ladder's report. `sections` are in ascending player-count order;
/// `manifest.seed` also seeds the resampling.
pub fn render(
    sections: &[LadderSection],
    manifest: &LadderManifest,
) -> io::Result<Vec<ReportFile>> {
    let analyses: Vec<Analysis> = sections
        .iter()
        .map(|s| Analysis::new(s, manifest.seed))
        .collect();
    let toml = toml::to_string(manifest).map_err(|e| io::Error::other(format!("manifest: {e}")))?;
    Ok(vec![
        ReportFile {
            name: "ladder.csv",
            bytes: ladder_csv(&analyses)?,
        },
        ReportFile {
            name: "ladder_balance.csv",
            bytes: balance_csv(&analyses)?,
        },
        ReportFile {
            name: "ladder_seats.csv",
            bytes: seats_csv(&analyses)?,
        },
        ReportFile {
            name: "ladder_districts.csv",
            bytes: districts_csv(&analyses)?,
        },
        ReportFile {
            name: "stability.csv",
            bytes: stability_csv(&analyses)?,
        },
        ReportFile {
            name: "strong_play.csv",
            bytes: strong_play_csv(&analyses)?,
        },
        ReportFile {
            name: "summary.txt",
            bytes: summary(&analyses, manifest).into_bytes(),
        },
        ReportFile {
            name: "manifest.toml",
            bytes: toml.into_bytes(),
        },
        ReportFile {
            name: "report.html",
            bytes: page(&analyses, manifest).into_bytes(),
        },
    ])
}
