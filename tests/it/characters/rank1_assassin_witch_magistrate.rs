//! Rank 1: the Assassin, the Witch and the Magistrate ("Character Abilities in Detail"), one
//! test per sentence of the rulebook or ruling, driven through real selection phases and
//! turns.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::state::{Pending, Phase, TurnMode};
use citadels_sim::engine::{Action, CardId, Character, District, Rank, Seat, to_move};

fn kills(actions: &[Action]) -> Vec<u8> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Kill(r) => Some(r.0),
            _ => None,
        })
        .collect()
}

/// The cards of the `Build` actions, sorted (`common::builds` keeps the order offered).
fn sorted_builds(actions: &[Action]) -> Vec<CardId> {
    sorted(builds(actions))
}

// ---------------------------------------------------------------- Assassin

/// Assassin: "When the killed character is called to take his turn, he must remain silent and
/// skip his entire turn for this round without revealing his character card."
#[test]
fn assassin_killed_character_skips_turn_and_is_not_revealed() {
    let (rules, mut state) = four_seated([ASSASSIN, MERCHANT, ARCHITECT, KING]);
    state.gold = [0, 5, 5, 5, 0, 0, 0, 0];
    let hand1 = state.hand[1];
    assert_eq!(state.turn.rank, ASSASSIN);
    act(&rules, &mut state, Action::Kill(MERCHANT));
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (KING, Seat(3)));
    pass_turn(&rules, &mut state);
    // The Merchant (rank 6) is skipped: the Architect plays next.
    assert_eq!((state.turn.rank, state.turn.seat), (ARCHITECT, Seat(2)));
    assert!(!state.revealed.contains(MERCHANT));
    assert_eq!(state.revealed.0, (1 << 1) | (1 << 4) | (1 << 7));
    pass_turn(&rules, &mut state);
    // The round is over; the killed player gathered nothing.
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.round, 2);
    assert_eq!(state.gold[1], 5);
    assert_eq!(state.hand[1], hand1);
}

/// Assassin: "Call the name of another character whom you wish to kill": never himself;
/// any other character, held or not, once per turn, before or after gathering.
#[test]
fn assassin_cannot_kill_himself_and_kills_once() {
    let (rules, mut state) = four_seated([ASSASSIN, MERCHANT, ARCHITECT, KING]);
    assert_eq!(kills(&legal(&rules, &state)), vec![2, 3, 4, 5, 6, 7, 8]);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(kills(&legal(&rules, &state)), vec![2, 3, 4, 5, 6, 7, 8]);
    act(&rules, &mut state, Action::Kill(WARLORD));
    assert_eq!(state.killed, Some(WARLORD));
    assert!(kills(&legal(&rules, &state)).is_empty());
}

/// Killing a character nobody chose changes nothing for the players who hold others.
#[test]
fn assassin_killing_an_unchosen_character_skips_nobody() {
    let (rules, mut state) = four_seated([ASSASSIN, MERCHANT, ARCHITECT, KING]);
    act(&rules, &mut state, Action::Kill(BISHOP));
    pass_turn(&rules, &mut state);
    let mut order = Vec::new();
    while state.phase == Phase::Turns {
        order.push(state.turn.rank.0);
        pass_turn(&rules, &mut state);
    }
    assert_eq!(order, vec![4, 6, 7]);
}

// ---------------------------------------------------------------- Witch

/// Witch: "First you must gather resources, then you must call the name of another character
/// whom you wish to bewitch, and then your turn is put on hold."
#[test]
fn witch_must_gather_then_must_bewitch_then_her_turn_is_on_hold() {
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, KING, ARCHITECT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Witch, C::Navigator]),
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, BISHOP, MERCHANT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Witch, C::Blackmailer]),
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
    let (rules, mut state) = game_with_cast(witch_cast(), [MERCHANT, WITCH, KING, WARLORD]);
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
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Witch, C::Patrician]),
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
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Witch, C::Emperor]),
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, THIEF, MERCHANT, WARLORD]);
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
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, KING, MERCHANT, WARLORD]);
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

/// Witch: "Now you resume your turn as if you were playing the bewitched character; you use
/// that character's abilities ... pay with the gold in your stash". As the Alchemist, the
/// Witch gets back the gold she paid to build at the end of her resumed turn.
#[test]
fn witch_resumed_as_the_alchemist_gets_back_the_gold_she_paid_to_build() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Witch, C::Alchemist]));
    let mut state = blank_first_turn(&rules, &[R1, R4, R6, R8], R2);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(R6));
    skip_to(&rules, &mut state, R6);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        (state.turn.seat, state.turn.mode),
        (Seat(0), TurnMode::Resumed)
    );
    assert_eq!(state.gold[..4], [2, 2, 2, 0]);
    state.gold[0] = 4;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.turn.rank, R8);
    assert_eq!(
        state.gold[..4],
        [4, 2, 2, 0],
        "the refund goes to the Witch"
    );
    assert_eq!(state.city[0], set_of(&hand));
}

/// docs/rules.md, Tax Collector: "the exemption covers builds in the Tax Collector's own turn
/// (also when the Witch plays it)". Tax Collector: "At any time during your turn, you can take
/// all gold from the Tax Collector's character token". The Witch resumed as the Tax Collector
/// builds untaxed and collects the tax paid earlier in the round.
#[test]
fn witch_resumed_as_the_tax_collector_is_not_taxed_and_collects_the_taxes() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Witch, C::TaxCollector]));
    let mut state = blank_first_turn(&rules, &[R1, R4, R6, R9], R2);
    let witch_hand = set_hand(&rules, &mut state, Seat(0), &[Tavern]);
    let king_hand = set_hand(&rules, &mut state, Seat(1), &[Temple]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(R9));
    assert_eq!(state.turn.rank, R4);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(king_hand[0]));
    assert_eq!((state.gold[1], state.tax_pool), (0, 1), "the King is taxed");
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, R9);
    assert_eq!(state.turn.seat, Seat(3));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        (state.turn.seat, state.turn.mode),
        (Seat(0), TurnMode::Resumed)
    );
    state.gold[0] = 3;
    act(&rules, &mut state, Action::Build(witch_hand[0]));
    assert_eq!((state.gold[0], state.tax_pool), (2, 1), "not taxed");
    act(&rules, &mut state, Action::CollectTaxes);
    assert_eq!((state.gold[0], state.tax_pool), (3, 0));
    assert_eq!(state.gold[3], 2, "the bewitched player only gathered");
}

/// Witch: "you resume your turn as if you were playing the bewitched character"; Queen: "If
/// you are sitting next to the player who revealed the rank 4 character ... gain three gold."
/// The Witch (seat 0) sits next to the King (seat 1); the Queen's player (seat 3) does not:
/// the Witch gains the three gold.
#[test]
fn witch_resumed_as_the_queen_gains_three_gold_next_to_the_rank4_player() {
    let rules = rules_with_cast(5, &first_game_cast_with(&[C::Witch, C::Queen]));
    let mut state = blank_first_turn(&rules, &[R1, R4, R2, R9, R3], R5);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(R9));
    skip_to(&rules, &mut state, R9);
    assert_eq!(state.turn.seat, Seat(3));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        (state.turn.seat, state.turn.mode),
        (Seat(0), TurnMode::Resumed)
    );
    assert_eq!(state.gold[..5], [2, 2, 2, 2, 2]);
    assert!(offers(&rules, &state, Action::QueenGold));
    act(&rules, &mut state, Action::QueenGold);
    assert_eq!(state.gold[..5], [5, 2, 2, 2, 2]);
    assert!(!offers(&rules, &state, Action::QueenGold));
}

// ---------------------------------------------------------------- Magistrate

/// Magistrate: "Take the three warrant markers and assign them facedown to three different
/// character tokens of your choice. One of the markers shows the signed warrant on its face."
#[test]
fn magistrate_assigns_three_warrants_to_three_different_characters_one_signed() {
    let (rules, mut state) =
        game_with_cast(magistrate_cast(), [MAGISTRATE, KING, MERCHANT, WARLORD]);
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

/// Tax Collector: "If the Magistrate confiscates a district from a player, the Magistrate is
/// charged the tax, not his target."
#[test]
fn magistrate_pays_the_tax_on_a_confiscated_district() {
    for magistrate_gold in [3u16, 0] {
        let rules = cast_with_artist(4, &[Character::Magistrate, Character::TaxCollector], true);
        let mut state = first_turn(&rules, &[R1, R6, R2, R3], R9);
        act(&rules, &mut state, Action::Warrant(R6, R2, R3));
        skip_to(&rules, &mut state, R6);
        blank(&mut state);
        state.gold[0] = magistrate_gold;
        let card = take(&rules, &mut state, Temple);
        state.hand[1].insert(card);
        act(&rules, &mut state, Action::TakeGold);
        act(&rules, &mut state, Action::Build(card));
        assert_eq!(to_move(&state), Some(Seat(0)));
        act(&rules, &mut state, Action::Confiscate);
        assert_eq!(state.city[0], set_of(&[card]));
        assert!(state.city[1].is_empty());
        // The target gets his gold back and pays no tax.
        assert_eq!(state.gold[1], 2);
        if magistrate_gold > 0 {
            assert_eq!(state.gold[0], magistrate_gold - 1);
            assert_eq!(state.tax_pool, 1);
        } else {
            assert_eq!(state.gold[0], 0);
            assert_eq!(state.tax_pool, 0);
        }
    }
}

/// docs/rules.md, Magistrate: "the Wizard's immediate build ... count[s] as paid builds; the
/// target gets back all the gold he paid". Wizard: "it never counts toward the limit" (as the
/// rulebook's Stables: "If confiscated by the Magistrate, the player can still build another
/// district this turn"). The card taken from the other hand goes to the Magistrate's city;
/// the Wizard gets his gold back and may still build one district from his hand.
#[test]
fn magistrate_confiscates_the_wizards_immediate_build_and_refunds_its_gold() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Magistrate, C::Wizard]));
    let mut state = blank_first_turn(&rules, &[R1, R3, R4, R8], R2);
    act(&rules, &mut state, Action::Warrant(R3, R4, R8));
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (R3, Seat(1)));
    let theirs = set_hand(&rules, &mut state, Seat(2), &[Castle]);
    let mine = set_hand(&rules, &mut state, Seat(1), &[Temple]);
    state.gold[1] = 4;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::WizardLook(Seat(2)));
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    assert_eq!(state.gold[1], 2, "paid the Castle's 4");
    assert_eq!(to_move(&state), Some(Seat(0)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Confiscate, Action::AllowBuild]
    );
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.city[0], set_of(&theirs));
    assert!(state.city[1].is_empty());
    assert!(state.hand[2].is_empty());
    assert_eq!(state.gold[..2], [2, 6], "free for the Magistrate, 4 back");
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(sorted_builds(&legal(&rules, &state)), mine);
    act(&rules, &mut state, Action::Build(mine[0]));
    assert_eq!(
        state.turn.pending,
        Pending::None,
        "only the first paid build"
    );
    assert_eq!(state.city[1], set_of(&mine));
    assert_eq!(state.gold[1], 5);
    assert_conserved(&state);
}

/// docs/rules.md, Magistrate: "a Cardinal build ... count[s] as [a] paid build; the target
/// gets back all the gold he paid". The Cardinal paid the full cost (his gold and the gold
/// taken), so he gets it all back; the lender keeps the cards and not the gold; the
/// confiscated district "does count toward the targeted player's building limit".
#[test]
fn magistrate_confiscates_the_cardinals_borrowed_build_and_refunds_the_full_cost() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Magistrate, C::Cardinal]));
    let mut state = blank_first_turn(&rules, &[R1, R5, R2, R3], R8);
    act(&rules, &mut state, Action::Warrant(R5, R2, R3));
    skip_to(&rules, &mut state, R5);
    assert_eq!(state.turn.seat, Seat(1));
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(1),
        &[Castle, Temple, Tavern, Manor],
    );
    clear_hand(&mut state, Seat(2));
    state.gold[..4].copy_from_slice(&[2, 0, 5, 0]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(2)));
    assert_eq!(state.gold[..4], [2, 4, 3, 0], "the 2 missing gold taken");
    act(&rules, &mut state, Action::Give(hand[1]));
    act(&rules, &mut state, Action::Give(hand[2]));
    assert_eq!(state.gold[1], 0, "the full 4 paid");
    assert_eq!(to_move(&state), Some(Seat(0)));
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.city[0], set_of(&hand[..1]));
    assert!(state.city[1].is_empty());
    assert_eq!(state.gold[..4], [2, 4, 3, 0], "all 4 back to the Cardinal");
    assert_eq!(
        state.hand[2],
        set_of(&hand[1..3]),
        "the lender keeps the cards"
    );
    assert_eq!(state.hand[1], set_of(&hand[3..]));
    let after = legal(&rules, &state);
    assert!(sorted_builds(&after).is_empty() && borrows(&after).is_empty());
    assert!(after.contains(&Action::EndTurn));
    assert_conserved(&state);
}

/// Magistrate: "The targeted player receives back all gold paid for that district."
/// Alchemist: "At the end of your turn, you receive back all the gold you paid to build
/// districts this turn". The confiscated Castle's gold comes back once, at confiscation; the
/// end of the turn adds nothing.
#[test]
fn confiscated_alchemist_gets_the_gold_back_once_not_again_at_the_end_of_his_turn() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Magistrate, C::Alchemist]));
    let mut state = blank_first_turn(&rules, &[R1, R6, R2, R3], R8);
    act(&rules, &mut state, Action::Warrant(R6, R2, R3));
    skip_to(&rules, &mut state, R6);
    let hand = set_hand(&rules, &mut state, Seat(1), &[Castle, Temple]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1] = 6;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[1], 2);
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.gold[1], 6);
    assert_eq!(state.city[0], set_of(&hand[..1]));
    assert!(sorted_builds(&legal(&rules, &state)).is_empty());
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.phase, Phase::Draft, "his turn, the last, ended");
    assert_eq!(state.gold[1], 6, "no second refund");
}

/// Magistrate: "you can confiscate only the first district he pays to build" and "You cannot
/// confiscate a district if you have an identical district". The Architect's first paid
/// build is a Castle the Magistrate already has: it stands, and so does the second build,
/// which is not the first district he paid to build.
#[test]
fn warrant_is_spent_on_a_first_paid_build_that_cannot_be_confiscated() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Magistrate]));
    let mut state = blank_first_turn(&rules, &[R1, R4, R7, R8], R2);
    act(&rules, &mut state, Action::Warrant(R7, R4, R8));
    let magistrate_city = set_city(&rules, &mut state, Seat(0), &[Castle]);
    skip_to(&rules, &mut state, R7);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Castle, Temple]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[2] = 10;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(to_move(&state), Some(Seat(2)));
    act(&rules, &mut state, Action::Build(hand[1]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert_eq!(state.city[2], set_of(&hand));
    assert_eq!(state.city[0], set_of(&magistrate_city));
    assert_eq!(state.gold[2], 10 - 4 - 1);
    assert!(state.warrants.contains(R7), "never revealed");
}

/// Framework clarification: "The Magistrate cannot confiscate a district built by
/// destroying the Framework, but the Magistrate can confiscate the next district the
/// targeted player pays to build." The signed warrant is on the Architect (limit 3).
#[test]
fn magistrate_cannot_confiscate_a_framework_build_but_the_next_paid_one() {
    let rules = deck12_rules(4, &[Character::Magistrate]);
    let mut state = deck12_at(&rules, &[R1, R7, R2, R3], R8, R1);
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

/// Monument and Magistrate (project ruling, CARDS.md is silent): confiscating is building
/// ("build it in your city instead"), so a Monument "cannot be built if you have 5 or more
/// districts" is not confiscated into a Magistrate's city of 5; into a city of 4 it is.
#[test]
fn magistrate_cannot_confiscate_a_monument_into_a_city_of_five() {
    for (magistrate_city, confiscable) in [
        (&SEVEN_DISTRICTS[..5], false),
        (&SEVEN_DISTRICTS[..4], true),
    ] {
        let rules = deck12_rules(4, &[Character::Magistrate]);
        let mut state = deck12_at(&rules, &[R1, R7, R2, R3], R8, R1);
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

/// "As soon as a city has seven districts, it has been completed"; "The player who first
/// completed his city scores 4 points". The Magistrate's city completed by a confiscated
/// district is the first completed city; the target's is not complete.
#[test]
fn magistrate_completing_his_city_by_confiscation_is_the_first_completer() {
    let rules = deck19_rules(4, &[C::Magistrate]);
    let mut state = deck19_at(&rules, &[R7, R1, R4, R6], R2, R1);
    assert_eq!(state.turn.seat, Seat(1));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Warrant(R7, R4, R6));
    act(&rules, &mut state, Action::EndTurn);
    set_city(&rules, &mut state, Seat(1), &SIX_DISTRICTS);
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
