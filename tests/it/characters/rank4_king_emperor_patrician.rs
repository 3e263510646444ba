//! Rank 4: the King, the Emperor and the Patrician ("Character Abilities in Detail"), one
//! test per sentence of the rulebook or ruling, driven through real selection phases and
//! turns.

use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::state::{Pending, Phase, State};
use citadels_sim::engine::{Action, Character, District, Rules, Seat, to_move};

/// The Emperor's turn (seat 1, gathered); the crown is on seat 0.
fn emperor_turn() -> (Rules, State) {
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Emperor]),
        [ASSASSIN, EMPEROR, MERCHANT, WARLORD],
    );
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (EMPEROR, Seat(1)));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.crown, Seat(0));
    (rules, state)
}

fn patrician_game() -> (Rules, State) {
    game_with_cast(
        cast_replacing(&[C::Patrician]),
        [ASSASSIN, PATRICIAN, MERCHANT, WARLORD],
    )
}

// ---------------------------------------------------------------- King

/// King: "You gain one gold for each noble district in your city."
#[test]
fn king_gains_gold_per_noble_district_once() {
    let (rules, mut state) = four_seated([ASSASSIN, KING, BISHOP, WARLORD]);
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, KING);
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Manor, Castle, Temple, Tavern],
    );
    state.gold[1] = 1;
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[1], 3);
    assert!(!legal(&rules, &state).contains(&Action::TakeIncome));
}

/// King: "At some point during your turn, you must take the crown. ... you will be the first
/// to choose a character during the next round".
#[test]
fn king_takes_the_crown_and_picks_first_next_round() {
    let (rules, mut state) = four_seated([ASSASSIN, BISHOP, KING, WARLORD]);
    assert_eq!(state.crown, Seat(0));
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, KING);
    assert_eq!(state.crown, Seat(2));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.crown, Seat(2));
    assert_eq!(to_move(&state), Some(Seat(2)));
}

/// King: "If you are killed, you skip your turn ... At the end of the round, reveal the King's
/// character card and take the crown as the King's heir."
#[test]
fn killed_king_heir_takes_the_crown_at_round_end() {
    let (rules, mut state) = four_seated([ASSASSIN, BISHOP, KING, WARLORD]);
    act(&rules, &mut state, Action::Kill(KING));
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, BISHOP);
    pass_turn(&rules, &mut state);
    // The King is skipped and the crown has not moved during the round.
    assert_eq!(state.turn.rank, WARLORD);
    assert_eq!(state.crown, Seat(0));
    pass_turn(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.crown, Seat(2));
    assert_eq!(to_move(&state), Some(Seat(2)));
}

/// Without a King in play the crown stays where it is.
#[test]
fn crown_stays_when_nobody_holds_the_king() {
    let (rules, mut state) = four_seated([ASSASSIN, BISHOP, MERCHANT, WARLORD]);
    assert!(state.owner[KING.index()].is_none());
    finish_round(&rules, &mut state);
    assert_eq!(state.crown, Seat(0));
    assert_eq!(to_move(&state), Some(Seat(0)));
}

// ---------------------------------------------------------------- Emperor

/// Emperor: "You gain one gold for each noble district in your city."
#[test]
fn emperor_gains_gold_per_noble_district() {
    let (rules, mut state) = emperor_turn();
    set_city(&rules, &mut state, Seat(1), &[Manor, Castle, Temple]);
    state.gold[1] = 0;
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[1], 2);
}

/// Emperor: "At some point during your turn, you must take the crown from the player who has
/// it and give it to a different player, but not yourself."
#[test]
fn emperor_must_give_the_crown_to_another_player_before_ending_the_turn() {
    let (rules, mut state) = emperor_turn();
    let before = legal(&rules, &state);
    assert!(!before.contains(&Action::EndTurn));
    let gives: Vec<Action> = before
        .into_iter()
        .filter(|a| matches!(a, Action::GiveCrown(_)))
        .collect();
    assert_eq!(
        gives,
        vec![Action::GiveCrown(Seat(2)), Action::GiveCrown(Seat(3))]
    );
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    if state.turn.pending != Pending::None {
        act(&rules, &mut state, Action::LootGold);
    }
    assert_eq!(state.crown, Seat(2));
    let after = legal(&rules, &state);
    assert!(after.contains(&Action::EndTurn));
    assert!(!after.iter().any(|a| matches!(a, Action::GiveCrown(_))));
    act(&rules, &mut state, Action::EndTurn);
    finish_round(&rules, &mut state);
    assert_eq!(
        to_move(&state),
        Some(Seat(2)),
        "the new crowned player picks first"
    );
}

/// Emperor: "You take either one gold from his stash or one card at random from his hand":
/// with both, the Emperor chooses; here gold.
#[test]
fn emperor_chooses_one_gold_from_the_new_crowned_player() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 3, 2]);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Castle, Temple]);
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::LootGold, Action::LootCard]
    );
    act(&rules, &mut state, Action::LootGold);
    assert_eq!(state.gold[..4], [2, 5, 2, 2]);
    assert_eq!(state.hand[2], set_of(&hand));
}

/// Emperor: "... or one card at random from his hand."
#[test]
fn emperor_chooses_a_random_card_from_the_new_crowned_player() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 3, 2]);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Castle, Temple]);
    let emperor_hand = state.hand[1];
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    act(&rules, &mut state, Action::LootCard);
    assert_eq!(state.gold[..4], [2, 4, 3, 2]);
    assert_eq!(state.hand[2].len(), 1);
    let taken = set_of(&hand).minus(state.hand[2]);
    assert_eq!(taken.len(), 1);
    assert_eq!(state.hand[1], emperor_hand.union(taken));
    assert_conserved(&state);
}

/// Emperor: with gold and no cards, the gold is taken (no choice).
#[test]
fn emperor_takes_the_gold_when_the_crowned_player_has_no_cards() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 3, 2]);
    clear_hand(&mut state, Seat(2));
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.gold[..4], [2, 5, 2, 2]);
    assert!(offers(&rules, &state, Action::EndTurn));
}

/// Emperor: with cards and no gold, a random card is taken (no choice).
#[test]
fn emperor_takes_a_card_when_the_crowned_player_has_no_gold() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 0, 2]);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Castle]);
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    assert_eq!(state.turn.pending, Pending::None);
    assert!(state.hand[2].is_empty());
    assert!(state.hand[1].contains(hand[0]));
    assert_eq!(state.gold[..4], [2, 4, 0, 2]);
}

/// Emperor: "If he has neither gold in his stash nor cards in hand, you do not take anything."
#[test]
fn emperor_takes_nothing_from_a_player_with_neither() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 0, 2]);
    clear_hand(&mut state, Seat(2));
    let emperor_hand = state.hand[1];
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.gold[..4], [2, 4, 0, 2]);
    assert_eq!(state.hand[1], emperor_hand);
    assert_eq!(state.crown, Seat(2));
}

/// Emperor: "If you are killed, you skip your turn ... At the end of the round, reveal the
/// Emperor's character card and, as the Emperor's advisor, take the crown from the player who
/// has it and give it to a different player, but not yourself. You do not take a resource from
/// the new crowned player."
#[test]
fn killed_emperors_advisor_gives_the_crown_at_the_end_of_the_round() {
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Emperor]),
        [ASSASSIN, EMPEROR, MERCHANT, WARLORD],
    );
    act(&rules, &mut state, Action::Kill(EMPEROR));
    let mut turns = Vec::new();
    while state.phase == Phase::Turns {
        turns.push(state.turn.rank.0);
        pass_turn(&rules, &mut state);
    }
    assert_eq!(turns, vec![1, 6, 8]);
    assert_eq!(state.phase, Phase::EmperorAdvisor(Seat(1)));
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::GiveCrown(Seat(2)), Action::GiveCrown(Seat(3))]
    );
    let gold = state.gold;
    let hands = state.hand;
    act(&rules, &mut state, Action::GiveCrown(Seat(3)));
    assert_eq!(state.crown, Seat(3));
    assert_eq!(state.gold, gold);
    assert_eq!(state.hand, hands);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(to_move(&state), Some(Seat(3)));
}

/// Emperor: "you must take the crown from the player who has it and give it to a different
/// player, but not yourself." When his own player holds the crown, he takes it from himself
/// and gives it to any other player.
#[test]
fn emperor_holding_the_crown_gives_it_to_any_other_player() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Emperor]));
    let mut state = blank_first_turn(&rules, &[R4, R1, R6, R8], R2);
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (R4, Seat(0)));
    assert_eq!(state.crown, Seat(0));
    act(&rules, &mut state, Action::TakeGold);
    let actions = legal(&rules, &state);
    assert!(!actions.contains(&Action::EndTurn));
    let gives: Vec<Action> = actions
        .into_iter()
        .filter(|a| matches!(a, Action::GiveCrown(_)))
        .collect();
    assert_eq!(
        gives,
        vec![
            Action::GiveCrown(Seat(1)),
            Action::GiveCrown(Seat(2)),
            Action::GiveCrown(Seat(3))
        ]
    );
    state.gold[1] = 3;
    act(&rules, &mut state, Action::GiveCrown(Seat(1)));
    assert_eq!(state.crown, Seat(1));
    // Seat 1 has gold and no cards: the Emperor takes one gold.
    assert_eq!(state.gold[..2], [3, 2]);
    assert!(offers(&rules, &state, Action::EndTurn));
}

// ---------------------------------------------------------------- Patrician

/// Patrician: "You gain one card for each noble district in your city."
#[test]
fn patrician_gains_one_card_per_noble_district() {
    let (rules, mut state) = patrician_game();
    pass_turn(&rules, &mut state);
    set_city(&rules, &mut state, Seat(1), &[Manor, Palace, Temple]);
    clear_hand(&mut state, Seat(1));
    state.gold[1] = 0;
    let top = stack_deck(&rules, &mut state, &[Tavern, Market]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.hand[1], set_of(&top));
    assert_eq!(state.gold[1], 0);
    assert!(!offers(&rules, &state, Action::TakeIncome));
}

/// Patrician: "At some point during your turn, you must take the crown. ... you will be the
/// first to choose a character during the next round".
#[test]
fn patrician_takes_the_crown() {
    let (rules, mut state) = patrician_game();
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, PATRICIAN);
    assert_eq!(state.crown, Seat(1));
    finish_round(&rules, &mut state);
    assert_eq!(state.crown, Seat(1));
    assert_eq!(to_move(&state), Some(Seat(1)));
}

/// Patrician: "If you are killed, you skip your turn like any other character. At the end of
/// the round, reveal the Patrician's character card and take the crown as the Patrician's
/// heir."
#[test]
fn killed_patricians_heir_takes_the_crown_at_the_end_of_the_round() {
    let (rules, mut state) = patrician_game();
    act(&rules, &mut state, Action::Kill(PATRICIAN));
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, MERCHANT);
    assert_eq!(state.crown, Seat(0));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.crown, Seat(1));
    assert_eq!(to_move(&state), Some(Seat(1)));
}
