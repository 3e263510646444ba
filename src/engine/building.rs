//! Building districts: the building limit, identical districts, costs and discounts, and
//! paying for the Thieves' Den with cards.

use super::action::Action;
use super::characters;
use super::ids::{CardId, District, DistrictType, Seat};
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
/// unless he owns the Quarry.
pub fn identical_allowed(rules: &Rules, state: &State, seat: Seat, card: CardId) -> bool {
    let district = rules.card(card).district;
    !state.has_district(rules, seat, district) || state.has_district(rules, seat, District::Quarry)
}

pub fn legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let turn = &state.turn;
    if !turn.gathered || turn.built >= characters::building_limit(state) {
        return;
    }
    let seat = turn.seat;
    let hand = state.hand[seat.index()];
    let gold = state.gold[seat.index()];
    for card in hand.iter() {
        if !identical_allowed(rules, state, seat, card) {
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
            state.turn.built += 1;
            if rules.card(card).district == District::ThievesDen {
                state.turn.pending = Pending::DenPayment {
                    card,
                    remaining: cost as u8,
                };
            } else {
                state.gold[seat.index()] -= cost;
                place_in_city(rules, state, seat, card);
            }
        }
        Action::DenPayCard(paid) => {
            let Pending::DenPayment { card, remaining } = state.turn.pending else {
                unreachable!("DenPayCard only while paying for the Thieves' Den");
            };
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
            state.gold[seat.index()] -= remaining as u16;
            state.turn.pending = Pending::None;
            place_in_city(rules, state, seat, card);
        }
        _ => unreachable!("not a building action"),
    }
}

/// Puts a district into a city and notes the first completed city.
pub fn place_in_city(rules: &Rules, state: &mut State, seat: Seat, card: CardId) {
    state.city[seat.index()].insert(card);
    if state.first_complete.is_none() && state.is_complete(rules, seat) {
        state.first_complete = Some(seat);
    }
}
