//! Unique districts with actions or timed effects: Laboratory, Smithy, Museum, Armory,
//! Framework, Necropolis (turn actions), Park and Poor House (end of turn), Theater (end of
//! the selection phase). Passive effects live where the rule they change is applied: Factory,
//! Quarry, Monument, Stables and Secret Vault in building; Library, Gold Mine and Observatory
//! in gathering; Keep and Great Wall in the rank 8 abilities; School of Magic in income;
//! Hospital in the turn flow; Graveyard with the Warlord; end-of-game districts in scoring.
//! Rulebook: "District Clarifications"; CARDS.md: card texts and rulings.

mod destruction;
mod end_of_turn;
mod theater;

use super::action::Action;
use super::ids::District;
use super::rules::Rules;
use super::state::{State, used};
use super::trace::Trace;

pub use end_of_turn::end_of_turn;
pub use theater::{apply as theater_apply, legal as theater_legal, owner as theater_owner};

/// District actions of the player whose turn it is ("Effects that are limited to 'once per
/// turn' can be used only during your turn").
pub fn legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let seat = state.turn.seat;
    let turn = &state.turn;
    let hand = state.hand[seat.index()];
    // Most cities have none of these districts (a first game has none at all).
    if !state.city[seat.index()].intersects(rules.turn_districts())
        && !hand.intersects(rules.by_district[District::Necropolis.index()])
    {
        return;
    }
    // Laboratory: "Once per turn, discard 1 card from your hand to gain 2 gold."
    if turn.used & used::LABORATORY == 0 && state.has_district(rules, seat, District::Laboratory) {
        out.extend(hand.iter().map(Action::LabDiscard));
    }
    // Smithy: "Once per turn, pay 2 gold to gain 3 cards."
    if turn.used & used::SMITHY == 0
        && state.gold[seat.index()] >= 2
        && state.has_district(rules, seat, District::Smithy)
    {
        out.push(Action::SmithyDraw);
    }
    // Museum: "Once per turn, put 1 card from your hand facedown under the Museum."
    if turn.used & used::MUSEUM == 0 && state.has_district(rules, seat, District::Museum) {
        out.extend(hand.iter().map(Action::MuseumTuck));
    }
    destruction::legal(rules, state, out);
}

pub fn apply(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let seat = state.turn.seat;
    match action {
        Action::LabDiscard(card) => {
            let hand = state.hand[seat.index()];
            state.knowledge.hide_from_hand(seat, hand, card);
            state.remove_from_hand(seat, card, trace);
            state.deck.put_bottom(card);
            state.gain_gold(seat, 2, trace);
            state.turn.used |= used::LABORATORY;
        }
        Action::SmithyDraw => {
            state.pay_gold(seat, 2, trace);
            state.draw_to_hand(seat, 3, trace);
            state.turn.used |= used::SMITHY;
        }
        Action::MuseumTuck(card) => {
            let hand = state.hand[seat.index()];
            state.knowledge.hide_from_hand(seat, hand, card);
            state.remove_from_hand(seat, card, trace);
            state.museum.insert(card);
            state.turn.used |= used::MUSEUM;
        }
        Action::ArmoryDestroy(..) | Action::FrameworkBuild(_) | Action::NecropolisBuild(_) => {
            destruction::apply(rules, state, action, trace)
        }
        _ => unreachable!("not a district action"),
    }
}
