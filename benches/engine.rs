//! Engine and bot throughput on fixed seeds: whole games per second (random, heuristic and
//! policy bots: the default, with its draft layer, and the linear weights; 5 players, three
//! presets), and legal-action generation and applying actions over the positions of
//! recorded games.

use citadels_sim::bots::BotSpec;
use citadels_sim::config::load_preset;
use citadels_sim::engine::action::Action;
use citadels_sim::engine::ids::Seat;
use citadels_sim::engine::rules::Rules;
use citadels_sim::engine::state::State;
use citadels_sim::engine::{apply, legal_actions};
use citadels_sim::sim::{Observer, game_seed, play_game, play_observed};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const GAMES_PER_ITER: u64 = 100;

fn rules(preset: &str) -> Rules {
    load_preset(preset)
        .and_then(|config| config.rules(5))
        .expect("preset at 5 players")
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("games_5p");
    group.throughput(Throughput::Elements(GAMES_PER_ITER));
    let cases = [
        ("first-game", BotSpec::random()),
        ("first-game", BotSpec::heuristic()),
        (
            "first-game",
            BotSpec::parse("policy").expect("the policy bot"),
        ),
        (
            "first-game",
            BotSpec::parse("policy:weights=linear:drawn=Destroy").expect("the linear policy"),
        ),
        ("all-characters", BotSpec::heuristic()),
        (
            "all-characters",
            BotSpec::parse("policy:weights=casts").expect("the casts weights"),
        ),
        ("all-districts", BotSpec::heuristic()),
    ];
    for (preset, spec) in cases {
        let rules = rules(preset);
        let bots = vec![spec.clone(); 5];
        let mut next = 0u64;
        group.bench_function(format!("{preset}/{spec}"), |b| {
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

/// Every position of some games, with the action played there.
struct Positions(Vec<(State, Action)>);

impl Observer for Positions {
    fn before_action(&mut self, _: &Rules, state: &State, _: Seat, action: Action) {
        self.0.push((state.clone(), action));
    }
}

fn recorded(rules: &Rules) -> Vec<(State, Action)> {
    let bots = vec![BotSpec::heuristic(); 5];
    let mut positions = Positions(Vec::new());
    let mut legal = Vec::new();
    for i in 0..20 {
        play_observed(rules, game_seed(3, 5, i), &bots, &mut legal, &mut positions);
    }
    positions.0
}

fn engine(c: &mut Criterion) {
    let rules = rules("first-game");
    let positions = recorded(&rules);
    let mut out = Vec::with_capacity(64);
    let mut group = c.benchmark_group("engine_5p_first_game");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            for (state, _) in &positions {
                legal_actions(&rules, black_box(state), &mut out);
            }
        })
    });
    group.bench_function("copy_state_and_apply", |b| {
        b.iter(|| {
            for (state, action) in &positions {
                let mut next = state.clone();
                apply(&rules, &mut next, *action);
                black_box(&next);
            }
        })
    });
    group.bench_function("copy_state", |b| {
        b.iter(|| {
            for (state, _) in &positions {
                black_box(state.clone());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, games, engine);
criterion_main!(benches);
