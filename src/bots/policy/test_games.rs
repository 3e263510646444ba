//! Test helpers for the policy bot: random games whose decisions a test looks
//! at, and small random weights.

use crate::config::load_preset;
use crate::engine::action::Action;
use crate::engine::legal::{legal_actions, to_move};
use crate::engine::rng::GameRng;
use crate::engine::rules::Rules;
use crate::engine::state::State;
use crate::engine::view::View;
use crate::engine::{apply, new_game};

/// Plays first-game games of random moves at `players`, one per seed in `seeds` (each
/// seed's moves drawn from `GameRng::new(seed)`), and shows `visit` every decision: the
/// seed, the state, the deciding seat's view and its legal moves.
pub(crate) fn each_decision(
    players: u8,
    seeds: std::ops::Range<u64>,
    visit: impl FnMut(u64, &State, &View, &[Action]),
) {
    each_decision_of("first-game", players, seeds, visit);
}

/// `each_decision` with the built-in preset `preset`.
pub(crate) fn each_decision_of(
    preset: &str,
    players: u8,
    seeds: std::ops::Range<u64>,
    mut visit: impl FnMut(u64, &State, &View, &[Action]),
) {
    let rules = preset_rules(preset, players);
    let mut legal = Vec::new();
    for seed in seeds {
        let mut state = new_game(&rules, seed);
        let mut rng = GameRng::new(seed);
        while let Some(seat) = to_move(&state) {
            legal_actions(&rules, &state, &mut legal);
            visit(seed, &state, &View::new(&rules, &state, seat), &legal);
            let action = legal[rng.below(legal.len() as u32) as usize];
            apply(&rules, &mut state, action);
        }
    }
}

/// The rules of the built-in preset `preset` at `players`.
pub(crate) fn preset_rules(preset: &str, players: u8) -> Rules {
    load_preset(preset)
        .and_then(|c| c.rules(players))
        .expect("a built-in preset")
}

/// `n` weights drawn evenly from -1 to 1 in steps of 0.001.
pub(crate) fn small_values(rng: &mut GameRng, n: usize) -> Vec<f32> {
    (0..n)
        .map(|_| (rng.below(2001) as f32 - 1000.0) / 1000.0)
        .collect()
}
