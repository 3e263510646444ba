//! Rank 7: the Architect, the Navigator and the Scholar ("Character Abilities in Detail"),
//! one test per sentence of the rulebook or ruling, driven through real selection phases and
//! turns.

use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::sets::CardSet;
use citadels_sim::engine::state::{Pending, State};
use citadels_sim::engine::{Action, CardId, Character, District, Rules, Seat};

fn at_navigator() -> (Rules, State) {
    let rules = cast_with_artist(4, &[Character::Navigator], false);
    let mut state = first_turn(&rules, &[R7, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R7);
    blank(&mut state);
    (rules, state)
}

/// The deck, top card first.
fn deck_vec(state: &State) -> Vec<CardId> {
    state.deck.iter().collect()
}

// ---------------------------------------------------------------- Architect

/// Architect: "Gain two extra cards. You can use this ability regardless of which resource
/// you gathered this turn."
#[test]
fn architect_gains_two_extra_cards() {
    let (rules, mut state) = four_seated([ARCHITECT, KING, BISHOP, WARLORD]);
    skip_to(&rules, &mut state, ARCHITECT);
    let seat = state.turn.seat;
    clear_hand(&mut state, seat);
    let top = stack_deck(&rules, &mut state, &[Palace, Temple, Market]);
    act(&rules, &mut state, Action::ArchitectDraw);
    assert_eq!(state.hand[seat.index()], set_of(&top[..2]));
    assert!(!legal(&rules, &state).contains(&Action::ArchitectDraw));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.hand[seat.index()].len(), 2);
}

/// Architect: "Your building limit this turn is three."
#[test]
fn architect_builds_up_to_three_districts() {
    let (rules, mut state) = four_seated([ARCHITECT, KING, BISHOP, WARLORD]);
    skip_to(&rules, &mut state, ARCHITECT);
    let seat = state.turn.seat;
    clear_city(&mut state, seat);
    let hand = set_hand(
        &rules,
        &mut state,
        seat,
        &[Temple, Tavern, Watchtower, Manor],
    );
    state.gold[seat.index()] = 20;
    act(&rules, &mut state, Action::TakeGold);
    for &card in &hand[..3] {
        act(&rules, &mut state, Action::Build(card));
    }
    assert_eq!(state.city[seat.index()], set_of(&hand[..3]));
    assert_eq!(state.gold[seat.index()], 19);
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::Build(_)))
    );
}

/// "A player has a building limit of one district per turn": other characters build one.
#[test]
fn other_characters_build_one_district() {
    for rank in [KING, BISHOP, WARLORD] {
        let (rules, mut state) = four_seated([ARCHITECT, KING, BISHOP, WARLORD]);
        skip_to(&rules, &mut state, rank);
        let seat = state.turn.seat;
        clear_city(&mut state, seat);
        let hand = set_hand(&rules, &mut state, seat, &[Temple, Tavern]);
        state.gold[seat.index()] = 20;
        act(&rules, &mut state, Action::TakeGold);
        act(&rules, &mut state, Action::Build(hand[0]));
        let after = legal(&rules, &state);
        assert!(!after.iter().any(|a| matches!(a, Action::Build(_))));
        assert!(after.contains(&Action::EndTurn));
    }
}

/// "each character's abilities apply only during its own turn ... the Architect's ability to
/// build more than one district does not apply during his Warlord turn."
#[test]
fn two_players_architect_limit_not_in_warlord_turn() {
    let rules = rules_with_rank9(2, false);
    let mut state = citadels_sim::engine::new_game(&rules, 5);
    arrange_draft(&mut state, Seat(0), &[], &[ASSASSIN]);
    drive_draft(
        &rules,
        &mut state,
        &[(Seat(0), ARCHITECT), (Seat(0), WARLORD)],
    );
    assert_eq!(state.ranks_of(Seat(0)).0, (1 << 7) | (1 << 8));
    skip_to(&rules, &mut state, ARCHITECT);
    clear_city(&mut state, Seat(0));
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Tavern, Watchtower, Manor, Market],
    );
    state.gold[0] = 30;
    act(&rules, &mut state, Action::TakeGold);
    for &c in &hand[..3] {
        act(&rules, &mut state, Action::Build(c));
    }
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!((state.turn.rank, state.turn.seat), (WARLORD, Seat(0)));
    let actions = legal(&rules, &state);
    assert!(!actions.contains(&Action::ArchitectDraw));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[3]));
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::Build(_)))
    );
    assert_eq!(state.city[0].len(), 4);
}

// ---------------------------------------------------------------- Navigator

/// Navigator: "You gain either four gold or four cards."
#[test]
fn navigator_gains_four_gold_or_four_cards_once() {
    let (rules, mut state) = at_navigator();
    act(&rules, &mut state, Action::NavigatorGold);
    assert_eq!(state.gold[0], 4);
    assert!(!offers(&rules, &state, Action::NavigatorGold));
    assert!(!offers(&rules, &state, Action::NavigatorCards));

    let (rules, mut state) = at_navigator();
    let top = stack_deck(&rules, &mut state, &[Palace, Temple, Market, Castle, Docks]);
    act(&rules, &mut state, Action::NavigatorCards);
    assert_eq!(state.hand[0], set_of(&top[..4]));
    assert_eq!(state.gold[0], 0);
    assert!(!offers(&rules, &state, Action::NavigatorGold));
    assert!(!offers(&rules, &state, Action::NavigatorCards));
    assert_conserved(&state);
}

/// Navigator: "You can use this ability regardless of which resource you gathered this turn."
#[test]
fn navigator_ability_with_either_resource_gathered() {
    let (rules, mut state) = at_navigator();
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::NavigatorGold);
    assert_eq!(state.gold[0], 6);

    let (rules, mut state) = at_navigator();
    act(&rules, &mut state, Action::DrawCards);
    let keep = legal(&rules, &state)[0];
    act(&rules, &mut state, keep);
    act(&rules, &mut state, Action::NavigatorCards);
    assert_eq!(state.hand[0].len(), 5);
}

/// Navigator: "You cannot build any districts during your turn—not even districts that do not
/// count toward your building limit."
#[test]
fn navigator_cannot_build_any_district() {
    let (rules, mut state) = at_navigator();
    set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Tavern, Market, ThievesDen],
    );
    state.gold[0] = 20;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::NavigatorGold);
    let actions = legal(&rules, &state);
    assert!(
        !actions
            .iter()
            .any(|a| matches!(a, Action::Build(_) | Action::BorrowBuild(..))),
        "{actions:?}"
    );
    assert!(actions.contains(&Action::EndTurn));
}

/// Navigator: "You cannot build any districts during your turn—not even districts that do
/// not count toward your building limit." Neither the Stables (outside the limit) nor a
/// Framework or Necropolis build (not paid) is offered.
#[test]
fn navigator_cannot_build_the_stables_or_with_the_framework_or_the_necropolis() {
    let rules = rules_with_cast_and_uniques(
        4,
        &first_game_cast_with(&[C::Navigator]),
        &[Stables, Framework, Necropolis],
    );
    let mut state = blank_first_turn(&rules, &[R7, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R7);
    set_city(&rules, &mut state, Seat(0), &[Framework, Temple]);
    set_hand(&rules, &mut state, Seat(0), &[Stables, Necropolis, Manor]);
    state.gold[0] = 20;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        sorted(legal(&rules, &state)),
        sorted(vec![
            Action::NavigatorGold,
            Action::NavigatorCards,
            Action::EndTurn
        ])
    );
    act(&rules, &mut state, Action::NavigatorGold);
    assert_eq!(legal(&rules, &state), vec![Action::EndTurn]);
    assert_eq!(state.gold[0], 26);
}

/// Navigator: "You cannot build any districts during your turn—not even districts that do not
/// count toward your building limit": not the Stables, nor with the Framework or the
/// Necropolis.
#[test]
fn navigator_builds_neither_the_stables_nor_with_the_framework_or_necropolis() {
    let rules = deck19_rules(4, &[C::Navigator]);
    let mut state = deck19_at(&rules, &[R7, R1, R2, R3], R8, R7);
    set_city(&rules, &mut state, Seat(0), &[Framework, Temple]);
    set_hand(&rules, &mut state, Seat(0), &[Stables, Necropolis, Manor]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 20;
    assert!(any_builds(&rules, &state).is_empty());
    assert!(offers(&rules, &state, Action::EndTurn));
}

// ---------------------------------------------------------------- Scholar

/// Scholar: "Draw seven cards from the deck and choose one to add to your hand."
#[test]
fn scholar_draws_seven_and_keeps_one() {
    let (rules, mut state) = at_scholar();
    let top = stack_deck(
        &rules,
        &mut state,
        &[Palace, Temple, Market, Castle, Docks, Prison, Church, Manor],
    );
    act(&rules, &mut state, Action::ScholarDraw);
    assert!(matches!(
        state.turn.pending,
        Pending::Keep { drawn, keep: 1, shuffle: true } if drawn == set_of(&top[..7])
    ));
    let expected: Vec<Action> = top[..7].iter().map(|&c| Action::Keep(c)).collect();
    assert_eq!(sorted(legal(&rules, &state)), sorted(expected));
    act(&rules, &mut state, Action::Keep(top[3]));
    assert_eq!(state.hand[0], set_of(&[top[3]]));
    assert_eq!(state.turn.pending, Pending::None);
    assert!(
        !offers(&rules, &state, Action::ScholarDraw),
        "once per turn"
    );
    assert_conserved(&state);
}

/// Scholar: "Shuffle the other six cards back into the district deck and place it facedown in
/// the center of the table."
#[test]
fn scholar_shuffles_the_other_six_back_into_the_deck() {
    let (rules, mut state) = at_scholar();
    let top = stack_deck(
        &rules,
        &mut state,
        &[Palace, Temple, Market, Castle, Docks, Prison, Church],
    );
    let before = deck_vec(&state);
    act(&rules, &mut state, Action::ScholarDraw);
    act(&rules, &mut state, Action::Keep(top[0]));
    let after = deck_vec(&state);
    assert_eq!(after.len(), before.len() - 1);
    let after_set: CardSet = after.iter().copied().collect();
    let before_set: CardSet = before.iter().copied().collect();
    assert_eq!(after_set, before_set.minus(set_of(&[top[0]])));
    // Not put at the bottom like ordinary discards: the whole deck was shuffled.
    let mut discarded_order = before[7..].to_vec();
    discarded_order.extend(&top[1..]);
    assert_ne!(after, discarded_order);
    assert_ne!(
        after[..before.len() - 7],
        before[7..],
        "the deck was shuffled"
    );
    assert_conserved(&state);
}

/// With fewer than seven cards in the deck the Scholar draws what is there.
#[test]
fn scholar_draws_what_is_left_of_a_short_deck() {
    let (rules, mut state) = at_scholar();
    // Move all but three cards of the deck into seat 3's hand.
    let deck = deck_vec(&state);
    for &c in &deck[3..] {
        state.hand[3].insert(c);
    }
    state.deck = citadels_sim::engine::state::Deck::from_cards(&deck[..3]);
    act(&rules, &mut state, Action::ScholarDraw);
    assert!(matches!(
        state.turn.pending,
        Pending::Keep { drawn, keep: 1, .. } if drawn == set_of(&deck[..3])
    ));
    act(&rules, &mut state, Action::Keep(deck[1]));
    assert_eq!(state.hand[0], set_of(&[deck[1]]));
    assert_eq!(state.deck.len(), 2);
    assert_conserved(&state);
}

/// Scholar: "Your building limit this turn is two."
#[test]
fn scholar_builds_up_to_two_districts() {
    let (rules, mut state) = at_scholar();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern, Watchtower]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert!(!builds(&legal(&rules, &state)).is_empty());
    act(&rules, &mut state, Action::Build(hand[1]));
    assert!(builds(&legal(&rules, &state)).is_empty());
    assert_eq!(state.city[0], set_of(&hand[..2]));
}
