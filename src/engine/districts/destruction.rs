//! Districts that destroy themselves or another district: the Armory, and building by
//! destroying with the Framework and the Necropolis.

use crate::engine::action::Action;
use crate::engine::building;
use crate::engine::characters;
use crate::engine::ids::{CardId, District, Seat};
use crate::engine::rules::Rules;
use crate::engine::state::State;
use crate::engine::trace::Trace;

/// The card of `district` in the turn player's city, if any.
fn own(rules: &Rules, state: &State, district: District) -> Option<CardId> {
    let seat = state.turn.seat;
    state.city[seat.index()]
        .intersection(rules.by_district[district.index()])
        .first()
}

pub fn legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    // Armory: "During your turn, destroy the Armory to destroy 1 other district of your
    // choice." Clarification: "A district in a completed city cannot be destroyed": neither the
    // target nor the Armory itself, so it cannot be fired from its owner's completed city.
    // CARDS.md: it may destroy the Keep and hit a Bishop's city.
    if let Some(armory) = own(rules, state, District::Armory)
        && !state.is_complete(rules, me)
    {
        for seat in state.seats_from(Seat(0)) {
            if state.is_complete(rules, seat) {
                continue;
            }
            for card in state.city[seat.index()].iter() {
                if card != armory {
                    out.push(Action::ArmoryDestroy(seat, card));
                }
            }
        }
    }
    let hand = state.hand[me.index()];
    // Framework: "You may build a district by destroying the Framework instead of paying
    // that district's cost."
    if own(rules, state, District::Framework).is_some() {
        let permit = building::BuildPermit::new(rules, state, characters::current(state));
        for card in hand.iter() {
            if permit.allows(rules, card) {
                out.push(Action::FrameworkBuild(card));
            }
        }
    }
    // Necropolis: "You may build the Necropolis by destroying 1 district in your city
    // instead of paying its cost."
    if let Some(necropolis) = hand
        .intersection(rules.by_district[District::Necropolis.index()])
        .first()
        && building::may_build_card(rules, state, necropolis)
    {
        out.extend(state.city[me.index()].iter().map(Action::NecropolisBuild));
    }
}

pub fn apply(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let me = state.turn.seat;
    match action {
        Action::ArmoryDestroy(seat, card) => {
            let armory = own(rules, state, District::Armory).expect("the Armory is in the city");
            state.destroy(rules, seat, card, true, trace);
            state.destroy(rules, me, armory, true, trace);
        }
        // Built without paying: the Magistrate cannot confiscate it (clarifications of the
        // Framework and the Necropolis); the Tax Collector's tax still applies.
        Action::FrameworkBuild(card) => {
            let framework = own(rules, state, District::Framework).expect("the Framework");
            state.remove_from_hand(me, card, trace);
            building::count_build(rules, state, card);
            state.destroy(rules, me, framework, true, trace);
            building::complete_build(rules, state, me, card, trace);
        }
        Action::NecropolisBuild(sacrifice) => {
            let necropolis = state.hand[me.index()]
                .intersection(rules.by_district[District::Necropolis.index()])
                .first()
                .expect("the Necropolis in hand");
            state.remove_from_hand(me, necropolis, trace);
            building::count_build(rules, state, necropolis);
            state.destroy(rules, me, sacrifice, true, trace);
            building::complete_build(rules, state, me, necropolis, trace);
        }
        _ => unreachable!(),
    }
}
