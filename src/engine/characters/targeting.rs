//! Naming a character: the Assassin's kill, the Witch's bewitchment, the Thief's robbery.

use super::other_ranks;
use crate::engine::action::Action;
use crate::engine::ids::Rank;
use crate::engine::sets::RankSet;
use crate::engine::state::{State, used};

/// Assassin: "Call the name of another character whom you wish to kill." Any character of
/// the cast but the Assassin may be named, in play or not.
pub fn legal_kills(state: &State, out: &mut Vec<Action>) {
    out.extend(other_ranks(state).iter().map(Action::Kill));
}

pub fn kill(state: &mut State, rank: Rank) {
    state.killed = Some(rank);
    state.turn.used |= used::ABILITY;
}

/// Witch: "First you must gather resources, then you must call the name of another
/// character whom you wish to bewitch, and then your turn is put on hold."
pub fn legal_bewitch(state: &State, out: &mut Vec<Action>) {
    out.extend(other_ranks(state).iter().map(Action::Bewitch));
}

pub fn bewitch(state: &mut State, rank: Rank) {
    state.bewitched = Some(rank);
    state.turn.used |= used::ABILITY;
}

/// Thief: "You cannot rob the rank 1 character (Assassin, Witch, or Magistrate), the killed
/// character, or the bewitched character", nor himself ("another character").
pub fn legal_robs(state: &State, out: &mut Vec<Action>) {
    out.extend(rank2_targets(state).iter().map(Action::Rob));
}

/// The characters the Thief and the Blackmailer may name (their common restriction): the
/// others of the cast but rank 1, the killed and the bewitched character.
pub fn rank2_targets(state: &State) -> RankSet {
    let mut targets = other_ranks(state);
    targets.remove(Rank(1));
    for rank in [state.killed, state.bewitched].into_iter().flatten() {
        targets.remove(rank);
    }
    targets
}

pub fn rob(state: &mut State, rank: Rank) {
    state.robbed = Some((rank, state.turn.seat));
    state.turn.used |= used::ABILITY;
}
