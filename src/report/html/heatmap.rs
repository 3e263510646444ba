//! A heatmap as inline SVG: rows (characters) × columns (player counts), each cell coloured
//! by a signed value (here a win rate minus the even share, in percentage points): blue
//! below zero, red above, white at zero, with the value written in the cell. Like the bar
//! charts, no font is measured, so the bytes are the same on every machine.

use super::chart::Scale;
use maud::{Markup, html};

/// One cell: its value (`None`: no data) and the tooltip text.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub value: Option<f64>,
    pub title: String,
}

/// A heatmap: column labels, and per row its label and one cell per column.
#[derive(Clone, Debug, PartialEq)]
pub struct Heatmap {
    pub caption: String,
    pub columns: Vec<String>,
    pub rows: Vec<(String, Vec<Cell>)>,
    pub scale: Scale,
}

const CHAR_W: f64 = 6.2;
const LABEL_W: f64 = 110.0;
const CELL_W: f64 = 64.0;
const CELL_H: f64 = 20.0;
const HEAD_H: f64 = 22.0;

fn px(v: f64) -> String {
    format!("{v:.1}")
}

/// The fill of a value on a scale symmetric around zero up to `limit`.
fn colour(value: f64, limit: f64) -> String {
    let t = (value / limit).clamp(-1.0, 1.0);
    // White to #2166ac (blue) below zero, white to #b2182b (red) above.
    let (r, g, b) = if t < 0.0 {
        (33, 102, 172)
    } else {
        (178, 24, 43)
    };
    let mix = |c: u8| (255.0 + (f64::from(c) - 255.0) * t.abs()).round() as u8;
    format!("rgb({},{},{})", mix(r), mix(g), mix(b))
}

/// The SVG of a heatmap. The colour scale is symmetric: its ends are the largest distance
/// from zero (at least 1 point), so the same colour means the same value within one map.
pub fn svg(map: &Heatmap) -> Markup {
    let limit = map
        .rows
        .iter()
        .flat_map(|(_, cells)| cells.iter().filter_map(|c| c.value))
        .fold(0.01f64, |m, v| m.max(v.abs()));
    let longest = map.rows.iter().map(|(l, _)| l.chars().count()).max();
    let label_w = LABEL_W.max(longest.unwrap_or(0) as f64 * CHAR_W);
    let x0 = label_w + 10.0;
    let width = x0 + CELL_W * map.columns.len() as f64 + 4.0;
    let height = HEAD_H + CELL_H * map.rows.len() as f64 + 4.0;
    html! {
        svg class="heatmap" width=(px(width)) height=(px(height))
            viewBox={ "0 0 " (px(width)) " " (px(height)) } role="img" aria-label=(map.caption) {
            @for (j, column) in map.columns.iter().enumerate() {
                text.tick x=(px(x0 + (j as f64 + 0.5) * CELL_W)) y=(px(HEAD_H - 7.0))
                    text-anchor="middle" { (column) }
            }
            @for (i, (label, cells)) in map.rows.iter().enumerate() {
                @let y = HEAD_H + i as f64 * CELL_H;
                text.label x=(px(label_w)) y=(px(y + CELL_H / 2.0 + 4.0)) text-anchor="end" { (label) }
                @for (j, cell) in cells.iter().enumerate() {
                    @let x = x0 + j as f64 * CELL_W;
                    g.cell {
                        title { (cell.title) }
                        @if let Some(v) = cell.value {
                            rect x=(px(x)) y=(px(y)) width=(px(CELL_W - 2.0)) height=(px(CELL_H - 2.0))
                                fill=(colour(v, limit)) {}
                            text.value x=(px(x + CELL_W / 2.0 - 1.0)) y=(px(y + CELL_H / 2.0 + 3.0))
                                text-anchor="middle" { (map.scale.format(v)) }
                        } @else {
                            rect.empty x=(px(x)) y=(px(y)) width=(px(CELL_W - 2.0)) height=(px(CELL_H - 2.0)) {}
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_run_from_blue_through_white_to_red() {
        assert_eq!(colour(0.0, 0.05), "rgb(255,255,255)");
        assert_eq!(colour(0.05, 0.05), "rgb(178,24,43)");
        assert_eq!(colour(-0.1, 0.05), "rgb(33,102,172)");
    }

    #[test]
    fn every_cell_has_its_value_and_title() {
        let cell = |v: Option<f64>| Cell {
            value: v,
            title: format!("{v:?}"),
        };
        let map = Heatmap {
            caption: "c".into(),
            columns: vec!["4 players".into(), "5 players".into()],
            rows: vec![
                ("King".into(), vec![cell(Some(-0.031)), cell(None)]),
                (
                    "Merchant <m>".into(),
                    vec![cell(Some(0.024)), cell(Some(0.0))],
                ),
            ],
            scale: Scale::Points,
        };
        let text = svg(&map).into_string();
        assert_eq!(text.matches("<g class=\"cell\">").count(), 4);
        assert!(text.contains(">-3.1<"), "{text}");
        assert!(text.contains(">+2.4<"), "{text}");
        assert!(text.contains("Merchant &lt;m&gt;"));
        assert_eq!(text.matches("class=\"empty\"").count(), 1);
    }
}
