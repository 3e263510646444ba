//! The `[rules]` table: the game's options.

use crate::config::files::RulesFile;
use crate::engine::rules::Options;

/// The `[rules]` table: every key is checked, and every problem reported.
pub(super) fn options(r: &RulesFile) -> Result<Options, Vec<String>> {
    let d = Options::default();
    let mut errors: Vec<String> = Vec::new();
    // Range-checks one integer option (`rules.KEY = VALUE: allowed: LO to HI`); the default
    // stands in for a bad value so that the other keys are still checked.
    let mut ranged = |key: &str, value: Option<i64>, default: u16, lo: i64, hi: i64| -> u16 {
        match value {
            None => default,
            Some(v) if (lo..=hi).contains(&v) => v as u16,
            Some(v) => {
                errors.push(format!("rules.{key} = {v}: allowed: {lo} to {hi}"));
                default
            }
        }
    };
    let bonus = 50;
    let starting_gold = ranged(
        "starting_gold",
        r.starting_gold,
        d.starting_gold.into(),
        0,
        50,
    );
    let starting_cards = ranged(
        "starting_cards",
        r.starting_cards,
        d.starting_cards.into(),
        0,
        12,
    );
    let gather_gold = ranged("gather_gold", r.gather_gold, d.gather_gold.into(), 0, 20);
    let gather_draw = ranged("gather_draw", r.gather_draw, d.gather_draw.into(), 1, 10);
    let gather_keep = ranged("gather_keep", r.gather_keep, d.gather_keep.into(), 1, 10);
    let first_complete_bonus = ranged(
        "first_complete_bonus",
        r.first_complete_bonus,
        d.first_complete_bonus.into(),
        0,
        bonus,
    );
    let complete_bonus = ranged(
        "complete_bonus",
        r.complete_bonus,
        d.complete_bonus.into(),
        0,
        bonus,
    );
    let all_types_bonus = ranged(
        "all_types_bonus",
        r.all_types_bonus,
        d.all_types_bonus.into(),
        0,
        bonus,
    );
    let round_cap = ranged("round_cap", r.round_cap, d.round_cap, 1, 1000);
    let complete_city = match &r.complete_city {
        None => d.complete_city,
        Some(toml::Value::String(s)) if s == "default" => None,
        Some(toml::Value::Integer(n)) if (1..=20).contains(n) => Some(*n as u8),
        Some(other) => {
            errors.push(format!(
                "rules.complete_city = {other}: allowed: 1 to 20, or \"default\" \
                 (the rulebook's 7, 8 at 2-3 players)"
            ));
            d.complete_city
        }
    };
    if r.gather_keep.is_some_and(|k| (1..=10).contains(&k)) && gather_keep > gather_draw {
        errors.push(format!(
            "rules.gather_keep = {gather_keep}: allowed: 1 to gather_draw ({gather_draw}); \
             cannot keep more cards than drawn"
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Options {
        complete_city,
        starting_gold: starting_gold as u8,
        starting_cards: starting_cards as u8,
        gather_gold: gather_gold as u8,
        gather_draw: gather_draw as u8,
        gather_keep: gather_keep as u8,
        first_complete_bonus: first_complete_bonus as u8,
        complete_bonus: complete_bonus as u8,
        all_types_bonus: all_types_bonus as u8,
        round_cap,
        use_rank9: r.use_rank9.unwrap_or(d.use_rank9),
        tie_break: d.tie_break,
        edition: d.edition,
        numbers: d.numbers,
    })
}
