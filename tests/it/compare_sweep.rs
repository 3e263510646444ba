//! `report.html`, `compare` and `sweep` from the command line: the page's structure, the
//! common random numbers of compare and sweep, and their files.

use assert_cmd::Command;
use std::path::Path;

/// Runs citadels-sim with `args` (plus `--quiet`) and asserts success.
fn ok(args: &[&str], out: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .args(args)
        .arg("--quiet")
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    crate::common::assert_success(&output, args);
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The CSV rows as maps from column name to field.
fn rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

/// The HTML of the section with this id.
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<section id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no section {id}"));
    let end = html[start..].find("</section>").unwrap() + start;
    &html[start..end]
}

#[test]
fn report_html_has_a_chart_per_player_count_and_a_bar_per_row() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    ok(
        &["run", "--players", "4-5", "--games", "200", "--seed", "3"],
        &out,
    );
    let html = read(&out.join("report.html"));
    // Self-contained: no script, no external resource, no link leaving the page.
    assert!(html.starts_with("<!DOCTYPE html>"));
    for banned in ["<script", "src=", "<link", "http:", "https:", "url("] {
        assert!(!html.contains(banned), "report.html contains {banned}");
    }
    assert_eq!(html.matches("<svg").count(), html.matches("</svg>").count());
    assert!(html.matches("href=\"").count() == html.matches("href=\"#").count());
    for (file, id, key) in [
        ("characters.csv", "characters-win_rate", "character"),
        ("seats.csv", "seats-win_rate", "seat"),
        ("districts.csv", "districts-win_rate", "district"),
    ] {
        let table = rows(&read(&out.join(file)));
        let part = section(&html, id);
        // One chart per player count, one bar per row of the table, each named.
        assert_eq!(part.matches("<svg").count(), 2, "{id}");
        assert_eq!(
            part.matches("<g class=\"bar\">").count(),
            table.len(),
            "{id}"
        );
        for row in &table {
            let label = if key == "seat" {
                format!("seat {}", row[key])
            } else {
                row[key].clone()
            };
            assert!(part.contains(&format!(">{label}</text>")), "{id}: {label}");
        }
    }
    // Per player count: a chart of each number of player_counts.csv, a bar per count.
    let part = section(&html, "player_counts");
    let charts = part.matches("<svg").count();
    assert!(part.contains("<figcaption>mean_rounds</figcaption>"));
    assert_eq!(part.matches("<g class=\"bar\">").count(), 2 * charts);
    assert_eq!(part.matches(">5 players</text>").count(), charts);
}

/// Common random numbers: "both sides play the same seeds", so a config compared with
/// itself (here a preset and the same preset as a file) differs nowhere.
#[test]
fn compare_of_a_config_with_itself_finds_no_difference() {
    let dir = tempfile::tempdir().unwrap();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/presets/first-game.toml");
    let out = dir.path().join("cmp");
    ok(
        &[
            "compare",
            "first-game",
            file.to_str().unwrap(),
            "--players",
            "4",
            "--games",
            "300",
        ],
        &out,
    );
    assert_eq!(
        crate::common::names(&out),
        [
            "bots.csv",
            "characters.csv",
            "districts.csv",
            "manifest.toml",
            "player_counts.csv",
            "report.html",
            "rounds.csv",
            "seats.csv",
            "summary.txt"
        ]
    );
    for file in [
        "characters.csv",
        "seats.csv",
        "districts.csv",
        "player_counts.csv",
        "rounds.csv",
    ] {
        let table = rows(&read(&out.join(file)));
        assert!(!table.is_empty(), "{file}");
        for row in &table {
            assert!(row["a"] == row["b"], "{file}: {row:?}");
            assert!(row["significant"] != "true", "{file}: {row:?}");
            if !row["delta"].is_empty() {
                assert_eq!(row["delta"].parse::<f64>().unwrap(), 0.0, "{file}: {row:?}");
            }
        }
    }
    let summary = read(&out.join("summary.txt"));
    // 8 characters, 3 rates each (pick_rate, available_pick_rate, win_rate).
    assert!(
        summary.contains("== characters.csv ==\n24 differences tested, 0 significant"),
        "{summary}"
    );
    let manifest = read(&out.join("manifest.toml"));
    assert!(manifest.contains("kind = \"compare\""), "{manifest}");
}

#[test]
fn compare_reports_differences_of_different_casts_identically_on_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cmp");
    let args = [
        "compare",
        "first-game",
        "vicious-nobles",
        "--players",
        "4",
        "--games",
        "400",
    ];
    let files = |threads: &str| -> Vec<(String, String)> {
        let mut all = args.to_vec();
        all.extend(["--threads", threads]);
        ok(&all, &out);
        crate::common::names(&out)
            .into_iter()
            .map(|n| {
                let text = read(&out.join(&n));
                (n, text)
            })
            .collect()
    };
    let one = files("1");
    assert_eq!(one, files("2"));
    let characters = rows(&one.iter().find(|(n, _)| n == "characters.csv").unwrap().1);
    // The King is only in the first game's cast, the Patrician only in the nobles'.
    let win = |name: &str| {
        characters
            .iter()
            .find(|r| r["character"] == name && r["measure"] == "win_rate")
            .unwrap()
            .clone()
    };
    assert!(win("King")["b"].is_empty() && win("Patrician")["a"].is_empty());
    let thief = win("Thief");
    let (lo, delta, hi): (f64, f64, f64) = (
        thief["delta_lo"].parse().unwrap(),
        thief["delta"].parse().unwrap(),
        thief["delta_hi"].parse().unwrap(),
    );
    assert!(lo < delta && delta < hi, "{thief:?}");
    assert!(["true", "false"].contains(&thief["significant"].as_str()));
}

/// Sweep: every combination plays the run's game seeds, so the `complete_city=7` row (the
/// rulebook's value) has exactly the figures of the same run without a sweep; a city that
/// completes with fewer districts ends the game sooner (rulebook, "Game End").
#[test]
fn sweep_rows_match_plain_runs_and_shorter_cities_end_sooner() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let common = ["--players", "4", "--games", "300", "--seed", "5"];
    let mut args = vec!["sweep", "--set", "complete_city=6,7,8"];
    args.extend(common);
    ok(&args, &out);
    assert_eq!(
        crate::common::names(&out),
        ["manifest.toml", "report.html", "summary.txt", "sweep.csv"]
    );
    let sweep = rows(&read(&out.join("sweep.csv")));
    assert_eq!(sweep.len(), 3);
    let values: Vec<&str> = sweep.iter().map(|r| r["complete_city"].as_str()).collect();
    assert_eq!(values, ["6", "7", "8"]);
    let rounds: Vec<f64> = sweep
        .iter()
        .map(|r| r["mean_rounds"].parse().unwrap())
        .collect();
    assert!(rounds[0] < rounds[1] && rounds[1] < rounds[2], "{rounds:?}");

    let run = dir.path().join("run");
    let mut args = vec!["run"];
    args.extend(common);
    ok(&args, &run);
    let counts = rows(&read(&run.join("player_counts.csv")));
    assert_eq!(sweep[1]["mean_rounds"], counts[0]["mean_rounds"]);
    assert_eq!(sweep[1]["ties"], counts[0]["ties"]);
    let characters = rows(&read(&run.join("characters.csv")));
    let best = characters
        .iter()
        .max_by(|a, b| {
            let rate = |r: &std::collections::HashMap<String, String>| {
                r["win_rate"].parse::<f64>().unwrap_or(-1.0)
            };
            rate(a).total_cmp(&rate(b))
        })
        .unwrap();
    assert_eq!(sweep[1]["best_character"], best["character"]);
    assert_eq!(sweep[1]["best_character_win_rate"], best["win_rate"]);

    // A sweep folder may be replaced by the next sweep.
    ok(
        &args_with(&["sweep", "--set", "starting_gold=2,3"], &common),
        &out,
    );
    assert!(read(&out.join("sweep.csv")).starts_with("starting_gold,players,"));
    let html = read(&out.join("report.html"));
    assert!(html.contains(">starting_gold=3</text>"));
}

fn args_with<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    head.iter().chain(tail).copied().collect()
}

/// `compare`, `sweep` and `rank` write no summary per config, so their own summary carries
/// the warning of a policy bot not fitted with a config's characters, naming the config
/// (docs/agreement.md, "Other casts"), as do `restrict`'s (of its field), the `ladder`'s (of its
/// tiers) and the `arena`'s (of its hero and field); a config the bot knows gets none. (The
/// linear weights are fitted to `first-game` only; the default plays other casts with the
/// `casts` weights, so it is warned of nowhere.)
#[test]
fn multi_config_summaries_warn_of_policy_bots_not_fitted_with_a_cast() {
    let dir = tempfile::tempdir().unwrap();
    let warnings = |args: &[&str], name: &str| -> Vec<String> {
        let out = dir.path().join(name);
        ok(args, &out);
        read(&out.join("summary.txt"))
            .lines()
            .filter(|l| l.starts_with("warning: "))
            .map(String::from)
            .collect()
    };
    let fitted =
        "bot `policy:weights=linear` was not fitted with 19 of the cast's 27 characters (Witch, ";
    let games = [
        "--players",
        "5",
        "--games",
        "20",
        "--bots",
        "policy:weights=linear",
    ];
    // Two configs, one not known: its line alone, after its label.
    let two_configs = [
        (["compare", "first-game", "all-characters"], "B"),
        (["rank", "all-characters", "first-game"], "all-characters"),
    ];
    for (head, label) in two_configs {
        let lines = warnings(&[&head[..], &games[..]].concat(), head[0]);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with(&format!("warning: {label}: {fitted}")),
            "{lines:?}"
        );
    }
    let swept = warnings(
        &[
            &[
                "sweep",
                "--preset",
                "all-characters",
                "--set",
                "complete_city=6,7",
            ],
            &games[..],
        ]
        .concat(),
        "sweep",
    );
    assert_eq!(swept.len(), 2, "{swept:?}");
    for (line, value) in swept.iter().zip([6, 7]) {
        assert!(
            line.starts_with(&format!("warning: complete_city={value}: {fitted}")),
            "{line}"
        );
    }
    // One config, so the line names no config.
    let one_config: [(&str, &[&str]); 3] = [
        (
            "restrict",
            &[
                "--deals",
                "2",
                "--characters",
                "Witch",
                "--bot",
                "policy:weights=linear",
            ],
        ),
        (
            "ladder",
            &[
                "--tier",
                "heuristic",
                "--tier",
                "policy:weights=linear",
                "--games",
                "20",
            ],
        ),
        (
            "arena",
            &[
                "--hero",
                "policy:weights=linear",
                "--field",
                "heuristic",
                "--deals",
                "2",
            ],
        ),
    ];
    for (command, sizes) in one_config {
        let args = [command, "--preset", "all-characters", "--players", "5"];
        let lines = warnings(&[&args[..], sizes].concat(), command);
        assert_eq!(lines.len(), 1, "{command}: {lines:?}");
        assert!(
            lines[0].starts_with(&format!("warning: {fitted}")),
            "{command}: {lines:?}"
        );
    }
    for (bots, name) in [("policy:weights=casts", "casts"), ("policy", "default")] {
        let known = [
            &["compare", "first-game", "all-characters"][..],
            &["--players", "5", "--games", "20", "--bots", bots],
        ]
        .concat();
        assert!(warnings(&known, name).is_empty(), "{bots}");
    }
}

/// `rank` plays game i at n players as `run` does (docs/balance.md, "`citadels-sim
/// rank`"), so a config's row in `rank.csv` carries the figures of that config's `run`: its
/// balance index, seat spread and test of equal seats (`seat_p_value`) as in
/// `player_counts.csv`.
#[test]
fn rank_rows_carry_the_run_balance_and_seat_test() {
    let dir = tempfile::tempdir().unwrap();
    let games = ["--players", "4-5", "--games", "300", "--seed", "9"];
    let (ranked, single) = (dir.path().join("rank"), dir.path().join("run"));
    ok(
        &args_with(&["rank", "first-game", "all-characters"], &games),
        &ranked,
    );
    ok(
        &args_with(&["run", "--preset", "all-characters"], &games),
        &single,
    );
    let rank = rows(&read(&ranked.join("rank.csv")));
    let counts = rows(&read(&single.join("player_counts.csv")));
    assert_eq!(rank.len(), 4, "{rank:?}");
    for players in ["4", "5"] {
        let row = rank
            .iter()
            .find(|r| r["players"] == players && r["config"] == "all-characters")
            .unwrap();
        let run = counts.iter().find(|r| r["players"] == players).unwrap();
        for field in [
            "games",
            "balance_index",
            "balance_index_hi",
            "seat_spread",
            "seat_spread_lo",
            "seat_p_value",
        ] {
            assert_eq!(row[field], run[field], "{players} players, {field}");
        }
        assert!(!row["seat_p_value"].is_empty(), "{row:?}");
    }
}
