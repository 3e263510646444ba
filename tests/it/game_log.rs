//! `--log-games FILE`: one JSON line per game, in game order whatever the thread count, that
//! agrees with the reports.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

const BIN: &str = env!("CARGO_BIN_EXE_citadels-sim");

fn run(out: &Path, log: &Path, threads: &str) {
    let output = Command::new(BIN)
        .args([
            "run",
            "--players",
            "4",
            "--games",
            "600",
            "--seed",
            "4",
            "--quiet",
        ])
        .args([
            "--bots",
            "heuristic,random,heuristic,random",
            "--threads",
            threads,
        ])
        .arg("--out")
        .arg(out)
        .arg("--log-games")
        .arg(log)
        .output()
        .unwrap();
    crate::common::assert_success(&output, ("run --log-games", threads));
}

/// A CSV file as rows of fields, the header skipped.
fn rows(file: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(String::from).collect())
        .collect()
}

#[test]
fn the_log_has_every_game_in_order_and_agrees_with_the_reports() {
    let dir = tempfile::tempdir().unwrap();
    let (out, log) = (dir.path().join("out"), dir.path().join("games.jsonl"));
    run(&out, &log, "2");
    let text = std::fs::read_to_string(&log).unwrap();
    let games: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(games.len(), 600);

    let mut wins = [0u64; 4]; // by seat relative to the first crown
    let mut score_sum = [0i64; 4];
    let mut stalled = 0;
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"], i as u64, "in game order");
        assert_eq!(g["players"], 4);
        let seats = g["seats"].as_array().unwrap();
        assert_eq!(seats.len(), 4);
        assert_eq!(seats[1]["bot"], "random");
        let picks = g["picks"].as_array().unwrap();
        assert_eq!(picks.len() as u64, g["rounds"].as_u64().unwrap());
        if g["stalled"] == true {
            stalled += 1;
            continue;
        }
        let first = g["first_crown"].as_u64().unwrap() as usize;
        for w in g["winners"].as_array().unwrap() {
            let seat = w.as_u64().unwrap() as usize;
            assert_eq!(seats[seat]["rank"], 1);
            wins[(seat + 4 - first) % 4] += 1;
        }
        for (s, seat) in seats.iter().enumerate() {
            let score = &seat["score"];
            let parts: i64 = ["districts", "all_types", "completion", "uniques"]
                .iter()
                .map(|k| score[k].as_i64().unwrap())
                .sum();
            assert_eq!(score["total"].as_i64().unwrap(), parts, "game {i}");
            score_sum[(s + 4 - first) % 4] += parts;
        }
    }
    let finished = 600 - stalled;
    for row in rows(&out.join("seats.csv")) {
        let seat: usize = row[1].parse().unwrap();
        let rate: f64 = row[3].parse().unwrap();
        assert_eq!(
            format!("{:.4}", wins[seat] as f64 / finished as f64),
            row[3],
            "{rate}"
        );
        assert_eq!(
            format!("{:.4}", score_sum[seat] as f64 / finished as f64),
            row[6]
        );
    }

    // The same bytes with one thread.
    let log1 = dir.path().join("one.jsonl");
    run(&dir.path().join("out1"), &log1, "1");
    assert!(std::fs::read(&log1).unwrap() == text.as_bytes());
}

#[test]
fn a_bad_log_path_is_refused_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    for (log, message) in [
        (dir.path().join("no").join("games.jsonl"), "does not exist"),
        (dir.path().to_path_buf(), "is a folder"),
        (out.join("games.jsonl"), "is inside the report folder"),
    ] {
        let output = Command::new(BIN)
            .args(["run", "--players", "4", "--games", "10", "--out"])
            .arg(&out)
            .arg("--log-games")
            .arg(&log)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("--log-games") && stderr.contains(message),
            "{stderr}"
        );
    }
    assert!(!out.exists());
    let output = Command::new(BIN)
        .args(["run", "--players", "4", "--games", "10", "--resume"])
        .arg(&out)
        .arg("--log-games")
        .arg(dir.path().join("g.jsonl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot be combined with --resume"));
}
