//! Issue 17: one run at a time writes into a report folder. A second run is refused while
//! the first holds the folder's lock (naming its pid); a lock left by a killed run is taken
//! over, and the hidden leftovers of killed runs are cleaned up.

use crate::common::BIN;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A short run into `out` that must succeed.
fn small_run(out: &Path, what: &str) {
    let output = Command::new(BIN)
        .args(["run", "--players", "4", "--games", "10", "--quiet"])
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    crate::common::assert_success(&output, what);
}

/// Starts a long run into `out` and waits until it holds the folder's lock (kill it when
/// done).
pub fn hold(out: &Path) -> Child {
    let mut first = Command::new(BIN)
        .args([
            "run",
            "--players",
            "4",
            "--games",
            "2000000",
            "--threads",
            "1",
        ])
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let name = out.file_name().unwrap().to_string_lossy();
    let lock = out.with_file_name(format!(".{name}.run")).join("lock");
    let waited = Instant::now();
    while !lock.exists() {
        assert!(first.try_wait().unwrap().is_none(), "the first run ended");
        assert!(waited.elapsed() < Duration::from_secs(60), "no lock file");
        std::thread::sleep(Duration::from_millis(20));
    }
    first
}

#[test]
fn a_second_run_into_a_held_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let mut first = hold(&out);
    for args in [
        &["run", "--players", "4", "--games", "10"][..],
        &["arena", "--hero", "random", "--deals", "2"][..],
        &[
            "sweep",
            "--set",
            "complete_city=6",
            "--players",
            "4",
            "--games",
            "10",
        ][..],
    ] {
        let second = Command::new(BIN)
            .args(args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&second.stderr);
        assert_eq!(second.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("another citadels-sim run (pid {})", first.id())),
            "{args:?}: {stderr}"
        );
    }
    first.kill().unwrap();
    first.wait().unwrap();
    // The killed run's lock is stale: the next run takes the folder over, and its
    // checkpoint is the killed run's to replace.
    small_run(&out, "run after the killed one");
    assert_eq!(crate::common::names(dir.path()), ["report"]);
}

#[test]
fn leftovers_of_a_killed_run_are_cleaned_up() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    // As a run killed during its final renames leaves them (pid 4294967295 is never live).
    std::fs::create_dir(dir.path().join(".report.run")).unwrap();
    std::fs::write(dir.path().join(".report.run/lock"), "4294967295\n").unwrap();
    for leftover in [".report.partial-4294967295", ".report.old-4294967295"] {
        std::fs::create_dir(dir.path().join(leftover)).unwrap();
        std::fs::write(dir.path().join(leftover).join("summary.txt"), "x").unwrap();
    }
    std::fs::create_dir(&out).unwrap();
    small_run(&out, "run over leftovers");
    assert_eq!(crate::common::names(dir.path()), ["report"]);
    assert!(out.join("manifest.toml").exists());
}
