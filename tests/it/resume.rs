//! Interrupted runs: a killed run leaves no complete-looking report and resumes from its
//! checkpoint to the reports of an uninterrupted run; existing folders are replaced only when
//! they are reports; stalled games are reported.

use crate::common::{BIN, files, kill_after_first_checkpoint};
use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn run(args: &[&str], out: &Path, extra: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

fn succeeds(args: &[&str], out: &Path, extra: &[&str]) -> String {
    let output = run(args, out, extra);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{args:?} {extra:?}: {stderr}");
    stderr
}

fn refused(args: &[&str], out: &Path, extra: &[&str], message: &str) {
    let output = run(args, out, extra);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?} {extra:?}: {stderr}"
    );
    assert!(stderr.contains(message), "{stderr:?} lacks {message:?}");
}

/// The "done when": a run killed halfway (SIGKILL) leaves the previous report as it
/// was, and `--resume` ends with reports byte-identical to an uninterrupted run.
#[test]
fn a_killed_run_resumes_to_identical_reports() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    // A previous complete report in the same folder.
    succeeds(
        &["run", "--players", "4", "--games", "50", "--quiet"],
        &out,
        &[],
    );
    let previous = files(&out);

    let long = [
        "run",
        "--players",
        "4-5",
        "--games",
        "40000",
        "--seed",
        "5",
        "--quiet",
    ];
    let checkpoint: PathBuf = dir.path().join(".report.run").join("checkpoint.toml");
    let mut args = long.to_vec();
    args.extend(["--out", out.to_str().unwrap(), "--threads", "1"]);
    let done = kill_after_first_checkpoint(BIN, &args, &checkpoint);
    assert!(0 < done && done < 80000, "{done} games in the checkpoint");

    // The old report is untouched; nothing but the work folder was added.
    assert_eq!(files(&out), previous);
    assert_eq!(crate::common::names(dir.path()), [".report.run", "report"]);

    // A different command cannot resume it.
    refused(
        &["run", "--players", "4-5", "--games", "40000", "--seed", "6"],
        &out,
        &["--resume", out.to_str().unwrap()],
        "--seed: the interrupted run has 5, this command 6",
    );
    refused(
        &["run", "--players", "4", "--games", "40000", "--seed", "5"],
        &out,
        &["--resume", out.to_str().unwrap()],
        "--players: the interrupted run has 4,5, this command 4",
    );

    let stderr = succeeds(
        &long,
        &out,
        &["--threads", "2", "--resume", out.to_str().unwrap()],
    );
    assert!(
        stderr.contains(&format!("(resumed after {done})")),
        "{stderr}"
    );
    assert_eq!(
        crate::common::names(dir.path()),
        ["report"],
        "the checkpoint is removed"
    );
    let resumed = files(&out);

    // The same command, uninterrupted, into the same folder.
    succeeds(&long, &out, &["--threads", "2"]);
    let whole = files(&out);
    assert_eq!(resumed.len(), 9);
    for ((name, a), (_, b)) in resumed.iter().zip(&whole) {
        assert!(a == b, "{name} differs after --resume");
    }
    assert_eq!(resumed, whole);
    let manifest = String::from_utf8(whole[3].1.clone()).unwrap();
    assert!(!manifest.contains("--resume"), "{manifest}");
}

#[test]
fn resume_without_a_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    refused(
        &["run", "--players", "4", "--games", "10"],
        &out,
        &["--resume", out.to_str().unwrap()],
        "no checkpoint of an interrupted run there",
    );
    refused(
        &["run", "--players", "4", "--games", "10"],
        &out,
        &["--resume", "elsewhere"],
        "name different folders",
    );
    assert_eq!(crate::common::names(dir.path()), Vec::<String>::new());
}

#[test]
fn a_folder_that_is_not_a_report_needs_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mine");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("notes.txt"), "keep me").unwrap();
    let args = ["run", "--players", "4", "--games", "20", "--quiet"];
    refused(&args, &out, &[], "is not a citadels-sim report");
    assert_eq!(crate::common::names(&out), ["notes.txt"]);
    assert_eq!(crate::common::names(dir.path()), ["mine"]);
    // Named by --resume alone, the folder is named as --resume.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .args(args)
        .arg("--resume")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with(&format!("error: --resume {}: ", out.display()))
            && stderr.contains("is not a citadels-sim report"),
        "{stderr}"
    );
    assert_eq!(crate::common::names(&out), ["notes.txt"]);

    // A report with a foreign file added is refused too, naming the file.
    let report = dir.path().join("report");
    succeeds(&args, &report, &[]);
    succeeds(&args, &report, &[]);
    std::fs::write(report.join("notes.txt"), "keep me").unwrap();
    refused(&args, &report, &[], "it holds notes.txt");

    succeeds(&args, &out, &["--force"]);
    assert!(!out.join("notes.txt").exists());
    assert!(out.join("manifest.toml").exists());
}

/// Games that hit the round cap are counted and warned about above 0.1%.
#[test]
fn stalled_games_are_counted_and_warned() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("short.toml");
    let preset = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/presets/first-game.toml"),
    )
    .unwrap();
    std::fs::write(&config, format!("{preset}\n[rules]\nround_cap = 3\n")).unwrap();
    let out = dir.path().join("out");
    let output = Command::new(BIN)
        .args(["run", "--players", "4-5", "--games", "200", "--config"])
        .arg(&config)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    crate::common::assert_success(&output, "run with round_cap = 3");
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    let warnings: Vec<&str> = summary
        .lines()
        .filter(|l| l.starts_with("warning: "))
        .collect();
    assert_eq!(warnings.len(), 2, "{summary}");
    for w in &warnings {
        assert!(w.contains(" of 200 games ("), "{w}");
        assert!(
            w.ends_with("hit the round cap (3) and were not scored"),
            "{w}"
        );
        assert!(stdout.contains(w), "the printed summary lacks {w}");
    }
    let counts = std::fs::read_to_string(out.join("player_counts.csv")).unwrap();
    let row: Vec<&str> = counts.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(row[1], "200");
    assert!(row[2].parse::<u64>().unwrap() > 0, "{counts}");
}
