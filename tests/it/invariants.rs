//! Invariants checked after every action over many random-bot games at every player count:
//! cards conserved, gold never negative, legal actions never empty before the end, every game
//! ends or is counted stalled.

use crate::common::{assert_conserved, first_game_rules, rules_with_rank9};
use citadels_sim::bots::{AnyBot, Bot, BotSpec};
use citadels_sim::config::load_preset;
use citadels_sim::engine::{
    Action, CardId, Character, District, DistrictType, Rank, Rules, Seat, View, apply,
    legal_actions, new_game, to_move, try_apply,
};
use citadels_sim::sim::{bot_seed, game_seed};

/// Actions tried against `try_apply` whenever they are not legal.
const PROBES: [Action; 6] = [
    Action::EndTurn,
    Action::TakeGold,
    Action::Pick(Rank(1)),
    Action::Build(CardId(0)),
    Action::Kill(Rank(1)),
    Action::MagicianDraw,
];

/// Plays `games` random games checking the invariants after every action; returns how many
/// stalled.
fn run_random_games(rules: &Rules, games: u64, master: u64) -> u64 {
    let mut legal = Vec::new();
    let mut stalled = 0;
    for i in 0..games {
        let seed = game_seed(master, rules.players, i);
        let mut bots: Vec<AnyBot> = (0..rules.players)
            .map(|s| AnyBot::new(&BotSpec::Random, bot_seed(seed, Seat(s))))
            .collect();
        let mut state = new_game(rules, seed);
        let mut actions = 0u32;
        while let Some(seat) = to_move(&state) {
            legal_actions(rules, &state, &mut legal);
            assert!(
                !legal.is_empty(),
                "no legal action before the end (game {i})"
            );
            let action = bots[seat.index()].decide(&View::new(rules, &state, seat), &legal);
            if actions.is_multiple_of(7) {
                // try_apply accepts listed actions (checked on a copy, then applied for real).
                let mut copy = state.clone();
                try_apply(rules, &mut copy, action).expect("a listed action is accepted");
            }
            // try_apply refuses actions that are not listed, and leaves the state unchanged.
            for probe in PROBES {
                if !legal.contains(&probe) {
                    let before = state.clone();
                    assert!(
                        try_apply(rules, &mut state, probe).is_err(),
                        "{probe:?} accepted"
                    );
                    assert_eq!(state, before);
                }
            }
            apply(rules, &mut state, action);
            assert_conserved(&state);
            assert!(state.gold.iter().all(|&g| g < 10_000), "gold out of range");
            actions += 1;
            assert!(actions < 200_000, "game {i} does not end");
        }
        assert!(state.round <= rules.options.round_cap);
        if state.stalled {
            stalled += 1;
        } else {
            assert!(
                state.first_complete.is_some(),
                "a scored game has a completed city"
            );
        }
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
