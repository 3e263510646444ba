//! The report of restricted play (`restrict`): `restricted.csv` (one row per player count
//! and banned character), a summary and the charts of `report.html`.

use super::html::ChartSection;
use super::html::chart::{Bar, Chart, Scale};
use super::{Rate, fixed};
use crate::engine::ids::Character;
use crate::sim::arena::{ArenaStats, Estimate};
use crate::stats::estimate::ClusterSums;
use std::fmt::Write as _;
use std::io;

/// One banned character at one player count: the hero's arena sums, and the character's
/// counters in the baseline games (the unrestricted field, same deals).
pub struct RestrictRow<'a> {
    pub players: u8,
    pub character: Character,
    pub stats: &'a ArenaStats,
    /// The character's picks and winners' picks in the baseline games, with their
    /// per-game sums (`Stats::character_win_sums`).
    pub picked: ClusterSums,
}

impl RestrictRow<'_> {
    fn delta(&self) -> Option<Estimate> {
        self.stats.delta(self.players)
    }

    /// The character's win rate when picked in the baseline games (clustered by game).
    fn picked_win_rate(&self) -> Rate {
        Rate::clustered(self.picked)
    }
}

/// `restricted.csv`: players, character, deals, games (the hero's), win_rate (the hero's,
/// banned from the character), baseline_win_rate (the field's per seat, same deals), delta
/// (hero minus baseline) with its 95% interval over deals; then the character's win rate
/// when picked in the baseline games, with its Wilson interval clustered by game
/// (`Rate::clustered`), and its picks there.
pub fn csv(rows: &[RestrictRow]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "character",
        "deals",
        "games",
        "win_rate",
        "baseline_win_rate",
        "delta",
        "delta_lo",
        "delta_hi",
        "picked_win_rate",
        "picked_win_rate_lo",
        "picked_win_rate_hi",
        "picks",
    ])?;
    for row in rows {
        let s = row.stats;
        let p = row.players;
        let delta = row.delta();
        let picked = row.picked_win_rate();
        w.write_record([
            p.to_string(),
            row.character.name().to_string(),
            s.deals.to_string(),
            s.hero_games.to_string(),
            fixed(s.win_rate(p).map(|e| e.value)),
            fixed(s.baseline_win_rate(p).map(|e| e.value)),
            fixed(delta.map(|e| e.value)),
            fixed(delta.map(|e| e.lo)),
            fixed(delta.map(|e| e.hi)),
            fixed(picked.value),
            fixed(picked.value.map(|_| picked.lo)),
            fixed(picked.value.map(|_| picked.hi)),
            row.picked.trials.to_string(),
        ])?;
    }
    w.into_inner().map_err(|e| io::Error::other(e.to_string()))
}

/// What a delta interval says about the character to this bot. A positive delta is the bot's
/// misplay, not the character's weakness: the field does not know of the ban, so a player who
/// used the option well could never lose by having it.
fn verdict(delta: Option<Estimate>) -> &'static str {
    match delta {
        Some(d) if d.hi < 0.0 => "the ban costs the bot: worth picking",
        Some(d) if d.lo > 0.0 => "the ban helps the bot: it misplays it",
        Some(_) => "no significant value",
        None => "no deals",
    }
}

/// `summary.txt`: per player count, the characters from the most valuable (most negative
/// delta) to the least, beside their win rate when picked.
pub fn summary(bot: &str, rows: &[RestrictRow]) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Restricted play: a hero {bot}:ban=X against a field of {bot}, for every character X."
    );
    let _ = writeln!(
        text,
        "Each deal is played once by the field alone (baseline) and, for every X, with the \
         hero in every seat.\ndelta = hero win rate - baseline win rate, in points, with its \
         95% interval over deals: the\nmore negative, the more the character is worth to \
         this bot (with enough deals every useful\ncharacter's delta is below 0: compare \
         them with each other); a positive delta says the bot\nmisplays it. 'when picked' is \
         the character's pickers' win rate in the baseline games, for\ncomparison (1/N is \
         even).\n"
    );
    let mut counts: Vec<u8> = rows.iter().map(|r| r.players).collect();
    counts.dedup();
    for players in counts {
        let mut at: Vec<&RestrictRow> = rows.iter().filter(|r| r.players == players).collect();
        at.sort_by(|a, b| {
            let key = |r: &RestrictRow| r.delta().map_or(f64::INFINITY, |d| d.value);
            key(a).total_cmp(&key(b))
        });
        let deals = at.first().map_or(0, |r| r.stats.deals);
        let _ = writeln!(
            text,
            "{players} players, {deals} deals (even share {:.1}%):",
            100.0 / f64::from(players)
        );
        let _ = writeln!(
            text,
            "  {:<14} {:>26}  {:>14}  verdict",
            "banned", "delta, points [95%]", "when picked"
        );
        for row in at {
            let delta = row.delta();
            let shown = delta.map_or("-".into(), |d| {
                format!(
                    "{:+.2} [{:+.2}, {:+.2}]",
                    100.0 * d.value,
                    100.0 * d.lo,
                    100.0 * d.hi
                )
            });
            let picked = row
                .picked_win_rate()
                .value
                .map_or("-".into(), |v| format!("{:.1}%", 100.0 * v));
            let _ = writeln!(
                text,
                "  {:<14} {:>26}  {:>14}  {}",
                row.character.name(),
                shown,
                picked,
                verdict(delta)
            );
        }
        let _ = writeln!(text);
    }
    text
}

/// The charts: per player count, the delta of every banned character (marked where its
/// interval excludes 0), and the win rate when picked in the baseline games.
pub fn charts(rows: &[RestrictRow]) -> Vec<ChartSection> {
    let mut counts: Vec<u8> = rows.iter().map(|r| r.players).collect();
    counts.dedup();
    let at = |players: u8| rows.iter().filter(move |r| r.players == players);
    let deltas = counts
        .iter()
        .map(|&players| Chart {
            caption: format!("{players} players"),
            bars: at(players)
                .map(|r| {
                    let d = r.delta();
                    Bar {
                        label: format!("without {}", r.character.name()),
                        value: d.map(|d| d.value),
                        interval: d.map(|d| (d.lo, d.hi)),
                        marked: d.is_some_and(|d| d.lo > 0.0 || d.hi < 0.0),
                    }
                })
                .collect(),
            scale: Scale::Points,
            reference: None,
        })
        .collect();
    let picked = counts
        .iter()
        .map(|&players| Chart {
            caption: format!("{players} players"),
            bars: at(players)
                .map(|r| {
                    let rate = r.picked_win_rate();
                    Bar {
                        label: r.character.name().to_string(),
                        value: rate.value,
                        interval: rate.value.map(|_| (rate.lo, rate.hi)),
                        marked: false,
                    }
                })
                .collect(),
            scale: Scale::Percent,
            reference: Some((
                1.0 / f64::from(players),
                format!("1/{players}: an even share"),
            )),
        })
        .collect();
    vec![
        ChartSection {
            id: "restricted-delta".into(),
            heading: "Restricted play: delta".into(),
            description: "Win rate of the bot banned from the character minus the \
                          unrestricted field's, on the same deals, in points with its 95% \
                          interval over deals; orange: the interval excludes 0. Negative: \
                          the ban costs the bot (the more, the more the character is worth \
                          to it); positive: the bot misplays the character."
                .into(),
            charts: deltas,
            heatmap: None,
        },
        ChartSection {
            id: "restricted-picked".into(),
            heading: "Win rate when picked (baseline games)".into(),
            description: "The character's pickers' win rate in the unrestricted games, \
                          with its Wilson 95% interval (the games as independent units), to read \
                          beside the delta."
                .into(),
            charts: picked,
            heatmap: None,
        },
    ]
}
