//! The Blackmailer: two threats, the bribe of half the gold, the reveal, and the order
//! "gather, then resolve the threat, then anything else".

use super::targeting::rank2_targets;
use crate::engine::action::Action;
use crate::engine::ids::Rank;
use crate::engine::rules::Rules;
use crate::engine::sets::RankSet;
use crate::engine::state::{Pending, State, used};
use crate::engine::trace::Trace;

/// "Assign them facedown to two different character tokens of your choice. One of the
/// markers shows the flowered lace." Not the rank 1 character, the killed or the bewitched.
pub fn legal_threats(state: &State, out: &mut Vec<Action>) {
    let targets = rank2_targets(state);
    for flowered in targets.iter() {
        let mut others = targets;
        others.remove(flowered);
        out.extend(others.iter().map(|other| Action::Threaten(flowered, other)));
    }
}

pub fn threaten(state: &mut State, flowered: Rank, other: Rank) {
    state.threats.insert(flowered);
    state.threats.insert(other);
    state.flowered = Some(flowered);
    state.blackmailer = Some(state.turn.seat);
    state.knowledge.threat_markers = state.threats;
    state.turn.used |= used::ABILITY;
}

/// "When a threatened player is called to take his turn, he must immediately gather
/// resources and then resolve the threat." Called once gathering is finished.
pub fn resolve_threat_on_gathering(state: &mut State) {
    let turn = &state.turn;
    if state.threats.contains(turn.rank)
        && turn.used & used::THREAT == 0
        && turn.gathered
        && turn.pending == Pending::None
        && state.blackmailer.is_some()
    {
        state.turn.pending = Pending::Threat;
    }
}

pub fn resolve(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let me = state.turn.seat;
    let blackmailer = state.blackmailer.expect("a threat has a Blackmailer");
    let rank = state.turn.rank;
    match action {
        // "He can bribe you by giving you half his gold (rounded down), which removes his
        // threat marker without revealing it." (`blackmailer.bribe_divisor`: the 2 of half.)
        Action::Bribe => {
            let bribe =
                state.gold[me.index()] / u16::from(rules.numbers().blackmailer_bribe_divisor);
            state.move_gold(me, blackmailer, bribe, trace);
            finish(state, rank);
        }
        Action::RefuseBribe => state.turn.pending = Pending::ThreatReveal,
        // "If he does not bribe you, you may reveal his threat marker. If you reveal the
        // flowered lace, you immediately take all his gold."
        Action::RevealThreat => {
            // The revealed marker shows whether it is the flowered one.
            if state.flowered == Some(rank) {
                state.knowledge.threat_markers = RankSet::EMPTY;
                state.knowledge.threat_markers.insert(rank);
            } else {
                state.knowledge.threat_markers.remove(rank);
            }
            if state.flowered == Some(rank) {
                state.move_gold(me, blackmailer, state.gold[me.index()], trace);
            }
            finish(state, rank);
        }
        Action::HideThreat => finish(state, rank),
        _ => unreachable!(),
    }
}

fn finish(state: &mut State, rank: Rank) {
    state.threats.remove(rank);
    state.turn.used |= used::THREAT;
    state.turn.pending = Pending::None;
}
