//! `merge DIR... --out DIR`: adds the partial results of a run's shards (`run --shard K/N`)
//! into the reports the run would have written in one piece. The partials must be the N
//! shards of one run (same fingerprint: version, chunk size, edition, config, seed, games,
//! player counts, bots), each exactly once and complete; anything else is refused, naming
//! the file.

use super::{AppError, check_out, failed, input, lock_out, seat_bots, write_reports};
use crate::bots::BotSpec;
use crate::cli::MergeArgs;
use crate::config;
use crate::report::checkpoint::{self, Checkpoint, Fingerprint, PARTIAL_FILE};
use crate::report::{self, Manifest, Section};
use crate::sim::runner::Shard;
use anyhow::{Context, anyhow};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One partial result and where it was read from.
struct Partial {
    file: PathBuf,
    shard: Shard,
    done: Checkpoint,
}

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

fn read_partial(file: &Path, text: &str) -> Result<Partial, AppError> {
    let done = Checkpoint::parse(text).map_err(|e| input(anyhow!("{}: {e}", file.display())))?;
    let shard = done.shard.ok_or_else(|| {
        input(anyhow!(
            "{}: not the partial result of a shard (no `shard` key)",
            file.display()
        ))
    })?;
    Ok(Partial {
        file: file.to_path_buf(),
        shard,
        done,
    })
}

/// Checks that `partials` are the N shards of one run (or ladder) by this version, each once
/// and complete, and returns them in shard order. `info` gives a partial's file, shard and
/// fingerprint; `incomplete` says what is missing from a partial, if anything.
pub(super) fn check_shards<T>(
    partials: Vec<T>,
    info: impl Fn(&T) -> (&Path, Shard, &Fingerprint),
    incomplete: impl Fn(&T) -> Option<String>,
) -> Result<Vec<T>, AppError> {
    let version = env!("CARGO_PKG_VERSION");
    let mut by_index: BTreeMap<u64, T> = BTreeMap::new();
    {
        let (first_file, first_shard, first_print) = info(&partials[0]);
        for p in &partials {
            let (file, shard, print) = info(p);
            if print.version != version {
                return Err(input(anyhow!(
                    "{}: written by citadels-sim {}, this is {version}; merge with the version \
                     that played the shards",
                    file.display(),
                    print.version
                )));
            }
            let names = (
                &*format!("{}", first_file.display()),
                &*format!("{}", file.display()),
            );
            if let Some(difference) = first_print.differs(print, names) {
                return Err(input(anyhow!(
                    "{}: not a shard of the same run as {}: {difference}",
                    file.display(),
                    first_file.display()
                )));
            }
            if shard.count != first_shard.count {
                return Err(input(anyhow!(
                    "{}: shard {} is one of {} shards, but {} is shard {} of {}",
                    file.display(),
                    shard,
                    shard.count,
                    first_file.display(),
                    first_shard,
                    first_shard.count
                )));
            }
            if let Some(missing) = incomplete(p) {
                return Err(input(anyhow!("{}: {missing}", file.display())));
            }
        }
    }
    for p in partials {
        let (file, shard, _) = info(&p);
        if let Some(other) = by_index.get(&shard.index) {
            return Err(input(anyhow!(
                "{}: shard {} is given twice (also {})",
                file.display(),
                shard,
                info(other).0.display()
            )));
        }
        by_index.insert(shard.index, p);
    }
    let count = by_index.values().next().map_or(0, |p| info(p).1.count);
    let missing: Vec<String> = (0..count)
        .filter(|k| !by_index.contains_key(k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        let (noun, verb) = if missing.len() > 1 {
            ("shards", "are")
        } else {
            ("shard", "is")
        };
        return Err(input(anyhow!(
            "{noun} {} {verb} missing: merge needs the partial results of all {count} shards",
            missing.join(", ")
        )));
    }
    Ok(by_index.into_values().collect())
}

/// Checks that `partials` are the N shards of one run (`check_shards`).
fn check(partials: Vec<Partial>) -> Result<Vec<Partial>, AppError> {
    check_shards(
        partials,
        |p| (p.file.as_path(), p.shard, &p.done.fingerprint),
        |p| {
            let games: u64 = p.done.fingerprint.games.parse().unwrap_or(0);
            let expected: BTreeSet<u64> = p.shard.chunks(games).collect();
            p.done.counts.iter().find(|c| c.done != expected).map(|c| {
                format!(
                    "shard {} is incomplete at {} players ({} of its {} chunks done)",
                    p.shard,
                    c.stats.players,
                    c.done.len(),
                    expected.len()
                )
            })
        },
    )
}

pub fn merge(args: &MergeArgs) -> Result<(), AppError> {
    check_out(&args.out, args.force)?;
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if let Some(dir) = args.partials.iter().find(|d| same(d, &args.out)) {
        return Err(input(anyhow!(
            "--out {}: is the partial result {} given to merge; write the reports elsewhere",
            args.out.display(),
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
        return super::ladder::merge(args, &files, &texts);
    }
    let partials = files
        .iter()
        .zip(&texts)
        .map(|(file, text)| read_partial(file, text))
        .collect::<Result<Vec<_>, _>>()?;
    let partials = check(partials)?;
    let _lock = lock_out(&args.out)?;
    let first = &partials[0];
    let fingerprint = &first.done.fingerprint;
    let what = first.file.display();

    // The run's plan, rebuilt from the fingerprint.
    let config = config::load_str(&fingerprint.config_source, &fingerprint.config)
        .map_err(|e| input(anyhow!("{what}: the resolved config: {e}")))?;
    // The fingerprint's specs are written relative to the default weights (`BotSpec`'s
    // Display), so they are read back from the defaults, not from the config's weights.
    let bots = BotSpec::parse_list(&fingerprint.bots.join(","))
        .map_err(|e| input(anyhow!("{what}: bots: {e}")))?;
    let mut counts = Vec::new();
    for (i, progress) in first.done.counts.iter().enumerate() {
        let players = progress.stats.players;
        let rules = config
            .rules(players)
            .map_err(|e| input(anyhow!("{what}: {e}")))?;
        let seats = seat_bots(&bots, players).map_err(|e| input(anyhow!("{what}: bots: {e}")))?;
        let mut stats = progress.stats.clone();
        for other in &partials[1..] {
            stats += &other.done.counts[i].stats;
        }
        counts.push((rules, seats, stats));
    }
    let sections: Vec<Section> = counts
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
        header: report::manifest::Header::new(first.done.command.clone(), seed, games)
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
    write_reports(&args.out, args.force, args.quiet, &files)?;
    Ok(())
}
