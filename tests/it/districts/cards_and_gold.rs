//! More unique districts beyond the first game (Museum, Necropolis, Observatory, Park, Poor
//! House, Secret Vault, Stables, Theater) and the 2021 Hospital and Graveyard: card texts
//! (CARDS.md), the rulebook's "District Clarifications" and CARDS.md's rulings, through real
//! selection phases and turns.

use crate::common::*;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::sets::RankSet;
use citadels_sim::engine::state::{Pending, Phase, State, TurnMode};
use citadels_sim::engine::{Action, CardId, Character, District, Rank, Rules, Seat, new_game};

use Character as C;

const SEED: u64 = 7;

/// A game with this cast and these unique districts in the deck: every hand emptied, the
/// cities set before the selection phase (so the Theater acts at its end), crown on seat 0,
/// the face-down discard the lowest rank nobody wants, each seat picking its wanted ranks;
/// everyone's gold is then 0. Stops at the first turn, or at `Phase::Theater`.
fn setup_with(
    players: u8,
    seed: u64,
    replace: &[Character],
    uniques: &[District],
    wanted: &[(u8, Rank)],
    cities: &[(u8, &[District])],
) -> (Rules, State) {
    let rules = rules_with_cast_and_uniques(players, &first_game_cast_with(replace), uniques);
    setup_rules(rules, seed, wanted, cities)
}

/// `setup_with` for given rules.
fn setup_rules(
    rules: Rules,
    seed: u64,
    wanted: &[(u8, Rank)],
    cities: &[(u8, &[District])],
) -> (Rules, State) {
    let mut state = new_game(&rules, seed);
    clear_hands(&mut state);
    for &(s, districts) in cities {
        set_city(&rules, &mut state, Seat(s), districts);
    }
    let wanted: Vec<(Seat, Rank)> = wanted.iter().map(|&(s, r)| (Seat(s), r)).collect();
    let facedown = (1..=8)
        .map(Rank)
        .find(|r| !wanted.iter().any(|&(_, w)| w == *r))
        .unwrap();
    arrange_draft(&mut state, Seat(0), &[], &[facedown]);
    drive_draft(&rules, &mut state, &wanted);
    for (seat, rank) in wanted {
        assert_eq!(state.owner[rank.index()], Some(seat));
    }
    state.gold = [0; 8];
    (rules, state)
}

/// 4 players, seat i holding `ranks[i]`.
fn setup(
    replace: &[Character],
    uniques: &[District],
    ranks: [Rank; 4],
    cities: &[(u8, &[District])],
) -> (Rules, State) {
    let wanted: Vec<(u8, Rank)> = (0..4).map(|i| (i as u8, ranks[i])).collect();
    setup_with(4, SEED, replace, uniques, &wanted, cities)
}

/// The card of `district` in `seat`'s city.
fn in_city(rules: &Rules, state: &State, seat: Seat, district: District) -> CardId {
    state.city[seat.index()]
        .intersection(rules.by_district[district.index()])
        .first()
        .unwrap_or_else(|| panic!("no {district} in the city"))
}

const ALCHEMIST: Rank = Rank(6);
const DIPLOMAT: Rank = Rank(8);

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

/// Clarification: "The Magistrate cannot confiscate the Necropolis if it is built without
/// paying its cost, but the Magistrate can confiscate the next district the targeted player
/// pays to build."
#[test]
fn magistrate_cannot_confiscate_the_necropolis_built_without_paying() {
    let (rules, mut state) = setup(
        &[C::Magistrate],
        &[Necropolis],
        [ARCHITECT, MAGISTRATE, KING, MERCHANT],
        &[(0, &[Manor, Temple])],
    );
    assert_eq!(state.turn.seat, Seat(1));
    act(&rules, &mut state, Action::TakeGold);
    act(
        &rules,
        &mut state,
        Action::Warrant(ARCHITECT, KING, MERCHANT),
    );
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, ARCHITECT);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Necropolis, Castle]);
    state.gold[0] = 4;
    act(&rules, &mut state, Action::TakeGold);
    let temple = in_city(&rules, &state, Seat(0), Temple);
    act(&rules, &mut state, Action::NecropolisBuild(temple));
    assert_eq!(state.turn.pending, Pending::None, "no confiscation");
    assert!(state.city[0].contains(hand[0]));
    // The next district he pays to build can be confiscated.
    act(&rules, &mut state, Action::Build(hand[1]));
    assert_eq!(
        state.turn.pending,
        Pending::Confiscation {
            card: hand[1],
            paid: 4
        }
    );
    act(&rules, &mut state, Action::Confiscate);
    assert!(state.city[1].contains(hand[1]));
    assert!(state.city[0].contains(hand[0]), "the Necropolis stays");
    assert_eq!(state.gold[0], 6);
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Observatory

/// Observatory: "If you draw cards when gathering resources, draw 3 instead of 2."
#[test]
fn observatory_draws_three_instead_of_two_and_keeps_one() {
    let (rules, mut state) = setup(
        &[],
        &[Observatory],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Observatory])],
    );
    skip_to(&rules, &mut state, KING);
    let top = stack_deck(&rules, &mut state, &[Manor, Temple, Tavern]);
    act(&rules, &mut state, Action::DrawCards);
    assert_eq!(
        state.turn.pending,
        Pending::Keep {
            drawn: set_of(&top),
            keep: 1,
            shuffle: false
        }
    );
    let mut keeps = legal(&rules, &state);
    keeps.sort();
    assert_eq!(
        keeps,
        top.iter().map(|&c| Action::Keep(c)).collect::<Vec<_>>()
    );
    act(&rules, &mut state, Action::Keep(top[1]));
    assert_eq!(state.hand[0], set_of(&[top[1]]));
    assert_eq!(set_of(&deck_bottom(&state, 2)), set_of(&[top[0], top[2]]));
    assert_conserved(&state);
}

/// CARDS.md ruling: "Library with Observatory: draw 3 and keep all 3."
#[test]
fn observatory_with_library_keeps_all_three() {
    let (rules, mut state) = setup(
        &[],
        &[Observatory, Library],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Observatory, Library])],
    );
    skip_to(&rules, &mut state, KING);
    let top = stack_deck(&rules, &mut state, &[Manor, Temple, Tavern]);
    act(&rules, &mut state, Action::DrawCards);
    assert!(offers(&rules, &state, Action::KeepAll));
    act(&rules, &mut state, Action::KeepAll);
    assert_eq!(state.hand[0], set_of(&top));
    assert_eq!(state.turn.pending, Pending::None);
    assert_conserved(&state);
}

/// Witch: "the only district effects you can use are those that occur when gathering
/// resources (Gold Mine, Library, or Observatory)", for the Witch before her turn is put on
/// hold and for the bewitched player.
#[test]
fn observatory_works_for_the_witch_and_the_bewitched_player() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[Observatory],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[Observatory])],
    );
    let top = stack_deck(&rules, &mut state, &[Manor, Temple, Tavern]);
    act(&rules, &mut state, Action::DrawCards);
    let Pending::Keep { drawn, .. } = state.turn.pending else {
        panic!("keeping drawn cards");
    };
    assert_eq!(drawn, set_of(&top));
    act(&rules, &mut state, Action::Keep(top[0]));
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    // The bewitched Merchant's player owns the Observatory now.
    let observatory = in_city(&rules, &state, Seat(0), Observatory);
    state.city[0].remove(observatory);
    state.city[2].insert(observatory);
    skip_to(&rules, &mut state, MERCHANT);
    assert_eq!(state.turn.mode, TurnMode::Bewitched);
    let top = stack_deck(&rules, &mut state, &[Castle, Church, Market]);
    act(&rules, &mut state, Action::DrawCards);
    let Pending::Keep { drawn, .. } = state.turn.pending else {
        panic!("keeping drawn cards");
    };
    assert_eq!(drawn, set_of(&top));
    act(&rules, &mut state, Action::Keep(top[2]));
    assert!(state.hand[2].contains(top[2]));
    assert_eq!(state.turn.mode, TurnMode::Resumed);
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Park

/// Park: "If there are no cards in your hand at the end of your turn, gain 2 cards."
#[test]
fn park_gains_two_cards_with_an_empty_hand_at_the_end_of_the_turn() {
    let (rules, mut state) = setup(
        &[],
        &[Park],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Park])],
    );
    skip_to(&rules, &mut state, KING);
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::TakeGold);
    assert!(state.hand[0].is_empty(), "not before the end of the turn");
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.hand[0], set_of(&top));
    assert_conserved(&state);
}

/// Park: only "if there are no cards in your hand": one card in hand, nothing.
#[test]
fn park_gives_nothing_with_a_card_in_hand() {
    let (rules, mut state) = setup(
        &[],
        &[Park],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Park])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Palace]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.hand[0], set_of(&hand));
}

/// Clarification: "If the owner is the Witch and does not resume his turn, the Park cannot
/// resolve."
#[test]
fn park_does_not_resolve_for_the_witch_who_does_not_resume() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[Park],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[Park])],
    );
    assert_eq!(state.turn.mode, TurnMode::Witch);
    act(&rules, &mut state, Action::TakeGold);
    // The Magician (rank 3) is not in play: her turn never resumes.
    assert_eq!(state.owner[MAGICIAN.index()], None);
    act(&rules, &mut state, Action::Bewitch(MAGICIAN));
    assert!(state.hand[0].is_empty());
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft, "the next round");
    assert!(state.hand[0].is_empty(), "the Park did not resolve");
    assert_conserved(&state);
}

/// The Park resolves at the end of the Witch's resumed turn (not when it is put on hold).
#[test]
fn park_resolves_when_the_witch_resumes_her_turn() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[Park],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[Park])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    assert!(state.hand[0].is_empty(), "on hold: no end of turn yet");
    skip_to(&rules, &mut state, MERCHANT);
    assert_eq!(state.turn.mode, TurnMode::Bewitched);
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        (state.turn.mode, state.turn.seat),
        (TurnMode::Resumed, Seat(0))
    );
    assert!(state.hand[0].is_empty());
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.hand[0], set_of(&top));
    assert_conserved(&state);
}

/// Witch: "When the bewitched character is called to take his turn, he gathers resources
/// and his turn immediately ends. ... The only district effects that the bewitched player
/// can use are those that occur when gathering resources": his Park does not resolve.
#[test]
fn park_does_not_resolve_for_the_bewitched_owner() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[Park],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(2, &[Park])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    skip_to(&rules, &mut state, MERCHANT);
    assert_eq!(state.turn.seat, Seat(2));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.mode, TurnMode::Resumed);
    assert!(state.hand[2].is_empty(), "no Park for the bewitched player");
    act(&rules, &mut state, Action::EndTurn);
    assert!(state.hand[2].is_empty());
}

// ---------------------------------------------------------------- Poor House

/// Poor House: "If there is no gold in your stash at the end of your turn, gain 1 gold."
#[test]
fn poor_house_gains_one_gold_with_an_empty_stash_at_the_end_of_the_turn() {
    let (rules, mut state) = setup(
        &[],
        &[PoorHouse],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[PoorHouse])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Market]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 1);
}

/// Poor House: only with "no gold in your stash": 1 gold stays 1.
#[test]
fn poor_house_gives_nothing_with_gold_in_the_stash() {
    let (rules, mut state) = setup(
        &[],
        &[PoorHouse],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[PoorHouse])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 1);
}

/// Clarification: "If the owner is the Witch and does not resume his turn, the Poor House
/// cannot resolve."
#[test]
fn poor_house_does_not_resolve_for_the_witch_who_does_not_resume() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[PoorHouse],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[PoorHouse])],
    );
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    act(&rules, &mut state, Action::Keep(top[0]));
    act(&rules, &mut state, Action::Bewitch(MAGICIAN));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft, "the next round");
    assert_eq!(state.gold[0], 0, "the Poor House did not resolve");
}

/// The Poor House resolves at the end of the Witch's resumed turn.
#[test]
fn poor_house_resolves_when_the_witch_resumes_her_turn() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[PoorHouse],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[PoorHouse])],
    );
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    act(&rules, &mut state, Action::Keep(top[0]));
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    assert_eq!(state.gold[0], 0, "on hold: no end of turn yet");
    skip_to(&rules, &mut state, MERCHANT);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.mode, TurnMode::Resumed);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 1);
}

/// Clarification: "If the owner is the Alchemist with zero gold at the end of his turn, he
/// applies the Poor House's effect first before applying the Alchemist's ability": 0 + 1,
/// then the 2 paid back.
#[test]
fn poor_house_applies_before_the_alchemist_refund() {
    let (rules, mut state) = setup(
        &[C::Alchemist],
        &[PoorHouse],
        [ALCHEMIST, ASSASSIN, KING, WARLORD],
        &[(0, &[PoorHouse])],
    );
    skip_to(&rules, &mut state, ALCHEMIST);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Market]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 3);
}

/// The bewitched player's turn "immediately ends" after gathering: his Poor House does not
/// resolve.
#[test]
fn poor_house_does_not_resolve_for_the_bewitched_owner() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[PoorHouse],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(2, &[PoorHouse])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    skip_to(&rules, &mut state, MERCHANT);
    state.gold[2] = 0;
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    act(&rules, &mut state, Action::Keep(top[0]));
    assert_eq!(state.turn.mode, TurnMode::Resumed);
    assert_eq!(state.gold[2], 0, "no Poor House for the bewitched player");
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[2], 0);
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

fn to_move_seat(state: &State) -> Seat {
    citadels_sim::engine::to_move(state).expect("someone to move")
}

// ---------------------------------------------------------------- Theater

/// Theater: "At the end of each selection phase, you may exchange your chosen character card
/// with an opponent's." Clarification: "The owner chooses who to exchange cards with, but he
/// chooses blindly ... the players involved in the exchange can look to see who their new
/// character is."
#[test]
fn theater_exchanges_with_a_chosen_opponent_blind_and_both_see_their_new_character() {
    let (rules, mut state) = setup(
        &[],
        &[Theater],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Theater])],
    );
    assert_eq!(state.phase, Phase::Theater(Seat(0)));
    assert_eq!(to_move_seat(&state), Seat(0));
    // One choice per opponent, not per character: he does not see theirs.
    assert_eq!(
        legal(&rules, &state),
        vec![
            Action::TheaterSwap(Seat(1), KING),
            Action::TheaterSwap(Seat(2), KING),
            Action::TheaterSwap(Seat(3), KING),
            Action::TheaterPass,
        ]
    );
    act(&rules, &mut state, Action::TheaterSwap(Seat(2), KING));
    assert_eq!(state.owner[KING.index()], Some(Seat(2)));
    assert_eq!(state.owner[MERCHANT.index()], Some(Seat(0)));
    assert_eq!(state.owner[ASSASSIN.index()], Some(Seat(1)));
    assert_eq!(state.owner[WARLORD.index()], Some(Seat(3)));
    assert!(state.seen[0].contains(MERCHANT));
    assert!(state.seen[2].contains(KING));
    // Then the turns start, and the characters are revealed only when called.
    assert_eq!(state.phase, Phase::Turns);
    assert_eq!((state.turn.rank, state.turn.seat), (ASSASSIN, Seat(1)));
    assert!(!state.revealed.contains(MERCHANT));
    skip_to(&rules, &mut state, KING);
    assert_eq!(state.turn.seat, Seat(2));
}

/// Theater: "you may": passing keeps every character where it is.
#[test]
fn theater_pass_keeps_every_character() {
    let (rules, mut state) = setup(
        &[],
        &[Theater],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Theater])],
    );
    let (owner, seen) = (state.owner, state.seen);
    act(&rules, &mut state, Action::TheaterPass);
    assert_eq!(state.owner, owner);
    assert_eq!(state.seen, seen);
    assert_eq!(state.phase, Phase::Turns);
    assert_eq!((state.turn.rank, state.turn.seat), (ASSASSIN, Seat(1)));
}

/// Clarification: "In 2- and 3-player games, the owner chooses which of his two characters
/// to give away and randomly chooses which of his opponent's characters to take in return."
#[test]
fn theater_at_two_players_gives_the_chosen_character_for_a_random_one_of_the_opponents() {
    let mut taken = RankSet::EMPTY;
    for seed in 0..24 {
        let (rules, mut state) = setup_with(
            2,
            seed,
            &[],
            &[Theater],
            &[(0, KING), (0, MERCHANT), (1, ASSASSIN), (1, WARLORD)],
            &[(0, &[Theater])],
        );
        assert_eq!(state.phase, Phase::Theater(Seat(0)));
        assert_eq!(
            legal(&rules, &state),
            vec![
                Action::TheaterSwap(Seat(1), KING),
                Action::TheaterSwap(Seat(1), MERCHANT),
                Action::TheaterPass,
            ]
        );
        act(&rules, &mut state, Action::TheaterSwap(Seat(1), MERCHANT));
        let mine = state.ranks_of(Seat(0));
        let theirs = state.ranks_of(Seat(1));
        assert_eq!((mine.len(), theirs.len()), (2, 2));
        assert!(mine.contains(KING), "the other one is kept");
        assert!(theirs.contains(MERCHANT), "the chosen one is given");
        let got = mine.iter().find(|&r| r != KING).unwrap();
        assert!(got == ASSASSIN || got == WARLORD);
        assert!(state.seen[0].contains(got));
        assert!(state.seen[1].contains(MERCHANT));
        taken.insert(got);
    }
    assert_eq!(taken.len(), 2, "either of the opponent's two can come back");
}

/// The Theater's clarification at 3 players (rank 9 in play): he gives the chosen one of his
/// two characters and gets a random one of the chosen opponent's two.
#[test]
fn theater_at_three_players_gives_the_chosen_character_for_one_of_the_opponents() {
    let mut full = first_game_cast_with(&[]);
    full.push(C::Artist);
    let rules = rules_with_cast_and_uniques(3, &full, &[Theater]);
    let wanted = [
        (Seat(0), KING),
        (Seat(0), MERCHANT),
        (Seat(1), ASSASSIN),
        (Seat(1), WARLORD),
        (Seat(2), ARCHITECT),
        (Seat(2), Rank(9)),
    ];
    // The third player's random discard may take a wanted card: the first seed where it
    // does not.
    let mut state = (0..64)
        .find_map(|seed| {
            let mut state = new_game(&rules, seed);
            (0..3).for_each(|s| clear_hand(&mut state, Seat(s)));
            set_city(&rules, &mut state, Seat(0), &[Theater]);
            arrange_draft(&mut state, Seat(0), &[], &[THIEF]);
            drive_draft(&rules, &mut state, &wanted);
            wanted
                .iter()
                .all(|&(s, r)| state.owner[r.index()] == Some(s))
                .then_some(state)
        })
        .expect("a seed deals the wanted characters");
    assert_eq!(state.phase, Phase::Theater(Seat(0)));
    assert_eq!(
        legal(&rules, &state),
        vec![
            Action::TheaterSwap(Seat(1), KING),
            Action::TheaterSwap(Seat(1), MERCHANT),
            Action::TheaterSwap(Seat(2), KING),
            Action::TheaterSwap(Seat(2), MERCHANT),
            Action::TheaterPass,
        ]
    );
    act(&rules, &mut state, Action::TheaterSwap(Seat(2), KING));
    let mine = state.ranks_of(Seat(0));
    assert!(mine.contains(MERCHANT) && !mine.contains(KING));
    let got = mine.iter().find(|&r| r != MERCHANT).unwrap();
    assert!(got == ARCHITECT || got == Rank(9));
    assert!(state.ranks_of(Seat(2)).contains(KING));
    assert_eq!(state.ranks_of(Seat(1)), {
        let mut r = RankSet::EMPTY;
        r.insert(ASSASSIN);
        r.insert(WARLORD);
        r
    });
    assert!(state.seen[0].contains(got) && state.seen[2].contains(KING));
}

/// Theater: "At the end of each selection phase": in the next round too.
#[test]
fn theater_acts_at_the_end_of_each_selection_phase() {
    let (rules, mut state) = setup(
        &[],
        &[Theater],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Theater])],
    );
    act(&rules, &mut state, Action::TheaterPass);
    finish_round(&rules, &mut state);
    assert_eq!((state.phase, state.round), (Phase::Draft, 2));
    arrange_draft(&mut state, Seat(0), &[], &[BISHOP]);
    let wanted = [(Seat(0), KING), (Seat(1), ASSASSIN)];
    drive_draft(&rules, &mut state, &wanted);
    assert_eq!(state.phase, Phase::Theater(Seat(0)));
}

// ---------------------------------------------------------------- Hospital (2021)

/// Hospital (2021): "a killed owner still gathers resources on his turn, and does nothing
/// else"; the Assassin's victim is still not revealed.
#[test]
fn hospital_killed_owner_still_gathers_and_does_nothing_else() {
    let (rules, mut state) = setup(
        &[],
        &[Hospital],
        [MERCHANT, ASSASSIN, KING, WARLORD],
        &[(0, &[Hospital, Market])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Kill(MERCHANT));
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, MERCHANT);
    assert_eq!(state.turn.seat, Seat(0));
    assert_eq!(state.turn.mode, TurnMode::Hospital);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Tavern]);
    state.gold[0] = 5;
    // Only gathering: no income, no Merchant gold, no building, no ending without it.
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.gold[0], 7, "2 gathered, nothing else");
    assert_eq!(state.hand[0], set_of(&hand), "nothing built");
    assert!(!state.revealed.contains(MERCHANT), "not revealed");
    // His turn ended by itself.
    assert_eq!((state.turn.rank, state.turn.seat), (WARLORD, Seat(3)));
    assert_conserved(&state);
}

/// Hospital: gathering cards, the killed owner keeps one and his turn ends.
#[test]
fn hospital_killed_owner_drawing_keeps_one_card_and_his_turn_ends() {
    let (rules, mut state) = setup(
        &[],
        &[Hospital],
        [MERCHANT, ASSASSIN, KING, WARLORD],
        &[(0, &[Hospital])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Kill(MERCHANT));
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, MERCHANT);
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    let mut keeps = legal(&rules, &state);
    keeps.sort();
    assert_eq!(keeps, vec![Action::Keep(top[0]), Action::Keep(top[1])]);
    act(&rules, &mut state, Action::Keep(top[1]));
    assert_eq!(state.hand[0], set_of(&[top[1]]));
    assert_eq!(state.turn.rank, WARLORD);
    assert!(!state.revealed.contains(MERCHANT));
    assert_conserved(&state);
}

/// Without the Hospital the killed character skips his entire turn (the Assassin's rule),
/// for comparison.
#[test]
fn hospital_absent_the_killed_owner_skips_his_turn() {
    let (rules, mut state) = setup(
        &[],
        &[Hospital],
        [MERCHANT, ASSASSIN, KING, WARLORD],
        &[(0, &[Market])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Kill(MERCHANT));
    act(&rules, &mut state, Action::EndTurn);
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (WARLORD, Seat(3)));
    assert_eq!(state.gold[0], 0);
}

/// Hospital: the killed owner "does nothing else": no end-of-turn Poor House.
#[test]
fn hospital_killed_owner_gets_no_poor_house() {
    let (rules, mut state) = setup(
        &[],
        &[Hospital, PoorHouse],
        [MERCHANT, ASSASSIN, KING, WARLORD],
        &[(0, &[Hospital, PoorHouse])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Kill(MERCHANT));
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, MERCHANT);
    state.gold[0] = 0;
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    act(&rules, &mut state, Action::Keep(top[0]));
    assert_eq!(state.turn.rank, WARLORD);
    assert_eq!(state.gold[0], 0);
}

// ---------------------------------------------------------------- Graveyard (2021)

/// Warlord's turn (seat 1) with seat 0's city holding the Graveyard and a Manor.
fn graveyard_game(owner_gold: u16) -> (Rules, State) {
    let (rules, mut state) = setup(
        &[],
        &[Graveyard],
        [KING, WARLORD, MERCHANT, ASSASSIN],
        &[(0, &[Graveyard, Manor])],
    );
    skip_to(&rules, &mut state, WARLORD);
    assert_eq!(state.turn.seat, Seat(1));
    state.gold[0] = owner_gold;
    state.gold[1] = 10;
    act(&rules, &mut state, Action::TakeGold);
    (rules, state)
}

/// Graveyard (2021): "when the Warlord destroys one of your districts, you may pay 1 gold to
/// take it into your hand": the owner decides.
#[test]
fn graveyard_owner_may_pay_one_gold_to_take_the_destroyed_district_into_his_hand() {
    let (rules, mut state) = graveyard_game(2);
    let manor = in_city(&rules, &state, Seat(0), Manor);
    act(&rules, &mut state, Action::Destroy(Seat(0), manor));
    assert_eq!(state.gold[1], 10, "12 - 2 for the Manor");
    assert_eq!(
        state.turn.pending,
        Pending::Graveyard {
            card: manor,
            owner: Seat(0)
        }
    );
    assert_eq!(to_move_seat(&state), Seat(0));
    assert_eq!(legal(&rules, &state), vec![Action::Recover, Action::LetGo]);
    assert_conserved(&state);
    act(&rules, &mut state, Action::Recover);
    assert_eq!(state.gold[0], 1);
    assert!(state.hand[0].contains(manor));
    assert!(!state.city[0].contains(manor));
    assert_eq!(to_move_seat(&state), Seat(1), "back to the Warlord");
    assert_conserved(&state);
}

/// Graveyard: "you may": letting it go, it goes to the bottom of the deck and costs nothing.
#[test]
fn graveyard_owner_letting_go_sends_the_district_to_the_bottom_of_the_deck() {
    let (rules, mut state) = graveyard_game(2);
    let manor = in_city(&rules, &state, Seat(0), Manor);
    act(&rules, &mut state, Action::Destroy(Seat(0), manor));
    act(&rules, &mut state, Action::LetGo);
    assert_eq!(state.gold[0], 2);
    assert_eq!(deck_bottom(&state, 1), vec![manor]);
    assert!(!state.hand[0].contains(manor));
    assert_conserved(&state);
}

/// Graveyard: "you may pay 1 gold": without gold, no choice; the district is discarded.
#[test]
fn graveyard_owner_without_gold_gets_no_choice() {
    let (rules, mut state) = graveyard_game(0);
    let manor = in_city(&rules, &state, Seat(0), Manor);
    act(&rules, &mut state, Action::Destroy(Seat(0), manor));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(deck_bottom(&state, 1), vec![manor]);
    assert_eq!(to_move_seat(&state), Seat(1));
    assert_conserved(&state);
}

/// CARDS.md: the Graveyard takes back "one of your districts"; not the Graveyard itself,
/// whose ability leaves the city with it (the project's ruling, docs/rules.md).
#[test]
fn graveyard_does_not_take_back_itself() {
    let (rules, mut state) = graveyard_game(2);
    let graveyard = in_city(&rules, &state, Seat(0), Graveyard);
    act(&rules, &mut state, Action::Destroy(Seat(0), graveyard));
    assert_eq!(state.gold[1], 8, "12 - 4 for the Graveyard");
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(deck_bottom(&state, 1), vec![graveyard]);
    assert_eq!(state.gold[0], 2);
    assert_conserved(&state);
}

/// Graveyard: "unless you are the Warlord": the Warlord destroying his own district gets no
/// choice.
#[test]
fn graveyard_does_not_work_for_the_warlord_himself() {
    let (rules, mut state) = setup(
        &[],
        &[Graveyard],
        [KING, WARLORD, MERCHANT, ASSASSIN],
        &[(1, &[Graveyard, Manor])],
    );
    skip_to(&rules, &mut state, WARLORD);
    state.gold[1] = 3;
    act(&rules, &mut state, Action::TakeGold);
    let manor = in_city(&rules, &state, Seat(1), Manor);
    act(&rules, &mut state, Action::Destroy(Seat(1), manor));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.gold[1], 3);
    assert_eq!(deck_bottom(&state, 1), vec![manor]);
    assert!(!state.hand[1].contains(manor));
    assert_conserved(&state);
}
