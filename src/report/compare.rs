//! `compare`: two runs' tables joined on their key columns, one row per key and measure
//! with A's value, B's value and the difference `B - A`; rates get Newcombe's interval, a
//! p-value and a `significant` flag after Holm's correction over the tested rows of the
//! table (`stats::difference`). Works from the two sides' typed results (`ResultTable`, the
//! exact values and intervals, not their 4-decimal text), column by column, so new columns
//! are compared too.

use super::html::chart::{Bar, Chart, Scale};
use super::html::{ChartSection, table_title};
use super::result_table::{Cell, ResultTable as Table};
use crate::stats::difference::{self, ALPHA, Interval, newcombe};
use std::collections::HashMap;
use std::fmt::Write;
use std::io;

/// Per-count measures that are spreads of rates (`stats::balance`), always summarised.
const SPREADS: [&str; 2] = ["balance_index", "seat_spread"];

/// Columns that are neither keys nor compared: they describe the key (a character's rank),
/// or are a test whose difference means nothing (the p-value of equal seats: each side's
/// own test is in its run's report; the seat spread's difference is compared).
const DESCRIPTIVE: [&str; 2] = ["rank", "seat_p_value"];

/// One side's value of a measure: its cell, as its table holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Value(pub Cell);

impl Value {
    /// The value as its table's CSV writes it.
    pub fn text(&self) -> String {
        self.0.field()
    }

    /// A defined rate with its interval.
    pub fn interval(&self) -> Option<Interval> {
        self.0.interval().and_then(|r| {
            Some(Interval {
                value: r.value?,
                lo: r.lo,
                hi: r.hi,
            })
        })
    }
}

/// One compared measure of one key.
#[derive(Clone, Debug, PartialEq)]
pub struct DeltaRow {
    /// The key columns' values (players first).
    pub key: Vec<String>,
    pub measure: String,
    /// `None` when the key is missing from that side (a character only one cast has).
    pub a: Option<Value>,
    pub b: Option<Value>,
    /// `b - a`, when both sides have a number.
    pub delta: Option<f64>,
    /// For rates with both sides defined: the difference's interval and p-values.
    pub test: Option<Test>,
}

/// The test of a rate difference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Test {
    pub difference: difference::Difference,
    /// Holm-adjusted over the tested rows of the table.
    pub p_holm: f64,
}

impl Test {
    pub fn significant(&self) -> bool {
        self.p_holm < ALPHA
    }
}

/// A compared table.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub name: String,
    pub key_names: Vec<String>,
    pub rows: Vec<DeltaRow>,
}

/// The measures of a table: rate columns and numeric columns, not keys or descriptive
/// columns.
fn measures(table: &Table) -> Vec<String> {
    let keys = table.key_columns();
    (0..table.columns.len())
        .filter(|&i| {
            !keys.contains(&i)
                && !DESCRIPTIVE.contains(&table.columns[i].name)
                && (table.is_rate(i) || table.is_numeric(i))
        })
        .map(|i| table.columns[i].name.to_string())
        .collect()
}

fn key_of(table: &Table, row: &[Cell]) -> Vec<String> {
    table
        .key_columns()
        .iter()
        .map(|&k| row[k].field())
        .collect()
}

fn value_of(table: &Table, row: &[Cell], measure: &str) -> Option<Value> {
    let column = table.column(measure)?;
    Some(Value(row[column].clone()))
}

/// Joins two tables of the same name. Rows in A's order, then the keys only B has; within
/// a key, measures in column order (A's columns, then B's new ones).
pub fn compare(a: &Table, b: &Table) -> io::Result<Comparison> {
    let key_names: Vec<String> = a
        .key_columns()
        .iter()
        .map(|&k| a.columns[k].name.to_string())
        .collect();
    let b_keys: Vec<String> = b
        .key_columns()
        .iter()
        .map(|&k| b.columns[k].name.to_string())
        .collect();
    if key_names != b_keys {
        return Err(io::Error::other(format!(
            "{}: the two sides have different key columns ({} and {})",
            a.name,
            key_names.join(","),
            b_keys.join(",")
        )));
    }
    let mut names = measures(a);
    for m in measures(b) {
        if !names.contains(&m) {
            names.push(m);
        }
    }
    let b_index: HashMap<Vec<String>, usize> = b
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| (key_of(b, row), i))
        .collect();
    // (key, A's row, B's row)
    type Pair<'t> = (Vec<String>, Option<&'t Vec<Cell>>, Option<&'t Vec<Cell>>);
    let mut pairs: Vec<Pair> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for row in &a.rows {
        let key = key_of(a, row);
        seen.insert(key.clone());
        let other = b_index.get(&key).map(|&i| &b.rows[i]);
        pairs.push((key, Some(row), other));
    }
    for row in &b.rows {
        let key = key_of(b, row);
        if !seen.contains(&key) {
            pairs.push((key, None, Some(row)));
        }
    }
    let mut rows = Vec::new();
    for (key, row_a, row_b) in pairs {
        for measure in &names {
            let a_value = row_a.and_then(|r| value_of(a, r, measure));
            let b_value = row_b.and_then(|r| value_of(b, r, measure));
            let number = |v: &Option<Value>| v.as_ref().and_then(|v| v.0.number());
            let delta = number(&a_value).zip(number(&b_value)).map(|(x, y)| y - x);
            let test = match (
                a_value.as_ref().and_then(Value::interval),
                b_value.as_ref().and_then(Value::interval),
            ) {
                (Some(ia), Some(ib)) => Some(Test {
                    difference: newcombe(ia, ib),
                    p_holm: 1.0,
                }),
                _ => None,
            };
            rows.push(DeltaRow {
                key: key.clone(),
                measure: measure.clone(),
                a: a_value,
                b: b_value,
                delta,
                test,
            });
        }
    }
    let tested: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].test.is_some())
        .collect();
    let p: Vec<f64> = tested
        .iter()
        .filter_map(|&i| rows[i].test.map(|t| t.difference.p_value))
        .collect();
    for (&i, adjusted) in tested.iter().zip(difference::holm(&p)) {
        if let Some(test) = &mut rows[i].test {
            test.p_holm = adjusted;
        }
    }
    Ok(Comparison {
        name: a.name.to_string(),
        key_names,
        rows,
    })
}

fn f4(v: f64) -> String {
    format!("{v:.4}")
}

/// A difference: whole numbers stay whole (counts), others get 4 decimals.
fn delta_text(row: &DeltaRow) -> String {
    let whole = |v: &Option<Value>| v.as_ref().is_some_and(|v| v.0.is_whole());
    match row.delta {
        Some(d) if whole(&row.a) && whole(&row.b) => format!("{d:.0}"),
        Some(d) => f4(d),
        None => String::new(),
    }
}

/// The compared table as CSV: key columns, `measure`, `a`, `a_lo`, `a_hi`, `b`, `b_lo`,
/// `b_hi`, `delta`, `delta_lo`, `delta_hi`, `p_value`, `p_holm`, `significant`.
pub fn to_csv(c: &Comparison) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = c.key_names.clone();
    header.extend(
        [
            "measure",
            "a",
            "a_lo",
            "a_hi",
            "b",
            "b_lo",
            "b_hi",
            "delta",
            "delta_lo",
            "delta_hi",
            "p_value",
            "p_holm",
            "significant",
        ]
        .map(String::from),
    );
    w.write_record(&header)?;
    for row in &c.rows {
        let side = |v: &Option<Value>| -> [String; 3] {
            match v {
                None => Default::default(),
                Some(v) => match v.interval() {
                    Some(i) => [v.text(), f4(i.lo), f4(i.hi)],
                    None => [v.text(), String::new(), String::new()],
                },
            }
        };
        let mut record = row.key.clone();
        record.push(row.measure.clone());
        record.extend(side(&row.a));
        record.extend(side(&row.b));
        record.push(delta_text(row));
        match row.test {
            Some(t) => record.extend([
                f4(t.difference.lo),
                f4(t.difference.hi),
                format!("{:.3e}", t.difference.p_value),
                format!("{:.3e}", t.p_holm),
                t.significant().to_string(),
            ]),
            None => record.extend(std::iter::repeat_n(String::new(), 5)),
        }
        w.write_record(&record)?;
    }
    w.into_inner().map_err(|e| io::Error::other(e.to_string()))
}

/// A row's label without the player count (`King`, `seat 0`).
fn label(c: &Comparison, row: &DeltaRow) -> String {
    let parts: Vec<String> = c
        .key_names
        .iter()
        .zip(&row.key)
        .filter(|(name, _)| name.as_str() != "players")
        .map(|(name, value)| {
            if value.parse::<f64>().is_ok() {
                format!("{name} {value}")
            } else {
                value.clone()
            }
        })
        .collect();
    parts.join(" ")
}

/// The number a row is keyed by besides the player count (a seat, a count of rounds), if it
/// has one key more and that key is a number.
fn number_of(c: &Comparison, row: &DeltaRow) -> Option<f64> {
    let mut others = c
        .key_names
        .iter()
        .zip(&row.key)
        .filter(|(name, _)| name.as_str() != "players");
    match (others.next(), others.next()) {
        (Some((_, value)), None) => value.parse().ok(),
        _ => None,
    }
}

fn players_of(c: &Comparison, row: &DeltaRow) -> String {
    c.key_names
        .iter()
        .position(|k| k == "players")
        .map(|i| row.key[i].clone())
        .unwrap_or_default()
}

fn pct(v: f64) -> String {
    format!("{:.1}%", v * 100.0)
}

fn points(v: f64) -> String {
    format!("{:+.1}", v * 100.0)
}

/// The readable summary: per table, the rows tested and the significant differences, the
/// keys only one side has; per player count, the differences of the per-count measures.
pub fn summary(a_name: &str, b_name: &str, comparisons: &[Comparison]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "A = {a_name}\nB = {b_name}");
    let _ = writeln!(
        out,
        "delta = B - A, in percentage points for rates; 95% Newcombe intervals; significant = \
         Holm-adjusted p < {ALPHA} over the tested rows of each table"
    );
    for c in comparisons {
        let tested: Vec<&DeltaRow> = c.rows.iter().filter(|r| r.test.is_some()).collect();
        let significant: Vec<&DeltaRow> = tested
            .iter()
            .copied()
            .filter(|r| r.test.is_some_and(|t| t.significant()))
            .collect();
        let _ = writeln!(
            out,
            "\n== {} ==\n{} differences tested, {} significant",
            c.name,
            tested.len(),
            significant.len()
        );
        let width = c
            .rows
            .iter()
            .map(|r| label(c, r).len())
            .max()
            .unwrap_or(0)
            .max(5);
        let per_count = c.key_names.iter().all(|k| k == "players");
        // A per-count table's spreads are listed below, in points, significant or not.
        let listed_below = |r: &DeltaRow| per_count && SPREADS.contains(&r.measure.as_str());
        for r in significant.iter().filter(|r| !listed_below(r)) {
            let (Some(a), Some(b), Some(t)) = (&r.a, &r.b, r.test) else {
                continue;
            };
            let (Some(ia), Some(ib)) = (a.interval(), b.interval()) else {
                continue;
            };
            let d = t.difference;
            let _ = writeln!(
                out,
                "  {:>2} players  {:<width$}  {:<10} A {:>6}  B {:>6}  delta {:>5} pts [{}, {}]  \
                 Holm {}",
                players_of(c, r),
                label(c, r),
                r.measure,
                pct(ia.value),
                pct(ib.value),
                points(d.delta),
                points(d.lo),
                points(d.hi),
                super::summary_txt::p_text(t.p_holm),
            );
        }
        let mut only = |side: &str, pick: fn(&DeltaRow) -> bool| {
            // Each label once, in the table's order; numbered rows (seats, rounds) in the
            // order of their numbers, whichever player count listed them first.
            let mut labelled: Vec<(String, Option<f64>)> = Vec::new();
            for r in c.rows.iter().filter(|r| pick(r)) {
                let name = label(c, r);
                if !name.is_empty() && !labelled.iter().any(|(n, _)| *n == name) {
                    labelled.push((name, number_of(c, r)));
                }
            }
            if labelled.iter().all(|(_, number)| number.is_some()) {
                labelled.sort_by(|(_, x), (_, y)| x.unwrap_or(0.0).total_cmp(&y.unwrap_or(0.0)));
            }
            let names: Vec<String> = labelled.into_iter().map(|(name, _)| name).collect();
            if !names.is_empty() {
                let _ = writeln!(out, "  only in {side}: {}", names.join(", "));
            }
        };
        only("A", |r| r.b.is_none());
        only("B", |r| r.a.is_none());
        if per_count {
            // The balance index and the seat spread (spreads of rates, in points) whether or
            // not their difference is significant.
            for r in c
                .rows
                .iter()
                .filter(|r| SPREADS.contains(&r.measure.as_str()))
            {
                let (Some(a), Some(b), Some(t)) = (&r.a, &r.b, r.test) else {
                    continue;
                };
                let (Some(ia), Some(ib)) = (a.interval(), b.interval()) else {
                    continue;
                };
                let d = t.difference;
                let _ = writeln!(
                    out,
                    "  {:>2} players  {:<20} A {:>6.2} pts  B {:>6.2} pts  delta {:>5} pts [{}, {}]{}",
                    players_of(c, r),
                    r.measure,
                    100.0 * ia.value,
                    100.0 * ib.value,
                    points(d.delta),
                    points(d.lo),
                    points(d.hi),
                    if t.significant() { "  significant" } else { "" }
                );
            }
            for r in c.rows.iter().filter(|r| r.test.is_none()) {
                let text =
                    |v: &Option<Value>| v.as_ref().map(Value::text).unwrap_or_else(|| "-".into());
                let _ = writeln!(
                    out,
                    "  {:>2} players  {:<20} A {:>10}  B {:>10}  delta {:>10}",
                    players_of(c, r),
                    r.measure,
                    text(&r.a),
                    text(&r.b),
                    delta_text(r)
                );
            }
        }
    }
    out
}

/// Charts of the rate differences: per table and rate measure, one chart per player count,
/// each bar `B - A` with its interval, significant bars marked.
pub fn charts(comparisons: &[Comparison]) -> Vec<ChartSection> {
    let mut sections = Vec::new();
    for c in comparisons {
        let stem = c.name.trim_end_matches(".csv");
        let mut measures: Vec<&str> = Vec::new();
        for r in c.rows.iter().filter(|r| r.test.is_some()) {
            if !measures.contains(&r.measure.as_str()) {
                measures.push(&r.measure);
            }
        }
        for measure in measures {
            let rows: Vec<&DeltaRow> = c
                .rows
                .iter()
                .filter(|r| r.measure == measure && (r.a.is_some() || r.b.is_some()))
                .collect();
            let mut counts: Vec<String> = Vec::new();
            for r in &rows {
                let p = players_of(c, r);
                if !counts.contains(&p) {
                    counts.push(p);
                }
            }
            let per_count = c.key_names.iter().all(|k| k == "players");
            let chart_of = |caption: String, rows: Vec<&&DeltaRow>| Chart {
                caption,
                bars: rows
                    .iter()
                    .map(|r| Bar {
                        label: {
                            let name = if per_count {
                                format!("{} players", players_of(c, r))
                            } else {
                                label(c, r)
                            };
                            match (&r.a, &r.b) {
                                (None, _) => format!("{name} (only in B)"),
                                (_, None) => format!("{name} (only in A)"),
                                _ => name,
                            }
                        },
                        value: r.test.map(|t| t.difference.delta),
                        interval: r.test.map(|t| (t.difference.lo, t.difference.hi)),
                        marked: r.test.is_some_and(|t| t.significant()),
                    })
                    .collect(),
                scale: Scale::Points,
                reference: None,
            };
            let charts = if per_count {
                vec![chart_of("by player count".into(), rows.iter().collect())]
            } else {
                counts
                    .iter()
                    .map(|p| {
                        chart_of(
                            format!("{p} players"),
                            rows.iter().filter(|r| &players_of(c, r) == p).collect(),
                        )
                    })
                    .collect()
            };
            sections.push(ChartSection {
                id: format!("{stem}-{measure}"),
                heading: format!("{}: {measure}, B - A", table_title(&c.name)),
                description: "Difference in percentage points with its 95% interval; orange \
                              bars are significant after Holm's correction over the table. \
                              No bar: the row is on one side only, or a side has no data."
                    .into(),
                heatmap: None,
                charts,
            });
        }
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::result_table::Kind;
    use crate::report::{Rate, fixed};

    /// A characters table: (players, character, rank, picked, wins, mean score); the win
    /// rate is `wins / picked` with its Wilson interval, from the counts.
    fn characters(rows: &[(u64, &str, u64, u64, u64, f64)]) -> Table {
        let mut t = Table::new(
            "characters.csv",
            &[
                ("players", Kind::Whole),
                ("character", Kind::Text),
                ("rank", Kind::Whole),
                ("picked", Kind::Whole),
                ("win_rate", Kind::Rate),
                ("mean_score", Kind::Number),
            ],
        );
        for &(players, name, rank, picked, wins, score) in rows {
            t.push(vec![
                Cell::whole(players),
                Cell::text(name),
                Cell::whole(rank),
                Cell::whole(picked),
                Cell::rate(Rate::of(wins, picked)),
                Cell::Number(Some(score)),
            ]);
        }
        t
    }

    fn bounds(rate: Rate) -> String {
        format!(
            "{},{},{}",
            fixed(rate.value),
            fixed(Some(rate.lo)),
            fixed(Some(rate.hi))
        )
    }

    #[test]
    fn rows_join_on_keys_and_rates_are_tested() {
        let a = characters(&[
            (4, "King", 4, 1000, 250, 20.1),
            (4, "Witch", 1, 1000, 200, 19.0),
        ]);
        let b = characters(&[
            (4, "King", 4, 1000, 350, 22.0),
            (4, "Thief", 2, 900, 180, 18.5),
        ]);
        let c = compare(&a, &b).unwrap();
        assert_eq!(c.key_names, ["players", "character"]);
        let measures: Vec<&str> = c.rows.iter().take(3).map(|r| r.measure.as_str()).collect();
        assert_eq!(measures, ["picked", "win_rate", "mean_score"]);
        let king_win = &c.rows[1];
        assert!((king_win.delta.unwrap() - 0.1).abs() < 1e-9);
        let t = king_win.test.unwrap();
        assert!(t.difference.lo > 0.05 && t.difference.hi < 0.15, "{t:?}");
        assert!(t.significant());
        // The Witch only in A, the Thief only in B: no difference, no test.
        let witch: Vec<&DeltaRow> = c.rows.iter().filter(|r| r.key[1] == "Witch").collect();
        assert!(witch.iter().all(|r| r.b.is_none() && r.delta.is_none()));
        assert!(c.rows.iter().any(|r| r.key[1] == "Thief" && r.a.is_none()));
        let csv = String::from_utf8(to_csv(&c).unwrap()).unwrap();
        assert!(csv.starts_with(
            "players,character,measure,a,a_lo,a_hi,b,b_lo,b_hi,delta,delta_lo,delta_hi,\
             p_value,p_holm,significant\n4,King,picked,1000,,,1000,,,0,,,,,\n"
        ));
        let king = format!(
            "\n4,King,win_rate,{},{},0.1000,",
            bounds(Rate::of(250, 1000)),
            bounds(Rate::of(350, 1000))
        );
        assert!(csv.contains(&king), "{csv}");
        let text = summary("preset a", "preset b", &[c]);
        assert!(
            text.contains("1 differences tested, 1 significant"),
            "{text}"
        );
        assert!(text.contains("only in A: Witch") && text.contains("only in B: Thief"));
        // The p-value as the other summaries print it, not `3.4e-12` or `0.0e0`.
        assert!(
            text.contains("Holm p < 0.001") && !text.contains("e-"),
            "{text}"
        );
    }

    /// The differences come from the exact values, not their 4-decimal text: a mean score
    /// of 1/3 against 2/3 differs by 0.3333 (the texts 0.3333 and 0.6667 would say
    /// 0.3334), and the test is Newcombe's on the exact Wilson intervals.
    #[test]
    fn differences_come_from_the_exact_values() {
        let a = characters(&[(4, "King", 4, 3, 1, 1.0 / 3.0)]);
        let b = characters(&[(4, "King", 4, 3, 2, 2.0 / 3.0)]);
        let c = compare(&a, &b).unwrap();
        let score = c.rows.iter().find(|r| r.measure == "mean_score").unwrap();
        assert_eq!(delta_text(score), "0.3333");
        let win = c.rows.iter().find(|r| r.measure == "win_rate").unwrap();
        let exact = |k, n| {
            let r = Rate::of(k, n);
            Interval {
                value: r.value.unwrap(),
                lo: r.lo,
                hi: r.hi,
            }
        };
        assert_eq!(
            win.test.unwrap().difference,
            newcombe(exact(1, 3), exact(2, 3))
        );
    }

    /// The rows only one side has are listed once each, numbered rows in the order of their
    /// numbers: B's longer games at 4 players (21 and 22 rounds) and at 5 (20 rounds) read
    /// "rounds 20, rounds 21, rounds 22", not in the order B's table lists them.
    #[test]
    fn rows_only_one_side_has_are_listed_in_number_order() {
        let rounds = |rows: &[(u64, u64, u64)]| {
            let mut t = Table::new(
                "rounds.csv",
                &[
                    ("players", Kind::Whole),
                    ("rounds", Kind::Whole),
                    ("games", Kind::Whole),
                ],
            );
            for &(players, rounds, games) in rows {
                t.push(vec![
                    Cell::whole(players),
                    Cell::whole(rounds),
                    Cell::whole(games),
                ]);
            }
            t
        };
        let a = rounds(&[(4, 19, 5), (5, 19, 4), (5, 21, 1)]);
        let b = rounds(&[(4, 19, 3), (4, 21, 2), (4, 22, 1), (5, 19, 2), (5, 20, 1)]);
        let text = summary("preset a", "preset b", &[compare(&a, &b).unwrap()]);
        assert!(
            text.contains("only in B: rounds 20, rounds 21, rounds 22\n"),
            "{text}"
        );
        assert!(text.contains("only in A: rounds 21\n"), "{text}");
    }

    /// A per-count table's balance index is summarised once, in points, with its interval,
    /// not also among the significant differences as a percentage; the test of equal seats
    /// is not compared.
    #[test]
    fn spreads_are_summarised_once_in_points() {
        let per_count = |value: f64, lo: f64, hi: f64, p: f64| {
            let mut t = Table::new(
                "player_counts.csv",
                &[
                    ("players", Kind::Whole),
                    ("games", Kind::Whole),
                    ("balance_index", Kind::Rate),
                    ("seat_p_value", Kind::PValue),
                ],
            );
            t.push(vec![
                Cell::whole(4),
                Cell::whole(20000),
                Cell::rate(Rate {
                    value: Some(value),
                    lo,
                    hi,
                }),
                Cell::PValue(Some(p)),
            ]);
            t
        };
        let (a, b) = (
            per_count(0.0160, 0.0150, 0.0170, 0.0312),
            per_count(0.0137, 0.0128, 0.0146, 4.1e-9),
        );
        let c = compare(&a, &b).unwrap();
        assert!(
            c.rows
                .iter()
                .any(|r| r.test.is_some_and(|t| t.significant()))
        );
        let text = summary("preset a", "preset b", &[c]);
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("balance_index"))
            .collect();
        assert_eq!(lines.len(), 1, "{text}");
        // The p-value of equal seats is not compared (a difference of p-values means nothing).
        assert!(!text.contains("seat_p_value"), "{text}");
        assert!(
            lines[0].contains("A   1.60 pts  B   1.37 pts  delta  -0.2 pts")
                && lines[0].ends_with("significant"),
            "{text}"
        );
    }

    #[test]
    fn identical_sides_differ_nowhere() {
        let a = characters(&[(4, "King", 4, 1000, 250, 20.1), (5, "King", 4, 10, 2, 19.0)]);
        let c = compare(&a, &a).unwrap();
        for r in c.rows.iter().filter_map(|r| r.test) {
            assert_eq!(r.difference.delta, 0.0);
            assert!(!r.significant());
        }
        assert_eq!(charts(&[c]).len(), 1);
    }
}
