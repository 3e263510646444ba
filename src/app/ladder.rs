//! `ladder`: one config played by several bot populations ("tiers", every seat the same spec)
//! on the same game seeds, with checkpoints, `--resume` and `--shard` like `run`. Each tier's
//! games are a run's games (same seeds, same counters); the reports (`report::ladder`) say per
//! character, seat and district whether its verdict holds as play gets stronger.

use super::out::outln;
use super::{
    AppError, config_bots, failed, input, load_config, resumable_out, threads, write_and_show,
};
use crate::bots::BotSpec;
use crate::cli::{ConfigArgs, DEFAULT_TIERS, LadderArgs};
use crate::config::RunConfig;
use crate::engine::rules::Rules;
use crate::job::checkpoint::{self, CountProgress, Fingerprint, LadderCheckpoint, TierProgress};
use crate::job::{Folder, Job, shard};
use crate::progress::Progress;
use crate::report::ladder::{LadderManifest, LadderSection, TierResult};
use crate::report::{self, manifest};
use crate::sim::ladder::play_chunk;
use crate::sim::runner::{self, Shard};
use anyhow::{Context, anyhow};
use std::path::PathBuf;
use std::time::Instant;

/// The checked plan of a ladder (`merge` rebuilds one from the shards' fingerprint).
pub(super) struct Plan {
    pub(super) config: RunConfig,
    /// The tiers, weakest first, and the games each plays per player count.
    pub(super) tiers: Vec<(BotSpec, u64)>,
    pub(super) rules: Vec<Rules>,
    pub(super) out: PathBuf,
    pub(super) config_table: toml::Table,
}

/// `reports/<preset name or config file stem>-ladder/`.
fn default_out(source: &ConfigArgs) -> PathBuf {
    let run = super::default_out(source);
    let name = run
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    run.with_file_name(format!("{name}-ladder"))
}

/// The tiers of `--tier` (or the default ones), each one spec for every seat; a tier named
/// twice is refused (tiers are the reports' keys).
fn parse_tiers(args: &LadderArgs, config: &RunConfig) -> Result<Vec<(BotSpec, u64)>, AppError> {
    let texts: Vec<&str> = if args.tiers.is_empty() {
        DEFAULT_TIERS.to_vec()
    } else {
        args.tiers.iter().map(String::as_str).collect()
    };
    let mut tiers: Vec<(BotSpec, u64)> = Vec::new();
    for text in texts {
        if text.contains(',') {
            return Err(input(anyhow!(
                "--tier {text}: a tier is one bot spec that every seat plays, not a list"
            )));
        }
        // Through `config_bots`: the config's heuristic weights, and a `ban=` in its cast.
        let spec = config_bots(text, config)
            .map_err(|e| input(anyhow!("--tier {text}: {e}")))?
            .remove(0);
        if let Some((same, _)) = tiers.iter().find(|(s, _)| *s == spec) {
            return Err(input(anyhow!(
                "--tier {text}: the tier {same} is already on the ladder"
            )));
        }
        let games = if spec.searches() {
            args.search_games
        } else {
            args.games
        };
        tiers.push((spec, games));
    }
    Ok(tiers)
}

fn plan(args: &LadderArgs) -> Result<Plan, AppError> {
    let config = load_config(&args.setup)?;
    let tiers = parse_tiers(args, &config)?;
    let rules = args
        .players
        .range
        .counts()
        .map(|players| config.rules(players).map_err(input))
        .collect::<Result<Vec<_>, _>>()?;
    let config_table = report::manifest::config_table(&config.to_toml())
        .map_err(|e| failed(anyhow!("{}: {e}", config.source)))?;
    let out = resumable_out(
        &args.output.out,
        &args.resume,
        default_out(&args.setup.source),
        args.output.force,
    )?;
    Ok(Plan {
        config,
        tiers,
        rules,
        out,
        config_table,
    })
}

fn fingerprint(args: &LadderArgs, plan: &Plan) -> Fingerprint {
    Fingerprint::of(
        &plan.config,
        args.seed.master,
        args.games,
        args.players.range.counts().collect(),
        plan.tiers.iter().map(|(s, _)| s.to_string()).collect(),
    )
}

/// An empty checkpoint of this command's ladder.
fn fresh(
    args: &LadderArgs,
    plan: &Plan,
    command: String,
    shard: Option<Shard>,
) -> LadderCheckpoint {
    LadderCheckpoint {
        shard,
        command,
        fingerprint: fingerprint(args, plan),
        search_games: args.search_games,
        tiers: plan
            .tiers
            .iter()
            .map(|(spec, games)| TierProgress {
                bot: spec.to_string(),
                games: *games,
                counts: plan
                    .rules
                    .iter()
                    .map(|r| CountProgress::new(r.players))
                    .collect(),
            })
            .collect(),
    }
}

fn manifest(plan: &Plan, done: &LadderCheckpoint) -> Result<LadderManifest, AppError> {
    let f = &done.fingerprint;
    let seed = f
        .seed
        .parse()
        .map_err(|_| failed(anyhow!("seed \"{}\" is not a number", f.seed)))?;
    let games = f
        .games
        .parse()
        .map_err(|_| failed(anyhow!("games \"{}\" is not a number", f.games)))?;
    Ok(LadderManifest {
        header: manifest::Header::new(done.command.clone(), seed, games)
            .kind(checkpoint::LADDER_KIND)
            .version(&f.version)
            .config(&f.config_source, &plan.config.name),
        search_games: done.search_games,
        players: f.players.clone(),
        tiers: f.bots.clone(),
        config: plan.config_table.clone(),
    })
}

/// Renders the reports of a finished ladder and writes them into `folder`.
pub(super) fn write_ladder_reports(
    plan: &Plan,
    done: &LadderCheckpoint,
    folder: &Folder,
    quiet: bool,
) -> Result<(), AppError> {
    let sections: Vec<LadderSection> = plan
        .rules
        .iter()
        .enumerate()
        .map(|(i, rules)| LadderSection {
            rules,
            tiers: done
                .tiers
                .iter()
                .map(|t| TierResult {
                    name: &t.bot,
                    stats: &t.counts[i].stats,
                    blocks: &t.counts[i].blocks,
                })
                .collect(),
        })
        .collect();
    let mut files = report::ladder::render(&sections, &manifest(plan, done)?)
        .context("cannot render the reports")
        .map_err(failed)?;
    // A tier of policy weights not fitted with the cast is warned of at the summary's head.
    let bots: Vec<BotSpec> = plan.tiers.iter().map(|(bot, _)| bot.clone()).collect();
    let head = report::summary_txt::summary_head(
        plan.rules
            .iter()
            .map(|rules| (None, rules, bots.as_slice())),
    );
    if let Some(file) = files.iter_mut().find(|f| f.name == "summary.txt") {
        file.bytes = [head.as_bytes(), &file.bytes].concat();
    }
    // The ladder's summary is short enough to print whole (a table per player count).
    let summary = files
        .iter()
        .find(|f| f.name == "summary.txt")
        .map_or_else(String::new, |f| {
            String::from_utf8_lossy(&f.bytes).into_owned()
        });
    let shown = format!(
        "{summary}\nfull tables: {}\ncharts:      {}\n",
        plan.out.join("summary.txt").display(),
        plan.out.join("report.html").display()
    );
    write_and_show(folder, quiet, &files, &shown)
}

pub fn ladder(args: &LadderArgs, command_line: String) -> Result<(), AppError> {
    let shard = shard::resolve(args.shard)?;
    let plan = plan(args)?;
    let folder = Folder::claim("--out", &plan.out, args.output.force)?;
    let fresh = fresh(args, &plan, command_line, shard);
    let job = Job::start(folder, args.resume.as_deref(), fresh)?;
    let threads = threads(args.threads);
    let total: u64 = plan
        .tiers
        .iter()
        .map(|(_, games)| shard::games_to_play(*games, shard) * plan.rules.len() as u64)
        .sum();
    let progress = Progress::new(total, job.resumed_games(), args.output.quiet);
    let started = Instant::now();
    for (t, (spec, games)) in plan.tiers.iter().enumerate() {
        for (i, rules) in plan.rules.iter().enumerate() {
            progress.set_message(format!("{spec} at {} players", rules.players));
            let todo: Vec<u64> = job.with(|done| {
                let done = &done.tiers[t].counts[i].done;
                shard::chunks_to_play(*games, shard)
                    .filter(|c| !done.contains(c))
                    .collect()
            });
            let seats = vec![spec.clone(); rules.players as usize];
            runner::for_each_chunk(
                threads,
                &todo,
                &|chunk, (stats, blocks)| {
                    let games = job.update(|done| {
                        let count = &mut done.tiers[t].counts[i];
                        count.stats += stats;
                        count.blocks.extend(blocks);
                        count.done.insert(chunk);
                    });
                    progress.set_position(games);
                },
                |chunk, legal| play_chunk(rules, args.seed.master, *games, chunk, &seats, legal),
            );
        }
    }
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();
    let resumed = job.resumed_games();
    let played = total - resumed;
    let speed = format!(
        "{played} games in {elapsed:.1} s on {threads} threads{}",
        if resumed > 0 {
            format!(" (resumed after {resumed})")
        } else {
            String::new()
        }
    );
    let (folder, done) = job.finish();
    if let Some(shard) = shard {
        folder.write_partial(&done)?;
        outln!(
            "partial result of shard {shard} written to {} (citadels-sim merge adds the {} \
             shards' folders into the ladder's reports)",
            plan.out.display(),
            shard.count
        );
    } else {
        write_ladder_reports(&plan, &done, &folder, args.output.quiet)?;
    }
    folder.remove_checkpoint()?;
    eprintln!("{speed}");
    Ok(())
}
