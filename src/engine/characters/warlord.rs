//! The Warlord: destroying a district, and who is protected from rank 8 abilities.

use super::super::action::Action;
use super::super::ids::{CardId, Character, District, Seat};
use super::super::rules::Rules;
use super::super::state::{State, used};
use super::holder;

/// Bishop: "During this round, the rank 8 character cannot use its ability on your
/// districts", unless the Bishop was killed.
pub fn protected_from_rank8(state: &State, seat: Seat) -> bool {
    match holder(state, Character::Bishop) {
        Some((rank, bishop)) => bishop == seat && state.killed != Some(rank),
        None => false,
    }
}

/// Gold the Warlord pays to destroy a card: "one fewer gold than its building cost".
pub fn destroy_cost(rules: &Rules, card: CardId) -> u16 {
    rules.card(card).cost.saturating_sub(1) as u16
}

/// "You cannot destroy a district in a completed city, but you can destroy one of your own
/// districts." The Keep cannot be targeted; a living Bishop's city cannot be targeted.
pub fn legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let gold = state.gold[state.turn.seat.index()];
    for seat in state.seats_from(Seat(0)) {
        if state.is_complete(rules, seat) || protected_from_rank8(state, seat) {
            continue;
        }
        for card in state.city[seat.index()].iter() {
            if rules.card(card).district != District::Keep && destroy_cost(rules, card) <= gold {
                out.push(Action::Destroy(seat, card));
            }
        }
    }
}

/// "Destroyed districts are discarded facedown to the bottom of the district deck."
pub fn destroy(rules: &Rules, state: &mut State, seat: Seat, card: CardId) {
    let me = state.turn.seat;
    state.gold[me.index()] -= destroy_cost(rules, card);
    state.city[seat.index()].remove(card);
    state.deck.put_bottom(card);
    state.turn.used |= used::ABILITY;
}
