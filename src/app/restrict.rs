//! `restrict`: restricted play (Jaffe et al., "Evaluating Competitive Game Balance with
//! Restricted Play", AIIDE 2012). For every character X of the cast, the arena of a hero
//! `SPEC:ban=X` against a field of `SPEC` on paired deals (`sim::arena::run_heroes`, one
//! baseline game per deal shared by every X); writes `restricted.csv`, a summary, a manifest
//! and `report.html`.

use super::{
    AppError, default_out, failed, input, load_config, parse_one_bot, speed_line, threads,
    write_and_show,
};
use crate::cli::RestrictArgs;
use crate::progress::Progress;
use crate::report::manifest::Header;
use crate::report::restrict::{self, RestrictRow};
use crate::report::{self, Manifest, ReportFile, html};
use anyhow::{Context, anyhow};
use std::time::Instant;

pub(super) fn restrict(args: &RestrictArgs, command_line: String) -> Result<(), AppError> {
    let config = load_config(&args.setup)?;
    let field = parse_one_bot("--bot", &args.bot, &config)?;
    let characters = &args.characters;
    if let Some(c) = characters
        .iter()
        .enumerate()
        .find_map(|(i, c)| characters[..i].contains(c).then_some(c))
    {
        return Err(input(anyhow!(
            "--characters: {c} is given twice; name each character once"
        )));
    }
    let mut counts = Vec::new();
    for players in args.players.range.counts() {
        let rules = config.rules(players).map_err(input)?;
        let mut cast = report::cast_characters(&rules);
        if !args.characters.is_empty() {
            if let Some(c) = args.characters.iter().find(|c| !cast.contains(c)) {
                let names: Vec<&str> = cast.iter().map(|c| c.name()).collect();
                return Err(input(anyhow!(
                    "--characters: {c} is not in the cast at {players} players (the cast: {})",
                    names.join(", ")
                )));
            }
            cast.retain(|c| args.characters.contains(c));
        }
        let heroes: Vec<_> = cast.iter().map(|&c| field.clone().banning(c)).collect();
        if let Some(c) = cast.iter().find(|&&c| field.ban.contains(c)) {
            return Err(input(anyhow!(
                "--bot {}: already bans {c}; restrict bans each character of the cast in \
                 turn from a bot without bans",
                args.bot
            )));
        }
        counts.push((rules, cast, heroes));
    }
    let out = args.output.out.clone().unwrap_or_else(|| {
        let stem = default_out(&args.setup.source);
        let name = stem.file_name().map_or_else(
            || "restrict".into(),
            |n| format!("restrict-{}", n.to_string_lossy()),
        );
        stem.with_file_name(name)
    });
    let folder = super::claim(&out, args.output.force)?;
    let config_table = report::manifest::config_table(&config.to_toml())
        .map_err(|e| failed(anyhow!("{}: {e}", config.source)))?;
    let threads = threads(args.threads);

    // Games per deal: the baseline, and one per seat for each banned character.
    let per_deal = |players: u8, cast: usize| 1 + u64::from(players) * cast as u64;
    let total: u64 = counts
        .iter()
        .map(|(r, cast, _)| args.deals * per_deal(r.players, cast.len()))
        .sum();
    let progress = Progress::new(total, 0, args.output.quiet);
    let started = Instant::now();
    let mut results = Vec::new();
    let mut before = 0;
    for (rules, cast, heroes) in &counts {
        progress.start_count(rules.players);
        let games = per_deal(rules.players, cast.len());
        let (stats, baseline) = crate::sim::arena::run_heroes(
            rules,
            args.seed.master,
            args.deals,
            heroes,
            &field,
            threads,
            &|deals| progress.set_position(before + deals * games),
        );
        before += args.deals * games;
        results.push((rules.players, cast, stats, baseline));
    }
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();

    let rows: Vec<RestrictRow> = results
        .iter()
        .flat_map(|(players, cast, stats, baseline)| {
            cast.iter()
                .zip(stats)
                .map(|(&character, stats)| RestrictRow {
                    players: *players,
                    character,
                    stats,
                    picked: baseline.character_win_sums(character.index()),
                })
        })
        .collect();
    let bot = field.to_string();
    // As the arena's: `games` holds the deals per player count, `bots` the field's spec.
    let manifest = Manifest {
        header: Header::new(command_line.clone(), args.seed.master, args.deals)
            .config(&config.source, &config.name),
        players: args.players.range.counts().collect(),
        bots: vec![bot.clone()],
        config: config_table,
    };
    let field_seats = std::slice::from_ref(&field);
    let head = report::summary_txt::summary_head(
        counts
            .iter()
            .map(|(rules, _, _)| (None, rules, field_seats)),
    );
    let summary = head + &restrict::summary(&bot, &rows);
    let page = html::Page {
        title: format!("citadels-sim restricted play: {}", config.name),
        facts: vec![
            ("config".into(), config.source.clone()),
            ("players".into(), args.players.range.to_string()),
            ("deals per player count".into(), args.deals.to_string()),
            ("seed".into(), args.seed.master.to_string()),
            ("bot".into(), bot.clone()),
            ("version".into(), env!("CARGO_PKG_VERSION").to_string()),
            ("command".into(), command_line),
        ],
        notes: vec![
            "For every character X, a hero that may never pick X (when it has another \
             choice) played every seat of each deal against the unrestricted field; the \
             field alone played each deal once as the baseline. docs/balance.md explains \
             how to read the delta beside the win rate when picked."
                .into(),
        ],
    };
    let render = || -> std::io::Result<Vec<ReportFile>> {
        Ok(vec![
            ReportFile {
                name: "restricted.csv",
                bytes: restrict::csv(&rows)?,
            },
            ReportFile {
                name: "summary.txt",
                bytes: summary.clone().into_bytes(),
            },
            ReportFile {
                name: "manifest.toml",
                bytes: manifest.to_toml()?.into_bytes(),
            },
            ReportFile {
                name: "report.html",
                bytes: html::render(&page, &restrict::charts(&rows)).into_bytes(),
            },
        ])
    };
    let files = render()
        .context("cannot render the reports")
        .map_err(failed)?;
    write_and_show(&folder, args.output.quiet, &files, &summary)?;
    eprintln!("{}", speed_line(total, "", elapsed, threads));
    Ok(())
}
