//! The Cardinal: building with gold taken from another player, paid back in cards.

use crate::engine::action::Action;
use crate::engine::building;
use crate::engine::ids::{CardId, Character, District, Seat};
use crate::engine::rules::Rules;
use crate::engine::state::{Pending, State};
use crate::engine::trace::Trace;

/// "If you want to build a district, but you do not have enough gold to do so, you can take
/// the remaining gold needed from one player. For each gold you take, you must give that
/// player one card from your hand." A district the Cardinal could build but for gold, a
/// lender with that much gold, and enough other cards to give. (The Thieves' Den, paid with
/// cards anyway, is not built this way.) `cardinal.cards_per_gold` cards are owed for each gold.
pub fn legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    let per_gold = u16::from(rules.numbers().cardinal_cards_per_gold);
    let gold = state.gold[me.index()];
    let hand = state.hand[me.index()];
    let permit = building::BuildPermit::new(rules, state, Character::Cardinal);
    for card in hand.iter() {
        if rules.card(card).district == District::ThievesDen || !permit.allows(rules, card) {
            continue;
        }
        let cost = building::build_cost(rules, state, me, card);
        if cost <= gold {
            continue;
        }
        let missing = cost - gold;
        if hand.len() as u16 - 1 < missing * per_gold {
            continue;
        }
        for lender in state.others_after(me) {
            if state.gold[lender.index()] >= missing {
                out.push(Action::BorrowBuild(card, lender));
            }
        }
    }
}

/// "A player cannot deny you his gold, and you cannot take more gold than is needed to
/// build the intended district." The gold is taken now, the cards are given one at a time,
/// then the district is paid for and built.
pub fn borrow_build(
    rules: &Rules,
    state: &mut State,
    card: CardId,
    lender: Seat,
    trace: &mut impl Trace,
) {
    let me = state.turn.seat;
    let cost = building::build_cost(rules, state, me, card);
    let missing = cost - state.gold[me.index()];
    state.move_gold(lender, me, missing, trace);
    state.remove_from_hand(me, card, trace);
    building::count_build(rules, state, card);
    let owed = missing * u16::from(rules.numbers().cardinal_cards_per_gold);
    if owed == 0 {
        building::pay_and_build(rules, state, card, cost, trace);
        return;
    }
    state.turn.pending = Pending::CardinalGive {
        card,
        lender,
        remaining: owed as u8,
    };
}

pub fn give(rules: &Rules, state: &mut State, given: CardId, trace: &mut impl Trace) {
    let me = state.turn.seat;
    let Pending::CardinalGive {
        card,
        lender,
        remaining,
    } = state.turn.pending
    else {
        unreachable!();
    };
    let hand = state.hand[me.index()];
    state.knowledge.give(me, lender, hand, given);
    state.move_card(me, lender, given, trace);
    if remaining > 1 {
        state.turn.pending = Pending::CardinalGive {
            card,
            lender,
            remaining: remaining - 1,
        };
    } else {
        state.turn.pending = Pending::None;
        // "Then you must pay to build that district in your city."
        let cost = building::build_cost(rules, state, me, card);
        building::pay_and_build(rules, state, card, cost, trace);
    }
}
