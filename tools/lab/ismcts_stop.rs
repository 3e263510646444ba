//! What a cheaper ISMCTS search costs in decision quality: on decisions sampled from games of
//! heuristic bots (first-game preset), each candidate spec's iterations per decision and its
//! regret against a long reference search (the reference's mean reward of the best root move
//! less that of the candidate's move), and the paired difference of regret with the first spec
//! (same positions and seeds).
//!
//! `cargo run --release --example ismcts_stop -- POSITIONS PLAYERS REFERENCE_ITERS SEEDS SPEC...`,
//! e.g. `cargo run --release --example ismcts_stop -- 150 5 4000 3 ismcts:iters=300:stop=0
//! ismcts:iters=300 ismcts:iters=300:stop=0.2`.

use citadels_sim::bots::Bot;
use citadels_sim::bots::ismcts::{IsmctsBot, IsmctsParams};
use citadels_sim::bots::spec::{BotKind, BotSpec};
use citadels_sim::config::load_preset;
use citadels_sim::engine::rng::GameRng;
use citadels_sim::engine::{Action, Rules, Seat, State, View};
use citadels_sim::sim::heuristic_position;

/// Every decision with two legal moves or more has a one in eight chance to be the one
/// taken from the game with this seed.
fn sample(rules: &Rules, seed: u64) -> Option<(State, Seat, Vec<Action>)> {
    let mut rng = GameRng::new(seed ^ 0x570b);
    heuristic_position(rules, seed, |_, legal| legal.len() > 1 && rng.below(8) == 0)
}

fn params(spec: &str) -> IsmctsParams {
    match BotSpec::parse(spec).map(|s| s.kind) {
        Ok(BotKind::Ismcts(p)) => p,
        _ => panic!("{spec}: not an ismcts spec"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> u64 { args[i].parse().expect("a whole number") };
    let (count, players, reference, seeds) = (number(0), number(1) as u8, number(2), number(3));
    let specs = &args[4..];
    let rules = load_preset("first-game")
        .and_then(|c| c.rules(players))
        .expect("preset");
    let mut positions = Vec::new();
    let mut seed = 0;
    while positions.len() < count as usize {
        seed += 1;
        positions.extend(sample(&rules, seed));
    }
    // The reference: one long search per position, never stopping early.
    let long = IsmctsParams {
        iters: reference as u32,
        stop: 0.0,
        ..IsmctsParams::default()
    };
    let values: Vec<Vec<(Action, f64)>> = positions
        .iter()
        .map(|(state, seat, legal)| {
            let mut bot = IsmctsBot::new(long.clone(), 99);
            bot.decide(&View::new(&rules, state, *seat), legal);
            bot.root_children()
                .iter()
                .map(|&(a, _, mean)| (a, mean))
                .collect()
        })
        .collect();
    println!(
        "{count} positions at {players} players, reference {reference} iterations, {seeds} seeds"
    );
    let mut first: Vec<f64> = Vec::new();
    for spec in specs {
        let p = params(spec);
        let (mut iters, mut regret, mut regret_sq, mut best, mut n) = (0u64, 0.0, 0.0, 0u32, 0u32);
        let mut regrets = Vec::new();
        for ((state, seat, legal), value) in positions.iter().zip(&values) {
            let top = value.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
            for s in 0..seeds {
                let mut bot = IsmctsBot::new(p.clone(), 1000 + s);
                let chosen = bot.decide(&View::new(&rules, state, *seat), legal);
                iters += u64::from(bot.last_iterations());
                let v = value.iter().find(|v| v.0 == chosen).map_or(0.0, |v| v.1);
                regrets.push(top - v);
                regret += top - v;
                regret_sq += (top - v) * (top - v);
                best += u32::from(top - v == 0.0);
                n += 1;
            }
        }
        let n = f64::from(n);
        let mean = regret / n;
        let se = ((regret_sq / n - mean * mean) / n).sqrt();
        if first.is_empty() {
            first = regrets.clone();
        }
        let d: Vec<f64> = regrets.iter().zip(&first).map(|(r, f)| r - f).collect();
        let d_mean = d.iter().sum::<f64>() / n;
        let d_se = ((d.iter().map(|x| x * x).sum::<f64>() / n - d_mean * d_mean) / n).sqrt();
        println!(
            "{spec}: {:.1} iterations per decision, regret {:.5} (se {:.5}), {:+.5} (se {:.5}) \
             against the first, best move {:.1}%",
            iters as f64 / n,
            mean,
            se,
            d_mean,
            d_se,
            100.0 * f64::from(best) / n
        );
    }
}
