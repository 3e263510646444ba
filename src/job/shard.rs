//! Shards: which chunks a shard plays (`--shard K/N`, `--shard auto/N`), and `merge`'s
//! checks that partial results are the N complete shards of one job.
//!
//! A shard count may exceed a job's chunks (a job array sized for larger runs): the shards
//! without a chunk write empty partial results, which merge as nothing. So every count below
//! is computed, never listed, and a shard count of 2^64 - 1 cannot make `merge` allocate in
//! proportion to it.

use super::checkpoint::Fingerprint;
use super::{Result, refused};
use crate::cli::ShardArg;
use crate::sim::runner::{self, Shard};
use anyhow::anyhow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The variables `--shard auto/N` reads, in order.
pub const SHARD_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// The shard of `--shard`: given, or `auto/N` with its index from SLURM_ARRAY_TASK_ID or
/// JOB_COMPLETION_INDEX (both 0-based; if both are set they must agree).
pub fn resolve(arg: Option<ShardArg>) -> Result<Option<Shard>> {
    resolve_from(arg, |name| std::env::var(name).ok())
}

fn resolve_from(
    arg: Option<ShardArg>,
    var: impl Fn(&str) -> Option<String>,
) -> Result<Option<Shard>> {
    let count = match arg {
        None => return Ok(None),
        Some(ShardArg::Fixed(shard)) => return Ok(Some(shard)),
        Some(ShardArg::Auto(count)) => count,
    };
    let mut found: Option<(&str, u64)> = None;
    for name in SHARD_VARIABLES {
        let Some(text) = var(name) else { continue };
        let index: u64 = text.trim().parse().map_err(|_| {
            refused(anyhow!(
                "--shard auto/{count}: {name}={text:?} is not a shard index (a whole number \
                 from 0 to {})",
                count - 1
            ))
        })?;
        let shard = Shard::new(index, count)
            .map_err(|e| refused(anyhow!("--shard auto/{count}: {name}={index}: {e}")))?;
        if let Some((other, k)) = found
            && k != shard.index
        {
            return Err(refused(anyhow!(
                "--shard auto/{count}: {other}={k} and {name}={index} disagree; unset one \
                 or give --shard K/{count}"
            )));
        }
        found = Some((name, shard.index));
    }
    let (_, index) = found.ok_or_else(|| {
        refused(anyhow!(
            "--shard auto/{count}: neither {} nor {} is set (run it from a Slurm job array \
             or a Kubernetes Indexed Job, or give --shard K/{count})",
            SHARD_VARIABLES[0],
            SHARD_VARIABLES[1]
        ))
    })?;
    Ok(Some(Shard { index, count }))
}

/// The chunks of one player count a job plays: all, or its shard's.
pub fn chunks_to_play(games: u64, shard: Option<Shard>) -> impl Iterator<Item = u64> {
    (0..runner::chunk_count(games)).filter(move |&c| shard.is_none_or(|s| s.has(c)))
}

/// The games of one player count a job plays: all, or its shard's.
pub fn games_to_play(games: u64, shard: Option<Shard>) -> u64 {
    chunks_to_play(games, shard)
        .map(|c| runner::chunk_games(games, c).count() as u64)
        .sum()
}

/// How many of a job's chunks (of `games` games per player count) `shard` plays.
fn chunks_of(shard: Shard, games: u64) -> u64 {
    let chunks = runner::chunk_count(games);
    if shard.index >= chunks {
        0
    } else {
        (chunks - shard.index - 1) / shard.count + 1
    }
}

/// What is missing from a shard's `done` chunks of a job of `games` games, if anything:
/// the chunks done must be exactly the shard's.
pub fn incomplete(shard: Shard, games: u64, done: &BTreeSet<u64>) -> Option<(usize, u64)> {
    let expected = chunks_of(shard, games);
    let chunks = runner::chunk_count(games);
    let exact = done.len() as u64 == expected && done.iter().all(|&c| c < chunks && shard.has(c));
    (!exact).then_some((done.len(), expected))
}

/// One partial result as `check` sees it.
pub struct PartialInfo<'a> {
    pub file: &'a Path,
    pub shard: Shard,
    pub fingerprint: &'a Fingerprint,
}

/// Checks that `partials` are the N shards of one job by this version, each once and
/// complete, and returns them in shard order. `info` describes a partial; `incomplete` says
/// what is missing from it, if anything.
pub fn check<T>(
    partials: Vec<T>,
    info: impl Fn(&T) -> PartialInfo<'_>,
    incomplete: impl Fn(&T) -> Option<String>,
) -> Result<Vec<T>> {
    let version = env!("CARGO_PKG_VERSION");
    let Some(first) = partials.first() else {
        return Err(refused(anyhow!(
            "merge needs the partial results of the shards"
        )));
    };
    let first = info(first);
    for p in &partials {
        let PartialInfo {
            file,
            shard,
            fingerprint,
        } = info(p);
        if fingerprint.version != version {
            return Err(refused(anyhow!(
                "{}: written by citadels-sim {}, this is {version}; merge with the version \
                 that played the shards",
                file.display(),
                fingerprint.version
            )));
        }
        let names = (
            &*format!("{}", first.file.display()),
            &*format!("{}", file.display()),
        );
        if let Some(difference) = first.fingerprint.differs(fingerprint, names) {
            return Err(refused(anyhow!(
                "{}: not a shard of the same run as {}: {difference}",
                file.display(),
                first.file.display()
            )));
        }
        if shard.count != first.shard.count {
            return Err(refused(anyhow!(
                "{}: shard {} is one of {} shards, but {} is shard {} of {}",
                file.display(),
                shard,
                shard.count,
                first.file.display(),
                first.shard,
                first.shard.count
            )));
        }
        if let Some(missing) = incomplete(p) {
            return Err(refused(anyhow!("{}: {missing}", file.display())));
        }
    }
    let count = first.shard.count;
    let mut by_index: BTreeMap<u64, T> = BTreeMap::new();
    for p in partials {
        let PartialInfo { file, shard, .. } = info(&p);
        if let Some(other) = by_index.get(&shard.index) {
            return Err(refused(anyhow!(
                "{}: shard {} is given twice (also {})",
                file.display(),
                shard,
                info(other).file.display()
            )));
        }
        by_index.insert(shard.index, p);
    }
    let missing_count = count - by_index.len() as u64;
    if missing_count > 0 {
        const SHOWN: usize = 10;
        let mut missing: Vec<String> = (0..count)
            .filter(|k| !by_index.contains_key(k))
            .take(SHOWN)
            .map(|k| format!("{k}/{count}"))
            .collect();
        if missing_count > SHOWN as u64 {
            missing.push(format!("and {} more", missing_count - SHOWN as u64));
        }
        let (noun, verb) = if missing_count > 1 {
            ("shards", "are")
        } else {
            ("shard", "is")
        };
        return Err(refused(anyhow!(
            "{noun} {} {verb} missing: merge needs the partial results of all {count} shards",
            missing.join(", ")
        )));
    }
    Ok(by_index.into_values().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_shards_read_slurm_or_kubernetes() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        let auto = Some(ShardArg::Auto(4));
        let shard = |index| Ok(Some(Shard { index, count: 4 }));
        let ok = |r: Result<Option<Shard>>| {
            r.map_err(|e| match e {
                super::super::Error::Refused(e) | super::super::Error::Failed(e) => {
                    format!("{e:#}")
                }
            })
        };
        assert_eq!(ok(resolve_from(None, env(&[]))), Ok(None));
        assert_eq!(
            ok(resolve_from(auto, env(&[("SLURM_ARRAY_TASK_ID", "2")]))),
            shard(2)
        );
        assert_eq!(
            ok(resolve_from(auto, env(&[("JOB_COMPLETION_INDEX", "3")]))),
            shard(3)
        );
        const BOTH: [(&str, &str); 2] =
            [("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "1")];
        assert_eq!(ok(resolve_from(auto, env(&BOTH))), shard(1));
        let err = |pairs| ok(resolve_from(auto, env(pairs))).unwrap_err();
        assert!(err(&[]).contains("neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX"));
        assert!(err(&[("SLURM_ARRAY_TASK_ID", "4")]).contains("SLURM_ARRAY_TASK_ID=4"));
        assert!(err(&[("JOB_COMPLETION_INDEX", "x")]).contains("not a shard index"));
        const DISAGREE: [(&str, &str); 2] =
            [("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "2")];
        assert!(err(&DISAGREE).contains("disagree"));
    }

    #[test]
    fn a_shard_is_complete_with_exactly_its_chunks() {
        let shard = Shard { index: 1, count: 3 };
        // 1100 games: chunks 0..5, of which shard 1/3 plays 1 and 4.
        let done = |c: &[u64]| c.iter().copied().collect::<BTreeSet<u64>>();
        assert_eq!(incomplete(shard, 1100, &done(&[1, 4])), None);
        assert_eq!(incomplete(shard, 1100, &done(&[1])), Some((1, 2)));
        assert_eq!(incomplete(shard, 1100, &done(&[1, 3])), Some((2, 2)));
        let huge = Shard {
            index: 0,
            count: u64::MAX,
        };
        assert_eq!(incomplete(huge, u64::MAX, &done(&[0])), None);
    }
}
