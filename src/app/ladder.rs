//! `ladder`: one config played by several bot populations ("tiers", every seat the same spec)
//! on the same game seeds, with checkpoints, `--resume` and `--shard` like `run`. Each tier's
//! games are a run's games (same seeds, same counters); the reports (`report::ladder`) say per
//! character, seat and district whether its verdict holds as play gets stronger.

use super::out::outln;
use super::run::{
    Tracker, chunks_to_play, not_resumable, resolve_shard, shard_difference, write_partial_text,
};
use super::{
    AppError, config_bots, failed, input, load_config, lock_out, resumable_out, threads,
    write_and_show,
};
use crate::bots::BotSpec;
use crate::cli::{ConfigArgs, DEFAULT_TIERS, LadderArgs, MergeArgs};
use crate::config::{self, RunConfig};
use crate::engine::rules::Rules;
use crate::progress::Progress;
use crate::report::checkpoint::{self, CountProgress, Fingerprint, LadderCheckpoint, TierProgress};
use crate::report::ladder::{LadderManifest, LadderSection, TierResult};
use crate::report::{self, manifest};
use crate::sim::ladder::play_chunk;
use crate::sim::runner::{self, Shard};
use anyhow::{Context, anyhow};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

/// The checked plan of a ladder.
struct Plan {
    config: RunConfig,
    /// The tiers, weakest first, and the games each plays per player count.
    tiers: Vec<(BotSpec, u64)>,
    rules: Vec<Rules>,
    out: PathBuf,
    config_table: toml::Table,
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
        .counts()
        .map(|players| config.rules(players).map_err(input))
        .collect::<Result<Vec<_>, _>>()?;
    let config_table = report::manifest::config_table(&config.to_toml())
        .map_err(|e| failed(anyhow!("{}: {e}", config.source)))?;
    let out = resumable_out(
        &args.out,
        &args.resume,
        default_out(&args.setup.source),
        args.force,
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
    Fingerprint::new(
        plan.config.edition.name(),
        &plan.config.source,
        &plan.config.to_toml(),
        args.seed,
        args.games,
        args.players.counts().collect(),
        plan.tiers.iter().map(|(s, _)| s.to_string()).collect(),
    )
}

/// The checkpoint to start from: the interrupted ladder's with `--resume` (which must be
/// this command's ladder and shard), else an empty one.
fn start_from(
    args: &LadderArgs,
    plan: &Plan,
    command: String,
    shard: Option<Shard>,
) -> Result<LadderCheckpoint, AppError> {
    let fingerprint = fingerprint(args, plan);
    let existing = checkpoint::read_with(&plan.out, LadderCheckpoint::parse)
        .with_context(|| format!("cannot read the checkpoint of {}", plan.out.display()));
    let Some(resume) = &args.resume else {
        return Ok(LadderCheckpoint {
            shard,
            command,
            fingerprint,
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
        });
    };
    let found = existing.map_err(input)?.ok_or_else(|| {
        input(anyhow!(
            "--resume {}: no checkpoint of an interrupted ladder there; run without --resume \
             to start the ladder",
            resume.display()
        ))
    })?;
    let names = ("the interrupted ladder", "this command");
    let difference = found
        .fingerprint
        .differs(&fingerprint, names)
        .or_else(|| {
            (found.search_games != args.search_games).then(|| {
                format!(
                    "--search-games: the interrupted ladder has {}, this command {}",
                    found.search_games, args.search_games
                )
            })
        })
        .or_else(|| shard_difference(found.shard, shard, names));
    match difference {
        Some(difference) => Err(not_resumable(resume, "ladder", &difference, &found.command)),
        None => Ok(found),
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

/// Renders the reports of a finished ladder and writes them into `out`.
fn write_ladder_reports(
    plan: &Plan,
    done: &LadderCheckpoint,
    force: bool,
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
    write_and_show(&plan.out, force, quiet, &files, &shown)
}

pub fn ladder(args: &LadderArgs, command_line: String) -> Result<(), AppError> {
    let shard = resolve_shard(args.shard)?;
    let plan = plan(args)?;
    let _lock = lock_out(&plan.out)?;
    let start = start_from(args, &plan, command_line, shard)?;
    // Creates the work folder before any game is played, so an unwritable location fails
    // at once.
    let text = start
        .to_text()
        .context("cannot write the checkpoint")
        .map_err(failed)?;
    checkpoint::write_text(&plan.out, &text)
        .with_context(|| format!("cannot write the checkpoint of {}", plan.out.display()))
        .map_err(failed)?;
    let threads = threads(args.threads);
    let per_count = |games: u64| -> u64 {
        chunks_to_play(games, shard)
            .map(|c| runner::chunk_games(games, c).count() as u64)
            .sum()
    };
    let total: u64 = plan
        .tiers
        .iter()
        .map(|(_, games)| per_count(*games) * plan.rules.len() as u64)
        .sum();
    let tracker = Mutex::new(Tracker::new(&plan.out, start));
    let lock = || tracker.lock().unwrap_or_else(|e| e.into_inner());
    let resumed = lock().checkpoint.games_done();
    let progress = Progress::new(total, resumed, args.quiet);
    let started = Instant::now();
    for (t, (spec, games)) in plan.tiers.iter().enumerate() {
        for (i, rules) in plan.rules.iter().enumerate() {
            progress.set_message(format!("{spec} at {} players", rules.players));
            let todo: Vec<u64> = {
                let done = &lock().checkpoint.tiers[t].counts[i].done;
                chunks_to_play(*games, shard)
                    .filter(|c| !done.contains(c))
                    .collect()
            };
            let seats = vec![spec.clone(); rules.players as usize];
            runner::for_each_chunk(
                threads,
                &todo,
                &|chunk, (stats, blocks)| {
                    let mut tracker = lock();
                    let count = &mut tracker.checkpoint.tiers[t].counts[i];
                    count.stats += stats;
                    count.blocks.extend(blocks);
                    count.done.insert(chunk);
                    tracker.saved_chunk();
                    progress.set_position(tracker.checkpoint.games_done());
                },
                |chunk, legal| play_chunk(rules, args.seed, *games, chunk, &seats, legal),
            );
        }
    }
    let mut tracker = tracker.into_inner().unwrap_or_else(|e| e.into_inner());
    tracker.save();
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();
    let played = total - resumed;
    let speed = format!(
        "{played} games in {elapsed:.1} s on {threads} threads{}",
        if resumed > 0 {
            format!(" (resumed after {resumed})")
        } else {
            String::new()
        }
    );
    let done = tracker.checkpoint;
    if let Some(shard) = shard {
        let text = done
            .to_text()
            .context("cannot write the partial result")
            .map_err(failed)?;
        write_partial_text(&plan.out, args.force, &text)?;
        outln!(
            "partial result of shard {shard} written to {} (citadels-sim merge adds the {} \
             shards' folders into the ladder's reports)",
            plan.out.display(),
            shard.count
        );
    } else {
        write_ladder_reports(&plan, &done, args.force, args.quiet)?;
    }
    checkpoint::remove(&plan.out)
        .with_context(|| format!("cannot remove the checkpoint of {}", plan.out.display()))
        .map_err(failed)?;
    eprintln!("{speed}");
    Ok(())
}

/// `merge` of a ladder's shards: `partials` are their partial results, read from `files`.
pub fn merge(args: &MergeArgs, files: &[PathBuf], texts: &[String]) -> Result<(), AppError> {
    let mut parts = Vec::new();
    for (file, text) in files.iter().zip(texts) {
        let part =
            LadderCheckpoint::parse(text).map_err(|e| input(anyhow!("{}: {e}", file.display())))?;
        let shard = part.shard.ok_or_else(|| {
            input(anyhow!(
                "{}: not the partial result of a shard (no `shard` key)",
                file.display()
            ))
        })?;
        parts.push((file.as_path(), shard, part));
    }
    let search_games = parts.first().map_or(0, |(_, _, p)| p.search_games);
    let parts = super::merge::check_shards(
        parts,
        |(file, shard, part)| (*file, *shard, &part.fingerprint),
        |(_, shard, part)| {
            (part.search_games != search_games)
                .then(|| {
                    format!(
                        "--search-games {} differs from the first partial's",
                        part.search_games
                    )
                })
                .or_else(|| {
                    part.tiers.iter().find_map(|tier| {
                        let expected: std::collections::BTreeSet<u64> =
                            shard.chunks(tier.games).collect();
                        tier.counts.iter().find(|c| c.done != expected).map(|c| {
                            format!(
                                "shard {shard} is incomplete: tier {} at {} players ({} of its {} \
                             chunks done)",
                                tier.bot,
                                c.stats.players,
                                c.done.len(),
                                expected.len()
                            )
                        })
                    })
                })
        },
    )?;
    let (first_file, _, first) = &parts[0];
    let what = first_file.display();
    let f = &first.fingerprint;
    let config = config::load_str(&f.config_source, &f.config)
        .map_err(|e| input(anyhow!("{what}: the resolved config: {e}")))?;
    let mut done = first.clone();
    for (_, _, other) in &parts[1..] {
        for (tier, more) in done.tiers.iter_mut().zip(&other.tiers) {
            for (count, add) in tier.counts.iter_mut().zip(&more.counts) {
                count.stats += &add.stats;
                count
                    .blocks
                    .extend(add.blocks.iter().map(|(k, b)| (*k, *b)));
                count.done.extend(&add.done);
            }
        }
    }
    done.shard = None;
    let _lock = lock_out(&args.out)?;
    let rules = f
        .players
        .iter()
        .map(|&p| config.rules(p).map_err(|e| input(anyhow!("{what}: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    let plan = Plan {
        config_table: report::manifest::config_table(&f.config)
            .map_err(|e| failed(anyhow!("{what}: {e}")))?,
        config,
        tiers: Vec::new(),
        rules,
        out: args.out.clone(),
    };
    write_ladder_reports(&plan, &done, args.force, args.quiet)
}
