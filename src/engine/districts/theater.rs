//! The Theater: exchanging character cards at the end of the selection phase.

use crate::engine::action::Action;
use crate::engine::ids::{District, Seat};
use crate::engine::rules::Rules;
use crate::engine::state::{Phase, State};

/// The seat whose city has the Theater, if any.
pub fn owner(rules: &Rules, state: &State) -> Option<Seat> {
    state
        .seats_from(Seat(0))
        .find(|&s| state.has_district(rules, s, District::Theater))
}

/// "At the end of each selection phase, you may exchange your chosen character card with an
/// opponent's." Clarification: "he chooses blindly ... In 2- and 3-player games, the owner
/// chooses which of his two characters to give away and randomly chooses which of his
/// opponent's characters to take in return."
pub fn legal(state: &State, out: &mut Vec<Action>) {
    let Phase::Theater(me) = state.phase else {
        unreachable!();
    };
    for seat in state.others_after(me) {
        for rank in state.ranks_of(me).iter() {
            out.push(Action::TheaterSwap(seat, rank));
        }
    }
    out.push(Action::TheaterPass);
}

/// The exchange; the engine draws which of the opponent's characters comes back. Both
/// players look at their new character ("the players involved in the exchange can look").
pub fn apply(state: &mut State, action: Action) {
    let Phase::Theater(me) = state.phase else {
        unreachable!();
    };
    if let Action::TheaterSwap(seat, mine) = action {
        let theirs_all = state.ranks_of(seat);
        let theirs = theirs_all.nth(state.rng.below(theirs_all.len() as u32) as usize);
        state.owner[mine.index()] = Some(seat);
        state.owner[theirs.index()] = Some(me);
        state.seen[me.index()].insert(theirs);
        state.seen[seat.index()].insert(mine);
        state.knowledge.theater = Some((me, seat));
    }
}
