//! The short summary a run prints on the terminal: per player count its headline figures
//! (the sweep's `Headline`, from the report's typed tables), any stall warning, and where
//! the full report is. The full tables stay in `summary.txt`.

use super::summary_txt::p_text;
use super::sweep::{Headline, headlines};
use super::{Rate, Report};
use crate::stats::balance::Spread;
use std::fmt::Write;
use std::io;
use std::path::Path;

fn pct(value: Option<f64>) -> String {
    value
        .map(|v| format!("{:.1}%", v * 100.0))
        .unwrap_or_else(|| "-".into())
}

/// `King 20.6% [19.4, 21.9]`, or `-` when no character was picked.
fn character(rate: &Option<(String, Rate)>) -> String {
    match rate {
        Some((name, r)) => format!(
            "{name} {} [{:.1}, {:.1}]",
            pct(r.value),
            r.lo * 100.0,
            r.hi * 100.0
        ),
        None => "-".into(),
    }
}

/// `2.4 points [2.3, 2.5] (what it is)`, or `-` without finished games.
fn spread(spread: Option<Spread>, what: &str) -> String {
    spread.map_or_else(
        || "-".into(),
        |s| {
            format!(
                "{:.1} points [{:.1}, {:.1}] ({what})",
                s.value * 100.0,
                s.lo * 100.0,
                s.hi * 100.0
            )
        },
    )
}

/// The labelled lines of one player count, in print order. A new headline figure is one
/// more entry here.
fn lines(h: &Headline) -> Vec<(&'static str, String)> {
    vec![
        ("strongest character", character(&h.best)),
        ("weakest character", character(&h.worst)),
        (
            "balance index",
            spread(
                h.balance.index,
                "pick-weighted RMS distance of the win rates from 1/N",
            ),
        ),
        (
            "seat spread",
            spread(
                h.balance.seat_spread,
                &match h.balance.seat_p_value {
                    Some(p) => format!(
                        "best minus worst seat win rate; test of equal seats: {}",
                        p_text(p)
                    ),
                    None => "best minus worst seat win rate".into(),
                },
            ),
        ),
    ]
}

/// The short summary of a run's rendered `report`, written into `out`.
pub fn render(report: &Report, out: &Path) -> io::Result<String> {
    let summary = report
        .files
        .iter()
        .find(|f| f.name == "summary.txt")
        .map(|f| String::from_utf8_lossy(&f.bytes).into_owned())
        .unwrap_or_default();
    let mut text = String::new();
    for (i, h) in headlines(&report.tables)?.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        let even = h.players.parse::<f64>().map_or(0.0, |n| 100.0 / n);
        let _ = writeln!(
            text,
            "== {} players: {} games; win rates with 95% intervals, an even share is {even:.1}%",
            h.players, h.games
        );
        for (label, value) in lines(h) {
            let _ = writeln!(text, "  {label:<20} {value}");
        }
        for warning in warnings(&summary, &h.players) {
            let _ = writeln!(text, "  {warning}");
        }
    }
    let _ = writeln!(
        text,
        "\nfull tables: {}\ncharts:      {}",
        out.join("summary.txt").display(),
        out.join("report.html").display()
    );
    Ok(text)
}

/// The warning lines of one player count's block of `summary.txt` (games that hit the round
/// cap, bots not fitted to the cast): a short summary must not hide them.
fn warnings<'a>(summary: &'a str, players: &str) -> impl Iterator<Item = &'a str> {
    let header = format!("== {players} players ==");
    summary
        .lines()
        .skip_while(move |l| *l != header)
        .skip(1)
        .take_while(|l| !l.starts_with("== "))
        .filter(|l| l.starts_with("warning: "))
}
