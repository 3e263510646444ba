//! The `arena` command (issue 5): paired deals, `arena.csv`, determinism and bad specs.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// Runs `arena` with `args` into a fresh folder; returns the folder and `arena.csv`'s rows
/// as maps from column to value.
fn arena(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, Vec<Vec<(String, String)>>) {
    let out = dir.join(name);
    let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .arg("arena")
        .args(args)
        .arg("--quiet")
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    crate::common::assert_success(&output, args);
    let mut reader = csv::Reader::from_path(out.join("arena.csv")).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .cloned()
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect();
    (out, rows)
}

fn get<'a>(row: &'a [(String, String)], key: &str) -> &'a str {
    &row.iter().find(|(k, _)| k == key).unwrap().1
}

fn num(row: &[(String, String)], key: &str) -> f64 {
    get(row, key).parse().unwrap()
}

#[test]
fn arena_csv_has_the_issue_columns_and_one_row_per_player_count() {
    let dir = tempfile::tempdir().unwrap();
    let (out, rows) = arena(
        dir.path(),
        "a",
        &[
            "--hero",
            "heuristic",
            "--field",
            "random",
            "--players",
            "4-5",
            "--deals",
            "60",
        ],
    );
    let header = std::fs::read_to_string(out.join("arena.csv")).unwrap();
    assert!(header.starts_with(
        "hero,field,players,games,win_rate,win_rate_lo,win_rate_hi,baseline_win_rate,delta,\
         delta_lo,delta_hi"
    ));
    assert_eq!(rows.len(), 2);
    for (row, players) in rows.iter().zip([4.0, 5.0]) {
        assert_eq!(get(row, "hero"), "heuristic");
        assert_eq!(get(row, "field"), "random");
        assert_eq!(num(row, "players"), players);
        // The hero plays every seat of every deal.
        assert_eq!(num(row, "games"), 60.0 * players);
        // The heuristic beats random bots by far, and the paired interval says so.
        assert!(num(row, "win_rate") > 0.8, "{row:?}");
        assert!(num(row, "delta_lo") > 0.3, "{row:?}");
        let delta = num(row, "win_rate") - num(row, "baseline_win_rate");
        assert!((num(row, "delta") - delta).abs() < 2e-4, "{row:?}");
    }
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    assert!(summary.contains("hero better (significant)"), "{summary}");
    assert!(out.join("manifest.toml").exists());
}

/// With the hero the same bot as the field, every hero game is the baseline game with the
/// same seeds: the pairing gives a delta of exactly zero.
#[test]
fn a_hero_identical_to_the_field_replays_the_baseline_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let (_, rows) = arena(
        dir.path(),
        "a",
        &[
            "--hero",
            "heuristic",
            "--field",
            "heuristic",
            "--players",
            "5",
            "--deals",
            "40",
        ],
    );
    let row = &rows[0];
    assert_eq!(get(row, "delta"), "0.0000");
    assert_eq!(get(row, "delta_lo"), "0.0000");
    assert_eq!(get(row, "delta_hi"), "0.0000");
    assert_eq!(get(row, "win_rate"), get(row, "baseline_win_rate"));
}

#[test]
fn arena_results_do_not_depend_on_the_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let args = |threads: &'static str| {
        [
            "--hero",
            "heuristic:catch_up=0",
            "--players",
            "4",
            "--deals",
            "70",
            "--seed",
            "9",
            "--threads",
            threads,
        ]
    };
    let (one, _) = arena(dir.path(), "one", &args("1"));
    let (two, _) = arena(dir.path(), "two", &args("2"));
    for file in ["arena.csv", "summary.txt"] {
        assert_eq!(
            std::fs::read(one.join(file)).unwrap(),
            std::fs::read(two.join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn bad_arena_specs_are_refused_naming_the_spec() {
    for (args, message) in [
        (
            vec!["--hero", "robot"],
            "--hero robot: bot spec \"robot\": unknown bot",
        ),
        (
            vec!["--hero", "heuristic", "--field", "heuristic:speed=2"],
            "--field heuristic:speed=2: bot spec \"heuristic:speed=2\": unknown heuristic weight",
        ),
        (
            vec!["--hero", "heuristic,random"],
            "--hero heuristic,random: names 2 bots; give exactly one",
        ),
        (vec!["--hero", "heuristic", "--deals", "0"], "--deals"),
        (vec!["--hero", "heuristic", "--players", "9"], "--players"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
            .current_dir(dir.path())
            .arg("arena")
            .args(&args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!out.exists(), "{args:?} wrote the report");
    }
}
