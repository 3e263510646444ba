//! `new_game`, `try_apply` and `apply`: the only code that changes a `State`.

use super::action::Action;
use super::rules::Rules;
use super::state::State;

/// An action that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {0:?}")]
pub struct ApplyError(pub Action);

/// Sets up a game: shuffles and deals the deck, draws the first crown holder, starts round 1.
pub fn new_game(_rules: &Rules, _seed: u64) -> State {
    todo!("engine in progress")
}

/// Applies `action` if it is among the legal actions.
pub fn try_apply(rules: &Rules, state: &mut State, action: Action) -> Result<(), ApplyError> {
    let _ = (rules, state);
    Err(ApplyError(action))
}

/// Applies a legal action.
pub fn apply(_rules: &Rules, _state: &mut State, _action: Action) {
    todo!("engine in progress")
}
