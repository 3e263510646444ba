//! The crown: the King and the Patrician take it, the Emperor gives it away; the heirs and
//! the advisor at the end of the round.

use super::current;
use crate::engine::action::Action;
use crate::engine::ids::{Character, Seat};
use crate::engine::rules::Rules;
use crate::engine::state::{Pending, Phase, State, TurnMode, used};
use crate::engine::trace::{Event, Trace};

/// King, Patrician: "At some point during your turn, you must take the crown." Nothing in
/// the turn depends on when, so it is taken as the turn begins. "If you are bewitched, you
/// still take the crown": the bewitched player takes it in his gather-only turn, the Witch
/// does not when she resumes.
pub fn on_reveal_crown(state: &mut State, trace: &mut impl Trace) {
    if matches!(current(state), Character::King | Character::Patrician)
        && state.turn.mode != TurnMode::Resumed
    {
        trace.event(state, Event::CrownTaken);
        state.crown = state.turn.seat;
    }
}

/// Emperor: "you must take the crown from the player who has it and give it to a different
/// player, but not yourself."
pub fn legal_give(state: &State, holder: Seat, out: &mut Vec<Action>) {
    let me = match state.phase {
        Phase::EmperorAdvisor(seat) => seat,
        _ => state.turn.seat,
    };
    for seat in state.seats_from(Seat(0)) {
        if seat != holder && seat != me {
            out.push(Action::GiveCrown(seat));
        }
    }
}

/// "You take either one gold from his stash or one card at random from his hand. If he has
/// neither gold in his stash nor cards in hand, you do not take anything." The advisor (the
/// killed Emperor at the end of the round) takes nothing. (`emperor.take`: the one; at most
/// what he has; with none to take there is no choice.)
pub fn give(rules: &Rules, state: &mut State, seat: Seat, trace: &mut impl Trace) {
    state.crown = seat;
    if let Phase::EmperorAdvisor(_) = state.phase {
        return;
    }
    state.turn.used |= used::CROWN;
    if rules.numbers().emperor_take == 0 {
        return;
    }
    let has_gold = state.gold[seat.index()] > 0;
    let has_cards = !state.hand[seat.index()].is_empty();
    match (has_gold, has_cards) {
        (true, true) => state.turn.pending = Pending::EmperorLoot { from: seat },
        (true, false) => {
            trace.event(state, Event::EmperorTakes { from: seat });
            take_gold(rules, state, seat, trace)
        }
        (false, true) => {
            trace.event(state, Event::EmperorTakes { from: seat });
            take_cards(rules, state, seat, trace)
        }
        (false, false) => {}
    }
}

pub fn loot(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let Pending::EmperorLoot { from } = state.turn.pending else {
        unreachable!();
    };
    state.turn.pending = Pending::None;
    match action {
        Action::LootGold => take_gold(rules, state, from, trace),
        Action::LootCard => take_cards(rules, state, from, trace),
        _ => unreachable!(),
    }
}

fn take_gold(rules: &Rules, state: &mut State, from: Seat, trace: &mut impl Trace) {
    let gold = u16::from(rules.numbers().emperor_take).min(state.gold[from.index()]);
    state.move_gold(from, state.turn.seat, gold, trace);
}

/// `emperor.take` cards at random from `from`'s hand, one at a time, at most all of them.
fn take_cards(rules: &Rules, state: &mut State, from: Seat, trace: &mut impl Trace) {
    for _ in 0..rules.numbers().emperor_take {
        let hand = state.hand[from.index()];
        if hand.is_empty() {
            break;
        }
        let card = hand.nth(state.rng.below(hand.len() as u32) as usize);
        let taker = state.turn.seat;
        state.knowledge.take(taker, from, hand, card);
        state.move_card(from, taker, card, trace);
    }
}

/// End of the round. The killed King's or Patrician's heir takes the crown. The killed
/// Emperor's player, as his advisor, must give it away: returns that seat, whose decision
/// comes next.
pub fn end_of_round_crown(state: &mut State, trace: &mut impl Trace) -> Option<Seat> {
    let killed = state.killed?;
    let heir = state.owner[killed.index()]?;
    match state.character(killed)? {
        Character::King | Character::Patrician => {
            trace.event(state, Event::Heir(heir));
            state.crown = heir;
            None
        }
        Character::Emperor => Some(heir),
        _ => None,
    }
}
