//! Rules clauses and project rulings about the unique districts, game end and scoring that an
//! audit found untested: the Monument leaving a completed city, Framework and Necropolis in a
//! completed city, the Statue after the final round's crown moves, end-of-game counts (School
//! of Magic, Capitol, Map Room), the Museum destroyed by other routes, the Armory in turns that
//! only gather, the Factory with other ways to build, the tax on unpaid builds, and more. Card
//! texts are CARDS.md's, clauses the rulebook's (rules/001), rulings docs/rules.md's.

use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::scoring::{outcome, score};
use citadels_sim::engine::state::{Pending, Phase, State, TurnMode};
use citadels_sim::engine::{
    Action, CardId, Character, District, DistrictType, Rank, Rules, Seat, new_game, to_move,
};

/// The unique districts in the deck of these tests (besides the 54 basic districts).
const UNIQUES: [District; 19] = [
    Armory,
    Capitol,
    Factory,
    Framework,
    GreatWall,
    HauntedQuarter,
    Keep,
    MapRoom,
    Monument,
    Museum,
    Necropolis,
    SchoolOfMagic,
    SecretVault,
    Stables,
    Statue,
    ThievesDen,
    Graveyard,
    Hospital,
    DragonGate,
];

fn rules(players: u8, swaps: &[Character]) -> Rules {
    rules_with_cast_and_uniques(players, &first_game_cast_with(swaps), &UNIQUES)
}

/// A 4-player game (crown on seat 0, seat i holding `seats[i]`, `facedown` set aside) at the
/// turn of `rank`, every city, hand and stash then emptied.
fn at(rules: &Rules, seats: &[Rank], facedown: Rank, rank: Rank) -> State {
    blank_at_turn(rules, 5, seats, facedown, rank)
}

/// Seat 0 plays the King at the start of his turn; seats 1-3 hold the Assassin, Thief and
/// Warlord (the Magician is set aside).
fn at_king() -> (Rules, State) {
    let rules = rules(4, &[]);
    let state = at(&rules, &[R4, R1, R2, R8], R3, R4);
    assert_eq!(state.turn.seat, Seat(0));
    (rules, state)
}

/// Every way of building offered: from hand, with the Framework or the Necropolis, or
/// with the Cardinal's borrowed gold.
fn any_builds(rules: &Rules, state: &State) -> Vec<Action> {
    of_kind(rules, state, |a| {
        matches!(
            a,
            Action::Build(_)
                | Action::FrameworkBuild(_)
                | Action::NecropolisBuild(_)
                | Action::BorrowBuild(..)
        )
    })
}

/// The Warlord's targets in `seat`'s city, sorted.
fn destroys_in(rules: &Rules, state: &State, seat: Seat) -> Vec<CardId> {
    destroys(&legal(rules, state))
        .into_iter()
        .filter_map(|(s, c)| (s == seat).then_some(c))
        .collect()
}

/// The last `n` cards of the deck, sorted (the rules say they go to the bottom, not in
/// which order).
fn bottom(state: &State, n: usize) -> Vec<CardId> {
    sorted(deck_bottom(state, n))
}

/// Six districts: with one more, a completed city at 4 players.
const SIX: [District; 6] = [Manor, Castle, Palace, Temple, Church, Tavern];

// ---------------------------------------------------------------- Tie-break

/// docs/rules.md, "Ties": "A killed King, Patrician or Emperor is revealed too: 'At the end
/// of the round, reveal the King's character card' (rulebook 2016, Assassin), so it counts for
/// the tie-break." The killed King's heir, tied on points with the Thief's player, wins it.
#[test]
fn killed_king_shown_for_his_heir_counts_for_the_tie_break() {
    let rules = rules(4, &[]);
    let mut state = at(&rules, &[R1, R4, R2, R3], R8, R1);
    act(&rules, &mut state, Action::Kill(R4));
    pass_turn(&rules, &mut state);
    pass_turn(&rules, &mut state);
    // The Magician (seat 3) completes his city.
    assert_eq!((state.turn.rank, state.turn.seat), (R3, Seat(3)));
    set_city(
        &rules,
        &mut state,
        Seat(3),
        &[Temple, Church, Tavern, Market, Watchtower, Prison],
    );
    let hand = set_hand(&rules, &mut state, Seat(3), &[TradingPost]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(state.crown, Seat(1), "the heir took the crown");
    assert!(state.revealed.contains(R4));
    assert!(state.revealed.contains(R2));
    state.gold = [0; 8];
    for s in [1, 2] {
        set_city(
            &rules,
            &mut state,
            Seat(s),
            &[Palace, Cathedral, TownHall, Fortress],
        );
    }
    let o = outcome(&rules, &state);
    // Seat 3: 1+2+1+2+1+2+2 = 11, +4 first completed.
    assert_eq!(o.scores[..4], [0, 20, 20, 15]);
    assert_eq!(o.tied_on_points, 2);
    assert_eq!(
        o.winners,
        seat_set(&[1]),
        "the King (4), shown at the end of the round, beats the Thief (2)"
    );
}

// ---------------------------------------------------------------- Monument leaving a completed city

/// docs/rules.md: building with the Necropolis "is allowed in a completed city (the city is
/// no longer complete if the district given up is the Monument, which counts 2 ...)"; "The
/// +4 stays with the player who completed his city first even if a later Necropolis ...
/// takes his Monument away and his city is not complete at the end". Warlord: "You cannot
/// destroy a district in a completed city": his city is open to the Warlord again.
#[test]
fn necropolis_giving_up_the_monument_reopens_the_city_and_the_first_completer_keeps_four() {
    let rules = rules(4, &[]);
    let mut state = at(&rules, &[R7, R1, R2, R8], R3, R7);
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

/// docs/rules.md: "The +4 stays with the player who completed his city first even if a later
/// ... Diplomat exchange takes his Monument away and his city is not complete at the end (he
/// did complete it first)". Diplomat: "you can exchange one of your districts if you have a
/// completed city".
#[test]
fn diplomat_giving_away_his_monument_keeps_the_first_completers_four() {
    let rules = rules(4, &[C::Diplomat]);
    let mut state = at(&rules, &[R8, R1, R2, R3], R5, R8);
    let city = set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Monument, Manor, Castle, Palace, Temple],
    );
    let theirs = set_city(&rules, &mut state, Seat(1), &[Market]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Church]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.first_complete, Some(Seat(0)));
    // The Monument (4) for the Market (2): the Diplomat owes nothing.
    let exchange = Action::Exchange(Seat(1), theirs[0], city[0]);
    assert!(offers(&rules, &state, exchange));
    act(&rules, &mut state, exchange);
    assert_eq!(
        state.city[0],
        set_of(&[city[1], city[2], city[3], city[4], hand[0], theirs[0]])
    );
    assert_eq!(state.city[1], set_of(&[city[0]]));
    assert!(!state.is_complete(&rules, Seat(0)));
    assert_eq!(state.gold[..2], [0, 0]);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.phase, Phase::GameOver);
    let s = score(&rules, &state, Seat(0));
    // Manor 3 + Castle 4 + Palace 5 + Temple 1 + Church 2 + Market 2.
    assert_eq!((s.districts, s.completion), (17, 4));
    let other = score(&rules, &state, Seat(1));
    assert_eq!((other.districts, other.completion), (4, 0));
}

// ---------------------------------------------------------------- Framework and Necropolis in a completed city

/// docs/rules.md: "building with the Framework or the Necropolis keeps a city's number of
/// districts and is allowed in a completed city". Framework: "build a district by destroying
/// the Framework instead of paying that district's cost."
#[test]
fn framework_build_is_allowed_in_a_completed_city_and_keeps_it_complete() {
    let (rules, mut state) = at_king();
    let mut districts = vec![Framework];
    districts.extend_from_slice(&SIX);
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

/// docs/rules.md: "building with the Framework or the Necropolis keeps a city's number of
/// districts and is allowed in a completed city". Necropolis: "build the Necropolis by
/// destroying 1 district in your city instead of paying its cost."
#[test]
fn necropolis_build_is_allowed_in_a_completed_city_and_keeps_it_complete() {
    let (rules, mut state) = at_king();
    let mut districts = SIX.to_vec();
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
    // Give up the Tavern (SIX[5]).
    act(&rules, &mut state, Action::NecropolisBuild(city[5]));
    let mut after: Vec<CardId> = city.iter().copied().filter(|&c| c != city[5]).collect();
    after.push(hand[0]);
    assert_eq!(state.city[0], set_of(&after));
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.gold[0], 0);
    assert_eq!(bottom(&state, 1), vec![city[5]]);
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Monument with the Framework

/// docs/rules.md: the Monument "cannot be built (from hand, by the Wizard or with the
/// Framework) into a city of 5 or more districts, counted before the build (a Framework
/// given up for it still counts)". Monument: "Cannot be built if you have 5 or more
/// districts."
#[test]
fn monument_is_not_built_with_the_framework_in_a_city_of_five_counting_the_framework() {
    let (rules, mut state) = at_king();
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

// ---------------------------------------------------------------- Statue

/// Statue: "End: +5 if you have the crown." King: "If you are killed ... At the end of the
/// round, reveal the King's character card and take the crown as the King's heir." In the
/// final round the heir has the crown when the game ends.
#[test]
fn statue_scores_for_the_killed_kings_heir_after_the_final_round() {
    let rules = rules(4, &[]);
    let mut state = at(&rules, &[R1, R4, R2, R3], R8, R1);
    let statue = set_city(&rules, &mut state, Seat(1), &[Statue]);
    act(&rules, &mut state, Action::Kill(R4));
    set_city(&rules, &mut state, Seat(0), &SIX);
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
    let rules = rules(4, &[C::Emperor]);
    let mut state = at(&rules, &[R1, R4, R2, R3], R8, R1);
    set_city(&rules, &mut state, Seat(2), &[Statue]);
    act(&rules, &mut state, Action::Kill(R4));
    set_city(&rules, &mut state, Seat(0), &SIX);
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

// ---------------------------------------------------------------- End-of-game counts

/// School of Magic: "For abilities that gain resources for your districts, counts as the
/// type of your choice": at the end of the game it is only unique, so it does not supply a
/// missing type for the five-types bonus ("If your city has at least one district of each
/// type, score 3 points"), though it is the unique one.
#[test]
fn school_of_magic_counts_only_as_unique_at_the_end_of_the_game() {
    let (rules, mut state) = at_king();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[SchoolOfMagic, Manor, Temple, Tavern],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.all_types, s.uniques), (11, 0, 0));
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[SchoolOfMagic, Manor, Temple, Tavern, Watchtower],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.all_types, s.total()), (12, 3, 15));
}

/// Capitol: "End: +3 if you have at least 3 districts of the same type (once)";
/// docs/rules.md: "The Capitol's three districts of one type may be unique ones".
#[test]
fn capitol_counts_three_unique_districts_as_three_of_one_type() {
    let (rules, mut state) = at_king();
    set_city(&rules, &mut state, Seat(1), &[Capitol, Keep, Armory, Manor]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques), (14, 3));
    // Two unique and two noble: no three of one type.
    set_city(&rules, &mut state, Seat(1), &[Capitol, Keep, Manor, Castle]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques), (15, 0));
}

/// Map Room: "End: +1 per card in your hand"; Secret Vault: "End: reveal it from your hand
/// for +3"; docs/rules.md: "the Map Room counts every card in hand, a Secret Vault too (which
/// scores its own +3 as well)".
#[test]
fn map_room_counts_a_secret_vault_in_hand_which_scores_its_own_three() {
    let (rules, mut state) = at_king();
    set_city(&rules, &mut state, Seat(1), &[MapRoom]);
    set_hand(&rules, &mut state, Seat(1), &[SecretVault, Manor]);
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (5, 2 + 3, 10));
}

// ---------------------------------------------------------------- Museum destroyed

/// Clarification: "If the Museum is destroyed, assigned cards are discarded facedown to the
/// bottom of the deck": destroyed by another player's Armory.
#[test]
fn museum_destroyed_by_the_armory_sends_its_cards_to_the_bottom_of_the_deck() {
    let rules = rules(4, &[]);
    let mut state = at(&rules, &[R4, R1, R2, R6], R3, R4);
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
    let (rules, mut state) = at_king();
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
    let rules = rules(4, &[]);
    let mut state = at(&rules, &[R4, R8, R6, R1], R3, R4);
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

// ---------------------------------------------------------------- Armory in turns that only gather

/// Witch: "You cannot build at this time, and the only district effects you can use are
/// those that occur when gathering resources": no Armory before her turn is put on hold; once
/// she resumes it as the bewitched character, it is offered.
#[test]
fn armory_is_not_usable_in_the_witchs_turn_before_it_is_put_on_hold() {
    let rules = rules(4, &[C::Witch]);
    let mut state = at(&rules, &[R1, R4, R6, R8], R2, R1);
    assert_eq!(state.turn.mode, TurnMode::Witch);
    set_city(&rules, &mut state, Seat(0), &[Armory]);
    let manor = set_city(&rules, &mut state, Seat(1), &[Manor]);
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
    act(&rules, &mut state, Action::Bewitch(R6));
    pass_turn(&rules, &mut state);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        (state.turn.rank, state.turn.seat, state.turn.mode),
        (R6, Seat(0), TurnMode::Resumed)
    );
    assert_eq!(
        armory_actions(&rules, &state),
        vec![Action::ArmoryDestroy(Seat(1), manor[0])]
    );
}

/// Witch: "When the bewitched character is called to take his turn, he gathers resources and
/// his turn immediately ends": the bewitched player cannot fire his Armory.
#[test]
fn armory_is_not_usable_in_the_bewitched_players_turn() {
    let rules = rules(4, &[C::Witch]);
    let mut state = at(&rules, &[R1, R4, R6, R8], R2, R1);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(R6));
    pass_turn(&rules, &mut state);
    assert_eq!(
        (state.turn.rank, state.turn.seat, state.turn.mode),
        (R6, Seat(2), TurnMode::Bewitched)
    );
    let armory = set_city(&rules, &mut state, Seat(2), &[Armory]);
    set_city(&rules, &mut state, Seat(1), &[Manor]);
    state.gold[2] = 5;
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    // His turn is over: the Witch resumes it.
    assert_eq!(
        (state.turn.seat, state.turn.mode),
        (Seat(0), TurnMode::Resumed)
    );
    assert_eq!(state.city[2], set_of(&armory));
    assert_eq!(state.gold[2], 7);
}

/// Hospital (2021): "a killed owner still gathers resources on his turn, and does nothing
/// else": not the Armory.
#[test]
fn armory_is_not_usable_in_the_hospital_owners_gather_only_turn() {
    let rules = rules(4, &[]);
    let mut state = at(&rules, &[R6, R1, R4, R8], R2, R1);
    assert_eq!(state.turn.seat, Seat(1));
    act(&rules, &mut state, Action::Kill(R6));
    pass_turn(&rules, &mut state);
    let city = set_city(&rules, &mut state, Seat(0), &[Hospital, Armory]);
    set_city(&rules, &mut state, Seat(2), &[Manor]);
    skip_to(&rules, &mut state, R6);
    assert_eq!(
        (state.turn.seat, state.turn.mode),
        (Seat(0), TurnMode::Hospital)
    );
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!((state.turn.rank, state.turn.seat), (R8, Seat(3)));
    assert_eq!(state.city[0], set_of(&city));
}

/// Blackmailer: "A threatened player must resolve the threat before he is able to use any of
/// his character abilities or build districts, and the only district effects he can use
/// before resolving the threat are those that occur when gathering resources": the Armory
/// only once the threat is resolved.
#[test]
fn armory_is_not_usable_by_a_threatened_player_before_the_threat_is_resolved() {
    let rules = rules(4, &[C::Blackmailer]);
    let mut state = at(&rules, &[R1, R2, R4, R6], R3, R2);
    act(&rules, &mut state, Action::Threaten(R4, R6));
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (R4, Seat(2)));
    set_city(&rules, &mut state, Seat(2), &[Armory]);
    let manor = set_city(&rules, &mut state, Seat(3), &[Manor]);
    state.gold[2] = 4;
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Bribe, Action::RefuseBribe]
    );
    act(&rules, &mut state, Action::Bribe);
    assert_eq!(state.gold[2], 3, "6 - 3");
    assert_eq!(
        armory_actions(&rules, &state),
        vec![Action::ArmoryDestroy(Seat(3), manor[0])]
    );
}

// ---------------------------------------------------------------- Great Wall

/// Great Wall: "The rank 8 character pays 1 more gold to use its ability on any other
/// district in your city"; docs/rules.md: "a Warlord destroying in his own Great Wall city
/// pays it too".
#[test]
fn great_wall_makes_the_warlord_pay_one_more_in_his_own_city() {
    let rules = rules(4, &[]);
    let mut state = at(&rules, &[R8, R1, R2, R3], R4, R8);
    let city = set_city(&rules, &mut state, Seat(0), &[GreatWall, Castle]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 3;
    assert!(destroys_in(&rules, &state, Seat(0)).is_empty(), "3 + 1 > 3");
    state.gold[0] = 4;
    assert_eq!(destroys_in(&rules, &state, Seat(0)), vec![city[1]]);
    act(&rules, &mut state, Action::Destroy(Seat(0), city[1]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.city[0], set_of(&city[..1]));
    assert_eq!(bottom(&state, 1), vec![city[1]]);
}

// ---------------------------------------------------------------- Factory

/// Factory: "You pay 1 fewer gold to build any other unique district"; Thieves' Den: "Pay
/// some or all of its cost with cards from your hand, 1 card for 1 gold": 5 to pay, all of
/// it in cards.
#[test]
fn factory_lowers_the_thieves_dens_cost_to_five_payable_in_cards() {
    let (rules, mut state) = at_king();
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
    let rules = rules(4, &[C::Wizard]);
    let mut state = at(&rules, &[R3, R4, R6, R8], R1, R3);
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
    let rules = rules(4, &[C::Cardinal]);
    let mut state = at(&rules, &[R5, R1, R2, R3], R8, R5);
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

// ---------------------------------------------------------------- Tax Collector

/// Tax Collector: "Immediately after a player builds a district, he places one gold from his
/// stash on the Tax Collector's character token. This applies even when a player builds a
/// district that he has not paid to build"; docs/rules.md: Framework and Necropolis builds
/// "count toward the building limit and the Tax Collector's tax applies".
#[test]
fn tax_applies_to_a_framework_build() {
    taxed_free_build(Framework, Manor, |_, hand| Action::FrameworkBuild(hand));
}

/// Tax Collector: "This applies even when a player builds a district that he has not paid to
/// build"; docs/rules.md: the tax applies to Necropolis builds.
#[test]
fn tax_applies_to_a_necropolis_build() {
    taxed_free_build(Temple, Necropolis, |city, _| Action::NecropolisBuild(city));
}

/// The King (seat 0, 3 gold) with `in_city` in his city and `in_hand` in his hand makes the
/// free build `build(city card, hand card)` beside the Tax Collector: the hand card is his
/// city, and one of his 3 gold is on the Tax Collector's token.
fn taxed_free_build(in_city: District, in_hand: District, build: fn(CardId, CardId) -> Action) {
    let rules = rules(4, &[C::TaxCollector]);
    let mut state = at(&rules, &[R4, R1, R2, R9], R3, R4);
    assert_eq!(state.tax_pool, 0);
    let city = set_city(&rules, &mut state, Seat(0), &[in_city]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[in_hand]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 3;
    act(&rules, &mut state, build(city[0], hand[0]));
    assert_eq!(state.city[0], set_of(&hand));
    assert_eq!(state.gold[0], 2);
    assert_eq!(state.tax_pool, 1);
}

// ---------------------------------------------------------------- Navigator

/// Navigator: "You cannot build any districts during your turn—not even districts that do not
/// count toward your building limit": not the Stables, nor with the Framework or the
/// Necropolis.
#[test]
fn navigator_builds_neither_the_stables_nor_with_the_framework_or_necropolis() {
    let rules = rules(4, &[C::Navigator]);
    let mut state = at(&rules, &[R7, R1, R2, R3], R8, R7);
    set_city(&rules, &mut state, Seat(0), &[Framework, Temple]);
    set_hand(&rules, &mut state, Seat(0), &[Stables, Necropolis, Manor]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 20;
    assert!(any_builds(&rules, &state).is_empty());
    assert!(offers(&rules, &state, Action::EndTurn));
}

// ---------------------------------------------------------------- Haunted Quarter

/// Haunted Quarter: "End: counts as any 1 district type of your choice": only at the end, so
/// the King's income ("one gold for each noble district") does not count it.
#[test]
fn haunted_quarter_does_not_count_as_noble_for_the_kings_income() {
    let (rules, mut state) = at_king();
    set_city(&rules, &mut state, Seat(0), &[HauntedQuarter, Manor]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 1);
}

/// docs/rules.md, Spy: "a card matches by its printed type (the Haunted Quarter in hand is
/// unique)".
#[test]
fn spy_matches_the_haunted_quarter_in_hand_as_unique() {
    for (named, matches) in [(DistrictType::Unique, 1u16), (DistrictType::Noble, 1)] {
        let rules = rules(4, &[C::Spy]);
        let mut state = at(&rules, &[R2, R4, R6, R8], R1, R2);
        set_hand(&rules, &mut state, Seat(1), &[HauntedQuarter, Manor]);
        state.gold[1] = 5;
        let top = stack_deck(&rules, &mut state, &[Temple, Tavern]);
        act(&rules, &mut state, Action::Spy(Seat(1), named));
        assert_eq!(state.gold[..2], [matches, 5 - matches], "{named:?}");
        assert_eq!(state.hand[0], set_of(&top[..matches as usize]));
    }
    // The Haunted Quarter alone, named religious: no match.
    let rules = rules(4, &[C::Spy]);
    let mut state = at(&rules, &[R2, R4, R6, R8], R1, R2);
    set_hand(&rules, &mut state, Seat(1), &[HauntedQuarter]);
    state.gold[1] = 5;
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(1), DistrictType::Religious),
    );
    assert_eq!(state.gold[..2], [0, 5]);
    assert!(state.hand[0].is_empty());
}

// ---------------------------------------------------------------- First completed city

/// "As soon as a city has seven districts, it has been completed"; "The player who first
/// completed his city scores 4 points". The Magistrate's city completed by a confiscated
/// district is the first completed city; the target's is not complete.
#[test]
fn magistrate_completing_his_city_by_confiscation_is_the_first_completer() {
    let rules = rules(4, &[C::Magistrate]);
    let mut state = at(&rules, &[R7, R1, R4, R6], R2, R1);
    assert_eq!(state.turn.seat, Seat(1));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Warrant(R7, R4, R6));
    act(&rules, &mut state, Action::EndTurn);
    set_city(&rules, &mut state, Seat(1), &SIX);
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Cathedral, Harbor, TownHall, Fortress, Barracks, Docks],
    );
    let hand = set_hand(&rules, &mut state, Seat(0), &[Market]);
    skip_to(&rules, &mut state, R7);
    assert_eq!(state.turn.seat, Seat(0));
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 2;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(
        state.turn.pending,
        Pending::Confiscation {
            card: hand[0],
            paid: 2
        }
    );
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(state.first_complete, None);
    act(&rules, &mut state, Action::Confiscate);
    assert!(state.city[1].contains(hand[0]));
    assert_eq!(state.city[1].len(), 7);
    assert_eq!(state.city[0].len(), 6);
    assert_eq!(state.gold[0], 2, "his gold back");
    assert_eq!(state.first_complete, Some(Seat(1)));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(score(&rules, &state, Seat(1)).completion, 4);
    assert_eq!(score(&rules, &state, Seat(0)).completion, 0);
}

// ---------------------------------------------------------------- Bishop and Warlord in one hand

/// docs/rules.md: "Bishop and Warlord held by one player (2-3 players): the Bishop's
/// protection covers his city, so his Warlord cannot destroy his own districts." Bishop:
/// "During this round, the rank 8 character ... cannot use its ability on your districts."
#[test]
fn warlord_held_with_the_bishop_cannot_destroy_in_his_own_city() {
    let rules = rules(2, &[]);
    let mut state = new_game(&rules, 8);
    arrange_draft(&mut state, Seat(0), &[], &[R3]);
    drive_draft(
        &rules,
        &mut state,
        &[(Seat(0), R5), (Seat(0), R8), (Seat(1), R4), (Seat(1), R7)],
    );
    assert_eq!(state.ranks_of(Seat(0)).0, (1 << 5) | (1 << 8));
    blank(&mut state);
    skip_to(&rules, &mut state, R8);
    assert_eq!(state.turn.seat, Seat(0));
    set_city(&rules, &mut state, Seat(0), &[Temple, Manor]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Tavern]);
    state.gold[0] = 10;
    assert!(destroys_in(&rules, &state, Seat(0)).is_empty());
    assert_eq!(destroys_in(&rules, &state, Seat(1)), theirs);
}
