//! The ready-made cluster files of `configs/cluster/`, run as Slurm and Kubernetes run them
//! (the task's variables set here; `.ci/slurm-check` runs the Slurm scripts under a real
//! Slurm): the merged reports are the single run's, byte for byte.

use crate::common::{BIN, assert_success, files};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The run the tests shard, as the variables the cluster files read: two player counts,
/// 1100 games each (5 chunks, the last short); the preset and bots are the files' defaults.
const SETTINGS: [(&str, &str); 4] = [
    ("CITADELS_SIM", BIN),
    ("CITADELS_PLAYERS", "4-5"),
    ("CITADELS_GAMES", "1100"),
    ("CITADELS_SEED", "9"),
];

fn cluster_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs/cluster")
        .join(name)
}

/// `program` with no variable of this environment but PATH: no SLURM_*, JOB_COMPLETION_INDEX
/// or CITADELS_* of the machine running the tests.
fn clean(program: &str) -> Command {
    let mut cmd = Command::new(program);
    cmd.env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default());
    cmd
}

/// The single run the merges must equal: the command the shards run, without --shard.
fn single_run(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let single = dir.join("single");
    let out = clean(BIN)
        .args([
            "run",
            "--preset",
            "all-characters",
            "--players",
            "4-5",
            "--games",
            "1100",
        ])
        .args(["--seed", "9", "--bots", "heuristic", "--quiet", "--out"])
        .arg(&single)
        .output()
        .unwrap();
    assert_success(&out, "the single run");
    files(&single)
}

fn assert_same(merged: &Path, single: &[(String, Vec<u8>)]) {
    let merged = files(merged);
    assert_eq!(merged.len(), 9, "{merged:?}");
    for ((name, x), (other, y)) in single.iter().zip(&merged) {
        assert_eq!(name, other);
        assert!(
            x == y,
            "{name} differs between the single run and the merge"
        );
    }
}

/// A partial result as the checkpoint of an interrupted shard (the shard must resume it):
/// `parts/shard-K/partial.toml` moved to `parts/.shard-K.run/checkpoint.toml`.
fn interrupt(parts: &Path, k: u32) {
    let work = parts.join(format!(".shard-{k}.run"));
    std::fs::create_dir(&work).unwrap();
    let part = parts.join(format!("shard-{k}"));
    std::fs::rename(part.join("partial.toml"), work.join("checkpoint.toml")).unwrap();
    std::fs::remove_dir(part).unwrap();
}

/// slurm-shards.sh takes the shard count from the array (SLURM_ARRAY_TASK_COUNT) and the
/// run from CITADELS_*; slurm-merge.sh merges; a task rerun alone (CITADELS_SHARDS) resumes
/// its shard's checkpoint; an array that is not 0-(N-1) is refused.
#[test]
fn slurm_scripts_run_a_job_array_and_merge() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("results");
    let task = |id: u32, (min, max): (u32, u32), extra: &[(&str, &str)]| -> Output {
        clean("bash")
            .arg(cluster_file("slurm-shards.sh"))
            .current_dir(dir.path())
            .envs(SETTINGS)
            .env("RESULTS", &results)
            .env("SLURM_ARRAY_TASK_ID", id.to_string())
            .env("SLURM_ARRAY_TASK_MIN", min.to_string())
            .env("SLURM_ARRAY_TASK_MAX", max.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", (max - min + 1).to_string())
            .envs(extra.iter().copied())
            .output()
            .unwrap()
    };
    let merge = || {
        let out = clean("bash")
            .arg(cluster_file("slurm-merge.sh"))
            .current_dir(dir.path())
            .env("CITADELS_SIM", BIN)
            .env("RESULTS", &results)
            .output()
            .unwrap();
        assert_success(&out, "slurm-merge.sh");
    };
    for k in 0..3 {
        assert_success(&task(k, (0, 2), &[]), ("slurm-shards.sh task", k));
    }
    merge();
    let single = single_run(dir.path());
    assert_same(&results.join("report"), &single);

    interrupt(&results.join("parts"), 1);
    let out = task(1, (1, 1), &[("CITADELS_SHARDS", "3")]);
    assert_success(&out, "slurm-shards.sh rerun of task 1");
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Shard 1/3 is chunks 1 and 4 of each count: (256 + 76) games at 2 player counts.
    assert!(stderr.contains("0 games (resumed after 664)"), "{stderr}");
    merge();
    assert_same(&results.join("report"), &single);

    let out = task(1, (1, 3), &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("submit --array=0-2"), "{stderr}");
}

/// The `value` of the container variable `name` in a manifest.
fn env_value(manifest: &str, name: &str) -> String {
    let mut lines = manifest.lines().map(str::trim);
    lines
        .find(|l| l.strip_prefix("- name: ").and_then(|l| l.split(' ').next()) == Some(name))
        .unwrap_or_else(|| panic!("no variable {name}"));
    let value = lines
        .next()
        .and_then(|l| l.strip_prefix("value: "))
        .unwrap();
    value.trim_matches('"').to_string()
}

/// The shell command of a manifest: the first item of `args`, a plain scalar or a folded
/// block (`>-`, its lines joined by spaces).
fn shell_command(manifest: &str) -> String {
    let mut lines = manifest.lines().skip_while(|l| l.trim() != "args:").skip(1);
    let first = lines.next().unwrap().trim().strip_prefix("- ").unwrap();
    if first != ">-" {
        return first.to_string();
    }
    let block: Vec<&str> = lines
        .take_while(|l| l.starts_with(&" ".repeat(14)))
        .map(str::trim)
        .collect();
    block.join(" ")
}

/// k8s-shards.yaml runs `completions` shards (CITADELS_SHARDS must be that count) of the run
/// its CITADELS_* variables name, JOB_COMPLETION_INDEX picking the shard; k8s-merge.yaml
/// merges; a pod retried after an interruption resumes its shard.
#[test]
fn kubernetes_manifests_run_an_indexed_job_and_merge() {
    let shards_yaml = std::fs::read_to_string(cluster_file("k8s-shards.yaml")).unwrap();
    let merge_yaml = std::fs::read_to_string(cluster_file("k8s-merge.yaml")).unwrap();
    let completions = shards_yaml
        .lines()
        .find_map(|l| l.trim().strip_prefix("completions: &shards "))
        .expect("completions: &shards N");
    assert!(shards_yaml.contains("parallelism: *shards"));
    assert!(shards_yaml.contains("completionMode: Indexed"));
    let shards = env_value(&shards_yaml, "CITADELS_SHARDS");
    assert_eq!(
        shards, completions,
        "CITADELS_SHARDS and completions differ"
    );
    let shards: u32 = shards.parse().unwrap();

    let dir = tempfile::tempdir().unwrap();
    let volume = dir.path().join("results");
    let on_volume = |command: String| command.replace("/results", volume.to_str().unwrap());
    let pod = on_volume(shell_command(&shards_yaml));
    let run_pod = |k: u32| -> Output {
        let mut cmd = clean("sh");
        cmd.arg("-c").arg(&pod);
        for name in ["CITADELS_PRESET", "CITADELS_BOTS", "CITADELS_THREADS"] {
            cmd.env(name, env_value(&shards_yaml, name));
        }
        cmd.env("CITADELS_SHARDS", shards.to_string())
            .envs(SETTINGS)
            .env("JOB_COMPLETION_INDEX", k.to_string())
            .output()
            .unwrap()
    };
    let merge = || {
        let out = clean("sh")
            .arg("-c")
            .arg(on_volume(shell_command(&merge_yaml)))
            .env("CITADELS_SIM", BIN)
            .output()
            .unwrap();
        assert_success(&out, "k8s-merge.yaml");
    };
    for k in 0..shards {
        assert_success(&run_pod(k), ("k8s-shards.yaml pod", k));
    }
    merge();
    let single = single_run(dir.path());
    assert_same(&volume.join("report"), &single);

    interrupt(&volume.join("parts"), 2);
    let out = run_pod(2);
    assert_success(&out, "k8s-shards.yaml pod 2 retried");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("resumed after"), "{stderr}");
    merge();
    assert_same(&volume.join("report"), &single);
}
