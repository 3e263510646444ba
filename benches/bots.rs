//! Bot throughput on fixed mid-game positions (first-game preset, 4 players, fixed seeds):
//! ISMCTS iterations per second (the full budget, `stop=0`), determinizations per second, and
//! one ISMCTS decision of 1,000 iterations at the defaults (early stopping on) and at the
//! full budget.

use citadels_sim::bots::Bot;
use citadels_sim::bots::ismcts::{IsmctsBot, IsmctsParams};
use citadels_sim::config::load_preset;
use citadels_sim::engine::rng::GameRng;
use citadels_sim::engine::state::Phase;
use citadels_sim::engine::{Action, Rules, Seat, State, View};
use citadels_sim::sim::heuristic_position;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// The first turn-phase decision with several legal actions from round 3 on, of the game
/// with this seed played by heuristic bots.
fn mid_game(rules: &Rules, seed: u64) -> (State, Seat, Vec<Action>) {
    heuristic_position(rules, seed, |state, legal| {
        state.round >= 3 && state.phase == Phase::Turns && legal.len() > 2
    })
    .unwrap_or_else(|| panic!("game {seed} ended before a mid-game decision"))
}

fn bots(c: &mut Criterion) {
    let rules = load_preset("first-game")
        .and_then(|config| config.rules(4))
        .expect("first-game preset at 4 players");
    let positions: Vec<_> = [3, 11, 29].iter().map(|&s| mid_game(&rules, s)).collect();

    let mut group = c.benchmark_group("ismcts_4p_first_game");
    const ITERS: u32 = 200;
    group.throughput(Throughput::Elements(ITERS as u64));
    for (i, (state, seat, legal)) in positions.iter().enumerate() {
        let params = IsmctsParams {
            iters: ITERS,
            stop: 0.0,
            ..IsmctsParams::default()
        };
        let mut bot = IsmctsBot::new(params, 7);
        group.bench_function(format!("iterations/position{i}"), |b| {
            b.iter(|| black_box(bot.decide(&View::new(&rules, state, *seat), legal)))
        });
    }
    group.throughput(Throughput::Elements(1));
    for (i, (state, seat, _)) in positions.iter().enumerate() {
        let mut rng = GameRng::new(5);
        group.bench_function(format!("determinize/position{i}"), |b| {
            b.iter(|| black_box(View::new(&rules, state, *seat).determinize(&mut rng)))
        });
        // What each iteration of a search pays: a sample from the plan made once.
        let determinizer = View::new(&rules, state, *seat).determinizer();
        let mut rng = GameRng::new(5);
        group.bench_function(format!("determinizer_sample/position{i}"), |b| {
            b.iter(|| black_box(determinizer.sample(&mut rng)))
        });
    }
    let (state, seat, legal) = &positions[0];
    group.sample_size(10);
    for (name, stop) in [
        ("decision_1000_iterations", 1.0),
        ("decision_1000_full", 0.0),
    ] {
        let params = IsmctsParams {
            stop,
            ..IsmctsParams::default()
        };
        let mut bot = IsmctsBot::new(params, 7);
        group.bench_function(format!("{name}/position0"), |b| {
            b.iter(|| black_box(bot.decide(&View::new(&rules, state, *seat), legal)))
        });
    }
    group.finish();
}

criterion_group!(benches, bots);
criterion_main!(benches);
