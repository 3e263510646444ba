//! The reports of a ladder (`ladder`): the same config played by populations of increasing
//! strength ("tiers"), with each character's, seat's and district's verdict per tier, the rank
//! agreement of consecutive tiers, and which verdicts hold between the two strongest tiers.
//!
//! A verdict compares a rate's 95% Wilson interval (for the characters' and districts' win
//! rates, clustered by game: `Rate::clustered`) with the even share 1/N: `strong` when
//! the interval lies above it, `weak` below it, `even` when it contains it (empty when the
//! rate has no trials). Tiers are listed weakest first, as given.

use super::html::chart::{Bar, Chart, Scale};
use super::html::heatmap::{Cell, Heatmap};
use super::html::{self, ChartSection, Page};
use super::summary::balance_line;
use super::tables::{finish, rate_fields};
use super::{Rate, ReportFile, cast_characters, fixed, run_districts};
use crate::engine::ids::Character;
use crate::engine::rules::Rules;
use crate::sim::ladder::{BLOCK_GAMES, Block};
use crate::stats::Stats;
use crate::stats::balance::{Spread, balance};
use crate::stats::stability::{
    MIN_BLOCKS, Verdict, resample_seed, resample_win_rates, spearman, spearman_interval,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;

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

fn ladder_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "tier",
        "character",
        "picked",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "verdict",
    ])?;
    for a in analyses {
        for (t, tier) in a.section.tiers.iter().enumerate() {
            for (k, c) in a.characters.iter().enumerate() {
                let r = a.rates[t][k];
                let [win, lo, hi] = rate_fields(r.rate);
                w.write_record([
                    a.section.rules.players.to_string(),
                    tier.name.to_string(),
                    c.name().to_string(),
                    r.picked.to_string(),
                    win,
                    lo,
                    hi,
                    verdict_name(r.verdict).to_string(),
                ])?;
            }
        }
    }
    finish(w)
}

fn spread_fields(spread: Option<Spread>) -> [String; 3] {
    [
        fixed(spread.map(|s| s.value)),
        fixed(spread.map(|s| s.lo)),
        fixed(spread.map(|s| s.hi)),
    ]
}

/// `ladder_balance.csv`: per player count and tier, the balance index and the seat spread as
/// shares with their 95% intervals (`stats::balance`, written as in `player_counts.csv`).
fn balance_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "tier",
        "games",
        "balance_index",
        "balance_index_lo",
        "balance_index_hi",
        "seat_spread",
        "seat_spread_lo",
        "seat_spread_hi",
    ])?;
    for a in analyses {
        for tier in &a.section.tiers {
            let b = balance(tier.stats);
            let mut row = vec![
                a.section.rules.players.to_string(),
                tier.name.to_string(),
                tier.stats.games.to_string(),
            ];
            row.extend(spread_fields(b.index));
            row.extend(spread_fields(b.seat_spread));
            w.write_record(row)?;
        }
    }
    finish(w)
}

fn seats_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "tier",
        "seat",
        "games",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "verdict",
    ])?;
    for a in analyses {
        let players = a.section.rules.players;
        for tier in &a.section.tiers {
            for (seat, s) in tier.stats.seats[..players as usize].iter().enumerate() {
                let r = rated(Rate::of(s.wins, s.games), s.games, a.even);
                let [win, lo, hi] = rate_fields(r.rate);
                w.write_record([
                    players.to_string(),
                    tier.name.to_string(),
                    seat.to_string(),
                    s.games.to_string(),
                    win,
                    lo,
                    hi,
                    verdict_name(r.verdict).to_string(),
                ])?;
            }
        }
    }
    finish(w)
}

fn districts_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "tier",
        "district",
        "in_deck",
        "built_games",
        "build_rate",
        "build_rate_lo",
        "build_rate_hi",
        "appearances",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "verdict",
    ])?;
    for a in analyses {
        for tier in &a.section.tiers {
            for (district, _, _) in run_districts(a.section.rules) {
                let d = &tier.stats.districts[district.index()];
                let [build, build_lo, build_hi] = rate_fields(Rate::of(d.built_games, d.in_deck));
                let r = rated(Rate::clustered(d.win_sums()), d.appearances, a.even);
                let [win, lo, hi] = rate_fields(r.rate);
                w.write_record([
                    a.section.rules.players.to_string(),
                    tier.name.to_string(),
                    district.name().to_string(),
                    d.in_deck.to_string(),
                    d.built_games.to_string(),
                    build,
                    build_lo,
                    build_hi,
                    d.appearances.to_string(),
                    win,
                    lo,
                    hi,
                    verdict_name(r.verdict).to_string(),
                ])?;
            }
        }
    }
    finish(w)
}

/// "King (weak -> even); Thief (strong -> even)".
fn changes(pair: &Pair) -> String {
    pair.changed
        .iter()
        .map(|(c, x, y)| format!("{} ({} -> {})", c.name(), x.name(), y.name()))
        .collect::<Vec<_>>()
        .join("; ")
}

fn stability_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "tier_a",
        "tier_b",
        "characters",
        "spearman",
        "spearman_lo",
        "spearman_hi",
        "verdicts_agree",
        "verdicts_changed",
        "changed",
    ])?;
    for a in analyses {
        for pair in &a.pairs {
            let tiers = &a.section.tiers;
            w.write_record([
                a.section.rules.players.to_string(),
                tiers[pair.a].name.to_string(),
                tiers[pair.b].name.to_string(),
                pair.characters.len().to_string(),
                fixed(pair.rho),
                fixed(pair.interval.map(|i| i.0)),
                fixed(pair.interval.map(|i| i.1)),
                pair.agree.to_string(),
                pair.changed.len().to_string(),
                changes(pair),
            ])?;
        }
    }
    finish(w)
}

fn strong_play_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "character",
        "tier_a",
        "verdict_a",
        "tier_b",
        "verdict_b",
        "holds_under_strong_play",
    ])?;
    for a in analyses {
        let n = a.section.tiers.len();
        if n < 2 {
            continue;
        }
        for (k, c) in a.characters.iter().enumerate() {
            let Some((x, y)) = a.strongest(k) else {
                continue;
            };
            let holds = match a.holds(k) {
                Some(true) => "yes",
                Some(false) => "no",
                None => "",
            };
            w.write_record([
                a.section.rules.players.to_string(),
                c.name().to_string(),
                a.section.tiers[n - 2].name.to_string(),
                verdict_name(x).to_string(),
                a.section.tiers[n - 1].name.to_string(),
                verdict_name(y).to_string(),
                holds.to_string(),
            ])?;
        }
    }
    finish(w)
}

fn verdict_sign(v: Option<Verdict>) -> &'static str {
    match v {
        Some(Verdict::Strong) => "+",
        Some(Verdict::Weak) => "-",
        Some(Verdict::Even) => "=",
        None => " ",
    }
}

fn percent(v: f64) -> String {
    format!("{:.1}", v * 100.0)
}

/// The summary: per player count, each character's win rate in every tier with its interval
/// and verdict, the verdicts that change between the two strongest tiers marked, then the
/// rank agreement of consecutive tiers.
fn summary(analyses: &[Analysis], manifest: &LadderManifest) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Ladder of {}, seed {}: {} games per player count without search, {} with search",
        manifest.config_name, manifest.seed, manifest.games, manifest.search_games
    );
    let _ = writeln!(out, "Tiers, weakest first: {}", manifest.tiers.join(", "));
    for a in analyses {
        let tiers = &a.section.tiers;
        let players = a.section.rules.players;
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{players} players (even share {}%): win rate when picked, % [95% interval], \
             verdict + strong, - weak, = even",
            percent(a.even)
        );
        let games: Vec<String> = tiers
            .iter()
            .map(|t| format!("{} ({} games)", t.name, t.stats.games))
            .collect();
        let _ = writeln!(out, "  tiers: {}", games.join(", "));
        let width = a
            .characters
            .iter()
            .map(|c| c.name().len())
            .max()
            .unwrap_or(0)
            + 2;
        let _ = write!(out, "  {:width$}", "");
        for tier in tiers {
            let _ = write!(out, " {:>22}", tier.name);
        }
        let _ = writeln!(out);
        for (k, c) in a.characters.iter().enumerate() {
            let mark = if a.holds(k) == Some(false) { " *" } else { "" };
            let _ = write!(out, "  {:width$}", format!("{}{mark}", c.name()));
            for t in 0..tiers.len() {
                let r = a.rates[t][k];
                let cell = match r.rate.value {
                    Some(v) => format!(
                        "{} [{}, {}] {}",
                        percent(v),
                        percent(r.rate.lo),
                        percent(r.rate.hi),
                        verdict_sign(r.verdict)
                    ),
                    None => "no picks".to_string(),
                };
                let _ = write!(out, " {cell:>22}");
            }
            let _ = writeln!(out);
        }
        if tiers.len() >= 2 {
            let n = tiers.len();
            let changed: Vec<&str> = (0..a.characters.len())
                .filter(|&k| a.holds(k) == Some(false))
                .map(|k| a.characters[k].name())
                .collect();
            let _ = writeln!(
                out,
                "  * verdict changes between the two strongest tiers ({} -> {}): {}",
                tiers[n - 2].name,
                tiers[n - 1].name,
                if changed.is_empty() {
                    "none".to_string()
                } else {
                    changed.join(", ")
                }
            );
            let _ = writeln!(
                out,
                "  rank agreement of consecutive tiers (Spearman, 95% interval from resampled \
                 blocks of games):"
            );
            for pair in &a.pairs {
                let rho = pair.rho.map_or("n/a".to_string(), |r| format!("{r:+.2}"));
                let interval = pair
                    .interval
                    .map_or(" [no interval: too few games]".to_string(), |(lo, hi)| {
                        format!(" [{lo:+.2}, {hi:+.2}]")
                    });
                let changed = if pair.changed.is_empty() {
                    String::new()
                } else {
                    format!("; changed: {}", changes(pair))
                };
                let _ = writeln!(
                    out,
                    "    {} -> {}: {rho}{interval}; {} of {} verdicts agree{changed}",
                    tiers[pair.a].name,
                    tiers[pair.b].name,
                    pair.agree,
                    pair.characters.len()
                );
            }
        }
        let _ = writeln!(
            out,
            "  balance index and seat spread, points [95% interval] (stats::balance):"
        );
        for tier in tiers {
            let _ = writeln!(
                out,
                "    {}: {}",
                tier.name,
                balance_line(&balance(tier.stats))
            );
        }
    }
    out
}

/// The page: per player count, a chart of the characters' win rates in every tier (bars of a
/// character together, marked when its verdict changes between the two strongest tiers),
/// the rank agreement of consecutive tiers, and the seats.
fn page(analyses: &[Analysis], manifest: &LadderManifest) -> String {
    let title = format!("Ladder: {}", manifest.config_name);
    let page = Page {
        title,
        facts: vec![
            ("config".into(), manifest.config_source.clone()),
            ("seed".into(), manifest.seed.to_string()),
            ("tiers (weakest first)".into(), manifest.tiers.join(", ")),
            (
                "games per player count".into(),
                format!(
                    "{} without search, {} with search",
                    manifest.games, manifest.search_games
                ),
            ),
        ],
        notes: vec![
            "A verdict is strong or weak when the 95% interval lies above or below the even \
             share (dashed line), even when it contains it. Marked bars: characters whose \
             verdict changes between the two strongest tiers."
                .into(),
        ],
    };
    let mut characters = Vec::new();
    let mut stability = Vec::new();
    let mut seats = Vec::new();
    let mut glance = Vec::new();
    let mut balances = Vec::new();
    for a in analyses {
        let players = a.section.rules.players;
        let tiers = &a.section.tiers;
        let even = (a.even, "even share".to_string());
        let rows = a
            .characters
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let mark = if a.holds(k) == Some(false) { " *" } else { "" };
                let cells = tiers
                    .iter()
                    .enumerate()
                    .map(|(t, tier)| {
                        let r = a.rates[t][k];
                        Cell {
                            value: r.rate.value.map(|v| v - a.even),
                            title: r.rate.value.map_or_else(
                                || format!("{}, {}: no picks", c.name(), tier.name),
                                |v| {
                                    format!(
                                        "{}, {}: {:.1}% [{:.1}, {:.1}], {}",
                                        c.name(),
                                        tier.name,
                                        v * 100.0,
                                        r.rate.lo * 100.0,
                                        r.rate.hi * 100.0,
                                        verdict_name(r.verdict)
                                    )
                                },
                            ),
                        }
                    })
                    .collect();
                (format!("{}{mark}", c.name()), cells)
            })
            .collect();
        let legend: Vec<String> = tiers
            .iter()
            .enumerate()
            .map(|(t, tier)| format!("tier {} = {}", t + 1, tier.name))
            .collect();
        glance.push(ChartSection {
            id: format!("glance-{players}"),
            heading: format!("{players} players at a glance"),
            description: format!(
                "Win rate when picked minus the even share ({:.1}%), in points, per character \
                 and tier ({}). * marks a verdict that changes between the two strongest \
                 tiers.",
                a.even * 100.0,
                legend.join(", ")
            ),
            charts: Vec::new(),
            heatmap: Some(Heatmap {
                caption: format!("{players} players: win rate minus the even share"),
                columns: (1..=tiers.len()).map(|t| format!("tier {t}")).collect(),
                rows,
                scale: Scale::Points,
            }),
        });
        let mut bars = Vec::new();
        for (k, c) in a.characters.iter().enumerate() {
            for (t, tier) in tiers.iter().enumerate() {
                let r = a.rates[t][k];
                bars.push(Bar {
                    label: format!("{} · {}", c.name(), tier.name),
                    value: r.rate.value,
                    interval: r.rate.value.map(|_| (r.rate.lo, r.rate.hi)),
                    marked: a.holds(k) == Some(false),
                });
            }
        }
        characters.push(Chart {
            caption: format!("{players} players: win rate when picked, by tier"),
            bars,
            scale: Scale::Percent,
            reference: Some(even.clone()),
        });
        if !a.pairs.is_empty() {
            stability.push(Chart {
                caption: format!("{players} players: Spearman's rank correlation"),
                bars: a
                    .pairs
                    .iter()
                    .map(|p| Bar {
                        label: format!("{} -> {}", tiers[p.a].name, tiers[p.b].name),
                        value: p.rho,
                        interval: p.interval,
                        marked: false,
                    })
                    .collect(),
                scale: Scale::Number,
                reference: None,
            });
        }
        balances.push(Chart {
            caption: format!("{players} players: balance index by tier, points"),
            bars: tiers
                .iter()
                .map(|t| {
                    let index = balance(t.stats).index;
                    Bar {
                        label: t.name.to_string(),
                        value: index.map(|i| i.value),
                        interval: index.map(|i| (i.lo, i.hi)),
                        marked: false,
                    }
                })
                .collect(),
            scale: Scale::Points,
            reference: None,
        });
        let mut bars = Vec::new();
        for seat in 0..players as usize {
            for tier in tiers {
                let s = &tier.stats.seats[seat];
                let rate = Rate::of(s.wins, s.games);
                bars.push(Bar {
                    label: format!("seat {seat} · {}", tier.name),
                    value: rate.value,
                    interval: rate.value.map(|_| (rate.lo, rate.hi)),
                    marked: false,
                });
            }
        }
        seats.push(Chart {
            caption: format!("{players} players: win rate by seat (0 = first crown)"),
            bars,
            scale: Scale::Percent,
            reference: Some(even),
        });
    }
    let mut sections = glance;
    sections.push(ChartSection {
        id: "characters".into(),
        heading: "Characters by tier".into(),
        description: "Per character and tier: the share of its picks made by a player who \
                      won the game."
            .into(),
        charts: characters,
        heatmap: None,
    });
    if !stability.is_empty() {
        sections.push(ChartSection {
            id: "stability".into(),
            heading: "Rank agreement of consecutive tiers".into(),
            description: format!(
                "Spearman's rank correlation of the characters' win rates, with a 95% \
                 interval from resampling blocks of {BLOCK_GAMES} games of each tier (none when \
                 a tier has fewer than {MIN_BLOCKS} blocks)."
            ),
            charts: stability,
            heatmap: None,
        });
    }
    sections.push(ChartSection {
        id: "balance".into(),
        heading: "Balance index by tier".into(),
        description: "The pick-weighted root-mean-square distance of the characters' win \
                      rates from the even share, in points: 0 is a perfectly balanced cast."
            .into(),
        charts: balances,
        heatmap: None,
    });
    sections.push(ChartSection {
        id: "seats".into(),
        heading: "Seats by tier".into(),
        description: "Per seat, counted from the first crown holder (seat 0).".into(),
        charts: seats,
        heatmap: None,
    });
    html::render(&page, &sections)
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
