//! The first-game characters' abilities ("Character Abilities in Detail"), driven through
//! real selection phases and turns.

use crate::common::*;
use District::*;
use citadels_sim::engine::sets::CardSet;
use citadels_sim::engine::state::{Pending, Phase, State};
use citadels_sim::engine::{Action, CardId, District, Rank, Rules, Seat, to_move};

/// A 4-player first game at its first turn, crown on seat 0, seat i holding `ranks[i]`.
fn four(ranks: [Rank; 4]) -> (Rules, State) {
    let rules = first_game_rules(4);
    let state = start_seated(&rules, 11, &ranks, lowest_rank_not_in(&ranks));
    (rules, state)
}

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

fn kills(actions: &[Action]) -> Vec<u8> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Kill(r) => Some(r.0),
            _ => None,
        })
        .collect()
}

fn robs(actions: &[Action]) -> Vec<u8> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Rob(r) => Some(r.0),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------- Assassin

/// Assassin: "When the killed character is called to take his turn, he must remain silent and
/// skip his entire turn for this round without revealing his character card."
#[test]
fn assassin_killed_character_skips_turn_and_is_not_revealed() {
    let (rules, mut state) = four([ASSASSIN, MERCHANT, ARCHITECT, KING]);
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
    let (rules, mut state) = four([ASSASSIN, MERCHANT, ARCHITECT, KING]);
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
    let (rules, mut state) = four([ASSASSIN, MERCHANT, ARCHITECT, KING]);
    act(&rules, &mut state, Action::Kill(BISHOP));
    pass_turn(&rules, &mut state);
    let mut order = Vec::new();
    while state.phase == Phase::Turns {
        order.push(state.turn.rank.0);
        pass_turn(&rules, &mut state);
    }
    assert_eq!(order, vec![4, 6, 7]);
}

// ---------------------------------------------------------------- Thief

/// Thief: "When a player reveals that character to take his turn, you immediately take all of
/// his gold."
#[test]
fn thief_takes_all_gold_when_robbed_character_is_revealed() {
    let (rules, mut state) = four([THIEF, KING, MERCHANT, WARLORD]);
    state.gold = [0, 3, 5, 4, 0, 0, 0, 0];
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Rob(MERCHANT));
    act(&rules, &mut state, Action::EndTurn);
    // The King's turn: the Merchant is not yet revealed, so his gold is still his.
    assert_eq!(state.turn.rank, KING);
    assert_eq!(state.gold[..4], [2, 3, 5, 4]);
    pass_turn(&rules, &mut state);
    // The Merchant is revealed: the Thief takes all 5 gold before he acts.
    assert_eq!(state.turn.rank, MERCHANT);
    assert_eq!(state.gold[..4], [7, 5, 0, 4]);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.gold[2], 2);
}

/// Thief: "You cannot rob the rank 1 character (Assassin, Witch, or Magistrate), the killed
/// character, or the bewitched character", and "another character" excludes himself.
#[test]
fn thief_cannot_rob_rank1_himself_or_the_killed_character() {
    let (rules, mut state) = four([ASSASSIN, THIEF, BISHOP, WARLORD]);
    act(&rules, &mut state, Action::Kill(BISHOP));
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, THIEF);
    assert_eq!(robs(&legal(&rules, &state)), vec![3, 4, 6, 7, 8]);
    act(&rules, &mut state, Action::Rob(WARLORD));
    assert!(robs(&legal(&rules, &state)).is_empty(), "once per turn");
}

/// Robbing a character nobody holds takes no gold from anyone.
#[test]
fn thief_robbing_an_unchosen_character_takes_nothing() {
    let (rules, mut state) = four([THIEF, KING, BISHOP, WARLORD]);
    assert!(state.owner[MERCHANT.index()].is_none());
    state.gold = [0, 3, 3, 3, 0, 0, 0, 0];
    act(&rules, &mut state, Action::Rob(MERCHANT));
    pass_turn(&rules, &mut state);
    finish_round(&rules, &mut state);
    assert_eq!(state.gold[..4], [2, 5, 5, 5]);
}

// ---------------------------------------------------------------- Magician

/// Magician: "Exchange your entire hand of cards with another player's hand of cards".
#[test]
fn magician_exchanges_hands() {
    let (rules, mut state) = four([MAGICIAN, KING, BISHOP, WARLORD]);
    let mine = set_hand(&rules, &mut state, Seat(0), &[Temple, Manor]);
    let theirs = set_hand(&rules, &mut state, Seat(2), &[Castle]);
    act(&rules, &mut state, Action::SwapHands(Seat(2)));
    assert_eq!(state.hand[0], set_of(&theirs));
    assert_eq!(state.hand[2], set_of(&mine));
    assert_conserved(&state);
}

/// Magician: "if you have zero cards in your hand, you simply take the other player's cards."
#[test]
fn magician_with_empty_hand_takes_the_other_hand() {
    let (rules, mut state) = four([MAGICIAN, KING, BISHOP, WARLORD]);
    clear_hand(&mut state, Seat(0));
    let theirs = set_hand(&rules, &mut state, Seat(3), &[Palace, Docks, Tavern]);
    assert!(legal(&rules, &state).contains(&Action::SwapHands(Seat(3))));
    act(&rules, &mut state, Action::SwapHands(Seat(3)));
    assert_eq!(state.hand[0], set_of(&theirs));
    assert!(state.hand[3].is_empty());
}

/// Magician: "Discard any number of cards from your hand facedown to the bottom of the
/// district deck to gain an equal number of cards from the district deck."
#[test]
fn magician_discards_to_bottom_and_draws_as_many() {
    let (rules, mut state) = four([MAGICIAN, KING, BISHOP, WARLORD]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Manor, Tavern]);
    let top = stack_deck(&rules, &mut state, &[Palace, Castle, Fortress]);
    let deck_len = state.deck.len();
    act(&rules, &mut state, Action::MagicianDiscard(hand[0]));
    act(&rules, &mut state, Action::MagicianDiscard(hand[1]));
    // While discarding, only more discards or the draw are offered.
    let mut expected = vec![Action::MagicianDiscard(hand[2]), Action::MagicianDraw];
    expected.sort();
    let mut got = legal(&rules, &state);
    got.sort();
    assert_eq!(got, expected);
    act(&rules, &mut state, Action::MagicianDraw);
    assert_eq!(state.hand[0], set_of(&[hand[2], top[0], top[1]]));
    assert_eq!(state.deck.len(), deck_len);
    let bottom: CardSet = state.deck.iter().skip(deck_len - 2).collect();
    assert_eq!(bottom, set_of(&[hand[0], hand[1]]));
    assert_eq!(state.deck.iter().next(), Some(top[2]));
    assert_conserved(&state);
}

/// Magician: "You can do one of the following": after exchanging, no discarding, and after
/// discarding, no exchanging.
#[test]
fn magician_uses_only_one_option_per_turn() {
    let (rules, mut state) = four([MAGICIAN, KING, BISHOP, WARLORD]);
    set_hand(&rules, &mut state, Seat(0), &[Temple]);
    act(&rules, &mut state, Action::SwapHands(Seat(1)));
    let after = legal(&rules, &state);
    assert!(!after.iter().any(|a| matches!(
        a,
        Action::SwapHands(_) | Action::MagicianDiscard(_) | Action::MagicianDraw
    )));

    let (rules, mut state) = four([MAGICIAN, KING, BISHOP, WARLORD]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Manor]);
    act(&rules, &mut state, Action::MagicianDiscard(hand[0]));
    act(&rules, &mut state, Action::MagicianDraw);
    let after = legal(&rules, &state);
    assert!(!after.iter().any(|a| matches!(
        a,
        Action::SwapHands(_) | Action::MagicianDiscard(_) | Action::MagicianDraw
    )));
    assert_eq!(state.turn.pending, Pending::None);
}

// ---------------------------------------------------------------- King

/// King: "You gain one gold for each noble district in your city."
#[test]
fn king_gains_gold_per_noble_district_once() {
    let (rules, mut state) = four([ASSASSIN, KING, BISHOP, WARLORD]);
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, KING);
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Manor, Castle, Temple, Tavern],
    );
    state.gold[1] = 1;
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[1], 3);
    assert!(!legal(&rules, &state).contains(&Action::TakeIncome));
}

/// King: "At some point during your turn, you must take the crown. ... you will be the first
/// to choose a character during the next round".
#[test]
fn king_takes_the_crown_and_picks_first_next_round() {
    let (rules, mut state) = four([ASSASSIN, BISHOP, KING, WARLORD]);
    assert_eq!(state.crown, Seat(0));
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, KING);
    assert_eq!(state.crown, Seat(2));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.crown, Seat(2));
    assert_eq!(to_move(&state), Some(Seat(2)));
}

/// King: "If you are killed, you skip your turn ... At the end of the round, reveal the King's
/// character card and take the crown as the King's heir."
#[test]
fn killed_king_heir_takes_the_crown_at_round_end() {
    let (rules, mut state) = four([ASSASSIN, BISHOP, KING, WARLORD]);
    act(&rules, &mut state, Action::Kill(KING));
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, BISHOP);
    pass_turn(&rules, &mut state);
    // The King is skipped and the crown has not moved during the round.
    assert_eq!(state.turn.rank, WARLORD);
    assert_eq!(state.crown, Seat(0));
    pass_turn(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.crown, Seat(2));
    assert_eq!(to_move(&state), Some(Seat(2)));
}

/// Without a King in play the crown stays where it is.
#[test]
fn crown_stays_when_nobody_holds_the_king() {
    let (rules, mut state) = four([ASSASSIN, BISHOP, MERCHANT, WARLORD]);
    assert!(state.owner[KING.index()].is_none());
    finish_round(&rules, &mut state);
    assert_eq!(state.crown, Seat(0));
    assert_eq!(to_move(&state), Some(Seat(0)));
}

// ---------------------------------------------------------------- Bishop

/// Bishop: "You gain one gold for each religious district in your city."
#[test]
fn bishop_gains_gold_per_religious_district() {
    let (rules, mut state) = four([BISHOP, KING, MERCHANT, WARLORD]);
    skip_to(&rules, &mut state, BISHOP);
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Church, Cathedral, Manor],
    );
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 3);
}

/// Bishop: "During this round, the rank 8 character ... cannot use its ability on your
/// districts."
#[test]
fn warlord_cannot_target_a_living_bishops_city() {
    let (rules, mut state) = four([ASSASSIN, BISHOP, KING, WARLORD]);
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
    let (rules, mut state) = four([ASSASSIN, BISHOP, KING, WARLORD]);
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

// ---------------------------------------------------------------- Merchant

/// Merchant: "You gain one gold for each trade district in your city."
#[test]
fn merchant_gains_gold_per_trade_district() {
    let (rules, mut state) = four([MERCHANT, KING, BISHOP, WARLORD]);
    skip_to(&rules, &mut state, MERCHANT);
    let seat = state.turn.seat;
    set_city(&rules, &mut state, seat, &[Tavern, Market, Harbor, Temple]);
    state.gold[seat.index()] = 0;
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[seat.index()], 3);
}

/// Merchant: "You gain one extra gold. You can use this ability regardless of which resource
/// you gathered this turn."
#[test]
fn merchant_extra_gold_with_either_resource() {
    for draw in [false, true] {
        let (rules, mut state) = four([MERCHANT, KING, BISHOP, WARLORD]);
        skip_to(&rules, &mut state, MERCHANT);
        let seat = state.turn.seat.index();
        state.gold[seat] = 1;
        assert!(legal(&rules, &state).contains(&Action::MerchantGold));
        if draw {
            act(&rules, &mut state, Action::DrawCards);
            let keep = legal(&rules, &state)[0];
            act(&rules, &mut state, keep);
        } else {
            act(&rules, &mut state, Action::TakeGold);
        }
        act(&rules, &mut state, Action::MerchantGold);
        assert_eq!(state.gold[seat], if draw { 2 } else { 4 });
        assert!(!legal(&rules, &state).contains(&Action::MerchantGold));
    }
}

/// The extra gold may come before gathering too.
#[test]
fn merchant_extra_gold_before_gathering() {
    let (rules, mut state) = four([MERCHANT, KING, BISHOP, WARLORD]);
    skip_to(&rules, &mut state, MERCHANT);
    let seat = state.turn.seat.index();
    state.gold[seat] = 0;
    act(&rules, &mut state, Action::MerchantGold);
    assert_eq!(state.gold[seat], 1);
    assert!(!state.turn.gathered);
    assert!(!legal(&rules, &state).contains(&Action::EndTurn));
}

// ---------------------------------------------------------------- Architect

/// Architect: "Gain two extra cards. You can use this ability regardless of which resource
/// you gathered this turn."
#[test]
fn architect_gains_two_extra_cards() {
    let (rules, mut state) = four([ARCHITECT, KING, BISHOP, WARLORD]);
    skip_to(&rules, &mut state, ARCHITECT);
    let seat = state.turn.seat;
    clear_hand(&mut state, seat);
    let top = stack_deck(&rules, &mut state, &[Palace, Temple, Market]);
    act(&rules, &mut state, Action::ArchitectDraw);
    assert_eq!(state.hand[seat.index()], set_of(&top[..2]));
    assert!(!legal(&rules, &state).contains(&Action::ArchitectDraw));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.hand[seat.index()].len(), 2);
}

/// Architect: "Your building limit this turn is three."
#[test]
fn architect_builds_up_to_three_districts() {
    let (rules, mut state) = four([ARCHITECT, KING, BISHOP, WARLORD]);
    skip_to(&rules, &mut state, ARCHITECT);
    let seat = state.turn.seat;
    clear_city(&mut state, seat);
    let hand = set_hand(
        &rules,
        &mut state,
        seat,
        &[Temple, Tavern, Watchtower, Manor],
    );
    state.gold[seat.index()] = 20;
    act(&rules, &mut state, Action::TakeGold);
    for &card in &hand[..3] {
        act(&rules, &mut state, Action::Build(card));
    }
    assert_eq!(state.city[seat.index()], set_of(&hand[..3]));
    assert_eq!(state.gold[seat.index()], 19);
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::Build(_)))
    );
}

/// "A player has a building limit of one district per turn": other characters build one.
#[test]
fn other_characters_build_one_district() {
    for rank in [KING, BISHOP, WARLORD] {
        let (rules, mut state) = four([ARCHITECT, KING, BISHOP, WARLORD]);
        skip_to(&rules, &mut state, rank);
        let seat = state.turn.seat;
        clear_city(&mut state, seat);
        let hand = set_hand(&rules, &mut state, seat, &[Temple, Tavern]);
        state.gold[seat.index()] = 20;
        act(&rules, &mut state, Action::TakeGold);
        act(&rules, &mut state, Action::Build(hand[0]));
        let after = legal(&rules, &state);
        assert!(!after.iter().any(|a| matches!(a, Action::Build(_))));
        assert!(after.contains(&Action::EndTurn));
    }
}

// ---------------------------------------------------------------- Warlord

/// A 4-player game at the Warlord's turn (seat 3) with no cities and 0 gold anywhere.
fn at_warlord() -> (Rules, State) {
    let (rules, mut state) = four([ASSASSIN, KING, MERCHANT, WARLORD]);
    skip_to(&rules, &mut state, WARLORD);
    blank(&mut state);
    (rules, state)
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

// ---------------------------------------------------------------- School of Magic income

/// School of Magic: "For abilities that gain resources for your districts, counts as the type
/// of your choice": each income character gains one more.
#[test]
fn school_of_magic_counts_for_every_income_character() {
    for (rank, district) in [
        (KING, Manor),
        (BISHOP, Temple),
        (MERCHANT, Tavern),
        (WARLORD, Watchtower),
    ] {
        let last = if rank == MERCHANT { MERCHANT } else { WARLORD };
        let (rules, mut state) = four([ASSASSIN, KING, BISHOP, last]);
        skip_to(&rules, &mut state, rank);
        let seat = state.turn.seat.index();
        set_city(
            &rules,
            &mut state,
            Seat(seat as u8),
            &[district, SchoolOfMagic, Castle],
        );
        state.gold[seat] = 0;
        act(&rules, &mut state, Action::TakeIncome);
        // One district of the type (two for the King, Castle being noble too), plus the School.
        let expected = if rank == KING { 3 } else { 2 };
        assert_eq!(state.gold[seat], expected, "{rank:?}");
    }
}

// ---------------------------------------------------------------- 2-3 players

/// "each character's abilities apply only during its own turn ... the Architect's ability to
/// build more than one district does not apply during his Warlord turn."
#[test]
fn two_players_architect_limit_not_in_warlord_turn() {
    let rules = rules_with_rank9(2, false);
    let mut state = citadels_sim::engine::new_game(&rules, 5);
    arrange_draft(&mut state, Seat(0), &[], &[ASSASSIN]);
    drive_draft(
        &rules,
        &mut state,
        &[(Seat(0), ARCHITECT), (Seat(0), WARLORD)],
    );
    assert_eq!(state.ranks_of(Seat(0)).0, (1 << 7) | (1 << 8));
    skip_to(&rules, &mut state, ARCHITECT);
    clear_city(&mut state, Seat(0));
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Tavern, Watchtower, Manor, Market],
    );
    state.gold[0] = 30;
    act(&rules, &mut state, Action::TakeGold);
    for &c in &hand[..3] {
        act(&rules, &mut state, Action::Build(c));
    }
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!((state.turn.rank, state.turn.seat), (WARLORD, Seat(0)));
    let actions = legal(&rules, &state);
    assert!(!actions.contains(&Action::ArchitectDraw));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[3]));
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::Build(_)))
    );
    assert_eq!(state.city[0].len(), 4);
}

/// "each player takes two turns each round (one turn for each character)": a player with two
/// characters is called twice, once per rank.
#[test]
fn three_players_each_character_has_its_own_turn() {
    let rules = rules_with_rank9(3, true);
    let mut state = citadels_sim::engine::new_game(&rules, 9);
    arrange_draft(&mut state, Seat(1), &[], &[MAGICIAN]);
    drive_draft(
        &rules,
        &mut state,
        &[
            (Seat(1), ASSASSIN),
            (Seat(1), MERCHANT),
            (Seat(2), THIEF),
            (Seat(2), KING),
            (Seat(0), BISHOP),
            (Seat(0), WARLORD),
        ],
    );
    for s in 0..3 {
        assert_eq!(state.ranks_of(Seat(s)).len(), 2);
    }
    assert_eq!(state.owner[ASSASSIN.index()], Some(Seat(1)));
    assert_eq!(state.owner[THIEF.index()], Some(Seat(2)));
    let owners = state.owner;
    let mut turns = Vec::new();
    while state.phase == Phase::Turns {
        turns.push((state.turn.rank.0, state.turn.seat.0));
        // Income and extras belong to the character whose turn it is.
        let actions = legal(&rules, &state);
        assert_eq!(
            actions.contains(&Action::MerchantGold),
            state.turn.rank == MERCHANT
        );
        pass_turn(&rules, &mut state);
    }
    // Every held rank is called once, in rank order, for its holder.
    let expected: Vec<(u8, u8)> = (1..=9u8)
        .filter_map(|r| owners[r as usize].map(|s| (r, s.0)))
        .collect();
    assert_eq!(turns, expected);
    assert_eq!(turns.len(), 6);
}
