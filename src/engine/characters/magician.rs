//! The Magician: exchange hands with a player, or discard cards to draw as many.

use crate::engine::action::Action;
use crate::engine::state::{Pending, State, used};
use crate::engine::trace::{Change, Trace};

/// "You can do one of the following": exchange hands with another player, or discard any
/// number of cards (chosen one at a time, then `MagicianDraw`).
pub fn legal(state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    out.extend(state.others_after(me).map(Action::SwapHands));
    out.extend(state.hand[me.index()].iter().map(Action::MagicianDiscard));
}

/// Legal actions while the Magician is choosing cards to discard.
pub fn legal_discarding(state: &State, out: &mut Vec<Action>) {
    out.extend(
        state.hand[state.turn.seat.index()]
            .iter()
            .map(Action::MagicianDiscard),
    );
    out.push(Action::MagicianDraw);
}

pub fn apply(state: &mut State, action: Action, trace: &mut impl Trace) {
    let me = state.turn.seat;
    state.turn.used |= used::ABILITY;
    match action {
        // "If you have zero cards in your hand, you simply take the other player's cards."
        Action::SwapHands(other) => {
            let (mine, theirs) = (state.hand[me.index()], state.hand[other.index()]);
            state.knowledge.swap_hands(me, other, mine, theirs);
            let gain = theirs.len() as i32 - mine.len() as i32;
            trace.change(Change::Cards(me, gain));
            trace.change(Change::Cards(other, -gain));
            state.hand.swap(me.index(), other.index());
        }
        Action::MagicianDiscard(card) => {
            let mut cards = match state.turn.pending {
                Pending::MagicianDiscard { cards } => cards,
                _ => Default::default(),
            };
            let hand = state.hand[me.index()];
            state.knowledge.hide_from_hand(me, hand, card);
            state.remove_from_hand(me, card, trace);
            cards.insert(card);
            state.turn.pending = Pending::MagicianDiscard { cards };
        }
        Action::MagicianDraw => {
            let Pending::MagicianDiscard { cards } = state.turn.pending else {
                unreachable!("MagicianDraw only while discarding");
            };
            state.turn.pending = Pending::None;
            // "Discard ... facedown to the bottom of the district deck to gain an equal number
            // of cards from the district deck."
            for card in cards.iter() {
                state.deck.put_bottom(card);
            }
            state.draw_to_hand(me, cards.len() as u8, trace);
        }
        _ => unreachable!(),
    }
}
