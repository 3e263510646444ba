//! Unique districts with actions during a turn (Laboratory, Smithy). Passive effects live
//! where the rule they change is applied: Factory and Quarry in building, Library in
//! gathering, Keep in the Warlord's targeting, School of Magic in income, end-of-game
//! districts in scoring.

use super::action::Action;
use super::ids::District;
use super::rules::Rules;
use super::state::{State, used};

/// "Once per turn" district actions of the player whose turn it is.
pub fn legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let seat = state.turn.seat;
    let turn = &state.turn;
    // Laboratory: "Once per turn, discard 1 card from your hand to gain 2 gold."
    if turn.used & used::LABORATORY == 0 && state.has_district(rules, seat, District::Laboratory) {
        out.extend(state.hand[seat.index()].iter().map(Action::LabDiscard));
    }
    // Smithy: "Once per turn, pay 2 gold to gain 3 cards."
    if turn.used & used::SMITHY == 0
        && state.gold[seat.index()] >= 2
        && state.has_district(rules, seat, District::Smithy)
    {
        out.push(Action::SmithyDraw);
    }
}

pub fn apply(state: &mut State, action: Action) {
    let seat = state.turn.seat;
    match action {
        Action::LabDiscard(card) => {
            state.hand[seat.index()].remove(card);
            state.deck.put_bottom(card);
            state.gold[seat.index()] += 2;
            state.turn.used |= used::LABORATORY;
        }
        Action::SmithyDraw => {
            state.gold[seat.index()] -= 2;
            state.draw_to_hand(seat, 3);
            state.turn.used |= used::SMITHY;
        }
        _ => unreachable!("not a district action"),
    }
}
