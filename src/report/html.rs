//! `report.html`: one self-contained page (inline CSS and SVG, no script, no network) with a
//! bar chart per rate column and player count of every table, drawn from its typed results
//! (`ResultTable`, the exact values), so a column added to a table gets its chart without
//! code here. Bytes are deterministic: no dates, fixed number formats.

pub mod chart;
pub mod heatmap;

use super::result_table::{Cell, ResultTable as Table};
use chart::{Bar, Chart, Scale};
use heatmap::Heatmap;
use maud::{DOCTYPE, Markup, html};

/// What the page is about: a title, facts (label, value) listed at the top, and notes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    pub title: String,
    pub facts: Vec<(String, String)>,
    pub notes: Vec<String>,
}

/// A titled group of charts (for example the characters' win rates, one chart per player
/// count).
#[derive(Clone, Debug, PartialEq)]
pub struct ChartSection {
    pub id: String,
    pub heading: String,
    pub description: String,
    /// Drawn above the charts.
    pub heatmap: Option<Heatmap>,
    pub charts: Vec<Chart>,
}

/// "characters.csv" -> "Characters", "player_counts.csv" -> "Player counts".
pub fn table_title(file: &str) -> String {
    let stem = file.trim_end_matches(".csv").replace('_', " ");
    let mut chars = stem.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What a table's rows are, for the known tables.
fn table_description(file: &str) -> &'static str {
    match file {
        "characters.csv" => {
            "Per character: win_rate is the share of its picks made by a player who won the game."
        }
        "seats.csv" => "Per seat, counted from the first crown holder (seat 0).",
        "bots.csv" => "Per bot spec of --bots, over the seats it played.",
        "districts.csv" => {
            "Per district: win_rate is the share of the final cities containing it that won."
        }
        "player_counts.csv" => {
            "Per player count, over its finished games. balance_index: the pick-weighted \
             root-mean-square deviation of the characters' win rates from 1/N; seat_spread: \
             the best minus the worst seat's win rate (both in points, docs/balance.md)."
        }
        "rounds.csv" => {
            "Per player count and number of rounds: the finished games that lasted so long."
        }
        _ => "",
    }
}

/// What one rate column of a table measures, for the known ones; others get the table's
/// description.
fn column_description(file: &str, column: &str) -> Option<&'static str> {
    Some(match (file, column) {
        ("characters.csv", "pick_rate") => {
            "Per character: pick_rate is the share of the rounds it was in the cast in which a \
             player held it when the turns began."
        }
        ("characters.csv", "available_pick_rate") => {
            "Per character: available_pick_rate is how often it was taken when it was offered \
             in the draft (picks over the rounds it was available)."
        }
        ("districts.csv", "build_rate") => {
            "Per district: build_rate is the share of the games with it in the deck in which it \
             was built at least once."
        }
        ("seats.csv", "win_rate") => {
            "Per seat, counted from the first crown holder (seat 0): win_rate is the share of \
             its games it won."
        }
        ("bots.csv", "win_rate") => {
            "Per bot spec of --bots: win_rate is the share of the seats it played that won."
        }
        _ => return None,
    })
}

/// The character × player count heatmap of win rate minus the even share (1/N at N
/// players), which shows at a glance what the per-count win rate charts show one by one.
fn even_share_heatmap(table: &Table) -> Option<ChartSection> {
    let win = table.column("win_rate").filter(|&i| table.is_rate(i))?;
    let name = table.column("character")?;
    let counts = table.player_counts();
    let mut characters: Vec<String> = Vec::new();
    for row in &table.rows {
        let character = row[name].field();
        if !characters.contains(&character) {
            characters.push(character);
        }
    }
    let pct = |v: f64| Scale::Percent.format(v);
    let rows = characters
        .iter()
        .map(|character| {
            let cells = counts
                .iter()
                .map(|players| {
                    let even = players.parse::<f64>().map_or(0.0, |n| 1.0 / n);
                    let rate = table
                        .rows_at(players)
                        .find(|r| r[name].field() == *character)
                        .and_then(|r| r[win].interval());
                    match rate.and_then(|r| Some((r.value?, r.lo, r.hi))) {
                        Some((v, lo, hi)) => heatmap::Cell {
                            value: Some(v - even),
                            title: format!(
                                "{character}, {players} players: win rate {} (95% interval {} \
                                 to {}), even share {}",
                                pct(v),
                                pct(lo),
                                pct(hi),
                                pct(even)
                            ),
                        },
                        None => heatmap::Cell {
                            value: None,
                            title: format!("{character}, {players} players: no data"),
                        },
                    }
                })
                .collect();
            (character.clone(), cells)
        })
        .collect();
    Some(ChartSection {
        id: "characters-win_rate-even_share".into(),
        heading: "Characters: win_rate minus the even share".into(),
        description: "Per character and player count: its win rate minus 1/N, an even share \
                      at N players, in percentage points (red: it wins more than an even \
                      share, blue: less; empty: not in the cast). Hover a cell for the win \
                      rate and its 95% interval."
            .into(),
        heatmap: Some(Heatmap {
            caption: "win_rate - 1/N, points".into(),
            columns: counts.iter().map(|p| format!("{p} players")).collect(),
            rows,
            scale: Scale::Points,
        }),
        charts: Vec::new(),
    })
}

/// Columns that are spreads of rates (`stats::balance`), drawn in points rather than as
/// percentages.
const POINT_COLUMNS: [&str; 2] = ["balance_index", "seat_spread"];

/// The label of a row: its key columns other than `players`, a numeric key with its column
/// name (`seat 0`).
fn row_label(table: &Table, row: &[Cell]) -> String {
    let parts: Vec<String> = table
        .key_columns()
        .into_iter()
        .filter(|&k| table.columns[k].name != "players")
        .map(|k| match &row[k] {
            Cell::Text(name) => name.clone(),
            number => format!("{} {}", table.columns[k].name, number.field()),
        })
        .collect();
    parts.join(" ")
}

/// Whether the table's only key is `players` (one row per player count).
fn keyed_by_players(table: &Table) -> bool {
    table
        .key_columns()
        .iter()
        .all(|&k| table.columns[k].name == "players")
}

/// The chart sections of one table: for a table with a row per player count, one section
/// with a chart of each numeric column across player counts; otherwise a section per rate column with one
/// chart per player count (win rates with a dashed line at 1/N, the fair share).
pub fn table_charts(table: &Table) -> Vec<ChartSection> {
    let title = table_title(table.name);
    let stem = table.name.trim_end_matches(".csv");
    let rates = table.rate_columns();
    let description = table_description(table.name).to_string();
    let Some(players_col) = table.column("players") else {
        return Vec::new();
    };
    if keyed_by_players(table) {
        let columns = (0..table.columns.len())
            .filter(|&i| i != players_col && (table.is_rate(i) || table.is_numeric(i)));
        let charts = columns
            .map(|i| {
                let rate = table.is_rate(i);
                let bars = table
                    .rows
                    .iter()
                    .map(|row| Bar {
                        label: format!("{} players", row[players_col].field()),
                        value: row[i].number(),
                        interval: row[i].interval().map(|v| (v.lo, v.hi)),
                        marked: false,
                    })
                    .collect();
                let name = table.columns[i].name;
                Chart {
                    caption: name.to_string(),
                    bars,
                    scale: if POINT_COLUMNS.contains(&name) {
                        Scale::Points
                    } else if rate {
                        Scale::Percent
                    } else {
                        Scale::Number
                    },
                    reference: None,
                }
            })
            .collect();
        return vec![ChartSection {
            id: stem.to_string(),
            heading: title,
            description,
            heatmap: None,
            charts,
        }];
    }
    let heatmap = (table.name == "characters.csv")
        .then(|| even_share_heatmap(table))
        .flatten();
    let bars = rates.iter().map(|&rate| {
        let name = table.columns[rate].name;
        let charts = table
            .player_counts()
            .iter()
            .map(|players| {
                let bars = table
                    .rows_at(players)
                    .map(|row| {
                        let value = row[rate].interval();
                        Bar {
                            label: row_label(table, row),
                            value: value.and_then(|v| v.value),
                            interval: value.map(|v| (v.lo, v.hi)),
                            marked: false,
                        }
                    })
                    .collect();
                let reference = players
                    .parse::<f64>()
                    .ok()
                    .filter(|_| name == "win_rate")
                    .map(|n| (1.0 / n, format!("1/{players}: an even share")));
                Chart {
                    caption: format!("{players} players"),
                    bars,
                    scale: Scale::Percent,
                    reference,
                }
            })
            .collect();
        ChartSection {
            id: format!("{stem}-{name}"),
            heading: format!("{title}: {name}"),
            description: column_description(table.name, name)
                .map_or_else(|| description.clone(), str::to_string),
            heatmap: None,
            charts,
        }
    });
    heatmap.into_iter().chain(bars).collect()
}

const STYLE: &str = "
body { font-family: sans-serif; margin: 1.5em; color: #222; max-width: 1250px; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.8em; border-bottom: 1px solid #ccc; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dl.facts dt { font-weight: bold; } dl.facts dd { margin: 0; font-family: monospace; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; } figcaption { font-weight: bold; font-size: 0.9em; }
svg.chart text { font-size: 11px; font-family: sans-serif; fill: #222; }
svg.chart .grid { stroke: #e4e4e4; } svg.chart .axis { stroke: #888; }
svg.chart .fill { fill: #7da7d9; } svg.chart .marked .fill { fill: #e07b39; }
svg.chart .err { stroke: #222; stroke-width: 1.2; }
svg.chart .reference { stroke: #c33; stroke-dasharray: 4 3; stroke-width: 1.2; }
svg.chart .tick { fill: #666; }
svg.heatmap text { font-size: 11px; font-family: sans-serif; fill: #222; }
svg.heatmap .tick { fill: #666; } svg.heatmap .empty { fill: #f2f2f2; }
";

/// The whole page.
pub fn render(page: &Page, sections: &[ChartSection]) -> String {
    let markup: Markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { (page.title) }
                style { (maud::PreEscaped(STYLE)) }
            }
            body {
                h1 { (page.title) }
                dl.facts {
                    @for (label, value) in &page.facts {
                        dt { (label) } dd { (value) }
                    }
                }
                @for note in &page.notes {
                    p.note { (note) }
                }
                nav {
                    ul {
                        @for s in sections {
                            li { a href={ "#" (s.id) } { (s.heading) } }
                        }
                    }
                }
                @for s in sections {
                    section id=(s.id) {
                        h2 { (s.heading) }
                        @if !s.description.is_empty() {
                            p { (s.description) }
                        }
                        @if let Some(map) = &s.heatmap {
                            figure {
                                figcaption { (map.caption) }
                                (heatmap::svg(map))
                            }
                        }
                        // (A heatmap's section may have no bar chart: no empty box.)
                        @if !s.charts.is_empty() {
                            div.charts {
                                @for c in &s.charts {
                                    figure {
                                        figcaption { (c.caption) }
                                        (chart::svg(c))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    let mut text = markup.into_string();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Rate;
    use crate::report::result_table::Kind;

    fn rate(value: Option<f64>, lo: f64, hi: f64) -> Cell {
        Cell::rate(Rate { value, lo, hi })
    }

    fn seats() -> Table {
        let mut t = Table::new(
            "seats.csv",
            &[
                ("players", Kind::Whole),
                ("seat", Kind::Whole),
                ("games", Kind::Whole),
                ("win_rate", Kind::Rate),
                ("mean_score", Kind::Number),
            ],
        );
        for (players, seat, win, lo, hi, score) in [
            (4, 0, 0.3, 0.1, 0.6, 20.5),
            (4, 1, 0.2, 0.05, 0.5, 19.0),
            (5, 0, 0.1, 0.01, 0.4, 18.0),
        ] {
            t.push(vec![
                Cell::whole(players),
                Cell::whole(seat),
                Cell::whole(10),
                rate(Some(win), lo, hi),
                Cell::Number(Some(score)),
            ]);
        }
        t
    }

    #[test]
    fn a_rate_column_gets_a_chart_per_player_count() {
        let sections = table_charts(&seats());
        assert_eq!(sections.len(), 1);
        let s = &sections[0];
        assert_eq!(s.heading, "Seats: win_rate");
        assert_eq!(s.charts.len(), 2);
        assert_eq!(s.charts[0].bars.len(), 2);
        assert_eq!(s.charts[0].bars[0].label, "seat 0");
        assert_eq!(s.charts[0].bars[0].interval, Some((0.1, 0.6)));
        assert_eq!(s.charts[1].reference.as_ref().unwrap().0, 0.2);
    }

    #[test]
    fn a_table_per_player_count_charts_every_numeric_column() {
        let mut t = Table::new(
            "player_counts.csv",
            &[
                ("players", Kind::Whole),
                ("games", Kind::Whole),
                ("mean_rounds", Kind::Number),
                ("tie_rate", Kind::Rate),
            ],
        );
        for (players, rounds, ties, lo, hi) in [(4, 8.5, 0.1, 0.05, 0.2), (5, 8.1, 0.2, 0.1, 0.3)] {
            t.push(vec![
                Cell::whole(players),
                Cell::whole(10),
                Cell::Number(Some(rounds)),
                rate(Some(ties), lo, hi),
            ]);
        }
        let sections = table_charts(&t);
        assert_eq!(sections.len(), 1);
        assert_eq!(sections[0].heading, "Player counts");
        let captions: Vec<&str> = sections[0]
            .charts
            .iter()
            .map(|c| c.caption.as_str())
            .collect();
        assert_eq!(captions, ["games", "mean_rounds", "tie_rate"]);
        let ties = &sections[0].charts[2];
        assert_eq!(ties.scale, Scale::Percent);
        assert_eq!(ties.bars[1].label, "5 players");
        assert_eq!(ties.bars[1].interval, Some((0.1, 0.3)));
    }

    #[test]
    fn the_page_is_self_contained() {
        let page = Page {
            title: "Report <x>".into(),
            facts: vec![("seed".into(), "7".into())],
            notes: vec![],
        };
        let html = render(&page, &table_charts(&seats()));
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(html.contains("<title>Report &lt;x&gt;</title>"));
        assert_eq!(html.matches("<svg").count(), 2);
        assert!(!html.contains("<script"));
        assert!(!html.contains("src="));
        assert_eq!(html, render(&page, &table_charts(&seats())));
    }

    #[test]
    fn characters_get_an_even_share_heatmap_and_each_chart_its_caption() {
        let mut t = Table::new(
            "characters.csv",
            &[
                ("players", Kind::Whole),
                ("character", Kind::Text),
                ("pick_rate", Kind::Rate),
                ("win_rate", Kind::Rate),
            ],
        );
        let picked = || rate(Some(0.5), 0.4, 0.6);
        t.push(vec![
            Cell::whole(4),
            Cell::text("King"),
            picked(),
            rate(Some(0.3), 0.2, 0.4),
        ]);
        t.push(vec![
            Cell::whole(4),
            Cell::text("Queen"),
            rate(None, 0.0, 1.0),
            rate(None, 0.0, 1.0),
        ]);
        t.push(vec![
            Cell::whole(5),
            Cell::text("King"),
            picked(),
            rate(Some(0.15), 0.1, 0.2),
        ]);
        t.push(vec![
            Cell::whole(5),
            Cell::text("Queen"),
            picked(),
            rate(Some(0.25), 0.2, 0.3),
        ]);
        let sections = table_charts(&t);
        let headings: Vec<&str> = sections.iter().map(|s| s.heading.as_str()).collect();
        assert_eq!(
            headings,
            [
                "Characters: win_rate minus the even share",
                "Characters: pick_rate",
                "Characters: win_rate"
            ]
        );
        assert!(sections[1].description.contains("pick_rate is"));
        assert!(sections[2].description.contains("win_rate is"));
        // The heatmap's section has no bar chart, and the page no empty box for one.
        assert!(sections[0].charts.is_empty());
        let page = Page {
            title: "t".into(),
            facts: vec![],
            notes: vec![],
        };
        let html = render(&page, &sections);
        assert!(!html.contains("<div class=\"charts\"></div>"), "{html}");
        assert_eq!(html.matches("<div class=\"charts\">").count(), 2);
        let map = sections[0].heatmap.as_ref().unwrap();
        assert_eq!(map.columns, ["4 players", "5 players"]);
        let values: Vec<(&str, Vec<Option<i64>>)> = map
            .rows
            .iter()
            .map(|(name, cells)| {
                let points = cells
                    .iter()
                    .map(|c| c.value.map(|v| (v * 1000.0).round() as i64))
                    .collect();
                (name.as_str(), points)
            })
            .collect();
        // 0.30 - 1/4, 0.15 - 1/5; the Queen was not picked at 4 players.
        assert_eq!(
            values,
            [
                ("King", vec![Some(50), Some(-50)]),
                ("Queen", vec![None, Some(50)])
            ]
        );
    }
}
