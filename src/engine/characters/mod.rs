//! Character abilities: which actions each character offers, what they do, and the passive
//! effects that other rules ask about (building limit, protection). Rulebook: "Character
//! Abilities in Detail". Abilities are optional and once per turn unless the text says
//! otherwise; "at any time" abilities may come before or after gathering and building.

mod income;
mod killers;
mod magician;
mod warlord;

use super::action::Action;
use super::ids::{Character, Rank, Seat};
use super::rules::Rules;
use super::state::{State, used};

pub use magician::legal_discarding as legal_magician_discarding;
pub use warlord::protected_from_rank8;

/// The character whose turn it is.
pub fn current(state: &State) -> Character {
    state
        .character(state.turn.rank)
        .expect("a turn belongs to a character in the cast")
}

/// Effects at the moment a character is revealed: the Thief's robbery and the King's crown.
pub fn on_reveal(_rules: &Rules, state: &mut State) {
    let seat = state.turn.seat;
    // Thief: "When a player reveals that character to take his turn, you immediately take
    // all of his gold."
    if let Some((rank, thief)) = state.robbed
        && rank == state.turn.rank
    {
        let gold = std::mem::take(&mut state.gold[seat.index()]);
        state.gold[thief.index()] += gold;
    }
    // King: "At some point during your turn, you must take the crown." Nothing in the turn
    // depends on when, so it is taken as the turn begins.
    if current(state) == Character::King {
        state.crown = seat;
    }
}

/// Districts the current character may build this turn (rulebook "Building limit").
pub fn building_limit(state: &State) -> u8 {
    match current(state) {
        // Architect: "Your building limit this turn is three."
        Character::Architect => 3,
        _ => 1,
    }
}

/// Appends the current character's ability actions that are legal now.
pub fn legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let turn = &state.turn;
    let character = current(state);
    if turn.used & used::INCOME == 0 && income::income_type(character).is_some() {
        out.push(Action::TakeIncome);
    }
    if turn.used & used::EXTRA == 0 {
        match character {
            Character::Merchant => out.push(Action::MerchantGold),
            Character::Architect => out.push(Action::ArchitectDraw),
            _ => {}
        }
    }
    if turn.used & used::ABILITY == 0 {
        match character {
            Character::Assassin => killers::legal_kills(state, out),
            Character::Thief => killers::legal_robs(state, out),
            Character::Magician => magician::legal(state, out),
            Character::Warlord => warlord::legal(rules, state, out),
            _ => {}
        }
    }
}

/// Applies a character ability action.
pub fn apply(rules: &Rules, state: &mut State, action: Action) {
    match action {
        Action::TakeIncome => income::take_income(rules, state),
        Action::MerchantGold | Action::ArchitectDraw => income::take_extra(state, action),
        Action::Kill(rank) => killers::kill(state, rank),
        Action::Rob(rank) => killers::rob(state, rank),
        Action::SwapHands(_) | Action::MagicianDiscard(_) | Action::MagicianDraw => {
            magician::apply(state, action)
        }
        Action::Destroy(seat, card) => warlord::destroy(rules, state, seat, card),
        _ => unreachable!("not a character action: {action:?}"),
    }
}

/// The seat holding `character` this round, if it is in the cast and was chosen.
pub fn holder(state: &State, character: Character) -> Option<(Rank, Seat)> {
    let rank = state.rank_of(character)?;
    Some((rank, state.owner[rank.index()]?))
}
