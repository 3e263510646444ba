//! Resource abilities: income for districts of a type (King, Bishop, Merchant, Warlord), the
//! Merchant's extra gold and the Architect's extra cards.

use super::super::action::Action;
use super::super::ids::{Character, District, DistrictType};
use super::super::rules::Rules;
use super::super::state::{State, used};
use super::current;

/// The district type a character gains gold for, if any.
pub fn income_type(character: Character) -> Option<DistrictType> {
    match character {
        Character::King => Some(DistrictType::Noble),
        Character::Bishop => Some(DistrictType::Religious),
        Character::Merchant => Some(DistrictType::Trade),
        Character::Warlord => Some(DistrictType::Military),
        _ => None,
    }
}

/// "You gain one gold for each [type] district in your city." The School of Magic "counts as
/// the type of your choice" for such abilities, so it always adds one.
pub fn take_income(rules: &Rules, state: &mut State) {
    let seat = state.turn.seat;
    let dtype = income_type(current(state)).expect("only income characters offer TakeIncome");
    let city = state.city[seat.index()];
    let mut count = city.intersection(rules.by_type[dtype.index()]).len() as u16;
    if state.has_district(rules, seat, District::SchoolOfMagic) {
        count += 1;
    }
    state.gold[seat.index()] += count;
    state.turn.used |= used::INCOME;
}

/// Merchant: "You gain one extra gold." Architect: "Gain two extra cards." Either may be
/// used whichever resource was gathered.
pub fn take_extra(state: &mut State, action: Action) {
    let seat = state.turn.seat;
    match action {
        Action::MerchantGold => state.gold[seat.index()] += 1,
        Action::ArchitectDraw => {
            state.draw_to_hand(seat, 2);
        }
        _ => unreachable!(),
    }
    state.turn.used |= used::EXTRA;
}
