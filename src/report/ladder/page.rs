//! A ladder's `report.html`: the characters' win rates in every tier, the tiers' rank
//! agreement, and the seats.

use super::{Analysis, Change, LadderManifest, verdict_name};
use crate::report::Rate;
use crate::report::html::chart::{Bar, Chart, Scale};
use crate::report::html::heatmap::{Cell, Heatmap};
use crate::report::html::{self, ChartSection, Page};
use crate::stats::balance::balance;
use crate::stats::blocks::BLOCK_GAMES;
use crate::stats::stability::MIN_BLOCKS;

/// The page: per player count, a chart of the characters' win rates in every tier (bars of a
/// character together, marked when its win rate changes significantly between the two
/// strongest tiers), the rank agreement of consecutive tiers, and the seats.
pub(super) fn page(analyses: &[Analysis], manifest: &LadderManifest) -> String {
    let header = &manifest.header;
    let title = format!("Ladder: {}", header.name());
    let page = Page {
        title,
        facts: vec![
            ("config".into(), header.source().to_string()),
            ("seed".into(), header.seed.to_string()),
            ("tiers (weakest first)".into(), manifest.tiers.join(", ")),
            ("games per player count".into(), manifest.games_per_count()),
        ],
        notes: vec![
            "A verdict is strong or weak when the 95% interval lies above or below the even \
             share (dashed line), even when it contains it. Marked bars: characters whose \
             win rate changes between the two strongest tiers (Newcombe's interval, Holm over \
             the characters, 5%)."
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
                let mark = a.mark(k);
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
                 and tier ({}). Between the two strongest tiers, * marks a win rate that \
                 changes (Newcombe's interval, Holm over the characters, 5%), ? different \
                 verdicts within the noise.",
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
                    marked: a.strongest(k).is_some_and(|s| s.change == Change::Changed),
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
