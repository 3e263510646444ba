//! The Wizard: looking at a player's hand and taking or building one of its cards.

use crate::engine::action::Action;
use crate::engine::building;
use crate::engine::ids::Seat;
use crate::engine::rules::Rules;
use crate::engine::state::{Pending, State, used};
use crate::engine::trace::Trace;

/// "Look at another player's hand of cards and choose one of those cards." Only players with
/// cards can be chosen.
pub fn legal_look(state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    for seat in state.others_after(me) {
        if !state.hand[seat.index()].is_empty() {
            out.push(Action::WizardLook(seat));
        }
    }
}

/// "Then either pay to immediately build the chosen card in your city or add it to your
/// hand." The immediate build needs its full gold cost (Factory discount included; the
/// Thieves' Den's card payment is not available here) and allows identical districts.
pub fn legal_pick(rules: &Rules, state: &State, from: Seat, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    let hand = state.hand[from.index()];
    out.extend(hand.iter().map(Action::WizardTake));
    for card in hand.iter() {
        if building::buildable_district(rules, state, me, card)
            && building::build_cost(rules, state, me, card) <= state.gold[me.index()]
        {
            out.push(Action::WizardBuild(card));
        }
    }
}

pub fn apply(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let me = state.turn.seat;
    match action {
        Action::WizardLook(from) => {
            state.turn.used |= used::ABILITY;
            state.turn.pending = Pending::WizardPick { from };
            let hand = state.hand[from.index()];
            state.knowledge.learn(me, hand);
        }
        Action::WizardTake(card) | Action::WizardBuild(card) => {
            let Pending::WizardPick { from } = state.turn.pending else {
                unreachable!("the Wizard picks only after looking");
            };
            state.turn.pending = Pending::None;
            let hand = state.hand[from.index()];
            state.remove_from_hand(from, card, trace);
            if let Action::WizardTake(_) = action {
                state.knowledge.take(me, from, hand, card);
                state.add_card(me, card, trace);
            } else {
                // "If you immediately build it, it does not count toward your building limit."
                let cost = building::build_cost(rules, state, me, card);
                building::pay_and_build(rules, state, card, cost, trace);
            }
        }
        _ => unreachable!(),
    }
}
