//! `agreement REPORT --reference DIR[,DIR...]`: its figures against ones recomputed from the
//! report's and the references' CSV files, a report against itself, determinism, and the
//! refusal of every bad input (exit status 2, the path and the cause named, nothing
//! written). Small runs stand in for the search: the heuristic's games are the "reference".

use crate::common::csv_rows;
use assert_cmd::Command;
use citadels_sim::stats::stability::spearman;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn citadels() -> Command {
    Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
}

/// Plays `run --games 300` with `args` into `dir/name`.
fn run(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let out = dir.join(name);
    let output = citadels()
        .args(["run", "--games", "300", "--quiet", "--out"])
        .arg(&out)
        .args(args)
        .output()
        .unwrap();
    crate::common::assert_success(&output, args);
    out
}

/// The comma list of folders `--reference` takes.
fn list(dirs: &[&Path]) -> String {
    dirs.iter()
        .map(|d| d.display().to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Runs `agreement REPORT --reference REFS --out OUT EXTRA...` and returns its stdout.
fn agree(report: &Path, references: &[&Path], out: &Path, extra: &[&str]) -> String {
    let output = citadels()
        .arg("agreement")
        .arg(report)
        .arg("--reference")
        .arg(list(references))
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    crate::common::assert_success(&output, report);
    String::from_utf8(output.stdout).unwrap()
}

/// Per player count, each item's (wins, trials) of a measure read from a report's CSV
/// (`characters.csv` over picks, `seats.csv` over games), in file order, pooled over
/// `dirs` (added up by name).
fn tallies(dirs: &[&Path], measure: &str) -> BTreeMap<String, Vec<(String, f64, f64)>> {
    let (file, name, trials) = match measure {
        "characters" => ("characters.csv", "character", "picked"),
        _ => ("seats.csv", "seat", "games"),
    };
    let mut pooled: BTreeMap<String, Vec<(String, f64, f64)>> = BTreeMap::new();
    for dir in dirs {
        for row in csv_rows(&dir.join(file)) {
            let n: f64 = row[trials].parse().unwrap();
            if n == 0.0 {
                continue;
            }
            let wins = (row["win_rate"].parse::<f64>().unwrap() * n).round();
            let list = pooled.entry(row["players"].clone()).or_default();
            let label = match measure {
                "characters" => row[name].clone(),
                _ => format!("seat {}", row[name]),
            };
            match list.iter_mut().find(|(l, _, _)| *l == label) {
                Some(item) => {
                    item.1 += wins;
                    item.2 += n;
                }
                None => list.push((label, wins, n)),
            }
        }
    }
    pooled
}

fn close(field: &str, value: f64) -> bool {
    (field.parse::<f64>().unwrap() - value).abs() < 1e-4 + 1e-9
}

/// Every figure of agreement.csv (rank correlation, largest gap and its item, distance) is
/// the one recomputed here from the report's and the pooled references' CSV files; the
/// noise ceiling brackets its median; the same command writes the same bytes.
#[test]
fn agreement_figures_are_those_of_the_csv_files() {
    let dir = tempfile::tempdir().unwrap();
    let report = run(dir.path(), "policy", &["--players", "4-5", "--seed", "3"]);
    let a = run(
        dir.path(),
        "heuristic-a",
        &["--players", "4-5", "--seed", "4", "--bots", "heuristic"],
    );
    let b = run(
        dir.path(),
        "heuristic-b",
        &["--players", "5", "--seed", "5", "--bots", "heuristic"],
    );
    let out = dir.path().join("agreement");
    let printed = agree(&report, &[&a, &b], &out, &[]);
    let written = csv_rows(&out.join("agreement.csv"));
    assert_eq!(written.len(), 4, "two player counts, two measures");
    for row in &written {
        let (players, measure) = (&row["players"], row["measure"].as_str());
        // At 4 players only the first reference holds the count.
        let refs: Vec<&Path> = if players == "4" {
            vec![&a]
        } else {
            vec![&a, &b]
        };
        let theirs = &tallies(&refs, measure)[players];
        let ours = &tallies(&[&report], measure)[players];
        let (mut x, mut y, mut names, mut distance) = (vec![], vec![], vec![], 0.0);
        for (name, w, n) in ours {
            let Some((_, v, m)) = theirs.iter().find(|(l, _, _)| l == name) else {
                continue;
            };
            names.push(name.clone());
            x.push(v / m);
            y.push(w / n);
            let p = (v + w) / (m + n);
            distance += (w / n - v / m).powi(2) / (p * (1.0 - p) * (1.0 / m + 1.0 / n));
        }
        assert_eq!(row["items"], names.len().to_string(), "{row:?}");
        let rho = spearman(&x, &y).unwrap();
        assert!(
            close(&row["rank_correlation"], rho),
            "{row:?} against {rho}"
        );
        let worst = (0..x.len())
            .max_by(|&i, &j| (y[i] - x[i]).abs().total_cmp(&(y[j] - x[j]).abs()))
            .unwrap();
        assert_eq!(row["largest_gap_at"], names[worst], "{row:?}");
        assert!(
            close(&row["largest_gap"], (y[worst] - x[worst]) * 100.0),
            "{row:?}"
        );
        assert!(
            close(&row["distance"], distance),
            "{row:?} against {distance}"
        );
        let games: f64 = refs.len() as f64 * 300.0;
        assert_eq!(row["reference_games"], games.to_string(), "{row:?}");
        for figure in ["rank_correlation", "largest_gap", "distance"] {
            let at = |s: &str| -> f64 { row[&format!("imitator_{figure}{s}")].parse().unwrap() };
            assert!(at("_lo") <= at("") && at("") <= at("_hi"), "{row:?}");
        }
        assert!(
            printed.contains(&format!("{players} players (300 games; references {games}), {measure}: rank correlation {rho:.2}")),
            "{printed}"
        );
    }
    let again = dir.path().join("again");
    assert_eq!(
        agree(&report, &[&a, &b], &again, &[]),
        printed.replace(&out.display().to_string(), &again.display().to_string())
    );
    assert_eq!(
        std::fs::read(out.join("agreement.csv")).unwrap(),
        std::fs::read(again.join("agreement.csv")).unwrap()
    );
    // `--games` at the report's own size changes nothing; at many more games the
    // imitator's noise is only the references': its largest gap shrinks.
    agree(&report, &[&a, &b], &again, &["--games", "300"]);
    let csv = std::fs::read(out.join("agreement.csv")).unwrap();
    assert_eq!(csv, std::fs::read(again.join("agreement.csv")).unwrap());
    agree(&report, &[&a, &b], &again, &["--games", "100000"]);
    for (small, large) in written.iter().zip(csv_rows(&again.join("agreement.csv"))) {
        let gap = |row: &BTreeMap<String, String>| -> f64 {
            row["imitator_largest_gap"].parse().unwrap()
        };
        assert!(gap(&large) < gap(small), "{small:?} {large:?}");
        assert_eq!(large["rank_correlation"], small["rank_correlation"]);
    }
    // Its folder is a citadels-sim report folder: the command may replace it.
    agree(&report, &[&a], &out, &[]);
}

/// Copies a report folder's files into `to`.
fn copy(from: &Path, to: &Path) {
    std::fs::create_dir(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

/// A report against a copy of itself: the same order, no gap, no distance, for the
/// characters and the seats; written by default beside the report as REPORT-agreement.
#[test]
fn a_report_against_itself_agrees_fully() {
    let dir = tempfile::tempdir().unwrap();
    let report = run(dir.path(), "report", &["--players", "4", "--seed", "8"]);
    let twin = dir.path().join("twin");
    copy(&report, &twin);
    let output = citadels()
        .arg("agreement")
        .arg(&report)
        .args(["--reference"])
        .arg(&twin)
        .arg("--quiet")
        .output()
        .unwrap();
    crate::common::assert_success(&output, "agreement");
    let out = dir.path().join("report-agreement");
    let written = csv_rows(&out.join("agreement.csv"));
    assert_eq!(written.len(), 2);
    for row in &written {
        assert_eq!(row["rank_correlation"], "1.0000", "{row:?}");
        assert_eq!(row["largest_gap"], "0.0000", "{row:?}");
        assert_eq!(row["distance"], "0.0000", "{row:?}");
    }
    assert_eq!(
        crate::common::names(&out),
        ["agreement.csv", "manifest.toml", "summary.txt"]
    );
}

/// Runs `agreement ARGS --out DIR/out` and checks the refusal: status 2, the message, and
/// nothing written (neither `--out` nor a default folder beside the report).
fn refused(dir: &Path, args: &[&str], message: &[&str]) {
    let out = dir.join("out");
    let before = crate::common::names(dir);
    let output = citadels()
        .arg("agreement")
        .args(args)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    for part in message {
        assert!(stderr.contains(part), "{args:?}: {stderr:?} lacks {part:?}");
    }
    assert!(!out.exists(), "{args:?} wrote {}", out.display());
    assert_eq!(crate::common::names(dir), before, "{args:?} wrote a folder");
}

fn text(path: &Path) -> String {
    path.display().to_string()
}

/// A reference of another config, of other player counts, given twice or being the report
/// itself is refused, naming it and why.
#[test]
fn references_that_cannot_be_pooled_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let report = run(dir.path(), "report", &["--players", "4-5", "--seed", "3"]);
    let reference = run(dir.path(), "reference", &["--players", "5", "--seed", "4"]);
    let cast = run(
        dir.path(),
        "all-characters",
        &["--players", "5", "--preset", "all-characters"],
    );
    // The report's resolved config as a config file, with one [rules] change.
    let manifest = std::fs::read_to_string(report.join("manifest.toml")).unwrap();
    let resolved = &manifest[manifest.find("[config]\n").unwrap() + "[config]\n".len()..];
    let gold = dir.path().join("gold.toml");
    let changed = resolved
        .replace("[config.rules]", "[rules]")
        .replace("starting_gold = 2", "starting_gold = 3")
        .replace("name = \"First Game\"", "name = \"First Game, more gold\"");
    std::fs::write(&gold, changed).unwrap();
    let rules = run(
        dir.path(),
        "gold",
        &["--players", "5", "--config", &text(&gold)],
    );
    let six = run(dir.path(), "six", &["--players", "6"]);
    let r = text(&report);
    for (other, cause) in [
        (&cast, "another config than the report's"),
        (&rules, "config.rules.starting_gold is 3 there, 2 here"),
        (&six, "no player count in common"),
    ] {
        let refs = list(&[&reference, other]);
        refused(
            dir.path(),
            &[&r, "--reference", &refs],
            &[&text(other), cause],
        );
    }
    let twice = list(&[&reference, &reference]);
    refused(dir.path(), &[&r, "--reference", &twice], &["given twice"]);
    refused(
        dir.path(),
        &[&r, "--reference", &r],
        &["is the report measured"],
    );
    // The folder written into must not be one read.
    let output = citadels()
        .arg("agreement")
        .arg(&report)
        .arg("--reference")
        .arg(&reference)
        .arg("--out")
        .arg(&reference)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("read by this command"));
}

/// A folder that is not a report, a missing file, a damaged one: refused, naming the path
/// and the cause, whether it is the report or a reference.
#[test]
fn folders_that_are_not_whole_reports_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let report = run(dir.path(), "report", &["--players", "5", "--seed", "3"]);
    let reference = run(dir.path(), "reference", &["--players", "5", "--seed", "4"]);
    let (r, reference) = (text(&report), text(&reference));
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    std::fs::write(empty.join("notes.txt"), "not a report").unwrap();
    let missing = dir.path().join("missing");
    let no_seats = dir.path().join("no-seats");
    copy(&report, &no_seats);
    std::fs::remove_file(no_seats.join("seats.csv")).unwrap();
    let damaged = dir.path().join("damaged");
    copy(&report, &damaged);
    let characters = std::fs::read_to_string(damaged.join("characters.csv")).unwrap();
    let first_row = characters.lines().nth(1).unwrap();
    let mut fields: Vec<&str> = first_row.split(',').collect();
    fields[6] = "many";
    std::fs::write(
        damaged.join("characters.csv"),
        characters.replacen(first_row, &fields.join(","), 1),
    )
    .unwrap();
    let foreign = dir.path().join("foreign");
    copy(&report, &foreign);
    std::fs::write(foreign.join("manifest.toml"), "title = \"my notes\"\n").unwrap();
    let cases: [(&Path, &str); 5] = [
        (&empty, "cannot read manifest.toml"),
        (&missing, "not a folder"),
        (&no_seats, "cannot read seats.csv"),
        (&damaged, "column `picked`: \"many\" is not a number"),
        (&foreign, "manifest.toml was not written by citadels-sim"),
    ];
    for (bad, cause) in cases {
        let b = text(bad);
        refused(dir.path(), &[&b, "--reference", &reference], &[&b, cause]);
        refused(dir.path(), &[&r, "--reference", &b], &[&b, cause]);
    }
}
