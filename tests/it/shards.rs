//! Runs on many machines: `run --shard K/N` plays a share of the games into a partial
//! result, and `merge` adds the partials into the reports of a single run, byte for byte.

use crate::common::{BIN, files, path};
use assert_cmd::Command;
use std::path::Path;

/// The run every test shards: two player counts, 1100 games each (5 chunks, the last short).
const RUN: [&str; 8] = [
    "run",
    "--players",
    "4-5",
    "--games",
    "1100",
    "--seed",
    "9",
    "--quiet",
];

fn output(args: &[&str], extra: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = Command::new(BIN);
    cmd.env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.args(args).args(extra).output().unwrap()
}

fn ok(args: &[&str], extra: &[&str], env: &[(&str, &str)]) {
    let out = output(args, extra, env);
    crate::common::assert_success(&out, (args, extra));
}

/// Exit status 2 with `message` on stderr.
fn refused(args: &[&str], extra: &[&str], env: &[(&str, &str)], message: &str) {
    let out = output(args, extra, env);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?} {extra:?}: {stderr}");
    assert!(stderr.contains(message), "{stderr:?} lacks {message:?}");
}

/// The "done when": 3 shards merged give the single run's files byte for byte (the
/// shard index given, or read from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX).
#[test]
fn three_merged_shards_are_the_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let single = dir.path().join("single");
    ok(&RUN, &["--out", path(&single)], &[]);

    let parts: Vec<_> = (0..3)
        .map(|k| dir.path().join(format!("part-{k}")))
        .collect();
    ok(
        &RUN,
        &["--shard", "0/3", "--out", path(&parts[0]), "--threads", "1"],
        &[],
    );
    ok(
        &RUN,
        &["--shard", "auto/3", "--out", path(&parts[1])],
        &[("SLURM_ARRAY_TASK_ID", "1")],
    );
    ok(
        &RUN,
        &["--shard", "auto/3", "--out", path(&parts[2])],
        &[("JOB_COMPLETION_INDEX", "2")],
    );
    for part in &parts {
        assert_eq!(files(part).len(), 1, "a partial result is its partial.toml");
    }
    let merged = dir.path().join("merged");
    // In any order of the folders.
    ok(
        &["merge", path(&parts[2]), path(&parts[0]), path(&parts[1])],
        &["--out", path(&merged), "--quiet"],
        &[],
    );
    let (a, b) = (files(&single), files(&merged));
    assert_eq!(a.len(), 9);
    // The merge must carry the per-game sums: its intervals are clustered by game, and
    // compared below.
    assert_eq!(a[1].0, "characters.csv");
    let clustered = crate::common::clustered_win_rate_rows(&a[1].1);
    assert!(clustered >= 4, "{clustered} clustered win-rate intervals");
    for ((name, x), (other, y)) in a.iter().zip(&b) {
        assert_eq!(name, other);
        assert!(
            x == y,
            "{name} differs between the single run and the merge"
        );
    }
    // A merge may replace its own earlier output.
    ok(
        &["merge", path(&parts[0]), path(&parts[1]), path(&parts[2])],
        &["--out", path(&merged), "--quiet"],
        &[],
    );
    assert_eq!(files(&merged), a);
}

/// `merge` refuses partials that are not the N shards of one run, naming the file.
#[test]
fn merge_refuses_mismatched_partials() {
    let dir = tempfile::tempdir().unwrap();
    // `run` is RUN with `replace` applied to it.
    let part = |name: &str, shard: &str, replace: (&str, &str)| {
        let out = dir.path().join(name);
        let run: Vec<&str> = RUN
            .iter()
            .map(|&a| if a == replace.0 { replace.1 } else { a })
            .collect();
        ok(&run, &["--shard", shard, "--out", path(&out)], &[]);
        out
    };
    let same = ("", "");
    let p0 = part("p0", "0/3", same);
    let p1 = part("p1", "1/3", same);
    let p2 = part("p2", "2/3", same);
    let other_seed = part("seed", "2/3", ("9", "10"));
    let other_config = part("config", "2/3", ("--quiet", "--preset=all-characters"));
    let of_two = part("two", "1/2", same);
    let out = dir.path().join("merged");
    let merge = |dirs: &[&Path], message: &str| {
        let mut args = vec!["merge"];
        args.extend(dirs.iter().map(|d| path(d)));
        refused(&args, &["--out", path(&out)], &[], message);
    };
    let named = |p: &Path| format!("{}/partial.toml", p.display());

    merge(
        &[&p0, &p1, &other_seed],
        &format!("{}: not a shard of the same run", named(&other_seed)),
    );
    merge(&[&p0, &p1, &other_seed], "--seed: ");
    merge(&[&p0, &p1, &other_config], "config: ");
    merge(&[&p0, &p1], "shard 2/3 is missing");
    merge(&[&p0], "shards 1/3, 2/3 are missing");
    merge(
        &[&p0, &p1, &p1, &p2],
        &format!("{}: shard 1/3 is given twice", named(&p1)),
    );
    merge(&[&p0, &of_two], "shard 1/2 is one of 2 shards");
    merge(
        &[&p0, &p1, &dir.path().join("nowhere")],
        "cannot read the partial result",
    );

    // A partial written by another version.
    let text = std::fs::read_to_string(p2.join("partial.toml")).unwrap();
    let old = dir.path().join("old");
    std::fs::create_dir(&old).unwrap();
    let version = format!("version = \"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(text.contains(&version));
    std::fs::write(
        old.join("partial.toml"),
        text.replacen(&version, "version = \"0.0.1\"", 1),
    )
    .unwrap();
    merge(
        &[&p0, &p1, &old],
        &format!("{}: written by citadels-sim 0.0.1", named(&old)),
    );
    // An incomplete partial (a chunk dropped by hand).
    let cut = dir.path().join("cut");
    std::fs::create_dir(&cut).unwrap();
    let broken = text.replacen("done = \"2\"", "done = \"\"", 1);
    assert_ne!(broken, text);
    std::fs::write(cut.join("partial.toml"), broken).unwrap();
    merge(&[&p0, &p1, &cut], "cut/partial.toml: ");
    // Counters no run could write (a seat's wins raised by hand past its games).
    let edited = dir.path().join("edited");
    std::fs::create_dir(&edited).unwrap();
    let seats = text.find("seats = [\"").expect("the seats' counters") + "seats = [\"".len();
    let games_end = seats + text[seats..].find(' ').unwrap();
    let wins_end = games_end + 1 + text[games_end + 1..].find(' ').unwrap();
    let raised = format!("{}99999{}", &text[..games_end + 1], &text[wins_end..]);
    std::fs::write(edited.join("partial.toml"), raised).unwrap();
    merge(
        &[&p0, &p1, &edited],
        "counters no run could have written (seat 0: 99999 wins",
    );
    // A report folder is not a partial result.
    let report = dir.path().join("report");
    ok(&RUN, &["--out", path(&report)], &[]);
    merge(&[&p0, &p1, &report], "cannot read the partial result");
    refused(
        &["merge", path(&p0), path(&p1), path(&p2)],
        &["--out", path(&p1)],
        &[],
        "is the partial result",
    );
    assert!(!out.exists(), "nothing is written");
}

/// Bad `--shard` values are refused with status 2 before any game.
#[test]
fn bad_shards_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = ["--out", path(&out)];
    let shard = |value: &str, env: &[(&str, &str)], message: &str| {
        let mut extra = vec!["--shard", value];
        extra.extend(o);
        refused(&RUN, &extra, env, message);
    };
    shard("3/3", &[], "out of range");
    shard("0/0", &[], "at least 1");
    shard("2", &[], "expected K/N or auto/N");
    shard("x/3", &[], "is not a shard");
    shard(
        "auto/3",
        &[],
        "neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX",
    );
    shard(
        "auto/3",
        &[("SLURM_ARRAY_TASK_ID", "3")],
        "SLURM_ARRAY_TASK_ID=3",
    );
    shard(
        "auto/3",
        &[("JOB_COMPLETION_INDEX", "-1")],
        "not a shard index",
    );
    shard(
        "auto/3",
        &[("SLURM_ARRAY_TASK_ID", "0"), ("JOB_COMPLETION_INDEX", "1")],
        "disagree",
    );
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

/// A partial result is the checkpoint of a finished shard: as a checkpoint, it resumes the
/// same shard (nothing left to play, the same partial again) and no other.
#[test]
fn a_shard_resumes_only_as_the_same_shard() {
    let dir = tempfile::tempdir().unwrap();
    let part = dir.path().join("part");
    ok(&RUN, &["--shard", "1/3", "--out", path(&part)], &[]);
    let partial = std::fs::read(part.join("partial.toml")).unwrap();
    let work = dir.path().join(".part.run");
    std::fs::create_dir(&work).unwrap();
    std::fs::write(work.join("checkpoint.toml"), &partial).unwrap();
    let resume = ["--resume", path(&part), "--out", path(&part)];
    let mut other = vec!["--shard", "2/3"];
    other.extend(resume);
    refused(
        &RUN,
        &other,
        &[],
        "the interrupted run has --shard 1/3, this command --shard 2/3",
    );
    refused(&RUN, &resume, &[], "this command no --shard");
    let mut same = vec!["--shard", "1/3"];
    same.extend(resume);
    ok(&RUN, &same, &[]);
    assert_eq!(std::fs::read(part.join("partial.toml")).unwrap(), partial);
    assert!(!work.exists(), "the checkpoint is removed");
}

/// A partial result or checkpoint of format 3, written before the per-game sums of the
/// cluster-robust intervals, made from a format-4 file: the same counters without the new
/// numbers (16 per character, 9 per district, no `seat_pair_wins`).
fn as_format_3(text: &str) -> String {
    let mut file: toml::Table = toml::from_str(text).unwrap();
    assert_eq!(file["format"].as_integer(), Some(4));
    file.insert("format".into(), toml::Value::Integer(3));
    let counts = file.get_mut("counts").unwrap().as_array_mut().unwrap();
    for count in counts {
        let count = count.as_table_mut().unwrap();
        assert!(count.remove("seat_pair_wins").is_some());
        for (key, keep) in [("characters", 16), ("districts", 9)] {
            for entry in count.get_mut(key).unwrap().as_array_mut().unwrap() {
                let numbers: Vec<&str> = entry.as_str().unwrap().split(' ').collect();
                assert!(numbers.len() > keep);
                *entry = toml::Value::String(numbers[..keep].join(" "));
            }
        }
    }
    toml::to_string(&file).unwrap()
}

/// A partial result (for `merge`) or a checkpoint (for `run --resume`) of the older format,
/// which lacks the per-game sums, is refused with status 2 and a message naming the file,
/// not read as if the missing sums were zero.
#[test]
fn files_of_the_older_format_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let parts: Vec<_> = (0..3)
        .map(|k| {
            let out = dir.path().join(format!("part-{k}"));
            ok(
                &RUN,
                &["--shard", &format!("{k}/3"), "--out", path(&out)],
                &[],
            );
            out
        })
        .collect();
    let old = dir.path().join("old");
    std::fs::create_dir(&old).unwrap();
    let text = std::fs::read_to_string(parts[2].join("partial.toml")).unwrap();
    std::fs::write(old.join("partial.toml"), as_format_3(&text)).unwrap();
    let merged = dir.path().join("merged");
    let older = "format 3 is an older format than the format 4 this version reads";
    refused(
        &["merge", path(&parts[0]), path(&parts[1]), path(&old)],
        &["--out", path(&merged), "--quiet"],
        &[],
        &format!("{}/partial.toml: {older}", old.display()),
    );
    assert!(!merged.exists(), "nothing is written");
    // The format-4 files merge.
    ok(
        &["merge", path(&parts[0]), path(&parts[1]), path(&parts[2])],
        &["--out", path(&merged), "--quiet"],
        &[],
    );

    // The same file as an interrupted run's checkpoint (no shard): --resume refuses it.
    let out = dir.path().join("report");
    let work = dir.path().join(".report.run");
    std::fs::create_dir(&work).unwrap();
    let mut checkpoint: toml::Table = toml::from_str(&as_format_3(&text)).unwrap();
    checkpoint.remove("shard");
    let file = work.join("checkpoint.toml");
    std::fs::write(&file, toml::to_string(&checkpoint).unwrap()).unwrap();
    refused(
        &RUN,
        &["--out", path(&out), "--resume", path(&out)],
        &[],
        &format!("{}: {older}", file.display()),
    );
    assert!(!out.exists(), "nothing is written");
}

/// A shard with no chunk (RUN's 1100 games make 5 chunks: shard 5 of 6 has none) still
/// writes its empty partial (a job array sized for larger runs merges it as nothing), but
/// warns that it played nothing; a shard with games does not warn.
#[test]
fn a_shard_without_games_warns() {
    let dir = tempfile::tempdir().unwrap();
    let stderr = |shard: &str| {
        let out = dir.path().join(shard.replace('/', "-"));
        let output = output(&RUN, &["--shard", shard, "--out", path(&out)], &[]);
        crate::common::assert_success(&output, shard);
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let empty = stderr("5/6");
    assert!(
        empty.contains(
            "warning: --shard 5/6: no games for this shard (1100 games per player count make 5 \
             chunk(s) of 256 games"
        ),
        "{empty}"
    );
    let played = stderr("4/6");
    assert!(!played.contains("warning"), "{played}");
}
