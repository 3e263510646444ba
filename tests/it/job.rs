//! The durable job's paths, lock and merge under hostile input (issue 63's probe): each
//! case is refused before any game with status 2 and a message naming the cause, or works.

use crate::common::{BIN, assert_success, path};
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// A run of 10 games at 4 players, with `extra` arguments, run in `cwd`.
fn run_in(cwd: &Path, extra: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(cwd)
        .args(["run", "--players", "4", "--games", "10", "--quiet"])
        .args(extra)
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Refused before any game: status 2, every fragment in the message, and no game played
/// (a run that plays prints its speed line, "N games in ...").
fn assert_refused(output: &Output, fragments: &[&str]) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    for fragment in fragments {
        assert!(err.contains(fragment), "{fragment:?} not in: {err}");
    }
    assert!(!err.contains(" games in "), "games were played: {err}");
}

#[cfg(unix)]
fn symlink(target: impl AsRef<Path>, link: impl AsRef<Path>) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

/// Defect 1: `--out` a dangling link, and a name too long for its hidden staging folder,
/// played every game and then failed; both are refused before the first game.
#[cfg(unix)]
#[test]
fn a_dangling_or_overlong_out_is_refused_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    symlink("nowhere", d.join("dangling"));
    let output = run_in(d, &["--out", "dangling"]);
    assert_refused(
        &output,
        &[
            "--out dangling: ",
            "is a link to nowhere, which does not exist",
        ],
    );
    assert!(!d.join("nowhere").exists());
    let long = "a".repeat(250);
    let output = run_in(d, &["--out", &long]);
    assert_refused(
        &output,
        &["its name is 250 bytes long, too long", "at most 235 bytes"],
    );
    let names: Vec<_> = fs::read_dir(d).unwrap().collect();
    assert_eq!(names.len(), 1, "only the link: nothing written");
}

/// Defect 1: a file path ending in `/` (`--log-games games/`, `train --out w/`,
/// `--save-data d/`) played every game, then failed to rename the file into place.
#[test]
fn a_file_path_ending_in_a_slash_is_refused_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let output = run_in(d, &["--out", "r", "--log-games", "games/"]);
    assert_refused(&output, &["--log-games games/: ends with a `/`"]);
    let train = |extra: &[&str]| {
        Command::new(BIN)
            .current_dir(d)
            .args([
                "train",
                "--players",
                "4",
                "--games",
                "4",
                "--teacher",
                "heuristic",
            ])
            .args(["--epochs", "2", "--quiet"])
            .args(extra)
            .output()
            .unwrap()
    };
    let output = train(&["--out", "w/"]);
    assert_refused(&output, &["--out w/: ends with a `/`"]);
    let output = train(&["--out", "w.toml", "--save-data", "d/"]);
    assert_refused(&output, &["--save-data d/: ends with a `/`"]);
    assert!(fs::read_dir(d).unwrap().next().is_none(), "nothing written");
}

/// Defect 2: `--out` under a dangling link was refused as "File exists"; the message now
/// names the link.
#[cfg(unix)]
#[test]
fn an_out_under_a_dangling_link_names_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    symlink("nowhere", d.join("dangling"));
    let output = run_in(d, &["--out", "dangling/sub"]);
    assert_refused(
        &output,
        &["--out dangling/sub: dangling is a link to nowhere, which does not exist"],
    );
    assert!(!stderr(&output).contains("File exists"));
}

/// Defect 3: `--out` a link to a report folder replaced the link by a plain folder, and
/// its lock went by the path as spelt. The link is followed: the reports go into the
/// folder it points to, the link stays, and the lock is the real folder's, so a run into
/// the link is refused while another writes into its target.
#[cfg(unix)]
#[test]
fn an_out_linked_to_a_folder_writes_into_it_under_its_lock() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_success(&run_in(d, &["--out", "real"]), "run into real");
    symlink("real", d.join("link"));
    fs::remove_file(d.join("real/summary.txt")).unwrap();
    assert_success(&run_in(d, &["--out", "link"]), "run into the link");
    assert!(fs::symlink_metadata(d.join("link")).unwrap().is_symlink());
    assert!(
        d.join("real/summary.txt").exists(),
        "the target holds the reports"
    );

    let mut first = crate::out_lock::hold(&d.join("real"));
    let output = run_in(d, &["--out", "link"]);
    first.kill().unwrap();
    first.wait().unwrap();
    assert_refused(
        &output,
        &[&format!("another citadels-sim run (pid {})", first.id())],
    );
}

/// Defect 4: an empty lock file (a kill or a full disk between creating the lock and
/// writing its pid) blocked the folder for good ("pid 0"). A lock without a live pid is
/// stale and is taken over.
#[test]
fn an_empty_lock_is_taken_over() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join(".r.run")).unwrap();
    fs::write(d.join(".r.run/lock"), "").unwrap();
    assert_success(&run_in(d, &["--out", "r"]), "run over an empty lock");
    assert!(d.join("r/summary.txt").exists());
    assert!(!d.join(".r.run").exists(), "the lock is released");
}

/// Two complete shards of a run into `d/p0` and `d/p1`.
fn two_shards(d: &Path) -> [std::path::PathBuf; 2] {
    let parts = [d.join("p0"), d.join("p1")];
    for (k, part) in parts.iter().enumerate() {
        let output = Command::new(BIN)
            .args(["run", "--players", "4", "--games", "600", "--quiet"])
            .args(["--shard", &format!("{k}/2"), "--out", path(part)])
            .output()
            .unwrap();
        assert_success(&output, k);
    }
    parts
}

/// `merge` of `parts` must be refused with `fragment`, writing nothing.
fn assert_merge_refused(parts: &[std::path::PathBuf], fragment: &str) {
    let out = parts[0].with_file_name("merged");
    let output = Command::new(BIN)
        .arg("merge")
        .args(parts)
        .args(["--out", path(&out), "--quiet"])
        .output()
        .unwrap();
    assert_refused(&output, &[fragment]);
    assert!(!out.exists());
}

/// Replaces the first `from` in the partial result of `part` by `to`.
fn edit_partial(part: &Path, from: &str, to: &str) {
    let file = part.join("partial.toml");
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.contains(from), "{from:?} not in {}", file.display());
    fs::write(&file, text.replacen(from, to, 1)).unwrap();
}

/// The `characters` entry of the first character in a partial's text.
fn first_character(text: &str) -> String {
    let start = text.find("characters = [\"").unwrap() + "characters = [\"".len();
    let end = start + text[start..].find('"').unwrap();
    text[start..end].to_string()
}

/// Defect 5: `merge` added counters whose sums wrap silently (a mean score of 5.7 where the
/// truth is 22.2). Each partial alone is possible; their sum does not fit: refused.
#[test]
fn merge_refuses_counters_whose_sum_overflows() {
    let dir = tempfile::tempdir().unwrap();
    let parts = two_shards(dir.path());
    for part in &parts {
        let text = fs::read_to_string(part.join("partial.toml")).unwrap();
        let entry = first_character(&text);
        let mut numbers: Vec<String> = entry.split(' ').map(String::from).collect();
        // score_sum, the 7th counter: unbounded by the others, so each file passes alone.
        numbers[6] = (u64::MAX / 2 + 1).to_string();
        edit_partial(part, &entry, &numbers.join(" "));
    }
    assert_merge_refused(
        &parts,
        "p1/partial.toml: 4 players: the counters add up beyond 2^64 - 1",
    );
}

/// Defect 5: duplicated or unordered player counts, which no run writes.
#[test]
fn merge_refuses_player_counts_no_run_writes() {
    let dir = tempfile::tempdir().unwrap();
    let parts = two_shards(dir.path());
    let text = fs::read_to_string(parts[1].join("partial.toml")).unwrap();
    let counts = &text[text.find("[[counts]]").unwrap()..];
    fs::write(
        parts[1].join("partial.toml"),
        format!("{text}\n{counts}").replacen("players = [4]", "players = [4, 4]", 1),
    )
    .unwrap();
    assert_merge_refused(
        &parts,
        "p1/partial.toml: players: [4, 4] is not a list of player counts in increasing order",
    );
}

/// Defect 5: a shard count of 2^64-1, which `run --shard 0/N` accepts (a shard count may
/// exceed the chunks: a job array sized for larger runs), made `merge` abort while
/// allocating. It names the missing shards without listing them all.
#[test]
fn merge_of_a_huge_shard_count_names_the_missing_shards() {
    let dir = tempfile::tempdir().unwrap();
    let huge = "0/18446744073709551615";
    assert_success(&run_in(dir.path(), &["--shard", huge, "--out", "p"]), huge);
    assert_merge_refused(
        &[dir.path().join("p")],
        "shards 1/18446744073709551615, 2/18446744073709551615, 3/18446744073709551615, \
         4/18446744073709551615, 5/18446744073709551615, 6/18446744073709551615, \
         7/18446744073709551615, 8/18446744073709551615, 9/18446744073709551615, \
         10/18446744073709551615, and 18446744073709551604 more are missing",
    );
}

/// Defect 6: `run --resume` on an interrupted ladder's folder read as a broken file; it
/// points to `ladder --resume` (and the reverse).
#[test]
fn resume_names_the_command_whose_checkpoint_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ladder = Command::new(BIN)
        .current_dir(d)
        .args([
            "ladder",
            "--players",
            "4",
            "--tier",
            "random",
            "--games",
            "10",
        ])
        .args(["--shard", "0/1", "--out", "l", "--quiet"])
        .output()
        .unwrap();
    assert_success(&ladder, "ladder shard");
    fs::create_dir(d.join(".l.run")).unwrap();
    fs::copy(d.join("l/partial.toml"), d.join(".l.run/checkpoint.toml")).unwrap();
    let output = run_in(d, &["--resume", "l"]);
    assert_refused(
        &output,
        &[
            "--resume l: the checkpoint there is an interrupted ladder's; continue it with `citadels-sim ladder --resume l`",
        ],
    );

    assert_success(&run_in(d, &["--shard", "0/1", "--out", "r"]), "run shard");
    fs::create_dir(d.join(".r.run")).unwrap();
    fs::copy(d.join("r/partial.toml"), d.join(".r.run/checkpoint.toml")).unwrap();
    let output = Command::new(BIN)
        .current_dir(d)
        .args([
            "ladder",
            "--players",
            "4",
            "--tier",
            "random",
            "--games",
            "10",
        ])
        .args(["--resume", "r", "--quiet"])
        .output()
        .unwrap();
    assert_refused(
        &output,
        &[
            "the checkpoint there is an interrupted run's; continue it with `citadels-sim run --resume r`",
        ],
    );
}

/// Defect 6: `--out ./k --resume k` was refused as "different folders": they are one.
#[test]
fn out_and_resume_may_spell_one_folder_differently() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_success(&run_in(d, &["--shard", "0/1", "--out", "k"]), "shard");
    let partial = fs::read_to_string(d.join("k/partial.toml")).unwrap();
    fs::create_dir(d.join(".k.run")).unwrap();
    fs::write(d.join(".k.run/checkpoint.toml"), &partial).unwrap();
    let output = run_in(d, &["--shard", "0/1", "--out", "./k", "--resume", "k"]);
    assert_success(&output, "resumed");
    assert_eq!(
        fs::read_to_string(d.join("k/partial.toml")).unwrap(),
        partial
    );
    assert!(!d.join(".k.run").exists());
}

/// Defect 6: `train --data F --data F` fitted the same games twice.
#[test]
fn train_refuses_a_data_file_given_twice() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let made = Command::new(BIN)
        .current_dir(d)
        .args([
            "train",
            "--players",
            "4",
            "--games",
            "4",
            "--teacher",
            "heuristic",
        ])
        .args([
            "--epochs",
            "2",
            "--out",
            "w.toml",
            "--save-data",
            "d.bin",
            "--quiet",
        ])
        .output()
        .unwrap();
    assert_success(&made, "training data");
    let output = Command::new(BIN)
        .current_dir(d)
        .args([
            "train", "--data", "d.bin", "--data", "./d.bin", "--epochs", "2",
        ])
        .args(["--out", "w2.toml", "--quiet"])
        .output()
        .unwrap();
    assert_refused(
        &output,
        &["--data ./d.bin: is the file d.bin given before; each data file is fitted once"],
    );
    assert!(!d.join("w2.toml").exists());
}
