//! `merge DIR... --out DIR`: adds the partial results of a run's or a ladder's shards
//! (`--shard K/N`) into the reports the job would have written in one piece. The partials
//! must be the N shards of one job (`job::shard::check`: same fingerprint, each exactly
//! once and complete); their counters are added with checked arithmetic and the sums
//! checked as a file's are (`CountProgress::add_checked`). Anything else is refused, naming
//! the file.

use super::ladder::{self, write_ladder_reports};
use super::{AppError, claim, failed, input, seat_bots, write_reports};
use crate::bots::BotSpec;
use crate::cli::MergeArgs;
use crate::config;
use crate::job::checkpoint::{self, Checkpoint, CountProgress, LadderCheckpoint, PARTIAL_FILE};
use crate::job::{Folder, path, shard};
use crate::report::{self, Manifest, Section};
use crate::sim::runner::Shard;
use anyhow::{Context, anyhow};
use std::path::{Path, PathBuf};

/// The file of the partial result in `dir` and its text.
fn read_text(dir: &Path) -> Result<(PathBuf, String), AppError> {
    let file = dir.join(PARTIAL_FILE);
    let text = std::fs::read_to_string(&file).map_err(|e| {
        input(anyhow!(
            "{}: cannot read the partial result ({e}); give the folders written by \
             `run --shard K/N --out DIR` or `ladder --shard K/N --out DIR`",
            file.display()
        ))
    })?;
    Ok((file, text))
}

/// Parses the partial results `texts` (read from `files`) with `parse`; each must have a
/// shard.
fn parse_all<'a, T>(
    files: &'a [PathBuf],
    texts: &[String],
    parse: fn(&str) -> Result<T, String>,
    shard: fn(&T) -> Option<Shard>,
) -> Result<Vec<(&'a Path, Shard, T)>, AppError> {
    let mut parts = Vec::new();
    for (file, text) in files.iter().zip(texts) {
        let part = parse(text).map_err(|e| input(anyhow!("{}: {e}", file.display())))?;
        let found = shard(&part).ok_or_else(|| {
            input(anyhow!(
                "{}: not the partial result of a shard (no `shard` key)",
                file.display()
            ))
        })?;
        parts.push((file.as_path(), found, part));
    }
    Ok(parts)
}

/// Adds `more` into `into`, naming the file of `more` if the sum is refused.
fn add(into: &mut CountProgress, more: &CountProgress, file: &Path) -> Result<(), AppError> {
    into.add_checked(more)
        .map_err(|e| input(anyhow!("{}: {e}", file.display())))
}

pub fn merge(args: &MergeArgs) -> Result<(), AppError> {
    // Required by the parser (`MergeArgs`).
    let out = args
        .output
        .out
        .as_deref()
        .ok_or_else(|| input(anyhow!("--out DIR: merge needs the report folder to write")))?;
    path::check_folder("--out", out, args.output.force)?;
    if let Some(dir) = args.partials.iter().find(|d| path::same_place(d, out)) {
        return Err(input(anyhow!(
            "--out {}: is the partial result {} given to merge; write the reports elsewhere",
            out.display(),
            dir.display()
        )));
    }
    let (files, texts): (Vec<PathBuf>, Vec<String>) = args
        .partials
        .iter()
        .map(|dir| read_text(dir))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    // A run's shards and a ladder's have different files: name the mix, not the field the
    // other's reader does not know.
    let what = |text: &str| {
        if checkpoint::is_ladder(text) {
            "a ladder's"
        } else {
            "a run's"
        }
    };
    if let Some(i) = (1..texts.len()).find(|&i| what(&texts[i]) != what(&texts[0])) {
        return Err(input(anyhow!(
            "{}: {} partial result, but {} is {}: merge the shards of one command",
            files[i].display(),
            what(&texts[i]),
            files[0].display(),
            what(&texts[0])
        )));
    }
    if checkpoint::is_ladder(&texts[0]) {
        merge_ladder(args, out, &files, &texts)
    } else {
        merge_run(args, out, &files, &texts)
    }
}

fn merge_run(
    args: &MergeArgs,
    out: &Path,
    files: &[PathBuf],
    texts: &[String],
) -> Result<(), AppError> {
    let parts = parse_all(files, texts, Checkpoint::parse, |p| p.shard)?;
    let parts = shard::check(
        parts,
        |(file, shard, part)| shard::PartialInfo {
            file,
            shard: *shard,
            fingerprint: &part.fingerprint,
        },
        |(_, shard, part)| {
            let games = games_of(part);
            part.counts.iter().find_map(|c| {
                let (done, expected) = shard::incomplete(*shard, games, &c.done)?;
                Some(format!(
                    "shard {shard} is incomplete at {} players ({done} of its {expected} \
                     chunks done)",
                    c.stats.players
                ))
            })
        },
    )?;
    let folder = claim(out, args.output.force)?;
    let (first_file, _, first) = &parts[0];
    let fingerprint = &first.fingerprint;
    let what = first_file.display();
    let mut counts = first.counts.clone();
    for (file, _, other) in &parts[1..] {
        for (count, more) in counts.iter_mut().zip(&other.counts) {
            add(count, more, file)?;
        }
    }

    // The run's plan, rebuilt from the fingerprint.
    let config = config::load_str(&fingerprint.config_source, &fingerprint.config)
        .map_err(|e| input(anyhow!("{what}: the resolved config: {e}")))?;
    // The fingerprint's specs are written relative to the default weights (`BotSpec`'s
    // Display), so they are read back from the defaults, not from the config's weights.
    let bots = BotSpec::parse_list(&fingerprint.bots.join(","))
        .map_err(|e| input(anyhow!("{what}: bots: {e}")))?;
    let mut plans = Vec::new();
    for progress in counts {
        let players = progress.stats.players;
        let rules = config
            .rules(players)
            .map_err(|e| input(anyhow!("{what}: {e}")))?;
        let seats = seat_bots(&bots, players).map_err(|e| input(anyhow!("{what}: bots: {e}")))?;
        plans.push((rules, seats, progress.stats));
    }
    let sections: Vec<Section> = plans
        .iter()
        .map(|(rules, bots, stats)| Section { rules, stats, bots })
        .collect();
    let seed = fingerprint.seed.parse().map_err(|_| {
        input(anyhow!(
            "{what}: seed: \"{}\" is not a number",
            fingerprint.seed
        ))
    })?;
    let games = fingerprint.games.parse().map_err(|_| {
        input(anyhow!(
            "{what}: games: \"{}\" is not a number",
            fingerprint.games
        ))
    })?;
    let manifest = Manifest {
        header: report::manifest::Header::new(first.command.clone(), seed, games)
            .version(&fingerprint.version)
            .config(&fingerprint.config_source, &config.name),
        players: fingerprint.players.clone(),
        bots: fingerprint.bots.clone(),
        config: report::manifest::config_table(&fingerprint.config)
            .map_err(|e| failed(anyhow!("{what}: {e}")))?,
    };
    let files = report::render(&sections, &manifest)
        .context("cannot render the reports")
        .map_err(failed)?;
    write_reports(&folder, args.output.quiet, &files)
}

/// A run's games per player count (`Checkpoint::parse` has checked it is a number).
fn games_of(part: &Checkpoint) -> u64 {
    part.fingerprint.games.parse().unwrap_or(0)
}

fn merge_ladder(
    args: &MergeArgs,
    out: &Path,
    files: &[PathBuf],
    texts: &[String],
) -> Result<(), AppError> {
    let parts = parse_all(files, texts, LadderCheckpoint::parse, |p| p.shard)?;
    let search_games = parts.first().map_or(0, |(_, _, p)| p.search_games);
    let parts = shard::check(
        parts,
        |(file, shard, part)| shard::PartialInfo {
            file,
            shard: *shard,
            fingerprint: &part.fingerprint,
        },
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
                        tier.counts.iter().find_map(|c| {
                            let (done, expected) = shard::incomplete(*shard, tier.games, &c.done)?;
                            Some(format!(
                                "shard {shard} is incomplete: tier {} at {} players ({done} of \
                                 its {expected} chunks done)",
                                tier.bot, c.stats.players
                            ))
                        })
                    })
                })
        },
    )?;
    let folder: Folder = claim(out, args.output.force)?;
    let (first_file, _, first) = &parts[0];
    let what = first_file.display();
    let f = &first.fingerprint;
    let config = config::load_str(&f.config_source, &f.config)
        .map_err(|e| input(anyhow!("{what}: the resolved config: {e}")))?;
    let mut done = first.clone();
    for (file, _, other) in &parts[1..] {
        for (tier, more) in done.tiers.iter_mut().zip(&other.tiers) {
            for (count, more) in tier.counts.iter_mut().zip(&more.counts) {
                add(count, more, file)?;
            }
        }
    }
    done.shard = None;
    let rules = f
        .players
        .iter()
        .map(|&p| config.rules(p).map_err(|e| input(anyhow!("{what}: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    let plan = ladder::Plan {
        config_table: report::manifest::config_table(&f.config)
            .map_err(|e| failed(anyhow!("{what}: {e}")))?,
        config,
        tiers: Vec::new(),
        rules,
        out: out.to_path_buf(),
    };
    write_ladder_reports(&plan, &done, &folder, args.output.quiet)
}
