//! Issue 17: every command line shown in README.md and in the docs parses with the real
//! command-line parser, so an example cannot drift from the options.

use citadels_sim::cli::Cli;
use clap::Parser;
use std::path::Path;

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
