//! Turn rules ("Turn Phase") and the end of the game ("Game End").

use crate::common::*;
use District::*;
use citadels_sim::engine::state::{Pending, Phase, State};
use citadels_sim::engine::{Action, District, Rank, Rules, Seat, try_apply};

/// `first_game_four` with this file's seed.
fn four() -> (Rules, State) {
    first_game_four(33)
}

/// "During a turn, the player must gather resources": no building and no ending the turn
/// before gathering.
#[test]
fn must_gather_before_building_or_ending_the_turn() {
    let (rules, mut state) = four();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple]);
    state.gold[0] = 5;
    let before = legal(&rules, &state);
    assert!(before.contains(&Action::TakeGold));
    assert!(before.contains(&Action::DrawCards));
    assert!(!before.contains(&Action::EndTurn));
    assert!(build_actions(&before).is_empty());
    assert!(try_apply(&rules, &mut state, Action::EndTurn).is_err());
    assert!(try_apply(&rules, &mut state, Action::Build(hand[0])).is_err());
    act(&rules, &mut state, Action::TakeGold);
    let after = legal(&rules, &state);
    assert!(after.contains(&Action::EndTurn));
    assert_eq!(build_actions(&after), vec![Action::Build(hand[0])]);
    // Gathering happens once.
    assert!(!after.contains(&Action::TakeGold));
    assert!(!after.contains(&Action::DrawCards));
}

/// "He can either take two gold from the bank".
#[test]
fn take_gold_gains_two() {
    let (rules, mut state) = four();
    state.gold[0] = 3;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.gold[0], 5);
}

/// "or draw two district cards from the deck, choose one to keep, and discard the other
/// facedown to the bottom of the deck."
#[test]
fn draw_two_keep_one_other_to_the_bottom() {
    let (rules, mut state) = four();
    let top = stack_deck(&rules, &mut state, &[Palace, Temple, Castle]);
    let len = state.deck.len();
    act(&rules, &mut state, Action::DrawCards);
    let mut expected = vec![Action::Keep(top[0]), Action::Keep(top[1])];
    expected.sort();
    let mut got = legal(&rules, &state);
    got.sort();
    assert_eq!(got, expected, "only the choice of the card to keep");
    act(&rules, &mut state, Action::Keep(top[1]));
    assert_eq!(state.hand[0], set_of(&[top[1]]));
    assert_eq!(state.deck.len(), len - 1);
    assert_eq!(state.deck.iter().next(), Some(top[2]));
    assert_eq!(state.deck.iter().last(), Some(top[0]));
    assert_eq!(state.turn.pending, Pending::None);
    assert!(legal(&rules, &state).contains(&Action::EndTurn));
    assert_conserved(&state);
}

/// "pays gold to the bank equal to the district's building cost"; unaffordable districts are
/// not offered.
#[test]
fn building_pays_the_cost() {
    let (rules, mut state) = four();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle, Palace]);
    state.gold[0] = 2;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        build_actions(&legal(&rules, &state)),
        vec![Action::Build(hand[0])]
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.city[0], set_of(&[hand[0]]));
    assert!(state.hand[0].contains(hand[1]));
}

/// "A player has a building limit of one district per turn".
#[test]
fn one_build_per_turn() {
    let (rules, mut state) = four();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert!(build_actions(&legal(&rules, &state)).is_empty());
    assert!(try_apply(&rules, &mut state, Action::Build(hand[1])).is_err());
}

/// "a player cannot build a district that is identical (with the same name) to a district
/// already in his city."
#[test]
fn no_identical_districts() {
    let (rules, mut state) = four();
    set_city(&rules, &mut state, Seat(0), &[Manor]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Manor, Castle]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        build_actions(&legal(&rules, &state)),
        vec![Action::Build(hand[1])]
    );
}

/// Characters are called "in ascending order of their chosen character's rank".
#[test]
fn characters_are_called_in_rank_order() {
    let (rules, mut state) = four();
    let mut order = Vec::new();
    while state.phase == Phase::Turns {
        order.push((state.turn.rank, state.turn.seat));
        pass_turn(&rules, &mut state);
    }
    assert_eq!(
        order,
        vec![
            (ASSASSIN, Seat(0)),
            (KING, Seat(1)),
            (BISHOP, Seat(2)),
            (WARLORD, Seat(3))
        ]
    );
    assert_eq!(state.round, 2);
}

const SIX: [District; 6] = [Temple, Church, Manor, Castle, Tavern, Market];

/// "As soon as a city has seven districts, it has been completed; the game will end after the
/// current round is finished."
#[test]
fn game_ends_after_the_round_in_which_a_city_reaches_seven() {
    let (rules, mut state) = four();
    set_city(&rules, &mut state, Seat(1), &SIX);
    let hand = set_hand(&rules, &mut state, Seat(1), &[Watchtower]);
    skip_to(&rules, &mut state, KING);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.first_complete, Some(Seat(1)));
    act(&rules, &mut state, Action::EndTurn);
    // The round goes on: the Bishop and the Warlord still play, and may build.
    assert_eq!(state.turn.rank, BISHOP);
    let b = set_hand(&rules, &mut state, Seat(2), &[Temple]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(b[0]));
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.turn.rank, WARLORD);
    assert!(!state.is_over());
    pass_turn(&rules, &mut state);
    assert!(state.is_over());
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(state.round, 1);
    assert_eq!(state.city[2], set_of(&b));
}

/// Six districts do not end the game.
#[test]
fn six_districts_do_not_end_the_game() {
    let (rules, mut state) = four();
    set_city(&rules, &mut state, Seat(1), &SIX[..5]);
    let hand = set_hand(&rules, &mut state, Seat(1), &[Watchtower]);
    skip_to(&rules, &mut state, KING);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.first_complete, None);
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.round, 2);
}

/// "2-Player Rule Changes", "Game End": "As soon as a city has eight districts, it has been
/// completed". Seven districts do not end a 2-player game; eight do.
#[test]
fn two_players_need_eight_districts() {
    for (size, ends) in [(6usize, false), (7, true)] {
        let rules = rules_with_rank9(2, false);
        let mut state = citadels_sim::engine::new_game(&rules, 4);
        arrange_draft(&mut state, Seat(0), &[], &[ASSASSIN]);
        drive_draft(&rules, &mut state, &[(Seat(0), KING), (Seat(0), BISHOP)]);
        let seven = [Temple, Church, Manor, Castle, Tavern, Market, Prison];
        set_city(&rules, &mut state, Seat(0), &seven[..size]);
        let hand = set_hand(&rules, &mut state, Seat(0), &[Watchtower]);
        skip_to(&rules, &mut state, KING);
        state.gold[0] = 5;
        act(&rules, &mut state, Action::TakeGold);
        act(&rules, &mut state, Action::Build(hand[0]));
        assert_eq!(state.city[0].len(), size + 1);
        assert_eq!(state.first_complete.is_some(), ends);
        finish_round(&rules, &mut state);
        assert_eq!(state.is_over(), ends, "{} districts", size + 1);
    }
}

/// 3 players also need eight districts.
#[test]
fn three_players_need_eight_districts() {
    let rules = rules_with_rank9(3, true);
    assert_eq!(rules.complete_city, 8);
    let mut state = citadels_sim::engine::new_game(&rules, 4);
    arrange_draft(&mut state, Seat(0), &[], &[Rank(2)]);
    drive_draft(&rules, &mut state, &[(Seat(0), KING), (Seat(1), ASSASSIN)]);
    let seven = [Temple, Church, Manor, Castle, Tavern, Market, Prison];
    set_city(&rules, &mut state, Seat(0), &seven[..6]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Watchtower]);
    skip_to(&rules, &mut state, KING);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 5;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.first_complete, None);
}

/// CARDS.md ruling: "A game that reaches the round cap (a rules option) ends unscored and is
/// counted as stalled": with `round_cap = 1`, no game can end normally.
#[test]
fn round_cap_ends_the_game_unscored_as_stalled() {
    use citadels_sim::bots::BotSpec;
    use citadels_sim::sim::{game_seed, play_game};
    let mut config = citadels_sim::config::load_preset("first-game").unwrap();
    config.options.round_cap = 1;
    let rules = config.rules(4).unwrap();
    for i in 0..20 {
        let record = play_game(&rules, game_seed(1, 4, i), &vec![BotSpec::heuristic(); 4]);
        assert!(record.stalled);
        assert_eq!(record.rounds, 1);
        assert!(record.winners.is_empty());
        assert_eq!(record.scores, [0; 8]);
    }
}

/// "each player takes two turns each round (one turn for each character)": a player with two
/// characters is called twice, once per rank.
#[test]
fn three_players_each_character_has_its_own_turn() {
    let rules = rules_with_rank9(3, true);
    let mut state = citadels_sim::engine::new_game(&rules, 9);
    arrange_draft(&mut state, Seat(1), &[], &[MAGICIAN]);
    drive_draft(
        &rules,
        &mut state,
        &[
            (Seat(1), ASSASSIN),
            (Seat(1), MERCHANT),
            (Seat(2), THIEF),
            (Seat(2), KING),
            (Seat(0), BISHOP),
            (Seat(0), WARLORD),
        ],
    );
    for s in 0..3 {
        assert_eq!(state.ranks_of(Seat(s)).len(), 2);
    }
    assert_eq!(state.owner[ASSASSIN.index()], Some(Seat(1)));
    assert_eq!(state.owner[THIEF.index()], Some(Seat(2)));
    let owners = state.owner;
    let mut turns = Vec::new();
    while state.phase == Phase::Turns {
        turns.push((state.turn.rank.0, state.turn.seat.0));
        // Income and extras belong to the character whose turn it is.
        let actions = legal(&rules, &state);
        assert_eq!(
            actions.contains(&Action::MerchantGold),
            state.turn.rank == MERCHANT
        );
        pass_turn(&rules, &mut state);
    }
    // Every held rank is called once, in rank order, for its holder.
    let expected: Vec<(u8, u8)> = (1..=9u8)
        .filter_map(|r| owners[r as usize].map(|s| (r, s.0)))
        .collect();
    assert_eq!(turns, expected);
    assert_eq!(turns.len(), 6);
}
