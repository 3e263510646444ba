//! The report of `rank`: per player count, the configs ordered by balance index (most
//! balanced first), each with its interval and the paired difference to the next one
//! (`rank.csv`), a summary and the charts of `report.html`.

use super::html::ChartSection;
use super::html::chart::{Bar, Chart, Scale};
use super::summary_txt::points;
use super::{balance_columns, fixed};
use crate::stats::balance::{self, Balance, Difference, Totals};
use std::fmt::Write as _;
use std::io;

/// One config at one player count: its name, its balance, the totals of all its games and
/// of each group of games (the same seeds in every config).
pub struct Entry<'a> {
    pub config: &'a str,
    pub balance: Balance,
    pub totals: Totals,
    pub groups: &'a [Totals],
}

/// One row of the ranking.
pub struct Ranked<'a> {
    pub players: u8,
    /// 1 = the most balanced (lowest index).
    pub rank: usize,
    pub entry: &'a Entry<'a>,
    /// The next config's index minus this one's, with the paired jackknife interval.
    pub to_next: Option<Difference>,
}

/// Orders the entries of one player count by balance index (ties and undefined indices
/// keep the command line's order, undefined last) and tests each against the next.
pub fn rank<'a>(players: u8, entries: &'a [Entry<'a>]) -> Vec<Ranked<'a>> {
    let mut order: Vec<usize> = (0..entries.len()).collect();
    let key = |i: usize| entries[i].balance.index.map_or(f64::INFINITY, |b| b.value);
    order.sort_by(|&a, &b| key(a).total_cmp(&key(b)).then(a.cmp(&b)));
    order
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let entry = &entries[i];
            let to_next = order.get(k + 1).and_then(|&j| {
                let next = &entries[j];
                balance::paired_difference(
                    &entry.totals,
                    entry.groups,
                    &next.totals,
                    next.groups,
                    Totals::index_value,
                )
            });
            Ranked {
                players,
                rank: k + 1,
                entry,
                to_next,
            }
        })
        .collect()
}

/// `rank.csv`: players, rank, config, games, balance_index (+ interval), seat_spread
/// (+ interval), seat_p_value (the test that every seat wins equally often, as in
/// `player_counts.csv`), then next_delta (the next config's index minus this one's, + its paired
/// interval) and next_differs (yes when that interval excludes 0). Shares, like the other
/// tables' rates (0.0321 is 3.21 points).
pub fn csv(rows: &[Ranked]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(
        ["players", "rank", "config", "games"]
            .map(String::from)
            .into_iter()
            .chain(balance_columns::header())
            .chain(
                [
                    "next_delta",
                    "next_delta_lo",
                    "next_delta_hi",
                    "next_differs",
                ]
                .map(String::from),
            ),
    )?;
    for row in rows {
        let e = row.entry;
        let d = row.to_next;
        let mut record = vec![
            row.players.to_string(),
            row.rank.to_string(),
            e.config.to_string(),
            e.totals.games.to_string(),
        ];
        record.extend(balance_columns::fields(&e.balance));
        record.extend([
            fixed(d.map(|d| d.value)),
            fixed(d.map(|d| d.lo)),
            fixed(d.map(|d| d.hi)),
            d.map_or(String::new(), |d| {
                if d.significant() { "yes" } else { "no" }.to_string()
            }),
        ]);
        w.write_record(record)?;
    }
    w.into_inner().map_err(|e| io::Error::other(e.to_string()))
}

/// `summary.txt`: per player count, the ranking and where it is significant.
pub fn summary(rows: &[Ranked], groups: usize) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Configs ranked by balance index (the pick-weighted root-mean-square deviation of the \
         characters'\nwin rates from 1/N, in points; lower is more balanced), all played on \
         the same game seeds.\n95% intervals: delta method for each index; for the step to \
         the next config, a paired\njackknife over {groups} groups of games (the same seeds \
         on both sides). '<' marks a significant step.\n"
    );
    let mut counts: Vec<u8> = rows.iter().map(|r| r.players).collect();
    counts.dedup();
    for players in counts {
        let _ = writeln!(text, "{players} players:");
        let _ = writeln!(
            text,
            "  {:>4}  {:<28} {:>26} {:>26}  {:>26}",
            "rank", "config", "balance index [95%]", "seat spread [95%]", "to next [95%]"
        );
        for row in rows.iter().filter(|r| r.players == players) {
            let next = row.to_next.map_or(String::new(), |d| {
                format!(
                    "{} {:+.2} [{:+.2}, {:+.2}]",
                    if d.significant() { "<" } else { "=" },
                    100.0 * d.value,
                    100.0 * d.lo,
                    100.0 * d.hi
                )
            });
            let _ = writeln!(
                text,
                "  {:>4}  {:<28} {:>26} {:>26}  {:>26}",
                row.rank,
                row.entry.config,
                points(row.entry.balance.index),
                points(row.entry.balance.seat_spread),
                next
            );
        }
        let _ = writeln!(text);
    }
    text
}

/// The chart: per player count, each config's balance index with its interval, in rank
/// order; a config is marked when it is significantly more balanced than the next.
pub fn charts(rows: &[Ranked]) -> Vec<ChartSection> {
    let mut counts: Vec<u8> = rows.iter().map(|r| r.players).collect();
    counts.dedup();
    let charts = counts
        .iter()
        .map(|&players| Chart {
            caption: format!("{players} players"),
            bars: rows
                .iter()
                .filter(|r| r.players == players)
                .map(|r| Bar {
                    label: format!("{}. {}", r.rank, r.entry.config),
                    value: r.entry.balance.index.map(|b| b.value),
                    interval: r.entry.balance.index.map(|b| (b.lo, b.hi)),
                    marked: r.to_next.is_some_and(|d| d.significant()),
                })
                .collect(),
            scale: Scale::Points,
            reference: None,
        })
        .collect();
    vec![ChartSection {
        id: "rank".into(),
        heading: "Balance index by config".into(),
        description: "Lower is more balanced. Orange: significantly more balanced than the \
                      config below it (paired jackknife over groups of games)."
            .into(),
        charts,
        heatmap: None,
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::balance::{Spread, picks_dim, seat_dim, won_dim};

    /// A group of `games` games at 4 players, two rounds: 8 picks per game, half of them of
    /// character 0, whose pickers win `won0` times; character 1's pickers win the rest of
    /// the 2 winning picks per game, so the pick-weighted mean stays 1/4.
    fn group(games: u64, won0: u64) -> Totals {
        let mut t = Totals {
            players: 4,
            games,
            sums: [0; balance::DIM],
        };
        let picks = 4 * games;
        t.sums[picks_dim(0)] = picks;
        t.sums[picks_dim(1)] = picks;
        t.sums[won_dim(0)] = won0;
        t.sums[won_dim(1)] = 2 * games - won0;
        t.sums[seat_dim(0)] = games;
        t
    }

    fn total(groups: &[Totals]) -> Totals {
        let mut t = groups[0];
        t.sums = [0; balance::DIM];
        t.games = 0;
        for g in groups {
            t.games += g.games;
            for (a, b) in t.sums.iter_mut().zip(&g.sums) {
                *a += b;
            }
        }
        t
    }

    fn entry<'a>(name: &'a str, groups: &'a [Totals]) -> Entry<'a> {
        let totals = total(groups);
        let value = totals.index_value();
        Entry {
            config: name,
            balance: Balance {
                index: value.map(|v| Spread {
                    value: v,
                    lo: v,
                    hi: v,
                }),
                seat_spread: None,
                seat_p_value: None,
            },
            totals,
            groups,
        }
    }

    #[test]
    fn configs_are_ordered_and_neighbours_flagged() {
        // 8 groups of 100 games (400 picks per character per group; an even share is 100
        // winning picks). "even": character 0's pickers win 100 +- 8 per group (index 0);
        // "slight": 102 +- 8 (index 0.5 points, within the noise of "even");
        // "skewed": 130 +- 8 (index 7.5 points, far above both).
        let noise = [8i64, -8, 6, -6, 4, -4, 2, -2];
        let make = |base: i64| -> Vec<Totals> {
            noise
                .iter()
                .map(|n| group(100, (base + n) as u64))
                .collect()
        };
        let (even, slight, skewed) = (make(100), make(102), make(130));
        // Given out of order on the command line.
        let entries = [
            entry("skewed", &skewed),
            entry("even", &even),
            entry("slight", &slight),
        ];
        let ranked = rank(4, &entries);
        let names: Vec<&str> = ranked.iter().map(|r| r.entry.config).collect();
        assert_eq!(names, ["even", "slight", "skewed"]);
        assert_eq!(ranked[0].rank, 1);
        let first = ranked[0].to_next.unwrap();
        assert!(!first.significant(), "even vs slight: {first:?}");
        let second = ranked[1].to_next.unwrap();
        assert!(second.significant() && second.value > 0.0, "{second:?}");
        assert!(ranked[2].to_next.is_none());
        let csv = String::from_utf8(csv(&ranked).unwrap()).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert!(lines[1].starts_with("4,1,even,800,") && lines[1].ends_with(",no"));
        assert!(lines[2].starts_with("4,2,slight,") && lines[2].ends_with(",yes"));
        assert!(lines[3].starts_with("4,3,skewed,") && lines[3].ends_with(","));
    }
}
