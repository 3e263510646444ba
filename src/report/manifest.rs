//! `manifest.toml`: everything needed to rerun a report (the thread count is left out: the
//! results do not depend on it).

use serde::Serialize;
use std::io;

/// The value of the manifest's `generator` key: marks a folder as a citadels-sim report.
pub const GENERATOR: &str = "citadels-sim";

/// The keys every `manifest.toml` opens with, in this order (each command's manifest
/// flattens it, then adds its own keys).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Header {
    /// Always `GENERATOR`.
    pub generator: &'static str,
    /// The command that wrote a folder that is not a run's report (`compare`, `sweep`,
    /// `rank`, `ladder`); a run's, an arena's and a restricted play's manifests have none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// citadels-sim version.
    pub version: String,
    /// The command line, without `--threads`, `--resume`, `--out`, `--shard` and
    /// `--log-games`.
    pub command: String,
    /// `preset NAME` or the config file path; `None` where each config played has its own
    /// (`compare`'s sides, `rank`'s configs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_name: Option<String>,
    pub seed: u64,
    /// Games (or deals) per player count.
    pub games: u64,
}

impl Header {
    /// The header of a folder this version writes now, with no kind and no config.
    pub fn new(command: String, seed: u64, games: u64) -> Header {
        Header {
            generator: GENERATOR,
            kind: None,
            version: env!("CARGO_PKG_VERSION").to_string(),
            command,
            config_source: None,
            config_name: None,
            seed,
            games,
        }
    }

    /// The same header with the command that wrote the folder.
    pub fn kind(self, kind: &'static str) -> Header {
        Header {
            kind: Some(kind),
            ..self
        }
    }

    /// The same header naming the config played.
    pub fn config(self, source: &str, name: &str) -> Header {
        Header {
            config_source: Some(source.to_string()),
            config_name: Some(name.to_string()),
            ..self
        }
    }

    /// The config's source (`preset NAME` or the file path), empty without one.
    pub fn source(&self) -> &str {
        self.config_source.as_deref().unwrap_or_default()
    }

    /// The config's name, empty without one.
    pub fn name(&self) -> &str {
        self.config_name.as_deref().unwrap_or_default()
    }

    /// The same header with the version of the run it reports (a merge's or a resumed
    /// ladder's: the version that played the games).
    pub fn version(self, version: &str) -> Header {
        Header {
            version: version.to_string(),
            ..self
        }
    }
}

/// What a run was: written as `manifest.toml`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Manifest {
    #[serde(flatten)]
    pub header: Header,
    pub players: Vec<u8>,
    /// Bot specs: one for every seat, or one per seat.
    pub bots: Vec<String>,
    /// The resolved config (`RunConfig::to_toml()`), every key explicit.
    pub config: toml::Table,
}

impl Manifest {
    pub fn to_toml(&self) -> io::Result<String> {
        toml::to_string(self).map_err(|e| io::Error::other(format!("manifest: {e}")))
    }
}

/// Parses the resolved config text into the manifest's `[config]` table.
pub fn config_table(resolved: &str) -> Result<toml::Table, String> {
    resolved
        .parse::<toml::Table>()
        .map_err(|e| format!("the resolved config is not valid TOML: {e}"))
}

/// Whether a manifest's text is one we wrote: `generator = "citadels-sim"` (or, for reports
/// written before that key, a `command` naming citadels-sim with a `[config]` table).
pub fn is_ours(text: &str) -> bool {
    let Ok(table) = text.parse::<toml::Table>() else {
        return false;
    };
    let generator = table.get("generator").and_then(|v| v.as_str());
    let legacy = table
        .get("command")
        .and_then(|v| v.as_str())
        .and_then(|c| c.split_whitespace().next())
        .is_some_and(|program| program.ends_with(GENERATOR))
        && table.get("config").is_some_and(|c| c.is_table());
    generator == Some(GENERATOR) || legacy
}

/// Options left out of the recorded command line, with their values: they do not change
/// the results (where the reports, a shard's partial result or the game log go, the thread
/// count, resuming). So the shards of a run and the run itself record the same command,
/// and `merge` writes the manifest the run would have written.
const NOT_RECORDED: [&str; 5] = ["--threads", "--resume", "--out", "--shard", "--log-games"];

/// Flags left out of the recorded command line for the same reason: what is printed
/// (`--quiet`, which the Slurm script gives every shard) and whether a folder that is not a
/// report may be replaced (`--force`).
const FLAGS_NOT_RECORDED: [&str; 2] = ["--quiet", "--force"];

/// The command line as one string, shell-quoted where needed, without the options of
/// `NOT_RECORDED` and the flags of `FLAGS_NOT_RECORDED`.
pub fn command_line<I: IntoIterator<Item = String>>(args: I) -> String {
    let mut kept = Vec::new();
    let mut skip_value = false;
    for arg in args {
        if skip_value {
            skip_value = false;
            continue;
        }
        if NOT_RECORDED.contains(&arg.as_str()) {
            skip_value = true;
            continue;
        }
        if FLAGS_NOT_RECORDED.contains(&arg.as_str()) {
            continue;
        }
        if NOT_RECORDED.iter().any(|flag| {
            arg.strip_prefix(flag)
                .is_some_and(|rest| rest.starts_with('='))
        }) {
            continue;
        }
        kept.push(quote(&arg));
    }
    kept.join(" ")
}

fn quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_that_do_not_change_results_are_not_part_of_the_command() {
        let args = [
            "citadels-sim",
            "run",
            "--threads",
            "8",
            "--games=10",
            "--threads=2",
            "--resume",
            "out",
            "--resume=out",
            "--out",
            "out",
            "--shard",
            "auto/3",
            "--log-games=games.jsonl",
            "--quiet",
            "--force",
            "--bots",
            "heuristic",
        ];
        assert_eq!(
            command_line(args.map(String::from)),
            "citadels-sim run --games=10 --bots heuristic"
        );
        assert_eq!(
            command_line(["a b".to_string(), "it's".to_string()]),
            r"'a b' 'it'\''s'"
        );
    }

    #[test]
    fn manifest_holds_the_config_table() {
        let manifest = Manifest {
            header: Header::new("citadels-sim run".into(), 1, 100)
                .config("preset first-game", "first-game")
                .version("0.1.0"),
            players: vec![4, 5],
            bots: vec!["heuristic".into()],
            config: config_table("name = \"first-game\"\n[rules]\nround_cap = 100\n").unwrap(),
        };
        let text = manifest.to_toml().unwrap();
        let back: toml::Table = text.parse().unwrap();
        assert_eq!(back["seed"].as_integer(), Some(1));
        assert_eq!(back["config"]["rules"]["round_cap"].as_integer(), Some(100));
        assert!(!text.contains("threads"));
        assert!(config_table("= broken").is_err());
        assert!(text.starts_with("generator = \"citadels-sim\"\n"), "{text}");
        assert!(is_ours(&text));
        assert!(is_ours(
            "command = \"target/release/citadels-sim run\"\n[config]\nname = \"x\"\n"
        ));
        assert!(!is_ours("command = \"make\"\n[config]\n"));
        assert!(!is_ours("generator = \"other\""));
        assert!(!is_ours("not toml ["));
    }
}
