//! Issue 17: every command line shown in README.md and in the docs parses with the real
//! command-line parser, so an example cannot drift from the options.

use citadels_sim::cli::Cli;
use clap::Parser;
use std::path::{Path, PathBuf};

/// The command lines of a Markdown file: indented or fenced lines that start with
/// `cargo run --release -- ` or `citadels-sim `, as the arguments after the program name.
fn command_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            let args = line
                .strip_prefix("cargo run --release -- ")
                .or_else(|| line.strip_prefix("citadels-sim "))?;
            // A trailing comment (`# games, master seed`) is not an argument.
            let args = args.split(" #").next().unwrap_or(args);
            Some(args.split_whitespace().map(str::to_string).collect())
        })
        .collect()
}

fn check(file: &str, at_least: usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let lines = command_lines(&text);
    assert!(
        lines.len() >= at_least,
        "{file}: found only {} command lines",
        lines.len()
    );
    for args in lines {
        let parsed =
            Cli::try_parse_from(std::iter::once("citadels-sim".to_string()).chain(args.clone()));
        assert!(parsed.is_ok(), "{file}: {args:?}: {}", parsed.unwrap_err());
    }
}

#[test]
fn every_readme_command_parses() {
    check("README.md", 8);
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let names: Vec<String> = command_lines(&text)
        .into_iter()
        .map(|args| args[0].clone())
        .collect();
    for command in ["run", "replay", "arena", "compare", "sweep", "merge"] {
        assert!(
            names.iter().any(|n| n == command),
            "README.md has no example of {command}"
        );
    }
}

#[test]
fn every_docs_command_parses() {
    for (file, at_least) in [
        ("docs/running.md", 3),
        ("docs/bots.md", 2),
        ("docs/agreement.md", 1),
        ("docs/training.md", 1),
        ("docs/compare-sweep.md", 2),
        ("docs/configs.md", 0),
        ("docs/reports.md", 0),
        ("docs/rules.md", 0),
        ("docs/performance.md", 0),
        ("docs/development.md", 0),
    ] {
        check(file, at_least);
    }
}

#[test]
fn a_broken_example_is_caught() {
    let lines = command_lines("    cargo run --release -- run --gmaes 5\n");
    assert_eq!(
        lines,
        [vec!["run".to_string(), "--gmaes".into(), "5".into()]]
    );
    assert!(
        Cli::try_parse_from(std::iter::once("citadels-sim".to_string()).chain(lines[0].clone()))
            .is_err()
    );
}

/// The files whose pointers into the docs are checked: everything a user or a reader of the
/// code follows to a section (`summary.txt`'s notes come from `src/report/summary_txt.rs`).
fn files_with_pointers() -> Vec<PathBuf> {
    fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, ext, out);
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    for (dir, ext) in [
        ("docs", "md"),
        ("src", "rs"),
        ("tests", "rs"),
        ("tools", "rs"),
        ("tools", "md"),
        ("configs/bots", "toml"),
    ] {
        walk(&root.join(dir), ext, &mut files);
    }
    files
}

/// Every `FILE.md, "Section"` in `text` (also `[FILE.md](PATH), "Section"`, written inside a
/// Rust string as `\"Section\"`, or broken over comment lines): the file's name without
/// `.md`, and the section's words joined by single spaces.
fn section_pointers(text: &str) -> Vec<(String, String)> {
    let mut pointers = Vec::new();
    for (at, _) in text.match_indices(".md") {
        let stem: String = text[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let after = &text[at + 3..];
        // The text of a link `[bots.md](...)`: its target is the pointer.
        if stem.is_empty() || after.starts_with("](") {
            continue;
        }
        let after = after.trim_start_matches([')', '`']);
        let Some(after) = after.strip_prefix(',') else {
            continue;
        };
        // A line break: a comment's next line, or a Rust string's continuation (`\`).
        let after = after.trim_start().trim_start_matches("///").trim_start();
        let after = match after.strip_prefix('\\') {
            Some(rest) if rest.starts_with(char::is_whitespace) => rest.trim_start(),
            _ => after,
        };
        let Some(quoted) = after
            .strip_prefix("\\\"")
            .or_else(|| after.strip_prefix('"'))
        else {
            continue;
        };
        let name = quoted.split('"').next().unwrap().trim_end_matches('\\');
        let words: Vec<&str> = name
            .split_whitespace()
            .filter(|w| !["///", "//!", "//", "\\"].contains(w))
            .collect();
        pointers.push((stem, words.join(" ")));
    }
    pointers
}

/// The sections of a Markdown file: its headings, and the bold lead-ins that open a
/// paragraph or a list item (`**A one-round horizon** (...)`), which pointers also name.
fn sections(markdown: &str) -> (Vec<String>, Vec<String>) {
    let mut headings = Vec::new();
    let mut lead_ins = Vec::new();
    for line in markdown.lines() {
        if line.starts_with('#') {
            headings.push(line.trim_start_matches('#').trim().to_string());
        }
        let opening = line.trim_start();
        let opening = opening.strip_prefix("- ").unwrap_or(opening);
        if let Some(bold) = opening.strip_prefix("**")
            && let Some(end) = bold.find("**")
        {
            lead_ins.push(bold[..end].to_string());
        }
    }
    (headings, lead_ins)
}

/// Docs were split and sections renamed more than once: every pointer to a section, in the
/// docs, the code, the notes `summary.txt` prints and the weights manifests, names a heading
/// (or a paragraph's bold lead-in) that its file has.
#[test]
fn every_pointer_to_a_docs_section_names_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in files_with_pointers() {
        // This file's own samples of the forms point nowhere.
        if file.ends_with("tests/it/readme.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for (stem, name) in section_pointers(&text) {
            // The project's shared card list lies outside the repository.
            if stem == "CARDS" {
                continue;
            }
            let target = match stem.as_str() {
                "README" => root.join("README.md"),
                _ => root.join("docs").join(format!("{stem}.md")),
            };
            let Ok(markdown) = std::fs::read_to_string(&target) else {
                broken.push(format!("{}: {stem}.md does not exist", file.display()));
                continue;
            };
            let (headings, lead_ins) = sections(&markdown);
            // `summary.txt`'s note names the count whose fit was played: the counts with a
            // fit of their own (`PolicyWeights::at_players`).
            let names: Vec<String> = match name.contains("{players}") {
                true => ["2", "3", "8"]
                    .iter()
                    .map(|n| name.replace("{players}", n))
                    .collect(),
                false => vec![name.clone()],
            };
            for name in names {
                checked += 1;
                let found =
                    headings.contains(&name) || lead_ins.iter().any(|b| b.starts_with(&name));
                if !found {
                    broken.push(format!(
                        "{}: {stem}.md has no section \"{name}\"",
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(checked >= 100, "only {checked} pointers found");
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn section_pointers_are_read_in_every_form() {
    let text = "see [bots.md](../../bots.md), \"At 6 and 7\nplayers\" and (docs/bots.md,\n/// \
                \"Other casts\") and `docs/x.md`, \"Training\" and \\\"At {players} players\\\" \
                docs/a.md, \\\"Arena\\\" and (docs/c.md, \\\n   \\\"Other casts\\\") but not \
                [bots.md](bots.md) alone";
    assert_eq!(
        section_pointers(text),
        [
            ("bots".to_string(), "At 6 and 7 players".to_string()),
            ("bots".into(), "Other casts".into()),
            ("x".into(), "Training".into()),
            ("a".into(), "Arena".into()),
            ("c".into(), "Other casts".into()),
        ]
    );
}
