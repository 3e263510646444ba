//! Building districts: who may build, the building limit, identical districts, costs and
//! discounts, paying for the Thieves' Den with cards, and what follows a build (the
//! Magistrate's warrant, the Tax Collector's tax, the first completed city).

use super::action::Action;
use super::characters;
use super::ids::{CardId, Character, District, DistrictType, Seat};
use super::rules::Rules;
use super::state::{Pending, State};

/// Gold `seat` must pay to build `card`: its cost, less the Factory's discount on other
/// unique districts ("You pay 1 fewer gold to build any other unique district"), never below 0.
pub fn build_cost(rules: &Rules, state: &State, seat: Seat, card: CardId) -> u16 {
    let info = rules.card(card);
    let mut cost = info.cost as u16;
    if info.dtype == DistrictType::Unique
        && info.district != District::Factory
        && state.has_district(rules, seat, District::Factory)
    {
        cost = cost.saturating_sub(1);
    }
    cost
}

/// Whether `seat` may build a district with this card's name: "a player cannot build a
/// district that is identical (with the same name) to a district already in his city",
/// unless he owns the Quarry or is the Wizard.
pub fn identical_allowed(rules: &Rules, state: &State, seat: Seat, card: CardId) -> bool {
    let district = rules.card(card).district;
    !state.has_district(rules, seat, district)
        || state.has_district(rules, seat, District::Quarry)
        || characters::may_build_identical(state)
}

/// Whether the card's district can be built by `seat` at all: the Secret Vault "cannot be
/// built"; the Monument "cannot be built if you have 5 or more districts".
pub fn buildable_district(rules: &Rules, state: &State, seat: Seat, card: CardId) -> bool {
    match rules.card(card).district {
        District::SecretVault => false,
        District::Monument => state.city[seat.index()].len() < 5,
        _ => true,
    }
}

/// Whether the player whose turn it is may build this card from hand now, gold aside:
/// resources gathered ("After gathering resources, he may build"), the character allows
/// building, the building limit, identical districts.
pub fn may_build_card(rules: &Rules, state: &State, card: CardId) -> bool {
    let turn = &state.turn;
    turn.gathered
        && characters::may_build(state)
        && (turn.built < characters::building_limit(state)
            || !characters::counts_toward_limit(rules, state, card))
        && identical_allowed(rules, state, turn.seat, card)
        && buildable_district(rules, state, turn.seat, card)
}

pub fn legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let seat = state.turn.seat;
    let hand = state.hand[seat.index()];
    let gold = state.gold[seat.index()];
    // `may_build_card`'s conditions on the turn, checked once for the hand (most positions
    // are before gathering); the per-card ones in the loop.
    let turn_allows = state.turn.gathered && characters::may_build(state);
    for card in hand.iter().take_while(|_| turn_allows) {
        if !may_build_card(rules, state, card) {
            continue;
        }
        let cost = build_cost(rules, state, seat, card);
        // Thieves' Den: "Pay some or all of its cost with cards from your hand."
        let means = if rules.card(card).district == District::ThievesDen {
            gold + hand.len() as u16 - 1
        } else {
            gold
        };
        if cost <= means {
            out.push(Action::Build(card));
        }
    }
    characters::legal_borrow_builds(rules, state, out);
}

/// Choices while the Thieves' Den is being paid for.
pub fn legal_den_payment(state: &State, remaining: u8, out: &mut Vec<Action>) {
    let seat = state.turn.seat;
    if remaining > 0 {
        out.extend(state.hand[seat.index()].iter().map(Action::DenPayCard));
    }
    if state.gold[seat.index()] >= remaining as u16 {
        out.push(Action::DenPayGold);
    }
}

pub fn apply(rules: &Rules, state: &mut State, action: Action) {
    let seat = state.turn.seat;
    match action {
        Action::Build(card) => {
            let cost = build_cost(rules, state, seat, card);
            state.hand[seat.index()].remove(card);
            count_build(rules, state, card);
            if rules.card(card).district == District::ThievesDen {
                state.turn.pending = Pending::DenPayment {
                    card,
                    remaining: cost as u8,
                };
            } else {
                pay_and_build(rules, state, card, cost);
            }
        }
        Action::DenPayCard(paid) => {
            let Pending::DenPayment { card, remaining } = state.turn.pending else {
                unreachable!("DenPayCard only while paying for the Thieves' Den");
            };
            let hand = state.hand[seat.index()];
            state.knowledge.hide_from_hand(seat, hand, paid);
            state.hand[seat.index()].remove(paid);
            state.deck.put_bottom(paid);
            state.turn.pending = Pending::DenPayment {
                card,
                remaining: remaining - 1,
            };
        }
        Action::DenPayGold => {
            let Pending::DenPayment { card, remaining } = state.turn.pending else {
                unreachable!("DenPayGold only while paying for the Thieves' Den");
            };
            state.turn.pending = Pending::None;
            pay_and_build(rules, state, card, remaining as u16);
        }
        _ => unreachable!("not a building action"),
    }
}

/// Uses up one build of the limit, unless the district does not count toward it.
pub fn count_build(rules: &Rules, state: &mut State, card: CardId) {
    if characters::counts_toward_limit(rules, state, card) {
        state.turn.built += 1;
    }
}

/// The turn's player pays `gold` for `card` (already out of his hand) and builds it, unless
/// the Magistrate's signed warrant lets him confiscate it first.
pub fn pay_and_build(rules: &Rules, state: &mut State, card: CardId, gold: u16) {
    let seat = state.turn.seat;
    state.gold[seat.index()] -= gold;
    state.turn.paid_to_build += gold;
    if characters::confiscation_target(rules, state, card).is_some() {
        state.turn.warrant_checked = true;
        state.turn.pending = Pending::Confiscation {
            card,
            paid: gold as u8,
        };
        return;
    }
    if state.signed_warrant == Some(state.turn.rank) {
        // Only "the first district he pays to build" can be confiscated.
        state.turn.warrant_checked = true;
    }
    complete_build(rules, state, seat, card);
}

/// A district enters `seat`'s city as a build, then the Tax Collector's tax: "Immediately
/// after a player builds a district, he places one gold from his stash on the Tax Collector's
/// character token. ... If a player has no gold remaining in his stash after building a
/// district, he is not charged a tax." The tax applies whenever the Tax Collector is in the
/// cast, "even if the Tax Collector does not appear during a round".
pub fn complete_build(rules: &Rules, state: &mut State, seat: Seat, card: CardId) {
    place_in_city(rules, state, seat, card);
    if state.rank_of(Character::TaxCollector).is_some()
        && state.gold[seat.index()] > 0
        && !characters::exempt_from_tax(rules, state, seat)
    {
        state.gold[seat.index()] -= 1;
        state.tax_pool += 1;
    }
}

/// Puts a district into a city and notes the first completed city.
pub fn place_in_city(rules: &Rules, state: &mut State, seat: Seat, card: CardId) {
    state.city[seat.index()].insert(card);
    if state.first_complete.is_none() && state.is_complete(rules, seat) {
        state.first_complete = Some(seat);
    }
}
