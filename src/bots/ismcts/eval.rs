//! The evaluation of a rollout's end, in [0, 1] for the searching seat.
//!
//! A finished game scores 1 for a win (shared wins split), 0 for a loss. A truncated one
//! compares the seat's standing with the best opponent's: standing = the score the city
//! would get now (districts, bonuses, Secret Vault...) + half the gold + half a point per card
//! in hand up to four (resources turn into districts at about that rate), and the reward is
//! the logistic of the lead divided by `scale`: 0.5 when level, near 1 far ahead.

use crate::engine::ids::Seat;
use crate::engine::rules::Rules;
use crate::engine::scoring::{outcome, score};
use crate::engine::state::State;

pub fn evaluate(rules: &Rules, state: &State, me: Seat, scale: f64) -> f64 {
    if state.is_over() {
        if state.stalled {
            return 0.5;
        }
        let result = outcome(rules, state);
        return if result.winners.contains(me) {
            1.0 / result.winners.len() as f64
        } else {
            0.0
        };
    }
    let standing = |seat: Seat| {
        score(rules, state, seat).total() as f64
            + 0.5 * state.gold[seat.index()] as f64
            + 0.5 * state.hand[seat.index()].len().min(4) as f64
    };
    let mine = standing(me);
    let best_other = state
        .seats_from(me)
        .skip(1)
        .map(standing)
        .fold(f64::NEG_INFINITY, f64::max);
    1.0 / (1.0 + (-(mine - best_other) / scale).exp())
}
