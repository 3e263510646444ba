//! Diagnostics of the ISMCTS search: on decisions sampled from games of heuristic bots
//! (first-game preset, 4 players), how often two searches with different seeds agree, how
//! often 1,000 and 4,000 iterations choose the same move, and the root's visit distribution.
//!
//! `cargo run --release --example ismcts_probe -- [positions] [spec-params...]`, e.g.
//! `cargo run --release --example ismcts_probe -- 40 rounds=2`.

use citadels_sim::bots::Bot;
use citadels_sim::bots::ismcts::{IsmctsBot, IsmctsParams};
use citadels_sim::config::load_preset;
use citadels_sim::engine::rng::GameRng;
use citadels_sim::engine::{Action, Rules, Seat, State, View};
use citadels_sim::sim::heuristic_position;

/// A decision with at least three legal moves, picked at random along a heuristic game.
fn position(rules: &Rules, seed: u64) -> Option<(State, Seat, Vec<Action>)> {
    let mut rng = GameRng::new(seed ^ 0x5eed);
    heuristic_position(rules, seed, |_, legal| {
        legal.len() > 2 && rng.below(12) == 0
    })
}

fn search(
    rules: &Rules,
    pos: &(State, Seat, Vec<Action>),
    params: &IsmctsParams,
    iters: u32,
    seed: u64,
) -> (Action, IsmctsBot) {
    let mut bot = IsmctsBot::new(
        IsmctsParams {
            iters,
            ..params.clone()
        },
        seed,
    );
    let action = bot.decide(&View::new(rules, &pos.0, pos.1), &pos.2);
    (action, bot)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(30);
    let mut params = IsmctsParams::default();
    for kv in args.iter().skip(1) {
        let (k, v) = kv.split_once('=').expect("key=value");
        params.set(k, v).expect("parameter");
    }
    let rules = load_preset("first-game")
        .and_then(|c| c.rules(4))
        .expect("preset");
    let (mut same_1k, mut same_4k, mut same_1k_4k, mut n) = (0, 0, 0, 0);
    let mut seed = 0;
    while n < count {
        seed += 1;
        let Some(pos) = position(&rules, seed) else {
            continue;
        };
        n += 1;
        let (a1, b1) = search(&rules, &pos, &params, 1000, 1);
        let (a2, _) = search(&rules, &pos, &params, 1000, 2);
        let (c1, b4) = search(&rules, &pos, &params, 4000, 1);
        let (c2, _) = search(&rules, &pos, &params, 4000, 2);
        same_1k += (a1 == a2) as u32;
        same_4k += (c1 == c2) as u32;
        same_1k_4k += (a1 == c1) as u32;
        println!(
            "seed {seed} round {} phase {:?} {} legal: 1k {a1} / {a2}, 4k {c1} / {c2}",
            pos.0.round,
            pos.0.phase,
            pos.2.len()
        );
        for (label, bot) in [("1k", &b1), ("4k", &b4)] {
            let mut kids = bot.root_children();
            kids.sort_by_key(|k| std::cmp::Reverse(k.1));
            let text: Vec<String> = kids
                .iter()
                .take(5)
                .map(|(a, v, m)| format!("{a}:{v}:{m:.3}"))
                .collect();
            println!("   {label} {}", text.join("  "));
        }
    }
    println!(
        "{n} positions: 1k seeds agree {same_1k}, 4k seeds agree {same_4k}, 1k=4k (seed 1) {same_1k_4k}"
    );
}
