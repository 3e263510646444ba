//! The Seer: a random card from each other player, then one card back to each.

use crate::engine::action::Action;
use crate::engine::ids::CardId;
use crate::engine::sets::SeatSet;
use crate::engine::state::{Pending, State, used};
use crate::engine::trace::Trace;

/// Offered when some other player has cards.
pub fn legal(state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    if state
        .others_after(me)
        .any(|s| !state.hand[s.index()].is_empty())
    {
        out.push(Action::SeerTake);
    }
}

/// "Take a card at random from each other player's hand and add those cards to your hand.
/// ... If a player has no cards in hand, you neither take a card from him nor give him a
/// card."
pub fn take(state: &mut State, trace: &mut impl Trace) {
    let me = state.turn.seat;
    let mut to = SeatSet::EMPTY;
    for i in 1..state.players {
        let seat = crate::engine::ids::Seat((me.0 + i) % state.players);
        let hand = state.hand[seat.index()];
        if hand.is_empty() {
            continue;
        }
        let card = hand.nth(state.rng.below(hand.len() as u32) as usize);
        state.knowledge.take(me, seat, hand, card);
        state.move_card(seat, me, card, trace);
        to.insert(seat);
    }
    state.turn.used |= used::ABILITY;
    state.turn.pending = Pending::SeerGive { to };
}

/// "Then give one card from your hand to each player you took a card from", clockwise.
pub fn give(state: &mut State, card: CardId, trace: &mut impl Trace) {
    let me = state.turn.seat;
    let Pending::SeerGive { mut to } = state.turn.pending else {
        unreachable!();
    };
    let next = state
        .seats_from(me)
        .find(|&s| to.contains(s))
        .expect("a player is owed a card");
    let hand = state.hand[me.index()];
    state.knowledge.give(me, next, hand, card);
    state.move_card(me, next, card, trace);
    to.0 &= !(1 << next.0);
    state.turn.pending = if to.is_empty() {
        Pending::None
    } else {
        Pending::SeerGive { to }
    };
}
