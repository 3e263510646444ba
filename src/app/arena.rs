//! `arena`: one hero bot against a field bot on paired deals (`sim::arena`), written as
//! `arena.csv`, a summary and a manifest.

use super::{
    AppError, claim, failed, input, load_config, parse_one_bot, speed_line, table_files, threads,
    write_and_show,
};
use crate::cli::ArenaArgs;
use crate::progress::Progress;
use crate::report::manifest::Header;
use crate::report::{self, Manifest};
use anyhow::anyhow;
use std::path::Path;
use std::time::Instant;

pub(super) fn arena(args: &ArenaArgs, command_line: String) -> Result<(), AppError> {
    let config = load_config(&args.setup)?;
    let hero = parse_one_bot("--hero", &args.hero, &config)?;
    let field = parse_one_bot("--field", &args.field, &config)?;
    let mut counts = Vec::new();
    for players in args.players.range.counts() {
        counts.push(config.rules(players).map_err(input)?);
    }
    let out = args
        .output
        .out
        .clone()
        .unwrap_or_else(|| Path::new("reports").join("arena"));
    let folder = claim(&out, args.output.force)?;
    let config_table = report::manifest::config_table(&config.to_toml())
        .map_err(|e| failed(anyhow!("{}: {e}", config.source)))?;
    let threads = threads(args.threads);

    let games_per_deal: u64 = counts.iter().map(|r| u64::from(r.players) + 1).sum();
    let progress = Progress::new(args.deals * games_per_deal, 0, args.output.quiet);
    let started = Instant::now();
    let mut results = Vec::new();
    let mut before = 0;
    for rules in &counts {
        progress.start_count(rules.players);
        let per_deal = u64::from(rules.players) + 1;
        let stats = crate::sim::arena::run(
            rules,
            args.seed.master,
            args.deals,
            &hero,
            &field,
            threads,
            &|deals| progress.set_position(before + deals * per_deal),
        );
        before += args.deals * per_deal;
        results.push((rules.players, stats));
    }
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();

    let (hero_name, field_name) = (hero.to_string(), field.to_string());
    let rows: Vec<report::arena::ArenaRow> = results
        .iter()
        .map(|(players, stats)| report::arena::ArenaRow {
            hero: &hero_name,
            field: &field_name,
            players: *players,
            stats,
        })
        .collect();
    // The manifest of an arena: `games` holds the deals per player count, `bots` the hero
    // then the field.
    let manifest = Manifest {
        header: Header::new(command_line, args.seed.master, args.deals)
            .config(&config.source, &config.name),
        players: args.players.range.counts().collect(),
        bots: vec![hero_name.clone(), field_name.clone()],
        config: config_table,
    };
    let bots = [hero.clone(), field.clone()];
    let head = report::summary_txt::summary_head(counts.iter().map(|r| (None, r, &bots[..])));
    let summary = head + &report::arena::summary(&rows);
    let files = table_files(
        "arena.csv",
        || report::arena::csv(&rows),
        &summary,
        &manifest,
    )?;
    write_and_show(&folder, args.output.quiet, &files, &summary)?;
    let games = args.deals * games_per_deal;
    eprintln!("{}", speed_line(games, "", elapsed, threads));
    Ok(())
}
