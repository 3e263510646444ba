//! One horizontal bar chart as inline SVG: a bar per row from zero to the value, its 95%
//! interval as an error bar, the value printed at the right, an optional dashed reference
//! line. Hand-written SVG (through maud, which escapes every label): no fonts are measured,
//! so the bytes are the same on every machine.

use maud::{Markup, html};

/// One bar: a label, a value (`None`: no data) and its interval, if it has one.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub label: String,
    pub value: Option<f64>,
    pub interval: Option<(f64, f64)>,
    /// Marks the bar (for example a significant difference): drawn in the accent colour.
    pub marked: bool,
}

/// How values are written on the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// A share, written as a percentage (`27.3%`).
    Percent,
    /// A difference of shares, in percentage points (`+1.2`).
    Points,
    /// A plain number (`8.42`).
    Number,
}

impl Scale {
    pub fn format(self, v: f64) -> String {
        match self {
            Scale::Percent => format!("{:.1}%", v * 100.0),
            Scale::Points => format!("{:+.1}", v * 100.0),
            // Counts stay whole; means get two decimals.
            Scale::Number if v.fract() == 0.0 => format!("{v:.0}"),
            Scale::Number => format!("{v:.2}"),
        }
    }

    fn tick(self, v: f64) -> String {
        match self {
            Scale::Percent => format!("{}%", trim(v * 100.0)),
            Scale::Points => trim(v * 100.0),
            Scale::Number => trim(v),
        }
    }
}

/// A number without trailing zeros (ticks are round numbers).
fn trim(v: f64) -> String {
    let text = format!("{v:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

/// A chart: its bars, scale and an optional reference line (value and label).
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub caption: String,
    pub bars: Vec<Bar>,
    pub scale: Scale,
    pub reference: Option<(f64, String)>,
}

/// The label column's least width, and an estimate of a label character's width at 11px
/// (no font is measured, so that the bytes never depend on the machine).
const LABEL_W: f64 = 150.0;
const CHAR_W: f64 = 6.2;
const PLOT_W: f64 = 340.0;
/// Room right of the plot for the value.
const VALUE_W: f64 = 80.0;
const ROW_H: f64 = 18.0;
const TOP: f64 = 8.0;
const AXIS_H: f64 = 26.0;

/// Round tick step and domain covering `lo..hi` and zero.
fn axis(lo: f64, hi: f64) -> (f64, f64, f64) {
    let (lo, hi) = (lo.min(0.0), hi.max(0.0));
    let span = if hi - lo > 0.0 { hi - lo } else { 1.0 };
    let raw = span / 5.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude);
    // The tolerance keeps a bound that is already a multiple of the step (like 0) in place.
    let start = (lo / step + 1e-9).floor() * step;
    let end = (hi / step - 1e-9).ceil() * step;
    (start, if end > start { end } else { start + step }, step)
}

fn px(v: f64) -> String {
    format!("{v:.1}")
}

/// The SVG of a chart.
pub fn svg(chart: &Chart) -> Markup {
    let mut lo = 0.0f64;
    let mut hi = 0.0f64;
    for bar in &chart.bars {
        for v in bar
            .value
            .into_iter()
            .chain(bar.interval.map(|i| i.0))
            .chain(bar.interval.map(|i| i.1))
        {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    if let Some((r, _)) = &chart.reference {
        hi = hi.max(*r);
        lo = lo.min(*r);
    }
    let (start, end, step) = axis(lo, hi);
    let longest = chart.bars.iter().map(|b| b.label.chars().count()).max();
    let label_w = LABEL_W.max(longest.unwrap_or(0) as f64 * CHAR_W);
    let plot_x = label_w + 10.0;
    let width = plot_x + PLOT_W + VALUE_W;
    let x = |v: f64| plot_x + (v - start) / (end - start) * PLOT_W;
    let rows = chart.bars.len() as f64;
    let plot_h = rows * ROW_H;
    let height = TOP + plot_h + AXIS_H;
    let ticks: Vec<f64> = (0..=((end - start) / step).round() as usize)
        .map(|i| start + i as f64 * step)
        .collect();
    let zero = x(0.0);
    html! {
        svg class="chart" width=(px(width)) height=(px(height))
            viewBox={ "0 0 " (px(width)) " " (px(height)) } role="img" aria-label=(chart.caption) {
            @for t in &ticks {
                line.grid x1=(px(x(*t))) x2=(px(x(*t))) y1=(px(TOP)) y2=(px(TOP + plot_h)) {}
                text.tick x=(px(x(*t))) y=(px(TOP + plot_h + 16.0)) text-anchor="middle" {
                    (chart.scale.tick(*t))
                }
            }
            line.axis x1=(px(zero)) x2=(px(zero)) y1=(px(TOP)) y2=(px(TOP + plot_h)) {}
            @for (i, bar) in chart.bars.iter().enumerate() {
                @let y = TOP + i as f64 * ROW_H;
                @let mid = y + ROW_H / 2.0;
                g.bar.marked[bar.marked] {
                    title { (tooltip(bar, chart.scale)) }
                    text.label x=(px(label_w)) y=(px(mid + 4.0)) text-anchor="end" { (bar.label) }
                    @if let Some(v) = bar.value {
                        rect.fill x=(px(x(v).min(zero))) y=(px(y + 3.0))
                            width=(px((x(v) - zero).abs())) height=(px(ROW_H - 6.0)) {}
                        @if let Some((l, h)) = bar.interval {
                            line.err x1=(px(x(l))) x2=(px(x(h))) y1=(px(mid)) y2=(px(mid)) {}
                            line.err x1=(px(x(l))) x2=(px(x(l))) y1=(px(mid - 4.0)) y2=(px(mid + 4.0)) {}
                            line.err x1=(px(x(h))) x2=(px(x(h))) y1=(px(mid - 4.0)) y2=(px(mid + 4.0)) {}
                        }
                        text.value x=(px(plot_x + PLOT_W + 6.0)) y=(px(mid + 4.0)) {
                            (chart.scale.format(v))
                        }
                    } @else {
                        text.value x=(px(plot_x + PLOT_W + 6.0)) y=(px(mid + 4.0)) { "no data" }
                    }
                }
            }
            @if let Some((r, label)) = &chart.reference {
                line.reference x1=(px(x(*r))) x2=(px(x(*r))) y1=(px(TOP - 4.0)) y2=(px(TOP + plot_h)) {
                    title { (label) }
                }
            }
        }
    }
}

fn tooltip(bar: &Bar, scale: Scale) -> String {
    match (bar.value, bar.interval) {
        (None, _) => format!("{}: no data", bar.label),
        (Some(v), None) => format!("{}: {}", bar.label, scale.format(v)),
        (Some(v), Some((l, h))) => format!(
            "{}: {} (95% interval {} to {})",
            bar.label,
            scale.format(v),
            scale.format(l),
            scale.format(h)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_are_round_and_cover_zero() {
        let close = |got: (f64, f64, f64), want: (f64, f64, f64)| {
            let d = (got.0 - want.0).abs() + (got.1 - want.1).abs() + (got.2 - want.2).abs();
            assert!(d < 1e-12, "got {got:?}, want {want:?}");
        };
        close(axis(0.0, 0.27), (0.0, 0.3, 0.1));
        close(axis(-0.031, 0.012), (-0.04, 0.02, 0.01));
        close(axis(0.0, 0.0), (0.0, 0.2, 0.2));
        assert_eq!(trim(0.25), "0.25");
        assert_eq!(trim(20.0), "20");
    }

    #[test]
    fn each_bar_is_a_group_with_its_label_and_interval() {
        let chart = Chart {
            caption: "4 players".into(),
            bars: vec![
                Bar {
                    label: "King <crown>".into(),
                    value: Some(0.3),
                    interval: Some((0.25, 0.35)),
                    marked: false,
                },
                Bar {
                    label: "Queen".into(),
                    value: None,
                    interval: None,
                    marked: false,
                },
            ],
            scale: Scale::Percent,
            reference: Some((0.25, "1/4".into())),
        };
        let text = svg(&chart).into_string();
        assert_eq!(text.matches("<g class=\"bar\">").count(), 2);
        assert!(text.contains("King &lt;crown&gt;: 30.0% (95% interval 25.0% to 35.0%)"));
        assert!(text.contains(">no data<"));
        assert_eq!(text.matches("class=\"err\"").count(), 3);
        assert!(text.contains("class=\"reference\""));
    }
}
