//! The Abbot's gold from the richest player.

use crate::engine::action::Action;
use crate::engine::ids::Seat;
use crate::engine::rules::Rules;
use crate::engine::state::{State, used};
use crate::engine::trace::Trace;

/// "If at any point during your turn you are not the player with the most gold, the richest
/// player must give you one gold from his stash. If there is a tie for the richest player,
/// choose which of the tied players must give you one of his gold. If you are among those
/// tied for the richest player, you do not receive any gold."
pub fn legal_tax(state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    let richest = state
        .seats_from(Seat(0))
        .map(|s| state.gold[s.index()])
        .max()
        .unwrap_or(0);
    if state.gold[me.index()] >= richest {
        return;
    }
    for seat in state.seats_from(Seat(0)) {
        if state.gold[seat.index()] == richest {
            out.push(Action::AbbotTax(seat));
        }
    }
}

/// The richest player gives `abbot.from_richest` gold (one in the rulebook), at most his gold.
pub fn tax(rules: &Rules, state: &mut State, richest: Seat, trace: &mut impl Trace) {
    let gold = u16::from(rules.numbers().abbot_from_richest).min(state.gold[richest.index()]);
    state.move_gold(richest, state.turn.seat, gold, trace);
    state.turn.used |= used::EXTRA;
}
