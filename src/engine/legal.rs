//! `legal_actions`: the only move generator.

use super::action::Action;
use super::ids::Seat;
use super::rules::Rules;
use super::state::{Pending, Phase, State, TurnMode};
use super::{building, characters, districts, draft, gathering, turn};

/// The capacity of a move buffer: more than any position's legal actions in practice (the
/// largest lists are the Diplomat's exchanges in big cities, a few hundred), so a worker's
/// buffer never grows and a game allocates nothing. The runner and the ISMCTS bot both size
/// their buffers with it.
pub const MOVE_BUFFER: usize = 1024;

/// The seat that must decide now, or `None` once the game is over. (Inlined: it is asked
/// before every decision, and is mostly a call's overhead.)
#[inline]
pub fn to_move(state: &State) -> Option<Seat> {
    match state.phase {
        Phase::Draft => Some(draft::chooser(state)),
        Phase::Turns => Some(turn::decider(state)),
        Phase::Theater(seat) | Phase::EmperorAdvisor(seat) => Some(seat),
        Phase::GameOver => None,
    }
}

/// Fills `out` with the legal actions of the player to move, in a fixed order: never empty
/// before the game is over.
pub fn legal_actions(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    out.clear();
    match state.phase {
        Phase::Draft => draft::legal(state, out),
        Phase::Turns => turn_legal(rules, state, out),
        Phase::Theater(_) => districts::theater_legal(state, out),
        Phase::EmperorAdvisor(_) => characters::legal_advisor(state, out),
        Phase::GameOver => {}
    }
}

fn turn_legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    match state.turn.pending {
        Pending::None => {}
        Pending::Keep { drawn, .. } => return gathering::legal_keep(rules, state, drawn, out),
        Pending::DenPayment { remaining, .. } => {
            return building::legal_den_payment(state, remaining, out);
        }
        _ => return characters::legal_pending(rules, state, out),
    }
    gathering::legal(rules, state, out);
    let turn = &state.turn;
    match turn.mode {
        // Witch: "First you must gather resources, then you must call the name of another
        // character ... You cannot build at this time, and the only district effects you
        // can use are those that occur when gathering resources." The bewitched player only
        // gathers.
        TurnMode::Witch => {
            if turn.gathered {
                characters::legal_bewitch(state, out);
            }
            return;
        }
        TurnMode::Bewitched | TurnMode::Hospital => return,
        TurnMode::Normal | TurnMode::Resumed => {}
    }
    // Blackmailer: "A threatened player must resolve the threat before he is able to use any
    // of his character abilities or build districts, and the only district effects he can
    // use before resolving the threat are those that occur when gathering resources."
    if state.threats.contains(turn.rank) && !turn.gathered {
        return;
    }
    // The character is looked up once for all the checks that depend on it.
    let character = characters::current(state);
    characters::legal(rules, state, character, out);
    districts::legal(rules, state, out);
    building::legal(rules, state, character, out);
    if turn.gathered && characters::may_end_turn(state, character) {
        out.push(Action::EndTurn);
    }
}
