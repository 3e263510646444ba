//! More unique districts (Armory, Basilica, Capitol, Framework, Gold Mine, Great Wall, Ivory
//! Tower, Monument): card texts from CARDS.md, the rulebook's "District Clarifications" and
//! the CARDS.md rulings, through turns and final scores.

use crate::common::*;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::state::{Pending, Phase, State};
use citadels_sim::engine::{Action, Character, District, Rank, Rules, Seat, to_move};

/// The unique districts of these tests (the rest of the deck is the 54 basic districts).
const UNIQUES: [District; 12] = [
    Armory,
    Basilica,
    Capitol,
    Framework,
    GoldMine,
    GreatWall,
    IvoryTower,
    Monument,
    HauntedQuarter,
    WishingWell,
    Keep,
    Quarry,
];

fn rules(players: u8, swaps: &[Character]) -> Rules {
    rules_with_cast_and_uniques(players, &first_game_cast_with(swaps), &UNIQUES)
}

/// A 4-player game (crown on seat 0, seat i holding `seats[i]`, `facedown` set aside) at the
/// turn of `rank`, every city, hand and stash emptied.
fn at(rules: &Rules, seats: &[Rank], facedown: Rank, rank: Rank) -> State {
    blank_at_turn(rules, 11, seats, facedown, rank)
}

/// Seat 0 plays the King at the start of his turn; seats 1-3 hold the Bishop, Warlord and
/// Merchant.
fn at_king() -> (Rules, State) {
    let rules = rules(4, &[]);
    let state = at(&rules, &[R4, R5, R8, R6], R7, R4);
    (rules, state)
}

/// The builds from hand or with the Framework offered, sorted.
fn builds_offered(rules: &Rules, state: &State) -> Vec<Action> {
    of_kind(rules, state, |a| {
        matches!(a, Action::Build(_) | Action::FrameworkBuild(_))
    })
}

/// Seven districts: a completed city at 4 players.
const SEVEN: [District; 7] = [Manor, Castle, Palace, Temple, Church, Tavern, Market];

// ---------------------------------------------------------------- Armory

/// Armory: "During your turn, destroy the Armory to destroy 1 other district of your
/// choice": any city, the owner's included, never the Armory itself; "When a district is
/// destroyed, it is discarded facedown to the bottom of the district deck" (both cards).
#[test]
fn armory_destroys_itself_to_destroy_another_district_both_to_the_deck_bottom() {
    let (rules, mut state) = at_king();
    let mine = set_city(&rules, &mut state, Seat(0), &[Armory, Manor]);
    let theirs = set_city(&rules, &mut state, Seat(2), &[Castle]);
    assert_eq!(
        armory_actions(&rules, &state),
        sorted(vec![
            Action::ArmoryDestroy(Seat(0), mine[1]),
            Action::ArmoryDestroy(Seat(2), theirs[0]),
        ])
    );
    act(
        &rules,
        &mut state,
        Action::ArmoryDestroy(Seat(2), theirs[0]),
    );
    assert_eq!(state.city[0], set_of(&[mine[1]]));
    assert!(state.city[2].is_empty());
    assert_eq!(
        sorted(deck_bottom(&state, 2)),
        sorted(vec![mine[0], theirs[0]])
    );
    assert_eq!(state.gold[0], 0, "costs no gold");
    assert!(
        armory_actions(&rules, &state).is_empty(),
        "the Armory is gone"
    );
    assert_conserved(&state);
}

/// Armory: "destroy 1 other district of your choice" - one of the owner's own districts.
#[test]
fn armory_may_destroy_a_district_of_its_owner() {
    let (rules, mut state) = at_king();
    let mine = set_city(&rules, &mut state, Seat(0), &[Armory, Manor, Temple]);
    act(&rules, &mut state, Action::ArmoryDestroy(Seat(0), mine[2]));
    assert_eq!(state.city[0], set_of(&[mine[1]]));
    assert_eq!(
        sorted(deck_bottom(&state, 2)),
        sorted(vec![mine[0], mine[2]])
    );
    assert_conserved(&state);
}

/// CARDS.md ruling: "The Armory may destroy the Keep (the Keep stops only the rank 8
/// character) and may hit a Bishop's city" (seat 1 is the living Bishop).
#[test]
fn armory_may_destroy_the_keep_in_a_bishops_city() {
    let (rules, mut state) = at_king();
    assert_eq!(state.owner[R5.index()], Some(Seat(1)));
    set_city(&rules, &mut state, Seat(0), &[Armory]);
    let bishop = set_city(&rules, &mut state, Seat(1), &[Keep, Temple]);
    assert_eq!(
        armory_actions(&rules, &state),
        sorted(vec![
            Action::ArmoryDestroy(Seat(1), bishop[0]),
            Action::ArmoryDestroy(Seat(1), bishop[1]),
        ])
    );
    act(
        &rules,
        &mut state,
        Action::ArmoryDestroy(Seat(1), bishop[0]),
    );
    assert_eq!(state.city[1], set_of(&[bishop[1]]));
    assert!(state.city[0].is_empty());
    assert_conserved(&state);
}

/// Armory clarification: "A district in a completed city cannot be destroyed" - neither in
/// another player's completed city, nor the Armory itself in its owner's completed city.
#[test]
fn armory_cannot_destroy_in_a_completed_city() {
    let (rules, mut state) = at_king();
    set_city(&rules, &mut state, Seat(0), &[Armory, Manor]);
    set_city(&rules, &mut state, Seat(1), &SEVEN);
    let open = set_city(&rules, &mut state, Seat(3), &[Temple]);
    assert_eq!(
        armory_actions(&rules, &state)
            .into_iter()
            .filter(|a| matches!(a, Action::ArmoryDestroy(Seat(1), _)))
            .count(),
        0
    );
    assert_eq!(
        armory_actions(&rules, &state)
            .into_iter()
            .filter(|a| matches!(a, Action::ArmoryDestroy(Seat(3), _)))
            .collect::<Vec<_>>(),
        vec![Action::ArmoryDestroy(Seat(3), open[0])]
    );
    // The owner's city completed (the Armory and six others): the Armory is in a completed
    // city, so it cannot be destroyed to fire, even at the open city.
    let mut own = vec![Armory];
    own.extend_from_slice(&SEVEN[..6]);
    set_city(&rules, &mut state, Seat(0), &own);
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(armory_actions(&rules, &state), vec![]);
}

/// Armory: "During your turn": its owner cannot use it in another player's turn.
#[test]
fn armory_is_usable_during_its_owners_turn_only() {
    let (rules, mut state) = at_king();
    let armory = set_city(&rules, &mut state, Seat(2), &[Armory]);
    let target = set_city(&rules, &mut state, Seat(3), &[Temple]);
    assert!(armory_actions(&rules, &state).is_empty(), "the King's turn");
    // Seat 2 is the Warlord (rank 8).
    skip_to(&rules, &mut state, R8);
    assert_eq!(state.turn.seat, Seat(2));
    assert_eq!(state.city[2], set_of(&armory));
    assert!(offers(
        &rules,
        &state,
        Action::ArmoryDestroy(Seat(3), target[0])
    ));
}

// ---------------------------------------------------------------- Basilica

/// Basilica: "End: +1 per district in your city with an odd cost" (the Basilica itself
/// costs 4).
#[test]
fn basilica_scores_one_per_odd_cost_district() {
    let (rules, mut state) = at_king();
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
    let (rules, mut state) = at_king();
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
    let (rules, mut state) = at_king();
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
    let (rules, mut state) = at_king();
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
    let (rules, mut state) = at_king();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Capitol, HauntedQuarter, Manor, Castle],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (14, 3, 17));
}

// ---------------------------------------------------------------- Framework

/// Framework: "You may build a district by destroying the Framework instead of paying that
/// district's cost"; the Framework goes to the bottom of the deck.
#[test]
fn framework_builds_a_district_by_destroying_itself_instead_of_paying() {
    let (rules, mut state) = at_king();
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
    let (rules, mut state) = at_king();
    set_city(&rules, &mut state, Seat(0), &[Framework]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Palace, Temple]);
    state.gold[0] = 3;
    act(&rules, &mut state, Action::TakeGold);
    assert!(offers(&rules, &state, Action::Build(hand[1])));
    act(&rules, &mut state, Action::FrameworkBuild(hand[0]));
    assert!(builds_offered(&rules, &state).is_empty(), "limit reached");
    assert_eq!(state.turn.built, 1);
}

/// Framework clarification: "The Magistrate cannot confiscate a district built by
/// destroying the Framework, but the Magistrate can confiscate the next district the
/// targeted player pays to build." The signed warrant is on the Architect (limit 3).
#[test]
fn magistrate_cannot_confiscate_a_framework_build_but_the_next_paid_one() {
    let rules = rules(4, &[Character::Magistrate]);
    let mut state = at(&rules, &[R1, R7, R2, R3], R8, R1);
    act(&rules, &mut state, Action::Warrant(R7, R2, R3));
    skip_to(&rules, &mut state, R7);
    assert_eq!(state.turn.seat, Seat(1));
    blank(&mut state);
    set_city(&rules, &mut state, Seat(1), &[Framework]);
    let hand = set_hand(&rules, &mut state, Seat(1), &[Palace, Castle]);
    state.gold[1] = 2;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::FrameworkBuild(hand[0]));
    assert_eq!(state.turn.pending, Pending::None, "no confiscation offered");
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(state.city[1], set_of(&[hand[0]]));
    // The next district he pays for.
    act(&rules, &mut state, Action::Build(hand[1]));
    assert_eq!(to_move(&state), Some(Seat(0)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Confiscate, Action::AllowBuild]
    );
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.city[0], set_of(&[hand[1]]));
    assert_eq!(state.city[1], set_of(&[hand[0]]));
    assert_eq!(state.gold[..2], [0, 4], "his 4 gold back");
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Gold Mine

/// Gold Mine: "If you take gold when gathering resources, gain 1 extra gold."
#[test]
fn gold_mine_adds_one_gold_when_taking_gold() {
    let (rules, mut state) = at_king();
    set_city(&rules, &mut state, Seat(0), &[GoldMine]);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.gold[0], 3);
}

/// Gold Mine: only "if you take gold": drawing cards gives no gold.
#[test]
fn gold_mine_adds_nothing_when_drawing_cards() {
    let (rules, mut state) = at_king();
    set_city(&rules, &mut state, Seat(0), &[GoldMine]);
    let top = stack_deck(&rules, &mut state, &[Palace, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::Keep(top[0]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.hand[0], set_of(&top[..1]));
}

// ---------------------------------------------------------------- Great Wall

/// Seat 0 plays `character` (rank 8) at the start of his turn; seat 1 is the Assassin.
fn at_rank8(character: Character) -> (Rules, State) {
    let rules = rules(4, &[character]);
    let state = at(&rules, &[R8, R1, R2, R3], R7, R8);
    (rules, state)
}

/// Great Wall: "The rank 8 character pays 1 more gold to use its ability on any other
/// district in your city": the Warlord pays 3 for a Manor (2 + 1); CARDS.md ruling: "Great
/// Wall does not protect itself" - destroying it costs 5.
#[test]
fn great_wall_makes_the_warlord_pay_one_more_but_not_for_itself() {
    let (rules, mut state) = at_rank8(Character::Warlord);
    let city = set_city(&rules, &mut state, Seat(1), &[GreatWall, Manor]);
    let manor = Action::Destroy(Seat(1), city[1]);
    let wall = Action::Destroy(Seat(1), city[0]);
    state.gold[0] = 2;
    assert!(!offers(&rules, &state, manor));
    state.gold[0] = 4;
    assert!(offers(&rules, &state, manor));
    assert!(!offers(&rules, &state, wall), "5 for the wall");
    state.gold[0] = 5;
    assert!(offers(&rules, &state, wall));
    state.gold[0] = 3;
    act(&rules, &mut state, manor);
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.city[1], set_of(&city[..1]));
    assert_conserved(&state);
}

/// Great Wall: the Diplomat pays the difference plus 1 for the other player's district: a
/// Castle (4) for a Temple (1) costs 4.
#[test]
fn great_wall_makes_the_diplomat_pay_one_more_for_the_other_players_district() {
    let (rules, mut state) = at_rank8(Character::Diplomat);
    let mine = set_city(&rules, &mut state, Seat(0), &[Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[GreatWall, Castle]);
    let swap = Action::Exchange(Seat(1), theirs[1], mine[0]);
    state.gold[0] = 3;
    assert!(!offers(&rules, &state, swap));
    state.gold[0] = 4;
    act(&rules, &mut state, swap);
    assert_eq!(state.gold[..2], [0, 4]);
    assert_eq!(state.city[0], set_of(&theirs[1..]));
    assert_eq!(state.city[1], set_of(&[theirs[0], mine[0]]));
    assert_conserved(&state);
}

/// Great Wall clarification: "The Diplomat does not apply the Great Wall's effect to the
/// district he is exchanging from his city": with his own Great Wall, a Manor (3) for his
/// Temple (1) costs just the difference, 2.
#[test]
fn great_wall_not_applied_to_the_district_the_diplomat_gives() {
    let (rules, mut state) = at_rank8(Character::Diplomat);
    let mine = set_city(&rules, &mut state, Seat(0), &[GreatWall, Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Manor]);
    let swap = Action::Exchange(Seat(1), theirs[0], mine[1]);
    state.gold[0] = 2;
    assert!(offers(&rules, &state, swap));
    act(&rules, &mut state, swap);
    assert_eq!(state.gold[..2], [0, 2]);
    assert_eq!(state.city[0], set_of(&[mine[0], theirs[0]]));
    assert_conserved(&state);
}

/// Great Wall: the Marshal gives the owner the cost plus 1: 4 for a Manor.
#[test]
fn great_wall_makes_the_marshal_pay_the_owner_one_more() {
    let (rules, mut state) = at_rank8(Character::Marshal);
    let theirs = set_city(&rules, &mut state, Seat(1), &[GreatWall, Manor]);
    let seize = Action::Seize(Seat(1), theirs[1]);
    state.gold[0] = 3;
    assert!(!offers(&rules, &state, seize));
    state.gold[0] = 4;
    act(&rules, &mut state, seize);
    assert_eq!(state.gold[..2], [0, 4]);
    assert_eq!(state.city[0], set_of(&theirs[1..]));
    assert_eq!(state.city[1], set_of(&theirs[..1]));
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Ivory Tower

/// Ivory Tower: "End: +5 if it is the only unique district in your city."
#[test]
fn ivory_tower_scores_five_if_the_only_unique_district() {
    let (rules, mut state) = at_king();
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
    let (rules, mut state) = at_king();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[IvoryTower, HauntedQuarter, Manor],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.uniques, s.total()), (10, 5, 15));
}

// ---------------------------------------------------------------- Monument

/// Monument: "Cannot be built if you have 5 or more districts."
#[test]
fn monument_cannot_be_built_with_five_or_more_districts() {
    let (rules, mut state) = at_king();
    set_city(&rules, &mut state, Seat(0), &SEVEN[..4]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Monument]);
    state.gold[0] = 2;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(builds_offered(&rules, &state), vec![Action::Build(hand[0])]);
    set_city(&rules, &mut state, Seat(0), &SEVEN[..5]);
    assert!(builds_offered(&rules, &state).is_empty());
    // With four, it is built.
    set_city(&rules, &mut state, Seat(0), &SEVEN[..4]);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.city[0].len(), 5);
    assert!(state.city[0].contains(hand[0]));
}

/// CARDS.md ruling: "a city with the Monument and 6 other districts is complete" (3 players:
/// a completed city has eight districts); it ends the game after the round and scores the
/// first-completion bonus, while the Monument scores its cost once.
#[test]
fn monument_and_six_other_districts_complete_the_city_and_end_the_game() {
    let rules = rules(3, &[Character::Artist]);
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
    city.extend_from_slice(&SEVEN[..5]);
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
    let (rules, mut state) = at_rank8(Character::Warlord);
    let mut city = vec![Monument];
    city.extend_from_slice(&SEVEN[..5]);
    set_city(&rules, &mut state, Seat(1), &city);
    assert!(state.is_complete(&rules, Seat(1)));
    state.gold[0] = 10;
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::Destroy(Seat(1), _)))
    );
    set_city(&rules, &mut state, Seat(1), &SEVEN[..5]);
    assert!(!state.is_complete(&rules, Seat(1)));
}

/// CARDS.md ruling: "for every other purpose the Monument is one district": a beautified
/// Monument (5) is one odd district for the Basilica, and one unique for the Wishing Well.
#[test]
fn monument_is_one_district_for_the_basilica_and_the_wishing_well() {
    let (rules, mut state) = at_king();
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

/// "As soon as a city has seven districts, it has been completed; the game will end after the
/// current round is finished", with the Monument counting as 2 toward a completed city: the
/// Diplomat who takes a Monument into his city of six completes it by the exchange.
#[test]
fn monument_taken_by_the_diplomat_completes_his_city() {
    let (rules, mut state) = at_rank8(Character::Diplomat);
    let mine = set_city(&rules, &mut state, Seat(0), &SEVEN[..6]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Monument, Watchtower]);
    state.gold[0] = 3;
    // The Tavern (1) for the Monument (4).
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[5]),
    );
    assert_eq!(state.city[0].len(), 6);
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(score(&rules, &state, Seat(0)).completion, 4);
}

/// The same when the Diplomat gives his Monument to a city of six: that city is completed.
#[test]
fn monument_given_by_the_diplomat_completes_the_other_city() {
    let (rules, mut state) = at_rank8(Character::Diplomat);
    let mine = set_city(&rules, &mut state, Seat(0), &[Monument]);
    let theirs = set_city(&rules, &mut state, Seat(1), &SEVEN[..6]);
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[0]),
    );
    assert!(state.is_complete(&rules, Seat(1)));
    assert_eq!(state.first_complete, Some(Seat(1)));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(score(&rules, &state, Seat(1)).completion, 4);
}

/// Monument and Magistrate (project ruling, CARDS.md is silent): confiscating is building
/// ("build it in your city instead"), so a Monument "cannot be built if you have 5 or more
/// districts" is not confiscated into a Magistrate's city of 5; into a city of 4 it is.
#[test]
fn magistrate_cannot_confiscate_a_monument_into_a_city_of_five() {
    for (magistrate_city, confiscable) in [(&SEVEN[..5], false), (&SEVEN[..4], true)] {
        let rules = rules(4, &[Character::Magistrate]);
        let mut state = at(&rules, &[R1, R7, R2, R3], R8, R1);
        act(&rules, &mut state, Action::Warrant(R7, R2, R3));
        skip_to(&rules, &mut state, R7);
        blank(&mut state);
        set_city(&rules, &mut state, Seat(0), magistrate_city);
        let hand = set_hand(&rules, &mut state, Seat(1), &[Monument]);
        state.gold[1] = 4;
        act(&rules, &mut state, Action::TakeGold);
        act(&rules, &mut state, Action::Build(hand[0]));
        if confiscable {
            assert_eq!(to_move(&state), Some(Seat(0)));
            act(&rules, &mut state, Action::Confiscate);
            assert!(state.city[0].contains(hand[0]));
        } else {
            assert_eq!(state.turn.pending, Pending::None, "no confiscation offered");
            assert_eq!(to_move(&state), Some(Seat(1)));
            assert!(state.city[1].contains(hand[0]));
        }
        assert_conserved(&state);
    }
}
