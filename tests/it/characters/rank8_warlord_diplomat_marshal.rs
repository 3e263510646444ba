//! Rank 8: the Warlord, the Diplomat and the Marshal ("Character Abilities in Detail"), one
//! test per sentence of the rulebook or ruling, driven through real selection phases and
//! turns.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::state::{Phase, State};
use citadels_sim::engine::{Action, CardId, Character, District, Rank, Rules, Seat, new_game};

/// The Warlord's targets in the order offered (`common::destroys` sorts them): kept apart
/// because some of these tests compare with the engine's order.
fn destroys_in_order(actions: &[Action]) -> Vec<(Seat, CardId)> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Destroy(s, c) => Some((*s, *c)),
            _ => None,
        })
        .collect()
}

/// A 4-player game at the Warlord's turn (seat 3) with no cities and 0 gold anywhere.
fn at_warlord() -> (Rules, State) {
    let (rules, mut state) = four_seated([ASSASSIN, KING, MERCHANT, WARLORD]);
    skip_to(&rules, &mut state, WARLORD);
    blank(&mut state);
    (rules, state)
}

/// Seat 0 plays `rank8` (Diplomat or Marshal), at the start of his turn; seat 1 holds
/// `seat1` (the Bishop in some tests). Cities, hands and stashes are empty.
fn at_rank8(character: Character, seat1: Rank) -> (Rules, State) {
    let rules = cast_with_artist(4, &[character], false);
    let mut state = first_turn(&rules, &[R8, seat1, R2, R3], R7);
    skip_to(&rules, &mut state, R8);
    blank(&mut state);
    (rules, state)
}

fn at_diplomat() -> (Rules, State) {
    at_rank8(Character::Diplomat, R1)
}

fn at_marshal() -> (Rules, State) {
    at_rank8(Character::Marshal, R1)
}

fn seizes(actions: &[Action]) -> Vec<(Seat, CardId)> {
    sorted(
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Seize(s, c) => Some((*s, *c)),
                _ => None,
            })
            .collect(),
    )
}

// ---------------------------------------------------------------- Warlord

/// Bishop: "During this round, the rank 8 character ... cannot use its ability on your
/// districts."
#[test]
fn warlord_cannot_target_a_living_bishops_city() {
    let (rules, mut state) = four_seated([ASSASSIN, BISHOP, KING, WARLORD]);
    let bishop_city = set_city(&rules, &mut state, Seat(1), &[Temple, Church]);
    let king_city = set_city(&rules, &mut state, Seat(2), &[Tavern]);
    skip_to(&rules, &mut state, WARLORD);
    state.gold[3] = 10;
    clear_city(&mut state, Seat(3));
    let targets = destroys_in_order(&legal(&rules, &state));
    assert_eq!(targets, vec![(Seat(2), king_city[0])]);
    assert!(targets.iter().all(|&(_, c)| !bishop_city.contains(&c)));
}

/// Bishop: "If you are killed, the rank 8 character can use its ability on your districts."
#[test]
fn warlord_can_target_a_killed_bishops_city() {
    let (rules, mut state) = four_seated([ASSASSIN, BISHOP, KING, WARLORD]);
    let bishop_city = set_city(&rules, &mut state, Seat(1), &[Temple, Church]);
    act(&rules, &mut state, Action::Kill(BISHOP));
    skip_to(&rules, &mut state, WARLORD);
    state.gold[3] = 10;
    clear_city(&mut state, Seat(0));
    clear_city(&mut state, Seat(2));
    clear_city(&mut state, Seat(3));
    let mut targets = destroys_in_order(&legal(&rules, &state));
    targets.sort();
    let mut expected = vec![(Seat(1), bishop_city[0]), (Seat(1), bishop_city[1])];
    expected.sort();
    assert_eq!(targets, expected);
}

/// Warlord: "You gain one gold for each military district in your city."
#[test]
fn warlord_gains_gold_per_military_district() {
    let (rules, mut state) = at_warlord();
    set_city(
        &rules,
        &mut state,
        Seat(3),
        &[Watchtower, Prison, Fortress, Manor],
    );
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[3], 3);
}

/// Warlord: "destroy one district of your choice by paying one fewer gold than its building
/// cost. So, you can destroy a one-cost district for free".
#[test]
fn warlord_destroys_for_one_less_than_cost() {
    let (rules, mut state) = at_warlord();
    let city = set_city(&rules, &mut state, Seat(1), &[Temple, Castle]);
    // With no gold only the 1-cost Temple can be destroyed.
    assert_eq!(
        destroys_in_order(&legal(&rules, &state)),
        vec![(Seat(1), city[0])]
    );
    state.gold[3] = 3;
    let mut targets = destroys_in_order(&legal(&rules, &state));
    targets.sort();
    let mut expected = vec![(Seat(1), city[0]), (Seat(1), city[1])];
    expected.sort();
    assert_eq!(targets, expected);
    act(&rules, &mut state, Action::Destroy(Seat(1), city[1]));
    assert_eq!(state.gold[3], 0);
    assert_eq!(state.city[1], set_of(&[city[0]]));
    // Once per turn.
    assert!(destroys_in_order(&legal(&rules, &state)).is_empty());
}

/// Warlord: "Destroyed districts are discarded facedown to the bottom of the district deck."
#[test]
fn destroyed_district_goes_to_the_bottom_of_the_deck() {
    let (rules, mut state) = at_warlord();
    let city = set_city(&rules, &mut state, Seat(2), &[Temple]);
    let len = state.deck.len();
    act(&rules, &mut state, Action::Destroy(Seat(2), city[0]));
    assert_eq!(state.deck.len(), len + 1);
    assert_eq!(state.deck.iter().last(), Some(city[0]));
    assert!(state.city[2].is_empty());
    assert_conserved(&state);
}

/// Warlord: "You cannot destroy a district in a completed city".
#[test]
fn warlord_cannot_destroy_in_a_completed_city() {
    let (rules, mut state) = at_warlord();
    state.gold[3] = 20;
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Church, Manor, Castle, Tavern, Market, Prison],
    );
    let six = set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Temple, Church, Manor, Castle, Tavern, Market],
    );
    let targets = destroys_in_order(&legal(&rules, &state));
    assert!(targets.iter().all(|&(s, _)| s != Seat(0)));
    let expected: Vec<(Seat, CardId)> = set_of(&six).iter().map(|c| (Seat(1), c)).collect();
    assert_eq!(targets, expected);
}

/// Warlord: "but you can destroy one of your own districts."
#[test]
fn warlord_can_destroy_his_own_district() {
    let (rules, mut state) = at_warlord();
    let own = set_city(&rules, &mut state, Seat(3), &[Watchtower]);
    assert_eq!(
        destroys_in_order(&legal(&rules, &state)),
        vec![(Seat(3), own[0])]
    );
    act(&rules, &mut state, Action::Destroy(Seat(3), own[0]));
    assert!(state.city[3].is_empty());
}

/// "If no time is specified, the player can use the ability at any time during his turn":
/// the Warlord may destroy before gathering, then still gather and build.
#[test]
fn warlord_destroys_before_gathering() {
    let (rules, mut state) = at_warlord();
    let city = set_city(&rules, &mut state, Seat(0), &[Temple]);
    let hand = set_hand(&rules, &mut state, Seat(3), &[Watchtower]);
    assert!(!state.turn.gathered);
    act(&rules, &mut state, Action::Destroy(Seat(0), city[0]));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.city[3], set_of(&hand));
    assert_eq!(state.gold[3], 1);
}

/// Artist: "... the Warlord must pay one more gold to destroy a beautified district".
#[test]
fn warlord_pays_one_more_to_destroy_a_beautified_district() {
    let (rules, mut state, city) = at_artist(Character::Warlord, &[Temple, Manor]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Beautify(city[1]));
    next_round(&rules, &mut state, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R8);
    clear_city(&mut state, Seat(3));
    state.gold[3] = 2;
    assert_eq!(destroys(&legal(&rules, &state)), vec![(Seat(0), city[0])]);
    state.gold[3] = 3;
    assert_eq!(
        destroys(&legal(&rules, &state)),
        sorted(vec![(Seat(0), city[0]), (Seat(0), city[1])])
    );
    act(&rules, &mut state, Action::Destroy(Seat(0), city[1]));
    assert_eq!(state.gold[3], 0);
    assert!(!state.beautified.contains(city[1]));
    assert_eq!(state.deck.iter().last(), Some(city[1]));
}

/// docs/rules.md, Great Wall: "a Warlord destroying in his own Great Wall city pays it too";
/// Great Wall: "The rank 8 character pays 1 more gold to use its ability on any other
/// district in your city." His own Castle costs him 3 + 1; another player's Castle 3.
#[test]
fn warlord_destroying_in_his_own_great_wall_city_pays_one_more() {
    let rules = rules_with_cast_and_uniques(4, &first_game_cast_with(&[]), &[GreatWall]);
    let mut state = blank_first_turn(&rules, &[R8, R1, R2, R3], R7);
    skip_to(&rules, &mut state, R8);
    let mine = set_city(&rules, &mut state, Seat(0), &[GreatWall, Castle]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Castle]);
    state.gold[0] = 3;
    assert_eq!(destroys(&legal(&rules, &state)), vec![(Seat(1), theirs[0])]);
    state.gold[0] = 4;
    assert_eq!(
        destroys(&legal(&rules, &state)),
        sorted(vec![(Seat(0), mine[1]), (Seat(1), theirs[0])])
    );
    act(&rules, &mut state, Action::Destroy(Seat(0), mine[1]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.city[0], set_of(&mine[..1]));
    assert_eq!(state.deck.iter().last(), Some(mine[1]));
}

/// Keep: "The rank 8 character cannot use its ability on the Keep."
#[test]
fn warlord_cannot_destroy_the_keep() {
    let (rules, mut state) = first_game_at_turn(WARLORD);
    let city = set_city(&rules, &mut state, Seat(1), &[Keep, Temple]);
    state.gold[0] = 10;
    let destroys: Vec<Action> = legal(&rules, &state)
        .into_iter()
        .filter(|a| matches!(a, Action::Destroy(..)))
        .collect();
    assert_eq!(destroys, vec![Action::Destroy(Seat(1), city[1])]);
}

/// docs/rules.md: "Bishop and Warlord held by one player (2-3 players): the Bishop's
/// protection covers his city, so his Warlord cannot destroy his own districts." Bishop:
/// "During this round, the rank 8 character ... cannot use its ability on your districts."
#[test]
fn warlord_held_with_the_bishop_cannot_destroy_in_his_own_city() {
    let rules = deck19_rules(2, &[]);
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

// ---------------------------------------------------------------- Diplomat

/// Diplomat: "You gain one gold for each military district in your city."
#[test]
fn diplomat_gains_gold_per_military_district() {
    let (rules, mut state) = at_diplomat();
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Watchtower, Prison, Barracks, Manor],
    );
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 3);
    assert!(!offers(&rules, &state, Action::TakeIncome));
}

/// Diplomat: "You can exchange one district in another player's city for one district in
/// your city. If the other player's district has a higher cost than your district, you must
/// give that player the difference in gold from your stash."
#[test]
fn diplomat_exchanges_paying_the_difference_to_the_other_player() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Castle]);
    state.gold[0] = 2;
    // 3 gold short of the difference: not offered.
    assert!(exchanges(&legal(&rules, &state)).is_empty());
    state.gold[0] = 5;
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[0], mine[0])]
    );
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[0]),
    );
    assert_eq!(state.city[0], set_of(&theirs));
    assert_eq!(state.city[1], set_of(&mine));
    assert_eq!(state.gold[..2], [2, 3]);
    // Once per turn.
    assert!(exchanges(&legal(&rules, &state)).is_empty());
    assert_conserved(&state);
}

/// Diplomat: "If your district has a higher cost than the other player's district, that
/// player does not owe you any gold in return."
#[test]
fn diplomat_gets_nothing_back_for_a_dearer_district() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Palace]);
    let theirs = set_city(&rules, &mut state, Seat(2), &[Tavern]);
    state.gold[2] = 4;
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(2), theirs[0], mine[0]),
    );
    assert_eq!(state.city[0], set_of(&theirs));
    assert_eq!(state.city[2], set_of(&mine));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.gold[2], 4);
}

/// Diplomat: "You cannot exchange for a district in a completed city".
#[test]
fn diplomat_cannot_take_from_a_completed_city() {
    let (rules, mut state) = at_diplomat();
    set_city(&rules, &mut state, Seat(0), &[Temple]);
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Church, Manor, Castle, Tavern, Market, Prison, Watchtower],
    );
    let six = set_city(
        &rules,
        &mut state,
        Seat(2),
        &[Church, Manor, Castle, Tavern, Market, Prison],
    );
    state.gold[0] = 20;
    let targets = exchanges(&legal(&rules, &state));
    assert!(targets.iter().all(|&(s, _, _)| s == Seat(2)));
    assert_eq!(targets.len(), six.len());
}

/// Diplomat: "... but you can exchange one of your districts if you have a completed city."
#[test]
fn diplomat_can_give_from_his_own_completed_city() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Church, Manor, Castle, Tavern, Market, Prison, Watchtower],
    );
    assert!(state.is_complete(&rules, Seat(0)));
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple]);
    let targets = exchanges(&legal(&rules, &state));
    let expected = sorted(mine.iter().map(|&m| (Seat(1), theirs[0], m)).collect());
    assert_eq!(targets, expected);
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[1]),
    );
    assert!(state.city[0].contains(theirs[0]));
    assert!(state.city[1].contains(mine[1]));
}

/// Diplomat: "You cannot exchange ... for a district identical to a district already in your
/// city".
#[test]
fn diplomat_cannot_take_a_district_identical_to_his_own() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Watchtower, Manor]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Manor, Temple]);
    state.gold[0] = 10;
    // Their Manor is identical to his; their Temple may be had for his Watchtower (his Manor
    // cannot go: their city has one).
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[1], mine[0])]
    );
}

/// Diplomat: "Also, the district coming from your city cannot be identical to a district
/// already in the other player's city."
#[test]
fn diplomat_cannot_give_a_district_identical_to_one_in_the_other_city() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Temple, Castle]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple, Manor]);
    state.gold[0] = 10;
    // Their Temple is identical to his; his Temple is identical to theirs: only his Castle
    // for their Manor remains.
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[1], mine[1])]
    );
}

/// Bishop: "During this round, the rank 8 character (Warlord, Diplomat, or Marshal) cannot
/// use its ability on your districts."
#[test]
fn diplomat_cannot_target_a_living_bishops_city() {
    let (rules, mut state) = at_rank8(Character::Diplomat, R5);
    set_city(&rules, &mut state, Seat(0), &[Temple]);
    set_city(&rules, &mut state, Seat(1), &[Manor]);
    let other = set_city(&rules, &mut state, Seat(2), &[Castle]);
    state.gold[0] = 10;
    let targets = exchanges(&legal(&rules, &state));
    assert!(!targets.is_empty());
    assert!(
        targets
            .iter()
            .all(|&(s, t, _)| s == Seat(2) && t == other[0])
    );
}

/// Keep: "The rank 8 character cannot use its ability on the Keep": the Diplomat neither
/// gives his own Keep nor takes another player's.
#[test]
fn diplomat_cannot_exchange_the_keep() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Keep, Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Manor]);
    state.gold[0] = 10;
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[0], mine[1])]
    );

    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Keep, Manor]);
    state.gold[0] = 10;
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[1], mine[0])]
    );
}

/// Quarry: "he cannot use the Magistrate, Diplomat, or Marshal to acquire identical
/// districts."
#[test]
fn diplomat_with_quarry_cannot_acquire_an_identical_district() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Quarry, Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple, Market]);
    state.gold[0] = 10;
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[1], mine[0])]
    );
}

/// Bishop: "If you are killed, the rank 8 character can use its ability on your districts."
#[test]
fn diplomat_and_marshal_can_target_a_killed_bishops_city() {
    for character in [Character::Diplomat, Character::Marshal] {
        let rules = cast_with_artist(4, &[character], false);
        let mut state = first_turn(&rules, &[R8, R5, R1, R3], R7);
        assert_eq!(state.turn.rank, R1);
        act(&rules, &mut state, Action::Kill(R5));
        skip_to(&rules, &mut state, R8);
        blank(&mut state);
        let mine = set_city(&rules, &mut state, Seat(0), &[Watchtower]);
        let theirs = set_city(&rules, &mut state, Seat(1), &[Temple]);
        state.gold[0] = 5;
        let actions = legal(&rules, &state);
        if character == Character::Diplomat {
            assert_eq!(exchanges(&actions), vec![(Seat(1), theirs[0], mine[0])]);
        } else {
            assert_eq!(seizes(&actions), vec![(Seat(1), theirs[0])]);
        }
    }
}

/// docs/rules.md, "End of game": "The +4 stays with the player who completed his city first
/// even if a later Necropolis or Diplomat exchange takes his Monument away and his city is
/// not complete at the end". The Diplomat completes his city with the Monument counting 2,
/// then gives the Monument away: the game still ends after the round and he scores +4.
#[test]
fn diplomat_giving_his_monument_away_keeps_the_first_completion_bonus() {
    let rules = rules_with_cast_and_uniques(4, &first_game_cast_with(&[C::Diplomat]), &[Monument]);
    let mut state = blank_first_turn(&rules, &[R8, R1, R2, R3], R7);
    skip_to(&rules, &mut state, R8);
    let mine = set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Monument, Manor, Castle, Palace, Temple],
    );
    let hand = set_hand(&rules, &mut state, Seat(0), &[Church]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Market]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    assert_eq!(state.gold[0], 0);
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[0]),
    );
    assert_eq!(state.city[1], set_of(&mine[..1]));
    assert!(!state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    act(&rules, &mut state, Action::EndTurn);
    assert!(state.is_over());
    let s = score(&rules, &state, Seat(0));
    // Market 2, Manor 3, Castle 4, Palace 5, Temple 1, Church 2; no military, no unique.
    assert_eq!(
        (s.districts, s.all_types, s.completion, s.uniques),
        (17, 0, 4, 0)
    );
    let other = score(&rules, &state, Seat(1));
    assert_eq!((other.districts, other.completion), (4, 0));
}

/// docs/rules.md: "The +4 stays with the player who completed his city first even if a later
/// ... Diplomat exchange takes his Monument away and his city is not complete at the end (he
/// did complete it first)". Diplomat: "you can exchange one of your districts if you have a
/// completed city".
#[test]
fn diplomat_giving_away_his_monument_keeps_the_first_completers_four() {
    let rules = deck19_rules(4, &[C::Diplomat]);
    let mut state = deck19_at(&rules, &[R8, R1, R2, R3], R5, R8);
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

// ---------------------------------------------------------------- Marshal

/// Marshal: "You gain one gold for each military district in your city."
#[test]
fn marshal_gains_gold_per_military_district() {
    let (rules, mut state) = at_marshal();
    set_city(&rules, &mut state, Seat(0), &[Watchtower, Fortress, Temple]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 2);
}

/// Marshal: "You can seize one district with a building cost of three or less in another
/// player's city by giving the owner gold equal to its building cost. The seized district is
/// added to your city."
#[test]
fn marshal_seizes_a_district_costing_three_or_less_paying_the_owner() {
    let (rules, mut state) = at_marshal();
    let theirs = set_city(&rules, &mut state, Seat(1), &[Manor, Castle, Temple]);
    let own = set_city(&rules, &mut state, Seat(0), &[Watchtower]);
    state.gold[0] = 2;
    // The Manor costs 3: 2 gold do not pay for it.
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(1), theirs[2])]);
    state.gold[0] = 3;
    assert_eq!(
        seizes(&legal(&rules, &state)),
        sorted(vec![(Seat(1), theirs[0]), (Seat(1), theirs[2])])
    );
    act(&rules, &mut state, Action::Seize(Seat(1), theirs[0]));
    assert_eq!(state.gold[..2], [0, 3]);
    assert_eq!(state.city[0], set_of(&[own[0], theirs[0]]));
    assert_eq!(state.city[1], set_of(&theirs[1..]));
    state.gold[0] = 9;
    assert!(seizes(&legal(&rules, &state)).is_empty(), "once per turn");
    assert_conserved(&state);
}

/// Marshal: "You cannot seize a district in a completed city".
#[test]
fn marshal_cannot_seize_from_a_completed_city() {
    let (rules, mut state) = at_marshal();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Temple, Church, Manor, Castle, Tavern, Market, Prison],
    );
    let open = set_city(&rules, &mut state, Seat(2), &[Temple]);
    state.gold[0] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(2), open[0])]);
}

/// Marshal: "... nor a district identical to a district already in your city."
#[test]
fn marshal_cannot_seize_a_district_identical_to_his_own() {
    let (rules, mut state) = at_marshal();
    set_city(&rules, &mut state, Seat(0), &[Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple, Church]);
    state.gold[0] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(1), theirs[1])]);
}

/// Quarry: the Marshal "cannot use ... to acquire identical districts".
#[test]
fn marshal_with_quarry_cannot_seize_an_identical_district() {
    let (rules, mut state) = at_marshal();
    set_city(&rules, &mut state, Seat(0), &[Quarry, Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple, Church]);
    state.gold[0] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(1), theirs[1])]);
}

/// Marshal: "seize ... in another player's city": never his own; nor the Keep ("The rank 8
/// character cannot use its ability on the Keep") nor a living Bishop's districts.
#[test]
fn marshal_cannot_seize_his_own_the_keep_or_from_the_bishop() {
    let (rules, mut state) = at_rank8(Character::Marshal, R5);
    set_city(&rules, &mut state, Seat(0), &[Watchtower]);
    set_city(&rules, &mut state, Seat(1), &[Temple]);
    let theirs = set_city(&rules, &mut state, Seat(2), &[Keep, Church]);
    state.gold[0] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(2), theirs[1])]);
}

/// A seized district that completes the Marshal's city makes it the first completed city.
#[test]
fn marshal_completes_his_city_by_seizing() {
    let (rules, mut state) = at_marshal();
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Church, Manor, Castle, Tavern, Market, Prison],
    );
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Seize(Seat(1), theirs[0]));
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::EndTurn);
    assert!(state.is_over());
    assert_eq!(score(&rules, &state, Seat(0)).completion, 4);
}

/// A beautified three-cost district costs four: the Marshal cannot seize it.
#[test]
fn marshal_cannot_seize_a_beautified_three_cost_district() {
    let (rules, mut state, city) = at_artist(Character::Marshal, &[Manor, Temple]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Beautify(city[0]));
    next_round(&rules, &mut state, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R8);
    clear_city(&mut state, Seat(3));
    state.gold[3] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(0), city[1])]);
}

/// A beautified two-cost district costs three: the Marshal may seize it, paying three, and
/// it stays beautified in his city.
#[test]
fn marshal_seizes_a_beautified_two_cost_district_at_three() {
    let (rules, mut state, city) = at_artist(Character::Marshal, &[Church]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Beautify(city[0]));
    next_round(&rules, &mut state, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R8);
    clear_city(&mut state, Seat(3));
    state.gold[3] = 2;
    assert!(seizes(&legal(&rules, &state)).is_empty());
    state.gold[3] = 3;
    state.gold[0] = 0;
    act(&rules, &mut state, Action::Seize(Seat(0), city[0]));
    assert_eq!(state.gold[0], 3, "the owner is paid the beautified cost");
    assert_eq!(state.gold[3], 0);
    assert_eq!(state.city[3], set_of(&city));
    assert_eq!(state.cost(&rules, city[0]), 3);
}
