//! The Magistrate: three warrants, only the signed one acting, confiscating the first
//! district its holder pays to build.

use super::other_ranks;
use crate::engine::action::Action;
use crate::engine::building;
use crate::engine::ids::{CardId, Character, Rank, Seat};
use crate::engine::rules::Rules;
use crate::engine::sets::RankSet;
use crate::engine::state::{Pending, State, used};
use crate::engine::trace::Trace;

/// "Assign them facedown to three different character tokens of your choice. One of the
/// markers shows the signed warrant." One action per (signed, two blank) choice; the blank
/// pair in increasing rank order.
pub fn legal_warrants(state: &State, out: &mut Vec<Action>) {
    let others = other_ranks(state);
    for signed in others.iter() {
        let mut blanks = others;
        blanks.remove(signed);
        for a in blanks.iter() {
            out.extend(
                blanks
                    .above(a)
                    .iter()
                    .map(|b| Action::Warrant(signed, a, b)),
            );
        }
    }
}

pub fn assign(state: &mut State, signed: Rank, a: Rank, b: Rank) {
    for rank in [signed, a, b] {
        state.warrants.insert(rank);
    }
    state.signed_warrant = Some(signed);
    state.knowledge.warrant_markers = state.warrants;
    state.turn.used |= used::ABILITY;
}

/// The Magistrate's seat if the district `card` just paid for by the turn's player may be
/// confiscated: the signed warrant is on this character, it is the first district paid for
/// this turn, and the Magistrate has no identical district ("You cannot confiscate a
/// district if you have an identical district (with the same name) already in your city" -
/// the Quarry does not help: "he cannot use the Magistrate ... to acquire identical
/// districts").
pub fn confiscation_target(rules: &Rules, state: &State, card: CardId) -> Option<Seat> {
    if state.signed_warrant != Some(state.turn.rank) || state.turn.paid_build {
        return None;
    }
    let magistrate = state.player_of(Character::Magistrate)?;
    let builder = state.turn.seat;
    let district = rules.card(card).district;
    // Confiscating is building ("build it in your city instead"), so the Monument's "cannot
    // be built if you have 5 or more districts" applies to the Magistrate's city.
    (magistrate != builder
        && !state.has_district(rules, magistrate, district)
        && building::buildable_district(rules, state, magistrate, card))
    .then_some(magistrate)
}

pub fn legal_confiscation(out: &mut Vec<Action>) {
    out.extend([Action::Confiscate, Action::AllowBuild]);
}

/// "If you do, you confiscate that district from him and build it in your city instead for
/// free. The confiscated district never enters the targeted player's city, but it does count
/// toward the targeted player's building limit for the turn. The targeted player receives
/// back all gold paid for that district."
pub fn decide(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let Pending::Confiscation { card, paid } = state.turn.pending else {
        unreachable!("the Magistrate decides only on a pending confiscation");
    };
    state.turn.pending = Pending::None;
    let builder = state.turn.seat;
    match action {
        Action::Confiscate => {
            let magistrate = state
                .player_of(Character::Magistrate)
                .expect("a pending confiscation has a Magistrate");
            state.gain_gold(builder, paid as u16, trace);
            state.turn.paid_to_build -= paid as u16;
            state.warrants.remove(state.turn.rank);
            // The signed warrant is revealed.
            state.knowledge.warrant_markers = RankSet::EMPTY;
            state.knowledge.warrant_markers.insert(state.turn.rank);
            // "If the Magistrate confiscates a district from a player, the Magistrate is
            // charged the tax, not his target."
            building::complete_build(rules, state, magistrate, card, trace);
        }
        Action::AllowBuild => building::complete_build(rules, state, builder, card, trace),
        _ => unreachable!(),
    }
}
