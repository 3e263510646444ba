//! The turn phase's flow: calling characters in rank order, starting and ending turns, the
//! end of a round (the killed King's heir), the end of the game, and new rounds.

use super::characters;
use super::draft;
use super::ids::{Character, Rank, Seat};
use super::rules::Rules;
use super::sets::RankSet;
use super::state::{Pending, Phase, State, Turn};

/// Starts a new round: the round cap, the round's fresh state, then the selection phase.
pub fn start_round(rules: &Rules, state: &mut State) {
    if state.round >= rules.options.round_cap {
        state.stalled = true;
        state.phase = Phase::GameOver;
        return;
    }
    state.round += 1;
    state.owner = [None; 10];
    state.seen = [RankSet::EMPTY; 8];
    state.killed = None;
    state.robbed = None;
    state.revealed = RankSet::EMPTY;
    draft::start(rules, state);
}

/// After the selection phase: the crowned player calls the characters from rank 1.
pub fn start_turn_phase(rules: &Rules, state: &mut State) {
    state.phase = Phase::Turns;
    call_from(rules, state, 1);
}

/// Calls ranks from `first` upward until one has a living player; ends the round otherwise.
fn call_from(rules: &Rules, state: &mut State, first: u8) {
    for r in first..=9 {
        let rank = Rank(r);
        let Some(seat) = state.owner[rank.index()] else {
            continue;
        };
        // Assassin: "he must remain silent and skip his entire turn for this round without
        // revealing his character card."
        if state.killed == Some(rank) {
            continue;
        }
        begin_turn(rules, state, rank, seat);
        return;
    }
    end_round(rules, state);
}

/// The called character is revealed and its turn begins.
fn begin_turn(rules: &Rules, state: &mut State, rank: Rank, seat: Seat) {
    state.revealed.insert(rank);
    state.turn = Turn {
        rank,
        seat,
        gathered: false,
        built: 0,
        used: 0,
        pending: Pending::None,
    };
    characters::on_reveal(rules, state);
}

/// `EndTurn`: the crowned player calls the next rank.
pub fn end_turn(rules: &Rules, state: &mut State) {
    let next = state.turn.rank.0 + 1;
    call_from(rules, state, next);
}

/// The end of a round: the killed King's heir takes the crown; the game ends after the round
/// in which a city was completed ("Game End").
fn end_round(rules: &Rules, state: &mut State) {
    if let Some(killed) = state.killed
        && let Some(heir) = state.owner[killed.index()]
        && state.character(killed) == Some(Character::King)
    {
        // King: "At the end of the round, reveal the King's character card and take the
        // crown as the King's heir."
        state.crown = heir;
    }
    if state.first_complete.is_some() {
        state.phase = Phase::GameOver;
        return;
    }
    start_round(rules, state);
}
