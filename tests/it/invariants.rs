//! Invariants checked after every action over many random-bot games at every player count:
//! cards conserved, gold never negative, legal actions never empty before the end, every game
//! ends or is counted stalled.

use crate::common::{first_game_rules, rules_with_rank9};
use citadels_sim::bots::{AnyBot, Bot, BotSpec};
use citadels_sim::engine::sets::CardSet;
use citadels_sim::engine::state::{Pending, State};
use citadels_sim::engine::{Rules, Seat, View, apply, legal_actions, new_game, to_move, try_apply};
use citadels_sim::sim::{bot_seed, game_seed};

/// Every card of the game is in exactly one place: deck, a hand, a city, or a pending choice.
fn check_cards(state: &State) {
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    let mut add = |set: CardSet| {
        assert!(!seen.intersects(set), "a card is in two places");
        seen = seen.union(set);
        count += set.len();
    };
    for seat in 0..state.players as usize {
        add(state.hand[seat]);
        add(state.city[seat]);
    }
    match state.turn.pending {
        Pending::Keep { drawn, .. } => add(drawn),
        Pending::MagicianDiscard { cards } => add(cards),
        Pending::DenPayment { card, .. } => add(CardSet::EMPTY.union(CardSet(1u128 << card.0))),
        Pending::None => {}
    }
    let deck: CardSet = state.deck.iter().collect();
    assert_eq!(deck.len(), state.deck.len(), "a card is twice in the deck");
    add(deck);
    assert_eq!(seen, state.in_game, "cards lost or created");
    assert_eq!(count, state.in_game.len());
}

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
            apply(rules, &mut state, action);
            check_cards(&state);
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

#[test]
fn random_games_keep_invariants_at_every_player_count() {
    let games = 10_000 / 7 + 1;
    for players in 2..=8u8 {
        let rules = match players {
            4..=7 => first_game_rules(players),
            _ => rules_with_rank9(players, true),
        };
        let stalled = run_random_games(&rules, games, 42);
        assert!(stalled < games, "every game stalled at {players} players");
    }
}
