//! The selection phase (rulebook: "Selection Phase", "Selection Phase with 9 Characters",
//! "2-Player Rule Changes", "3-Player Rule Changes"; the classic edition's "Three-Player
//! Games", rules/003).

use super::action::Action;
use super::ids::{Rank, Seat};
use super::rules::Rules;
use super::sets::RankSet;
use super::state::{Draft, Phase, State};
use super::trace::Trace;
use super::turn;

/// One step of a player count's selection script; the offset counts seats clockwise from the
/// crowned player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Keep one of the offered character cards.
    Pick(u8),
    /// 2 players: discard one of the offered cards face down.
    Discard(u8),
    /// 3 players: the third player discards one of the remaining cards at random, face down.
    RandomDiscard,
}

use Step::*;

const TWO_PLAYERS: [Step; 7] = [
    Pick(0),
    Pick(1),
    Discard(1),
    Pick(0),
    Discard(0),
    Pick(1),
    Discard(1),
];
const THREE_PLAYERS: [Step; 7] = [
    Pick(0),
    Pick(1),
    Pick(2),
    RandomDiscard,
    Pick(0),
    Pick(1),
    Pick(2),
];
/// Classic edition, 3 players with 8 characters (rules/003, "Three-Player Games"): "Only the
/// first player places a card face down on the table" (the usual random face-down card).
/// "They then choose their first character and pass the rest of the cards to the next
/// player. Each player will choose their character until everyone ends up with 2
/// characters. The last card is then placed face down on the table."
const THREE_PLAYERS_CLASSIC: [Step; 6] = [Pick(0), Pick(1), Pick(2), Pick(0), Pick(1), Pick(2)];
const MANY_PLAYERS: [Step; 8] = [
    Pick(0),
    Pick(1),
    Pick(2),
    Pick(3),
    Pick(4),
    Pick(5),
    Pick(6),
    Pick(7),
];

/// The selection script of a player count with `characters` characters in the cast (3
/// players play 9, or 8 in the classic edition).
fn script(players: u8, characters: u8) -> &'static [Step] {
    match players {
        2 => &TWO_PLAYERS,
        3 if characters == 8 => &THREE_PLAYERS_CLASSIC,
        3 => &THREE_PLAYERS,
        n => &MANY_PLAYERS[..n as usize],
    }
}

/// The selection script of this game: `script` for its player count and cast, the cast
/// counted only where it matters (3 players), as this is asked at every selection step.
#[inline]
fn script_of(state: &State) -> &'static [Step] {
    let characters = if state.players == 3 {
        state.cast_ranks().len() as u8
    } else {
        0
    };
    script(state.players, characters)
}

/// The number of steps of a player count's selection script.
pub fn step_count(players: u8, characters: u8) -> usize {
    script(players, characters).len()
}

/// Who takes selection step `step` when `crown` is crowned: the seat and whether it keeps the
/// card (`true`) or discards it face down; `None` for the 3-player random discard.
pub fn step_chooser(players: u8, characters: u8, crown: Seat, step: usize) -> Option<(Seat, bool)> {
    match script(players, characters)[step] {
        Pick(offset) => Some((Seat((crown.0 + offset) % players), true)),
        Discard(offset) => Some((Seat((crown.0 + offset) % players), false)),
        RandomDiscard => None,
    }
}

/// Whether the last chooser also takes the first face-down card ("Special Rule with 7
/// Players", which the 9-character table applies to the eighth player with 8): the cards
/// not discarded face up (`hidden`) are one more than the selection's `steps` take.
pub fn last_takes_facedown(players: u8, hidden: usize, steps: usize) -> bool {
    players >= 4 && hidden == steps + 1
}

/// Character cards discarded face up at the start of the selection phase, by player count and
/// number of characters (rulebook tables "Selection Phase with 8 Characters" and "with 9
/// Characters"). One card is always discarded face down as well.
pub fn faceup_discards(players: u8, characters: u8) -> u8 {
    match (characters, players) {
        (8, 4) => 2,
        (8, 5) => 1,
        (9, 4) => 3,
        (9, 5) => 2,
        (9, 6) => 1,
        _ => 0,
    }
}

/// Starts a round's selection phase: random face-up and face-down discards, then the first
/// choice. The rank 4 character is never discarded face up ("Important" note of the table):
/// drawing the face-up cards from the other ranks gives the same distribution as replacing
/// it and reshuffling.
pub fn start(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    let cast = state.cast_ranks();
    let mut faceup_candidates = cast;
    faceup_candidates.remove(Rank(4));
    let mut faceup = RankSet::EMPTY;
    for _ in 0..faceup_discards(state.players, cast.len() as u8) {
        let pick = faceup_candidates.nth(state.rng.below(faceup_candidates.len() as u32) as usize);
        faceup_candidates.remove(pick);
        faceup.insert(pick);
    }
    let mut rest = RankSet(cast.0 & !faceup.0);
    let facedown = rest.nth(state.rng.below(rest.len() as u32) as usize);
    rest.remove(facedown);

    state.faceup_discards = faceup;
    state.facedown_discards = RankSet::EMPTY;
    state.facedown_discards.insert(facedown);
    state.draft = Draft {
        step: 0,
        available: rest,
    };
    state.phase = Phase::Draft;
    settle(rules, state, trace);
}

/// The seat whose choice it is during the selection phase. (Inlined: it is asked three times
/// a choice, and from 4 players it is an addition.)
#[inline(always)]
pub fn chooser(state: &State) -> Seat {
    // From 4 players every step is a pick by the next seat (`MANY_PLAYERS`): the script is
    // not looked up. The step of a choice still to make is below the player count.
    if state.players >= 4 {
        return state.crown.clockwise(state.draft.step, state.players);
    }
    scripted_chooser(state)
}

/// `chooser` below 4 players, from the script.
#[inline(never)]
fn scripted_chooser(state: &State) -> Seat {
    match script_of(state)[state.draft.step as usize] {
        Pick(offset) | Discard(offset) => Seat((state.crown.0 + offset) % state.players),
        RandomDiscard => unreachable!("random discards are settled before a choice"),
    }
}

pub fn legal(state: &State, out: &mut Vec<Action>) {
    let available = state.draft.available.iter();
    // One loop per kind rather than a constructor chosen at run time: the compiler builds
    // each action inline instead of calling through a function pointer per rank. From 4
    // players every step is a pick (`MANY_PLAYERS`): the script is not looked up.
    let step = if state.players >= 4 {
        Pick(0)
    } else {
        script_of(state)[state.draft.step as usize]
    };
    match step {
        Pick(_) => out.extend(available.map(Action::Pick)),
        Discard(_) => out.extend(available.map(Action::Discard)),
        RandomDiscard => unreachable!("random discards are settled before a choice"),
    }
}

pub fn apply(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let seat = chooser(state);
    if let Action::Pick(rank) | Action::Discard(rank) = action {
        let (step, offered) = (state.draft.step, state.draft.available);
        state.knowledge.note_choice(step, offered, rank);
    }
    match action {
        Action::Pick(rank) => {
            state.draft.available.remove(rank);
            state.owner[rank.index()] = Some(seat);
        }
        Action::Discard(rank) => {
            state.draft.available.remove(rank);
            state.facedown_discards.insert(rank);
        }
        _ => unreachable!("not a selection action"),
    }
    state.draft.step += 1;
    settle(rules, state, trace);
}

/// Runs the automatic steps until a player must choose or the selection phase is over.
/// (Inlined: it follows every choice, and from 4 players it is a few checks.)
#[inline(always)]
fn settle(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    let steps = script_of(state);
    loop {
        let Some(&step) = steps.get(state.draft.step as usize) else {
            // "After the last player has chosen his card, he discards the one unchosen card
            // facedown"; at 2-3 players the last card is discarded the same way.
            state.facedown_discards.0 |= state.draft.available.0;
            state.draft.available = RankSet::EMPTY;
            turn::end_selection_phase(rules, state, trace);
            return;
        };
        match step {
            RandomDiscard => {
                let avail = state.draft.available;
                let card = avail.nth(state.rng.below(avail.len() as u32) as usize);
                state.knowledge.note_choice(state.draft.step, avail, card);
                state.draft.available.remove(card);
                state.facedown_discards.insert(card);
                state.draft.step += 1;
            }
            Pick(_) | Discard(_) => {
                // "Special Rule with 7 Players" (and the 8th player with 9 characters): the
                // last player also takes the card discarded face down at the start.
                let last = state.draft.step as usize == steps.len() - 1;
                if last && state.players >= 4 && state.draft.available.len() == 1 {
                    state.draft.available.0 |= state.facedown_discards.0;
                    state.facedown_discards = RankSet::EMPTY;
                }
                let seat = chooser(state);
                state.seen[seat.index()].0 |= state.draft.available.0;
                return;
            }
        }
    }
}
