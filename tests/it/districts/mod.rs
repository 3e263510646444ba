//! The unique districts, one file per group of what the districts do (the map is in
//! `main.rs`). A test lives with the card its name begins with
//! (`great_wall_makes_the_warlord_pay_one_more_but_not_for_itself` is the Great Wall's); the
//! setups several files share are in `common.rs`.

mod building;
mod cards_and_gold;
mod protection_and_destruction;
mod scoring;
mod theater;

use crate::common::*;
use citadels_sim::engine::state::State;
use citadels_sim::engine::{CardId, Rules, Seat};

/// Seat 0 plays the King at the start of his turn; seats 1-3 hold the Bishop, Warlord and
/// Merchant.
fn deck12_at_king() -> (Rules, State) {
    let rules = deck12_rules(4, &[]);
    let state = deck12_at(&rules, &[R4, R5, R8, R6], R7, R4);
    (rules, state)
}

fn to_move_seat(state: &State) -> Seat {
    citadels_sim::engine::to_move(state).expect("someone to move")
}

/// The last `n` cards of the deck, sorted (the rules say they go to the bottom, not in
/// which order).
fn bottom(state: &State, n: usize) -> Vec<CardId> {
    sorted(deck_bottom(state, n))
}

/// Seat 0 plays the King at the start of his turn; seats 1-3 hold the Assassin, Thief and
/// Warlord (the Magician is set aside).
fn deck19_at_king() -> (Rules, State) {
    let rules = deck19_rules(4, &[]);
    let state = deck19_at(&rules, &[R4, R1, R2, R8], R3, R4);
    assert_eq!(state.turn.seat, Seat(0));
    (rules, state)
}
