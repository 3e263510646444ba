//! The turn phase's flow: calling characters in rank order, starting and ending turns (with
//! the Witch's paused and resumed turns), the end of a round (heirs, the Emperor's advisor,
//! the Queen), the end of the game, and new rounds.

use super::characters;
use super::districts;
use super::draft;
use super::ids::{Character, District, Rank, Seat};
use super::rules::Rules;
use super::sets::RankSet;
use super::state::{Pending, Phase, State, Turn, TurnMode};
use super::trace::{Event, Trace};

/// Starts a new round: the round cap, the round's fresh state, then the selection phase.
pub fn start_round(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
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
    state.bewitched = None;
    state.warrants = RankSet::EMPTY;
    state.signed_warrant = None;
    state.threats = RankSet::EMPTY;
    state.flowered = None;
    state.blackmailer = None;
    let crown = state.crown;
    state.knowledge.new_round(crown);
    draft::start(rules, state, trace);
}

/// After the selection phase: the Theater's owner may exchange characters, then the crowned
/// player calls the characters from rank 1.
pub fn end_selection_phase(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    match districts::theater_owner(rules, state) {
        Some(owner) if state.players > 1 => state.phase = Phase::Theater(owner),
        _ => start_turn_phase(rules, state, trace),
    }
}

pub fn start_turn_phase(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    state.phase = Phase::Turns;
    call_from(rules, state, 1, trace);
}

/// Calls ranks from `first` upward until one has a living player; ends the round otherwise.
fn call_from(rules: &Rules, state: &mut State, first: u8, trace: &mut impl Trace) {
    for r in first..=9 {
        let rank = Rank(r);
        let Some(seat) = state.owner[rank.index()] else {
            // Witch: "If the bewitched character is not in play this round, you do not
            // resume your turn."
            continue;
        };
        // Assassin: "he must remain silent and skip his entire turn for this round without
        // revealing his character card." Hospital (2021): a killed owner "still gathers
        // resources on his turn, and does nothing else" (still unrevealed).
        if state.killed == Some(rank) {
            if state.has_district(rules, seat, District::Hospital) {
                state.turn = Turn::new(rank, seat, TurnMode::Hospital);
                trace.event(state, Event::TurnBegins);
                return;
            }
            trace.event(state, Event::Skipped(rank));
            continue;
        }
        let mode = if state.bewitched == Some(rank) {
            TurnMode::Bewitched
        } else if state.character(rank) == Some(Character::Witch) {
            TurnMode::Witch
        } else {
            TurnMode::Normal
        };
        state.revealed.insert(rank);
        state.turn = Turn::new(rank, seat, mode);
        trace.event(state, Event::TurnBegins);
        characters::on_reveal(state, trace);
        return;
    }
    end_round(rules, state, trace);
}

/// The automatic steps after a decision in the turn phase.
pub fn settle(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    if state.phase != Phase::Turns || state.turn.pending != Pending::None {
        return;
    }
    match state.turn.mode {
        // Witch: "then your turn is put on hold" once she has named a character.
        TurnMode::Witch if state.bewitched.is_some() => end_turn(rules, state, trace),
        // "When the bewitched character is called to take his turn, he gathers resources and
        // his turn immediately ends. ... Now you resume your turn as if you were playing the
        // bewitched character."
        TurnMode::Bewitched if state.turn.gathered => resume_witch(state, trace),
        TurnMode::Hospital if state.turn.gathered => end_turn(rules, state, trace),
        _ => characters::resolve_threat_on_gathering(state),
    }
}

/// The Witch's resumed turn as the bewitched character: she has gathered already; she uses
/// that character's abilities with her own hand, stash and city.
fn resume_witch(state: &mut State, trace: &mut impl Trace) {
    let rank = state.turn.rank;
    let witch = state.owner[1].expect("a bewitchment has a Witch");
    let mut turn = Turn::new(rank, witch, TurnMode::Resumed);
    turn.gathered = true;
    state.turn = turn;
    trace.event(state, Event::WitchResumes);
}

/// `EndTurn`: end-of-turn effects, then the crowned player calls the next rank.
pub fn end_turn(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    if matches!(state.turn.mode, TurnMode::Normal | TurnMode::Resumed) {
        districts::end_of_turn(rules, state, trace);
        // Alchemist: "At the end of your turn, you receive back all the gold you paid to
        // build districts this turn."
        if characters::refunds_build_gold(state) {
            trace.event(state, Event::AlchemistRefund);
            state.gain_gold(state.turn.seat, state.turn.paid_to_build, trace);
        }
    }
    let next = state.turn.rank.0 + 1;
    call_from(rules, state, next, trace);
}

/// The end of a round: the killed King's or Patrician's heir takes the crown, the killed
/// Emperor's advisor gives it away, the Queen may gain gold; the game ends after the round in
/// which a city was completed ("Game End").
fn end_round(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    // "At the end of the round, reveal the King's character card" (rulebook 2016, Assassin):
    // a killed rank-4 character is shown now, so it counts as revealed for the tie-break
    // (CARDS.md) and for the crown's heir or advisor.
    let rank4 = Rank(4);
    if state.killed == Some(rank4) && state.owner[rank4.index()].is_some() {
        state.revealed.insert(rank4);
    }
    if let Some(advisor) = characters::end_of_round_crown(state, trace) {
        state.phase = Phase::EmperorAdvisor(advisor);
        return;
    }
    finish_round(rules, state, trace);
}

/// The rest of the end of the round, after any crown decision.
pub fn finish_round(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    characters::queen_end_of_round(rules, state, trace);
    if state.first_complete.is_some() {
        state.phase = Phase::GameOver;
        return;
    }
    start_round(rules, state, trace);
}

/// The seat that decides now in the turn phase: the turn's player, except for the
/// Blackmailer's reveal and the Magistrate's confiscation.
pub fn decider(state: &State) -> Seat {
    match state.turn.pending {
        Pending::ThreatReveal => state.blackmailer.expect("a threat has a Blackmailer"),
        Pending::Confiscation { .. } => state
            .player_of(Character::Magistrate)
            .expect("a confiscation has a Magistrate"),
        Pending::Graveyard { owner, .. } => owner,
        _ => state.turn.seat,
    }
}
