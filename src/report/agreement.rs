//! `agreement`'s report: `agreement.csv` (one row per player count and measure) and the
//! short summary it prints.

use super::fixed;
use crate::stats::agreement::{Agreement, Ceiling, Spread};
use std::fmt::Write as _;
use std::io;

/// What is compared: the characters' win rates (over their picks) or the seats' (over the
/// games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    Characters,
    Seats,
}

impl Measure {
    pub fn name(self) -> &'static str {
        match self {
            Measure::Characters => "characters",
            Measure::Seats => "seats",
        }
    }
}

/// One player count and measure of an agreement.
pub struct AgreementRow {
    pub players: u8,
    pub measure: Measure,
    /// The items compared: those with at least one trial in the report and in the pooled
    /// references.
    pub items: usize,
    /// The games counted at this player count in the report, and in the references pooled.
    pub games: u64,
    pub reference_games: u64,
    pub found: Agreement,
    /// The name of the item with the largest gap (a character, or `seat N` as in seats.csv).
    pub largest_gap_at: String,
    pub ceiling: Ceiling,
}

fn spread(s: Option<Spread>) -> [String; 3] {
    [
        fixed(s.map(|s| s.median)),
        fixed(s.map(|s| s.lo)),
        fixed(s.map(|s| s.hi)),
    ]
}

/// `agreement.csv`; its columns are documented in docs/agreement.md, "The `agreement`
/// command".
pub fn csv(rows: &[AgreementRow]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "players",
        "measure",
        "items",
        "games",
        "reference_games",
        "rank_correlation",
        "largest_gap",
        "largest_gap_at",
        "distance",
    ]
    .map(String::from)
    .to_vec();
    for figure in ["rank_correlation", "largest_gap", "distance"] {
        for suffix in ["", "_lo", "_hi"] {
            header.push(format!("imitator_{figure}{suffix}"));
        }
    }
    header.push("imitator_meets_rank_correlation".to_string());
    header.push("imitator_meets_largest_gap".to_string());
    w.write_record(&header)?;
    for row in rows {
        let mut record = vec![
            row.players.to_string(),
            row.measure.name().to_string(),
            row.items.to_string(),
            row.games.to_string(),
            row.reference_games.to_string(),
            fixed(row.found.rank_correlation),
            fixed(Some(row.found.largest_gap)),
            row.largest_gap_at.clone(),
            fixed(Some(row.found.distance)),
        ];
        record.extend(spread(row.ceiling.rank_correlation));
        record.extend(spread(Some(row.ceiling.largest_gap)));
        record.extend(spread(Some(row.ceiling.distance)));
        record.push(fixed(Some(row.ceiling.meets_rank_correlation)));
        record.push(fixed(Some(row.ceiling.meets_largest_gap)));
        w.write_record(&record)?;
    }
    w.into_inner().map_err(|e| io::Error::other(e.to_string()))
}

/// ` (the imitator: 0.93 [0.80, 0.98])`, with `decimals`.
fn imitator(s: Option<Spread>, decimals: usize) -> String {
    match s {
        Some(s) => format!(
            "{:.decimals$} [{:.decimals$}, {:.decimals$}]",
            s.median, s.lo, s.hi
        ),
        None => "undefined".to_string(),
    }
}

/// The summary: a head naming the report, the references and the imitator's size (the
/// report's, or `games` per player count), then one line per row.
pub fn summary(
    report: &str,
    references: &[String],
    replicates: usize,
    games: Option<u64>,
    rows: &[AgreementRow],
) -> String {
    let mut text = String::new();
    let pooled = if references.len() > 1 {
        " (pooled)"
    } else {
        ""
    };
    let _ = writeln!(text, "{report} against {}{pooled}", references.join(" + "));
    let size = games.map_or("at the report's sizes".to_string(), |n| {
        format!("at {n} games per player count")
    });
    let _ = writeln!(
        text,
        "a perfect imitator: the median [2.5%, 97.5%] of {replicates} draws, {size}, from the \
         references' rates"
    );
    for row in rows {
        let (found, ceiling) = (&row.found, &row.ceiling);
        let rho = found
            .rank_correlation
            .map_or("undefined".to_string(), |r| format!("{r:.2}"));
        let _ = writeln!(
            text,
            "{} players ({} games; references {}), {}: rank correlation {rho} (a perfect \
             imitator: {}); largest gap {:+.1} points ({}; imitator {}); distance {:.1} over {} \
             (imitator {})",
            row.players,
            row.games,
            row.reference_games,
            row.measure.name(),
            imitator(ceiling.rank_correlation, 2),
            found.largest_gap,
            row.largest_gap_at,
            imitator(Some(ceiling.largest_gap), 1),
            found.distance,
            row.items,
            imitator(Some(ceiling.distance), 1),
        );
    }
    text
}
