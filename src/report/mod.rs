//! Reports: CSV tables, the summary table and the manifest, written from `Stats`.
//!
//! `render` builds the tables once as typed results (`run_tables`, from the exact counts)
//! and every file from them in memory (pure, deterministic: the same stats give the same
//! bytes); the durable job (`crate::job`) writes them so a report folder appears only when
//! complete.

pub mod agreement;
pub mod arena;
pub mod balance_columns;
pub mod compare;
pub mod csv_file;
pub mod html;
pub mod ladder;
pub mod manifest;
pub mod rank;
pub mod restrict;
pub mod result_table;
pub mod run_tables;
pub mod summary_txt;
pub mod sweep;
pub mod terminal_summary;

use crate::bots::BotSpec;
use crate::engine::ids::{Character, District, DistrictType};
use crate::engine::rules::Rules;
use crate::stats::Stats;
use crate::stats::estimate::{ClusterSums, ratio, wilson};
use std::io;
use std::path::Path;

pub use manifest::Manifest;

/// The results at one player count: its rules (which characters and districts to list) and
/// its counters.
#[derive(Clone, Copy, Debug)]
pub struct Section<'a> {
    pub rules: &'a Rules,
    pub stats: &'a Stats,
    /// The bot of each absolute seat.
    pub bots: &'a [BotSpec],
}

/// One bot spec's results over the seats it played (`bots.csv`, and the summary's bot table
/// when the seats play more than one spec).
pub struct BotResult {
    pub spec: String,
    /// The sum of its seats' counters.
    pub total: crate::stats::SeatStats,
    /// Its win rate, the interval clustered by game (a spec in several seats plays several
    /// trials per game: `Stats::bot_win_sums`).
    pub rate: Rate,
}

/// Each bot spec of `section`, in the order the specs first appear in `--bots`.
pub fn bot_results(section: &Section) -> Vec<BotResult> {
    let players = section.rules.players as usize;
    let names: Vec<String> = section
        .bots
        .iter()
        .take(players)
        .map(BotSpec::to_string)
        .collect();
    let mut results = Vec::new();
    for (first, name) in names.iter().enumerate() {
        if names[..first].contains(name) {
            continue;
        }
        let seats: Vec<usize> = (0..players).filter(|&s| names[s] == *name).collect();
        let mut total = crate::stats::SeatStats::default();
        for &seat in &seats {
            total += &section.stats.by_seat[seat];
        }
        let rate = Rate::clustered(section.stats.bot_win_sums(&seats));
        results.push(BotResult {
            spec: name.clone(),
            total,
            rate,
        });
    }
    results
}

/// One rendered report file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportFile {
    pub name: &'static str,
    pub bytes: Vec<u8>,
}

/// The files of a report folder, as `render` names them.
pub const FILE_NAMES: [&str; 9] = [
    "characters.csv",
    "seats.csv",
    "bots.csv",
    "districts.csv",
    "player_counts.csv",
    "rounds.csv",
    "summary.txt",
    "manifest.toml",
    "report.html",
];

/// The file of a shard's partial result (`job::checkpoint::PARTIAL_FILE`).
pub const PARTIAL_FILE: &str = "partial.toml";
/// Files of the other folders citadels-sim writes (`arena`, `sweep`, `restrict`, `rank`,
/// `agreement`), which may be replaced too.
pub const OTHER_FILE_NAMES: [&str; 5] = [
    "arena.csv",
    "sweep.csv",
    "restricted.csv",
    "rank.csv",
    "agreement.csv",
];

/// Checks that the existing folder `out` may be replaced by a new report: it is absent,
/// empty, or a citadels-sim report (a manifest we wrote and only report files) or partial
/// result (a partial.toml we wrote, alone). `force`
/// allows any folder. The message names the folder and the first foreign file.
pub fn check_replaceable(out: &Path, force: bool) -> Result<(), String> {
    if force || !out.is_dir() {
        return Ok(());
    }
    let entries = std::fs::read_dir(out)
        .map_err(|e| format!("cannot read the folder {}: {e}", out.display()))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read the folder {}: {e}", out.display()))?;
        names.push(entry.file_name().to_string_lossy().into_owned());
    }
    if names.is_empty() {
        return Ok(());
    }
    names.sort();
    let refuse = |why: String| {
        Err(format!(
            "{} exists and is not a citadels-sim report ({why}); give another --out, or \
             --force to replace the folder and everything in it",
            out.display()
        ))
    };
    // A report has a manifest; a shard's partial result only its partial.toml.
    let ours = |file: &str| {
        std::fs::read_to_string(out.join(file)).is_ok_and(|text| manifest::is_ours(&text))
    };
    let report = |n: &str| {
        FILE_NAMES.contains(&n) || OTHER_FILE_NAMES.contains(&n) || ladder::FILE_NAMES.contains(&n)
    };
    let partial = |n: &str| n == PARTIAL_FILE;
    let known: &dyn Fn(&str) -> bool = if ours("manifest.toml") {
        &report
    } else if ours(PARTIAL_FILE) {
        &partial
    } else {
        return refuse("no manifest.toml or partial.toml written by citadels-sim".into());
    };
    if let Some(foreign) = names.iter().find(|n| !known(n)) {
        return refuse(format!("it holds {foreign}, which is not a report file"));
    }
    Ok(())
}

/// A rendered run report: its tables as typed results, and its files rendered from them.
pub struct Report {
    /// The CSV tables' typed rows, in file order (`run_tables::all`).
    pub tables: Vec<result_table::ResultTable>,
    /// Every file of the folder, in `FILE_NAMES` order.
    pub files: Vec<ReportFile>,
}

/// Renders every report file. `sections` must be in ascending player-count order.
pub fn render(sections: &[Section], manifest: &Manifest) -> io::Result<Report> {
    let tables = run_tables::all(sections);
    let mut files = Vec::new();
    for table in &tables {
        files.push(ReportFile {
            name: table.name,
            bytes: table.to_csv()?,
        });
    }
    files.push(ReportFile {
        name: "summary.txt",
        bytes: summary_txt::render(sections, &tables).into_bytes(),
    });
    files.push(ReportFile {
        name: "manifest.toml",
        bytes: manifest.to_toml()?.into_bytes(),
    });
    let charts: Vec<html::ChartSection> = tables.iter().flat_map(html::table_charts).collect();
    files.push(ReportFile {
        name: "report.html",
        bytes: html::render(&run_page(manifest), &charts).into_bytes(),
    });
    Ok(Report { tables, files })
}

/// The title, facts and notes of a run's `report.html`, from its manifest.
fn run_page(manifest: &Manifest) -> html::Page {
    let list = |v: &[String]| v.join(",");
    let players: Vec<String> = manifest.players.iter().map(u8::to_string).collect();
    let header = &manifest.header;
    html::Page {
        title: format!("citadels-sim report: {}", header.name()),
        facts: vec![
            ("config".into(), header.source().to_string()),
            ("players".into(), list(&players)),
            ("games per player count".into(), header.games.to_string()),
            ("seed".into(), header.seed.to_string()),
            ("bots".into(), list(&manifest.bots)),
            ("version".into(), header.version.clone()),
            ("command".into(), header.command.clone()),
        ],
        notes: vec![
            "Bars are rates with their 95% Wilson interval (black error bars; for rates over \
             picks, cities or a bot's seats, with the games as independent units); the dashed \
             red line on win rates is an even share, 1/N at N players. Hover a bar for its \
             figures. The CSV files next to this page hold every number."
                .into(),
        ],
    }
}

/// Characters that can be in the cast at this player count, in `Character` order.
pub fn cast_characters(rules: &Rules) -> Vec<Character> {
    let mut all: Vec<Character> = rules.cast_pools.iter().flatten().copied().collect();
    all.sort();
    all.dedup();
    all
}

/// Districts with at least one card in the run, in `District` order, with type and cost.
pub fn run_districts(rules: &Rules) -> Vec<(District, DistrictType, u8)> {
    let mut all: Vec<(District, DistrictType, u8)> = rules
        .cards
        .iter()
        .map(|card| (card.district, card.dtype, card.cost))
        .collect();
    all.sort_by_key(|row| row.0);
    all.dedup_by_key(|row| row.0);
    all
}

/// Rates and means of one row, derived from the counters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub value: Option<f64>,
    pub lo: f64,
    pub hi: f64,
}

impl Rate {
    /// A rate over independent trials (one per game, as a seat's wins), with its Wilson
    /// interval.
    pub fn of(successes: u64, trials: u64) -> Rate {
        let (lo, hi) = wilson(successes, trials);
        Rate {
            value: ratio(successes, trials),
            lo,
            hi,
        }
    }

    /// A rate over trials clustered within games (a character's picks, a district's cities,
    /// a bot's seats), with the Wilson interval on the effective number of trials
    /// (`ClusterSums::interval`): the games, not the trials, are independent.
    pub fn clustered(sums: ClusterSums) -> Rate {
        let (lo, hi) = sums.interval();
        Rate {
            value: ratio(sums.successes, sums.trials),
            lo,
            hi,
        }
    }
}

/// Fixed 4-decimal formatting; an undefined value (no trials) is an empty field.
pub fn fixed(value: Option<f64>) -> String {
    value.map(|v| format!("{v:.4}")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_writes_the_listed_files() {
        let rules = crate::config::load_preset("first-game")
            .unwrap()
            .rules(4)
            .unwrap();
        let stats = Stats::new(4);
        let manifest = Manifest {
            header: manifest::Header::new("citadels-sim run".into(), 1, 0)
                .config("preset first-game", "First Game")
                .version("0"),
            players: vec![4],
            bots: vec!["heuristic".into()],
            config: toml::Table::new(),
        };
        let section = Section {
            rules: &rules,
            stats: &stats,
            bots: &[],
        };
        let report = render(&[section], &manifest).unwrap();
        let names: Vec<&str> = report.files.iter().map(|f| f.name).collect();
        assert_eq!(names, FILE_NAMES);
    }

    #[test]
    fn only_reports_are_replaceable() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        assert!(check_replaceable(&out, false).is_ok());
        std::fs::create_dir(&out).unwrap();
        assert!(check_replaceable(&out, false).is_ok());
        std::fs::write(out.join("manifest.toml"), "generator = \"citadels-sim\"\n").unwrap();
        assert!(check_replaceable(&out, false).is_ok());
        std::fs::write(out.join("data.bin"), "x").unwrap();
        let err = check_replaceable(&out, false).unwrap_err();
        assert!(err.contains("it holds data.bin"), "{err}");
        assert!(check_replaceable(&out, true).is_ok());
        std::fs::write(out.join("manifest.toml"), "name = \"mine\"\n").unwrap();
        let err = check_replaceable(&out, false).unwrap_err();
        assert!(
            err.contains("no manifest.toml or partial.toml written by citadels-sim"),
            "{err}"
        );
    }
}
