//! The commands, one file each: the recipe CLI -> config -> validated plan -> runner ->
//! reports. This file holds what they share: errors, config and bot loading, the plan of a
//! run, threads and the writing of reports into a claimed folder (`crate::job` checks the
//! paths, locks, checkpoints and stages). All input is checked before any game is played, so
//! bad input writes nothing.

mod agreement;
mod arena;
mod compare;
mod ladder;
mod merge;
mod out;
mod rank;
mod replay;
mod restrict;
mod run;
mod sweep;
mod train;

use crate::bots::BotSpec;
use crate::cli::{Cli, Command, ConfigArgs, RunArgs, SetupArgs};
use crate::config::{self, RunConfig};
use crate::engine::rules::Rules;
use crate::job::{self, Folder};
use crate::progress::Progress;
use crate::report::manifest::Header;
use crate::report::{self, Manifest, Section};
use crate::sim::runner;
use crate::stats::Stats;
use anyhow::{Context, anyhow};
use out::{out, outln};
use std::path::{Path, PathBuf};

/// Whether printed output was lost (`main` then exits with status 1).
pub use out::output_lost;

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

impl From<job::Error> for AppError {
    fn from(e: job::Error) -> AppError {
        match e {
            job::Error::Refused(e) => AppError::Input(e),
            job::Error::Failed(e) => AppError::Failed(e),
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
        Command::Run(args) => run::run(&args, command_line),
        Command::Replay(args) => replay::replay(&args),
        Command::Merge(args) => merge::merge(&args),
        Command::Compare(args) => compare::compare(&args, command_line),
        Command::Sweep(args) => sweep::sweep(&args, command_line),
        Command::Arena(args) => arena::arena(&args, command_line),
        Command::Ladder(args) => ladder::ladder(&args, command_line),
        Command::Restrict(args) => restrict::restrict(&args, command_line),
        Command::Rank(args) => rank::rank(&args, command_line),
        Command::Train(args) => train::train(&args, command_line),
        Command::Agreement(args) => agreement::agreement_command(&args, command_line),
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
/// weights, a `ban=` must name a character of its cast, and `policy` on the built-in
/// weights plays the `casts` weights on a cast they were not fitted with
/// (`BotSpec::for_cast`). Every command that takes bot specs reads them through here.
pub fn config_bots(
    text: &str,
    config: &RunConfig,
) -> Result<Vec<BotSpec>, crate::bots::BotSpecError> {
    let list = BotSpec::parse_list_with(text, &config.heuristic)?;
    for spec in &list {
        spec.check_cast(&config.cast)?;
    }
    Ok(list
        .into_iter()
        .map(|spec| spec.for_cast(&config.cast))
        .collect())
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

/// The report folder of a resumable command (`run`, `ladder`): `--out`, else `--resume`
/// (which must name the same folder when both are given), else `default`; checked.
fn resumable_out(
    out: &Option<PathBuf>,
    resume: &Option<PathBuf>,
    default: PathBuf,
    force: bool,
) -> Result<PathBuf, AppError> {
    if let (Some(out), Some(resume)) = (out, resume)
        && !job::path::same_place(out, resume)
    {
        return Err(input(anyhow!(
            "--resume {} and --out {} name different folders (--resume names the report \
             folder of the interrupted run)",
            resume.display(),
            out.display()
        )));
    }
    let flag = if out.is_none() && resume.is_some() {
        "--resume"
    } else {
        "--out"
    };
    let out = out.clone().or_else(|| resume.clone()).unwrap_or(default);
    check_folder(flag, &out, force)?;
    Ok(out)
}

/// `plan` with the config from `load` (called once the options are checked).
fn plan_with(
    args: &RunArgs,
    load: impl FnOnce() -> Result<RunConfig, AppError>,
) -> Result<Plan, AppError> {
    let config = load()?;
    let bots = parse_bots(&args.bots, &config)?;
    if bots.len() > 1 && !args.players.range.is_single() {
        return Err(input(anyhow!(
            "--bots {}: lists {} bots (one per seat) but --players {} has several player \
             counts; give a single bot for all seats or run one player count",
            args.bots,
            bots.len(),
            args.players.range
        )));
    }
    for players in args.players.range.counts() {
        seat_bots(&bots, players).map_err(|e| input(anyhow!("--bots {}: {e}", args.bots)))?;
    }
    if let Some(out) = &args.output.out {
        check_out(out, args.output.force)?;
    } else if let Some(resume) = &args.resume {
        check_folder("--resume", resume, args.output.force)?;
    }
    let mut counts = Vec::new();
    for players in args.players.range.counts() {
        let rules = config.rules(players).map_err(input)?;
        let seats =
            seat_bots(&bots, players).map_err(|e| input(anyhow!("--bots {}: {e}", args.bots)))?;
        counts.push((rules, seats));
    }
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
        counts,
        bots,
        out,
        config_table,
    })
}

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
            let stats = runner::run(
                rules,
                args.seed.master,
                args.games,
                seats,
                threads,
                &|games| progress.set_position(played + games),
            );
            played += args.games;
            stats
        })
        .collect()
}

/// The manifest of a plan's run.
fn manifest(plan: &Plan, args: &RunArgs, command: String) -> Manifest {
    Manifest {
        header: Header::new(command, args.seed.master, args.games)
            .config(&plan.config.source, &plan.config.name),
        players: args.players.range.counts().collect(),
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
) -> Result<report::Report, AppError> {
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

/// A config's player counts with its bots, after `label`, for the warnings at the head of
/// a summary of several configs (`report::summary_txt::summary_head`: `compare`, `sweep`,
/// `rank`, which write no summary per config).
fn labelled_counts<'a>(
    label: &'a str,
    plan: &'a Plan,
) -> impl Iterator<Item = (Option<&'a str>, &'a Rules, &'a [BotSpec])> {
    plan.counts
        .iter()
        .map(move |(rules, bots)| (Some(label), rules, bots.as_slice()))
}

/// Refuses a run option that `command` does not take, naming the flag.
fn refuse_flag(given: bool, flag: &str, command: &str, why: &str) -> Result<(), AppError> {
    if given {
        return Err(input(anyhow!("{flag}: {command} does not take it ({why})")));
    }
    Ok(())
}

/// Refuses the options of a run that only `run` takes (`--shard`, `--log-games`).
/// A refusal about the config the user named `text` as an argument (`compare`'s sides,
/// `rank`'s configs), its message passed to `name` without the loader's `--preset TEXT: `
/// prefix: the user gave no `--preset`. Other errors stay as they are.
fn refusal_of_named_config(e: AppError, text: &str, name: impl FnOnce(&str) -> String) -> AppError {
    match e {
        AppError::Input(e) => {
            let message = format!("{e:#}");
            let message = message
                .strip_prefix(&format!("--preset {text}: "))
                .unwrap_or(&message);
            input(anyhow!("{}", name(message)))
        }
        other => other,
    }
}

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
    check_folder("--out", out, force)
}

/// `check_out` for the folder named by `flag` (`--out`, or `--resume` without `--out`).
fn check_folder(flag: &str, out: &Path, force: bool) -> Result<(), AppError> {
    job::path::check_folder(flag, out, force)?;
    Ok(())
}

/// Claims the output folder `out` (`job::Folder::claim`: checked and locked). Call it once
/// all input is checked, before anything is written, and keep it until the reports are in
/// place: another command into the same folder is refused (status 2) while it is held.
fn claim(out: &Path, force: bool) -> Result<Folder, AppError> {
    Ok(Folder::claim("--out", out, force)?)
}

/// Writes rendered report files into `folder` (replaced whole), then prints where and,
/// unless `quiet`, the short summary (the full tables are in `summary.txt`).
fn write_reports(folder: &Folder, quiet: bool, report: &report::Report) -> Result<(), AppError> {
    // Rendered before the folder is replaced, so a failure leaves the old report.
    let brief = report::terminal_summary::render(report, folder.shown())
        .context("cannot render the summary")
        .map_err(failed)?;
    write_and_show(folder, quiet, &report.files, &brief)
}

/// The files of a command that writes one table, its summary and its manifest (`arena`,
/// `agreement`): `csv` renders the table named `table`.
fn table_files(
    table: &'static str,
    csv: impl FnOnce() -> std::io::Result<Vec<u8>>,
    summary: &str,
    manifest: &Manifest,
) -> Result<Vec<report::ReportFile>, AppError> {
    let render = || -> std::io::Result<Vec<report::ReportFile>> {
        Ok(vec![
            report::ReportFile {
                name: table,
                bytes: csv()?,
            },
            report::ReportFile {
                name: "summary.txt",
                bytes: summary.as_bytes().to_vec(),
            },
            report::ReportFile {
                name: "manifest.toml",
                bytes: manifest.to_toml()?.into_bytes(),
            },
        ])
    };
    render()
        .context("cannot render the reports")
        .map_err(failed)
}

/// Writes rendered report files into `folder` (replaced whole), then prints where and,
/// unless `quiet`, `shown`.
fn write_and_show(
    folder: &Folder,
    quiet: bool,
    files: &[report::ReportFile],
    shown: &str,
) -> Result<(), AppError> {
    folder.write(files)?;
    outln!("reports written to {}", folder.shown().display());
    if !quiet {
        outln!();
        out!("{shown}");
    }
    Ok(())
}

/// The closing line of a command that played games: how many (with `note` after the count:
/// `run --resume` says how many games the checkpoint held), how long, how fast. The rate
/// gets a decimal below 100 games/s and two below 10, so that a search run reads "0.38
/// games/s", not "0 games/s"; a time below a second gets two decimals.
fn speed_line(games: u64, note: &str, elapsed: f64, threads: usize) -> String {
    let rate = games as f64 / elapsed.max(1e-9);
    let decimals = if rate >= 100.0 {
        0
    } else if rate >= 10.0 {
        1
    } else {
        2
    };
    // A short run (an arena of a few hundred deals) reads "0.02 s", not "0.0 s".
    let seconds = if elapsed < 1.0 { 2 } else { 1 };
    let plural = if threads == 1 { "" } else { "s" };
    format!(
        "{games} games{note} in {elapsed:.seconds$} s: {rate:.decimals$} games/s on \
         {threads} thread{plural}"
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bot_fills_every_seat() {
        let seats = seat_bots(&[BotSpec::random()], 5).unwrap();
        assert_eq!(seats, vec![BotSpec::random(); 5]);
    }

    #[test]
    fn a_list_must_match_the_seats() {
        let list = [BotSpec::random(), BotSpec::heuristic()];
        assert_eq!(seat_bots(&list, 2).unwrap(), list.to_vec());
        let err = seat_bots(&list, 4).unwrap_err();
        assert!(err.contains("lists 2 bots but 4 players"), "{err}");
    }

    #[test]
    fn a_slow_run_still_shows_its_rate() {
        assert_eq!(
            speed_line(20, "", 52.6, 2),
            "20 games in 52.6 s: 0.38 games/s on 2 threads"
        );
        assert_eq!(
            speed_line(500, " (resumed after 256)", 20.0, 1),
            "500 games (resumed after 256) in 20.0 s: 25.0 games/s on 1 thread"
        );
        assert_eq!(
            speed_line(100_000, "", 6.5, 2),
            "100000 games in 6.5 s: 15385 games/s on 2 threads"
        );
        assert_eq!(
            speed_line(1000, "", 0.0214, 2),
            "1000 games in 0.02 s: 46729 games/s on 2 threads"
        );
    }
}
