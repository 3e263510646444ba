//! `compare A B`: plays two configs with the same options on the same game seeds (common
//! random numbers) and writes a folder of compared tables (`report::compare`), a summary,
//! a manifest and `report.html` with the differences.

use super::out::{out, outln};
use super::{
    AppError, Plan, failed, labelled_counts, plan_with, play, refusal_of_named_config, refuse_flag,
    refuse_run_only, render_plan,
};
use crate::cli::{CompareArgs, ConfigArgs, RunArgs};
use crate::progress::Progress;
use crate::report::manifest::Header;
use crate::report::summary_txt::summary_head;
use crate::report::{ReportFile, compare, html};
use anyhow::Context;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// A side named on the command line: a config file if the text names an existing file,
/// contains a `/` or ends in `.toml`; otherwise a preset name.
pub(super) fn side_source(text: &str) -> ConfigArgs {
    let path = Path::new(text);
    if path.is_file() || text.contains('/') || text.ends_with(".toml") {
        ConfigArgs {
            preset: None,
            config: Some(PathBuf::from(text)),
        }
    } else {
        ConfigArgs {
            preset: Some(text.to_string()),
            config: None,
        }
    }
}

/// The short name of a side for the default folder: the preset name or the file stem.
fn side_stem(source: &ConfigArgs) -> String {
    match (&source.preset, &source.config) {
        (Some(name), _) => name.clone(),
        (None, Some(path)) => path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "config".into()),
        (None, None) => "config".into(),
    }
}

/// One side of the manifest.
#[derive(Serialize)]
pub(super) struct SideManifest {
    config_source: String,
    config_name: String,
    /// The bots as this config played them, one per seat (the same `--bots` can differ by
    /// config: `config_bots`).
    bots: Vec<String>,
    /// The resolved config, every key explicit.
    config: toml::Table,
}

/// `manifest.toml` of a comparison.
#[derive(Serialize)]
struct CompareManifest {
    #[serde(flatten)]
    header: Header,
    players: Vec<u8>,
    bots: Vec<String>,
    a: SideManifest,
    b: SideManifest,
}

pub(super) fn side_manifest(plan: &Plan) -> SideManifest {
    SideManifest {
        config_source: plan.config.source.clone(),
        config_name: plan.config.name.clone(),
        bots: plan.bots.iter().map(|b| b.to_string()).collect(),
        config: plan.config_table.clone(),
    }
}

pub(super) fn compare(args: &CompareArgs, command_line: String) -> Result<(), AppError> {
    let run = &args.run;
    let why = "A and B name the two configs";
    refuse_flag(
        run.setup.source.preset.is_some(),
        "--preset",
        "compare",
        why,
    )?;
    refuse_flag(
        run.setup.source.config.is_some(),
        "--config",
        "compare",
        why,
    )?;
    refuse_flag(
        run.resume.is_some(),
        "--resume",
        "compare",
        "a comparison is not resumable",
    )?;
    refuse_run_only(run, "compare")?;
    let (source_a, source_b) = (side_source(&args.a), side_source(&args.b));
    let out = run.output.out.clone().unwrap_or_else(|| {
        Path::new("reports").join(format!(
            "compare-{}-vs-{}",
            side_stem(&source_a),
            side_stem(&source_b)
        ))
    });
    // Checked once here, or the sides' plans would name the one shared folder as side A's.
    super::check_out(&out, run.output.force)?;
    let side_args = |source: ConfigArgs| {
        let mut side = run.clone();
        side.setup.source = source;
        side.output.out = Some(out.clone());
        side
    };
    let (args_a, args_b) = (side_args(source_a), side_args(source_b));
    let name_side = |side: &str, text: &str, e: AppError| {
        refusal_of_named_config(e, text, |message| format!("side {side}: {message}"))
    };
    let plan_a = plan_with(&args_a, || super::load_config(&args_a.setup))
        .map_err(|e| name_side("A", &args.a, e))?;
    let plan_b = plan_with(&args_b, || super::load_config(&args_b.setup))
        .map_err(|e| name_side("B", &args.b, e))?;
    let folder = super::claim(&out, run.output.force)?;

    let per_side = run.games * plan_a.counts.len() as u64;
    let progress = Progress::new(2 * per_side, 0, run.output.quiet);
    let started = std::time::Instant::now();
    let stats_a = play(&plan_a, &args_a, &progress, 0);
    let stats_b = play(&plan_b, &args_b, &progress, per_side);
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();

    // Each side's tables as typed results: compared from their exact values.
    let report_a = render_plan(&plan_a, &args_a, &stats_a, command_line.clone())?;
    let report_b = render_plan(&plan_b, &args_b, &stats_b, command_line.clone())?;
    let mut comparisons = Vec::new();
    let mut files = Vec::new();
    for (a, b) in report_a.tables.iter().zip(&report_b.tables) {
        let c = compare::compare(a, b).map_err(failed)?;
        files.push(ReportFile {
            name: a.name,
            bytes: compare::to_csv(&c).map_err(failed)?,
        });
        comparisons.push(c);
    }
    let describe = |plan: &Plan| format!("{} ({})", plan.config.name, plan.config.source);
    let head = summary_head(labelled_counts("A", &plan_a).chain(labelled_counts("B", &plan_b)));
    let summary = head + &compare::summary(&describe(&plan_a), &describe(&plan_b), &comparisons);
    files.push(ReportFile {
        name: "summary.txt",
        bytes: summary.clone().into_bytes(),
    });
    let manifest = CompareManifest {
        header: Header::new(command_line, run.seed.master, run.games).kind("compare"),
        players: run.players.range.counts().collect(),
        bots: plan_a.bots.iter().map(|b| b.to_string()).collect(),
        a: side_manifest(&plan_a),
        b: side_manifest(&plan_b),
    };
    files.push(ReportFile {
        name: "manifest.toml",
        bytes: toml::to_string(&manifest)
            .context("cannot write the manifest")
            .map_err(failed)?
            .into_bytes(),
    });
    files.push(ReportFile {
        name: "report.html",
        bytes: html::render(&page(&plan_a, &plan_b, run), &compare::charts(&comparisons))
            .into_bytes(),
    });
    folder.write(&files)?;
    outln!("comparison written to {}", out.display());
    if !run.output.quiet {
        outln!();
        out!("{summary}");
    }
    eprintln!(
        "{} games in {elapsed:.1} s",
        2 * per_side,
        elapsed = elapsed
    );
    Ok(())
}

fn page(a: &Plan, b: &Plan, run: &RunArgs) -> html::Page {
    let players: Vec<String> = run.players.range.counts().map(|p| p.to_string()).collect();
    html::Page {
        title: format!(
            "citadels-sim comparison: {} vs {}",
            a.config.name, b.config.name
        ),
        facts: vec![
            ("A".into(), a.config.source.clone()),
            ("B".into(), b.config.source.clone()),
            ("players".into(), players.join(",")),
            ("games per player count".into(), run.games.to_string()),
            ("seed".into(), run.seed.master.to_string()),
            ("bots".into(), run.bots.clone()),
            ("version".into(), env!("CARGO_PKG_VERSION").to_string()),
        ],
        notes: vec![
            "Both sides played the same game seeds. Bars are B - A in percentage points \
             with Newcombe's 95% interval (which treats the sides as independent, so it is \
             conservative here); orange bars are significant after Holm's correction over \
             the rows of their table. The CSV files next to this page hold every measure."
                .into(),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_presets_unless_they_look_like_files() {
        assert_eq!(
            side_source("first-game").preset.as_deref(),
            Some("first-game")
        );
        assert!(side_source("house.toml").config.is_some());
        assert!(side_source("configs/x").config.is_some());
        assert_eq!(side_stem(&side_source("configs/house.toml")), "house");
    }
}
