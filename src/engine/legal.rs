//! `legal_actions`: the only move generator.

use super::action::Action;
use super::ids::Seat;
use super::rules::Rules;
use super::state::{Pending, Phase, State};
use super::{building, characters, districts, draft, gathering};

/// The seat that must decide now, or `None` once the game is over.
pub fn to_move(state: &State) -> Option<Seat> {
    match state.phase {
        Phase::Draft => Some(draft::chooser(state)),
        Phase::Turns => Some(state.turn.seat),
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
        Phase::GameOver => {}
    }
}

fn turn_legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    match state.turn.pending {
        Pending::Keep { drawn, .. } => return gathering::legal_keep(rules, state, drawn, out),
        Pending::MagicianDiscard { .. } => {
            return characters::legal_magician_discarding(state, out);
        }
        Pending::DenPayment { remaining, .. } => {
            return building::legal_den_payment(state, remaining, out);
        }
        Pending::None => {}
    }
    gathering::legal(rules, state, out);
    characters::legal(rules, state, out);
    districts::legal(rules, state, out);
    building::legal(rules, state, out);
    if state.turn.gathered {
        out.push(Action::EndTurn);
    }
}
