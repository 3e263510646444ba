//! The 14 first-game unique districts (CARDS.md and the rulebook's "District
//! Clarifications"), through turns and final scores.

use crate::common::*;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::state::{Pending, State};
use citadels_sim::engine::{Action, District, Rank, Rules, Seat};

/// A 4-player first game at the turn of `rank` (held by seat 0); everyone's hand and city
/// are emptied into the deck and everyone has 0 gold.
fn at_turn(rank: Rank) -> (Rules, State) {
    let rules = first_game_rules(4);
    let others: Vec<Rank> = [ASSASSIN, KING, BISHOP, WARLORD, MERCHANT]
        .into_iter()
        .filter(|&r| r != rank)
        .take(3)
        .collect();
    let mut wanted = vec![(Seat(0), rank)];
    wanted.extend(
        others
            .iter()
            .enumerate()
            .map(|(i, &r)| (Seat(i as u8 + 1), r)),
    );
    let facedown = (1..=8)
        .map(Rank)
        .find(|r| !wanted.iter().any(|&(_, w)| w == *r))
        .unwrap();
    let mut state = game_with(&rules, 21, Seat(0), facedown, &wanted);
    skip_to(&rules, &mut state, rank);
    assert_eq!(state.turn.seat, Seat(0));
    blank_hands_first(&mut state);
    (rules, state)
}

/// Dragon Gate: "End: +2." (cost 6)
#[test]
fn dragon_gate_scores_two_extra_points() {
    let (rules, mut state) = at_turn(KING);
    set_city(&rules, &mut state, Seat(1), &[DragonGate, Manor]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (9, 2, 11));
}

/// Factory: "You pay 1 fewer gold to build any other unique district."
#[test]
fn factory_discounts_other_unique_districts_only() {
    let (rules, mut state) = at_turn(KING);
    set_city(&rules, &mut state, Seat(0), &[Factory]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Keep, Manor, Statue]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    // 2 gold: the Keep and the Statue (3, less 1) are affordable, the Manor (3) is not.
    assert_eq!(
        build_actions(&legal(&rules, &state)),
        vec![Action::Build(hand[0]), Action::Build(hand[2])]
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    assert!(state.city[0].contains(hand[0]));
}

/// The Factory does not discount itself: building it costs its full 5.
#[test]
fn factory_pays_full_cost_for_itself() {
    let (rules, mut state) = at_turn(KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Factory]);
    state.gold[0] = 2;
    act(&rules, &mut state, Action::TakeGold);
    assert!(
        build_actions(&legal(&rules, &state)).is_empty(),
        "4 gold < 5"
    );
    state.gold[0] = 5;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
}

/// Haunted Quarter: "End: counts as any 1 district type of your choice": it completes the
/// five types.
#[test]
fn haunted_quarter_completes_the_five_types() {
    let (rules, mut state) = at_turn(KING);
    set_city(
        &rules,
        &mut state,
        Seat(2),
        &[HauntedQuarter, Manor, Temple, Tavern, Keep],
    );
    let s = score(&rules, &state, Seat(2));
    assert_eq!((s.districts, s.all_types, s.total()), (10, 3, 13));
    // Without it, four types only.
    set_city(&rules, &mut state, Seat(2), &[Manor, Temple, Tavern, Keep]);
    assert_eq!(score(&rules, &state, Seat(2)).all_types, 0);
}

/// "if the Haunted Quarter's owner chooses to count its district type as anything other than
/// unique, it no longer counts as unique": with the Wishing Well, counting it as military
/// gives +3 for the types but one unique less (the engine takes the better total).
#[test]
fn haunted_quarter_as_another_type_is_not_unique_for_wishing_well() {
    let (rules, mut state) = at_turn(KING);
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[WishingWell, HauntedQuarter, Manor, Temple, Tavern],
    );
    let s = score(&rules, &state, Seat(1));
    // Military: all types +3, Wishing Well +1 (itself) = 4 beats unique: +2.
    assert_eq!((s.districts, s.all_types, s.uniques), (12, 3, 1));
    assert_eq!(s.total(), 16);
    // With no chance of all five types it stays unique: Wishing Well counts 3.
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[WishingWell, HauntedQuarter, Keep, Manor],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.all_types, s.uniques), (0, 3));
}

/// Imperial Treasury: "End: +1 per gold in your stash."
#[test]
fn imperial_treasury_scores_one_per_gold() {
    let (rules, mut state) = at_turn(KING);
    set_city(&rules, &mut state, Seat(3), &[ImperialTreasury]);
    state.gold[3] = 7;
    let s = score(&rules, &state, Seat(3));
    assert_eq!((s.districts, s.uniques), (5, 7));
    state.gold[3] = 0;
    assert_eq!(score(&rules, &state, Seat(3)).uniques, 0);
}

/// Keep: "The rank 8 character cannot use its ability on the Keep."
#[test]
fn warlord_cannot_destroy_the_keep() {
    let (rules, mut state) = at_turn(WARLORD);
    let city = set_city(&rules, &mut state, Seat(1), &[Keep, Temple]);
    state.gold[0] = 10;
    let destroys: Vec<Action> = legal(&rules, &state)
        .into_iter()
        .filter(|a| matches!(a, Action::Destroy(..)))
        .collect();
    assert_eq!(destroys, vec![Action::Destroy(Seat(1), city[1])]);
}

/// Laboratory: "Once per turn, discard 1 card from your hand to gain 2 gold."
#[test]
fn laboratory_discards_one_card_for_two_gold_once() {
    let (rules, mut state) = at_turn(KING);
    set_city(&rules, &mut state, Seat(0), &[Laboratory]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Manor]);
    let offered: Vec<Action> = legal(&rules, &state)
        .into_iter()
        .filter(|a| matches!(a, Action::LabDiscard(_)))
        .collect();
    let mut expected = vec![Action::LabDiscard(hand[0]), Action::LabDiscard(hand[1])];
    expected.sort();
    assert_eq!(offered, expected);
    // Before gathering.
    act(&rules, &mut state, Action::LabDiscard(hand[1]));
    assert_eq!(state.gold[0], 2);
    assert_eq!(state.hand[0], set_of(&[hand[0]]));
    assert_eq!(state.deck.iter().last(), Some(hand[1]));
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::LabDiscard(_)))
    );
    assert_conserved(&state);
}

/// Without the Laboratory no discard for gold is offered.
#[test]
fn no_laboratory_no_discard() {
    let (rules, mut state) = at_turn(KING);
    set_hand(&rules, &mut state, Seat(0), &[Temple]);
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::LabDiscard(_)))
    );
}

/// Library: "If you draw cards when gathering resources, keep all the drawn cards."
#[test]
fn library_keeps_all_drawn_cards() {
    let (rules, mut state) = at_turn(KING);
    set_city(&rules, &mut state, Seat(0), &[Library]);
    let top = stack_deck(&rules, &mut state, &[Palace, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    let mut expected = vec![
        Action::KeepAll,
        Action::Keep(top[0].min(top[1])),
        Action::Keep(top[0].max(top[1])),
    ];
    expected.sort();
    let mut got = legal(&rules, &state);
    got.sort();
    assert_eq!(got, expected);
    act(&rules, &mut state, Action::KeepAll);
    assert_eq!(state.hand[0], set_of(&top));
    assert_eq!(state.turn.pending, Pending::None);
    assert_conserved(&state);
}

/// Without the Library only one drawn card may be kept (no KeepAll).
#[test]
fn without_library_keep_all_is_not_offered() {
    let (rules, mut state) = at_turn(KING);
    stack_deck(&rules, &mut state, &[Palace, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    assert!(!legal(&rules, &state).contains(&Action::KeepAll));
}

/// Map Room: "End: +1 per card in your hand."
#[test]
fn map_room_scores_one_per_card_in_hand() {
    let (rules, mut state) = at_turn(KING);
    set_city(&rules, &mut state, Seat(2), &[MapRoom]);
    set_hand(&rules, &mut state, Seat(2), &[Temple, Manor, Palace]);
    let s = score(&rules, &state, Seat(2));
    assert_eq!((s.districts, s.uniques, s.total()), (5, 3, 8));
}

/// Quarry: "You may build districts identical to districts in your city."
#[test]
fn quarry_allows_identical_districts() {
    let (rules, mut state) = at_turn(KING);
    let city = set_city(&rules, &mut state, Seat(0), &[Quarry, Manor]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Manor]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        build_actions(&legal(&rules, &state)),
        vec![Action::Build(hand[0])]
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.city[0], set_of(&[city[0], city[1], hand[0]]));
}

/// School of Magic: "For abilities that gain resources for your districts, counts as the type
/// of your choice": the Merchant gets one more (see characters.rs for the others); a
/// character without income gains nothing from it.
#[test]
fn school_of_magic_adds_one_to_merchant_income_only_for_income_characters() {
    let (rules, mut state) = at_turn(MERCHANT);
    set_city(&rules, &mut state, Seat(0), &[SchoolOfMagic, Tavern]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 2);

    let (rules, mut state) = at_turn(ASSASSIN);
    set_city(&rules, &mut state, Seat(0), &[SchoolOfMagic]);
    assert!(!legal(&rules, &state).contains(&Action::TakeIncome));
}

/// Smithy: "Once per turn, pay 2 gold to gain 3 cards."
#[test]
fn smithy_pays_two_gold_for_three_cards_once() {
    let (rules, mut state) = at_turn(KING);
    set_city(&rules, &mut state, Seat(0), &[Smithy]);
    state.gold[0] = 1;
    assert!(
        !legal(&rules, &state).contains(&Action::SmithyDraw),
        "1 gold"
    );
    state.gold[0] = 3;
    let top = stack_deck(&rules, &mut state, &[Palace, Temple, Market, Castle]);
    act(&rules, &mut state, Action::SmithyDraw);
    assert_eq!(state.gold[0], 1);
    assert_eq!(state.hand[0], set_of(&top[..3]));
    state.gold[0] = 5;
    assert!(!legal(&rules, &state).contains(&Action::SmithyDraw));
}

/// Statue: "End: +5 if you have the crown."
#[test]
fn statue_scores_five_with_the_crown() {
    let (rules, mut state) = at_turn(KING);
    set_city(&rules, &mut state, Seat(0), &[Statue]);
    set_city(&rules, &mut state, Seat(1), &[Keep]);
    // Seat 0 is the King: he has the crown.
    assert_eq!(state.crown, Seat(0));
    let s = score(&rules, &state, Seat(0));
    assert_eq!((s.districts, s.uniques), (3, 5));
    state.crown = Seat(1);
    assert_eq!(score(&rules, &state, Seat(0)).uniques, 0);
}

/// Thieves' Den: "Pay some or all of its cost with cards from your hand, 1 card for 1 gold";
/// the paid cards go to the bottom of the deck.
#[test]
fn thieves_den_paid_with_cards_and_gold() {
    let (rules, mut state) = at_turn(KING);
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[ThievesDen, Temple, Manor, Tavern],
    );
    state.gold[0] = 1;
    act(&rules, &mut state, Action::TakeGold);
    // 3 gold + 3 other cards cover the cost of 6.
    assert!(build_actions(&legal(&rules, &state)).contains(&Action::Build(hand[0])));
    act(&rules, &mut state, Action::Build(hand[0]));
    let mut expected: Vec<Action> = hand[1..].iter().map(|&c| Action::DenPayCard(c)).collect();
    expected.sort();
    let mut got = legal(&rules, &state);
    got.sort();
    assert_eq!(got, expected, "6 still to pay, 3 gold: cards first");
    act(&rules, &mut state, Action::DenPayCard(hand[1]));
    act(&rules, &mut state, Action::DenPayCard(hand[2]));
    act(&rules, &mut state, Action::DenPayCard(hand[3]));
    assert_eq!(legal(&rules, &state), vec![Action::DenPayGold]);
    act(&rules, &mut state, Action::DenPayGold);
    assert_eq!(state.gold[0], 0);
    assert!(state.hand[0].is_empty());
    assert_eq!(state.city[0], set_of(&[hand[0]]));
    let bottom: Vec<_> = state.deck.iter().collect();
    assert_eq!(&bottom[bottom.len() - 3..], &hand[1..]);
    assert_conserved(&state);
}

/// Thieves' Den: not buildable when gold and other cards together fall short.
#[test]
fn thieves_den_needs_gold_plus_cards_for_its_cost() {
    let (rules, mut state) = at_turn(KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[ThievesDen, Temple, Manor]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::TakeGold);
    // 3 gold + 2 cards = 5 < 6; the Temple and Manor themselves are affordable.
    let mut expected = vec![Action::Build(hand[1]), Action::Build(hand[2])];
    expected.sort();
    assert_eq!(build_actions(&legal(&rules, &state)), expected);
}

/// Wishing Well: "End: +1 per unique district in your city, including the Wishing Well."
#[test]
fn wishing_well_scores_one_per_unique_district() {
    let (rules, mut state) = at_turn(KING);
    set_city(
        &rules,
        &mut state,
        Seat(3),
        &[WishingWell, Keep, Statue, Temple],
    );
    state.crown = Seat(0);
    let s = score(&rules, &state, Seat(3));
    assert_eq!((s.districts, s.uniques), (12, 3));
}

/// CARDS.md ruling: "Cost reductions never go below 0": with a house rule making the Keep
/// free, the Factory's discount leaves it at 0 (the build pays nothing, gold is untouched).
#[test]
fn factory_discount_never_below_zero() {
    let mut config = citadels_sim::config::load_preset("first-game").unwrap();
    for spec in config.unique_specs.iter_mut() {
        if spec.district == Keep {
            spec.cost = 0;
        }
    }
    let rules = config.rules(4).unwrap();
    let mut state = citadels_sim::engine::new_game(&rules, 3);
    arrange_draft(&mut state, Seat(0), &[], &[Rank(7)]);
    drive_draft(&rules, &mut state, &[(Seat(0), KING)]);
    skip_to(&rules, &mut state, KING);
    set_city(&rules, &mut state, Seat(0), &[Factory]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Keep]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 2, "the Keep cost nothing");
    assert!(state.city[0].contains(hand[0]));
}
