//! Rank 5: the Bishop, the Abbot and the Cardinal ("Character Abilities in Detail"), one test
//! per sentence of the rulebook or ruling, driven through real selection phases and turns.

use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::state::{Pending, State};
use citadels_sim::engine::{Action, Character, District, Rules, Seat, to_move};

fn abbot_taxes(actions: &[Action]) -> Vec<Seat> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::AbbotTax(s) => Some(*s),
            _ => None,
        })
        .collect()
}

/// Seat 0 is the Cardinal at the start of his turn; cities, hands and stashes are empty.
fn at_cardinal() -> (Rules, State) {
    let rules = cast_with_artist(4, &[Character::Cardinal], false);
    let mut state = first_turn(&rules, &[R5, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R5);
    blank(&mut state);
    (rules, state)
}

// ---------------------------------------------------------------- Bishop

/// Bishop: "You gain one gold for each religious district in your city."
#[test]
fn bishop_gains_gold_per_religious_district() {
    let (rules, mut state) = four_seated([BISHOP, KING, MERCHANT, WARLORD]);
    skip_to(&rules, &mut state, BISHOP);
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Church, Cathedral, Manor],
    );
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 3);
}

/// docs/rules.md: "Bishop and Warlord held by one player (2-3 players): the Bishop's
/// protection covers his city, so his Warlord cannot destroy his own districts." Bishop:
/// "During this round, the rank 8 character ... cannot use its ability on your districts."
/// (3 players play with a rank 9 character: the Artist.)
#[test]
fn bishop_and_warlord_of_one_player_cannot_destroy_his_own_districts() {
    let rules = rules_with_cast(3, &first_game_cast_with(&[C::Artist]));
    let mut state = game_with(
        &rules,
        7,
        Seat(0),
        ASSASSIN,
        &[
            (Seat(0), BISHOP),
            (Seat(0), WARLORD),
            (Seat(1), KING),
            (Seat(2), MERCHANT),
        ],
    );
    assert_eq!(state.ranks_of(Seat(0)).0, (1 << 5) | (1 << 8));
    blank(&mut state);
    skip_to(&rules, &mut state, WARLORD);
    assert_eq!(state.turn.seat, Seat(0));
    assert!(state.revealed.contains(BISHOP));
    set_city(&rules, &mut state, Seat(0), &[Temple, Manor]);
    let king_city = set_city(&rules, &mut state, Seat(1), &[Tavern]);
    let merchant_city = set_city(&rules, &mut state, Seat(2), &[Market]);
    state.gold[0] = 10;
    assert_eq!(
        destroys(&legal(&rules, &state)),
        sorted(vec![(Seat(1), king_city[0]), (Seat(2), merchant_city[0])])
    );
}

// ---------------------------------------------------------------- Abbot

/// Abbot: "You gain either one gold or one card for each religious district in your city. You
/// can choose any combination of the two resources ... You must declare the combination of
/// resources you wish to take before taking them."
#[test]
fn abbot_takes_any_split_of_gold_and_cards_per_religious_district() {
    let (rules, mut state) = abbot_turn();
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Church, Monastery, Manor],
    );
    clear_hand(&mut state, Seat(0));
    set_gold(&mut state, [0, 0, 0, 0]);
    let actions = legal(&rules, &state);
    assert_eq!(abbot_incomes(&actions), vec![0, 1, 2, 3]);
    assert!(!actions.contains(&Action::TakeIncome));
    let top = stack_deck(&rules, &mut state, &[Tavern, Market]);
    act(&rules, &mut state, Action::AbbotIncome(1));
    assert_eq!(state.gold[0], 1);
    assert_eq!(state.hand[0], set_of(&top));
    assert!(abbot_incomes(&legal(&rules, &state)).is_empty(), "once");
}

/// Abbot: "If at any point during your turn you are not the player with the most gold, the
/// richest player must give you one gold from his stash."
#[test]
fn richest_player_gives_the_abbot_one_gold() {
    let (rules, mut state) = abbot_turn();
    set_gold(&mut state, [1, 5, 3, 2]);
    assert_eq!(abbot_taxes(&legal(&rules, &state)), vec![Seat(1)]);
    act(&rules, &mut state, Action::AbbotTax(Seat(1)));
    assert_eq!(state.gold[..4], [2, 4, 3, 2]);
    assert!(
        abbot_taxes(&legal(&rules, &state)).is_empty(),
        "once per turn"
    );
}

/// Abbot: "If at any point during your turn": after building, he may no longer be the
/// richest.
#[test]
fn abbot_who_becomes_poorer_during_his_turn_gets_the_gold() {
    let (rules, mut state) = abbot_turn();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle]);
    set_gold(&mut state, [6, 5, 0, 0]);
    assert!(abbot_taxes(&legal(&rules, &state)).is_empty());
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 4);
    assert_eq!(abbot_taxes(&legal(&rules, &state)), vec![Seat(1)]);
    act(&rules, &mut state, Action::AbbotTax(Seat(1)));
    assert_eq!(state.gold[..2], [5, 4]);
}

/// Abbot: "If there is a tie for the richest player, choose which of the tied players must
/// give you one of his gold."
#[test]
fn abbot_chooses_among_tied_richest_players() {
    let (rules, mut state) = abbot_turn();
    set_gold(&mut state, [1, 5, 5, 2]);
    assert_eq!(abbot_taxes(&legal(&rules, &state)), vec![Seat(1), Seat(2)]);
    act(&rules, &mut state, Action::AbbotTax(Seat(2)));
    assert_eq!(state.gold[..4], [2, 5, 4, 2]);
}

/// Abbot: "If you are among those tied for the richest player, you do not receive any gold."
#[test]
fn abbot_among_the_richest_receives_nothing() {
    let (rules, mut state) = abbot_turn();
    set_gold(&mut state, [5, 5, 3, 2]);
    assert!(abbot_taxes(&legal(&rules, &state)).is_empty());
    set_gold(&mut state, [6, 5, 3, 2]);
    assert!(abbot_taxes(&legal(&rules, &state)).is_empty());
}

// ---------------------------------------------------------------- Cardinal

/// Cardinal: "You gain one card for each religious district in your city."
#[test]
fn cardinal_gains_one_card_per_religious_district() {
    let (rules, mut state) = at_cardinal();
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Church, Manor, Tavern],
    );
    let top = stack_deck(&rules, &mut state, &[Castle, Market, Palace]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.hand[0], set_of(&top[..2]));
    assert_eq!(state.gold[0], 0);
    assert!(!offers(&rules, &state, Action::TakeIncome));
    assert_conserved(&state);
}

/// Cardinal: "If you want to build a district, but you do not have enough gold to do so, you
/// can take the remaining gold needed from one player."
#[test]
fn cardinal_takes_the_remaining_gold_from_one_player() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Palace, Temple, Tavern, Manor],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1..4].copy_from_slice(&[2, 3, 10]);
    // Palace (5) misses 3 gold: seats 2 and 3 have it. Manor (3) misses 1: anyone has it.
    let expected = sorted(vec![
        (hand[0], Seat(2)),
        (hand[0], Seat(3)),
        (hand[3], Seat(1)),
        (hand[3], Seat(2)),
        (hand[3], Seat(3)),
    ]);
    assert_eq!(borrows(&legal(&rules, &state)), expected);
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(2)));
    assert_eq!(state.gold[..4], [5, 2, 0, 10]);
}

/// Cardinal: "For each gold you take, you must give that player one card from your hand."
/// The Cardinal chooses the cards.
#[test]
fn cardinal_gives_one_chosen_card_per_gold_taken() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Palace, Temple, Tavern, Manor, Castle],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold[2] = 3;
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(2)));
    for (i, &given) in [hand[4], hand[1], hand[3]].iter().enumerate() {
        assert_eq!(to_move(&state), Some(Seat(0)), "the Cardinal chooses");
        let expected: Vec<Action> = state.hand[0].iter().map(Action::Give).collect();
        assert_eq!(sorted(legal(&rules, &state)), sorted(expected));
        assert!(matches!(
            state.turn.pending,
            Pending::CardinalGive { remaining, .. } if remaining as usize == 3 - i
        ));
        act(&rules, &mut state, Action::Give(given));
    }
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.hand[2], set_of(&[hand[4], hand[1], hand[3]]));
    assert_eq!(state.hand[0], set_of(&[hand[2]]));
    assert_conserved(&state);
}

/// Cardinal: "Then you must pay to build that district in your city." He pays the full cost
/// (his own gold and the gold taken) and the district counts toward his building limit.
#[test]
fn cardinal_then_pays_the_full_cost_to_build() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle, Temple, Tavern]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1] = 4;
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(1)));
    act(&rules, &mut state, Action::Give(hand[1]));
    act(&rules, &mut state, Action::Give(hand[2]));
    assert_eq!(state.city[0], set_of(&[hand[0]]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.gold[1], 2);
    assert_eq!(state.turn.built, 1);
    assert!(builds(&legal(&rules, &state)).is_empty());
    assert!(borrows(&legal(&rules, &state)).is_empty());
}

/// Cardinal: "A player cannot deny you his gold, and you cannot take more gold than is needed
/// to build the intended district."
#[test]
fn cardinal_lender_cannot_deny_and_no_more_than_needed_is_taken() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Palace, Temple, Tavern, Manor],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold[3] = 10;
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(3)));
    // The lender is not asked anything; exactly the 3 missing gold moved.
    assert_eq!(to_move(&state), Some(Seat(0)));
    assert_eq!(state.gold[3], 7);
    assert_eq!(state.gold[0], 5);
    for &c in &hand[1..] {
        act(&rules, &mut state, Action::Give(c));
    }
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.hand[3].len(), 3);
}

/// The Cardinal takes gold only when short: a district he can afford is simply built.
#[test]
fn cardinal_does_not_borrow_for_a_district_he_can_afford() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Castle, Temple, Tavern, Manor],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold = [4, 9, 9, 9, 0, 0, 0, 0];
    assert!(borrows(&legal(&rules, &state)).is_empty());
    assert_eq!(sorted(builds(&legal(&rules, &state))), sorted(hand.clone()));
}

/// The Cardinal must give one card per gold: without enough other cards in hand he cannot
/// take the gold.
#[test]
fn cardinal_needs_a_card_to_give_for_each_gold() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Palace, Temple, Tavern]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1] = 10;
    // Palace misses 3 gold, but only 2 other cards.
    assert!(borrows(&legal(&rules, &state)).is_empty());
    let more = take(&rules, &mut state, Manor);
    state.hand[0].insert(more);
    let got = borrows(&legal(&rules, &state));
    assert!(got.contains(&(hand[0], Seat(1))));
}

/// Cardinal: "you can take the remaining gold needed from one player"; Factory: "You pay 1
/// fewer gold to build any other unique district." With the Factory the Library costs him 5,
/// so with 2 gold he takes 3 (not 4) and gives 3 cards.
#[test]
fn cardinal_with_the_factory_takes_only_the_discounted_missing_gold() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Cardinal]));
    let mut state = blank_first_turn(&rules, &[R5, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R5);
    let factory = set_city(&rules, &mut state, Seat(0), &[Factory]);
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Library, Temple, Tavern, Manor],
    );
    for seat in 1..4 {
        clear_hand(&mut state, Seat(seat));
    }
    act(&rules, &mut state, Action::TakeGold);
    state.gold[..4].copy_from_slice(&[2, 2, 3, 10]);
    // Library: 6 - 1 = 5, 3 missing (3 other cards to give); Manor: 1 missing.
    assert_eq!(
        borrows(&legal(&rules, &state)),
        sorted(vec![
            (hand[0], Seat(2)),
            (hand[0], Seat(3)),
            (hand[3], Seat(1)),
            (hand[3], Seat(2)),
            (hand[3], Seat(3)),
        ])
    );
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(2)));
    assert_eq!(state.gold[..4], [5, 2, 0, 10]);
    for &card in &hand[1..] {
        act(&rules, &mut state, Action::Give(card));
    }
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.city[0], set_of(&[factory[0], hand[0]]));
    assert_eq!(state.gold[..4], [0, 2, 0, 10]);
    assert_eq!(state.hand[2], set_of(&hand[1..]));
    assert!(state.hand[0].is_empty());
}
