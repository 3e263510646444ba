//! Naming a character: the Assassin's kill, the Witch's bewitchment, the Thief's robbery.

use super::super::action::Action;
use super::super::ids::Rank;
use super::super::state::{State, used};
use super::other_ranks;

/// Assassin: "Call the name of another character whom you wish to kill." Any character of
/// the cast but the Assassin may be named, in play or not.
pub fn legal_kills(state: &State, out: &mut Vec<Action>) {
    out.extend(other_ranks(state).map(Action::Kill));
}

pub fn kill(state: &mut State, rank: Rank) {
    state.killed = Some(rank);
    state.turn.used |= used::ABILITY;
}

/// Witch: "First you must gather resources, then you must call the name of another
/// character whom you wish to bewitch, and then your turn is put on hold."
pub fn legal_bewitch(state: &State, out: &mut Vec<Action>) {
    out.extend(other_ranks(state).map(Action::Bewitch));
}

pub fn bewitch(state: &mut State, rank: Rank) {
    state.bewitched = Some(rank);
    state.turn.used |= used::ABILITY;
}

/// Thief: "You cannot rob the rank 1 character (Assassin, Witch, or Magistrate), the killed
/// character, or the bewitched character", nor himself ("another character").
pub fn legal_robs(state: &State, out: &mut Vec<Action>) {
    for rank in other_ranks(state) {
        if may_be_targeted_by_rank2(state, rank) {
            out.push(Action::Rob(rank));
        }
    }
}

/// The Thief's and the Blackmailer's common restriction.
pub fn may_be_targeted_by_rank2(state: &State, rank: Rank) -> bool {
    rank.0 != 1 && state.killed != Some(rank) && state.bewitched != Some(rank)
}

pub fn rob(state: &mut State, rank: Rank) {
    state.robbed = Some((rank, state.turn.seat));
    state.turn.used |= used::ABILITY;
}
