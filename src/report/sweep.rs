//! `sweep.csv`: the headline balance figures of each combination of swept `[rules]` values
//! and player count, from each combination's typed tables (`ResultTable`).

use super::html::ChartSection;
use super::html::chart::{Bar, Chart, Scale};
use super::result_table::{Cell, ResultTable};
use super::{Rate, balance_columns, fixed};
use crate::stats::balance::{Balance, Spread};
use std::fmt::Write;
use std::io;

/// The headline figures of one combination at one player count.
#[derive(Clone, Debug, PartialEq)]
pub struct Headline {
    pub players: String,
    pub games: u64,
    pub stalled: u64,
    /// The balance index, the seat spread (highest minus lowest seat win rate) and the test
    /// of equal seats, from `player_counts.csv` (`stats::balance`).
    pub balance: Balance,
    /// The characters with the highest and lowest win rate (among those picked).
    pub best: Option<(String, Rate)>,
    pub worst: Option<(String, Rate)>,
    pub mean_rounds: Option<f64>,
    pub ties: u64,
    /// `ties` over finished games (stalled games are not scored).
    pub tie_rate: Rate,
}

fn table<'a>(tables: &'a [ResultTable], name: &str) -> io::Result<&'a ResultTable> {
    tables
        .iter()
        .find(|t| t.name == name)
        .ok_or_else(|| io::Error::other(format!("no {name} in the report")))
}

fn column(t: &ResultTable, name: &str) -> io::Result<usize> {
    t.column(name)
        .ok_or_else(|| io::Error::other(format!("{}: no column {name}", t.name)))
}

/// The headline figures at every player count of one combination's tables
/// (`player_counts.csv`, `characters.csv`), from their exact values.
pub fn headlines(tables: &[ResultTable]) -> io::Result<Vec<Headline>> {
    let counts = table(tables, "player_counts.csv")?;
    let characters = table(tables, "characters.csv")?;
    let [games, stalled, rounds, ties, index, spread, seat_p] = [
        "games",
        "stalled",
        "mean_rounds",
        "ties",
        "balance_index",
        "seat_spread",
        "seat_p_value",
    ]
    .map(|name| column(counts, name));
    let (games, stalled, rounds, ties) = (games?, stalled?, rounds?, ties?);
    let (index, spread, seat_p) = (index?, spread?, seat_p?);
    let (name, win) = (
        column(characters, "character")?,
        column(characters, "win_rate")?,
    );
    let whole = |row: &[Cell], i: usize| row[i].number().unwrap_or(0.0) as u64;
    let mut out = Vec::new();
    for players in counts.player_counts() {
        let Some(row) = counts.rows_at(&players).next() else {
            continue;
        };
        let (g, s, t) = (whole(row, games), whole(row, stalled), whole(row, ties));
        let mut picked: Vec<(String, Rate)> = characters
            .rows_at(&players)
            .filter_map(|r| {
                let rate = r[win].interval()?;
                rate.value?;
                Some((r[name].field(), rate))
            })
            .collect();
        // Stable: among equal rates the first in rank order is named.
        picked.sort_by(|a, b| {
            b.1.value
                .partial_cmp(&a.1.value)
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        out.push(Headline {
            players: players.clone(),
            games: g,
            stalled: s,
            balance: balance_columns::from_cells(&row[index], &row[spread], &row[seat_p]),
            best: picked.first().cloned(),
            worst: picked.last().cloned(),
            mean_rounds: row[rounds].number(),
            ties: t,
            tie_rate: Rate::of(t, g.saturating_sub(s)),
        });
    }
    Ok(out)
}

/// One combination: the swept values (key, value as typed) and its headlines.
#[derive(Clone, Debug, PartialEq)]
pub struct Combination {
    pub values: Vec<(String, String)>,
    pub headlines: Vec<Headline>,
}

impl Combination {
    /// `complete_city=6 starting_gold=3`.
    pub fn label(&self) -> String {
        let parts: Vec<String> = self
            .values
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        parts.join(" ")
    }
}

fn rate_fields(rate: &Option<(String, Rate)>) -> [String; 4] {
    match rate {
        Some((name, r)) => [
            name.clone(),
            fixed(r.value),
            fixed(Some(r.lo)),
            fixed(Some(r.hi)),
        ],
        None => Default::default(),
    }
}

/// `sweep.csv`: one row per combination and player count (combinations in the order
/// played: the first `--set` varies slowest).
pub fn to_csv(combinations: &[Combination]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = combinations
        .first()
        .map(|c| c.values.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    header.extend(["players", "games", "stalled"].map(String::from));
    header.extend(balance_columns::header());
    header.extend(
        [
            "best_character",
            "best_character_win_rate",
            "best_character_win_rate_lo",
            "best_character_win_rate_hi",
            "worst_character",
            "worst_character_win_rate",
            "worst_character_win_rate_lo",
            "worst_character_win_rate_hi",
            "mean_rounds",
            "ties",
            "tie_rate",
            "tie_rate_lo",
            "tie_rate_hi",
        ]
        .map(String::from),
    );
    w.write_record(&header)?;
    for c in combinations {
        for h in &c.headlines {
            let mut record: Vec<String> = c.values.iter().map(|(_, v)| v.clone()).collect();
            record.extend([
                h.players.clone(),
                h.games.to_string(),
                h.stalled.to_string(),
            ]);
            record.extend(balance_columns::fields(&h.balance));
            record.extend(rate_fields(&h.best));
            record.extend(rate_fields(&h.worst));
            record.extend([
                fixed(h.mean_rounds),
                h.ties.to_string(),
                fixed(h.tie_rate.value),
                fixed(Some(h.tie_rate.lo)),
                fixed(Some(h.tie_rate.hi)),
            ]);
            w.write_record(&record)?;
        }
    }
    w.into_inner().map_err(|e| io::Error::other(e.to_string()))
}

fn pct(v: Option<f64>) -> String {
    v.map(|v| format!("{:.1}%", v * 100.0))
        .unwrap_or_else(|| "-".into())
}

/// The readable table: one block per player count, one line per combination.
pub fn summary(base: &str, combinations: &[Combination]) -> String {
    let mut out = format!("base config: {base}\n");
    let width = combinations
        .iter()
        .map(|c| c.label().len())
        .max()
        .unwrap_or(0)
        .max(11);
    let counts: Vec<String> = combinations
        .first()
        .map(|c| c.headlines.iter().map(|h| h.players.clone()).collect())
        .unwrap_or_default();
    for players in counts {
        let _ = writeln!(
            out,
            "\n== {players} players ==\n{:<width$} {:>22} {:>22} {:>22} {:>22} {:>7} {:>6} {:>8}",
            "combination",
            "balance index, points",
            "seat spread, points",
            "best character",
            "worst character",
            "rounds",
            "ties",
            "stalled"
        );
        for c in combinations {
            let Some(h) = c.headlines.iter().find(|h| h.players == players) else {
                continue;
            };
            let who = |r: &Option<(String, Rate)>| {
                r.as_ref()
                    .map(|(n, r)| format!("{n} {}", pct(r.value)))
                    .unwrap_or_else(|| "-".into())
            };
            let _ = writeln!(
                out,
                "{:<width$} {:>22} {:>22} {:>22} {:>22} {:>7} {:>6} {:>8}",
                c.label(),
                super::summary_txt::points(h.balance.index),
                super::summary_txt::points(h.balance.seat_spread),
                who(&h.best),
                who(&h.worst),
                h.mean_rounds
                    .map(|r| format!("{r:.2}"))
                    .unwrap_or_else(|| "-".into()),
                pct(h.tie_rate.value),
                h.stalled,
            );
        }
    }
    out
}

fn spread_bar(spread: Option<Spread>) -> (Option<f64>, Option<(f64, f64)>, String) {
    (
        spread.map(|s| s.value),
        spread.map(|s| (s.lo, s.hi)),
        String::new(),
    )
}

/// Charts: per headline figure, one chart per player count with a bar per combination.
pub fn charts(combinations: &[Combination]) -> Vec<ChartSection> {
    type Pick = fn(&Headline) -> (Option<f64>, Option<(f64, f64)>, String);
    let figures: [(&str, &str, Scale, Pick); 6] = [
        (
            "balance_index",
            "Balance index: pick-weighted RMS deviation of the characters' win rates from \
             1/N, in points",
            Scale::Points,
            |h| spread_bar(h.balance.index),
        ),
        (
            "seat_spread",
            "Seat spread: highest minus lowest seat win rate, in points",
            Scale::Points,
            |h| spread_bar(h.balance.seat_spread),
        ),
        (
            "best_character_win_rate",
            "Best character's win rate",
            Scale::Percent,
            |h| {
                let (name, r) = h.best.clone().unzip();
                (
                    r.and_then(|r| r.value),
                    r.map(|r| (r.lo, r.hi)),
                    name.unwrap_or_default(),
                )
            },
        ),
        (
            "worst_character_win_rate",
            "Worst character's win rate",
            Scale::Percent,
            |h| {
                let (name, r) = h.worst.clone().unzip();
                (
                    r.and_then(|r| r.value),
                    r.map(|r| (r.lo, r.hi)),
                    name.unwrap_or_default(),
                )
            },
        ),
        ("mean_rounds", "Mean rounds", Scale::Number, |h| {
            (h.mean_rounds, None, String::new())
        }),
        (
            "tie_rate",
            "Tie rate (finished games with a tie on points)",
            Scale::Percent,
            |h| {
                (
                    h.tie_rate.value,
                    Some((h.tie_rate.lo, h.tie_rate.hi)),
                    String::new(),
                )
            },
        ),
    ];
    let counts: Vec<String> = combinations
        .first()
        .map(|c| c.headlines.iter().map(|h| h.players.clone()).collect())
        .unwrap_or_default();
    figures
        .iter()
        .map(|(id, heading, scale, pick)| ChartSection {
            id: (*id).into(),
            heading: (*heading).into(),
            description: String::new(),
            heatmap: None,
            charts: counts
                .iter()
                .map(|players| Chart {
                    caption: format!("{players} players"),
                    bars: combinations
                        .iter()
                        .filter_map(|c| {
                            let h = c.headlines.iter().find(|h| &h.players == players)?;
                            let (value, interval, who) = pick(h);
                            let label = if who.is_empty() {
                                c.label()
                            } else {
                                format!("{} ({who})", c.label())
                            };
                            Some(Bar {
                                label,
                                value,
                                interval,
                                marked: false,
                            })
                        })
                        .collect(),
                    scale: *scale,
                    reference: None,
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::report::result_table::Kind;

    fn rate(value: Option<f64>, lo: f64, hi: f64) -> Cell {
        Cell::rate(Rate { value, lo, hi })
    }

    fn tables() -> Vec<ResultTable> {
        let mut characters = ResultTable::new(
            "characters.csv",
            &[
                ("players", Kind::Whole),
                ("character", Kind::Text),
                ("rank", Kind::Whole),
                ("in_play", Kind::Whole),
                ("win_rate", Kind::Rate),
            ],
        );
        for (name, rank, in_play, win) in [
            ("Assassin", 1, 100, rate(Some(0.15), 0.1, 0.2)),
            ("King", 4, 100, rate(Some(0.35), 0.3, 0.4)),
            ("Queen", 9, 0, rate(None, 0.0, 1.0)),
            ("Thief", 2, 100, rate(Some(0.25), 0.2, 0.3)),
        ] {
            characters.push(vec![
                Cell::whole(4),
                Cell::text(name),
                Cell::whole(rank),
                Cell::whole(in_play),
                win,
            ]);
        }
        let mut columns = vec![
            ("players", Kind::Whole),
            ("games", Kind::Whole),
            ("stalled", Kind::Whole),
            ("mean_rounds", Kind::Number),
            ("ties", Kind::Whole),
        ];
        columns.extend(balance_columns::COLUMNS);
        let mut counts = ResultTable::new("player_counts.csv", &columns);
        let mut row = vec![
            Cell::whole(4),
            Cell::whole(100),
            Cell::whole(4),
            Cell::Number(Some(8.5)),
            Cell::whole(12),
        ];
        row.extend(balance_columns::cells(&Balance {
            index: Some(Spread {
                value: 0.0321,
                lo: 0.0295,
                hi: 0.0347,
            }),
            seat_spread: Some(Spread {
                value: 0.1,
                lo: 0.05,
                hi: 0.15,
            }),
            seat_p_value: Some(0.0312),
        }));
        counts.push(row);
        vec![characters, counts]
    }

    #[test]
    fn headline_figures_come_from_the_tables() {
        let h = &headlines(&tables()).unwrap()[0];
        assert_eq!(h.players, "4");
        let spread = h.balance.seat_spread.unwrap();
        assert_eq!((spread.value, spread.lo, spread.hi), (0.1, 0.05, 0.15));
        assert_eq!(h.balance.index.unwrap().value, 0.0321);
        assert_eq!(h.balance.seat_p_value, Some(0.0312));
        assert_eq!(h.best.as_ref().unwrap().0, "King");
        // The Queen was never picked: not a candidate for the worst.
        assert_eq!(h.worst.as_ref().unwrap().0, "Assassin");
        assert_eq!(h.tie_rate.value, Some(12.0 / 96.0));
        let c = Combination {
            values: vec![("complete_city".into(), "6".into())],
            headlines: vec![h.clone()],
        };
        let csv = String::from_utf8(to_csv(std::slice::from_ref(&c)).unwrap()).unwrap();
        let mut lines = csv.lines();
        assert!(
            lines
                .next()
                .unwrap()
                .starts_with("complete_city,players,games,stalled,balance_index,")
        );
        assert!(
            lines.next().unwrap().starts_with(
                "6,4,100,4,0.0321,0.0295,0.0347,0.1000,0.0500,0.1500,0.0312,King,0.3500,\
                     0.3000,0.4000,Assassin,0.1500,"
            ),
            "{csv}"
        );
        let text = summary("preset first-game", std::slice::from_ref(&c));
        assert!(
            text.contains("complete_city=6") && text.contains("3.21 [2.95, 3.47]"),
            "{text}"
        );
        assert_eq!(charts(&[c]).len(), 6);
    }
}
