//! `rank CONFIG...`: plays every config with the same run options on the same game seeds
//! (common random numbers, as `compare` does), then ranks them by balance index per player
//! count (`report::rank`): `rank.csv`, a summary, a manifest and `report.html`.

use super::compare::{SideManifest, side_manifest, side_source};
use super::out::{out, outln};
use super::{
    AppError, Plan, check_out, failed, input, labelled_counts, load_config, plan_with,
    refusal_of_named_config, refuse_flag, refuse_run_only, threads,
};
use crate::cli::RankArgs;
use crate::engine::rules::Rules;
use crate::progress::Progress;
use crate::report::manifest::Header;
use crate::report::rank::{self, Entry};
use crate::report::{self, ReportFile, html};
use crate::sim::runner::for_each_chunk;
use crate::sim::{Silent, game_seed, play_observed};
use crate::stats::Stats;
use crate::stats::balance::{self, Totals};
use anyhow::{Context, anyhow};
use serde::Serialize;
use std::path::Path;
use std::sync::Mutex;

/// Groups of games per player count for the paired jackknife of `rank`: fixed (never
/// derived from the thread count), so the intervals are too.
pub const GROUPS: u64 = 32;

/// The games of group `k` of `groups` when `games` are played: consecutive game indices.
fn group_games(games: u64, groups: u64, k: u64) -> std::ops::Range<u64> {
    k * games / groups..(k + 1) * games / groups
}

/// Plays games `0..games` at one player count (seeded like a run's, so the same games as
/// `run` and `compare`) and returns their counters and the balance totals of each group.
fn play_groups(
    rules: &Rules,
    seats: &[crate::bots::BotSpec],
    seed: u64,
    games: u64,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> (Stats, Vec<Totals>) {
    let groups = GROUPS.min(games);
    let list: Vec<u64> = (0..groups).collect();
    let empty = Totals::of(&Stats::new(rules.players));
    let done = Mutex::new((Stats::new(rules.players), vec![empty; groups as usize]));
    for_each_chunk(
        threads,
        &list,
        &|k, stats: Stats| {
            let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
            done.0 += &stats;
            done.1[k as usize] = Totals::of(&stats);
            progress(done.0.games);
        },
        |k, legal| {
            let mut stats = Stats::new(rules.players);
            for index in group_games(games, groups, k) {
                let game = game_seed(seed, rules.players, index);
                stats.add(&play_observed(rules, game, seats, legal, &mut Silent).0);
            }
            stats
        },
    );
    done.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// `manifest.toml` of a ranking.
#[derive(Serialize)]
struct RankManifest {
    #[serde(flatten)]
    header: Header,
    players: Vec<u8>,
    bots: Vec<String>,
    configs: Vec<SideManifest>,
}

pub(super) fn rank(args: &RankArgs, command_line: String) -> Result<(), AppError> {
    let run = &args.run;
    let why = "the configs are named as arguments";
    refuse_flag(run.setup.source.preset.is_some(), "--preset", "rank", why)?;
    refuse_flag(run.setup.source.config.is_some(), "--config", "rank", why)?;
    refuse_flag(
        run.resume.is_some(),
        "--resume",
        "rank",
        "a ranking is not resumable",
    )?;
    refuse_run_only(run, "rank")?;
    let out = run
        .output
        .out
        .clone()
        .unwrap_or_else(|| Path::new("reports").join("rank"));
    check_out(&out, run.output.force)?;
    let mut plans: Vec<(String, Plan)> = Vec::new();
    for text in &args.configs {
        let mut side = run.clone();
        side.setup.source = side_source(text);
        side.output.out = Some(out.clone());
        // The config is named once: a file's messages start with its path already.
        let plan = plan_with(&side, || load_config(&side.setup)).map_err(|e| {
            refusal_of_named_config(e, text, |message| {
                if message.starts_with(&format!("{text}: ")) {
                    message.to_string()
                } else {
                    format!("config {text}: {message}")
                }
            })
        })?;
        if plans.iter().any(|(t, _)| t == text) {
            return Err(input(anyhow!("config {text}: named twice")));
        }
        plans.push((text.clone(), plan));
    }

    let threads = threads(run.threads);
    let per_config = run.games * run.players.range.counts().count() as u64;
    let folder = super::claim(&out, run.output.force)?;
    let progress = Progress::new(per_config * plans.len() as u64, 0, run.output.quiet);
    let started = std::time::Instant::now();
    // results[config][count] = (counters, group totals)
    let mut results = Vec::new();
    for (i, (_, plan)) in plans.iter().enumerate() {
        let mut per_count = Vec::new();
        for (c, (rules, seats)) in plan.counts.iter().enumerate() {
            progress.start_count(rules.players);
            let before = i as u64 * per_config + c as u64 * run.games;
            per_count.push(play_groups(
                rules,
                seats,
                run.seed.master,
                run.games,
                threads,
                &|games| progress.set_position(before + games),
            ));
        }
        results.push(per_count);
    }
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();

    let counts: Vec<u8> = run.players.range.counts().collect();
    let entries: Vec<Vec<Entry>> = (0..counts.len())
        .map(|c| {
            plans
                .iter()
                .zip(&results)
                .map(|((name, _), per_count)| {
                    let (stats, groups) = &per_count[c];
                    Entry {
                        config: name,
                        balance: balance::balance(stats),
                        totals: Totals::of(stats),
                        groups,
                    }
                })
                .collect()
        })
        .collect();
    let rows: Vec<rank::Ranked> = counts
        .iter()
        .zip(&entries)
        .flat_map(|(&players, entries)| rank::rank(players, entries))
        .collect();
    let groups = GROUPS.min(run.games) as usize;
    let head = report::summary_txt::summary_head(
        plans
            .iter()
            .flat_map(|(name, plan)| labelled_counts(name, plan)),
    );
    let summary = head + &rank::summary(&rows, groups);
    let manifest = RankManifest {
        header: Header::new(command_line.clone(), run.seed.master, run.games).kind("rank"),
        players: counts.clone(),
        bots: plans[0].1.bots.iter().map(|b| b.to_string()).collect(),
        configs: plans.iter().map(|(_, p)| side_manifest(p)).collect(),
    };
    let page = html::Page {
        title: "citadels-sim ranking by balance index".into(),
        facts: vec![
            ("configs".into(), args.configs.join(", ")),
            (
                "players".into(),
                counts
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            ),
            (
                "games per config and player count".into(),
                run.games.to_string(),
            ),
            ("seed".into(), run.seed.master.to_string()),
            ("bots".into(), run.bots.clone()),
            ("version".into(), env!("CARGO_PKG_VERSION").to_string()),
            ("command".into(), command_line),
        ],
        notes: vec![
            "Every config played the same game seeds. docs/balance.md defines the balance \
             index and its intervals."
                .into(),
        ],
    };
    let render = || -> std::io::Result<Vec<ReportFile>> {
        Ok(vec![
            ReportFile {
                name: "rank.csv",
                bytes: rank::csv(&rows)?,
            },
            ReportFile {
                name: "summary.txt",
                bytes: summary.clone().into_bytes(),
            },
            ReportFile {
                name: "manifest.toml",
                bytes: toml::to_string(&manifest)
                    .map_err(std::io::Error::other)?
                    .into_bytes(),
            },
            ReportFile {
                name: "report.html",
                bytes: html::render(&page, &rank::charts(&rows)).into_bytes(),
            },
        ])
    };
    let files = render()
        .context("cannot render the reports")
        .map_err(failed)?;
    folder.write(&files)?;
    outln!("ranking written to {}", out.display());
    if !run.output.quiet {
        outln!();
        out!("{summary}");
    }
    eprintln!(
        "{} games in {elapsed:.1} s",
        per_config * plans.len() as u64
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_cover_every_game_once() {
        for games in [1, 5, 31, 32, 33, 1000] {
            let groups = GROUPS.min(games);
            let mut next = 0;
            for k in 0..groups {
                let r = group_games(games, groups, k);
                assert_eq!(r.start, next);
                assert!(r.end > r.start, "empty group {k} of {games}");
                next = r.end;
            }
            assert_eq!(next, games);
        }
    }
}
