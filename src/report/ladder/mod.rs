//! The reports of a ladder (`ladder`): the same config played by populations of increasing
//! strength ("tiers"), with each character's, seat's and district's verdict per tier, the rank
//! agreement of consecutive tiers, and which verdicts hold between the two strongest tiers.
//!
//! A verdict compares a rate's 95% Wilson interval (for the characters' and districts' win
//! rates, clustered by game: `Rate::clustered`) with the even share 1/N: `strong` when
//! the interval lies above it, `weak` below it, `even` when it contains it (empty when the
//! rate has no trials). Tiers are listed weakest first, as given.
//!
//! Whether a character's verdict holds from one tier to the next is a test of its win rate's
//! change, not a comparison of the two labels: two tiers of the same bot on other random
//! streams, 1,000 games each, gave different labels to 20% (4 players) and 28% (5 players) of
//! the characters, a label moving each time a rate near a threshold crossed it (40 seeds:
//! docs/findings/2026-11-29-ladder-noise.md). The change's interval is Newcombe's, from the two
//! tiers' Wilson intervals (as `compare`'s: the tiers' estimates are nearly independent, their
//! errors correlating 0.03 and 0.00 over those 40 seeds), its p-value adjusted by Holm over the
//! characters the two tiers both picked, and a step is:
//! - `changed`: the win rate differs between the tiers (Holm p < 0.05), whatever the labels;
//! - `holds`: the same verdict in both tiers and no significant change;
//! - `unsettled`: different verdicts but no significant change (more games would tell).
//!
//! Between identical tiers a `changed` then appears in about one pair of tiers in twenty
//! per player count (Holm's family-wise level; 4 of 80 over those 40 seeds), where the
//! labels differed in 70 of 80.

mod csv_files;
mod page;
mod summary;

use super::manifest::Header;
use super::{Rate, ReportFile, cast_characters};
use crate::engine::ids::Character;
use crate::engine::rules::Rules;
use crate::stats::Stats;
use crate::stats::blocks::Block;
use crate::stats::difference::{ALPHA, Difference, Interval, holm, newcombe};
use crate::stats::stability::{
    TierSample, Verdict, one_population_spearman, resample_seed, resample_win_rates, spearman,
    spearman_interval,
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
    /// Its `games`: per player count of the tiers without search.
    #[serde(flatten)]
    pub header: Header,
    /// Games per player count of the search tiers.
    pub search_games: u64,
    pub players: Vec<u8>,
    /// The tiers' bot specs, weakest first.
    pub tiers: Vec<String>,
    pub config: toml::Table,
}

impl LadderManifest {
    /// The games per player count as the summary and the page state them: the search tiers'
    /// count only where a tier searches (a ladder of fast bots plays `--games` alone).
    fn games_per_count(&self) -> String {
        let searching = self
            .tiers
            .iter()
            .any(|t| crate::bots::BotSpec::parse(t).is_ok_and(|b| b.searches()));
        if searching {
            format!(
                "{} without search, {} with search",
                self.header.games, self.search_games
            )
        } else {
            format!("{} (no tier searches)", self.header.games)
        }
    }
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

/// How a character's win rate moves from one tier to the next (the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    Holds,
    Changed,
    Unsettled,
}

impl Change {
    fn name(self) -> &'static str {
        match self {
            Change::Holds => "holds",
            Change::Changed => "changed",
            Change::Unsettled => "unsettled",
        }
    }

    /// The mark of a character's row in the summary and the page: `*` changed, `?`
    /// unsettled.
    fn mark(self) -> &'static str {
        match self {
            Change::Holds => "",
            Change::Changed => " *",
            Change::Unsettled => " ?",
        }
    }
}

/// One character from tier `a` to tier `b`: the verdicts, the win rate's change (tier b's
/// minus tier a's) and its Holm-adjusted p-value.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// The character's index in `Analysis::characters`.
    k: usize,
    from: Verdict,
    to: Verdict,
    difference: Difference,
    p_holm: f64,
    change: Change,
}

/// The rank agreement of two consecutive tiers and each character's step between them.
#[derive(Clone, Debug)]
struct Pair {
    a: usize,
    b: usize,
    /// Characters picked in both tiers (those compared).
    characters: Vec<Character>,
    rho: Option<f64>,
    interval: Option<(f64, f64)>,
    /// The 2.5% quantile and the median of the correlation one population would show with
    /// these two tiers' noise (`one_population_spearman`).
    one_population: Option<(f64, f64)>,
    /// Characters with the same verdict in both tiers.
    agree: usize,
    /// One per character picked in both tiers, in `Analysis::characters`' order.
    steps: Vec<Step>,
}

impl Pair {
    fn with(&self, change: Change) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter(move |s| s.change == change)
    }
}

/// The steps of `both` (characters picked in tiers `a` and `b`, as indices): each win
/// rate's change with Newcombe's interval, Holm over them, and what it makes of the step.
fn steps(rates: &[Vec<Rated>], a: usize, b: usize, both: &[usize]) -> Vec<Step> {
    let interval = |r: &Rated| {
        r.rate.value.map(|value| Interval {
            value,
            lo: r.rate.lo,
            hi: r.rate.hi,
        })
    };
    let compared: Vec<(usize, Verdict, Verdict, Difference)> = both
        .iter()
        .filter_map(|&k| {
            let (x, y) = (&rates[a][k], &rates[b][k]);
            Some((
                k,
                x.verdict?,
                y.verdict?,
                newcombe(interval(x)?, interval(y)?),
            ))
        })
        .collect();
    let p: Vec<f64> = compared.iter().map(|c| c.3.p_value).collect();
    compared
        .iter()
        .zip(holm(&p))
        .map(|(&(k, from, to, difference), p_holm)| Step {
            k,
            from,
            to,
            difference,
            p_holm,
            change: if p_holm < ALPHA {
                Change::Changed
            } else if from == to {
                Change::Holds
            } else {
                Change::Unsettled
            },
        })
        .collect()
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
                let (reps_a, reps_b) = (pick(&resampled[a]), pick(&resampled[b]));
                let interval = spearman_interval(&reps_a, &reps_b);
                let picks =
                    |t: usize| -> Vec<u64> { both.iter().map(|&k| rates[t][k].picked).collect() };
                let (picks_a, picks_b) = (picks(a), picks(b));
                let one_population = one_population_spearman(
                    TierSample {
                        rates: &xa,
                        picks: &picks_a,
                        replicates: &reps_a,
                    },
                    TierSample {
                        rates: &xb,
                        picks: &picks_b,
                        replicates: &reps_b,
                    },
                );
                let steps = steps(&rates, a, b, &both);
                Pair {
                    a,
                    b,
                    characters: both.iter().map(|&k| characters[k]).collect(),
                    rho: spearman(&xa, &xb),
                    interval,
                    one_population,
                    agree: steps.iter().filter(|s| s.from == s.to).count(),
                    steps,
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

    /// Character `k`'s step between the two strongest tiers (`None` without two tiers or
    /// without picks in one of them).
    fn strongest(&self, k: usize) -> Option<&Step> {
        self.pairs.last()?.steps.iter().find(|s| s.k == k)
    }

    /// The mark of character `k`'s row: how its step between the two strongest tiers went.
    fn mark(&self, k: usize) -> &'static str {
        self.strongest(k).map_or("", |s| s.change.mark())
    }
}

fn verdict_name(v: Option<Verdict>) -> &'static str {
    v.map_or("", Verdict::name)
}

/// The steps of a pair of tiers that went `change`, as "Warlord (+2.3 points, even ->
/// strong); Thief (-1.4 points, even -> even)".
fn steps_text(analysis: &Analysis, pair: &Pair, change: Change) -> String {
    pair.with(change)
        .map(|s| {
            format!(
                "{} ({:+.1} points, {} -> {})",
                analysis.characters[s.k].name(),
                100.0 * s.difference.delta,
                s.from.name(),
                s.to.name()
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Renders every file of a ladder's report. `sections` are in ascending player-count order;
/// `manifest.header.seed` also seeds the resampling.
pub fn render(
    sections: &[LadderSection],
    manifest: &LadderManifest,
) -> io::Result<Vec<ReportFile>> {
    let analyses: Vec<Analysis> = sections
        .iter()
        .map(|s| Analysis::new(s, manifest.header.seed))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::estimate::wilson;

    /// A ladder without a search tier names only its `--games`; with one, both counts.
    #[test]
    fn the_search_games_are_named_only_where_a_tier_searches() {
        let manifest = |tiers: &[&str]| LadderManifest {
            header: Header::new("citadels-sim ladder".into(), 1, 2000),
            search_games: 150,
            players: vec![4],
            tiers: tiers.iter().map(|t| t.to_string()).collect(),
            config: toml::Table::new(),
        };
        assert_eq!(
            manifest(&["heuristic", "policy"]).games_per_count(),
            "2000 (no tier searches)"
        );
        assert_eq!(
            manifest(&["policy", "ismcts:iters=300"]).games_per_count(),
            "2000 without search, 150 with search"
        );
    }

    /// `wins` of `trials` at 4 players, as a tier's rate (independent trials: the test's
    /// interval is the Wilson one).
    fn rate(wins: u64, trials: u64) -> Rated {
        let (lo, hi) = wilson(wins, trials);
        rated(
            Rate {
                value: Some(wins as f64 / trials as f64),
                lo,
                hi,
            },
            trials,
            0.25,
        )
    }

    /// A rate that crosses the threshold by a hair is `unsettled`, not changed; the same
    /// verdict with no significant change `holds`; a change beyond the noise after Holm is
    /// `changed`, whatever the labels (here strong in both tiers).
    #[test]
    fn a_step_is_changed_only_beyond_the_noise() {
        let a = vec![
            rate(2_470, 10_000), // 24.7% [23.9, 25.5]: even
            rate(2_400, 10_000), // 24.0% [23.2, 24.8]: weak
            rate(3_000, 10_000), // 30.0%: strong
            rate(2_520, 10_000), // 25.2% [24.4, 26.0]: even
        ];
        let b = vec![
            rate(2_420, 10_000), // 24.2% [23.4, 25.0]: even, 0.5 points lower
            rate(2_380, 10_000), // 23.8%: weak
            rate(3_500, 10_000), // 35.0%: strong, 5 points higher
            rate(2_590, 10_000), // 25.9% [25.04, 26.8]: strong, 0.7 points higher
        ];
        let steps = steps(&[a, b], 0, 1, &[0, 1, 2, 3]);
        let got: Vec<Change> = steps.iter().map(|s| s.change).collect();
        assert_eq!(
            got,
            [
                Change::Holds,
                Change::Holds,
                Change::Changed,
                Change::Unsettled
            ]
        );
        assert!((steps[2].difference.delta - 0.05).abs() < 1e-12);
        assert_eq!(
            (steps[3].from, steps[3].to),
            (Verdict::Even, Verdict::Strong)
        );
        // Holm: never below the raw p-value, the smallest one times the four compared.
        for step in &steps {
            assert!(step.p_holm >= step.difference.p_value);
        }
        let smallest = steps[2].difference.p_value;
        assert!((steps[2].p_holm - (4.0 * smallest).min(1.0)).abs() < 1e-15);
    }
}
