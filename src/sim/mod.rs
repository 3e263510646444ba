//! Playing games: one game with its bots (`play_game`), seeds, and the parallel runner.

pub mod runner;

use crate::bots::{AnyBot, BotSpec};
use crate::engine::rng::mix;
use crate::engine::rules::Rules;
use crate::stats::record::GameRecord;

/// The seed of game `index` at a player count, from the run's master seed.
pub fn game_seed(master: u64, players: u8, index: u64) -> u64 {
    mix(mix(master, players as u64), index)
}

/// Plays one game to its end (or the round cap) and returns its record. `bots` holds one
/// spec per seat (absolute seats; the first crown holder is drawn from the seed).
pub fn play_game(rules: &Rules, seed: u64, bots: &[BotSpec]) -> GameRecord {
    let _ = (rules, seed, bots, AnyBot::new);
    todo!("engine in progress")
}

/// Plays one game like `play_game` and also returns its readable log: every pick, action,
/// build, and the final score breakdown.
pub fn replay_game(rules: &Rules, seed: u64, bots: &[BotSpec]) -> (GameRecord, String) {
    let _ = (rules, seed, bots);
    todo!("engine in progress")
}
