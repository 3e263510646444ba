//! The Assassin and the Thief: naming a character to kill or to rob.

use super::super::action::Action;
use super::super::ids::Rank;
use super::super::state::{State, used};

/// Assassin: "Call the name of another character whom you wish to kill." Any character of
/// the cast but the Assassin may be named, in play or not.
pub fn legal_kills(state: &State, out: &mut Vec<Action>) {
    for rank in state.cast_ranks().iter() {
        if rank != state.turn.rank {
            out.push(Action::Kill(rank));
        }
    }
}

pub fn kill(state: &mut State, rank: Rank) {
    state.killed = Some(rank);
    state.turn.used |= used::ABILITY;
}

/// Thief: "You cannot rob the rank 1 character, the killed character, or the bewitched
/// character", nor himself ("another character").
pub fn legal_robs(state: &State, out: &mut Vec<Action>) {
    for rank in state.cast_ranks().iter() {
        if rank.0 != 1 && rank != state.turn.rank && state.killed != Some(rank) {
            out.push(Action::Rob(rank));
        }
    }
}

pub fn rob(state: &mut State, rank: Rank) {
    state.robbed = Some((rank, state.turn.seat));
    state.turn.used |= used::ABILITY;
}
