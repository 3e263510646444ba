//! Command-line tests: bad input is refused with exit status 2, a message naming the
//! problem, and no report folder.

use assert_cmd::Command;
use std::path::Path;

/// Runs `citadels-sim` in a fresh folder with `--out <tmp>/out` added to `run` commands;
/// checks exit status 2, the message, and that nothing was written.
fn refused(args: &[&str], message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_citadels-sim"));
    cmd.current_dir(dir.path()).args(args);
    if args.first() == Some(&"run") {
        cmd.arg("--out").arg(&out);
    }
    let output = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert!(
        stderr.contains(message),
        "{args:?}: {stderr:?} lacks {message:?}"
    );
    assert!(!out.exists(), "{args:?} wrote {}", out.display());
    assert!(
        !Path::new(&dir.path().join("reports")).exists(),
        "{args:?} wrote reports/"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "{args:?}"
    );
}

#[test]
fn unknown_preset() {
    refused(&["run", "--preset", "no-such-preset"], "no-such-preset");
}

#[test]
fn player_counts_outside_2_to_8() {
    refused(
        &["run", "--players", "1"],
        "1 players is outside the supported 2-8",
    );
    refused(
        &["run", "--players", "9"],
        "9 players is outside the supported 2-8",
    );
    refused(&["run", "--players", "3-9"], "9 players is outside");
}

#[test]
fn reversed_player_range() {
    refused(&["run", "--players", "7-4"], "7-4 is a reversed range");
}

#[test]
fn games_must_be_positive() {
    refused(&["run", "--games", "0"], "--games");
    refused(&["run", "--games", "0"], "at least 1");
    refused(&["run", "--games", "-5"], "at least 1 (got -5)");
    refused(&["run", "--games", "many"], "\"many\"");
}

#[test]
fn bot_list_must_match_the_player_count() {
    refused(
        &["run", "--players", "4", "--bots", "random,heuristic"],
        "--bots lists 2 bots but 4 players need 4",
    );
    refused(
        &[
            "run",
            "--players",
            "4-5",
            "--bots",
            "random,random,random,random",
        ],
        "several player counts",
    );
}

#[test]
fn unknown_bot() {
    refused(&["run", "--bots", "robot"], "unknown bot \"robot\"");
    refused(&["run", "--bots", "random,robot"], "unknown bot \"robot\"");
}

#[test]
fn zero_threads() {
    refused(&["run", "--threads", "0"], "--threads");
}

#[test]
fn preset_and_config_exclude_each_other() {
    refused(
        &["run", "--preset", "first-game", "--config", "x.toml"],
        "cannot be used with",
    );
}

#[test]
fn out_must_not_be_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, "x").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .args(["run", "--games", "1", "--players", "4", "--out"])
        .arg(&file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not a folder"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}

#[test]
fn replay_refuses_bad_player_counts() {
    refused(
        &["replay", "--players", "9", "--seed", "1", "--game", "0"],
        "9 players is outside",
    );
}
