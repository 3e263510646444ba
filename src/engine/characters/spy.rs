//! The Spy: naming a district type and looking at a player's hand.

use crate::engine::action::Action;
use crate::engine::ids::{DistrictType, Seat};
use crate::engine::rules::Rules;
use crate::engine::state::{State, used};
use crate::engine::trace::Trace;

/// "Choose another player and name a district type (noble, religious, trade, military, or
/// unique)."
pub fn legal(state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    for seat in state.others_after(me) {
        for &dtype in DistrictType::ALL {
            out.push(Action::Spy(seat, dtype));
        }
    }
}

/// "For each card in his hand that matches the named district type, take one gold from that
/// player's stash and gain one card from the deck. If [he] has more cards of matching
/// districts than gold in his stash, you take all the gold in his stash, and you still gain
/// cards for each of the matching districts." A card's type is its printed type.
pub fn spy(
    rules: &Rules,
    state: &mut State,
    target: Seat,
    dtype: DistrictType,
    trace: &mut impl Trace,
) {
    let me = state.turn.seat;
    let matches = state.hand[target.index()]
        .intersection(rules.by_type[dtype.index()])
        .len() as u16;
    // The Spy looks at the hand.
    let hand = state.hand[target.index()];
    state.knowledge.learn(me, hand);
    let numbers = rules.numbers();
    let gold = (matches * u16::from(numbers.spy_gold)).min(state.gold[target.index()]);
    state.move_gold(target, me, gold, trace);
    let cards = (matches * u16::from(numbers.spy_cards)).min(u16::from(u8::MAX)) as u8;
    state.draw_to_hand(me, cards, trace);
    state.turn.used |= used::ABILITY;
}
