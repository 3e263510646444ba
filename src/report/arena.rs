//! The arena's report: `arena.csv` (one row per player count) and a readable summary.

use super::fixed;
use crate::sim::arena::{ArenaStats, Estimate};
use std::fmt::Write as _;
use std::io;

/// One player count of an arena.
pub struct ArenaRow<'a> {
    pub hero: &'a str,
    pub field: &'a str,
    pub players: u8,
    pub stats: &'a ArenaStats,
}

fn parts(e: Option<Estimate>) -> [String; 3] {
    [
        fixed(e.map(|e| e.value)),
        fixed(e.map(|e| e.lo)),
        fixed(e.map(|e| e.hi)),
    ]
}

/// `arena.csv`: hero, field, players, games, win_rate (+ interval), baseline_win_rate,
/// delta (+ interval), then deals, stalled games and the hero's mean score.
pub fn csv(rows: &[ArenaRow]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "hero",
        "field",
        "players",
        "games",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "baseline_win_rate",
        "delta",
        "delta_lo",
        "delta_hi",
        "deals",
        "hero_stalled",
        "baseline_stalled",
        "mean_score",
    ])?;
    for row in rows {
        let s = row.stats;
        let [win, win_lo, win_hi] = parts(s.win_rate(row.players));
        let [delta, delta_lo, delta_hi] = parts(s.delta(row.players));
        w.write_record([
            row.hero.to_string(),
            row.field.to_string(),
            row.players.to_string(),
            s.hero_games.to_string(),
            win,
            win_lo,
            win_hi,
            fixed(s.baseline_win_rate(row.players).map(|e| e.value)),
            delta,
            delta_lo,
            delta_hi,
            s.deals.to_string(),
            s.hero_stalled.to_string(),
            s.baseline_stalled.to_string(),
            fixed(s.mean_score()),
        ])?;
    }
    w.into_inner().map_err(|e| io::Error::other(e.to_string()))
}

/// The verdict on a delta interval.
fn verdict(delta: Option<Estimate>) -> &'static str {
    match delta {
        Some(d) if d.lo > 0.0 => "hero better (significant)",
        Some(d) if d.hi < 0.0 => "hero worse (significant)",
        Some(_) => "no significant difference",
        None => "no deals",
    }
}

/// `summary.txt`: one line per player count, with the verdict.
pub fn summary(rows: &[ArenaRow]) -> String {
    let mut text = String::new();
    let (hero, field) = rows.first().map_or(("", ""), |r| (r.hero, r.field));
    let _ = writeln!(text, "Arena: hero {hero} against a field of {field}.");
    let _ = writeln!(
        text,
        "Each deal is played with the hero in every seat and once with the field alone \
         (baseline);\nintervals are 95%, from the spread between deals.\n"
    );
    let _ = writeln!(
        text,
        "{:>7}  {:>6}  {:>26}  {:>8}  {:>28}  verdict",
        "players", "games", "hero win rate [95%]", "baseline", "delta [95%]"
    );
    for row in rows {
        let p = row.players;
        let show = |e: Option<Estimate>, sign: bool| match e {
            Some(e) if sign => format!("{:+.4} [{:+.4}, {:+.4}]", e.value, e.lo, e.hi),
            Some(e) => format!("{:.4} [{:.4}, {:.4}]", e.value, e.lo, e.hi),
            None => "-".into(),
        };
        let delta = row.stats.delta(p);
        let _ = writeln!(
            text,
            "{:>7}  {:>6}  {:>26}  {:>8}  {:>28}  {}",
            p,
            row.stats.hero_games,
            show(row.stats.win_rate(p), false),
            fixed(row.stats.baseline_win_rate(p).map(|e| e.value)),
            show(delta, true),
            verdict(delta)
        );
    }
    text
}
