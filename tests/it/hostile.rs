//! The hostile-input corpus (tests/data/hostile/): every case is a folder with `args` (the
//! command line, one argument per line), an optional `config.toml` and `expected` (one
//! message fragment per line). Each case must exit with status 2, print `error: ...` on
//! stderr containing every fragment, and write nothing.
//!
//! Placeholders, in `args` and `expected`: `{config}` the case's config (copied as
//! `<case>.toml` into a scratch folder), `{out}` a report folder that must stay absent,
//! `{file}` an existing file, `{dir}` an empty folder, `{readonly}` a folder that cannot be
//! written (when running as root, where permissions do not stop writing, an existing file
//! stands in, under which no folder can be created either).

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The scratch layout of one case.
struct Scratch {
    _root: tempfile::TempDir,
    cwd: PathBuf,
    config: PathBuf,
    out: PathBuf,
    file: PathBuf,
    dir: PathBuf,
    readonly: PathBuf,
}

impl Scratch {
    fn new(case: &str) -> Scratch {
        let root = tempfile::tempdir().unwrap();
        let at = |name: &str| root.path().join(name);
        let scratch = Scratch {
            cwd: at("cwd"),
            config: at(&format!("{case}.toml")),
            out: at("out"),
            file: at("file"),
            dir: at("folder"),
            readonly: at("readonly"),
            _root: root,
        };
        fs::create_dir(&scratch.cwd).unwrap();
        fs::create_dir(&scratch.dir).unwrap();
        fs::write(&scratch.file, "x").unwrap();
        fs::create_dir(&scratch.readonly).unwrap();
        set_readonly(&scratch.readonly, true);
        scratch
    }

    /// `{readonly}`, or the file standing in for it where permissions do not stop writing.
    fn unwritable(&self) -> &Path {
        let probe = self.readonly.join("probe");
        if fs::create_dir(&probe).is_ok() {
            fs::remove_dir(&probe).unwrap();
            &self.file
        } else {
            &self.readonly
        }
    }

    fn fill(&self, text: &str) -> String {
        let show = |p: &Path| p.display().to_string();
        text.replace("{config}", &show(&self.config))
            .replace("{out}", &show(&self.out))
            .replace("{file}", &show(&self.file))
            .replace("{dir}", &show(&self.dir))
            .replace("{readonly}", &show(self.unwritable()))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        set_readonly(&self.readonly, false);
    }
}

fn set_readonly(path: &Path, readonly: bool) {
    let mut permissions = fs::metadata(path).unwrap().permissions();
    permissions.set_readonly(readonly);
    fs::set_permissions(path, permissions).unwrap();
}

/// Runs one case; `Err` says what went wrong.
fn check(case: &Path) -> Result<(), String> {
    let name = case.file_name().unwrap().to_string_lossy().into_owned();
    let scratch = Scratch::new(&name);
    let read = |file: &str| fs::read_to_string(case.join(file)).map_err(|e| format!("{file}: {e}"));
    let config = case.join("config.toml");
    if config.exists() {
        fs::copy(&config, &scratch.config).unwrap();
    }
    let args: Vec<String> = read("args")?.lines().map(|a| scratch.fill(a)).collect();
    let expected: Vec<String> = read("expected")?
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| scratch.fill(l))
        .collect();
    if expected.is_empty() {
        return Err("no expected message".into());
    }
    let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .current_dir(&scratch.cwd)
        .args(&args)
        .timeout(Duration::from_secs(60))
        .output()
        .map_err(|e| format!("cannot run: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut problems = Vec::new();
    if output.status.code() != Some(2) {
        problems.push(format!("exit status {:?}, not 2", output.status.code()));
    }
    if !stderr.starts_with("error:") {
        problems.push("stderr does not begin with `error:`".into());
    }
    for fragment in &expected {
        if !stderr.contains(fragment.as_str()) {
            problems.push(format!("stderr lacks {fragment:?}"));
        }
    }
    if scratch.out.exists() {
        problems.push(format!("{} was written", scratch.out.display()));
    }
    let written: Vec<String> = fs::read_dir(&scratch.cwd)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    if !written.is_empty() {
        problems.push(format!("wrote {written:?} into the working folder"));
    }
    if fs::read_dir(&scratch.dir).unwrap().count() != 0
        || fs::read_dir(&scratch.readonly).unwrap().count() != 0
        || fs::read_to_string(&scratch.file).unwrap() != "x"
    {
        problems.push("changed the scratch files".into());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n    stderr: {stderr}", problems.join("; ")))
    }
}

#[test]
fn hostile_input_is_refused_with_a_message_per_problem() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hostile");
    let mut cases: Vec<PathBuf> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            check(case)
                .err()
                .map(|e| format!("{}: {e}", case.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
