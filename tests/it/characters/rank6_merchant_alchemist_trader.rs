//! Rank 6: the Merchant, the Alchemist and the Trader ("Character Abilities in Detail"), one
//! test per sentence of the rulebook or ruling, driven through real selection phases and
//! turns.

use crate::common::*;
use District::*;
use citadels_sim::engine::state::{Phase, State};
use citadels_sim::engine::{Action, Character, District, Rules, Seat};

fn at_alchemist(tax_collector: bool) -> (Rules, State) {
    let mut swaps = vec![Character::Alchemist];
    if tax_collector {
        swaps.push(Character::TaxCollector);
    }
    let rules = cast_with_artist(4, &swaps, false);
    let mut state = first_turn(&rules, &[R6, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R6);
    blank(&mut state);
    (rules, state)
}

fn at_trader() -> (Rules, State) {
    let rules = cast_with_artist(4, &[Character::Trader], false);
    let mut state = first_turn(&rules, &[R6, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R6);
    blank(&mut state);
    (rules, state)
}

// ---------------------------------------------------------------- Merchant

/// Merchant: "You gain one gold for each trade district in your city."
#[test]
fn merchant_gains_gold_per_trade_district() {
    let (rules, mut state) = four_seated([MERCHANT, KING, BISHOP, WARLORD]);
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
        let (rules, mut state) = four_seated([MERCHANT, KING, BISHOP, WARLORD]);
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
    let (rules, mut state) = four_seated([MERCHANT, KING, BISHOP, WARLORD]);
    skip_to(&rules, &mut state, MERCHANT);
    let seat = state.turn.seat.index();
    state.gold[seat] = 0;
    act(&rules, &mut state, Action::MerchantGold);
    assert_eq!(state.gold[seat], 1);
    assert!(!state.turn.gathered);
    assert!(!legal(&rules, &state).contains(&Action::EndTurn));
}

// ---------------------------------------------------------------- Alchemist

/// Alchemist: "At the end of your turn, you receive back all the gold you paid to build
/// districts this turn".
#[test]
fn alchemist_gets_back_the_gold_paid_to_build_at_the_end_of_his_turn() {
    let (rules, mut state) = at_alchemist(false);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle]);
    state.gold[0] = 3;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 1, "paid during the turn");
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.phase, Phase::Draft, "his turn, the last, ended");
    assert_eq!(state.gold[0], 5);
    assert_eq!(state.city[0], set_of(&hand));
}

/// Alchemist: "but not gold you paid for other reasons (such as the Smithy's effect ...)".
#[test]
fn alchemist_does_not_get_back_gold_paid_for_the_smithy() {
    let (rules, mut state) = at_alchemist(false);
    set_city(&rules, &mut state, Seat(0), &[Smithy]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Manor]);
    state.gold[0] = 4;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::SmithyDraw);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 1);
    act(&rules, &mut state, Action::EndTurn);
    // 3 gold back for the Manor, none for the Smithy.
    assert_eq!(state.gold[0], 4);
}

/// Alchemist: "... or the Tax Collector's tax".
#[test]
fn alchemist_does_not_get_back_the_tax() {
    let (rules, mut state) = at_alchemist(true);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle]);
    state.gold[0] = 3;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.tax_pool, 1);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 4);
    assert_eq!(state.tax_pool, 1);
}

/// Alchemist: "This effectively means that you can build districts "for free," but only if
/// you would have had enough gold to build them."
#[test]
fn alchemist_builds_only_what_he_can_pay_for() {
    let (rules, mut state) = at_alchemist(false);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle, Manor]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(builds(&legal(&rules, &state)), vec![hand[1]]);
    act(&rules, &mut state, Action::Build(hand[1]));
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 3);
}

/// The Alchemist gets back gold only: the cards paid for the Thieves' Den are gone.
#[test]
fn alchemist_gets_back_only_the_gold_part_of_a_thieves_den() {
    let (rules, mut state) = at_alchemist(false);
    let hand = set_hand(&rules, &mut state, Seat(0), &[ThievesDen, Temple, Tavern]);
    state.gold[0] = 2;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::DenPayCard(hand[1]));
    act(&rules, &mut state, Action::DenPayCard(hand[2]));
    act(&rules, &mut state, Action::DenPayGold);
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 4);
    assert!(state.hand[0].is_empty());
}

// ---------------------------------------------------------------- Trader

/// Trader: "You gain one gold for each trade district in your city."
#[test]
fn trader_gains_gold_per_trade_district() {
    let (rules, mut state) = at_trader();
    set_city(&rules, &mut state, Seat(0), &[Tavern, Market, Docks, Manor]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 3);
    assert!(!offers(&rules, &state, Action::TakeIncome));
    assert!(!offers(&rules, &state, Action::MerchantGold));
}

/// Trader: "Trade districts do not count toward your building limit this turn. This
/// effectively means that you can build any number of trade districts in addition to your
/// building limit."
#[test]
fn trader_builds_any_number_of_trade_districts_plus_one_other() {
    let (rules, mut state) = at_trader();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Tavern, Manor, Market, Docks, Temple],
    );
    state.gold[0] = 20;
    act(&rules, &mut state, Action::TakeGold);
    // A trade district, the one other district, then more trade districts.
    for &c in &hand[..4] {
        act(&rules, &mut state, Action::Build(c));
    }
    assert_eq!(state.city[0], set_of(&hand[..4]));
    assert_eq!(state.turn.built, 1);
    // The Temple is not a trade district: the limit is reached.
    assert!(builds(&legal(&rules, &state)).is_empty());
    assert_eq!(state.gold[0], 22 - 1 - 3 - 2 - 3);
}

/// Other characters: a trade district counts toward the limit.
#[test]
fn trade_districts_count_toward_the_limit_of_others() {
    let rules = cast_with_artist(4, &[Character::Trader], false);
    let mut state = first_turn(&rules, &[R6, R1, R2, R7], R8);
    skip_to(&rules, &mut state, R7);
    blank(&mut state);
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(3),
        &[Tavern, Market, Docks, Harbor],
    );
    state.gold[3] = 20;
    act(&rules, &mut state, Action::TakeGold);
    for &c in &hand[..3] {
        act(&rules, &mut state, Action::Build(c));
    }
    assert!(builds(&legal(&rules, &state)).is_empty(), "Architect: 3");
}
