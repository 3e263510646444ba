//! Determinism: a game is fully replayable from (rules, seed, bots).

use crate::common::first_game_rules;
use citadels_sim::bots::BotSpec;
use citadels_sim::sim::{game_seed, play_game, replay_game};

#[test]
fn replay_plays_the_same_game_as_the_run() {
    let rules = first_game_rules(5);
    let bots = vec![BotSpec::Heuristic; 5];
    for i in 0..20 {
        let seed = game_seed(3, 5, i);
        let record = play_game(&rules, seed, &bots);
        let (replayed, log) = replay_game(&rules, seed, &bots);
        assert_eq!(record, replayed, "game {i}");
        assert!(log.contains("Game over") || log.contains("Stalled"));
    }
}

#[test]
fn different_seeds_give_different_games() {
    let rules = first_game_rules(4);
    let bots = vec![BotSpec::Random; 4];
    let a = play_game(&rules, game_seed(1, 4, 0), &bots);
    let b = play_game(&rules, game_seed(1, 4, 1), &bots);
    assert_ne!(a, b);
}
