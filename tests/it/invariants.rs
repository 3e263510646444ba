//! Invariants checked after every action over many random-bot games at every player count:
//! cards conserved, gold never negative, legal actions never empty before the end, every game
//! ends or is counted stalled.

use crate::common::{first_game_rules, rules_with_rank9};
use citadels_sim::config::load_preset;
use citadels_sim::engine::check::fuzz_game_probing;
use citadels_sim::engine::rng::{GameRng, mix};
use citadels_sim::engine::{Character, District, DistrictType, Rules};
use citadels_sim::sim::game_seed;

/// `try_apply` is probed (accepting the chosen action, refusing unlisted ones) before one
/// action in this many; the invariants are checked after every action.
const PROBE_EVERY: u64 = 7;

/// Plays `games` random games checking the invariants after every action
/// (`engine::check`); returns how many stalled.
fn run_random_games(rules: &Rules, games: u64, master: u64) -> u64 {
    let mut stalled = 0;
    for i in 0..games {
        let seed = game_seed(master, rules.players, i);
        let mut choices = GameRng::new(mix(seed, 0xB07));
        let stats = fuzz_game_probing(rules, seed, PROBE_EVERY, |n| {
            choices.below(n as u32) as usize
        })
        .unwrap_or_else(|e| panic!("game {i} (seed {seed}): {e}"));
        stalled += stats.stalled as u64;
    }
    stalled
}

/// Rules whose cast is drawn per game from all three characters of every rank (rank 9 at
/// every count it may play), less those the rulebook forbids at `players`.
fn all_characters_rules(players: u8) -> Rules {
    let mut config = load_preset("first-game").expect("built-in preset");
    config.options.use_rank9 = players >= 4;
    let cast: Vec<Vec<Character>> = (1..=9u8)
        .map(|rank| {
            Character::ALL
                .iter()
                .copied()
                .filter(|c| c.rank().0 == rank)
                .filter(|&c| !(c == Character::Queen && players < 5))
                .filter(|&c| !(c == Character::Emperor && players == 2))
                .collect()
        })
        .collect();
    Rules::new(players, &cast, &config.deck(), &[], 0, &config.options).expect("valid rules")
}

#[test]
fn random_casts_of_all_27_characters_keep_invariants() {
    // 100,000 games in total over 2-8 players.
    for players in 2..=8u8 {
        let rules = all_characters_rules(players);
        let stalled = run_random_games(&rules, 100_000 / 7 + 1, 77);
        assert!(
            stalled < 100,
            "{stalled} games stalled at {players} players"
        );
    }
}

/// Rules drawing 14 of all 32 unique districts (the 30 of 2016 and the 2021 Hospital and
/// Graveyard) per game, with casts drawn from all 27 characters.
fn all_districts_rules(players: u8) -> Rules {
    let casts = all_characters_rules(players);
    let config = load_preset("first-game").expect("built-in preset");
    let basics: Vec<_> = config
        .deck()
        .into_iter()
        .filter(|s| s.dtype != DistrictType::Unique)
        .collect();
    let catalog = citadels_sim::config::catalog::Catalog::embedded().expect("catalog");
    let pool: Vec<_> = District::ALL
        .iter()
        .filter(|&&d| catalog.is_unique(d))
        .map(|&d| catalog.spec(d))
        .collect();
    let cast: Vec<Vec<Character>> = casts.cast_pools[1..].to_vec();
    Rules::new(players, &cast, &basics, &pool, 14, &casts.options).expect("valid rules")
}

#[test]
fn random_district_pools_keep_invariants() {
    // 100,000 games in total over 2-8 players.
    for players in 2..=8u8 {
        let rules = all_districts_rules(players);
        assert_eq!(rules.pool.len(), 32);
        let stalled = run_random_games(&rules, 100_000 / 7 + 1, 99);
        assert!(
            stalled < 100,
            "{stalled} games stalled at {players} players"
        );
    }
}

#[test]
fn random_games_keep_invariants_at_every_player_count() {
    let games = 10_000;
    for players in 2..=8u8 {
        let rules = match players {
            4..=7 => first_game_rules(players),
            _ => rules_with_rank9(players, true),
        };
        let stalled = run_random_games(&rules, games, 42);
        assert!(stalled < games, "every game stalled at {players} players");
    }
}
