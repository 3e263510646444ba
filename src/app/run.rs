//! `run`: plays one population, with checkpoints (`--resume`), shards (`--shard`, whose
//! partial results `merge` adds up) and the game log (`--log-games`).

use super::out::outln;
use super::{
    AppError, Plan, failed, input, lock_out, plan, render_plan, speed_line, threads, write_reports,
};
use crate::cli::{RunArgs, ShardArg};
use crate::progress::Progress;
use crate::report::checkpoint::{self, Checkpoint, CountProgress, Fingerprint};
use crate::report::{self, folder};
use crate::sim::game_log;
use crate::sim::runner::{self, Shard};
use crate::stats::Stats;
use anyhow::{Context, anyhow};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// A checkpoint that can be saved: a run's or a ladder's.
pub(super) trait Saved {
    fn to_text(&self) -> std::io::Result<String>;
}

impl Saved for Checkpoint {
    fn to_text(&self) -> std::io::Result<String> {
        Checkpoint::to_text(self)
    }
}

impl Saved for checkpoint::LadderCheckpoint {
    fn to_text(&self) -> std::io::Result<String> {
        checkpoint::LadderCheckpoint::to_text(self)
    }
}

/// The progress of a run (or a ladder) shared by the worker threads: its checkpoint, and
/// when it was last written.
pub(super) struct Tracker<'a, C: Saved> {
    out: &'a Path,
    pub(super) checkpoint: C,
    last_write: Instant,
    /// Set once a checkpoint write failed (warned once; the run goes on).
    write_failed: bool,
}

impl<'a, C: Saved> Tracker<'a, C> {
    pub(super) fn new(out: &'a Path, checkpoint: C) -> Tracker<'a, C> {
        Tracker {
            out,
            checkpoint,
            last_write: Instant::now(),
            write_failed: false,
        }
    }

    /// After a chunk was added: writes the checkpoint if the last one is old enough.
    pub(super) fn saved_chunk(&mut self) {
        if self.last_write.elapsed() >= checkpoint::EVERY {
            self.save();
        }
    }

    pub(super) fn save(&mut self) {
        self.last_write = Instant::now();
        if self.write_failed {
            return;
        }
        let written = self
            .checkpoint
            .to_text()
            .and_then(|text| checkpoint::write_text(self.out, &text));
        if let Err(e) = written {
            self.write_failed = true;
            eprintln!(
                "warning: cannot write the checkpoint of {}: {e}; the run goes on without \
                 checkpoints",
                self.out.display()
            );
        }
    }
}

impl Tracker<'_, Checkpoint> {
    /// Adds a completed chunk and writes the checkpoint if the last one is old enough.
    fn chunk_done(&mut self, count: usize, chunk: u64, stats: Stats) {
        let progress = &mut self.checkpoint.counts[count];
        progress.stats += stats;
        progress.done.insert(chunk);
        self.saved_chunk();
    }

    fn games_done(&self) -> u64 {
        self.checkpoint.counts.iter().map(|c| c.stats.games).sum()
    }
}

/// The checkpoint to start from: the one of the interrupted run with `--resume` (which must
/// match this command's plan and shard), else an empty one for this command.
fn start_from(
    args: &RunArgs,
    plan: &Plan,
    fingerprint: Fingerprint,
    command_line: String,
    shard: Option<Shard>,
) -> Result<Checkpoint, AppError> {
    let existing = checkpoint::read(&plan.out)
        .with_context(|| format!("cannot read the checkpoint of {}", plan.out.display()));
    let Some(resume) = &args.resume else {
        if let Ok(Some(_)) = existing {
            eprintln!(
                "note: starting over; this run replaces the checkpoint of an interrupted run \
                 into {} (--resume {} continues that run instead)",
                plan.out.display(),
                plan.out.display()
            );
        }
        return Ok(Checkpoint {
            shard,
            command: command_line,
            counts: plan
                .counts
                .iter()
                .map(|(rules, _)| CountProgress::new(rules.players))
                .collect(),
            fingerprint,
        });
    };
    let found = existing.map_err(input)?.ok_or_else(|| {
        input(anyhow!(
            "--resume {}: no checkpoint of an interrupted run there (expected {}); run \
             without --resume to start the run",
            resume.display(),
            checkpoint::path(resume)
                .map_or_else(|_| "a checkpoint".into(), |p| p.display().to_string())
        ))
    })?;
    let names = ("the interrupted run", "this command");
    let difference = found
        .fingerprint
        .differs(&fingerprint, names)
        .or_else(|| shard_difference(found.shard, shard, names));
    match difference {
        Some(difference) => Err(not_resumable(resume, "run", &difference, &found.command)),
        None => Ok(found),
    }
}

/// The refusal of `--resume DIR` when this command is not the interrupted `what` (run or
/// ladder) whose checkpoint is there.
pub(super) fn not_resumable(
    resume: &Path,
    what: &str,
    difference: &str,
    command: &str,
) -> AppError {
    input(anyhow!(
        "--resume {}: this command is not the interrupted {what}: {difference}; the \
         interrupted {what} was: {command}",
        resume.display()
    ))
}

/// How the shard of an interrupted command (`names.0`) differs from this one's
/// (`names.1`), if it does.
pub(super) fn shard_difference(
    found: Option<Shard>,
    now: Option<Shard>,
    names: (&str, &str),
) -> Option<String> {
    let shards =
        |s: Option<Shard>| s.map_or_else(|| "no --shard".into(), |s| format!("--shard {s}"));
    (found != now).then(|| {
        format!(
            "{} has {}, {} {}",
            names.0,
            shards(found),
            names.1,
            shards(now)
        )
    })
}

/// The shard of `--shard`: given, or `auto/N` with its index from SLURM_ARRAY_TASK_ID or
/// JOB_COMPLETION_INDEX (both 0-based; if both are set they must agree).
pub(super) fn resolve_shard(arg: Option<ShardArg>) -> Result<Option<Shard>, AppError> {
    resolve_shard_from(arg, |name| std::env::var(name).ok())
}

/// The variables `--shard auto/N` reads, in order.
pub const SHARD_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

fn resolve_shard_from(
    arg: Option<ShardArg>,
    var: impl Fn(&str) -> Option<String>,
) -> Result<Option<Shard>, AppError> {
    let count = match arg {
        None => return Ok(None),
        Some(ShardArg::Fixed(shard)) => return Ok(Some(shard)),
        Some(ShardArg::Auto(count)) => count,
    };
    let mut found: Option<(&str, u64)> = None;
    for name in SHARD_VARIABLES {
        let Some(text) = var(name) else { continue };
        let index: u64 = text.trim().parse().map_err(|_| {
            input(anyhow!(
                "--shard auto/{count}: {name}={text:?} is not a shard index (a whole number \
                 from 0 to {})",
                count - 1
            ))
        })?;
        let shard = Shard::new(index, count)
            .map_err(|e| input(anyhow!("--shard auto/{count}: {name}={index}: {e}")))?;
        if let Some((other, k)) = found
            && k != shard.index
        {
            return Err(input(anyhow!(
                "--shard auto/{count}: {other}={k} and {name}={index} disagree; unset one \
                 or give --shard K/{count}"
            )));
        }
        found = Some((name, shard.index));
    }
    let (_, index) = found.ok_or_else(|| {
        input(anyhow!(
            "--shard auto/{count}: neither {} nor {} is set (run it from a Slurm job array \
             or a Kubernetes Indexed Job, or give --shard K/{count})",
            SHARD_VARIABLES[0],
            SHARD_VARIABLES[1]
        ))
    })?;
    Ok(Some(Shard { index, count }))
}

/// The chunks of one player count this command plays: all, or its shard's.
pub(super) fn chunks_to_play(games: u64, shard: Option<Shard>) -> impl Iterator<Item = u64> {
    (0..runner::chunk_count(games)).filter(move |&c| shard.is_none_or(|s| s.has(c)))
}

pub(super) fn run(args: &RunArgs, command_line: String) -> Result<(), AppError> {
    if let (Some(log), Some(_)) = (&args.log_games, &args.resume) {
        return Err(input(anyhow!(
            "--log-games {} cannot be combined with --resume: the games played before the \
             interruption are in no log; start the run over to log every game",
            log.display()
        )));
    }
    let shard = resolve_shard(args.shard)?;
    let plan = plan(args)?;
    if let Some(log) = &args.log_games
        && inside(log, &plan.out)
    {
        return Err(input(anyhow!(
            "--log-games {}: is inside the report folder {}, which is replaced whole; write \
             the log elsewhere",
            log.display(),
            plan.out.display()
        )));
    }
    // (A folder, a link or a device is refused below, whatever --force says.)
    if let Some(log) = &args.log_games
        && std::fs::symlink_metadata(log).is_ok_and(|m| m.is_file())
        && !args.force
        && !game_log::is_game_log(log)
    {
        return Err(input(anyhow!(
            "--log-games {}: exists and is not a game log; give --force to replace it",
            log.display()
        )));
    }
    let _lock = lock_out(&plan.out)?;
    let mut log = match &args.log_games {
        None => None,
        Some(path) => Some(folder::StagedFile::create(path).map_err(|e| {
            input(anyhow!(
                "--log-games {}: cannot be written: {e}",
                path.display()
            ))
        })?),
    };
    let threads = threads(args.threads);
    let fingerprint = Fingerprint::new(
        plan.config.edition.name(),
        &plan.config.source,
        &plan.config.to_toml(),
        args.seed,
        args.games,
        args.players.counts().collect(),
        plan.bots.iter().map(|b| b.to_string()).collect(),
    );
    let start = start_from(args, &plan, fingerprint, command_line, shard)?;
    // Creates the work folder (and the report folder's parents) before any game is played,
    // so an unwritable location fails at once.
    checkpoint::write(&plan.out, &start)
        .with_context(|| format!("cannot write the checkpoint of {}", plan.out.display()))
        .map_err(failed)?;

    let games_per_count: u64 = chunks_to_play(args.games, shard)
        .map(|c| runner::chunk_games(args.games, c).count() as u64)
        .sum();
    if let Some(shard) = shard
        && games_per_count == 0
    {
        // Not an error: a job array sized for larger runs may have such shards, and their
        // empty partial results merge as nothing. But a user who sized it by mistake
        // should know this shard played nothing.
        eprintln!(
            "warning: --shard {shard}: no games for this shard ({} games per player count \
             make {} chunk(s) of {} games, numbered from 0, and shard {shard} plays chunks {}, \
             {}, {}, ...): its partial result adds nothing",
            args.games,
            runner::chunk_count(args.games),
            runner::CHUNK_GAMES,
            shard.index,
            shard.index + shard.count,
            shard.index + 2 * shard.count,
        );
    }
    let total = games_per_count * plan.counts.len() as u64;
    let tracker = Mutex::new(Tracker::new(&plan.out, start));
    let lock = || tracker.lock().unwrap_or_else(|e| e.into_inner());
    let resumed_games = lock().games_done();
    let progress = Progress::new(total, resumed_games, args.quiet);
    let started = Instant::now();
    for (i, (rules, seats)) in plan.counts.iter().enumerate() {
        progress.start_count(rules.players);
        let todo: Vec<u64> = {
            let done = &lock().checkpoint.counts[i].done;
            chunks_to_play(args.games, shard)
                .filter(|c| !done.contains(c))
                .collect()
        };
        let add = |chunk, stats| {
            let mut tracker = lock();
            tracker.chunk_done(i, chunk, stats);
            progress.set_position(tracker.games_done());
        };
        let Some(log) = log.as_mut() else {
            runner::run_chunks(
                rules,
                args.seed,
                args.games,
                &todo,
                seats,
                threads,
                false,
                &|chunk, stats, _| add(chunk, stats),
            );
            continue;
        };
        // Logged: a window of chunks at a time, its lines written in chunk order, so the
        // log is in game order and at most one window of lines is held in memory.
        for window in todo.chunks(threads.max(1) * 4) {
            let lines = Mutex::new(BTreeMap::new());
            runner::run_chunks(
                rules,
                args.seed,
                args.games,
                window,
                seats,
                threads,
                true,
                &|chunk, stats, chunk_lines| {
                    lines
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(chunk, chunk_lines);
                    add(chunk, stats);
                },
            );
            for line in lines
                .into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .values()
                .flatten()
            {
                log.write_line(line)
                    .with_context(|| format!("cannot write the game log {}", log_name(args)))
                    .map_err(failed)?;
            }
        }
    }
    let mut tracker = tracker.into_inner().unwrap_or_else(|e| e.into_inner());
    // Everything is played: the last checkpoint lets `--resume` write the reports if the
    // run is stopped while writing them.
    tracker.save();
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();
    let played = total - resumed_games;
    let resumed = if resumed_games > 0 {
        format!(" (resumed after {resumed_games})")
    } else {
        String::new()
    };
    let speed = speed_line(played, &resumed, elapsed, threads);

    if let Some(shard) = shard {
        write_partial(&plan.out, args.force, &tracker.checkpoint)?;
        commit_log(log, args)?;
        checkpoint::remove(&plan.out)
            .with_context(|| format!("cannot remove the checkpoint of {}", plan.out.display()))
            .map_err(failed)?;
        outln!(
            "partial result of shard {shard} written to {} (citadels-sim merge adds the {} \
             shards' folders into the reports)",
            plan.out.display(),
            shard.count
        );
        eprintln!("{speed}");
        return Ok(());
    }

    let Checkpoint {
        command, counts, ..
    } = tracker.checkpoint;
    let stats: Vec<Stats> = counts.into_iter().map(|c| c.stats).collect();
    let files = render_plan(&plan, args, &stats, command)?;
    write_reports(&plan.out, args.force, args.quiet, &files)?;
    commit_log(log, args)?;
    checkpoint::remove(&plan.out)
        .with_context(|| format!("cannot remove the checkpoint of {}", plan.out.display()))
        .map_err(failed)?;
    eprintln!("{speed}");
    Ok(())
}

/// Whether `path` is inside the folder `folder` (compared as written, and resolved where
/// both exist).
fn inside(path: &Path, folder: &Path) -> bool {
    let resolved = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let parent = path.parent().unwrap_or(Path::new(""));
    path.starts_with(folder) || resolved(parent).starts_with(resolved(folder))
}

fn log_name(args: &RunArgs) -> String {
    args.log_games
        .as_ref()
        .map_or_else(String::new, |p| p.display().to_string())
}

/// Moves the game log into place.
fn commit_log(log: Option<folder::StagedFile>, args: &RunArgs) -> Result<(), AppError> {
    match log {
        None => Ok(()),
        Some(log) => log
            .commit()
            .with_context(|| format!("cannot write the game log {}", log_name(args)))
            .map_err(failed),
    }
}

/// Writes a shard's partial result: the folder `out` with its `partial.toml`.
fn write_partial(out: &Path, force: bool, done: &Checkpoint) -> Result<(), AppError> {
    let text = done
        .to_text()
        .context("cannot write the partial result")
        .map_err(failed)?;
    write_partial_text(out, force, &text)
}

/// Writes a shard's partial result (a run's or a ladder's text) as `out`'s `partial.toml`.
pub(super) fn write_partial_text(out: &Path, force: bool, text: &str) -> Result<(), AppError> {
    report::check_replaceable(out, force)
        .map_err(|e| input(anyhow!("--out {}: {e}", out.display())))?;
    let staged = folder::StagedFolder::create(out)
        .with_context(|| format!("cannot create the folder {}", out.display()))
        .map_err(failed)?;
    staged
        .write(checkpoint::PARTIAL_FILE, text.as_bytes())
        .and_then(|()| staged.commit())
        .with_context(|| format!("cannot write the partial result into {}", out.display()))
        .map_err(failed)
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
        let ok = |r: Result<Option<Shard>, AppError>| r.map_err(|e| format!("{:#}", e.error()));
        assert_eq!(ok(resolve_shard_from(None, env(&[]))), Ok(None));
        assert_eq!(
            ok(resolve_shard_from(
                auto,
                env(&[("SLURM_ARRAY_TASK_ID", "2")])
            )),
            shard(2)
        );
        assert_eq!(
            ok(resolve_shard_from(
                auto,
                env(&[("JOB_COMPLETION_INDEX", "3")])
            )),
            shard(3)
        );
        const BOTH: [(&str, &str); 2] =
            [("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "1")];
        assert_eq!(ok(resolve_shard_from(auto, env(&BOTH))), shard(1));
        let err = |pairs| ok(resolve_shard_from(auto, env(pairs))).unwrap_err();
        assert!(err(&[]).contains("neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX"));
        assert!(err(&[("SLURM_ARRAY_TASK_ID", "4")]).contains("SLURM_ARRAY_TASK_ID=4"));
        assert!(err(&[("JOB_COMPLETION_INDEX", "x")]).contains("not a shard index"));
        const DISAGREE: [(&str, &str); 2] =
            [("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "2")];
        assert!(err(&DISAGREE).contains("disagree"));
    }
}
