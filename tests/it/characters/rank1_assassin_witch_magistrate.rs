//! The Witch, Magistrate, Spy, Blackmailer, Wizard, Seer, Emperor, Patrician and Abbot
//! ("Character Abilities in Detail"), one test per sentence of the rulebook, driven through
//! real selection phases and turns.

use crate::common::*;
use District::*;
use citadels_sim::engine::state::{Pending, Phase, State, TurnMode};
use citadels_sim::engine::view::View;
use citadels_sim::engine::{
    Action, CardId, Character, District, DistrictType, Rank, Rules, Seat, to_move,
};

const SPY: Rank = Rank(2);
const BLACKMAILER: Rank = Rank(2);
const SEER: Rank = Rank(3);
const EMPEROR: Rank = Rank(4);
const PATRICIAN: Rank = Rank(4);
const ABBOT: Rank = Rank(5);
const NAVIGATOR: Rank = Rank(7);

use Character as C;

/// The first-game cast with `replace` put in at their ranks.
fn cast(replace: &[Character]) -> [Character; 8] {
    let mut cast = [
        C::Assassin,
        C::Thief,
        C::Magician,
        C::King,
        C::Bishop,
        C::Merchant,
        C::Architect,
        C::Warlord,
    ];
    for &c in replace {
        cast[c.rank().index() - 1] = c;
    }
    cast
}

/// A 4-player game with this cast at its first turn, crown on seat 0, seat i holding
/// `ranks[i]`; the face-down discard is the lowest rank nobody holds. Every hand is put back
/// into the deck, so that tests set the hands and cities they need.
fn game(cast: [Character; 8], ranks: [Rank; 4]) -> (Rules, State) {
    let rules = rules_with_cast(4, &cast);
    let mut state = start_seated(&rules, 11, &ranks, lowest_rank_not_in(&ranks));
    clear_hands(&mut state);
    (rules, state)
}

fn set_gold(state: &mut State, gold: [u16; 4]) {
    state.gold[..4].copy_from_slice(&gold);
}

fn ranks_named(actions: &[Action], f: impl Fn(&Action) -> Option<Rank>) -> Vec<u8> {
    actions.iter().filter_map(f).map(|r| r.0).collect()
}

// ---------------------------------------------------------------- Witch

fn witch_cast() -> [Character; 8] {
    cast(&[C::Witch])
}

/// Witch: "First you must gather resources, then you must call the name of another character
/// whom you wish to bewitch, and then your turn is put on hold."
#[test]
fn witch_must_gather_then_must_bewitch_then_her_turn_is_on_hold() {
    let (rules, mut state) = game(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
    assert_eq!(state.turn.mode, TurnMode::Witch);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    let bewitch: Vec<Action> = (2..=8).map(|r| Action::Bewitch(Rank(r))).collect();
    assert_eq!(legal(&rules, &state), bewitch, "only Bewitch, no EndTurn");
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    assert_eq!(state.bewitched, Some(MERCHANT));
    // On hold: the next character is called.
    assert_eq!((state.turn.rank, state.turn.seat), (KING, Seat(1)));
    assert_eq!(to_move(&state), Some(Seat(1)));
}

/// Witch: "You cannot build at this time, and the only district effects you can use are
/// those that occur when gathering resources (Gold Mine, Library, or Observatory)."
#[test]
fn witch_cannot_build_or_use_laboratory_or_smithy_before_bewitching() {
    let (rules, mut state) = game(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
    set_city(&rules, &mut state, Seat(0), &[Laboratory, Smithy]);
    set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern]);
    set_gold(&mut state, [10, 2, 2, 2]);
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

/// Witch: "the only district effects you can use are those that occur when gathering
/// resources (... Library ...)": the Library works in the Witch's first part of the turn.
#[test]
fn witch_may_use_the_library_when_gathering() {
    let (rules, mut state) = game(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
    set_city(&rules, &mut state, Seat(0), &[Library]);
    clear_hand(&mut state, Seat(0));
    let top = stack_deck(&rules, &mut state, &[Manor, Castle]);
    act(&rules, &mut state, Action::DrawCards);
    assert!(offers(&rules, &state, Action::KeepAll));
    act(&rules, &mut state, Action::KeepAll);
    assert_eq!(state.hand[0], set_of(&top));
    assert!(
        legal(&rules, &state)
            .iter()
            .all(|a| matches!(a, Action::Bewitch(_)))
    );
}

/// Witch: "When the bewitched character is called to take his turn, he gathers resources
/// and his turn immediately ends. He cannot build a district or use any of his character's
/// abilities—not even those that provide "extra" resources (like the Merchant's extra
/// gold)."
#[test]
fn bewitched_player_only_gathers_and_his_turn_ends_by_itself() {
    let (rules, mut state) = game(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
    set_city(&rules, &mut state, Seat(2), &[Tavern, Market, Laboratory]);
    let merchant_hand = set_hand(&rules, &mut state, Seat(2), &[Temple]);
    set_gold(&mut state, [0, 2, 10, 2]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    skip_to(&rules, &mut state, MERCHANT);
    assert_eq!(state.turn.mode, TurnMode::Bewitched);
    assert_eq!(to_move(&state), Some(Seat(2)));
    // No income, no extra gold, no build, no Laboratory, no EndTurn: only gathering.
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    // The turn ended by itself: the Witch now plays the Merchant.
    assert_eq!(state.gold[2], 12);
    assert_eq!(state.hand[2], set_of(&merchant_hand));
    assert_eq!(state.city[2].len(), 3);
    assert_eq!(state.turn.rank, MERCHANT);
    assert_eq!(state.turn.seat, Seat(0));
    assert_eq!(state.turn.mode, TurnMode::Resumed);
    assert_eq!(to_move(&state), Some(Seat(0)));
}

/// Witch: "The only district effects that the bewitched player can use are those that occur
/// when gathering resources."
#[test]
fn bewitched_player_may_use_the_library_when_gathering() {
    let (rules, mut state) = game(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
    set_city(&rules, &mut state, Seat(2), &[Library]);
    clear_hand(&mut state, Seat(2));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    skip_to(&rules, &mut state, MERCHANT);
    let top = stack_deck(&rules, &mut state, &[Manor, Castle]);
    act(&rules, &mut state, Action::DrawCards);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert!(offers(&rules, &state, Action::KeepAll));
    act(&rules, &mut state, Action::KeepAll);
    assert_eq!(state.hand[2], set_of(&top));
    assert_eq!(
        (state.turn.seat, state.turn.mode),
        (Seat(0), TurnMode::Resumed)
    );
}

/// Witch: "Now you resume your turn as if you were playing the bewitched character; you use
/// that character's abilities, including those that provide extra resources ... You play with
/// the cards in your hand, pay with the gold in your stash, gain resources from districts in
/// your city, and build new districts in your city."
#[test]
fn witch_resumes_as_the_merchant_with_her_own_hand_gold_and_city() {
    let (rules, mut state) = game(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
    set_city(&rules, &mut state, Seat(0), &[Tavern, Docks]);
    let witch_hand = set_hand(&rules, &mut state, Seat(0), &[Market]);
    set_city(
        &rules,
        &mut state,
        Seat(2),
        &[Harbor, TradingPost, TownHall],
    );
    set_gold(&mut state, [0, 2, 2, 2]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    skip_to(&rules, &mut state, MERCHANT);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.gold[..4], [2, 4, 4, 2]);
    let resumed = legal(&rules, &state);
    assert!(
        !resumed.contains(&Action::TakeGold),
        "she has gathered already"
    );
    assert!(resumed.contains(&Action::TakeIncome));
    assert!(resumed.contains(&Action::MerchantGold));
    assert!(resumed.contains(&Action::EndTurn));
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 4, "two trade districts in the Witch's city");
    act(&rules, &mut state, Action::MerchantGold);
    assert_eq!(state.gold[0], 5);
    act(&rules, &mut state, Action::Build(witch_hand[0]));
    assert_eq!(state.gold[..4], [3, 4, 4, 2]);
    assert!(state.city[0].contains(witch_hand[0]));
    assert_eq!(state.city[2].len(), 3);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!((state.turn.rank, state.turn.seat), (WARLORD, Seat(3)));
}

/// Witch: "... passive abilities (such as ... the Architect's increased building limit)": the
/// Witch playing the Architect draws two extra cards and builds up to three districts.
#[test]
fn witch_resumed_as_architect_draws_two_and_may_build_three() {
    let (rules, mut state) = game(witch_cast(), [WITCH, KING, ARCHITECT, WARLORD]);
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Tavern, Watchtower, Manor],
    );
    set_gold(&mut state, [10, 2, 2, 2]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(ARCHITECT));
    skip_to(&rules, &mut state, ARCHITECT);
    let architect_hand = state.hand[2];
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.seat, Seat(0));
    let top = stack_deck(&rules, &mut state, &[Palace, Castle]);
    act(&rules, &mut state, Action::ArchitectDraw);
    assert!(state.hand[0].contains(top[0]) && state.hand[0].contains(top[1]));
    assert_eq!(state.hand[0].len(), 6);
    assert_eq!(state.hand[2], architect_hand);
    for &card in &hand[..3] {
        act(&rules, &mut state, Action::Build(card));
    }
    assert_eq!(state.city[0], set_of(&hand[..3]));
    assert_eq!(state.gold[0], 9);
    assert!(builds(&legal(&rules, &state)).is_empty(), "limit of three");
}

/// Witch: "... and restrictions (such as the Navigator's inability to build districts)."
#[test]
fn witch_resumed_as_navigator_gains_four_and_cannot_build() {
    let (rules, mut state) = game(
        cast(&[C::Witch, C::Navigator]),
        [WITCH, KING, MERCHANT, NAVIGATOR],
    );
    set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern]);
    set_gold(&mut state, [10, 2, 2, 2]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(NAVIGATOR));
    skip_to(&rules, &mut state, NAVIGATOR);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.gold[3], 4);
    assert_eq!(state.turn.seat, Seat(0));
    let resumed = legal(&rules, &state);
    assert!(resumed.contains(&Action::NavigatorGold));
    assert!(resumed.contains(&Action::NavigatorCards));
    assert!(builds(&resumed).is_empty(), "the Navigator cannot build");
    act(&rules, &mut state, Action::NavigatorGold);
    assert_eq!(state.gold[0], 16);
    assert!(builds(&legal(&rules, &state)).is_empty());
}

/// Witch: "... passive abilities (such as the Bishop's protection against rank 8
/// characters ...)"; Bishop: "if you are bewitched, the rank 8 character cannot use its
/// ability on the Witch's districts, but it can use its ability on the Bishop's districts."
#[test]
fn witch_resumed_as_bishop_protects_her_city_not_the_bishops() {
    let (rules, mut state) = game(witch_cast(), [WITCH, BISHOP, MERCHANT, WARLORD]);
    let witch_city = set_city(&rules, &mut state, Seat(0), &[Temple]);
    let bishop_city = set_city(&rules, &mut state, Seat(1), &[Church]);
    let merchant_city = set_city(&rules, &mut state, Seat(2), &[Tavern]);
    set_gold(&mut state, [0, 2, 2, 2]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(BISHOP));
    assert_eq!(state.turn.rank, BISHOP);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.seat, Seat(0));
    // The Bishop's income comes from the Witch's religious districts.
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[..2], [3, 4]);
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, WARLORD);
    state.gold[3] = 10;
    let mut targets: Vec<(Seat, CardId)> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::Destroy(s, c) => Some((*s, *c)),
            _ => None,
        })
        .collect();
    targets.sort();
    assert_eq!(
        targets,
        vec![(Seat(1), bishop_city[0]), (Seat(2), merchant_city[0])]
    );
    assert!(!targets.contains(&(Seat(0), witch_city[0])));
}

/// Witch: "You cannot use effects from unique districts owned by the bewitched player."
#[test]
fn witch_cannot_use_unique_districts_of_the_bewitched_player() {
    let (rules, mut state) = game(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
    set_city(&rules, &mut state, Seat(2), &[Laboratory, Smithy]);
    set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern]);
    set_gold(&mut state, [10, 2, 2, 2]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    skip_to(&rules, &mut state, MERCHANT);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.seat, Seat(0));
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::LabDiscard(_) | Action::SmithyDraw))
    );
}

/// Witch: "If the Blackmailer is bewitched, you assign threat markers, receive bribes from
/// threatened players, and choose to reveal the threat marker if the targeted player does
/// not pay."
#[test]
fn bewitched_blackmailer_the_witch_threatens_receives_bribes_and_reveals() {
    let (rules, mut state) = game(
        cast(&[C::Witch, C::Blackmailer]),
        [WITCH, BLACKMAILER, MERCHANT, WARLORD],
    );
    set_gold(&mut state, [0, 0, 6, 3]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(BLACKMAILER));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.seat, Seat(0));
    act(&rules, &mut state, Action::Threaten(WARLORD, MERCHANT));
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, MERCHANT);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bribe);
    assert_eq!(state.gold[..4], [6, 2, 4, 3], "the bribe goes to the Witch");
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, WARLORD);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::RefuseBribe);
    assert_eq!(to_move(&state), Some(Seat(0)), "the Witch decides");
    act(&rules, &mut state, Action::RevealThreat);
    assert_eq!(state.gold[..4], [11, 2, 4, 0]);
}

/// Witch: "If the King or Patrician is bewitched, he still takes the crown."
#[test]
fn bewitched_king_still_takes_the_crown_not_the_witch() {
    let (rules, mut state) = game(witch_cast(), [MERCHANT, WITCH, KING, WARLORD]);
    set_city(&rules, &mut state, Seat(1), &[Manor]);
    set_gold(&mut state, [2, 0, 2, 2]);
    assert_eq!(state.turn.seat, Seat(1));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(KING));
    assert_eq!(state.turn.rank, KING);
    assert_eq!(state.crown, Seat(2), "the bewitched King takes the crown");
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.seat, Seat(1));
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[1], 3, "one noble district in the Witch's city");
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.crown, Seat(2));
    finish_round(&rules, &mut state);
    assert_eq!(state.crown, Seat(2));
    assert_eq!(to_move(&state), Some(Seat(2)));
}

/// Witch: "If the King or Patrician is bewitched, he still takes the crown."
#[test]
fn bewitched_patrician_still_takes_the_crown_the_witch_draws_his_cards() {
    let (rules, mut state) = game(
        cast(&[C::Witch, C::Patrician]),
        [MERCHANT, WITCH, PATRICIAN, WARLORD],
    );
    set_city(&rules, &mut state, Seat(1), &[Manor, Castle]);
    clear_hand(&mut state, Seat(1));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(PATRICIAN));
    assert_eq!(state.crown, Seat(2));
    act(&rules, &mut state, Action::TakeGold);
    let top = stack_deck(&rules, &mut state, &[Temple, Tavern]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.hand[1], set_of(&top));
    act(&rules, &mut state, Action::EndTurn);
    finish_round(&rules, &mut state);
    assert_eq!(state.crown, Seat(2));
}

/// Witch: "If the Emperor is bewitched, you choose whom to give the crown to and take the
/// resource from that player."
#[test]
fn bewitched_emperor_the_witch_gives_the_crown_and_takes_the_resource() {
    let (rules, mut state) = game(
        cast(&[C::Witch, C::Emperor]),
        [MERCHANT, WITCH, EMPEROR, WARLORD],
    );
    set_gold(&mut state, [2, 0, 2, 3]);
    set_hand(&rules, &mut state, Seat(3), &[Temple]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(EMPEROR));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        state.crown,
        Seat(0),
        "the bewitched Emperor did not move it"
    );
    assert_eq!(state.turn.seat, Seat(1));
    let resumed = legal(&rules, &state);
    assert!(!resumed.contains(&Action::EndTurn));
    let gives: Vec<Action> = resumed
        .into_iter()
        .filter(|a| matches!(a, Action::GiveCrown(_)))
        .collect();
    assert_eq!(
        gives,
        vec![Action::GiveCrown(Seat(2)), Action::GiveCrown(Seat(3))]
    );
    assert!(!state.hand[3].is_empty());
    act(&rules, &mut state, Action::GiveCrown(Seat(3)));
    assert_eq!(state.crown, Seat(3));
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::LootGold, Action::LootCard]
    );
    act(&rules, &mut state, Action::LootGold);
    assert_eq!(state.gold[..4], [2, 3, 4, 2]);
    assert!(offers(&rules, &state, Action::EndTurn));
}

/// Witch: bewitching the Thief, she robs and receives the gold ("you use that character's
/// abilities").
#[test]
fn bewitched_thief_the_witch_robs_and_receives_the_gold() {
    let (rules, mut state) = game(witch_cast(), [WITCH, THIEF, MERCHANT, WARLORD]);
    set_gold(&mut state, [0, 0, 5, 2]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(THIEF));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.seat, Seat(0));
    let robs = ranks_named(&legal(&rules, &state), |a| match a {
        Action::Rob(r) => Some(*r),
        _ => None,
    });
    assert_eq!(robs, vec![3, 4, 5, 6, 7, 8]);
    act(&rules, &mut state, Action::Rob(MERCHANT));
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.turn.rank, MERCHANT);
    assert_eq!(state.gold[..4], [7, 2, 0, 2]);
}

/// Witch: "If the bewitched character is not in play this round, you do not resume your
/// turn."
#[test]
fn witch_does_not_resume_when_the_bewitched_character_is_not_in_play() {
    let (rules, mut state) = game(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
    assert!(state.owner[ARCHITECT.index()].is_none());
    set_gold(&mut state, [0, 0, 0, 0]);
    let witch_hand = state.hand[0];
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(ARCHITECT));
    let mut turns = Vec::new();
    while state.phase == Phase::Turns {
        turns.push((state.turn.rank.0, state.turn.seat.0));
        pass_turn(&rules, &mut state);
    }
    assert_eq!(turns, vec![(4, 1), (6, 2), (8, 3)]);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.gold[..4], [2, 2, 2, 2]);
    assert_eq!(state.hand[0], witch_hand);
}

/// Thief: "You cannot rob ... the bewitched character."
#[test]
fn thief_cannot_rob_the_bewitched_character() {
    let (rules, mut state) = game(witch_cast(), [WITCH, THIEF, KING, WARLORD]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(KING));
    assert_eq!(state.turn.rank, THIEF);
    let robs = ranks_named(&legal(&rules, &state), |a| match a {
        Action::Rob(r) => Some(*r),
        _ => None,
    });
    assert_eq!(robs, vec![3, 5, 6, 7, 8]);
}

/// Blackmailer: "You cannot assign threat markers to ... the bewitched character."
#[test]
fn blackmailer_cannot_threaten_the_bewitched_character() {
    let (rules, mut state) = game(
        cast(&[C::Witch, C::Blackmailer]),
        [WITCH, BLACKMAILER, KING, WARLORD],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(KING));
    assert_eq!(state.turn.rank, BLACKMAILER);
    let threats: Vec<(u8, u8)> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::Threaten(f, o) => Some((f.0, o.0)),
            _ => None,
        })
        .collect();
    // Ranks 3, 5, 6, 7, 8: 5 x 4 ordered pairs.
    assert_eq!(threats.len(), 20);
    assert!(
        threats
            .iter()
            .all(|&(f, o)| f != o && ![1, 2, 4].contains(&f) && ![1, 2, 4].contains(&o))
    );
}

// ---------------------------------------------------------------- Magistrate

fn magistrate_cast() -> [Character; 8] {
    cast(&[C::Magistrate])
}

/// The Magistrate (seat 0) puts `warrant`, then the turn goes to `target` (seat 2) after it
/// gathered gold; seat 2 holds `hand` and `gold` before gathering.
fn warrant_then_target(
    target: Rank,
    warrant: Action,
    hand: &[District],
    gold: u16,
) -> (Rules, State, Vec<CardId>) {
    let (rules, mut state) = game(magistrate_cast(), [MAGISTRATE, KING, target, WARLORD]);
    let hand = set_hand(&rules, &mut state, Seat(2), hand);
    set_gold(&mut state, [0, 2, gold, 2]);
    act(&rules, &mut state, warrant);
    pass_turn(&rules, &mut state);
    skip_to(&rules, &mut state, target);
    act(&rules, &mut state, Action::TakeGold);
    (rules, state, hand)
}

/// Magistrate: "Take the three warrant markers and assign them facedown to three different
/// character tokens of your choice. One of the markers shows the signed warrant on its face."
#[test]
fn magistrate_assigns_three_warrants_to_three_different_characters_one_signed() {
    let (rules, mut state) = game(magistrate_cast(), [MAGISTRATE, KING, MERCHANT, WARLORD]);
    let warrants: Vec<(Rank, Rank, Rank)> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::Warrant(s, x, y) => Some((*s, *x, *y)),
            _ => None,
        })
        .collect();
    // 7 signed choices x 15 blank pairs among the 6 others.
    assert_eq!(warrants.len(), 105);
    for &(s, x, y) in &warrants {
        assert!(s != x && s != y && x < y);
        assert!(s.0 > 1 && x.0 > 1, "not on the Magistrate himself");
    }
    act(&rules, &mut state, Action::Warrant(MERCHANT, KING, WARLORD));
    assert_eq!(state.warrants.0, (1 << 4) | (1 << 6) | (1 << 8));
    assert_eq!(state.signed_warrant, Some(MERCHANT));
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::Warrant(..)))
    );
}

/// Magistrate: "If the targeted player pays to build a district during his turn, you may
/// reveal his warrant marker by flipping it faceup." The Magistrate decides.
#[test]
fn magistrate_decides_on_the_signed_holders_paid_build() {
    let (rules, mut state, hand) = warrant_then_target(
        MERCHANT,
        Action::Warrant(MERCHANT, KING, WARLORD),
        &[Castle, Temple],
        6,
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[2], 4, "paid");
    assert_eq!(to_move(&state), Some(Seat(0)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Confiscate, Action::AllowBuild]
    );
    assert_conserved(&state);
}

/// Magistrate: "If you do, you confiscate that district from him and build it in your city
/// instead for free." "The confiscated district never enters the targeted player's city."
#[test]
fn magistrate_confiscates_into_his_city_for_free_never_the_targets() {
    let (rules, mut state, hand) = warrant_then_target(
        MERCHANT,
        Action::Warrant(MERCHANT, KING, WARLORD),
        &[Castle, Temple],
        6,
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.city[0], set_of(&[hand[0]]));
    assert!(state.city[2].is_empty());
    assert_eq!(state.gold[0], 2, "free for the Magistrate");
    assert!(!state.warrants.contains(MERCHANT), "revealed");
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert_conserved(&state);
}

/// Magistrate: "The targeted player receives back all gold paid for that district."
#[test]
fn magistrate_target_receives_back_all_gold_paid() {
    let (rules, mut state, hand) = warrant_then_target(
        MERCHANT,
        Action::Warrant(MERCHANT, KING, WARLORD),
        &[Castle, Temple],
        6,
    );
    assert_eq!(state.gold[2], 8);
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.gold[2], 8);
}

/// Magistrate: "... but it does count toward the targeted player's building limit for the
/// turn."
#[test]
fn confiscated_district_counts_toward_the_targets_building_limit() {
    let (rules, mut state, hand) = warrant_then_target(
        MERCHANT,
        Action::Warrant(MERCHANT, KING, WARLORD),
        &[Castle, Temple],
        6,
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::Confiscate);
    let after = legal(&rules, &state);
    assert!(
        builds(&after).is_empty(),
        "a normal character built his one"
    );
    assert!(after.contains(&Action::MerchantGold));
    assert!(after.contains(&Action::EndTurn));
}

/// Magistrate: "If he is able to build more than one district during his turn, you can
/// confiscate only the first district he pays to build": the Architect builds two more, and
/// the second is safe.
#[test]
fn confiscated_architect_builds_two_more_and_only_the_first_is_confiscated() {
    let (rules, mut state, hand) = warrant_then_target(
        ARCHITECT,
        Action::Warrant(ARCHITECT, KING, WARLORD),
        &[Castle, Temple, Tavern],
        10,
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.gold[2], 12);
    act(&rules, &mut state, Action::Build(hand[1]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(to_move(&state), Some(Seat(2)));
    act(&rules, &mut state, Action::Build(hand[2]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.city[2], set_of(&hand[1..]));
    assert_eq!(state.city[0], set_of(&hand[..1]));
    assert_eq!(state.gold[2], 10);
    assert!(builds(&legal(&rules, &state)).is_empty(), "three counted");
}

/// Magistrate: "you can confiscate only the first district he pays to build": once the
/// first was allowed, the second cannot be confiscated either.
#[test]
fn allowed_first_build_leaves_the_second_safe() {
    let (rules, mut state, hand) = warrant_then_target(
        ARCHITECT,
        Action::Warrant(ARCHITECT, KING, WARLORD),
        &[Castle, Temple],
        10,
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(to_move(&state), Some(Seat(0)));
    act(&rules, &mut state, Action::AllowBuild);
    assert_eq!(state.city[2], set_of(&hand[..1]));
    assert_eq!(state.gold[2], 8);
    act(&rules, &mut state, Action::Build(hand[1]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.city[2], set_of(&hand));
    assert!(state.city[0].is_empty());
}

/// Magistrate: "you may reveal": letting it be built keeps the district in the target's city
/// and the gold paid.
#[test]
fn magistrate_may_let_the_district_be_built() {
    let (rules, mut state, hand) = warrant_then_target(
        MERCHANT,
        Action::Warrant(MERCHANT, KING, WARLORD),
        &[Castle],
        6,
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::AllowBuild);
    assert_eq!(state.city[2], set_of(&hand));
    assert!(state.city[0].is_empty());
    assert_eq!(state.gold[..4], [2, 4, 4, 2]);
    assert!(state.warrants.contains(MERCHANT), "not revealed");
}

/// Magistrate: "only the player marked with the signed warrant is targeted."
#[test]
fn blank_warrant_holder_builds_without_confiscation() {
    let (rules, mut state, hand) = warrant_then_target(
        MERCHANT,
        Action::Warrant(KING, MERCHANT, WARLORD),
        &[Castle],
        6,
    );
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert_eq!(state.city[2], set_of(&hand));
    assert_eq!(state.gold[2], 4);
}

/// Magistrate: the warrants are face down ("assign them facedown"); one the Magistrate
/// does not reveal stays secret. After a paid build, the builder's view is the same whether
/// his warrant was the signed one (let stand) or a blank: before 0.14.1 his turn showed a
/// flag set only for the signed holder.
#[test]
fn a_build_let_stand_does_not_tell_the_builder_his_warrant_was_signed() {
    let built = |warrant: Action, allow: bool| {
        let (rules, mut state, hand) = warrant_then_target(MERCHANT, warrant, &[Castle], 6);
        act(&rules, &mut state, Action::Build(hand[0]));
        if allow {
            act(&rules, &mut state, Action::AllowBuild);
        }
        assert_eq!(to_move(&state), Some(Seat(2)));
        (rules, state)
    };
    let (rules, signed) = built(Action::Warrant(MERCHANT, KING, WARLORD), true);
    let (_, blank) = built(Action::Warrant(KING, MERCHANT, WARLORD), false);
    let (signed_view, blank_view) = (
        View::new(&rules, &signed, Seat(2)),
        View::new(&rules, &blank, Seat(2)),
    );
    assert_eq!(signed_view.my_turn(), blank_view.my_turn());
    assert_eq!(signed_view.warrants(), blank_view.warrants());
    assert!(signed_view.my_turn().is_some_and(|turn| turn.paid_build));
}

/// Magistrate: "You cannot confiscate a district if you have an identical district (with the
/// same name) already in your city."
#[test]
fn no_confiscation_of_a_district_identical_to_one_of_the_magistrates() {
    let (rules, mut state, hand) = warrant_then_target(
        MERCHANT,
        Action::Warrant(MERCHANT, KING, WARLORD),
        &[Castle],
        6,
    );
    set_city(&rules, &mut state, Seat(0), &[Castle]);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert_eq!(state.city[2], set_of(&hand));
}

/// Quarry: "he cannot use the Magistrate, Diplomat, or Marshal to acquire identical
/// districts."
#[test]
fn no_confiscation_of_an_identical_district_even_with_the_quarry() {
    let (rules, mut state, hand) = warrant_then_target(
        MERCHANT,
        Action::Warrant(MERCHANT, KING, WARLORD),
        &[Castle],
        6,
    );
    set_city(&rules, &mut state, Seat(0), &[Castle, Quarry]);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.city[2], set_of(&hand));
    assert_eq!(state.city[0].len(), 2);
}

/// Thieves' Den: "If confiscated by the Magistrate, the owner receives back only gold spent,
/// not cards."
#[test]
fn confiscated_thieves_den_returns_only_the_gold() {
    let (rules, mut state, hand) = warrant_then_target(
        MERCHANT,
        Action::Warrant(MERCHANT, KING, WARLORD),
        &[ThievesDen, Temple, Tavern, Manor],
        3,
    );
    assert_eq!(state.gold[2], 5);
    act(&rules, &mut state, Action::Build(hand[0]));
    for &card in &hand[1..] {
        act(&rules, &mut state, Action::DenPayCard(card));
    }
    assert_eq!(legal(&rules, &state), vec![Action::DenPayGold]);
    act(&rules, &mut state, Action::DenPayGold);
    assert_eq!(state.gold[2], 2);
    assert_eq!(to_move(&state), Some(Seat(0)));
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.gold[2], 5, "the 3 gold come back");
    assert!(state.hand[2].is_empty(), "the 3 cards do not");
    assert_eq!(state.city[0], set_of(&hand[..1]));
    assert!(state.city[2].is_empty());
    let bottom: Vec<CardId> = state.deck.iter().skip(state.deck.len() - 3).collect();
    assert_eq!(bottom, hand[1..].to_vec());
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Spy

fn spy_game() -> (Rules, State) {
    let (rules, mut state) = game(cast(&[C::Spy]), [SPY, KING, MERCHANT, WARLORD]);
    set_gold(&mut state, [0, 5, 2, 2]);
    clear_hand(&mut state, Seat(0));
    (rules, state)
}

/// Spy: "Choose another player and name a district type (noble, religious, trade, military,
/// or unique)."
#[test]
fn spy_names_another_player_and_any_of_the_five_types() {
    let (rules, state) = spy_game();
    let spies: Vec<(Seat, DistrictType)> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::Spy(s, t) => Some((*s, *t)),
            _ => None,
        })
        .collect();
    assert_eq!(spies.len(), 15);
    for seat in 1..4 {
        for &t in DistrictType::ALL {
            assert!(spies.contains(&(Seat(seat), t)));
        }
    }
    assert!(spies.iter().all(|&(s, _)| s != Seat(0)));
}

/// Spy: "For each card in his hand that matches the named district type, take one gold from
/// that player's stash and gain one card from the deck."
#[test]
fn spy_takes_one_gold_and_draws_one_card_per_matching_card() {
    let (rules, mut state) = spy_game();
    let target = set_hand(&rules, &mut state, Seat(1), &[Manor, Castle, Temple]);
    let top = stack_deck(&rules, &mut state, &[Tavern, Market, Docks]);
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(1), DistrictType::Noble),
    );
    assert_eq!(state.gold[..2], [2, 3]);
    assert_eq!(state.hand[0], set_of(&top[..2]));
    assert_eq!(state.hand[1], set_of(&target), "he only looks");
    assert_conserved(&state);
}

/// Spy: "If the player whose hand you looked at has more cards of matching districts than
/// gold in his stash, you take all the gold in his stash, and you still gain cards for each
/// of the matching districts."
#[test]
fn spy_takes_all_gold_when_short_and_still_draws_per_match() {
    let (rules, mut state) = spy_game();
    set_hand(&rules, &mut state, Seat(1), &[Manor, Castle, Palace]);
    state.gold[1] = 1;
    let top = stack_deck(&rules, &mut state, &[Tavern, Market, Docks]);
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(1), DistrictType::Noble),
    );
    assert_eq!(state.gold[..2], [1, 0]);
    assert_eq!(state.hand[0], set_of(&top));
}

/// Spy: naming "unique" counts the unique districts in the hand.
#[test]
fn spy_naming_unique_counts_unique_districts() {
    let (rules, mut state) = spy_game();
    set_hand(&rules, &mut state, Seat(3), &[Library, Keep, Temple]);
    state.gold[3] = 4;
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(3), DistrictType::Unique),
    );
    assert_eq!((state.gold[0], state.gold[3]), (2, 2));
    assert_eq!(state.hand[0].len(), 2);
}

/// Spy: with no matching card nothing is taken or gained, and the ability is used.
#[test]
fn spy_with_no_matching_card_gains_nothing() {
    let (rules, mut state) = spy_game();
    set_hand(&rules, &mut state, Seat(1), &[Temple, Church]);
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(1), DistrictType::Military),
    );
    assert_eq!(state.gold[..2], [0, 5]);
    assert!(state.hand[0].is_empty());
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::Spy(..)))
    );
}

// ---------------------------------------------------------------- Blackmailer

fn blackmailer_cast() -> [Character; 8] {
    cast(&[C::Blackmailer])
}

/// The Blackmailer (seat 1) threatens, then it is the King's turn (seat 2, `king_gold`
/// gold) before gathering.
fn threatened_king(flowered: Rank, other: Rank, king_gold: u16) -> (Rules, State) {
    let (rules, mut state) = game(blackmailer_cast(), [ASSASSIN, BLACKMAILER, KING, MERCHANT]);
    pass_turn(&rules, &mut state);
    act(&rules, &mut state, Action::Threaten(flowered, other));
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (KING, Seat(2)));
    set_gold(&mut state, [2, 2, king_gold, 2]);
    (rules, state)
}

/// Blackmailer: "Take the two threat markers and assign them facedown to two different
/// character tokens of your choice. One of the markers shows the flowered lace"; "You cannot
/// assign threat markers to the rank 1 character ..., the killed character".
#[test]
fn blackmailer_threatens_two_others_not_rank1_nor_the_killed() {
    let (rules, mut state) = game(blackmailer_cast(), [ASSASSIN, BLACKMAILER, KING, MERCHANT]);
    act(&rules, &mut state, Action::Kill(WARLORD));
    pass_turn(&rules, &mut state);
    let threats: Vec<(u8, u8)> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::Threaten(f, o) => Some((f.0, o.0)),
            _ => None,
        })
        .collect();
    assert_eq!(threats.len(), 20, "ordered pairs of ranks 3-7");
    assert!(threats.contains(&(4, 6)) && threats.contains(&(6, 4)));
    assert!(
        threats
            .iter()
            .all(|&(f, o)| f != o && ![1, 2, 8].contains(&f) && ![1, 2, 8].contains(&o))
    );
    act(&rules, &mut state, Action::Threaten(KING, MERCHANT));
    assert_eq!(state.threats.0, (1 << 4) | (1 << 6));
    assert_eq!(state.flowered, Some(KING));
}

/// Blackmailer: "When a threatened player is called to take his turn, he must immediately
/// gather resources and then resolve the threat"; "A threatened player must resolve the
/// threat before he is able to use any of his character abilities or build districts".
#[test]
fn threatened_player_gathers_first_then_must_resolve_the_threat() {
    let (rules, mut state) = threatened_king(MERCHANT, KING, 5);
    set_city(&rules, &mut state, Seat(2), &[Manor]);
    set_hand(&rules, &mut state, Seat(2), &[Temple]);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.pending, Pending::Threat);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Bribe, Action::RefuseBribe]
    );
}

/// Blackmailer: "the only district effects he can use before resolving the threat are those
/// that occur when gathering resources (... Library ...)".
#[test]
fn threatened_player_may_use_the_library_before_resolving() {
    let (rules, mut state) = threatened_king(MERCHANT, KING, 5);
    set_city(&rules, &mut state, Seat(2), &[Library, Laboratory]);
    act(&rules, &mut state, Action::DrawCards);
    assert!(offers(&rules, &state, Action::KeepAll));
    act(&rules, &mut state, Action::KeepAll);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Bribe, Action::RefuseBribe]
    );
}

/// Blackmailer: "he can bribe you by giving you half his gold (rounded down), which removes
/// his threat marker without revealing it."
#[test]
fn bribe_is_half_the_gold_rounded_down_and_removes_the_marker() {
    let (rules, mut state) = threatened_king(MERCHANT, KING, 5);
    set_hand(&rules, &mut state, Seat(2), &[Temple]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bribe);
    assert_eq!(state.gold[..4], [2, 5, 4, 2]);
    assert!(!state.threats.contains(KING));
    assert!(state.threats.contains(MERCHANT));
    assert_eq!(state.flowered, Some(MERCHANT), "not revealed");
    let after = legal(&rules, &state);
    assert!(after.contains(&Action::EndTurn));
    assert!(!builds(&after).is_empty(), "free to build now");
}

/// Blackmailer: "A threatened player with only one gold in his stash can bribe you by giving
/// you zero gold."
#[test]
fn threatened_player_with_one_gold_bribes_with_zero() {
    let (rules, mut state) = threatened_king(KING, MERCHANT, 1);
    act(&rules, &mut state, Action::DrawCards);
    let Pending::Keep { drawn, .. } = state.turn.pending else {
        panic!("drawing");
    };
    act(&rules, &mut state, Action::Keep(drawn.first().unwrap()));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Bribe, Action::RefuseBribe]
    );
    act(&rules, &mut state, Action::Bribe);
    assert_eq!(state.gold[..4], [2, 2, 1, 2]);
    assert!(!state.threats.contains(KING));
    assert!(offers(&rules, &state, Action::EndTurn));
}

/// Blackmailer: "If he does not bribe you, you may reveal his threat marker by flipping it
/// faceup." The Blackmailer decides.
#[test]
fn refused_bribe_lets_the_blackmailer_decide() {
    let (rules, mut state) = threatened_king(KING, MERCHANT, 5);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::RefuseBribe);
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::RevealThreat, Action::HideThreat]
    );
    act(&rules, &mut state, Action::HideThreat);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert_eq!(state.gold[..4], [2, 2, 7, 2]);
    assert!(offers(&rules, &state, Action::EndTurn));
}

/// Blackmailer: "If you reveal the flowered lace, you immediately take all his gold."
#[test]
fn revealing_the_flowered_lace_takes_all_his_gold() {
    let (rules, mut state) = threatened_king(KING, MERCHANT, 5);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::RefuseBribe);
    act(&rules, &mut state, Action::RevealThreat);
    assert_eq!(state.gold[..4], [2, 9, 0, 2]);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert!(offers(&rules, &state, Action::EndTurn));
}

/// Blackmailer: "both players are threatened, but only the player marked with the flowered
/// lace is targeted": revealing the other marker takes nothing.
#[test]
fn revealing_the_other_threat_takes_nothing() {
    let (rules, mut state) = threatened_king(MERCHANT, KING, 5);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::RefuseBribe);
    act(&rules, &mut state, Action::RevealThreat);
    assert_eq!(state.gold[..4], [2, 2, 7, 2]);
    assert!(!state.threats.contains(KING));
    assert_eq!(to_move(&state), Some(Seat(2)));
}

/// Blackmailer: "You can assign threat markers to characters who have been assigned warrant
/// markers."
#[test]
fn threats_may_go_on_characters_with_warrants() {
    let (rules, mut state) = game(
        cast(&[C::Magistrate, C::Blackmailer]),
        [MAGISTRATE, BLACKMAILER, KING, MERCHANT],
    );
    act(&rules, &mut state, Action::Warrant(MERCHANT, KING, BISHOP));
    pass_turn(&rules, &mut state);
    assert!(offers(&rules, &state, Action::Threaten(MERCHANT, KING)));
    assert!(offers(&rules, &state, Action::Threaten(KING, MERCHANT)));
    act(&rules, &mut state, Action::Threaten(MERCHANT, KING));
    assert!(state.warrants.contains(MERCHANT) && state.threats.contains(MERCHANT));
    assert!(state.warrants.contains(KING) && state.threats.contains(KING));
}

// ---------------------------------------------------------------- Wizard

fn wizard_game() -> (Rules, State) {
    let (rules, mut state) = game(cast(&[C::Wizard]), [WIZARD, KING, MERCHANT, WARLORD]);
    clear_hand(&mut state, Seat(0));
    set_gold(&mut state, [5, 2, 2, 2]);
    (rules, state)
}

fn looks(actions: &[Action]) -> Vec<Seat> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::WizardLook(s) => Some(*s),
            _ => None,
        })
        .collect()
}

/// Wizard: "Look at another player's hand of cards": only players with cards can be chosen.
#[test]
fn wizard_looks_only_at_another_players_hand_with_cards() {
    let (rules, mut state) = wizard_game();
    set_hand(&rules, &mut state, Seat(1), &[Castle]);
    clear_hand(&mut state, Seat(2));
    set_hand(&rules, &mut state, Seat(3), &[Temple]);
    assert_eq!(looks(&legal(&rules, &state)), vec![Seat(1), Seat(3)]);
}

/// Wizard: "... and choose one of those cards. Then either pay to immediately build the
/// chosen card in your city or add it to your hand."
#[test]
fn wizard_adds_the_chosen_card_to_his_hand() {
    let (rules, mut state) = wizard_game();
    let theirs = set_hand(&rules, &mut state, Seat(1), &[Castle, Palace]);
    state.gold[0] = 4;
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    assert_eq!(
        sorted(legal(&rules, &state)),
        sorted(vec![
            Action::WizardTake(theirs[0]),
            Action::WizardTake(theirs[1]),
            Action::WizardBuild(theirs[0]),
        ]),
        "the Palace (5) is too dear to build with 4 gold"
    );
    act(&rules, &mut state, Action::WizardTake(theirs[1]));
    assert_eq!(state.hand[0], set_of(&theirs[1..]));
    assert_eq!(state.hand[1], set_of(&theirs[..1]));
    assert_eq!(state.gold[0], 4);
    assert!(looks(&legal(&rules, &state)).is_empty(), "once per turn");
}

/// Wizard: "pay to immediately build the chosen card in your city".
#[test]
fn wizard_pays_to_build_the_chosen_card_at_once() {
    let (rules, mut state) = wizard_game();
    let theirs = set_hand(&rules, &mut state, Seat(1), &[Castle, Palace]);
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    assert_eq!(state.city[0], set_of(&theirs[..1]));
    assert_eq!(state.gold[0], 1);
    assert_eq!(state.hand[1], set_of(&theirs[1..]));
    assert!(state.hand[0].is_empty());
    assert_conserved(&state);
}

/// Wizard: "If you immediately build it, it does not count toward your building limit, which
/// means you can build another district this turn."
#[test]
fn wizard_immediate_build_does_not_count_toward_the_limit() {
    let (rules, mut state) = wizard_game();
    let theirs = set_hand(&rules, &mut state, Seat(1), &[Castle]);
    let mine = set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    assert_eq!(state.gold[0], 3);
    assert_eq!(builds(&legal(&rules, &state)), mine);
    act(&rules, &mut state, Action::Build(mine[0]));
    assert!(builds(&legal(&rules, &state)).is_empty(), "limit of one");
    assert_eq!(state.city[0], set_of(&[theirs[0], mine[0]]));
}

/// Wizard: "During this turn, you can build districts that are identical to any other
/// district already in your city."
#[test]
fn wizard_may_build_identical_districts_this_turn() {
    let (rules, mut state) = wizard_game();
    set_city(&rules, &mut state, Seat(0), &[Temple, Manor]);
    let mine = set_hand(&rules, &mut state, Seat(0), &[Temple]);
    let theirs = set_hand(&rules, &mut state, Seat(1), &[Manor]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    assert!(offers(&rules, &state, Action::WizardBuild(theirs[0])));
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(builds(&legal(&rules, &state)), mine);
    act(&rules, &mut state, Action::Build(mine[0]));
    assert_eq!(state.city[0].len(), 4);
    assert_eq!(
        state.city[0]
            .intersection(rules.by_district[Temple.index()])
            .len(),
        2
    );
}

// ---------------------------------------------------------------- Seer

fn seer_game() -> (Rules, State) {
    game(cast(&[C::Seer]), [SEER, KING, MERCHANT, WARLORD])
}

/// Seer: "Take a card at random from each other player's hand and add those cards to your
/// hand."
#[test]
fn seer_takes_a_random_card_from_each_other_player() {
    let (rules, mut state) = seer_game();
    let mine = set_hand(&rules, &mut state, Seat(0), &[Tavern]);
    let one = set_hand(&rules, &mut state, Seat(1), &[Castle, Manor]);
    let three = set_hand(&rules, &mut state, Seat(3), &[Temple, Church, Palace]);
    set_hand(&rules, &mut state, Seat(2), &[Market]);
    act(&rules, &mut state, Action::SeerTake);
    assert_eq!(state.hand[0].len(), 4);
    assert!(state.hand[0].contains(mine[0]));
    assert_eq!(state.hand[1].len(), 1);
    assert_eq!(state.hand[2].len(), 0);
    assert_eq!(state.hand[3].len(), 2);
    assert_eq!(state.hand[0].intersection(set_of(&one)).len(), 1);
    assert_eq!(state.hand[0].intersection(set_of(&three)).len(), 1);
    assert_conserved(&state);
}

/// Seer: "Then give one card from your hand to each player you took a card from." "you can
/// give a player the exact same card back, ... or you can keep a card taken and give back a
/// card from your original hand."
#[test]
fn seer_gives_one_card_to_each_player_taken_from() {
    let (rules, mut state) = seer_game();
    let mine = set_hand(&rules, &mut state, Seat(0), &[Tavern]);
    let one = set_hand(&rules, &mut state, Seat(1), &[Castle]);
    set_hand(&rules, &mut state, Seat(2), &[Market]);
    set_hand(&rules, &mut state, Seat(3), &[Temple]);
    act(&rules, &mut state, Action::SeerTake);
    assert_eq!(to_move(&state), Some(Seat(0)));
    let gives = sorted(state.hand[0].iter().map(Action::Give).collect());
    assert_eq!(sorted(legal(&rules, &state)), gives);
    // Clockwise: the Seer's own Tavern to seat 1, the Castle taken from seat 1 to seat 2,
    // any card to seat 3.
    act(&rules, &mut state, Action::Give(mine[0]));
    act(&rules, &mut state, Action::Give(one[0]));
    let last = state.hand[0].first().unwrap();
    act(&rules, &mut state, Action::Give(last));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.hand[1], set_of(&mine));
    assert_eq!(state.hand[2], set_of(&one));
    assert_eq!(state.hand[0].len(), 1);
    assert_eq!(state.hand[3].len(), 1);
    assert_conserved(&state);
}

/// Seer: "If a player has no cards in hand, you neither take a card from him nor give him a
/// card."
#[test]
fn seer_neither_takes_from_nor_gives_to_a_player_without_cards() {
    let (rules, mut state) = seer_game();
    set_hand(&rules, &mut state, Seat(0), &[Tavern, Market]);
    set_hand(&rules, &mut state, Seat(1), &[Castle]);
    clear_hand(&mut state, Seat(2));
    clear_hand(&mut state, Seat(3));
    act(&rules, &mut state, Action::SeerTake);
    assert_eq!(state.hand[0].len(), 3);
    let card = state.hand[0].first().unwrap();
    act(&rules, &mut state, Action::Give(card));
    assert_eq!(
        state.turn.pending,
        Pending::None,
        "one card owed, to seat 1 only"
    );
    assert_eq!(state.hand[1], set_of(&[card]));
    assert!(state.hand[2].is_empty() && state.hand[3].is_empty());

    // Nobody else has cards: nothing to take.
    let (rules, mut state) = seer_game();
    for seat in 1..4 {
        clear_hand(&mut state, Seat(seat));
    }
    assert!(!offers(&rules, &state, Action::SeerTake));
}

/// Seer: "Your building limit this turn is two."
#[test]
fn seer_building_limit_is_two() {
    let (rules, mut state) = seer_game();
    let mine = set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern, Watchtower]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(mine[0]));
    act(&rules, &mut state, Action::Build(mine[1]));
    assert!(builds(&legal(&rules, &state)).is_empty());
    assert_eq!(state.city[0], set_of(&mine[..2]));
}

// ---------------------------------------------------------------- Emperor

/// The Emperor's turn (seat 1, gathered); the crown is on seat 0.
fn emperor_turn() -> (Rules, State) {
    let (rules, mut state) = game(cast(&[C::Emperor]), [ASSASSIN, EMPEROR, MERCHANT, WARLORD]);
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (EMPEROR, Seat(1)));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.crown, Seat(0));
    (rules, state)
}

/// Emperor: "You gain one gold for each noble district in your city."
#[test]
fn emperor_gains_gold_per_noble_district() {
    let (rules, mut state) = emperor_turn();
    set_city(&rules, &mut state, Seat(1), &[Manor, Castle, Temple]);
    state.gold[1] = 0;
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[1], 2);
}

/// Emperor: "At some point during your turn, you must take the crown from the player who has
/// it and give it to a different player, but not yourself."
#[test]
fn emperor_must_give_the_crown_to_another_player_before_ending_the_turn() {
    let (rules, mut state) = emperor_turn();
    let before = legal(&rules, &state);
    assert!(!before.contains(&Action::EndTurn));
    let gives: Vec<Action> = before
        .into_iter()
        .filter(|a| matches!(a, Action::GiveCrown(_)))
        .collect();
    assert_eq!(
        gives,
        vec![Action::GiveCrown(Seat(2)), Action::GiveCrown(Seat(3))]
    );
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    if state.turn.pending != Pending::None {
        act(&rules, &mut state, Action::LootGold);
    }
    assert_eq!(state.crown, Seat(2));
    let after = legal(&rules, &state);
    assert!(after.contains(&Action::EndTurn));
    assert!(!after.iter().any(|a| matches!(a, Action::GiveCrown(_))));
    act(&rules, &mut state, Action::EndTurn);
    finish_round(&rules, &mut state);
    assert_eq!(
        to_move(&state),
        Some(Seat(2)),
        "the new crowned player picks first"
    );
}

/// Emperor: "You take either one gold from his stash or one card at random from his hand":
/// with both, the Emperor chooses; here gold.
#[test]
fn emperor_chooses_one_gold_from_the_new_crowned_player() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 3, 2]);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Castle, Temple]);
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::LootGold, Action::LootCard]
    );
    act(&rules, &mut state, Action::LootGold);
    assert_eq!(state.gold[..4], [2, 5, 2, 2]);
    assert_eq!(state.hand[2], set_of(&hand));
}

/// Emperor: "... or one card at random from his hand."
#[test]
fn emperor_chooses_a_random_card_from_the_new_crowned_player() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 3, 2]);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Castle, Temple]);
    let emperor_hand = state.hand[1];
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    act(&rules, &mut state, Action::LootCard);
    assert_eq!(state.gold[..4], [2, 4, 3, 2]);
    assert_eq!(state.hand[2].len(), 1);
    let taken = set_of(&hand).minus(state.hand[2]);
    assert_eq!(taken.len(), 1);
    assert_eq!(state.hand[1], emperor_hand.union(taken));
    assert_conserved(&state);
}

/// Emperor: with gold and no cards, the gold is taken (no choice).
#[test]
fn emperor_takes_the_gold_when_the_crowned_player_has_no_cards() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 3, 2]);
    clear_hand(&mut state, Seat(2));
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.gold[..4], [2, 5, 2, 2]);
    assert!(offers(&rules, &state, Action::EndTurn));
}

/// Emperor: with cards and no gold, a random card is taken (no choice).
#[test]
fn emperor_takes_a_card_when_the_crowned_player_has_no_gold() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 0, 2]);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Castle]);
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    assert_eq!(state.turn.pending, Pending::None);
    assert!(state.hand[2].is_empty());
    assert!(state.hand[1].contains(hand[0]));
    assert_eq!(state.gold[..4], [2, 4, 0, 2]);
}

/// Emperor: "If he has neither gold in his stash nor cards in hand, you do not take anything."
#[test]
fn emperor_takes_nothing_from_a_player_with_neither() {
    let (rules, mut state) = emperor_turn();
    set_gold(&mut state, [2, 4, 0, 2]);
    clear_hand(&mut state, Seat(2));
    let emperor_hand = state.hand[1];
    act(&rules, &mut state, Action::GiveCrown(Seat(2)));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.gold[..4], [2, 4, 0, 2]);
    assert_eq!(state.hand[1], emperor_hand);
    assert_eq!(state.crown, Seat(2));
}

/// Emperor: "If you are killed, you skip your turn ... At the end of the round, reveal the
/// Emperor's character card and, as the Emperor's advisor, take the crown from the player who
/// has it and give it to a different player, but not yourself. You do not take a resource from
/// the new crowned player."
#[test]
fn killed_emperors_advisor_gives_the_crown_at_the_end_of_the_round() {
    let (rules, mut state) = game(cast(&[C::Emperor]), [ASSASSIN, EMPEROR, MERCHANT, WARLORD]);
    act(&rules, &mut state, Action::Kill(EMPEROR));
    let mut turns = Vec::new();
    while state.phase == Phase::Turns {
        turns.push(state.turn.rank.0);
        pass_turn(&rules, &mut state);
    }
    assert_eq!(turns, vec![1, 6, 8]);
    assert_eq!(state.phase, Phase::EmperorAdvisor(Seat(1)));
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::GiveCrown(Seat(2)), Action::GiveCrown(Seat(3))]
    );
    let gold = state.gold;
    let hands = state.hand;
    act(&rules, &mut state, Action::GiveCrown(Seat(3)));
    assert_eq!(state.crown, Seat(3));
    assert_eq!(state.gold, gold);
    assert_eq!(state.hand, hands);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(to_move(&state), Some(Seat(3)));
}

// ---------------------------------------------------------------- Patrician

fn patrician_game() -> (Rules, State) {
    game(
        cast(&[C::Patrician]),
        [ASSASSIN, PATRICIAN, MERCHANT, WARLORD],
    )
}

/// Patrician: "You gain one card for each noble district in your city."
#[test]
fn patrician_gains_one_card_per_noble_district() {
    let (rules, mut state) = patrician_game();
    pass_turn(&rules, &mut state);
    set_city(&rules, &mut state, Seat(1), &[Manor, Palace, Temple]);
    clear_hand(&mut state, Seat(1));
    state.gold[1] = 0;
    let top = stack_deck(&rules, &mut state, &[Tavern, Market]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.hand[1], set_of(&top));
    assert_eq!(state.gold[1], 0);
    assert!(!offers(&rules, &state, Action::TakeIncome));
}

/// Patrician: "At some point during your turn, you must take the crown. ... you will be the
/// first to choose a character during the next round".
#[test]
fn patrician_takes_the_crown() {
    let (rules, mut state) = patrician_game();
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, PATRICIAN);
    assert_eq!(state.crown, Seat(1));
    finish_round(&rules, &mut state);
    assert_eq!(state.crown, Seat(1));
    assert_eq!(to_move(&state), Some(Seat(1)));
}

/// Patrician: "If you are killed, you skip your turn like any other character. At the end of
/// the round, reveal the Patrician's character card and take the crown as the Patrician's
/// heir."
#[test]
fn killed_patricians_heir_takes_the_crown_at_the_end_of_the_round() {
    let (rules, mut state) = patrician_game();
    act(&rules, &mut state, Action::Kill(PATRICIAN));
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, MERCHANT);
    assert_eq!(state.crown, Seat(0));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.crown, Seat(1));
    assert_eq!(to_move(&state), Some(Seat(1)));
}

// ---------------------------------------------------------------- Abbot

/// The Abbot's turn (seat 0) after the King's (seat 1).
fn abbot_turn() -> (Rules, State) {
    let (rules, mut state) = game(cast(&[C::Abbot]), [ABBOT, KING, MERCHANT, WARLORD]);
    skip_to(&rules, &mut state, ABBOT);
    assert_eq!(state.turn.seat, Seat(0));
    (rules, state)
}

fn abbot_incomes(actions: &[Action]) -> Vec<u8> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::AbbotIncome(g) => Some(*g),
            _ => None,
        })
        .collect()
}

fn abbot_taxes(actions: &[Action]) -> Vec<Seat> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::AbbotTax(s) => Some(*s),
            _ => None,
        })
        .collect()
}

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

/// School of Magic: "The Abbot gains one of either resource."
#[test]
fn school_of_magic_gives_the_abbot_one_more_of_either_resource() {
    let (rules, mut state) = abbot_turn();
    set_city(&rules, &mut state, Seat(0), &[Temple, SchoolOfMagic]);
    clear_hand(&mut state, Seat(0));
    set_gold(&mut state, [0, 0, 0, 0]);
    assert_eq!(abbot_incomes(&legal(&rules, &state)), vec![0, 1, 2]);
    act(&rules, &mut state, Action::AbbotIncome(2));
    assert_eq!(state.gold[0], 2);
    assert!(state.hand[0].is_empty());

    let (rules, mut state) = abbot_turn();
    set_city(&rules, &mut state, Seat(0), &[Temple, SchoolOfMagic]);
    clear_hand(&mut state, Seat(0));
    set_gold(&mut state, [0, 0, 0, 0]);
    act(&rules, &mut state, Action::AbbotIncome(0));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.hand[0].len(), 2);
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
