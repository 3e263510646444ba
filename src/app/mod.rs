//! The recipe: CLI -> config -> validated plan -> runner -> reports (or a shard's partial
//! result, and the game log). All input is checked before any game is played, so bad input
//! writes nothing.

mod compare;
mod merge;
mod rank;
mod restrict;
mod sweep;

use crate::bots::BotSpec;
use crate::checkpoint::{self, Checkpoint, CountProgress, Fingerprint};
use crate::cli::{ArenaArgs, Cli, Command, ConfigArgs, ReplayArgs, RunArgs, SetupArgs, ShardArg};
use crate::config::{self, RunConfig};
use crate::engine::rules::Rules;
use crate::progress::Progress;
use crate::report::{self, Manifest, Section, folder};
use crate::sim::runner::{self, Shard};
use crate::sim::{game_seed, replay_game};
use crate::stats::Stats;
use anyhow::{Context, anyhow};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// The preset used without `--preset` or `--config`.
pub const DEFAULT_PRESET: &str = "first-game";

/// Why the program failed: bad input (exit status 2) or anything else (exit status 1).
#[derive(Debug)]
pub enum AppError {
    Input(anyhow::Error),
    Failed(anyhow::Error),
}

impl AppError {
    pub fn exit_code(&self) -> u8 {
        match self {
            AppError::Input(_) => 2,
            AppError::Failed(_) => 1,
        }
    }

    pub fn error(&self) -> &anyhow::Error {
        match self {
            AppError::Input(e) | AppError::Failed(e) => e,
        }
    }
}

fn input<E: Into<anyhow::Error>>(e: E) -> AppError {
    AppError::Input(e.into())
}

fn failed<E: Into<anyhow::Error>>(e: E) -> AppError {
    AppError::Failed(e.into())
}

/// Runs a parsed command line. `command_line` is recorded in the manifest.
pub fn main(cli: Cli, command_line: String) -> Result<(), AppError> {
    match cli.command {
        Command::Run(args) => run(&args, command_line),
        Command::Replay(args) => replay(&args),
        Command::Merge(args) => merge::merge(&args),
        Command::Compare(args) => compare::compare(&args, command_line),
        Command::Sweep(args) => sweep::sweep(&args, command_line),
        Command::Arena(args) => arena(&args, command_line),
        Command::Restrict(args) => restrict::restrict(&args, command_line),
        Command::Rank(args) => rank::rank(&args, command_line),
    }
}

/// Loads the config (playing `--edition` if given) and applies the `--replace` flags in order.
fn load_config(setup: &SetupArgs) -> Result<RunConfig, AppError> {
    let (source, edition) = (&setup.source, setup.edition);
    let mut config = match (&source.preset, &source.config) {
        (_, Some(path)) => config::load_file_as(path, edition).map_err(input)?,
        (Some(name), None) => config::load_preset_as(name, edition).map_err(input)?,
        (None, None) => config::load_preset_as(DEFAULT_PRESET, edition).map_err(input)?,
    };
    for r in &setup.replace.replace {
        config
            .replace(r.old, r.new)
            .map_err(|e| input(anyhow!("--replace {r}: {e}")))?;
    }
    Ok(config)
}

/// `reports/<preset name>/`, or `reports/<config file stem>/` for `--config`.
fn default_out(source: &ConfigArgs) -> PathBuf {
    let stem = match (&source.preset, &source.config) {
        (_, Some(path)) => path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "config".into()),
        (Some(name), None) => name.clone(),
        (None, None) => DEFAULT_PRESET.to_string(),
    };
    Path::new("reports").join(stem)
}

/// One spec per seat at `players`, from a parsed `--bots` list.
pub fn seat_bots(list: &[BotSpec], players: u8) -> Result<Vec<BotSpec>, String> {
    match list {
        [one] => Ok(vec![one.clone(); players as usize]),
        _ if list.len() == players as usize => Ok(list.to_vec()),
        _ => Err(format!(
            "lists {} bots but {players} players need {players} (one per seat), \
             or a single bot for all seats",
            list.len()
        )),
    }
}

/// `--bots`, refused with the flag and its value; `heuristic` starts from the config's
/// `[heuristic]` weights.
fn parse_bots(text: &str, config: &RunConfig) -> Result<Vec<BotSpec>, AppError> {
    config_bots(text, config).map_err(|e| input(anyhow!("--bots {text}: {e}")))
}

/// A comma list of bot specs for a config: `heuristic` starts from its `[heuristic]`
/// weights, and a `ban=` must name a character of its cast. Every command that takes bot
/// specs reads them through here.
pub fn config_bots(
    text: &str,
    config: &RunConfig,
) -> Result<Vec<BotSpec>, crate::bots::BotSpecError> {
    let list = BotSpec::parse_list_with(text, &config.heuristic)?;
    for spec in &list {
        spec.check_cast(&config.cast)?;
    }
    Ok(list)
}

/// The checked plan of a run: nothing is played until all of it is built.
struct Plan {
    config: RunConfig,
    counts: Vec<(Rules, Vec<BotSpec>)>,
    bots: Vec<BotSpec>,
    out: PathBuf,
    config_table: toml::Table,
}

fn plan(args: &RunArgs) -> Result<Plan, AppError> {
    plan_with(args, || load_config(&args.setup))
}

/// `plan` with the config from `load` (called once the options are checked).
fn plan_with(
    args: &RunArgs,
    load: impl FnOnce() -> Result<RunConfig, AppError>,
) -> Result<Plan, AppError> {
    let config = load()?;
    let bots = parse_bots(&args.bots, &config)?;
    if bots.len() > 1 && !args.players.is_single() {
        return Err(input(anyhow!(
            "--bots {}: lists {} bots (one per seat) but --players {} has several player \
             counts; give a single bot for all seats or run one player count",
            args.bots,
            bots.len(),
            args.players
        )));
    }
    for players in args.players.counts() {
        seat_bots(&bots, players).map_err(|e| input(anyhow!("--bots {}: {e}", args.bots)))?;
    }
    if let (Some(out), Some(resume)) = (&args.out, &args.resume)
        && out != resume
    {
        return Err(input(anyhow!(
            "--resume {} and --out {} name different folders (--resume names the report \
             folder of the interrupted run)",
            resume.display(),
            out.display()
        )));
    }
    if let Some(out) = args.out.as_ref().or(args.resume.as_ref()) {
        check_out(out, args.force)?;
    }
    let mut counts = Vec::new();
    for players in args.players.counts() {
        let rules = config.rules(players).map_err(input)?;
        let seats =
            seat_bots(&bots, players).map_err(|e| input(anyhow!("--bots {}: {e}", args.bots)))?;
        counts.push((rules, seats));
    }
    let config_table = report::manifest::config_table(&config.to_toml())
        .map_err(|e| failed(anyhow!("{}: {e}", config.source)))?;
    let out = args
        .out
        .clone()
        .or_else(|| args.resume.clone())
        .unwrap_or_else(|| default_out(&args.setup.source));
    check_out(&out, args.force)?;
    Ok(Plan {
        config,
        counts,
        bots,
        out,
        config_table,
    })
}

/// The progress of a run shared by the worker threads: completed chunks and their counters
/// per player count, and when the checkpoint was last written.
struct Tracker<'a> {
    out: &'a Path,
    checkpoint: Checkpoint,
    last_write: Instant,
    /// Set once a checkpoint write failed (warned once; the run goes on).
    write_failed: bool,
}

impl Tracker<'_> {
    /// Adds a completed chunk and writes the checkpoint if the last one is old enough.
    fn chunk_done(&mut self, count: usize, chunk: u64, stats: Stats) {
        let progress = &mut self.checkpoint.counts[count];
        progress.stats += stats;
        progress.done.insert(chunk);
        if self.last_write.elapsed() >= checkpoint::EVERY {
            self.save();
        }
    }

    fn save(&mut self) {
        self.last_write = Instant::now();
        if self.write_failed {
            return;
        }
        if let Err(e) = checkpoint::write(self.out, &self.checkpoint) {
            self.write_failed = true;
            eprintln!(
                "warning: cannot write the checkpoint of {}: {e}; the run goes on without \
                 checkpoints",
                self.out.display()
            );
        }
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
    let shards =
        |s: Option<Shard>| s.map_or_else(|| "no --shard".into(), |s| format!("--shard {s}"));
    let difference = found.fingerprint.differs(&fingerprint, names).or_else(|| {
        (found.shard != shard).then(|| {
            format!(
                "the interrupted run has {}, this command {}",
                shards(found.shard),
                shards(shard)
            )
        })
    });
    if let Some(difference) = difference {
        return Err(input(anyhow!(
            "--resume {}: this command is not the interrupted run: {difference}; the \
             interrupted run was: {}",
            resume.display(),
            found.command
        )));
    }
    Ok(found)
}

/// The shard of `--shard`: given, or `auto/N` with its index from SLURM_ARRAY_TASK_ID or
/// JOB_COMPLETION_INDEX (both 0-based; if both are set they must agree).
fn resolve_shard(arg: Option<ShardArg>) -> Result<Option<Shard>, AppError> {
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
fn chunks_to_play(games: u64, shard: Option<Shard>) -> impl Iterator<Item = u64> {
    (0..runner::chunk_count(games)).filter(move |&c| shard.is_none_or(|s| s.has(c)))
}

/// `--threads`, or all cores.
/// `--threads`, or every core.
fn threads(flag: Option<usize>) -> usize {
    flag.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Plays every player count of a plan from scratch (no checkpoint: `compare` and `sweep`),
/// moving `progress` on from `done` games.
fn play(plan: &Plan, args: &RunArgs, progress: &Progress, done: u64) -> Vec<Stats> {
    let threads = threads(args.threads);
    let mut played = done;
    plan.counts
        .iter()
        .map(|(rules, seats)| {
            progress.start_count(rules.players);
            let stats = runner::run(rules, args.seed, args.games, seats, threads, &|games| {
                progress.set_position(played + games)
            });
            played += args.games;
            stats
        })
        .collect()
}

/// The manifest of a plan's run.
fn manifest(plan: &Plan, args: &RunArgs, command: String) -> Manifest {
    Manifest {
        generator: report::manifest::GENERATOR,
        version: env!("CARGO_PKG_VERSION").to_string(),
        command,
        config_source: plan.config.source.clone(),
        config_name: plan.config.name.clone(),
        seed: args.seed,
        games: args.games,
        players: args.players.counts().collect(),
        bots: plan.bots.iter().map(|b| b.to_string()).collect(),
        config: plan.config_table.clone(),
    }
}

/// The report files of a plan's run (as `run` writes them).
fn render_plan(
    plan: &Plan,
    args: &RunArgs,
    stats: &[Stats],
    command: String,
) -> Result<Vec<report::ReportFile>, AppError> {
    let sections: Vec<Section> = plan
        .counts
        .iter()
        .zip(stats)
        .map(|((rules, bots), stats)| Section { rules, stats, bots })
        .collect();
    report::render(&sections, &manifest(plan, args, command))
        .context("cannot render the reports")
        .map_err(failed)
}

/// Refuses a run option that `command` does not take, naming the flag.
fn refuse_flag(given: bool, flag: &str, command: &str, why: &str) -> Result<(), AppError> {
    if given {
        return Err(input(anyhow!("{flag}: {command} does not take it ({why})")));
    }
    Ok(())
}

/// Refuses the options of a run that only `run` takes (`--shard`, `--log-games`).
fn refuse_run_only(args: &RunArgs, command: &str) -> Result<(), AppError> {
    refuse_flag(
        args.shard.is_some(),
        "--shard",
        command,
        "only run plays shards",
    )?;
    refuse_flag(
        args.log_games.is_some(),
        "--log-games",
        command,
        "only run logs its games",
    )
}

/// Checks before any game that `--out` can be written and may be replaced.
fn check_out(out: &Path, force: bool) -> Result<(), AppError> {
    folder::check_target(out)
        .with_context(|| format!("--out {}", out.display()))
        .map_err(input)?;
    report::check_replaceable(out, force)
        .map_err(|e| input(anyhow!("--out {}: {e}", out.display())))
}

/// Writes rendered files into the report folder `out` (replaced whole, once written).
fn write_folder(out: &Path, force: bool, files: &[report::ReportFile]) -> Result<(), AppError> {
    report::check_replaceable(out, force)
        .map_err(|e| input(anyhow!("--out {}: {e}", out.display())))?;
    let staged = folder::StagedFolder::create(out)
        .with_context(|| format!("cannot create the report folder {}", out.display()))
        .map_err(failed)?;
    report::write(staged, files)
        .with_context(|| format!("cannot write the reports into {}", out.display()))
        .map_err(failed)
}

fn run(args: &RunArgs, command_line: String) -> Result<(), AppError> {
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
    let total = games_per_count * plan.counts.len() as u64;
    let tracker = Mutex::new(Tracker {
        out: &plan.out,
        checkpoint: start,
        last_write: Instant::now(),
        write_failed: false,
    });
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
    let speed = format!(
        "{played} games{resumed} in {elapsed:.1} s: {:.0} games/s on {threads} threads",
        played as f64 / elapsed.max(1e-9)
    );

    if let Some(shard) = shard {
        write_partial(&plan.out, args.force, &tracker.checkpoint)?;
        commit_log(log, args)?;
        checkpoint::remove(&plan.out)
            .with_context(|| format!("cannot remove the checkpoint of {}", plan.out.display()))
            .map_err(failed)?;
        println!(
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

/// Writes rendered report files into `out` (replaced whole), then prints where and, unless
/// `quiet`, the summary.
fn write_reports(
    out: &Path,
    force: bool,
    quiet: bool,
    files: &[report::ReportFile],
) -> Result<(), AppError> {
    // The existing folder may have changed while the games were played.
    write_folder(out, force, files)?;
    println!("reports written to {}", out.display());
    if !quiet {
        let summary = files.iter().find(|f| f.name == "summary.txt");
        println!();
        print!(
            "{}",
            summary.map_or_else(String::new, |f| String::from_utf8_lossy(&f.bytes)
                .into_owned())
        );
    }
    Ok(())
}

fn replay(args: &ReplayArgs) -> Result<(), AppError> {
    let config = load_config(&args.setup)?;
    let list = parse_bots(&args.bots, &config)?;
    let seats =
        seat_bots(&list, args.players).map_err(|e| input(anyhow!("--bots {}: {e}", args.bots)))?;
    let rules = config.rules(args.players).map_err(input)?;
    let (_, log) = replay_game(
        &rules,
        game_seed(args.seed, args.players, args.game),
        &seats,
    );
    print!("{log}");
    Ok(())
}

/// One bot spec from a flag (`--hero`, `--field`): exactly one, `heuristic` starting from
/// the config's weights.
fn parse_one_bot(flag: &str, text: &str, config: &RunConfig) -> Result<BotSpec, AppError> {
    let refuse = |e: String| input(anyhow!("{flag} {text}: {e}"));
    let list = config_bots(text, config).map_err(|e| refuse(e.to_string()))?;
    match <[BotSpec; 1]>::try_from(list) {
        Ok([one]) => Ok(one),
        Err(list) => Err(refuse(format!(
            "names {} bots; give exactly one",
            list.len()
        ))),
    }
}

fn arena(args: &ArenaArgs, command_line: String) -> Result<(), AppError> {
    let config = load_config(&args.setup)?;
    let hero = parse_one_bot("--hero", &args.hero, &config)?;
    let field = parse_one_bot("--field", &args.field, &config)?;
    let mut counts = Vec::new();
    for players in args.players.counts() {
        counts.push(config.rules(players).map_err(input)?);
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| Path::new("reports").join("arena"));
    check_out(&out, args.force)?;
    let config_table = report::manifest::config_table(&config.to_toml())
        .map_err(|e| failed(anyhow!("{}: {e}", config.source)))?;
    let threads = threads(args.threads);

    let games_per_deal: u64 = counts.iter().map(|r| u64::from(r.players) + 1).sum();
    let progress = Progress::new(args.deals * games_per_deal, 0, args.quiet);
    let started = Instant::now();
    let mut results = Vec::new();
    let mut before = 0;
    for rules in &counts {
        progress.start_count(rules.players);
        let per_deal = u64::from(rules.players) + 1;
        let stats = crate::sim::arena::run(
            rules,
            args.seed,
            args.deals,
            &hero,
            &field,
            threads,
            &|deals| progress.set_position(before + deals * per_deal),
        );
        before += args.deals * per_deal;
        results.push((rules.players, stats));
    }
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();

    let (hero_name, field_name) = (hero.to_string(), field.to_string());
    let rows: Vec<report::arena::ArenaRow> = results
        .iter()
        .map(|(players, stats)| report::arena::ArenaRow {
            hero: &hero_name,
            field: &field_name,
            players: *players,
            stats,
        })
        .collect();
    // The manifest of an arena: `games` holds the deals per player count, `bots` the hero
    // then the field.
    let manifest = Manifest {
        generator: report::manifest::GENERATOR,
        version: env!("CARGO_PKG_VERSION").to_string(),
        command: command_line,
        config_source: config.source.clone(),
        config_name: config.name.clone(),
        seed: args.seed,
        games: args.deals,
        players: args.players.counts().collect(),
        bots: vec![hero_name.clone(), field_name.clone()],
        config: config_table,
    };
    let summary = report::arena::summary(&rows);
    let render = || -> std::io::Result<Vec<report::ReportFile>> {
        Ok(vec![
            report::ReportFile {
                name: "arena.csv",
                bytes: report::arena::csv(&rows)?,
            },
            report::ReportFile {
                name: "summary.txt",
                bytes: summary.clone().into_bytes(),
            },
            report::ReportFile {
                name: "manifest.toml",
                bytes: manifest.to_toml()?.into_bytes(),
            },
        ])
    };
    let files = render()
        .context("cannot render the reports")
        .map_err(failed)?;
    // The existing folder may have changed while the games were played.
    write_folder(&out, args.force, &files)?;
    println!("reports written to {}", out.display());
    if !args.quiet {
        println!();
        print!("{summary}");
    }
    let games = args.deals * games_per_deal;
    eprintln!(
        "{games} games in {elapsed:.1} s: {:.0} games/s on {threads} threads",
        games as f64 / elapsed.max(1e-9)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bot_fills_every_seat() {
        let seats = seat_bots(&[BotSpec::random()], 5).unwrap();
        assert_eq!(seats, vec![BotSpec::random(); 5]);
    }

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

    #[test]
    fn a_list_must_match_the_seats() {
        let list = [BotSpec::random(), BotSpec::heuristic()];
        assert_eq!(seat_bots(&list, 2).unwrap(), list.to_vec());
        let err = seat_bots(&list, 4).unwrap_err();
        assert!(err.contains("lists 2 bots but 4 players"), "{err}");
    }
}
