//! Districts that change how a district is built or what it costs (Factory, Framework,
//! Monument, Necropolis, Quarry, Stables, Thieves' Den): card texts (CARDS.md), the
//! rulebook's "District Clarifications" and the rulings of CARDS.md and docs/rules.md,
//! through real turns.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::state::{Pending, Phase, State};
use citadels_sim::engine::{Action, CardId, Character, District, Rank, Rules, Seat};

/// The builds from hand or with the Framework offered, sorted.
fn builds_offered(rules: &Rules, state: &State) -> Vec<Action> {
    of_kind(rules, state, |a| {
        matches!(a, Action::Build(_) | Action::FrameworkBuild(_))
    })
}

// ---------------------------------------------------------------- Factory

/// Factory: "You pay 1 fewer gold to build any other unique district."
#[test]
fn factory_discounts_other_unique_districts_only() {
    let (rules, mut state) = first_game_at_turn(KING);
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
    let (rules, mut state) = first_game_at_turn(KING);
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

/// Factory: "You pay 1 fewer gold to build any other unique district"; Thieves' Den: "Pay
/// some or all of its cost with cards from your hand, 1 card for 1 gold": 5 to pay, all of
/// it in cards.
#[test]
fn factory_lowers_the_thieves_dens_cost_to_five_payable_in_cards() {
    let (rules, mut state) = deck19_at_king();
    set_city(&rules, &mut state, Seat(0), &[Factory]);
    set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[ThievesDen, Temple, Tavern, Manor, Castle],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 0;
    assert!(any_builds(&rules, &state).is_empty(), "4 cards < 5");
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[ThievesDen, Temple, Tavern, Manor, Castle, Market],
    );
    assert_eq!(any_builds(&rules, &state), vec![Action::Build(hand[0])]);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(
        state.turn.pending,
        Pending::DenPayment {
            card: hand[0],
            remaining: 5
        }
    );
    for &c in &hand[1..] {
        act(&rules, &mut state, Action::DenPayCard(c));
    }
    assert_eq!(legal(&rules, &state), vec![Action::DenPayGold]);
    act(&rules, &mut state, Action::DenPayGold);
    assert!(state.city[0].contains(hand[0]));
    assert_eq!(state.city[0].len(), 2);
    assert!(state.hand[0].is_empty());
    assert_eq!(state.gold[0], 0);
    assert_eq!(bottom(&state, 5), sorted(hand[1..].to_vec()));
    assert_conserved(&state);
}

/// Factory: "You pay 1 fewer gold to build any other unique district"; Wizard: "pay to
/// immediately build the chosen card in your city".
#[test]
fn factory_discounts_the_wizards_immediate_build() {
    let rules = deck19_rules(4, &[C::Wizard]);
    let mut state = deck19_at(&rules, &[R3, R4, R6, R8], R1, R3);
    let factory = set_city(&rules, &mut state, Seat(0), &[Factory]);
    let theirs = set_hand(&rules, &mut state, Seat(1), &[Keep, Manor]);
    state.gold[0] = 2;
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    assert_eq!(
        sorted(legal(&rules, &state)),
        sorted(vec![
            Action::WizardTake(theirs[0]),
            Action::WizardTake(theirs[1]),
            Action::WizardBuild(theirs[0]),
        ]),
        "the Keep costs 3 - 1, the Manor 3"
    );
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.city[0], set_of(&[factory[0], theirs[0]]));
    assert_eq!(state.hand[1], set_of(&theirs[1..]));
}

/// Factory: "You pay 1 fewer gold to build any other unique district"; Cardinal: "you can
/// take the remaining gold needed from one player. For each gold you take, you must give that
/// player one card from your hand": one gold short of the Keep's 3 - 1, one card given.
#[test]
fn factory_discounts_the_cardinals_borrowed_build() {
    let rules = deck19_rules(4, &[C::Cardinal]);
    let mut state = deck19_at(&rules, &[R5, R1, R2, R3], R8, R5);
    let factory = set_city(&rules, &mut state, Seat(0), &[Factory]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Keep, Temple]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[..4].copy_from_slice(&[1, 3, 0, 5]);
    // Without the Factory he would lack 2 gold with only 1 other card.
    assert_eq!(
        of_kind(&rules, &state, |a| matches!(a, Action::BorrowBuild(..))),
        vec![
            Action::BorrowBuild(hand[0], Seat(1)),
            Action::BorrowBuild(hand[0], Seat(3)),
        ]
    );
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(3)));
    assert_eq!(
        state.turn.pending,
        Pending::CardinalGive {
            card: hand[0],
            lender: Seat(3),
            remaining: 1
        }
    );
    act(&rules, &mut state, Action::Give(hand[1]));
    assert_eq!(state.gold[..4], [0, 3, 0, 4]);
    assert_eq!(state.city[0], set_of(&[factory[0], hand[0]]));
    assert_eq!(state.hand[3], set_of(&hand[1..]));
    assert!(state.hand[0].is_empty());
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Framework

/// Framework: "You may build a district by destroying the Framework instead of paying that
/// district's cost"; the Framework goes to the bottom of the deck.
#[test]
fn framework_builds_a_district_by_destroying_itself_instead_of_paying() {
    let (rules, mut state) = deck12_at_king();
    let framework = set_city(&rules, &mut state, Seat(0), &[Framework]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Palace]);
    act(&rules, &mut state, Action::TakeGold);
    // 2 gold: the Palace (5) only through the Framework.
    assert_eq!(
        builds_offered(&rules, &state),
        vec![Action::FrameworkBuild(hand[0])]
    );
    act(&rules, &mut state, Action::FrameworkBuild(hand[0]));
    assert_eq!(state.city[0], set_of(&hand));
    assert_eq!(state.gold[0], 2, "nothing paid");
    assert_eq!(deck_bottom(&state, 1), framework);
    assert_eq!(state.turn.pending, Pending::None);
    assert_conserved(&state);
}

/// A district built with the Framework is still built: it counts toward the building limit
/// (the King builds one).
#[test]
fn framework_build_counts_toward_the_building_limit() {
    let (rules, mut state) = deck12_at_king();
    set_city(&rules, &mut state, Seat(0), &[Framework]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Palace, Temple]);
    state.gold[0] = 3;
    act(&rules, &mut state, Action::TakeGold);
    assert!(offers(&rules, &state, Action::Build(hand[1])));
    act(&rules, &mut state, Action::FrameworkBuild(hand[0]));
    assert!(builds_offered(&rules, &state).is_empty(), "limit reached");
    assert_eq!(state.turn.built, 1);
}

/// docs/rules.md: "building with the Framework or the Necropolis keeps a city's number of
/// districts and is allowed in a completed city". Framework: "build a district by destroying
/// the Framework instead of paying that district's cost."
#[test]
fn framework_build_is_allowed_in_a_completed_city_and_keeps_it_complete() {
    let (rules, mut state) = deck19_at_king();
    let mut districts = vec![Framework];
    districts.extend_from_slice(&SIX_DISTRICTS);
    let city = set_city(&rules, &mut state, Seat(0), &districts);
    state.first_complete = Some(Seat(0));
    assert!(state.is_complete(&rules, Seat(0)));
    let hand = set_hand(&rules, &mut state, Seat(0), &[Cathedral]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 0;
    assert_eq!(
        any_builds(&rules, &state),
        vec![Action::FrameworkBuild(hand[0])]
    );
    act(&rules, &mut state, Action::FrameworkBuild(hand[0]));
    let mut after = city[1..].to_vec();
    after.push(hand[0]);
    assert_eq!(state.city[0], set_of(&after));
    assert_eq!(state.city_size(&rules, Seat(0)), 7);
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.gold[0], 0);
    assert_eq!(bottom(&state, 1), vec![city[0]]);
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Monument

/// Monument: "Cannot be built if you have 5 or more districts."
#[test]
fn monument_cannot_be_built_with_five_or_more_districts() {
    let (rules, mut state) = deck12_at_king();
    set_city(&rules, &mut state, Seat(0), &SEVEN_DISTRICTS[..4]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Monument]);
    state.gold[0] = 2;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(builds_offered(&rules, &state), vec![Action::Build(hand[0])]);
    set_city(&rules, &mut state, Seat(0), &SEVEN_DISTRICTS[..5]);
    assert!(builds_offered(&rules, &state).is_empty());
    // With four, it is built.
    set_city(&rules, &mut state, Seat(0), &SEVEN_DISTRICTS[..4]);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.city[0].len(), 5);
    assert!(state.city[0].contains(hand[0]));
}

/// CARDS.md ruling: "a city with the Monument and 6 other districts is complete" (3 players:
/// a completed city has eight districts); it ends the game after the round and scores the
/// first-completion bonus, while the Monument scores its cost once.
#[test]
fn monument_and_six_other_districts_complete_the_city_and_end_the_game() {
    let rules = deck12_rules(3, &[Character::Artist]);
    let wanted = [
        (Seat(0), R4),
        (Seat(0), R6),
        (Seat(1), R5),
        (Seat(1), R7),
        (Seat(2), R8),
        (Seat(2), R9),
    ];
    let mut state = game_with(&rules, 11, Seat(0), R1, &wanted);
    skip_to(&rules, &mut state, R4);
    assert_eq!(state.turn.seat, Seat(0));
    blank(&mut state);
    let mut city = vec![Monument];
    city.extend_from_slice(&SEVEN_DISTRICTS[..5]);
    set_city(&rules, &mut state, Seat(0), &city);
    assert!(!state.is_complete(&rules, Seat(0)), "Monument and 5 others");
    let hand = set_hand(&rules, &mut state, Seat(0), &[Tavern]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.city[0].len(), 7);
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    let s = score(&rules, &state, Seat(0));
    // Monument 4, Manor 3, Castle 4, Palace 5, Temple 1, Church 2, Tavern 1.
    assert_eq!((s.districts, s.completion), (20, 4));
}

/// At 4 players (seven districts complete a city) the Monument "counts as 2 districts toward
/// a completed city": with five others the city is complete and the rank 8 character cannot
/// reach it.
#[test]
fn monument_counts_as_two_toward_a_completed_city() {
    let (rules, mut state) = deck12_at_rank8(Character::Warlord);
    let mut city = vec![Monument];
    city.extend_from_slice(&SEVEN_DISTRICTS[..5]);
    set_city(&rules, &mut state, Seat(1), &city);
    assert!(state.is_complete(&rules, Seat(1)));
    state.gold[0] = 10;
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::Destroy(Seat(1), _)))
    );
    set_city(&rules, &mut state, Seat(1), &SEVEN_DISTRICTS[..5]);
    assert!(!state.is_complete(&rules, Seat(1)));
}

/// CARDS.md ruling: "for every other purpose the Monument is one district": a beautified
/// Monument (5) is one odd district for the Basilica, and one unique for the Wishing Well.
#[test]
fn monument_is_one_district_for_the_basilica_and_the_wishing_well() {
    let (rules, mut state) = deck12_at_king();
    let city = set_city(&rules, &mut state, Seat(1), &[Monument, Basilica, Church]);
    state.beautified.insert(city[0]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques), (11, 1));
    state.beautified.remove(city[0]);
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Monument, WishingWell, Church],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques), (11, 2));
}

/// docs/rules.md: the Monument "cannot be built (from hand, by the Wizard or with the
/// Framework) into a city of 5 or more districts, counted before the build (a Framework
/// given up for it still counts)". Monument: "Cannot be built if you have 5 or more
/// districts."
#[test]
fn monument_is_not_built_with_the_framework_in_a_city_of_five_counting_the_framework() {
    let (rules, mut state) = deck19_at_king();
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Framework, Manor, Castle, Palace, Temple],
    );
    let hand = set_hand(&rules, &mut state, Seat(0), &[Monument]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 10;
    assert!(any_builds(&rules, &state).is_empty());
    // In a city of four, the Framework builds it.
    let city = set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Framework, Manor, Castle, Palace],
    );
    assert_eq!(
        any_builds(&rules, &state),
        sorted(vec![
            Action::Build(hand[0]),
            Action::FrameworkBuild(hand[0])
        ])
    );
    act(&rules, &mut state, Action::FrameworkBuild(hand[0]));
    assert_eq!(state.city[0], set_of(&[city[1], city[2], city[3], hand[0]]));
    assert_eq!(state.city_size(&rules, Seat(0)), 5);
    assert_eq!(state.gold[0], 10);
}

// ---------------------------------------------------------------- Necropolis

/// Necropolis: "You may build the Necropolis by destroying 1 district in your city instead
/// of paying its cost."
#[test]
fn necropolis_is_built_by_destroying_a_district_of_your_city_instead_of_paying() {
    let (rules, mut state) = setup(
        &[],
        &[Necropolis],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Manor, Temple])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Necropolis]);
    let manor = in_city(&rules, &state, Seat(0), Manor);
    let temple = in_city(&rules, &state, Seat(0), Temple);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    let actions = legal(&rules, &state);
    assert!(builds(&actions).is_empty(), "2 gold < 5");
    assert!(actions.contains(&Action::NecropolisBuild(manor)));
    assert!(actions.contains(&Action::NecropolisBuild(temple)));
    act(&rules, &mut state, Action::NecropolisBuild(temple));
    assert_eq!(state.city[0], set_of(&[manor, hand[0]]));
    assert_eq!(state.gold[0], 2, "nothing paid");
    assert_eq!(
        deck_bottom(&state, 1),
        vec![temple],
        "destroyed: to the bottom"
    );
    assert_eq!(state.turn.built, 1, "a build of the limit");
    assert_conserved(&state);
}

/// docs/rules.md: building with the Necropolis "is allowed in a completed city (the city is
/// no longer complete if the district given up is the Monument, which counts 2 ...)"; "The
/// +4 stays with the player who completed his city first even if a later Necropolis ...
/// takes his Monument away and his city is not complete at the end". Warlord: "You cannot
/// destroy a district in a completed city": his city is open to the Warlord again.
#[test]
fn necropolis_giving_up_the_monument_reopens_the_city_and_the_first_completer_keeps_four() {
    let rules = deck19_rules(4, &[]);
    let mut state = deck19_at(&rules, &[R7, R1, R2, R8], R3, R7);
    let city = set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Monument, Manor, Castle, Palace, Temple],
    );
    let hand = set_hand(&rules, &mut state, Seat(0), &[Church, Necropolis]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert!(
        state.is_complete(&rules, Seat(0)),
        "6 cards, the Monument counting 2"
    );
    assert_eq!(state.first_complete, Some(Seat(0)));
    // The Necropolis in the completed city: any of its six districts may be given up.
    let mut mine: Vec<CardId> = city.clone();
    mine.push(hand[0]);
    assert_eq!(
        of_kind(&rules, &state, |a| matches!(a, Action::NecropolisBuild(_))),
        sorted(mine.iter().map(|&c| Action::NecropolisBuild(c)).collect())
    );
    act(&rules, &mut state, Action::NecropolisBuild(city[0]));
    let after = set_of(&[city[1], city[2], city[3], city[4], hand[0], hand[1]]);
    assert_eq!(state.city[0], after);
    assert_eq!(state.city_size(&rules, Seat(0)), 6);
    assert!(!state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    assert_eq!(state.gold[0], 8, "only the Church paid");
    assert_eq!(bottom(&state, 1), vec![city[0]]);
    act(&rules, &mut state, Action::EndTurn);
    // The Warlord may destroy any of the six, with gold enough.
    assert_eq!((state.turn.rank, state.turn.seat), (R8, Seat(3)));
    state.gold[3] = 10;
    assert_eq!(
        destroys_in(&rules, &state, Seat(0)),
        sorted(after.iter().collect())
    );
    pass_turn(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    let s = score(&rules, &state, Seat(0));
    // Manor 3 + Castle 4 + Palace 5 + Temple 1 + Church 2 + Necropolis 5; three types only.
    assert_eq!(
        (s.districts, s.all_types, s.completion, s.uniques),
        (20, 0, 4, 0)
    );
}

/// docs/rules.md: "building with the Framework or the Necropolis keeps a city's number of
/// districts and is allowed in a completed city". Necropolis: "build the Necropolis by
/// destroying 1 district in your city instead of paying its cost."
#[test]
fn necropolis_build_is_allowed_in_a_completed_city_and_keeps_it_complete() {
    let (rules, mut state) = deck19_at_king();
    let mut districts = SIX_DISTRICTS.to_vec();
    districts.push(Market);
    let city = set_city(&rules, &mut state, Seat(0), &districts);
    state.first_complete = Some(Seat(0));
    let hand = set_hand(&rules, &mut state, Seat(0), &[Necropolis]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 0;
    assert_eq!(
        any_builds(&rules, &state),
        sorted(city.iter().map(|&c| Action::NecropolisBuild(c)).collect())
    );
    // Give up the Tavern (SIX_DISTRICTS[5]).
    act(&rules, &mut state, Action::NecropolisBuild(city[5]));
    let mut after: Vec<CardId> = city.iter().copied().filter(|&c| c != city[5]).collect();
    after.push(hand[0]);
    assert_eq!(state.city[0], set_of(&after));
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.gold[0], 0);
    assert_eq!(bottom(&state, 1), vec![city[5]]);
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Quarry

/// Quarry: "You may build districts identical to districts in your city."
#[test]
fn quarry_allows_identical_districts() {
    let (rules, mut state) = first_game_at_turn(KING);
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

// ---------------------------------------------------------------- Stables

/// Stables: "Building the Stables does not count toward your building limit." The King
/// (limit 1) builds the Stables and another district, in either order.
#[test]
fn stables_do_not_count_toward_the_building_limit() {
    for stables_first in [true, false] {
        let (rules, mut state) = setup(&[], &[Stables], [KING, ASSASSIN, MERCHANT, WARLORD], &[]);
        skip_to(&rules, &mut state, KING);
        let hand = set_hand(&rules, &mut state, Seat(0), &[Stables, Manor, Temple]);
        state.gold[0] = 10;
        act(&rules, &mut state, Action::TakeGold);
        let (first, second) = if stables_first {
            (hand[0], hand[1])
        } else {
            (hand[1], hand[0])
        };
        act(&rules, &mut state, Action::Build(first));
        assert!(offers(&rules, &state, Action::Build(second)));
        act(&rules, &mut state, Action::Build(second));
        assert!(builds(&legal(&rules, &state)).is_empty(), "limit 1 used");
        assert_eq!(state.city[0], set_of(&hand[..2]));
        assert_eq!(state.gold[0], 7);
    }
}

/// Clarification: "If confiscated by the Magistrate, the player can still build another
/// district this turn."
#[test]
fn stables_confiscated_by_the_magistrate_still_let_the_player_build_another() {
    let (rules, mut state) = setup(
        &[C::Magistrate],
        &[Stables],
        [KING, MAGISTRATE, MERCHANT, WARLORD],
        &[],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Warrant(KING, MERCHANT, WARLORD));
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Stables, Manor]);
    state.gold[0] = 3;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 3);
    assert_eq!(to_move_seat(&state), Seat(1));
    act(&rules, &mut state, Action::Confiscate);
    assert!(state.city[1].contains(hand[0]));
    assert_eq!(state.gold[0], 5, "paid back");
    assert!(offers(&rules, &state, Action::Build(hand[1])));
    act(&rules, &mut state, Action::Build(hand[1]));
    assert_eq!(state.city[0], set_of(&[hand[1]]));
    assert_eq!(state.gold[0], 2);
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Thieves' Den

/// Thieves' Den: "Pay some or all of its cost with cards from your hand, 1 card for 1 gold";
/// the paid cards go to the bottom of the deck.
#[test]
fn thieves_den_paid_with_cards_and_gold() {
    let (rules, mut state) = first_game_at_turn(KING);
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
    let (rules, mut state) = first_game_at_turn(KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[ThievesDen, Temple, Manor]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::TakeGold);
    // 3 gold + 2 cards = 5 < 6; the Temple and Manor themselves are affordable.
    let mut expected = vec![Action::Build(hand[1]), Action::Build(hand[2])];
    expected.sort();
    assert_eq!(build_actions(&legal(&rules, &state)), expected);
}
