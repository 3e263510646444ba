//! Resource abilities: income for districts of a type, and the extra resources of the
//! Merchant, Architect, Navigator and Scholar.

use super::current;
use crate::engine::action::Action;
use crate::engine::ids::{Character, District, DistrictType};
use crate::engine::rules::Rules;
use crate::engine::sets::CardSet;
use crate::engine::state::{Pending, State, used};
use crate::engine::trace::Trace;

/// What a character gains for districts of a type.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Income {
    Gold(DistrictType),
    Cards(DistrictType),
    /// Abbot: "either one gold or one card for each religious district".
    GoldOrCards(DistrictType),
}

fn income_of(character: Character) -> Option<Income> {
    use Character::*;
    use DistrictType::*;
    Some(match character {
        King | Emperor => Income::Gold(Noble),
        Patrician => Income::Cards(Noble),
        Bishop => Income::Gold(Religious),
        Abbot => Income::GoldOrCards(Religious),
        Cardinal => Income::Cards(Religious),
        Merchant | Trader => Income::Gold(Trade),
        Warlord | Diplomat | Marshal => Income::Gold(Military),
        _ => return None,
    })
}

/// The district type a character's income counts, if it has one (King: noble, Bishop:
/// religious, Merchant: trade, Warlord: military, and their rank-mates).
pub fn income_type(character: Character) -> Option<DistrictType> {
    income_of(character).map(|income| match income {
        Income::Gold(t) | Income::Cards(t) | Income::GoldOrCards(t) => t,
    })
}

/// The resources an income of `dtype` gives: one for each district of the type (the
/// character's `income` knob for each), the School of Magic "counts as the type of your
/// choice" for such abilities (and gives the Abbot one of either resource).
fn count(rules: &Rules, state: &State, character: Character, dtype: DistrictType) -> u8 {
    let seat = state.turn.seat;
    let city = state.city[seat.index()];
    let mut n = city.intersection(rules.by_type[dtype.index()]).len() as u8;
    if state.has_district(rules, seat, District::SchoolOfMagic) {
        n += 1;
    }
    n.saturating_mul(income_rate(rules, character))
}

/// Resources for each district of the type: one in the rulebook ("You gain one gold for each
/// noble district"), the character's `income` knob.
fn income_rate(rules: &Rules, character: Character) -> u8 {
    let n = rules.numbers();
    match character {
        Character::King => n.king_income,
        Character::Emperor => n.emperor_income,
        Character::Patrician => n.patrician_income,
        Character::Bishop => n.bishop_income,
        Character::Abbot => n.abbot_income,
        Character::Cardinal => n.cardinal_income,
        Character::Merchant => n.merchant_income,
        Character::Trader => n.trader_income,
        Character::Warlord => n.warlord_income,
        Character::Diplomat => n.diplomat_income,
        Character::Marshal => n.marshal_income,
        _ => 1,
    }
}

/// Income actions, offered only when they gain something. (Inlined into the turn's
/// generation: most characters have no income, and for them the call would be all the work.)
#[inline]
pub fn legal(rules: &Rules, state: &State, character: Character, out: &mut Vec<Action>) {
    let Some(income) = income_of(character) else {
        return;
    };
    match income {
        Income::Gold(dtype) | Income::Cards(dtype) => {
            if count(rules, state, character, dtype) > 0 {
                out.push(Action::TakeIncome);
            }
        }
        // "You must declare the combination of resources you wish to take."
        Income::GoldOrCards(dtype) => {
            let n = count(rules, state, character, dtype);
            if n > 0 {
                out.extend((0..=n).map(Action::AbbotIncome));
            }
        }
    }
}

pub fn take(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let seat = state.turn.seat;
    let character = current(state);
    let income = income_of(character).expect("only income characters offer income");
    let count = |t| count(rules, state, character, t);
    let (gold, cards) = match (income, action) {
        (Income::Gold(t), Action::TakeIncome) => (count(t), 0),
        (Income::Cards(t), Action::TakeIncome) => (0, count(t)),
        (Income::GoldOrCards(t), Action::AbbotIncome(g)) => (g, count(t) - g),
        _ => unreachable!("income action of the wrong kind"),
    };
    state.gain_gold(seat, gold as u16, trace);
    state.draw_to_hand(seat, cards, trace);
    state.turn.used |= used::INCOME;
}

/// Merchant: "You gain one extra gold." Architect: "Gain two extra cards." Navigator: "You
/// gain either four gold or four cards." Each may be used whichever resource was gathered.
/// (The numbers: `merchant.gold`, `architect.cards`, `navigator.gold`, `navigator.cards`.)
pub fn take_extra(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let seat = state.turn.seat;
    let n = rules.numbers();
    match action {
        Action::MerchantGold => state.gain_gold(seat, n.merchant_gold.into(), trace),
        Action::ArchitectDraw => {
            state.draw_to_hand(seat, n.architect_cards, trace);
        }
        Action::NavigatorGold => state.gain_gold(seat, n.navigator_gold.into(), trace),
        Action::NavigatorCards => {
            state.draw_to_hand(seat, n.navigator_cards, trace);
        }
        _ => unreachable!(),
    }
    state.turn.used |= used::EXTRA;
}

/// Scholar: "Draw seven cards from the deck and choose one to add to your hand. Shuffle the
/// other six cards back into the district deck." (`scholar.draw`, `scholar.keep`.)
pub fn scholar_draw(rules: &Rules, state: &mut State) {
    let n = rules.numbers();
    let mut drawn = CardSet::EMPTY;
    for _ in 0..n.scholar_draw {
        let Some(card) = state.deck.draw() else { break };
        drawn.insert(card);
    }
    state.turn.used |= used::ABILITY;
    state.turn.pending = Pending::Keep {
        drawn,
        keep: n.scholar_keep.min(drawn.len() as u8),
        shuffle: true,
    };
}
