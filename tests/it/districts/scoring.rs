//! Districts that score at the end of the game (Basilica, Capitol, Dragon Gate, Haunted
//! Quarter, Imperial Treasury, Ivory Tower, Map Room, Museum, Secret Vault, Statue, Wishing
//! Well): card texts (CARDS.md), the rulebook's "District Clarifications" and the rulings of
//! CARDS.md and docs/rules.md, through turns and final scores.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::state::{Pending, Phase};
use citadels_sim::engine::{Action, Character, District, Seat};

// ---------------------------------------------------------------- Basilica

/// Basilica: "End: +1 per district in your city with an odd cost" (the Basilica itself
/// costs 4).
#[test]
fn basilica_scores_one_per_odd_cost_district() {
    let (rules, mut state) = deck12_at_king();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Basilica, Temple, Church, Manor, Palace, Castle],
    );
    let s = score(&rules, &state, Seat(1));
    // Temple 1, Manor 3, Palace 5 are odd.
    assert_eq!((s.districts, s.uniques, s.total()), (19, 3, 22));
}

/// Basilica: "(beautified cost counts)": a beautified Church (3) counts, a beautified Temple
/// (2) no longer does.
#[test]
fn basilica_counts_the_beautified_cost() {
    let (rules, mut state) = deck12_at_king();
    let city = set_city(&rules, &mut state, Seat(1), &[Basilica, Temple, Church]);
    assert_eq!(score(&rules, &state, Seat(1)).uniques, 1);
    state.beautified.insert(city[2]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques), (8, 2));
    state.beautified.insert(city[1]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques), (9, 1));
}

// ---------------------------------------------------------------- Capitol

/// Capitol: "End: +3 if you have at least 3 districts of the same type."
#[test]
fn capitol_scores_three_with_three_districts_of_one_type() {
    let (rules, mut state) = deck12_at_king();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Capitol, Manor, Castle, Palace],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (17, 3, 20));
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Capitol, Manor, Castle, Temple],
    );
    assert_eq!(score(&rules, &state, Seat(1)).uniques, 0, "two nobles only");
}

/// Capitol clarification: "The Capitol can score extra points only once" - six trade
/// districts and three nobles still give +3.
#[test]
fn capitol_scores_only_once_even_with_six_of_one_type() {
    let (rules, mut state) = deck12_at_king();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[
            Capitol,
            Tavern,
            Market,
            TradingPost,
            Docks,
            Harbor,
            TownHall,
            Manor,
            Castle,
            Palace,
        ],
    );
    assert_eq!(score(&rules, &state, Seat(1)).uniques, 3);
}

/// Haunted Quarter: "End: counts as any 1 district type of your choice": counted as a noble
/// it makes the third noble for the Capitol.
#[test]
fn capitol_counts_the_haunted_quarters_chosen_type() {
    let (rules, mut state) = deck12_at_king();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Capitol, HauntedQuarter, Manor, Castle],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (14, 3, 17));
}

/// Capitol: "End: +3 if you have at least 3 districts of the same type (once)";
/// docs/rules.md: "The Capitol's three districts of one type may be unique ones".
#[test]
fn capitol_counts_three_unique_districts_as_three_of_one_type() {
    let (rules, mut state) = deck19_at_king();
    set_city(&rules, &mut state, Seat(1), &[Capitol, Keep, Armory, Manor]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques), (14, 3));
    // Two unique and two noble: no three of one type.
    set_city(&rules, &mut state, Seat(1), &[Capitol, Keep, Manor, Castle]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques), (15, 0));
}

// ---------------------------------------------------------------- Dragon Gate

/// Dragon Gate: "End: +2." (cost 6)
#[test]
fn dragon_gate_scores_two_extra_points() {
    let (rules, mut state) = first_game_at_turn(KING);
    set_city(&rules, &mut state, Seat(1), &[DragonGate, Manor]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (9, 2, 11));
}

// ---------------------------------------------------------------- Haunted Quarter

/// Haunted Quarter: "End: counts as any 1 district type of your choice": it completes the
/// five types.
#[test]
fn haunted_quarter_completes_the_five_types() {
    let (rules, mut state) = first_game_at_turn(KING);
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
    let (rules, mut state) = first_game_at_turn(KING);
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

/// Haunted Quarter: "End: counts as any 1 district type of your choice": only at the end, so
/// the King's income ("one gold for each noble district") does not count it.
#[test]
fn haunted_quarter_does_not_count_as_noble_for_the_kings_income() {
    let (rules, mut state) = deck19_at_king();
    set_city(&rules, &mut state, Seat(0), &[HauntedQuarter, Manor]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 1);
}

// ---------------------------------------------------------------- Imperial Treasury

/// Imperial Treasury: "End: +1 per gold in your stash."
#[test]
fn imperial_treasury_scores_one_per_gold() {
    let (rules, mut state) = first_game_at_turn(KING);
    set_city(&rules, &mut state, Seat(3), &[ImperialTreasury]);
    state.gold[3] = 7;
    let s = score(&rules, &state, Seat(3));
    assert_eq!((s.districts, s.uniques), (5, 7));
    state.gold[3] = 0;
    assert_eq!(score(&rules, &state, Seat(3)).uniques, 0);
}

// ---------------------------------------------------------------- Ivory Tower

/// Ivory Tower: "End: +5 if it is the only unique district in your city."
#[test]
fn ivory_tower_scores_five_if_the_only_unique_district() {
    let (rules, mut state) = deck12_at_king();
    set_city(&rules, &mut state, Seat(1), &[IvoryTower, Manor]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (8, 5, 13));
    set_city(&rules, &mut state, Seat(1), &[IvoryTower, Keep, Manor]);
    assert_eq!(score(&rules, &state, Seat(1)).uniques, 0);
}

/// Ivory Tower clarification: "If the Ivory Tower and Haunted Quarter are the only unique
/// districts in a city and the owner chooses to count the Haunted Quarter as a district type
/// other than unique, the owner scores extra points for the Ivory Tower."
#[test]
fn ivory_tower_scores_with_the_haunted_quarter_counted_as_another_type() {
    let (rules, mut state) = deck12_at_king();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[IvoryTower, HauntedQuarter, Manor],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (10, 5, 15));
}

// ---------------------------------------------------------------- Map Room

/// Map Room: "End: +1 per card in your hand."
#[test]
fn map_room_scores_one_per_card_in_hand() {
    let (rules, mut state) = first_game_at_turn(KING);
    set_city(&rules, &mut state, Seat(2), &[MapRoom]);
    set_hand(&rules, &mut state, Seat(2), &[Temple, Manor, Palace]);
    let s = score(&rules, &state, Seat(2));
    assert_eq!((s.districts, s.uniques, s.total()), (5, 3, 8));
}

/// Map Room: "End: +1 per card in your hand"; Secret Vault: "End: reveal it from your hand
/// for +3"; docs/rules.md: "the Map Room counts every card in hand, a Secret Vault too (which
/// scores its own +3 as well)".
#[test]
fn map_room_counts_a_secret_vault_in_hand_which_scores_its_own_three() {
    let (rules, mut state) = deck19_at_king();
    set_city(&rules, &mut state, Seat(1), &[MapRoom]);
    set_hand(&rules, &mut state, Seat(1), &[SecretVault, Manor]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (5, 2 + 3, 10));
}

// ---------------------------------------------------------------- Museum

/// Museum: "Once per turn, put 1 card from your hand facedown under the Museum."
#[test]
fn museum_takes_one_card_from_hand_once_per_turn() {
    let (rules, mut state) = setup(
        &[],
        &[Museum],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Museum])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Manor, Temple]);
    // At any time of the turn, before gathering too.
    assert!(offers(&rules, &state, Action::MuseumTuck(hand[0])));
    assert!(offers(&rules, &state, Action::MuseumTuck(hand[1])));
    act(&rules, &mut state, Action::MuseumTuck(hand[0]));
    assert_eq!(state.museum, set_of(&[hand[0]]));
    assert_eq!(state.hand[0], set_of(&[hand[1]]));
    act(&rules, &mut state, Action::TakeGold);
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::MuseumTuck(_))),
        "once per turn"
    );
    assert_conserved(&state);
}

/// Museum: "End: +1 per card under it."
#[test]
fn museum_scores_one_point_per_card_under_it() {
    let (rules, mut state) = setup(
        &[],
        &[Museum],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Museum])],
    );
    let before = score(&rules, &state, Seat(0));
    assert_eq!((before.districts, before.uniques), (4, 0));
    for d in [Manor, Temple, Tavern] {
        let card = take(&rules, &mut state, d);
        state.museum.insert(card);
    }
    let s = score(&rules, &state, Seat(0));
    assert_eq!((s.districts, s.uniques, s.total()), (4, 3, 7));
    // Nobody else scores them.
    assert_eq!(score(&rules, &state, Seat(1)).uniques, 0);
}

/// Clarification: "If the Museum is exchanged or seized, assigned cards stay with the
/// Museum": the Diplomat who takes it scores them, its former owner does not.
#[test]
fn museum_cards_stay_with_it_when_the_diplomat_exchanges_it() {
    let (rules, mut state) = setup(
        &[C::Diplomat],
        &[Museum],
        [KING, DIPLOMAT, MERCHANT, ASSASSIN],
        &[(0, &[Museum]), (1, &[Castle])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Manor]);
    act(&rules, &mut state, Action::MuseumTuck(hand[0]));
    skip_to(&rules, &mut state, DIPLOMAT);
    assert_eq!(state.turn.seat, Seat(1));
    let museum = in_city(&rules, &state, Seat(0), Museum);
    let castle = in_city(&rules, &state, Seat(1), Castle);
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(0), museum, castle),
    );
    assert_eq!(state.city[1], set_of(&[museum]));
    assert_eq!(state.city[0], set_of(&[castle]));
    assert_eq!(state.museum, set_of(&[hand[0]]), "the card stays under it");
    assert_eq!(score(&rules, &state, Seat(1)).uniques, 1);
    assert_eq!(score(&rules, &state, Seat(0)).uniques, 0);
    assert_conserved(&state);
}

/// Clarification: "If the Museum is destroyed, assigned cards are discarded facedown to the
/// bottom of the deck."
#[test]
fn museum_destroyed_by_the_warlord_sends_its_cards_to_the_bottom_of_the_deck() {
    let (rules, mut state) = setup(
        &[],
        &[Museum],
        [KING, WARLORD, MERCHANT, ASSASSIN],
        &[(0, &[Museum, Manor])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple]);
    act(&rules, &mut state, Action::MuseumTuck(hand[0]));
    skip_to(&rules, &mut state, WARLORD);
    assert_eq!(state.turn.seat, Seat(1));
    state.gold[1] = 3;
    let museum = in_city(&rules, &state, Seat(0), Museum);
    act(&rules, &mut state, Action::Destroy(Seat(0), museum));
    assert_eq!(state.gold[1], 0, "4 - 1 gold");
    assert!(state.museum.is_empty());
    assert_eq!(deck_bottom(&state, 2), vec![hand[0], museum]);
    assert!(!state.city[0].contains(museum));
    assert_eq!(score(&rules, &state, Seat(0)).uniques, 0);
    assert_conserved(&state);
}

/// Witch: "You cannot build at this time, and the only district effects you can use are
/// those that occur when gathering resources": no Museum while her turn is on hold.
#[test]
fn museum_is_not_usable_in_the_witchs_turn_before_it_is_put_on_hold() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[Museum],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[Museum])],
    );
    set_hand(&rules, &mut state, Seat(0), &[Manor]);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert!(
        legal(&rules, &state)
            .iter()
            .all(|a| matches!(a, Action::Bewitch(_)))
    );
}

/// Clarification: "If the Museum is destroyed, assigned cards are discarded facedown to the
/// bottom of the deck": destroyed by another player's Armory.
#[test]
fn museum_destroyed_by_the_armory_sends_its_cards_to_the_bottom_of_the_deck() {
    let rules = deck19_rules(4, &[]);
    let mut state = deck19_at(&rules, &[R4, R1, R2, R6], R3, R4);
    let city = set_city(&rules, &mut state, Seat(0), &[Museum, Manor]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple]);
    act(&rules, &mut state, Action::MuseumTuck(hand[0]));
    assert_eq!(state.museum, set_of(&hand));
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (R6, Seat(3)));
    let armory = set_city(&rules, &mut state, Seat(3), &[Armory]);
    act(&rules, &mut state, Action::ArmoryDestroy(Seat(0), city[0]));
    assert!(state.museum.is_empty());
    assert_eq!(state.city[0], set_of(&[city[1]]));
    assert!(state.city[3].is_empty());
    assert_eq!(bottom(&state, 3), sorted(vec![hand[0], city[0], armory[0]]));
    assert_eq!(score(&rules, &state, Seat(0)).uniques, 0);
    assert_conserved(&state);
}

/// Clarification: "If the Museum is destroyed, assigned cards are discarded facedown to the
/// bottom of the deck": destroyed by its owner to build the Necropolis.
#[test]
fn museum_given_up_for_the_necropolis_sends_its_cards_to_the_bottom_of_the_deck() {
    let (rules, mut state) = deck19_at_king();
    let city = set_city(&rules, &mut state, Seat(0), &[Museum, Manor]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Necropolis]);
    act(&rules, &mut state, Action::MuseumTuck(hand[0]));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::NecropolisBuild(city[0]));
    assert!(state.museum.is_empty());
    assert_eq!(state.city[0], set_of(&[city[1], hand[1]]));
    assert!(state.hand[0].is_empty());
    assert_eq!(bottom(&state, 2), sorted(vec![hand[0], city[0]]));
    assert_eq!(score(&rules, &state, Seat(0)).uniques, 0);
    assert_conserved(&state);
}

/// Clarification: "If the Museum is destroyed, assigned cards are discarded facedown to the
/// bottom of the deck"; Graveyard (2021): "when the Warlord destroys one of your districts,
/// you may pay 1 gold to take it into your hand": the Museum comes back, its cards do not.
#[test]
fn museum_taken_back_with_the_graveyard_leaves_its_cards_at_the_bottom_of_the_deck() {
    let rules = deck19_rules(4, &[]);
    let mut state = deck19_at(&rules, &[R4, R8, R6, R1], R3, R4);
    let city = set_city(&rules, &mut state, Seat(0), &[Museum, Graveyard, Manor]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple]);
    act(&rules, &mut state, Action::MuseumTuck(hand[0]));
    pass_turn(&rules, &mut state);
    assert_eq!(state.gold[0], 2);
    skip_to(&rules, &mut state, R8);
    assert_eq!(state.turn.seat, Seat(1));
    state.gold[1] = 3;
    act(&rules, &mut state, Action::Destroy(Seat(0), city[0]));
    assert_eq!(state.gold[1], 0, "4 - 1");
    assert_eq!(
        state.turn.pending,
        Pending::Graveyard {
            card: city[0],
            owner: Seat(0)
        }
    );
    assert!(state.museum.is_empty());
    assert_eq!(bottom(&state, 1), vec![hand[0]]);
    act(&rules, &mut state, Action::Recover);
    assert_eq!(state.hand[0], set_of(&[city[0]]));
    assert_eq!(state.gold[0], 1);
    assert_eq!(state.city[0], set_of(&[city[1], city[2]]));
    assert_eq!(bottom(&state, 1), vec![hand[0]]);
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Secret Vault

/// Secret Vault: "Cannot be built."
#[test]
fn secret_vault_cannot_be_built() {
    let (rules, mut state) = setup(
        &[],
        &[SecretVault],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[SecretVault, Manor]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(builds(&legal(&rules, &state)), vec![hand[1]]);
}

/// Secret Vault: "Cannot be built", not even by the Wizard's immediate build; he may still
/// take it into his hand (CARDS.md: "it can be ... taken by the Wizard").
#[test]
fn secret_vault_cannot_be_built_by_the_wizard() {
    let (rules, mut state) = setup(
        &[C::Wizard],
        &[SecretVault],
        [WIZARD, KING, MERCHANT, WARLORD],
        &[],
    );
    skip_to(&rules, &mut state, WIZARD);
    assert_eq!(state.turn.seat, Seat(0));
    let theirs = set_hand(&rules, &mut state, Seat(1), &[SecretVault, Manor]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    let actions = legal(&rules, &state);
    assert!(actions.contains(&Action::WizardTake(theirs[0])));
    assert!(!actions.contains(&Action::WizardBuild(theirs[0])));
    assert!(actions.contains(&Action::WizardBuild(theirs[1])));
    act(&rules, &mut state, Action::WizardTake(theirs[0]));
    assert!(state.hand[0].contains(theirs[0]));
    assert!(builds(&legal(&rules, &state)).is_empty());
}

/// Secret Vault: "End: reveal it from your hand for +3."
#[test]
fn secret_vault_scores_three_from_the_hand() {
    let (rules, mut state) = setup(
        &[],
        &[SecretVault],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(2, &[Manor])],
    );
    assert_eq!(score(&rules, &state, Seat(2)).total(), 3);
    set_hand(&rules, &mut state, Seat(2), &[SecretVault]);
    let s = score(&rules, &state, Seat(2));
    assert_eq!((s.districts, s.uniques, s.total()), (3, 3, 6));
    assert_eq!(score(&rules, &state, Seat(1)).uniques, 0);
}

// ---------------------------------------------------------------- Statue

/// Statue: "End: +5 if you have the crown."
#[test]
fn statue_scores_five_with_the_crown() {
    let (rules, mut state) = first_game_at_turn(KING);
    set_city(&rules, &mut state, Seat(0), &[Statue]);
    set_city(&rules, &mut state, Seat(1), &[Keep]);
    // Seat 0 is the King: he has the crown.
    assert_eq!(state.crown, Seat(0));
    let s = score(&rules, &state, Seat(0));
    assert_eq!((s.districts, s.uniques), (3, 5));
    state.crown = Seat(1);
    assert_eq!(score(&rules, &state, Seat(0)).uniques, 0);
}

/// Statue: "End: +5 if you have the crown." King: "If you are killed ... At the end of the
/// round, reveal the King's character card and take the crown as the King's heir." In the
/// final round the heir has the crown when the game ends.
#[test]
fn statue_scores_for_the_killed_kings_heir_after_the_final_round() {
    let rules = deck19_rules(4, &[]);
    let mut state = deck19_at(&rules, &[R1, R4, R2, R3], R8, R1);
    let statue = set_city(&rules, &mut state, Seat(1), &[Statue]);
    act(&rules, &mut state, Action::Kill(R4));
    set_city(&rules, &mut state, Seat(0), &SIX_DISTRICTS);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Market]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.first_complete, Some(Seat(0)));
    assert_eq!(state.crown, Seat(0));
    assert_eq!(score(&rules, &state, Seat(1)).uniques, 0, "no crown yet");
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(state.crown, Seat(1));
    assert_eq!(state.city[1], set_of(&statue));
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (3, 5, 8));
}

/// Statue: "End: +5 if you have the crown." Emperor: "If you are killed ... At the end of the
/// round, reveal the Emperor's character card and, as the Emperor's advisor, take the crown
/// from the player who has it and give it to a different player, but not yourself." The
/// player the advisor crowns in the final round scores the Statue.
#[test]
fn statue_scores_for_the_player_the_killed_emperors_advisor_crowns_in_the_final_round() {
    let rules = deck19_rules(4, &[C::Emperor]);
    let mut state = deck19_at(&rules, &[R1, R4, R2, R3], R8, R1);
    set_city(&rules, &mut state, Seat(2), &[Statue]);
    act(&rules, &mut state, Action::Kill(R4));
    set_city(&rules, &mut state, Seat(0), &SIX_DISTRICTS);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Market]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::EndTurn);
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::EmperorAdvisor(Seat(1)));
    assert_eq!(state.crown, Seat(0));
    assert_eq!(score(&rules, &state, Seat(2)).uniques, 0);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::GiveCrown(Seat(2)), Action::GiveCrown(Seat(3))]
    );
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(state.crown, Seat(2));
    let s = score(&rules, &state, Seat(2));
    assert_eq!((s.districts, s.uniques, s.total()), (3, 5, 8));
}

// ---------------------------------------------------------------- Wishing Well

/// Wishing Well: "End: +1 per unique district in your city, including the Wishing Well."
#[test]
fn wishing_well_scores_one_per_unique_district() {
    let (rules, mut state) = first_game_at_turn(KING);
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
