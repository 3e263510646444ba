//! A ladder's `summary.txt`: each character's win rate and verdict in every tier, its step
//! between the two strongest tiers marked (`*` changed, `?` unsettled: the module comment of
//! `report::ladder`), each tier's balance index and seat spread, and the tiers' rank
//! agreement.

use super::{Analysis, Change, LadderManifest, steps_text};
use crate::report::summary_txt::balance_line;
use crate::stats::balance::balance;
use crate::stats::stability::Verdict;
use std::fmt::Write as _;

fn verdict_sign(v: Option<Verdict>) -> &'static str {
    match v {
        Some(Verdict::Strong) => "+",
        Some(Verdict::Weak) => "-",
        Some(Verdict::Even) => "=",
        None => " ",
    }
}

fn percent(v: f64) -> String {
    format!("{:.1}", v * 100.0)
}

/// The summary: per player count, each character's win rate in every tier with its interval
/// and verdict, the verdicts that change between the two strongest tiers marked, each tier's
/// balance index and seat spread, then the rank agreement of consecutive tiers.
pub(super) fn summary(analyses: &[Analysis], manifest: &LadderManifest) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Ladder of {}, seed {}; games per player count: {}",
        manifest.header.name(),
        manifest.header.seed,
        manifest.games_per_count()
    );
    let _ = writeln!(
        out,
        "A character's step from one tier to the next: changed = its win rate differs \
         (Newcombe's\ninterval, Holm over the characters, 5%); holds = the same verdict and no \
         significant change;\nunsettled = other verdicts but no significant change (more \
         games would tell). `even` means\nnot distinguishable from the even share at that \
         tier's games, not shown to be fair."
    );
    let _ = writeln!(out, "Tiers, weakest first: {}", manifest.tiers.join(", "));
    for a in analyses {
        let tiers = &a.section.tiers;
        let players = a.section.rules.players;
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{players} players (even share {}%): win rate when picked, % [95% interval], \
             verdict + strong, - weak, = even",
            percent(a.even)
        );
        let games: Vec<String> = tiers
            .iter()
            .map(|t| format!("{} ({} games)", t.name, t.stats.games))
            .collect();
        let _ = writeln!(out, "  tiers: {}", games.join(", "));
        let width = a
            .characters
            .iter()
            .map(|c| c.name().len())
            .max()
            .unwrap_or(0)
            + 2;
        let _ = write!(out, "  {:width$}", "");
        for tier in tiers {
            let _ = write!(out, " {:>22}", tier.name);
        }
        let _ = writeln!(out);
        for (k, c) in a.characters.iter().enumerate() {
            let mark = a.mark(k);
            let _ = write!(out, "  {:width$}", format!("{}{mark}", c.name()));
            for t in 0..tiers.len() {
                let r = a.rates[t][k];
                let cell = match r.rate.value {
                    Some(v) => format!(
                        "{} [{}, {}] {}",
                        percent(v),
                        percent(r.rate.lo),
                        percent(r.rate.hi),
                        verdict_sign(r.verdict)
                    ),
                    None => "no picks".to_string(),
                };
                let _ = write!(out, " {cell:>22}");
            }
            let _ = writeln!(out);
        }
        if let Some(last) = a.pairs.last() {
            for (change, says) in [
                (Change::Changed, "* changed"),
                (Change::Unsettled, "? unsettled"),
            ] {
                let text = steps_text(a, last, change);
                let _ = writeln!(
                    out,
                    "  {says} between the two strongest tiers ({} -> {}): {}",
                    tiers[last.a].name,
                    tiers[last.b].name,
                    if text.is_empty() { "none" } else { &text }
                );
            }
            let _ = writeln!(
                out,
                "  rank agreement of consecutive tiers (Spearman, 95% interval from resampled \
                 blocks of games;\n  one population: the median and 2.5% quantile one \
                 population would show with these tiers' noise):"
            );
            for pair in &a.pairs {
                let rho = pair.rho.map_or("n/a".to_string(), |r| format!("{r:+.2}"));
                let interval = pair
                    .interval
                    .map_or(" [no interval: too few games]".to_string(), |(lo, hi)| {
                        format!(" [{lo:+.2}, {hi:+.2}]")
                    });
                let one = pair.one_population.map_or(String::new(), |(lo, median)| {
                    format!(" (one population: {median:+.2}, 2.5% {lo:+.2})")
                });
                let mut steps = String::new();
                for (change, says) in [
                    (Change::Changed, "changed"),
                    (Change::Unsettled, "unsettled"),
                ] {
                    let text = steps_text(a, pair, change);
                    if !text.is_empty() {
                        let _ = write!(steps, "; {says}: {text}");
                    }
                }
                let _ = writeln!(
                    out,
                    "    {} -> {}: {rho}{interval}{one}; {} of {} verdicts agree{steps}",
                    tiers[pair.a].name,
                    tiers[pair.b].name,
                    pair.agree,
                    pair.characters.len()
                );
            }
        }
        let _ = writeln!(
            out,
            "  balance index and seat spread, points [95% interval] (stats::balance):"
        );
        for tier in tiers {
            let _ = writeln!(
                out,
                "    {}: {}",
                tier.name,
                balance_line(&balance(tier.stats))
            );
        }
    }
    out
}
