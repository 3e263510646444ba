//! `summary.txt`: readable fixed-width tables, one block per player count, rendered from
//! the run's typed tables; and the warnings and lines the other commands' summaries share.

use super::result_table::{ResultTable, Row};
use super::{Rate, Section, balance_columns, cast_characters};
use crate::bots::policy::PolicyParams;
use crate::bots::{BotKind, BotSpec};
use crate::engine::rules::Rules;
use crate::stats::balance::{Balance, Spread};
use std::fmt::Write;

fn pct(value: Option<f64>) -> String {
    value
        .map(|v| format!("{:.1}%", v * 100.0))
        .unwrap_or_else(|| "-".into())
}

fn interval(rate: Rate) -> String {
    format!("[{:.1}, {:.1}]", rate.lo * 100.0, rate.hi * 100.0)
}

fn num(value: Option<f64>) -> String {
    value
        .map(|v| format!("{v:.2}"))
        .unwrap_or_else(|| "-".into())
}

/// Stalled games above this share of all games (per mille, exclusive) get a warning.
const STALL_WARNING_PER_MILLE: u128 = 1;

/// A warning when more than 0.1% of the games hit the round cap (they are counted in
/// `games` and `stalled` only, so a large share biases every rate).
pub fn stall_warning(stalled: u64, games: u64, round_cap: u16) -> Option<String> {
    (u128::from(stalled) * 1000 > u128::from(games) * STALL_WARNING_PER_MILLE).then(|| {
        format!(
            "warning: {stalled} of {games} games ({:.2}%) hit the round cap ({round_cap}) and \
             were not scored",
            stalled as f64 * 100.0 / games.max(1) as f64
        )
    })
}

/// A warning for each policy bot of the section whose weights were not fitted with some of
/// the cast's characters (`PolicyWeights::knows`): it drafts them nearly at random, so its
/// verdicts on this cast may not hold under strong play (the `first-game` fit on
/// `all-characters` wins 12% of the games against four heuristic bots, an even share 20%,
/// and its 5-player win rates rank-correlate 0.30 with the search's; docs/agreement.md,
/// "Other casts"). The default itself plays the `casts` weights there (`PolicyParams::for_cast`).
/// Each spec once, in the order of the seats.
pub fn unfitted_warnings(rules: &Rules, bots: &[BotSpec]) -> Vec<String> {
    let cast = cast_characters(rules);
    let mut lines = Vec::new();
    for (spec, params) in distinct_policy_bots(bots) {
        // The weights the bot plays at this count (`PolicyWeights::at_players`).
        let weights = params.weights.at_players(rules.players);
        let unknown: Vec<&str> = cast
            .iter()
            .filter(|&&c| !weights.knows(c))
            .map(|c| c.name())
            .collect();
        if !unknown.is_empty() {
            lines.push(format!(
                "warning: bot `{spec}` was not fitted with {} of the cast's {} characters ({}): \
                 it drafts and names those nearly at random, so its verdicts on this cast may \
                 not hold under strong play; `policy:weights=casts` is fitted with every \
                 character (docs/agreement.md, \"Other casts\")",
                unknown.len(),
                cast.len(),
                unknown.join(", ")
            ));
        }
    }
    lines
}

/// The policy bots among `bots`, each spec once (with its text), in the order of the seats.
fn distinct_policy_bots(bots: &[BotSpec]) -> Vec<(String, &PolicyParams)> {
    let mut out: Vec<(String, &PolicyParams)> = Vec::new();
    for bot in bots {
        if let BotKind::Policy(params) = &bot.kind {
            let spec = bot.to_string();
            if !out.iter().any(|(known, _)| *known == spec) {
                out.push((spec, params));
            }
        }
    }
    out
}

/// A note for each policy bot of the section that plays other weights than it names at
/// this player count (`PolicyWeights::at_players`: the default's weights play their
/// 2-player fits at 2 players, and `casts` its 3- and 8-player fits at 3 and 8), naming
/// them, with their draws and cuts where they differ from the named weights': the report
/// names the bot by its spec, which is the same at every count. Each spec once, in the
/// order of the seats.
pub fn count_fit_notes(rules: &Rules, bots: &[BotSpec]) -> Vec<String> {
    let players = rules.players;
    distinct_policy_bots(bots)
        .into_iter()
        .filter_map(|(spec, params)| {
            let played = params.weights.at_players(players);
            (!std::ptr::eq(played, &*params.weights)).then(|| {
                // The fit's own draws (`[policy] drawn`), when the spec leaves them to it.
                let draws = match (params.drawn, played.drawn) {
                    (None, Some(drawn)) => format!(" and draws the decisions offering {drawn}"),
                    _ => String::new(),
                };
                // The fit's cuts of unlikely moves, where they are not those the bot would
                // make with the weights it names (the default's 2-player fit cuts nothing,
                // its `first-game` file does).
                let cuts = params.cuts_in_play(played);
                let named_cuts = params.cuts_in_play(&params.weights);
                let cuts = if cuts == named_cuts {
                    String::new()
                } else {
                    format!(
                        "; with these weights it cuts {}, where with `{}` it would cut {}",
                        cuts_text(cuts),
                        params.weights.source,
                        cuts_text(named_cuts)
                    )
                };
                format!(
                    "note: bot `{spec}` plays the weights `{}` at {players} players, fitted to \
                     games of that count{draws}{cuts} (docs/agreement.md, \"At {players} \
                     players\")",
                    played.source
                )
            })
        })
        .collect()
}

/// What cuts of unlikely moves (`PolicyParams::cuts_in_play`) leave out, in words.
fn cuts_text((min_p, pick_min_p): (f32, f32)) -> String {
    let moves = |p: f32| format!("the moves less than {p} times as likely as the likeliest");
    match (min_p > 0.0, pick_min_p > 0.0) {
        (false, false) => "no unlikely move".to_string(),
        (true, false) => format!("{} in its drawn decisions outside the draft", moves(min_p)),
        (false, true) => format!("{} in the draft only", moves(pick_min_p)),
        (true, true) if min_p == pick_min_p => {
            format!("{} in every drawn decision", moves(min_p))
        }
        (true, true) => format!(
            "{} outside the draft and less than {pick_min_p} times in the draft",
            moves(min_p)
        ),
    }
}

/// The head of a summary that has no block per player count (`compare`, `sweep`, `rank`,
/// `restrict`, `ladder`, `arena`): the changed character numbers (`house_rules_line`) and
/// `unfitted_warnings` of every config and player count
/// given, each distinct line once, after its config's label where there are several; then,
/// where labelled configs play different bots, a note naming each config's (the same
/// `--bots` can differ by config: `policy` plays the `casts` weights on a cast the built-in
/// ones were not fitted with, `PolicyParams::for_cast`, and `heuristic` starts from a
/// config's `[heuristic]` table); then a blank line. Nothing if there is neither.
pub fn summary_head<'a>(
    counts: impl IntoIterator<Item = (Option<&'a str>, &'a Rules, &'a [BotSpec])>,
) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut bots_of: Vec<(&str, String)> = Vec::new();
    for (label, rules, bots) in counts {
        let house_rules = rules.house_rules_line();
        for line in house_rules
            .into_iter()
            .chain(unfitted_warnings(rules, bots))
        {
            let line = match label {
                Some(label) if line.starts_with("house rules: ") => format!("{label}: {line}"),
                Some(label) => line.replacen("warning: ", &format!("warning: {label}: "), 1),
                None => line,
            };
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
        if let Some(label) = label
            && !bots_of.iter().any(|(known, _)| *known == label)
        {
            // One spec for every seat is named once, as `--bots` would give it.
            let mut specs: Vec<String> = bots.iter().map(BotSpec::to_string).collect();
            if specs.iter().all(|spec| *spec == specs[0]) {
                specs.truncate(1);
            }
            bots_of.push((label, specs.join(",")));
        }
    }
    if bots_of.iter().any(|(_, bots)| *bots != bots_of[0].1) {
        let each: Vec<String> = bots_of
            .iter()
            .map(|(label, bots)| format!("{label}: {bots}"))
            .collect();
        lines.push(format!(
            "note: the configs play different bots ({}): `policy` plays the `casts` weights on \
             a cast its built-in weights were not fitted with (docs/agreement.md, \
             \"Other casts\"), and `heuristic` starts from a config's [heuristic] table; name \
             the weights (--bots policy:weights=casts) to play the same bots on every config",
            each.join("; ")
        ));
    }
    match lines.is_empty() {
        true => String::new(),
        false => format!("{}\n\n", lines.join("\n")),
    }
}

/// A p-value as the summaries print it: `p = 0.31`, `p = 0.004`, `p < 0.001`.
pub fn p_text(p: f64) -> String {
    if p < 0.001 {
        "p < 0.001".into()
    } else if p < 0.01 {
        format!("p = {p:.3}")
    } else {
        format!("p = {p:.2}")
    }
}

/// One estimate in points with its interval: `3.21 [2.95, 3.47]`, or `-`.
pub fn points(spread: Option<Spread>) -> String {
    spread.map_or_else(
        || "-".into(),
        |e| {
            format!(
                "{:.2} [{:.2}, {:.2}]",
                100.0 * e.value,
                100.0 * e.lo,
                100.0 * e.hi
            )
        },
    )
}

/// The balance line of a player count's summary (the index and the seat spread, in points
/// with their 95% intervals; `stats::balance`).
pub fn balance_line(balance: &Balance) -> String {
    let test = balance
        .seat_p_value
        .map(|p| format!("  test of equal seats: {}", p_text(p)))
        .unwrap_or_default();
    format!(
        "balance index {} points  seat spread {} points{test}",
        points(balance.index),
        points(balance.seat_spread)
    )
}

/// The whole summary text, from the run's typed tables (`run_tables::all`; `sections` for
/// the rules and bots the warnings need).
pub fn render(sections: &[Section], tables: &[ResultTable]) -> String {
    let mut out = String::new();
    for (i, section) in sections.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        block(&mut out, section, tables);
    }
    out
}

/// The rows of table `name` at one player count.
fn rows<'a>(tables: &'a [ResultTable], name: &str, players: &'a str) -> Vec<Row<'a>> {
    tables
        .iter()
        .find(|t| t.name == name)
        .map(|t| t.rows_named(players).collect())
        .unwrap_or_default()
}

/// A whole figure, `-` when undefined (a percentile of no finished games).
fn whole(row: &Row, name: &str) -> String {
    match row.field(name) {
        text if text.is_empty() => "-".into(),
        text => text,
    }
}

/// A rate's value and interval, the whole range when it has none.
fn rate(row: &Row, name: &str) -> Rate {
    row.rate(name).unwrap_or(Rate {
        value: None,
        lo: 0.0,
        hi: 1.0,
    })
}

fn block(out: &mut String, section: &Section, tables: &[ResultTable]) {
    let players = section.rules.players;
    let count = players.to_string();
    let Some(s) = rows(tables, "player_counts.csv", &count).into_iter().next() else {
        return;
    };
    // Writing into a String cannot fail.
    let _ = writeln!(out, "== {players} players ==");
    if let Some(line) = section.rules.house_rules_line() {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(
        out,
        "games {}  stalled {}  rounds mean {} p50 {} p90 {}  winning score mean {}  \
         ties {}  shared wins {}",
        s.field("games"),
        s.field("stalled"),
        num(s.number("mean_rounds")),
        whole(&s, "p50_rounds"),
        whole(&s, "p90_rounds"),
        num(s.number("mean_winning_score")),
        s.field("ties"),
        s.field("shared_wins"),
    );
    let first = rate(&s, "first_complete_win_rate");
    let _ = writeln!(
        out,
        "rounds min {} max {}  winning margin mean {}  first completed city wins {} {}",
        whole(&s, "min_rounds"),
        whole(&s, "max_rounds"),
        num(s.number("mean_margin")),
        pct(first.value),
        interval(first),
    );
    let balance = balance_columns::from_cells(
        s.cell("balance_index"),
        s.cell("seat_spread"),
        s.cell("seat_p_value"),
    );
    let _ = writeln!(out, "{}", balance_line(&balance));
    let (games, stalled) = (s.number("games"), s.number("stalled"));
    let (games, stalled) = (games.unwrap_or(0.0) as u64, stalled.unwrap_or(0.0) as u64);
    if let Some(line) = stall_warning(stalled, games, section.rules.options.round_cap) {
        let _ = writeln!(out, "{line}");
    }
    for line in unfitted_warnings(section.rules, section.bots) {
        let _ = writeln!(out, "{line}");
    }
    for line in count_fit_notes(section.rules, section.bots) {
        let _ = writeln!(out, "{line}");
    }

    let _ = writeln!(
        out,
        "\n{:<16} {:>4} {:>10} {:>7} {:>7} {:>5} {:>7} {:>14} {:>7} {:>8} {:>8} {:>6} {:>6} {:>6}",
        "character",
        "rank",
        "picked",
        "picked%",
        "avail%",
        "pos",
        "win%",
        "95% interval",
        "score",
        "killed",
        "robbed",
        "gold",
        "cards",
        "points"
    );
    for c in rows(tables, "characters.csv", &count) {
        let win = rate(&c, "win_rate");
        let _ = writeln!(
            out,
            "{:<16} {:>4} {:>10} {:>7} {:>7} {:>5} {:>7} {:>14} {:>7} {:>8} {:>8} {:>6} {:>6} {:>6}",
            c.field("character"),
            c.field("rank"),
            c.field("picked"),
            pct(c.number("pick_rate")),
            pct(c.number("available_pick_rate")),
            num(c.number("mean_pick_position")),
            pct(win.value),
            interval(win),
            num(c.number("mean_score")),
            c.field("killed"),
            c.field("robbed"),
            num(c.number("mean_turn_gold")),
            num(c.number("mean_turn_cards")),
            num(c.number("mean_turn_points")),
        );
    }

    // Seats, then (when the seats play different bots) each spec over its seats.
    let seat_table = |out: &mut String, key: &str, width: usize, rows: &[Row]| {
        let _ = writeln!(
            out,
            "\n{key:<width$} {:>10} {:>7} {:>14} {:>7} {:>5}",
            "games", "win%", "95% interval", "score", "rank"
        );
        for row in rows {
            let label = match row.field(key) {
                first if key == "seat" && first == "0" => "0 (first crown)".to_string(),
                label => label,
            };
            let win = rate(row, "win_rate");
            let _ = writeln!(
                out,
                "{label:<width$} {:>10} {:>7} {:>14} {:>7} {:>5}",
                row.field("games"),
                pct(win.value),
                interval(win),
                num(row.number("mean_score")),
                num(row.number("mean_rank")),
            );
        }
    };
    seat_table(out, "seat", 16, &rows(tables, "seats.csv", &count));
    let bots = rows(tables, "bots.csv", &count);
    if bots.len() > 1 {
        seat_table(out, "bot", 32, &bots);
    }

    let _ = writeln!(
        out,
        "\n{:<18} {:<9} {:>4} {:>10} {:>7} {:>6} {:>11} {:>7} {:>14} {:>9}",
        "district",
        "type",
        "cost",
        "built",
        "built%",
        "round",
        "in cities",
        "win%",
        "95% interval",
        "destroyed"
    );
    for d in rows(tables, "districts.csv", &count) {
        let win = rate(&d, "win_rate");
        let _ = writeln!(
            out,
            "{:<18} {:<9} {:>4} {:>10} {:>7} {:>6} {:>11} {:>7} {:>14} {:>9}",
            d.field("district"),
            d.field("type"),
            d.field("cost"),
            d.field("built"),
            pct(d.number("build_rate")),
            num(d.number("mean_round_built")),
            d.field("appearances"),
            pct(win.value),
            interval(win),
            d.field("destroyed"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::bot_results;
    use crate::stats::Stats;
    use crate::stats::tests::synthetic;

    #[test]
    fn stalls_above_a_thousandth_are_warned() {
        assert_eq!(stall_warning(0, 0, 100), None);
        assert_eq!(stall_warning(20, 20000, 100), None);
        assert_eq!(
            stall_warning(38, 20000, 100).unwrap(),
            "warning: 38 of 20000 games (0.19%) hit the round cap (100) and were not scored"
        );
        assert!(stall_warning(21, 20000, 100).is_some());
    }

    /// A 2-player section notes the weights each policy bot plays there when they are not
    /// the ones it names (the default's 2-player fits), once per spec, with the fit's draws
    /// and cuts where they differ from the named weights'; other counts, and bots that play
    /// what they name, get no note.
    #[test]
    fn policy_bots_playing_a_count_fit_are_noted_once() {
        let rules = |preset: &str, players| {
            crate::config::load_preset(preset)
                .unwrap()
                .rules(players)
                .unwrap()
        };
        let spec = |text: &str| BotSpec::parse(text).unwrap();
        let bots = [spec("policy"), spec("heuristic"), spec("policy")];
        let lines = count_fit_notes(&rules("first-game", 2), &bots);
        assert_eq!(
            lines,
            [
                "note: bot `policy` plays the weights `two-players` at 2 players, fitted to games \
                 of that count; with these weights it cuts no unlikely move, where with \
                 `built-in` it would cut the moves less than 0.15 times as likely as the \
                 likeliest in its drawn decisions outside the draft (docs/agreement.md, \"At 2 \
                 players\")"
            ]
        );
        // A spec's own cuts hold on every fit: the note names the fit's cuts only where they
        // differ from those of the weights the spec names.
        let same_cuts = count_fit_notes(&rules("first-game", 2), &[spec("policy:min_p=0.15")]);
        assert!(
            same_cuts[0].ends_with("games of that count (docs/agreement.md, \"At 2 players\")"),
            "{same_cuts:?}"
        );
        let pick_cut = count_fit_notes(&rules("first-game", 2), &[spec("policy:pick_min_p=0.1")]);
        assert!(
            pick_cut[0].contains(
                "; with these weights it cuts the moves less than 0.1 times as likely as the \
                 likeliest in the draft only, where with `built-in` it would cut the moves less \
                 than 0.15 times as likely as the likeliest outside the draft and less than 0.1 \
                 times in the draft"
            ),
            "{pick_cut:?}"
        );
        // Decisions played at their best score cut nothing, whatever the weights say.
        let best_score = spec("policy:temp=0:target_temp=0");
        assert!(
            count_fit_notes(&rules("first-game", 2), &[best_score])[0]
                .ends_with("games of that count (docs/agreement.md, \"At 2 players\")")
        );
        let casts = count_fit_notes(&rules("all-characters", 2), &[spec("policy:weights=casts")]);
        assert!(
            casts[0].starts_with(
                "note: bot `policy:weights=casts` plays the weights `casts-two-players`"
            ),
            "{casts:?}"
        );
        for (players, fit) in [(3, "casts-three-players"), (8, "casts-eight-players")] {
            let notes = count_fit_notes(
                &rules("all-characters", players),
                &[spec("policy:weights=casts")],
            );
            assert_eq!(
                notes,
                [format!(
                    "note: bot `policy:weights=casts` plays the weights `{fit}` at {players} \
                     players, fitted to games of that count and draws the decisions offering \
                     TakeGold+Build+Destroy (docs/agreement.md, \"At {players} players\")"
                )]
            );
        }
        // A spec that names its draws plays them, and the note does not name the fit's.
        let named_draws = count_fit_notes(
            &rules("all-characters", 3),
            &[spec("policy:weights=casts:drawn=Destroy")],
        );
        assert!(
            named_draws[0]
                .ends_with("fitted to games of that count (docs/agreement.md, \"At 3 players\")"),
            "{named_draws:?}"
        );
        assert!(count_fit_notes(&rules("first-game", 4), &bots).is_empty());
        let named = [spec("policy:weights=two-players"), spec("heuristic")];
        assert!(count_fit_notes(&rules("first-game", 2), &named).is_empty());
    }

    /// `cuts_text` says each kind of cut: none, outside the draft, in the draft only, the
    /// same in both, different in each.
    #[test]
    fn every_kind_of_cut_is_said() {
        let likely = |p: &str| format!("the moves less than {p} times as likely as the likeliest");
        assert_eq!(cuts_text((0.0, 0.0)), "no unlikely move");
        assert_eq!(
            cuts_text((0.15, 0.0)),
            format!(
                "{} in its drawn decisions outside the draft",
                likely("0.15")
            )
        );
        assert_eq!(
            cuts_text((0.0, 0.1)),
            format!("{} in the draft only", likely("0.1"))
        );
        assert_eq!(
            cuts_text((0.2, 0.2)),
            format!("{} in every drawn decision", likely("0.2"))
        );
        assert_eq!(
            cuts_text((0.2, 0.05)),
            format!(
                "{} outside the draft and less than 0.05 times in the draft",
                likely("0.2")
            )
        );
    }

    /// A policy bot whose weights were not fitted with some of the cast's characters is
    /// warned of once per spec, naming exactly those characters (on `all-characters`, the
    /// linear weights know `first-game`'s eight); weights fitted with every character
    /// (`casts`), the heuristic, and the default on `first-game` are not warned of.
    #[test]
    fn policy_bots_not_fitted_with_the_cast_are_warned_of_once() {
        let rules = |preset: &str| {
            crate::config::load_preset(preset)
                .unwrap()
                .rules(5)
                .unwrap()
        };
        let (all, first) = (rules("all-characters"), rules("first-game"));
        let spec = |text: &str| BotSpec::parse(text).unwrap();
        let warnings = |rules, bots: &[BotSpec]| unfitted_warnings(rules, bots);
        let linear = "policy:weights=linear";
        let mixed = [
            spec(linear),
            spec("heuristic"),
            spec(linear),
            spec("policy:weights=casts"),
            spec(linear),
        ];
        let lines = warnings(&all, &mixed);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with(
            "warning: bot `policy:weights=linear` was not fitted with 19 of the cast's 27"
        ));
        let named: Vec<&str> = lines[0]
            .split_once(" (")
            .and_then(|(_, rest)| rest.split_once("):"))
            .map(|(list, _)| list.split(", ").collect())
            .unwrap();
        let expected: Vec<&str> = cast_characters(&all)
            .into_iter()
            .filter(|c| !cast_characters(&first).contains(c))
            .map(|c| c.name())
            .collect();
        assert_eq!(named, expected);
        assert!(warnings(&all, &[spec("policy:weights=casts"), spec("heuristic")]).is_empty());
        assert!(warnings(&first, &[spec("policy"), spec("policy:weights=linear")]).is_empty());
        // Two specs of weights that do not know the cast: a line each.
        assert_eq!(
            warnings(&all, &[spec(linear), spec("policy:weights=net")]).len(),
            2
        );
        // The head of a summary of several configs: each line once (the same config at two
        // counts of the same cast gives it once), after its config's label, then a blank
        // line; nothing without a warning.
        let unfitted = [spec(linear)];
        let head = summary_head([
            (Some("A"), &first, &unfitted[..]),
            (Some("B"), &all, &unfitted[..]),
            (Some("B"), &all, &unfitted[..]),
            (Some("C"), &all, &unfitted[..]),
        ]);
        let head_lines: Vec<&str> = head.lines().collect();
        assert_eq!(head_lines.len(), 3, "{head}");
        assert_eq!(
            head_lines[0],
            lines[0].replacen("warning: ", "warning: B: ", 1)
        );
        assert_eq!(
            head_lines[1],
            lines[0].replacen("warning: ", "warning: C: ", 1)
        );
        assert_eq!(head_lines[2], "");
        assert!(head.ends_with("\n\n"));
        assert_eq!(summary_head([(None, &first, &unfitted[..])]), "");
        assert_eq!(
            summary_head([(None, &all, &unfitted[..])]),
            format!("{}\n\n", lines[0])
        );
    }

    /// Configs that play different bots for the same `--bots` (the default policy on a cast
    /// its built-in weights know and on one they do not) are named with their bots, once per
    /// config; configs that play the same bots, and a single config, get no note.
    #[test]
    fn configs_playing_different_bots_are_noted_at_the_head() {
        let preset = |name: &str| crate::config::load_preset(name).unwrap();
        let (first, all) = (preset("first-game"), preset("all-characters"));
        let (first_rules, all_rules) = (first.rules(5).unwrap(), all.rules(5).unwrap());
        let bots = |config: &crate::config::RunConfig| {
            vec![BotSpec::parse("policy").unwrap().for_cast(&config.cast); 4]
        };
        let (on_first, on_all) = (bots(&first), bots(&all));
        let head = summary_head([
            (Some("A"), &first_rules, &on_first[..]),
            (Some("B"), &all_rules, &on_all[..]),
            (Some("B"), &all_rules, &on_all[..]),
        ]);
        assert!(
            head.starts_with(
                "note: the configs play different bots (A: policy; B: policy:weights=casts): "
            ),
            "{head}"
        );
        assert_eq!(head.lines().count(), 2, "{head}");
        let same = summary_head([
            (Some("A"), &first_rules, &on_all[..]),
            (Some("B"), &all_rules, &on_all[..]),
        ]);
        assert_eq!(same, "");
        assert_eq!(summary_head([(None, &all_rules, &on_all[..])]), "");
    }

    #[test]
    fn one_block_per_player_count_with_aligned_rows() {
        let (r4, r5) = (
            crate::config::load_preset("first-game")
                .unwrap()
                .rules(4)
                .unwrap(),
            crate::config::load_preset("first-game")
                .unwrap()
                .rules(5)
                .unwrap(),
        );
        let mut s4 = Stats::new(4);
        let mut s5 = Stats::new(5);
        for i in 0..50 {
            s4.add(&synthetic(4, i));
            s5.add(&synthetic(5, i));
        }
        let sections = [
            Section {
                rules: &r4,
                stats: &s4,
                bots: &[],
            },
            Section {
                rules: &r5,
                stats: &s5,
                bots: &[],
            },
        ];
        let text = render(&sections, &super::super::run_tables::all(&sections));
        assert!(text.starts_with("== 4 players ==\ngames 50  stalled 4"));
        assert!(text.contains(
            "\nwarning: 4 of 50 games (8.00%) hit the round cap (100) and were not scored\n"
        ));
        assert!(text.contains("\n\n== 5 players ==\n"));
        let king_rows: Vec<&str> = text.lines().filter(|l| l.starts_with("King ")).collect();
        assert_eq!(king_rows.len(), 2);
        let header = text.lines().find(|l| l.starts_with("character")).unwrap();
        assert_eq!(king_rows[0].len(), header.len());
        assert!(text.contains("0 (first crown)"));
        assert!(
            !text.contains("\nbot "),
            "one bot in every seat: no bot table"
        );
    }

    /// Seats that play different bots get a bot table: each spec once, over its seats, with
    /// the figures of `bots.csv`.
    #[test]
    fn mixed_seats_get_a_bot_table() {
        let rules = crate::config::load_preset("first-game")
            .unwrap()
            .rules(4)
            .unwrap();
        let mut stats = Stats::new(4);
        for i in 0..40 {
            stats.add(&synthetic(4, i));
        }
        let bots = crate::bots::BotSpec::parse_list("heuristic,random,random,random").unwrap();
        let section = Section {
            rules: &rules,
            stats: &stats,
            bots: &bots,
        };
        let sections = std::slice::from_ref(&section);
        let text = render(sections, &super::super::run_tables::all(sections));
        let rows: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("bot "))
            .take(3)
            .collect();
        let results = bot_results(&section);
        assert_eq!(results.len(), 2);
        let heuristic = &results[0];
        assert_eq!(heuristic.total, stats.by_seat[0]);
        assert!(rows[1].starts_with("heuristic "), "{text}");
        assert!(
            rows[1].contains(&format!(" {} ", stats.by_seat[0].games)),
            "{}",
            rows[1]
        );
        assert!(rows[1].contains(&pct(heuristic.rate.value)), "{}", rows[1]);
        assert!(rows[2].starts_with("random "), "{text}");
        assert_eq!(results[1].total.games, 3 * stats.by_seat[0].games);
    }
}
