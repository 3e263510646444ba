//! `legal_actions`: the only move generator.

use super::action::Action;
use super::rules::Rules;
use super::state::State;

/// Fills `out` with the legal actions of the player to move, in a fixed order.
pub fn legal_actions(_rules: &Rules, _state: &State, out: &mut Vec<Action>) {
    out.clear();
}
