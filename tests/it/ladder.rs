//! `ladder`: tiers play the same seeds as `run`; a one-tier ladder gives `run`'s numbers; a
//! sharded ladder merges into the single ladder's files byte for byte; a killed ladder
//! resumes to the same files; bad tiers are refused.

use crate::common::csv_rows as rows;
use crate::common::{BIN, assert_success, files, kill_after_first_checkpoint, path};
use assert_cmd::Command;
use std::collections::BTreeMap;

fn output(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX")
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = output(args);
    assert_success(&out, args);
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn refused(args: &[&str], message: &str) {
    let out = output(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(message), "{stderr:?} lacks {message:?}");
}

/// The rows of `file` whose `key` column is `value`.
fn where_is(
    rows: &[BTreeMap<String, String>],
    key: &str,
    value: &str,
) -> Vec<BTreeMap<String, String>> {
    rows.iter().filter(|r| r[key] == value).cloned().collect()
}

/// Each tier of a ladder is the run of its bot on the run's seeds: its characters, seats and
/// districts are `run`'s, field for field, whichever tiers come before it. So every tier
/// plays the same game seeds.
#[test]
fn tiers_play_the_seeds_of_run() {
    let dir = tempfile::tempdir().unwrap();
    let ladder = dir.path().join("ladder");
    let common = ["--players", "4-5", "--seed", "13", "--quiet"];
    let mut args = vec!["ladder", "--tier", "random", "--tier", "heuristic"];
    args.extend(common);
    args.extend(["--games", "700", "--out", path(&ladder)]);
    ok(&args);
    let ladder_rows = rows(&ladder.join("ladder.csv"));
    let seat_rows = rows(&ladder.join("ladder_seats.csv"));
    let district_rows = rows(&ladder.join("ladder_districts.csv"));
    for bot in ["random", "heuristic"] {
        let run = dir.path().join(format!("run-{bot}"));
        let mut args = vec!["run", "--bots", bot];
        args.extend(common);
        args.extend(["--games", "700", "--out", path(&run)]);
        ok(&args);
        let characters = rows(&run.join("characters.csv"));
        let tier = where_is(&ladder_rows, "tier", bot);
        assert_eq!(tier.len(), characters.len(), "{bot}");
        for (l, r) in tier.iter().zip(&characters) {
            for field in [
                "players",
                "character",
                "picked",
                "win_rate",
                "win_rate_lo",
                "win_rate_hi",
            ] {
                assert_eq!(l[field], r[field], "{bot} {} {field}", r["character"]);
            }
        }
        let seats = rows(&run.join("seats.csv"));
        let tier = where_is(&seat_rows, "tier", bot);
        assert_eq!(tier.len(), seats.len());
        for (l, r) in tier.iter().zip(&seats) {
            for field in ["players", "seat", "games", "win_rate", "win_rate_lo"] {
                assert_eq!(l[field], r[field], "{bot} seat {} {field}", r["seat"]);
            }
        }
        let districts = rows(&run.join("districts.csv"));
        let tier = where_is(&district_rows, "tier", bot);
        assert_eq!(tier.len(), districts.len());
        for (l, r) in tier.iter().zip(&districts) {
            for field in [
                "district",
                "in_deck",
                "build_rate",
                "appearances",
                "win_rate",
            ] {
                assert_eq!(l[field], r[field], "{bot} {} {field}", r["district"]);
            }
        }
    }
    // The heuristic tier alone (a one-tier ladder) gives the same rows as in the two-tier
    // ladder: a tier does not depend on the tiers before it.
    let alone = dir.path().join("alone");
    let mut args = vec!["ladder", "--tier", "heuristic"];
    args.extend(common);
    args.extend(["--games", "700", "--out", path(&alone)]);
    ok(&args);
    assert_eq!(
        rows(&alone.join("ladder.csv")),
        where_is(&ladder_rows, "tier", "heuristic")
    );
    // One tier: no pair to compare, no two strongest tiers.
    assert!(rows(&alone.join("stability.csv")).is_empty());
    assert!(rows(&alone.join("strong_play.csv")).is_empty());
}

/// Verdicts, the stability table and the strong-play table are consistent with the win
/// rates and intervals of `ladder.csv`.
#[test]
fn verdicts_and_stability_follow_the_rates() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ladder");
    ok(&[
        "ladder",
        "--players",
        "5",
        "--tier",
        "random",
        "--tier",
        "heuristic",
        "--tier",
        "ismcts:iters=20",
        "--games",
        "3000",
        "--search-games",
        "48",
        "--seed",
        "4",
        "--quiet",
        "--out",
        path(&out),
    ]);
    let ladder = rows(&out.join("ladder.csv"));
    assert_eq!(ladder.len(), 3 * 8);
    let number = |r: &BTreeMap<String, String>, k: &str| r[k].parse::<f64>().unwrap();
    for r in &ladder {
        let (lo, hi) = (number(r, "win_rate_lo"), number(r, "win_rate_hi"));
        let expected = if lo > 0.2 {
            "strong"
        } else if hi < 0.2 {
            "weak"
        } else {
            "even"
        };
        assert_eq!(r["verdict"], expected, "{r:?}");
    }
    // The search tier played --search-games, the others --games.
    let seats = rows(&out.join("ladder_seats.csv"));
    let games = |tier: &str| where_is(&seats, "tier", tier)[0]["games"].clone();
    assert_eq!(games("heuristic"), "3000");
    assert_eq!(games("ismcts:iters=20"), "48");

    let stability = rows(&out.join("stability.csv"));
    assert_eq!(stability.len(), 2);
    let strong = rows(&out.join("strong_play.csv"));
    assert_eq!(strong.len(), 8);
    for pair in &stability {
        let a = where_is(&ladder, "tier", &pair["tier_a"]);
        let b = where_is(&ladder, "tier", &pair["tier_b"]);
        let agree = a
            .iter()
            .zip(&b)
            .filter(|(x, y)| x["verdict"] == y["verdict"])
            .count();
        assert_eq!(pair["verdicts_agree"], agree.to_string());
        // Each step named once, as changed or unsettled; an unsettled one has other
        // verdicts, and how many changed is counted.
        let named = |column: &str| -> Vec<String> {
            pair[column]
                .split("; ")
                .filter(|s| !s.is_empty())
                .map(|s| s.split(" (").next().unwrap().to_string())
                .collect()
        };
        let (changed, unsettled) = (named("changed"), named("unsettled"));
        assert_eq!(pair["rates_changed"], changed.len().to_string());
        for name in &unsettled {
            assert!(!changed.contains(name), "{pair:?}");
            let verdict = |rows: &[BTreeMap<String, String>]| {
                rows.iter().find(|r| &r["character"] == name).unwrap()["verdict"].clone()
            };
            assert_ne!(verdict(&a), verdict(&b), "{name}");
        }
        // The last pair's steps are strong_play.csv's rows.
        if pair["tier_b"] == "ismcts:iters=20" {
            for r in &strong {
                let status = if changed.contains(&r["character"]) {
                    "changed"
                } else if unsettled.contains(&r["character"]) {
                    "unsettled"
                } else {
                    "holds"
                };
                assert_eq!(r["under_strong_play"], status, "{r:?}");
            }
        }
        let rho = number(pair, "spearman");
        assert!((-1.0..=1.0).contains(&rho), "{pair:?}");
        // The search tier's 48 games are 3 resampling blocks, too few for an interval
        // (`stats::stability::MIN_BLOCKS`); 3,000 games are 188.
        if pair["tier_b"] == "ismcts:iters=20" {
            assert_eq!((&*pair["spearman_lo"], &*pair["spearman_hi"]), ("", ""));
            let one = &pair["one_population_spearman"];
            assert!(one.is_empty() && pair["one_population_spearman_lo"].is_empty());
        } else {
            let (lo, hi) = (number(pair, "spearman_lo"), number(pair, "spearman_hi"));
            assert!(lo <= hi && hi - lo > 0.0, "{pair:?}");
            // What one population would show with these tiers' noise: at most 1, its 2.5%
            // quantile below its median.
            let (one_lo, one) = (
                number(pair, "one_population_spearman_lo"),
                number(pair, "one_population_spearman"),
            );
            assert!(one_lo <= one && one <= 1.0, "{pair:?}");
        }
    }
    // strong_play.csv: a step is `changed` exactly when its Holm p-value is below 0.05,
    // else `holds` with the same verdicts and `unsettled` with others; the change is tier
    // b's win rate minus tier a's, inside its interval.
    for r in &strong {
        assert_eq!(r["tier_a"], "heuristic");
        assert_eq!(r["tier_b"], "ismcts:iters=20");
        let status = if number(r, "p_holm") < 0.05 {
            "changed"
        } else if r["verdict_a"] == r["verdict_b"] {
            "holds"
        } else {
            "unsettled"
        };
        assert_eq!(r["under_strong_play"], status, "{r:?}");
        let delta = number(r, "delta");
        assert!((delta - (number(r, "win_rate_b") - number(r, "win_rate_a"))).abs() < 2e-4);
        assert!(number(r, "delta_lo") <= delta && delta <= number(r, "delta_hi"));
    }
    // heuristic -> a 20-iteration search moves some win rates beyond the noise.
    assert!(strong.iter().any(|r| r["under_strong_play"] == "changed"));
    // A district's verdict is against its tier's share of winning cities among all the
    // districts' appearances (not 1/N, which every district beat), so some are weak.
    let districts = rows(&out.join("ladder_districts.csv"));
    for tier in ["random", "heuristic"] {
        let rows = where_is(&districts, "tier", tier);
        let appearances: f64 = rows.iter().map(|r| number(r, "appearances")).sum();
        let wins: f64 = rows
            .iter()
            .filter(|r| !r["win_rate"].is_empty())
            .map(|r| number(r, "win_rate") * number(r, "appearances"))
            .sum();
        let reference = number(&rows[0], "reference_win_rate");
        assert!((reference - wins / appearances).abs() < 1e-3, "{tier}");
        assert!(
            reference > 0.22,
            "winning cities hold more districts: {reference}"
        );
        for r in &rows {
            let verdict = if r["win_rate"].is_empty() {
                ""
            } else if number(r, "win_rate_lo") > reference {
                "strong"
            } else if number(r, "win_rate_hi") < reference {
                "weak"
            } else {
                "even"
            };
            assert_eq!(r["verdict"], verdict, "{r:?}");
        }
        let count = |v: &str| rows.iter().filter(|r| r["verdict"] == v).count();
        assert!(count("weak") > 0 && count("strong") < rows.len(), "{tier}");
    }
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    assert!(summary.contains("random -> heuristic: "), "{summary}");
    assert!(
        summary.contains("heuristic -> ismcts:iters=20: ")
            && summary.contains("[no interval: too few games]"),
        "{summary}"
    );
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("Rank agreement of consecutive tiers"));
    // The balance index of each tier is the one `run` writes for that bot.
    let balance = rows(&out.join("ladder_balance.csv"));
    assert_eq!(balance.len(), 3);
    let run = dir.path().join("run");
    ok(&[
        "run",
        "--players",
        "5",
        "--bots",
        "heuristic",
        "--games",
        "3000",
        "--seed",
        "4",
        "--quiet",
        "--out",
        path(&run),
    ]);
    let counts = rows(&run.join("player_counts.csv"));
    let heuristic = &where_is(&balance, "tier", "heuristic")[0];
    for field in [
        "balance_index",
        "balance_index_lo",
        "seat_spread_hi",
        "seat_p_value",
    ] {
        assert_eq!(heuristic[field], counts[0][field], "{field}");
    }
}

/// The "done when": a ladder sharded in 2 and merged gives the single ladder's
/// files byte for byte (a search tier included, whose one chunk falls in shard 0).
#[test]
fn two_merged_shards_are_the_single_ladder() {
    let dir = tempfile::tempdir().unwrap();
    let ladder = [
        "ladder",
        "--players",
        "4-5",
        "--tier",
        "random",
        "--tier",
        "ismcts:iters=10",
        "--games",
        "700",
        "--search-games",
        "20",
        "--seed",
        "3",
        "--quiet",
    ];
    let single = dir.path().join("single");
    let mut args = ladder.to_vec();
    args.extend(["--out", path(&single)]);
    ok(&args);
    let parts: Vec<_> = (0..2)
        .map(|k| dir.path().join(format!("part-{k}")))
        .collect();
    for (k, part) in parts.iter().enumerate() {
        let shard = format!("{k}/2");
        let mut args = ladder.to_vec();
        args.extend(["--shard", &shard, "--out", path(part)]);
        ok(&args);
    }
    let merged = dir.path().join("merged");
    // Given in reverse order: merge puts them in shard order.
    ok(&[
        "merge",
        path(&parts[1]),
        path(&parts[0]),
        "--out",
        path(&merged),
        "--quiet",
    ]);
    let (a, b) = (files(&single), files(&merged));
    assert_eq!(a.len(), 9);
    for ((name, x), (_, y)) in a.iter().zip(&b) {
        assert!(x == y, "{name} differs after merge");
    }
    assert_eq!(a, b);
    // One shard is not enough, and a run's partial does not mix with a ladder's.
    refused(
        &["merge", path(&parts[0]), "--out", path(&merged)],
        "shard 1/2 is missing",
    );
    let run_part = dir.path().join("run-part");
    ok(&[
        "run",
        "--players",
        "4",
        "--games",
        "300",
        "--bots",
        "random",
        "--shard",
        "1/2",
        "--quiet",
        "--out",
        path(&run_part),
    ]);
    refused(
        &[
            "merge",
            path(&parts[0]),
            path(&run_part),
            "--out",
            path(&merged),
        ],
        "run-part/partial.toml: a run's partial result, but",
    );
    refused(
        &[
            "merge",
            path(&run_part),
            path(&parts[0]),
            "--out",
            path(&merged),
        ],
        "part-0/partial.toml: a ladder's partial result, but",
    );
}

/// A ladder killed while playing resumes from its checkpoint to the files of an
/// uninterrupted ladder; another ladder cannot resume it. (The second tier is the policy,
/// the dearest fast bot: the ladder must still be playing when its first checkpoint is
/// written, two seconds in; with the heuristic it could end first once the engine got
/// faster.)
#[test]
fn a_killed_ladder_resumes_to_identical_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ladder");
    let long = [
        "ladder",
        "--players",
        "4",
        "--tier",
        "random",
        "--tier",
        "policy",
        "--games",
        "60000",
        "--seed",
        "8",
        "--quiet",
    ];
    let checkpoint = dir.path().join(".ladder.run").join("checkpoint.toml");
    let mut args = long.to_vec();
    args.extend(["--out", path(&out), "--threads", "1"]);
    let done = kill_after_first_checkpoint(BIN, &args, &checkpoint);
    assert!(0 < done && done < 120000, "{done} games in the checkpoint");
    assert!(!out.exists(), "no report before the ladder ends");

    let mut other = long.to_vec();
    other[10] = "9";
    other.extend(["--resume", path(&out)]);
    refused(
        &other,
        "--seed: the interrupted ladder has 8, this command 9",
    );

    let mut resume = long.to_vec();
    resume.extend(["--resume", path(&out), "--threads", "2"]);
    let stderr = ok(&resume);
    assert!(
        stderr.contains(&format!("(resumed after {done})")),
        "{stderr}"
    );
    assert!(!checkpoint.exists(), "the checkpoint is removed");
    let resumed = files(&out);
    let mut whole = long.to_vec();
    whole.extend(["--out", path(&out), "--threads", "2"]);
    ok(&whole);
    assert_eq!(resumed, files(&out));
}

/// Bad tiers are refused before any game, naming the flag and the value; nothing is written.
#[test]
fn bad_tiers_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ladder");
    let with = |tiers: &[&str], message: &str| {
        let mut args = vec!["ladder", "--players", "4", "--out", path(&out)];
        for t in tiers {
            args.extend(["--tier", t]);
        }
        refused(&args, message);
        assert!(!out.exists());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    };
    with(
        &["heuristic", "heuristic"],
        "--tier heuristic: the tier heuristic is already",
    );
    with(
        &["random,heuristic"],
        "--tier random,heuristic: a tier is one bot spec",
    );
    with(
        &["heuristc"],
        "--tier heuristc: bot spec \"heuristc\": unknown bot",
    );
    with(&["ismcts:iters=0"], "--tier ismcts:iters=0");
    // Restricted play needs the banned character in the cast (the first game has no Queen).
    with(&["heuristic:ban=Queen"], "--tier heuristic:ban=Queen");
    refused(
        &[
            "ladder",
            "--players",
            "4",
            "--search-games",
            "0",
            "--out",
            path(&out),
        ],
        "--search-games",
    );
}
