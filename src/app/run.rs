//! `run`: plays one population as a durable job (`crate::job`): checkpoints (`--resume`),
//! shards (`--shard`, whose partial results `merge` adds up) and the game log
//! (`--log-games`).

use super::out::outln;
use super::{AppError, Plan, failed, input, plan, render_plan, speed_line, threads, write_reports};
use crate::cli::RunArgs;
use crate::job::checkpoint::{Checkpoint, CountProgress, Fingerprint};
use crate::job::{Folder, Job, path, shard, staged::StagedFile};
use crate::progress::Progress;
use crate::sim::game_log;
use crate::sim::runner::{self, Shard};
use crate::stats::Stats;
use anyhow::{Context, anyhow};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

pub(super) fn run(args: &RunArgs, command_line: String) -> Result<(), AppError> {
    let shard = shard::resolve(args.shard)?;
    let plan = plan(args)?;
    let log = open_log(args, &plan)?;
    let folder = Folder::claim("--out", &plan.out, args.output.force)?;
    let fresh = Checkpoint {
        shard,
        command: command_line,
        counts: plan
            .counts
            .iter()
            .map(|(rules, _)| CountProgress::new(rules.players))
            .collect(),
        fingerprint: fingerprint(args, &plan),
    };
    let job = Job::start(folder, args.resume.as_deref(), fresh)?;
    let games_per_count = shard::games_to_play(args.games, shard);
    if let Some(shard) = shard
        && games_per_count == 0
    {
        warn_empty(args.games, shard);
    }
    let total = games_per_count * plan.counts.len() as u64;
    let threads = threads(args.threads);
    let progress = Progress::new(total, job.resumed_games(), args.output.quiet);
    let started = Instant::now();
    let mut log = log;
    for count in 0..plan.counts.len() {
        play_count(args, &plan, &job, &progress, shard, count, log.as_mut())?;
    }
    progress.finish();
    let played = total - job.resumed_games();
    let resumed = match job.resumed_games() {
        0 => String::new(),
        games => format!(" (resumed after {games})"),
    };
    let speed = speed_line(played, &resumed, started.elapsed().as_secs_f64(), threads);
    let (folder, done) = job.finish();
    match shard {
        Some(shard) => {
            folder.write_partial(&done)?;
            commit_log(log, args)?;
            outln!(
                "partial result of shard {shard} written to {} (citadels-sim merge adds the \
                 {} shards' folders into the reports)",
                plan.out.display(),
                shard.count
            );
        }
        None => {
            let stats: Vec<Stats> = done.counts.into_iter().map(|c| c.stats).collect();
            let files = render_plan(&plan, args, &stats, done.command)?;
            write_reports(&folder, args.output.quiet, &files)?;
            commit_log(log, args)?;
        }
    }
    folder.remove_checkpoint()?;
    eprintln!("{speed}");
    Ok(())
}

/// A shard without games is not an error: a job array sized for larger runs may have such
/// shards, and their empty partial results merge as nothing. But a user who sized it by
/// mistake should know this shard played nothing.
fn warn_empty(games: u64, shard: Shard) {
    eprintln!(
        "warning: --shard {shard}: no games for this shard ({games} games per player count \
         make {} chunk(s) of {} games, numbered from 0, and shard {shard} plays chunks {}, {}, \
         {}, ...): its partial result adds nothing",
        runner::chunk_count(games),
        runner::CHUNK_GAMES,
        shard.index,
        shard.index.saturating_add(shard.count),
        shard.index.saturating_add(shard.count.saturating_mul(2)),
    );
}

fn fingerprint(args: &RunArgs, plan: &Plan) -> Fingerprint {
    Fingerprint::of(
        &plan.config,
        args.seed.master,
        args.games,
        args.players.range.counts().collect(),
        plan.bots.iter().map(|b| b.to_string()).collect(),
    )
}

/// Plays the chunks of player count `count` not yet done, adding each to the job (and its
/// games to the log, in game order).
fn play_count(
    args: &RunArgs,
    plan: &Plan,
    job: &Job<Checkpoint>,
    progress: &Progress,
    shard: Option<Shard>,
    count: usize,
    log: Option<&mut StagedFile>,
) -> Result<(), AppError> {
    let (rules, seats) = &plan.counts[count];
    let threads = threads(args.threads);
    progress.start_count(rules.players);
    let todo: Vec<u64> = job.with(|done| {
        let done = &done.counts[count].done;
        shard::chunks_to_play(args.games, shard)
            .filter(|c| !done.contains(c))
            .collect()
    });
    let add = |chunk, stats| {
        let games = job.update(|done| {
            let progress = &mut done.counts[count];
            progress.stats += stats;
            progress.done.insert(chunk);
        });
        progress.set_position(games);
    };
    let Some(log) = log else {
        let add = |chunk, stats, _| add(chunk, stats);
        runner::run_chunks(
            rules,
            args.seed.master,
            args.games,
            &todo,
            seats,
            threads,
            false,
            &add,
        );
        return Ok(());
    };
    // Logged: a window of chunks at a time, its lines written in chunk order, so the log is
    // in game order and at most one window of lines is held in memory.
    for window in todo.chunks(threads.max(1) * 4) {
        let lines = Mutex::new(BTreeMap::new());
        let add = |chunk, stats, chunk_lines| {
            lines
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(chunk, chunk_lines);
            add(chunk, stats);
        };
        runner::run_chunks(
            rules,
            args.seed.master,
            args.games,
            window,
            seats,
            threads,
            true,
            &add,
        );
        let lines = lines.into_inner().unwrap_or_else(|e| e.into_inner());
        for line in lines.values().flatten() {
            log.write_line(line)
                .with_context(|| format!("cannot write the game log {}", log_name(args)))
                .map_err(failed)?;
        }
    }
    Ok(())
}

/// The game log of `--log-games`, checked and opened (under its hidden name) before any
/// game.
fn open_log(args: &RunArgs, plan: &Plan) -> Result<Option<StagedFile>, AppError> {
    let Some(log) = &args.log_games else {
        return Ok(None);
    };
    if args.resume.is_some() {
        return Err(input(anyhow!(
            "--log-games {} cannot be combined with --resume: the games played before the \
             interruption are in no log; start the run over to log every game",
            log.display()
        )));
    }
    path::check_file("--log-games", log)?;
    if inside(log, &plan.out) {
        return Err(input(anyhow!(
            "--log-games {}: is inside the report folder {}, which is replaced whole; write \
             the log elsewhere",
            log.display(),
            plan.out.display()
        )));
    }
    // (A folder, a link or a device is refused below, whatever --force says.)
    if std::fs::symlink_metadata(log).is_ok_and(|m| m.is_file())
        && !args.output.force
        && !game_log::is_game_log(log)
    {
        return Err(input(anyhow!(
            "--log-games {}: exists and is not a game log; give --force to replace it",
            log.display()
        )));
    }
    StagedFile::create(log).map(Some).map_err(|e| {
        input(anyhow!(
            "--log-games {}: cannot be written: {e}",
            log.display()
        ))
    })
}

/// Whether `path` is inside the folder `folder` (with links followed).
fn inside(path: &Path, folder: &Path) -> bool {
    let parent = path.parent().unwrap_or(Path::new(""));
    path.starts_with(folder) || path::real(parent).starts_with(path::real(folder))
}

fn log_name(args: &RunArgs) -> String {
    args.log_games
        .as_ref()
        .map_or_else(String::new, |p| p.display().to_string())
}

/// Moves the game log into place.
fn commit_log(log: Option<StagedFile>, args: &RunArgs) -> Result<(), AppError> {
    match log {
        None => Ok(()),
        Some(log) => log
            .commit()
            .with_context(|| format!("cannot write the game log {}", log_name(args)))
            .map_err(failed),
    }
}
