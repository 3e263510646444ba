//! Effects at the end of a player's turn: the Park and the Poor House.

use crate::engine::ids::District;
use crate::engine::rules::Rules;
use crate::engine::state::State;
use crate::engine::trace::{Event, Trace};

/// Park: "If there are no cards in your hand at the end of your turn, gain 2 cards." Poor
/// House: "If there is no gold in your stash at the end of your turn, gain 1 gold." Called
/// only at the end of a turn the player really ends (not the Witch's paused turn, nor the
/// bewitched or the Hospital's gather-only turns: "If the owner is the Witch and does not
/// resume his turn, the Park cannot resolve"), and before the Alchemist's refund ("he applies
/// the Poor House's effect first").
pub fn end_of_turn(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    let seat = state.turn.seat;
    if state.hand[seat.index()].is_empty() && state.has_district(rules, seat, District::Park) {
        trace.event(state, Event::Park);
        state.draw_to_hand(seat, 2, trace);
    }
    if state.gold[seat.index()] == 0 && state.has_district(rules, seat, District::PoorHouse) {
        trace.event(state, Event::PoorHouse);
        state.gain_gold(seat, 1, trace);
    }
}
