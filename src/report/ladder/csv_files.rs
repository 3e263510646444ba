//! The CSV files of a ladder's report: each tier's verdicts, the balance and seats per
//! tier, the districts, the rank agreement of consecutive tiers, and what holds under strong
//! play.

use super::{Analysis, Change, rated, steps_text, verdict_name};
use crate::report::balance_columns;
use crate::report::result_table::{finish, rate_fields};
use crate::report::{Rate, fixed, run_districts};
use crate::stats::balance::balance;
use std::io;

pub(super) fn ladder_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "tier",
        "character",
        "picked",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "verdict",
    ])?;
    for a in analyses {
        for (t, tier) in a.section.tiers.iter().enumerate() {
            for (k, c) in a.characters.iter().enumerate() {
                let r = a.rates[t][k];
                let [win, lo, hi] = rate_fields(r.rate);
                w.write_record([
                    a.section.rules.players.to_string(),
                    tier.name.to_string(),
                    c.name().to_string(),
                    r.picked.to_string(),
                    win,
                    lo,
                    hi,
                    verdict_name(r.verdict).to_string(),
                ])?;
            }
        }
    }
    finish(w)
}

/// `ladder_balance.csv`: per player count and tier, the balance index and the seat spread as
/// shares with their 95% intervals, and the test of equal seats (`stats::balance`, written
/// as in `player_counts.csv`).
pub(super) fn balance_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = ["players", "tier", "games"].map(String::from).to_vec();
    header.extend(balance_columns::header());
    w.write_record(header)?;
    for a in analyses {
        for tier in &a.section.tiers {
            let b = balance(tier.stats);
            let mut row = vec![
                a.section.rules.players.to_string(),
                tier.name.to_string(),
                tier.stats.games.to_string(),
            ];
            row.extend(balance_columns::fields(&b));
            w.write_record(row)?;
        }
    }
    finish(w)
}

pub(super) fn seats_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "tier",
        "seat",
        "games",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "verdict",
    ])?;
    for a in analyses {
        let players = a.section.rules.players;
        for tier in &a.section.tiers {
            for (seat, s) in tier.stats.seats[..players as usize].iter().enumerate() {
                let r = rated(Rate::of(s.wins, s.games), s.games, a.even);
                let [win, lo, hi] = rate_fields(r.rate);
                w.write_record([
                    players.to_string(),
                    tier.name.to_string(),
                    seat.to_string(),
                    s.games.to_string(),
                    win,
                    lo,
                    hi,
                    verdict_name(r.verdict).to_string(),
                ])?;
            }
        }
    }
    finish(w)
}

/// `ladder_districts.csv`: per tier, each district's build rate and the win rate of the
/// final cities holding it, whose verdict is against `reference_win_rate`, the tier's share
/// of winning cities among all the districts' appearances (not 1/N: winning cities hold more
/// districts, so against 1/N every district of a first-game ladder came out `strong`, 31 of 31
/// in the random tier). `strong`: its holders win more often
/// than the average district's.
pub(super) fn districts_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "tier",
        "district",
        "in_deck",
        "built_games",
        "build_rate",
        "build_rate_lo",
        "build_rate_hi",
        "appearances",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "reference_win_rate",
        "verdict",
    ])?;
    for a in analyses {
        for tier in &a.section.tiers {
            let districts = run_districts(a.section.rules);
            let (wins, appearances) = districts.iter().fold((0, 0), |(w, n), (d, _, _)| {
                let d = &tier.stats.districts[d.index()];
                (w + d.appearance_wins, n + d.appearances)
            });
            let reference = (appearances > 0).then(|| wins as f64 / appearances as f64);
            for (district, _, _) in districts {
                let d = &tier.stats.districts[district.index()];
                let [build, build_lo, build_hi] = rate_fields(Rate::of(d.built_games, d.in_deck));
                let r = rated(
                    Rate::clustered(d.win_sums()),
                    d.appearances,
                    reference.unwrap_or(a.even),
                );
                let [win, lo, hi] = rate_fields(r.rate);
                w.write_record([
                    a.section.rules.players.to_string(),
                    tier.name.to_string(),
                    district.name().to_string(),
                    d.in_deck.to_string(),
                    d.built_games.to_string(),
                    build,
                    build_lo,
                    build_hi,
                    d.appearances.to_string(),
                    win,
                    lo,
                    hi,
                    fixed(reference),
                    verdict_name(r.verdict).to_string(),
                ])?;
            }
        }
    }
    finish(w)
}

pub(super) fn stability_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "tier_a",
        "tier_b",
        "characters",
        "spearman",
        "spearman_lo",
        "spearman_hi",
        "one_population_spearman",
        "one_population_spearman_lo",
        "verdicts_agree",
        "rates_changed",
        "changed",
        "unsettled",
    ])?;
    for a in analyses {
        for pair in &a.pairs {
            let tiers = &a.section.tiers;
            w.write_record([
                a.section.rules.players.to_string(),
                tiers[pair.a].name.to_string(),
                tiers[pair.b].name.to_string(),
                pair.characters.len().to_string(),
                fixed(pair.rho),
                fixed(pair.interval.map(|i| i.0)),
                fixed(pair.interval.map(|i| i.1)),
                fixed(pair.one_population.map(|o| o.1)),
                fixed(pair.one_population.map(|o| o.0)),
                pair.agree.to_string(),
                pair.with(Change::Changed).count().to_string(),
                steps_text(a, pair, Change::Changed),
                steps_text(a, pair, Change::Unsettled),
            ])?;
        }
    }
    finish(w)
}

/// `strong_play.csv`: each character's step between the two strongest tiers (the last two
/// given): both win rates and verdicts, the change with its 95% interval (Newcombe) and
/// Holm-adjusted p-value, and `under_strong_play` (`holds`, `changed`, `unsettled`: the
/// module comment).
pub(super) fn strong_play_csv(analyses: &[Analysis]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "character",
        "tier_a",
        "win_rate_a",
        "verdict_a",
        "tier_b",
        "win_rate_b",
        "verdict_b",
        "delta",
        "delta_lo",
        "delta_hi",
        "p_holm",
        "under_strong_play",
    ])?;
    for a in analyses {
        let Some(pair) = a.pairs.last() else {
            continue;
        };
        let tiers = &a.section.tiers;
        for step in &pair.steps {
            let d = step.difference;
            w.write_record([
                a.section.rules.players.to_string(),
                a.characters[step.k].name().to_string(),
                tiers[pair.a].name.to_string(),
                fixed(a.rates[pair.a][step.k].rate.value),
                step.from.name().to_string(),
                tiers[pair.b].name.to_string(),
                fixed(a.rates[pair.b][step.k].rate.value),
                step.to.name().to_string(),
                fixed(Some(d.delta)),
                fixed(Some(d.lo)),
                fixed(Some(d.hi)),
                crate::report::result_table::p_value(Some(step.p_holm)),
                step.change.name().to_string(),
            ])?;
        }
    }
    finish(w)
}
