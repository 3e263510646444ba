//! Engine and bot throughput: whole games per second with random and heuristic bots at
//! 5 players, and legal-action generation, on fixed seeds.

use citadels_sim::bots::BotSpec;
use citadels_sim::config::load_preset;
use citadels_sim::engine::{legal_actions, new_game};
use citadels_sim::sim::{game_seed, play_game};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const GAMES_PER_ITER: u64 = 100;

fn games(c: &mut Criterion) {
    let rules = load_preset("first-game")
        .and_then(|config| config.rules(5))
        .expect("first-game preset at 5 players");
    let mut group = c.benchmark_group("games_5p_first_game");
    group.throughput(Throughput::Elements(GAMES_PER_ITER));
    for spec in [BotSpec::Random, BotSpec::heuristic()] {
        let bots = vec![spec.clone(); 5];
        let mut next = 0u64;
        group.bench_function(spec.to_string(), |b| {
            b.iter(|| {
                for _ in 0..GAMES_PER_ITER {
                    next += 1;
                    black_box(play_game(&rules, game_seed(7, 5, next), &bots));
                }
            })
        });
    }
    group.finish();
}

fn legal(c: &mut Criterion) {
    let rules = load_preset("first-game")
        .and_then(|config| config.rules(5))
        .expect("first-game preset at 5 players");
    let state = new_game(&rules, 11);
    let mut out = Vec::with_capacity(64);
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_actions_draft", |b| {
        b.iter(|| legal_actions(&rules, black_box(&state), &mut out))
    });
    group.finish();
}

criterion_group!(benches, games, legal);
criterion_main!(benches);
