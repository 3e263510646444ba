//! `sweep --set KEY=V1,V2 ...`: plays every combination of `[rules]` values (and of the
//! characters' numbers, `[abilities]`, keys such as `merchant.gold`) over a base
//! config on the same game seeds and writes `sweep.csv` (`report::sweep`), a summary, a
//! manifest and `report.html`. Each combination is the base config's resolved TOML with the
//! values set in its `[rules]` table, validated by the config loader like a file would be.

use super::out::{out, outln};
use super::{
    AppError, default_out, failed, input, labelled_counts, load_config, plan_with, play,
    refuse_flag, refuse_run_only, render_plan,
};
use crate::cli::{SetValues, SweepArgs};
use crate::config::{self, RunConfig};
use crate::progress::Progress;
use crate::report::manifest::Header;
use crate::report::{self, ReportFile, html, sweep};
use crate::suggest::did_you_mean;
use anyhow::{Context, anyhow};
use serde::Serialize;

/// A value as typed on the command line, read as a TOML value (`7`, `true`, `"default"`);
/// a bare word that is not TOML is a string (`default`).
fn toml_value(text: &str) -> toml::Value {
    format!("v = {text}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(text.to_string()))
}

/// The base config with `values` set in its `[rules]` table, validated as a config file.
fn with_rules(base: &RunConfig, values: &[(String, String)]) -> Result<RunConfig, AppError> {
    let mut table: toml::Table = base.to_toml().parse().map_err(|e| {
        failed(anyhow!(
            "{}: the resolved config is not TOML: {e}",
            base.source
        ))
    })?;
    for (key, value) in values {
        // A character's number (`merchant.gold`) goes to `[abilities]`, the rest to `[rules]`.
        let (path, leaf) = match key.split_once('.') {
            Some((character, number)) => (vec!["abilities", character], number),
            None => (vec!["rules"], key.as_str()),
        };
        let mut at = &mut table;
        for name in path {
            let entry = at
                .entry(name)
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            let toml::Value::Table(inner) = entry else {
                return Err(failed(anyhow!("{}: {name} is not a table", base.source)));
            };
            at = inner;
        }
        at.insert(leaf.to_string(), toml_value(value));
    }
    let text = toml::to_string(&table)
        .map_err(|e| failed(anyhow!("{}: cannot write the config: {e}", base.source)))?;
    let settings: Vec<String> = values.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let source = format!("{} with --set {}", base.source, settings.join(" --set "));
    config::load_str(&source, &text).map_err(|e| {
        // A TOML type error points at a line of the generated text: not the user's; drop it.
        let message = e.to_string();
        let prefix = format!("{source}: line ");
        match message
            .strip_prefix(&prefix)
            .and_then(|rest| rest.split_once(": "))
        {
            Some((position, rest)) if position.contains("column") => {
                input(anyhow!("{source}: {rest}"))
            }
            _ => input(e),
        }
    })
}

/// The keys of the `[rules]` table (the resolved config writes every one), then those of the
/// characters' numbers (`[abilities]`, `engine::numbers::KNOBS`).
fn rules_keys(base: &RunConfig) -> Vec<String> {
    let rules: Vec<String> = base
        .to_toml()
        .parse::<toml::Table>()
        .ok()
        .and_then(|t| t.get("rules").and_then(|r| r.as_table()).cloned())
        .map(|r| r.keys().cloned().collect())
        .unwrap_or_default();
    let knobs = crate::engine::numbers::KNOBS
        .iter()
        .map(|k| k.key.to_string());
    rules.into_iter().chain(knobs).collect()
}

/// The most combinations a sweep plays: each is a whole run (`--games` games at each player
/// count), so more is a typo or a job for several sweeps, and the plan of 10^9 of them
/// would exhaust the memory before the first game.
const MAX_COMBINATIONS: usize = 10_000;

/// Checks the keys and each value alone (so a message names one key and value), then
/// returns every combination, the first `--set` varying slowest.
fn combinations(
    base: &RunConfig,
    sets: &[SetValues],
) -> Result<Vec<Vec<(String, String)>>, AppError> {
    let keys = rules_keys(base);
    for (i, set) in sets.iter().enumerate() {
        if !keys.contains(&set.key) {
            return Err(input(anyhow!(
                "--set {set}: unknown key \"{}\" of the [rules] table{} nor a character's \
                 number of [abilities]; allowed: {}",
                set.key,
                did_you_mean(&set.key, keys.iter().map(String::as_str)),
                keys.join(", ")
            )));
        }
        if sets[..i].iter().any(|s| s.key == set.key) {
            return Err(input(anyhow!(
                "--set {set}: the key {} is set twice; give all its values in one --set",
                set.key
            )));
        }
        for value in &set.values {
            with_rules(base, &[(set.key.clone(), value.clone())])?;
        }
    }
    let count = sets
        .iter()
        .try_fold(1usize, |n, set| n.checked_mul(set.values.len()))
        .filter(|&n| n <= MAX_COMBINATIONS);
    if count.is_none() {
        let sizes: Vec<String> = sets.iter().map(|s| s.values.len().to_string()).collect();
        return Err(input(anyhow!(
            "--set: {} combinations is too many (at most {MAX_COMBINATIONS}); sweep fewer \
             values at once",
            sizes.join(" x ")
        )));
    }
    let mut all: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for set in sets {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                set.values.iter().map(move |v| {
                    let mut next = prefix.clone();
                    next.push((set.key.clone(), v.clone()));
                    next
                })
            })
            .collect();
    }
    Ok(all)
}

/// `manifest.toml` of a sweep.
#[derive(Serialize)]
struct SweepManifest {
    #[serde(flatten)]
    header: Header,
    players: Vec<u8>,
    bots: Vec<String>,
    /// The `--set` values, as given.
    sets: Vec<String>,
    /// The base config, resolved.
    config: toml::Table,
}

pub(super) fn sweep(args: &SweepArgs, command_line: String) -> Result<(), AppError> {
    let run = &args.run;
    refuse_flag(
        run.resume.is_some(),
        "--resume",
        "sweep",
        "a sweep is not resumable",
    )?;
    refuse_run_only(run, "sweep")?;
    let base = load_config(&run.setup)?;
    let combos = combinations(&base, &args.set)?;
    let out = run.output.out.clone().unwrap_or_else(|| {
        let stem = default_out(&run.setup.source);
        let name = stem
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        stem.with_file_name(format!("sweep-{name}"))
    });
    let mut run_args = run.clone();
    run_args.output.out = Some(out.clone());
    let mut plans = Vec::new();
    for combo in &combos {
        plans.push(plan_with(&run_args, || with_rules(&base, combo))?);
    }
    let folder = super::claim(&out, run.output.force)?;
    let base_table = report::manifest::config_table(&base.to_toml())
        .map_err(|e| failed(anyhow!("{}: {e}", base.source)))?;

    let per_combo = run.games * run.players.range.counts().count() as u64;
    let total = per_combo * plans.len() as u64;
    let progress = Progress::new(total, 0, run.output.quiet);
    let started = std::time::Instant::now();
    let mut results = Vec::new();
    for (i, (plan, combo)) in plans.iter().zip(&combos).enumerate() {
        let stats = play(plan, &run_args, &progress, i as u64 * per_combo);
        let report = render_plan(plan, &run_args, &stats, command_line.clone())?;
        results.push(sweep::Combination {
            values: combo.clone(),
            headlines: sweep::headlines(&report.tables).map_err(failed)?,
        });
    }
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();

    let base_name = format!("{} ({})", base.name, base.source);
    // Each combination named by its values (`complete_city=6`).
    let labels: Vec<String> = results.iter().map(sweep::Combination::label).collect();
    let head = report::summary_txt::summary_head(
        plans
            .iter()
            .zip(&labels)
            .flat_map(|(plan, label)| labelled_counts(label, plan)),
    );
    let summary = head + &sweep::summary(&base_name, &results);
    let manifest = SweepManifest {
        header: Header::new(command_line, run.seed.master, run.games)
            .kind("sweep")
            .config(&base.source, &base.name),
        players: run.players.range.counts().collect(),
        bots: plans[0].bots.iter().map(|b| b.to_string()).collect(),
        sets: args.set.iter().map(|s| s.to_string()).collect(),
        config: base_table,
    };
    let players: Vec<String> = run.players.range.counts().map(|p| p.to_string()).collect();
    let page = html::Page {
        title: format!("citadels-sim sweep over {}", base.name),
        facts: vec![
            ("base config".into(), base.source.clone()),
            ("swept".into(), manifest.sets.join("  ")),
            ("players".into(), players.join(",")),
            (
                "games per combination and player count".into(),
                run.games.to_string(),
            ),
            ("seed".into(), run.seed.master.to_string()),
            ("bots".into(), run.bots.clone()),
            ("version".into(), manifest.header.version.clone()),
        ],
        notes: vec![
            "Every combination played the same game seeds. Win rates and the tie rate have \
             their 95% Wilson interval (the characters' win rates with the games as \
             independent units, as in characters.csv); sweep.csv next to this page holds \
             every figure."
                .into(),
        ],
    };
    let files = vec![
        ReportFile {
            name: "sweep.csv",
            bytes: sweep::to_csv(&results).map_err(failed)?,
        },
        ReportFile {
            name: "summary.txt",
            bytes: summary.clone().into_bytes(),
        },
        ReportFile {
            name: "manifest.toml",
            bytes: toml::to_string(&manifest)
                .context("cannot write the manifest")
                .map_err(failed)?
                .into_bytes(),
        },
        ReportFile {
            name: "report.html",
            bytes: html::render(&page, &sweep::charts(&results)).into_bytes(),
        },
    ];
    folder.write(&files)?;
    outln!("sweep written to {}", out.display());
    if !run.output.quiet {
        outln!();
        out!("{summary}");
    }
    eprintln!("{total} games in {elapsed:.1} s");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> RunConfig {
        config::load_preset("first-game").unwrap()
    }

    fn set(key: &str, values: &[&str]) -> SetValues {
        SetValues {
            key: key.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
        }
    }

    fn message(e: AppError) -> String {
        assert_eq!(e.exit_code(), 2);
        format!("{:#}", e.error())
    }

    #[test]
    fn values_are_set_in_the_rules_table() {
        let c = with_rules(&base(), &[("complete_city".into(), "6".into())]).unwrap();
        assert_eq!(c.options.complete_city, Some(6));
        let c = with_rules(&base(), &[("complete_city".into(), "default".into())]).unwrap();
        assert_eq!(c.options.complete_city, None);
        let c = with_rules(&base(), &[("starting_gold".into(), "3".into())]).unwrap();
        assert_eq!(c.options.starting_gold, 3);
        // Checked like a file: use_rank9 needs a rank-9 character, which the first game has not.
        let e = with_rules(&base(), &[("use_rank9".into(), "true".into())]).unwrap_err();
        assert!(format!("{:#}", e.error()).contains("rules.use_rank9 = true"));
        assert_eq!(c.cast, base().cast);
    }

    #[test]
    fn combinations_vary_the_last_key_fastest() {
        let all = combinations(
            &base(),
            &[
                set("complete_city", &["6", "7"]),
                set("starting_gold", &["2", "3", "4"]),
            ],
        )
        .unwrap();
        assert_eq!(all.len(), 6);
        assert_eq!(
            all[1],
            [
                ("complete_city".into(), "6".into()),
                ("starting_gold".into(), "3".into())
            ]
        );
    }

    #[test]
    fn bad_keys_and_values_are_named() {
        let e = message(combinations(&base(), &[set("complete_cty", &["6"])]).unwrap_err());
        assert!(
            e.contains("--set complete_cty=6: unknown key \"complete_cty\""),
            "{e}"
        );
        assert!(e.contains("did you mean \"complete_city\""), "{e}");
        let e = message(combinations(&base(), &[set("complete_city", &["7", "0"])]).unwrap_err());
        assert!(e.contains("--set complete_city=0"), "{e}");
        assert!(
            e.contains("rules.complete_city = 0: allowed: 1 to 20"),
            "{e}"
        );
        let e = message(combinations(&base(), &[set("starting_gold", &["two"])]).unwrap_err());
        assert_eq!(
            e,
            "preset first-game with --set starting_gold=two: rules.starting_gold = \"two\": \
             invalid type: string \"two\", expected an integer"
        );
        let twice = [set("round_cap", &["50"]), set("round_cap", &["60"])];
        let e = message(combinations(&base(), &twice).unwrap_err());
        assert!(e.contains("set twice"), "{e}");
        // 10 x 10 x 10 x 10 x 10 combinations are refused before they are planned.
        let ten: Vec<String> = (1..=10).map(|v| v.to_string()).collect();
        let ten: Vec<&str> = ten.iter().map(String::as_str).collect();
        let many: Vec<SetValues> = [
            "starting_gold",
            "starting_cards",
            "gather_gold",
            "complete_bonus",
            "all_types_bonus",
        ]
        .into_iter()
        .map(|key| set(key, &ten))
        .collect();
        let e = message(combinations(&base(), &many).unwrap_err());
        assert_eq!(
            e,
            "--set: 10 x 10 x 10 x 10 x 10 combinations is too many (at most 10000); sweep \
             fewer values at once"
        );
        assert_eq!(combinations(&base(), &many[..4]).unwrap().len(), 10_000);
    }
}
