//! `agreement REPORT --reference DIR[,DIR...]`: how near a run's character and seat win rates
//! are to reference runs of the same config (pooled), with the noise ceiling of a perfect
//! imitator (`stats::agreement`), written as `agreement.csv`, a summary and a manifest. Every
//! folder is read and checked (a report, the same config, a shared player count) before
//! anything is computed or written.

use super::{AppError, claim, input, table_files, write_and_show};
use crate::cli::AgreementArgs;
use crate::engine::rng::mix;
use crate::report::agreement::{AgreementRow, Measure};
use crate::report::csv_file::CsvFile;
use crate::report::manifest::Header;
use crate::report::{self, Manifest};
use crate::stats::agreement::{Tally, agreement, noise_ceiling};
use anyhow::anyhow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Per player count, the named items of one measure with their wins and trials, in the
/// file's order.
type Items = BTreeMap<u8, Vec<(String, Tally)>>;

/// A report folder as read: its manifest and the win rates of its characters and seats.
struct Folder {
    dir: PathBuf,
    manifest: toml::Table,
    config: toml::Table,
    players: Vec<u8>,
    characters: Items,
    seats: Items,
}

impl Folder {
    fn items(&self, measure: Measure) -> &Items {
        match measure {
            Measure::Characters => &self.characters,
            Measure::Seats => &self.seats,
        }
    }

    /// The games counted at `players` (those of the first seat: every seat plays each game).
    fn games(&self, players: u8) -> u64 {
        self.seats[&players].first().map_or(0, |(_, t)| t.trials)
    }

    fn text(&self, key: &str) -> String {
        self.manifest
            .get(key)
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string()
    }
}

/// A refusal of the folder `dir` as a report (`what` names its role: the report, a reference).
fn refuse(dir: &Path, what: &str, why: impl std::fmt::Display) -> AppError {
    input(anyhow!(
        "{}: {why}; {what} must be a report folder written by `run` or `merge`",
        dir.display()
    ))
}

fn read_folder(dir: &Path, what: &str) -> Result<Folder, AppError> {
    if !dir.is_dir() {
        return Err(refuse(dir, what, "not a folder"));
    }
    let path = dir.join("manifest.toml");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| refuse(dir, what, format!("cannot read manifest.toml ({e})")))?;
    if !report::manifest::is_ours(&text) {
        return Err(refuse(
            dir,
            what,
            "manifest.toml was not written by citadels-sim",
        ));
    }
    let manifest: toml::Table = text
        .parse()
        .map_err(|e| refuse(dir, what, format!("manifest.toml: {e}")))?;
    let config = manifest
        .get("config")
        .and_then(|c| c.as_table())
        .cloned()
        .ok_or_else(|| refuse(dir, what, "manifest.toml has no [config] table"))?;
    let players: Option<Vec<u8>> =
        manifest
            .get("players")
            .and_then(|p| p.as_array())
            .and_then(|list| {
                list.iter()
                    .map(|n| n.as_integer().and_then(|n| u8::try_from(n).ok()))
                    .collect()
            });
    let players = players.ok_or_else(|| {
        refuse(
            dir,
            what,
            "manifest.toml has no `players` list of player counts",
        )
    })?;
    let characters = read_items(dir, what, "characters.csv", "character", "picked", &players)?;
    let seats = read_items(dir, what, "seats.csv", "seat", "games", &players)?;
    Ok(Folder {
        dir: dir.to_path_buf(),
        manifest,
        config,
        players,
        characters,
        seats,
    })
}

/// Reads `file`'s items per player count: the name from column `name` (a seat's number
/// becomes `seat N`), the trials from `trials`, the wins from `win_rate` times the trials (the
/// file gives the rate to 4 decimals: the wins to within one at the largest sizes). Items
/// with no trial are left out. Every player count of the manifest must have rows, and
/// only those.
fn read_items(
    dir: &Path,
    what: &str,
    file: &str,
    name: &str,
    trials: &str,
    players: &[u8],
) -> Result<Items, AppError> {
    let path = dir.join(file);
    let bytes =
        std::fs::read(&path).map_err(|e| refuse(dir, what, format!("cannot read {file} ({e})")))?;
    let bad = |why: String| input(anyhow!("{}: {why}", path.display()));
    let table = CsvFile::parse(file, &bytes).map_err(|e| bad(e.to_string()))?;
    let column = |c: &str| {
        table
            .column(c)
            .ok_or_else(|| bad(format!("no column `{c}`")))
    };
    let columns = [
        column("players")?,
        column(name)?,
        column(trials)?,
        column("win_rate")?,
    ];
    let mut items = Items::new();
    for (line, row) in table.rows.iter().enumerate() {
        // Line 1 is the header.
        let at = |c: usize| -> Result<&str, AppError> {
            row.get(c)
                .map(String::as_str)
                .ok_or_else(|| bad(format!("line {}: too few fields", line + 2)))
        };
        let number = |c: usize| -> Result<f64, AppError> {
            let text = at(c)?;
            text.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| {
                    bad(format!(
                        "line {}: column `{}`: \"{text}\" is not a number of at least 0",
                        line + 2,
                        table.header[c]
                    ))
                })
        };
        let count = at(columns[0])?;
        let count: u8 = count
            .parse()
            .ok()
            .filter(|n| players.contains(n))
            .ok_or_else(|| {
                bad(format!(
                    "line {}: players \"{count}\" is not a player count of its manifest ({players:?})",
                    line + 2
                ))
            })?;
        let trials = number(columns[2])?;
        let label = match name {
            "seat" => format!("seat {}", at(columns[1])?),
            _ => at(columns[1])?.to_string(),
        };
        // A count whose items all have no trial still has an entry.
        let list = items.entry(count).or_default();
        if trials == 0.0 {
            continue;
        }
        let rate = number(columns[3])?;
        let tally = Tally {
            wins: (rate * trials).round() as u64,
            trials: trials.round() as u64,
        };
        list.push((label, tally));
    }
    if let Some(missing) = players.iter().find(|p| !items.contains_key(p)) {
        return Err(bad(format!(
            "no rows at {missing} players, which its manifest lists"
        )));
    }
    Ok(items)
}

/// The first key where two `[config]` tables differ, said as `config.KEY is A there, B here`.
/// The config's `name` is left out: it labels the config and changes no game.
fn config_difference(there: &toml::Table, here: &toml::Table, prefix: &str) -> Option<String> {
    let keys: BTreeSet<&String> = there.keys().chain(here.keys()).collect();
    for key in keys {
        let name = format!("{prefix}.{key}");
        if name == "config.name" {
            continue;
        }
        match (there.get(key), here.get(key)) {
            (Some(toml::Value::Table(a)), Some(toml::Value::Table(b))) => {
                if let Some(d) = config_difference(a, b, &name) {
                    return Some(d);
                }
            }
            (a, b) if a == b => {}
            (a, b) => {
                let show =
                    |v: Option<&toml::Value>| v.map_or("absent".to_string(), |v| v.to_string());
                return Some(format!("{name} is {} there, {} here", show(a), show(b)));
            }
        }
    }
    None
}

/// Checks a reference against the report: the same config, a player count in common, not
/// given twice.
fn check_reference(
    report: &Folder,
    reference: &Folder,
    earlier: &[Folder],
) -> Result<(), AppError> {
    let dir = reference.dir.display();
    if same_folder(&reference.dir, &report.dir) {
        return Err(input(anyhow!(
            "--reference {dir}: is the report measured; give other runs as references"
        )));
    }
    if let Some(twice) = earlier.iter().find(|e| same_folder(&e.dir, &reference.dir)) {
        return Err(input(anyhow!(
            "--reference {dir}: given twice (also as {}); pooling it twice would count its \
             games twice",
            twice.dir.display()
        )));
    }
    if let Some(difference) = config_difference(&reference.config, &report.config, "config") {
        return Err(input(anyhow!(
            "--reference {dir}: another config than the report's ({} against {}: {difference}); \
             a reference must play the report's config",
            reference.dir.join("manifest.toml").display(),
            report.dir.join("manifest.toml").display()
        )));
    }
    if !reference.players.iter().any(|p| report.players.contains(p)) {
        return Err(input(anyhow!(
            "--reference {dir}: holds {:?} players and the report {} {:?}: no player count in \
             common",
            reference.players,
            report.dir.display(),
            report.players
        )));
    }
    Ok(())
}

/// The agreement of one measure at one player count: the report's items against the pooled
/// references' (those holding the count), over the items both have.
fn compare(
    report: &Folder,
    references: &[&Folder],
    players: u8,
    measure: Measure,
    args: &AgreementArgs,
) -> Option<AgreementRow> {
    let mut pooled: BTreeMap<&str, Tally> = BTreeMap::new();
    for reference in references {
        for (name, tally) in &reference.items(measure)[&players] {
            let sum = pooled.entry(name).or_default();
            sum.wins += tally.wins;
            sum.trials += tally.trials;
        }
    }
    let (mut names, mut theirs, mut ours) = (Vec::new(), Vec::new(), Vec::new());
    for (name, tally) in &report.items(measure)[&players] {
        if let Some(&reference) = pooled.get(name.as_str()) {
            names.push(name.clone());
            theirs.push(reference);
            ours.push(*tally);
        }
    }
    if names.is_empty() {
        return None;
    }
    let found = agreement(&theirs, &ours);
    let games = report.games(players);
    // `--games`: the imitator's trials are the report's scaled to that many games.
    let scale = args.games.map_or(1.0, |n| n as f64 / games.max(1) as f64);
    let trials: Vec<u64> = ours
        .iter()
        .map(|t| ((t.trials as f64 * scale).round() as u64).max(1))
        .collect();
    let seed = mix(mix(args.seed, u64::from(players)), measure as u64);
    let ceiling = noise_ceiling(&theirs, &trials, args.replicates, seed);
    Some(AgreementRow {
        players,
        measure,
        items: names.len(),
        games,
        reference_games: references.iter().map(|r| r.games(players)).sum(),
        largest_gap_at: names[found.largest_gap_at].clone(),
        found,
        ceiling,
    })
}

/// Whether two paths name the same folder (as given, when either does not exist).
fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// `REPORT-agreement`, beside the report folder.
fn default_out(report: &Path) -> PathBuf {
    let mut name = report
        .file_name()
        .map_or_else(|| "report".into(), |n| n.to_os_string());
    name.push("-agreement");
    report.with_file_name(name)
}

pub(super) fn agreement_command(
    args: &AgreementArgs,
    command_line: String,
) -> Result<(), AppError> {
    let report = read_folder(&args.report, "REPORT")?;
    let mut references: Vec<Folder> = Vec::new();
    for dir in &args.references {
        let reference = read_folder(dir, "a reference")?;
        check_reference(&report, &reference, &references)?;
        references.push(reference);
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| default_out(&args.report));
    if let Some(read) = std::iter::once(&report)
        .chain(&references)
        .find(|f| same_folder(&f.dir, &out))
    {
        return Err(input(anyhow!(
            "--out {}: is {} read by this command; write agreement.csv elsewhere",
            out.display(),
            read.dir.display()
        )));
    }
    let out_folder = claim(&out, args.force)?;

    let mut rows = Vec::new();
    let mut compared = Vec::new();
    for &players in &report.players {
        let holding: Vec<&Folder> = references
            .iter()
            .filter(|r| r.players.contains(&players))
            .collect();
        if holding.is_empty() {
            continue;
        }
        compared.push(players);
        for measure in [Measure::Characters, Measure::Seats] {
            rows.extend(compare(&report, &holding, players, measure, args));
        }
    }
    let names: Vec<String> = references
        .iter()
        .map(|r| r.dir.display().to_string())
        .collect();
    let summary = report::agreement::summary(
        &report.dir.display().to_string(),
        &names,
        args.replicates,
        args.games,
        &rows,
    );
    let bots = report
        .manifest
        .get("bots")
        .and_then(|b| b.as_array())
        .map(|list| {
            list.iter()
                .filter_map(|b| b.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    // The manifest of an agreement: the report's config and bots; `seed` and `games` hold
    // the noise ceiling's seed and replicates, `players` the player counts compared.
    let manifest = Manifest {
        header: Header::new(command_line, args.seed, args.replicates as u64)
            .config(&report.text("config_source"), &report.text("config_name")),
        players: compared,
        bots,
        config: report.config.clone(),
    };
    let files = table_files(
        "agreement.csv",
        || report::agreement::csv(&rows),
        &summary,
        &manifest,
    )?;
    write_and_show(&out_folder, args.quiet, &files, &summary)
}
