//! Long fuzzing run: random rules and random legal actions, every invariant checked after
//! every action (see `citadels_sim::engine::check`). One thread.
//!
//! `cargo run --release --example fuzz_run -- GAMES [SEED]`
//!
//! `try_apply` is probed before every 16th action (every action in the test suite).
//!
//! Each rule set (drawn from `SEED` and an index) plays 100 games. Prints the figures every
//! million games and at the end; on the first failure prints a line to reproduce it and
//! exits with status 1.

use citadels_sim::config::random::random_rules;
use citadels_sim::engine::check::fuzz_game_probing;
use citadels_sim::engine::rng::{GameRng, mix};
use std::time::Instant;

/// `try_apply` is probed before one action in this many (every action in the test suite).
const PROBE_EVERY: u64 = 16;

/// Games played under each random rule set.
const GAMES_PER_RULES: u64 = 100;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let start = Instant::now();
    let (mut played, mut actions, mut stalled, mut skipped) = (0u64, 0u64, 0u64, 0u64);
    let report = |played: u64, actions: u64, stalled: u64, skipped: u64| {
        println!(
            "games {played} actions {actions} stalled {stalled} skipped-rules {skipped} \
             elapsed {:.1}s",
            start.elapsed().as_secs_f64()
        );
    };
    let mut rules_index = 0u64;
    while played < games {
        let rules_seed = mix(seed, rules_index);
        rules_index += 1;
        let mut rng = GameRng::new(rules_seed);
        let Ok(rules) = random_rules(|n| rng.below(n)) else {
            skipped += 1;
            continue;
        };
        for g in 0..GAMES_PER_RULES.min(games - played) {
            let game_seed = mix(rules_seed, g);
            let mut choices = GameRng::new(mix(game_seed, 0xF022));
            match fuzz_game_probing(&rules, game_seed, PROBE_EVERY, |n| {
                choices.below(n as u32) as usize
            }) {
                Ok(stats) => {
                    actions += stats.actions;
                    stalled += stats.stalled as u64;
                }
                Err(e) => {
                    report(played, actions, stalled, skipped);
                    println!("FAILED rules seed {rules_seed} game seed {game_seed}: {e}");
                    println!("rules: {rules:?}");
                    std::process::exit(1);
                }
            }
            played += 1;
            if played.is_multiple_of(1_000_000) {
                report(played, actions, stalled, skipped);
            }
        }
    }
    report(played, actions, stalled, skipped);
}
