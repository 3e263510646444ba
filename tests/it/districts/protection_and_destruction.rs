//! Districts that destroy, or protect against destruction and the Assassin (Armory,
//! Graveyard, Great Wall, Hospital, Keep): card texts (CARDS.md), the rulebook's "District
//! Clarifications" and the rulings of CARDS.md and docs/rules.md, through real turns.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::state::{Pending, State, TurnMode};
use citadels_sim::engine::{Action, Character, District, Rules, Seat};

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

// ---------------------------------------------------------------- Armory

/// Armory: "During your turn, destroy the Armory to destroy 1 other district of your
/// choice": any city, the owner's included, never the Armory itself; "When a district is
/// destroyed, it is discarded facedown to the bottom of the district deck" (both cards).
#[test]
fn armory_destroys_itself_to_destroy_another_district_both_to_the_deck_bottom() {
    let (rules, mut state) = deck12_at_king();
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
    let (rules, mut state) = deck12_at_king();
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
    let (rules, mut state) = deck12_at_king();
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
    let (rules, mut state) = deck12_at_king();
    set_city(&rules, &mut state, Seat(0), &[Armory, Manor]);
    set_city(&rules, &mut state, Seat(1), &SEVEN_DISTRICTS);
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
    own.extend_from_slice(&SEVEN_DISTRICTS[..6]);
    set_city(&rules, &mut state, Seat(0), &own);
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(armory_actions(&rules, &state), vec![]);
}

/// Armory: "During your turn": its owner cannot use it in another player's turn.
#[test]
fn armory_is_usable_during_its_owners_turn_only() {
    let (rules, mut state) = deck12_at_king();
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

/// Witch: "You cannot build at this time, and the only district effects you can use are
/// those that occur when gathering resources": no Armory before her turn is put on hold; once
/// she resumes it as the bewitched character, it is offered.
#[test]
fn armory_is_not_usable_in_the_witchs_turn_before_it_is_put_on_hold() {
    let rules = deck19_rules(4, &[C::Witch]);
    let mut state = deck19_at(&rules, &[R1, R4, R6, R8], R2, R1);
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
    let rules = deck19_rules(4, &[C::Witch]);
    let mut state = deck19_at(&rules, &[R1, R4, R6, R8], R2, R1);
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
    let rules = deck19_rules(4, &[]);
    let mut state = deck19_at(&rules, &[R6, R1, R4, R8], R2, R1);
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
    let rules = deck19_rules(4, &[C::Blackmailer]);
    let mut state = deck19_at(&rules, &[R1, R2, R4, R6], R3, R2);
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

// ---------------------------------------------------------------- Graveyard

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

// ---------------------------------------------------------------- Great Wall

/// Great Wall: "The rank 8 character pays 1 more gold to use its ability on any other
/// district in your city": the Warlord pays 3 for a Manor (2 + 1); CARDS.md ruling: "Great
/// Wall does not protect itself" - destroying it costs 5.
#[test]
fn great_wall_makes_the_warlord_pay_one_more_but_not_for_itself() {
    let (rules, mut state) = deck12_at_rank8(Character::Warlord);
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
    let (rules, mut state) = deck12_at_rank8(Character::Diplomat);
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
    let (rules, mut state) = deck12_at_rank8(Character::Diplomat);
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
    let (rules, mut state) = deck12_at_rank8(Character::Marshal);
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

/// Great Wall: "The rank 8 character pays 1 more gold to use its ability on any other
/// district in your city"; docs/rules.md: "a Warlord destroying in his own Great Wall city
/// pays it too".
#[test]
fn great_wall_makes_the_warlord_pay_one_more_in_his_own_city() {
    let rules = deck19_rules(4, &[]);
    let mut state = deck19_at(&rules, &[R8, R1, R2, R3], R4, R8);
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

// ---------------------------------------------------------------- Hospital

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
