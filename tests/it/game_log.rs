//! `--log-games FILE`: one JSON line per game, in game order whatever the thread count, that
//! agrees with the reports.

use crate::common::BIN;
use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

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

/// `--log-games` replaces an earlier game log, but not another file (a config given by
/// mistake) unless `--force` says so; a link is never replaced, even with `--force`.
#[test]
fn a_log_replaces_only_a_game_log_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let log = |path: &std::path::Path, force: bool| {
        let mut command = Command::new(BIN);
        command
            .args(["run", "--players", "4", "--games", "3", "--quiet", "--out"])
            .arg(dir.path().join("out"))
            .arg("--log-games")
            .arg(path);
        if force {
            command.arg("--force");
        }
        command.output().unwrap()
    };
    let config = dir.path().join("house.toml");
    std::fs::write(&config, "name = \"house\"\n").unwrap();
    let output = log(&config, false);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--log-games") && stderr.contains("is not a game log; give --force"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&config).unwrap(),
        "name = \"house\"\n"
    );
    assert!(!dir.path().join("out").exists());

    // A game log is replaced by the next run's; the config, with --force.
    let games = dir.path().join("games.jsonl");
    crate::common::assert_success(&log(&games, false), "first log");
    crate::common::assert_success(&log(&games, false), "log over a log");
    assert_eq!(std::fs::read_to_string(&games).unwrap().lines().count(), 3);
    crate::common::assert_success(&log(&config, true), "--force");
    assert!(
        std::fs::read_to_string(&config)
            .unwrap()
            .starts_with("{\"version\":")
    );

    #[cfg(unix)]
    {
        let link = dir.path().join("link.jsonl");
        std::os::unix::fs::symlink(&games, &link).unwrap();
        let output = log(&link, true);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("not a regular file"), "{stderr}");
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    }
}

/// A log line audits itself (issue 16, item 3): each seat's score breakdown, the ranks and
/// the winners are recomputed from the line alone (the edition's scoring rules, the deck's
/// costs and types, the city with its beautified districts, the Museum's cards, the
/// Haunted Quarter's type, the last round's revealed characters), over the 2016, 2021 and
/// classic editions, a district pool and character pools.
#[test]
fn each_line_recomputes_its_own_result() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [&[&str]; 5] = [
        &[
            "--preset",
            "all-districts",
            "--edition",
            "2021",
            "--players",
            "5",
        ],
        &["--preset", "all-districts", "--players", "3"],
        &[
            "--preset",
            "all-characters",
            "--players",
            "8",
            "--bots",
            "random",
        ],
        &[
            "--preset",
            "first-game",
            "--edition",
            "classic",
            "--players",
            "4",
        ],
        &[
            "--preset",
            "all-characters",
            "--edition",
            "2021",
            "--players",
            "6",
        ],
    ];
    let mut audited = 0;
    for (i, args) in cases.iter().enumerate() {
        let log = dir.path().join(format!("{i}.jsonl"));
        let output = Command::new(BIN)
            .args(["run", "--games", "300", "--seed", "16", "--quiet"])
            .args(*args)
            .arg("--out")
            .arg(dir.path().join(format!("out{i}")))
            .arg("--log-games")
            .arg(&log)
            .output()
            .unwrap();
        crate::common::assert_success(&output, args);
        for line in std::fs::read_to_string(&log).unwrap().lines() {
            let g: Value = serde_json::from_str(line).unwrap();
            assert_eq!(g["version"], 2);
            if g["stalled"] == true {
                continue;
            }
            recompute(&g, &format!("{args:?} game {}", g["game"]));
            audited += 1;
        }
    }
    assert!(audited > 1400, "{audited} games audited");
}

/// Recomputes a line's scores, ranks and winners from its own fields and compares them.
fn recompute(g: &Value, context: &str) {
    let rules = &g["rules"];
    let n = |v: &Value| v.as_i64().unwrap_or_else(|| panic!("{context}: {v}"));
    let deck = &g["deck"]["districts"];
    let complete_city = n(&rules["complete_city"]);
    let seats = g["seats"].as_array().unwrap();
    let mut totals = Vec::new();
    for seat in seats {
        let s = n(&seat["seat"]);
        let city: Vec<&str> = seat["city"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        let has = |d: &str| city.contains(&d);
        let beautified: Vec<&str> = seat["beautified"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        // Each district's cost, a beautified one one more (the lists may repeat a name: the
        // Quarry and the Wizard allow identical districts).
        let mut left = beautified.clone();
        let costs: Vec<i64> = city
            .iter()
            .map(|d| {
                let extra = left.iter().position(|b| b == d).map(|i| left.remove(i));
                n(&deck[*d]["cost"]) + extra.is_some() as i64
            })
            .collect();
        let hand: Vec<&str> = seat["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        // The Haunted Quarter counts as the type the line says; every other choice must
        // score no more.
        let score_as = |haunted: &str| -> [i64; 4] {
            let dtype = |d: &str| {
                if d == "Haunted Quarter" {
                    haunted.to_string()
                } else {
                    deck[d]["type"].as_str().unwrap().to_string()
                }
            };
            let districts: i64 = costs.iter().sum();
            let types: Vec<String> = city.iter().map(|d| dtype(d)).collect();
            let count = |t: &str| types.iter().filter(|x| *x == t).count() as i64;
            let all = ["noble", "religious", "trade", "military", "unique"];
            let all_types = if all.iter().all(|t| count(t) > 0) {
                n(&rules["all_types_bonus"])
            } else {
                0
            };
            let size = city.len() as i64 + has("Monument") as i64;
            let completion = if g["first_complete"].as_i64() == Some(s) {
                n(&rules["first_complete_bonus"])
            } else if size >= complete_city {
                n(&rules["complete_bonus"])
            } else {
                0
            };
            let mut uniques = 0;
            uniques += 2 * has("Dragon Gate") as i64;
            uniques += has("Imperial Treasury") as i64 * n(&seat["gold"]);
            uniques += has("Map Room") as i64 * hand.len() as i64;
            uniques += 5 * (has("Statue") && n(&g["crown"]) == s) as i64;
            uniques += has("Wishing Well") as i64 * count("unique");
            let odd = costs.iter().filter(|c| *c % 2 == 1).count() as i64;
            uniques += has("Basilica") as i64 * odd;
            uniques += 3 * (has("Capitol") && all.iter().any(|t| count(t) >= 3)) as i64;
            uniques += 5 * (has("Ivory Tower") && count("unique") == 1) as i64;
            uniques += n(&seat["museum"]);
            uniques += 3 * hand.contains(&"Secret Vault") as i64;
            [districts, all_types, completion, uniques]
        };
        let parts = match seat["haunted_quarter"].as_str() {
            Some(t) => {
                let chosen = score_as(t);
                for other in ["noble", "religious", "trade", "military", "unique"] {
                    let total: i64 = score_as(other).iter().sum();
                    assert!(total <= chosen.iter().sum(), "{context}: Haunted Quarter");
                }
                chosen
            }
            None => {
                assert!(!has("Haunted Quarter"), "{context}");
                score_as("unique")
            }
        };
        let score = &seat["score"];
        let logged = ["districts", "all_types", "completion", "uniques"].map(|k| n(&score[k]));
        assert_eq!(parts, logged, "{context}, seat {s}");
        totals.push(parts.iter().sum::<i64>());
    }
    // Winners: the best total, then the edition's tie-break.
    let best = *totals.iter().max().unwrap();
    let cast: Vec<&str> = g["cast"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let last = g["round_log"].as_array().unwrap().last().unwrap();
    let revealed = &last["revealed"];
    let picks = g["picks"].as_array().unwrap().last().unwrap();
    let key = |s: usize| -> i64 {
        match rules["tie_break"].as_str().unwrap() {
            "revealed_rank" => picks[s]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| revealed.as_array().unwrap().contains(c))
                .map(|c| cast.iter().position(|x| *x == c.as_str().unwrap()).unwrap() as i64 + 1)
                .max()
                .unwrap_or(0),
            "cost_then_gold" => {
                let seat = &seats[s];
                let beautified = seat["beautified"].as_array().unwrap().len() as i64;
                let cost: i64 = seat["city"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| n(&deck[d.as_str().unwrap()]["cost"]))
                    .sum();
                (cost + beautified) << 16 | n(&seat["gold"])
            }
            other => panic!("{context}: tie_break {other}"),
        }
    };
    let tied: Vec<usize> = (0..totals.len()).filter(|&s| totals[s] == best).collect();
    let top = tied.iter().map(|&s| key(s)).max().unwrap();
    let winners: Vec<i64> = tied
        .iter()
        .filter(|&&s| key(s) == top)
        .map(|&s| s as i64)
        .collect();
    let logged: Vec<i64> = g["winners"].as_array().unwrap().iter().map(n).collect();
    assert_eq!(winners, logged, "{context}: winners");
    for &w in &winners {
        assert_eq!(seats[w as usize]["rank"], 1, "{context}");
    }
}
