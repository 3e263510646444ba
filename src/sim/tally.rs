//! Counting one game into its `GameRecord` as it is played: picks and the draft, what each
//! decision does to characters and districts, and what players gain in each character's turns.
//! Everything is derived from the state before each action and from what `apply` reports
//! while it applies it (the turns it begins, the changes of holdings: `engine::trace`), on the
//! stack: nothing is allocated.
//!
//! Gains in a character's turns: from the moment a turn starts with a character, what its
//! player gains counts for that character, until the player's next turn starts or the next
//! round's first turn begins (nobody's holdings change from a round's end to then: a test
//! checks it). So the gold the Thief takes as the robbed character is revealed, the bribes paid to
//! the Blackmailer and a district the Magistrate confiscates count for the character that
//! earned them. "Gained" is not net: each action's increases are summed and losses (paying to
//! build, being robbed, a swapped-away hand) are ignored.
//! - gold: increases of the player's gold;
//! - cards: increases of the number of cards in the player's hand;
//! - points: increases of the total cost of the player's city (beautifying counts its point);
//!   districts built, exchanged or seized.
//!
//! An action's increase for a seat is the sum of the changes `apply` reports for it (the
//! difference of its holdings before and after the action); the changes of the action that
//! begins a turn still count for the character the seat played before it.
//!
//! A turn is counted for each turn started: the Witch's resumed turn belongs to the Witch's
//! own turn (its gains count for the Witch), the bewitched player's gather-only turn counts
//! for the bewitched character, the killed Hospital owner's gather-only turn for the killed
//! character.

use crate::engine::action::Action;
use crate::engine::ids::{Character, District, Rank, Seat};
use crate::engine::rules::Rules;
use crate::engine::sets::{RankSet, SeatSet};
use crate::engine::state::{MAX_PLAYERS, Pending, Phase, State};
use crate::engine::trace::{Change, Event, Trace};
use crate::stats::record::GameRecord;

/// The counting state of one game in progress. It is the `Trace` of the actions it counts:
/// `before`, then `apply_traced` with the tally as its trace, then `after`.
#[derive(Default)]
pub struct Tally {
    /// The round whose first turn began last: its picks are counted, `credit` is its.
    round: u16,
    /// Characters offered in the current round's draft so far.
    offered: RankSet,
    /// The character each seat's gains count for this round.
    credit: [Option<Character>; MAX_PLAYERS],
    /// The turn the action being applied began: its seat and character.
    begun: Option<(Seat, Character)>,
    /// The changes of the action being applied so far, per seat: gold, cards, points.
    changes: [[i32; 3]; MAX_PLAYERS],
    /// The seats with changes in `changes`.
    changed: SeatSet,
}

impl Tally {
    /// Starts counting a game (a new game, or a position set up by a test): nothing is
    /// credited before the first turn starts.
    pub fn new() -> Tally {
        Tally::default()
    }

    /// Counts what is known before `action` (by `seat`) is applied. (Inlined, with the rare
    /// counting out of line: most decisions count nothing here, and for them the call was
    /// most of the work.)
    #[inline]
    pub fn before(
        &mut self,
        rules: &Rules,
        state: &State,
        seat: Seat,
        action: Action,
        record: &mut GameRecord,
    ) {
        // By action, which tells the phase: a draft decision is a pick or a discard, which
        // `note_action` ignores; the actions it counts are decisions of the turn phase; the
        // other phases' decisions (the Theater's, the Emperor's advisor's) count for nothing.
        match action {
            Action::Pick(_) | Action::Discard(_) => {
                self.offered.0 |= state.draft.available.0;
                if let Action::Pick(rank) = action {
                    note_pick_position(state, seat, rank, record);
                }
            }
            _ if counted(action) => {
                debug_assert_eq!(state.phase, Phase::Turns, "{action:?} counted");
                note_action(rules, state, action, record);
            }
            _ => {}
        }
    }

    /// Counts what the action changed, once applied (`state` is the position after it).
    /// (Inlined, with the round's first turn out of line: called after every decision.)
    #[inline]
    pub fn after(&mut self, state: &State, record: &mut GameRecord) {
        self.credit_gains(record);
        if let Some((seat, c)) = self.begun.take() {
            if state.round != self.round {
                self.first_turn(state, record);
            }
            self.credit[seat.index()] = Some(c);
            record.turns[c.index()] += 1;
        }
    }

    /// The round's first turn begins: its picks are counted (who holds each character, after
    /// any Theater exchange), and the previous round's credit ends. (Here rather than as the
    /// round ends: from the end of a round to its first turn nobody's holdings change, as a
    /// test checks, so nothing goes uncredited that was credited then.)
    #[inline(never)]
    fn first_turn(&mut self, state: &State, record: &mut GameRecord) {
        self.round = state.round;
        self.credit = [None; MAX_PLAYERS];
        note_picks(state, self.offered, record);
        self.offered = RankSet::EMPTY;
    }

    /// Credits the action's increases of the credited seats.
    fn credit_gains(&mut self, record: &mut GameRecord) {
        // The set's bits directly: its iterator costs more than the body here.
        let mut bits = std::mem::take(&mut self.changed).0;
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let [gold, cards, points] = std::mem::take(&mut self.changes[s]);
            let Some(c) = self.credit[s] else { continue };
            let c = c.index();
            record.turn_gold[c] += gold.max(0) as u32;
            record.turn_cards[c] += cards.max(0) as u32;
            record.turn_points[c] += points.max(0) as u32;
        }
    }
}

impl Trace for Tally {
    fn event(&mut self, state: &State, event: Event) {
        // A turn begins with a decision to gather, so an action begins at most one.
        if event == Event::TurnBegins
            && let Some(c) = state.character(state.turn.rank)
        {
            self.begun = Some((state.turn.seat, c));
        }
    }

    #[inline]
    fn change(&mut self, change: Change) {
        let (seat, kind, amount) = change.parts();
        self.changes[seat.index()][kind] += amount;
        self.changed.insert(seat);
    }
}

/// Counts who holds each character as the round's turns begin (after any Theater exchange):
/// a "pick" in the reports; and the characters offered in the round's draft.
fn note_picks(state: &State, offered: RankSet, record: &mut GameRecord) {
    // The cast's ranks straight from the cast, and the offer added as a bit (no branch).
    for (rank, (&character, &owner)) in state.cast.iter().zip(&state.owner).enumerate() {
        let Some(character) = character else {
            continue;
        };
        let c = character.index();
        record.available[c] += offered.0 >> rank & 1;
        if let Some(seat) = owner {
            record.picks[seat.index()][c] += 1;
        }
    }
}

/// The pick's position in the draft (1 for the crowned player), for the character picked.
#[inline]
fn note_pick_position(state: &State, seat: Seat, rank: Rank, record: &mut GameRecord) {
    if let Some(c) = state.character(rank) {
        // Seats clockwise from the crowned player, wrapped by subtraction (both are seats).
        let (seat, crown) = (seat.0 as u16, state.crown.0 as u16);
        let position = if seat >= crown {
            seat - crown
        } else {
            seat + state.players as u16 - crown
        };
        record.pick_position[c.index()] += 1 + position;
    }
}

/// Whether `note_action` counts anything for `action` (it must list every action that
/// `note_action` matches).
fn counted(action: Action) -> bool {
    matches!(
        action,
        Action::Kill(_)
            | Action::Rob(_)
            | Action::Bewitch(_)
            | Action::Threaten(..)
            | Action::Warrant(..)
            | Action::Build(_)
            | Action::WizardBuild(_)
            | Action::BorrowBuild(..)
            | Action::FrameworkBuild(_)
            | Action::Destroy(..)
            | Action::ArmoryDestroy(..)
            | Action::NecropolisBuild(_)
            | Action::Exchange(..)
            | Action::Seize(..)
            | Action::Confiscate
    )
}

/// Counts what the statistics need from one decision, before it is applied (`counted`
/// lists the actions matched here). (Out of line: `before`, inlined, calls it for a few
/// decisions.)
#[inline(never)]
fn note_action(rules: &Rules, state: &State, action: Action, record: &mut GameRecord) {
    // A character held by a player this round.
    let held = |rank: Rank| {
        state.owner[rank.index()]
            .and(state.character(rank))
            .map(Character::index)
    };
    let district = |card: crate::engine::CardId| rules.card(card).district.index();
    let build = |record: &mut GameRecord, d: usize| {
        record.built[d] += 1;
        record.built_round[d] += state.round as u32;
    };
    match action {
        Action::Kill(rank) => held(rank).into_iter().for_each(|c| record.killed[c] += 1),
        Action::Rob(rank) => held(rank).into_iter().for_each(|c| record.robbed[c] += 1),
        Action::Bewitch(rank) => held(rank)
            .into_iter()
            .for_each(|c| record.bewitched[c] += 1),
        Action::Threaten(a, b) => {
            for c in [a, b].into_iter().filter_map(held) {
                record.threatened[c] += 1;
            }
        }
        Action::Warrant(a, b, c) => {
            for c in [a, b, c].into_iter().filter_map(held) {
                record.warranted[c] += 1;
            }
        }
        Action::Build(card) | Action::WizardBuild(card) | Action::BorrowBuild(card, _) => {
            build(record, district(card))
        }
        Action::FrameworkBuild(card) => {
            build(record, district(card));
            record.destroyed[District::Framework.index()] += 1;
        }
        Action::Destroy(_, card) => record.destroyed[district(card)] += 1,
        Action::ArmoryDestroy(_, card) => {
            record.destroyed[district(card)] += 1;
            record.destroyed[District::Armory.index()] += 1;
        }
        Action::NecropolisBuild(card) => {
            record.destroyed[district(card)] += 1;
            build(record, District::Necropolis.index());
        }
        Action::Exchange(_, theirs, mine) => {
            record.exchanged[district(theirs)] += 1;
            record.exchanged[district(mine)] += 1;
        }
        Action::Seize(_, card) => record.seized[district(card)] += 1,
        Action::Confiscate => {
            if let Pending::Confiscation { card, .. } = state.turn.pending {
                record.seized[district(card)] += 1;
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::load_preset;
    use crate::engine::check::for_each_position;
    use crate::engine::rng::GameRng;
    use crate::engine::{apply_traced, legal_actions, new_game, to_move};

    /// Records whether any holdings changed and whether a turn began.
    #[derive(Default)]
    struct Seen {
        changed: bool,
        turn_began: bool,
    }

    impl Trace for Seen {
        fn event(&mut self, _: &State, event: Event) {
            self.turn_began |= event == Event::TurnBegins;
        }

        fn change(&mut self, _: Change) {
            self.changed = true;
        }
    }

    /// `Tally::first_turn` ends the previous round's credit when the next round's first turn
    /// begins, not as the round ends: the same counts only if nothing changes anybody's
    /// holdings in between. Every selection-phase decision (the draft's and the Theater's),
    /// the one that begins the round's first turn included, changes no holdings, and the
    /// first turn of a round always begins in one (random games, several presets and player
    /// counts).
    #[test]
    fn no_holdings_change_from_a_round_end_to_its_first_turn() {
        let mut first_turns = 0;
        for (preset, counts) in [
            ("first-game", [2, 4, 5, 7]),
            ("all-characters", [2, 3, 5, 8]),
            ("all-districts", [2, 3, 5, 8]),
        ] {
            for players in counts {
                let rules = load_preset(preset).unwrap().rules(players).unwrap();
                let mut chooser = GameRng::new(players as u64);
                for seed in 0..25 {
                    let mut state = new_game(&rules, seed);
                    let mut legal = Vec::new();
                    let mut round_with_turns = 0;
                    while to_move(&state).is_some() {
                        legal_actions(&rules, &state, &mut legal);
                        let action = legal[chooser.below(legal.len() as u32) as usize];
                        let selection = matches!(state.phase, Phase::Draft | Phase::Theater(_));
                        let mut seen = Seen::default();
                        apply_traced(&rules, &mut state, action, &mut seen);
                        if seen.turn_began && state.round != round_with_turns {
                            round_with_turns = state.round;
                            first_turns += 1;
                            assert!(selection, "{action:?} began a round's first turn");
                        }
                        assert!(!(selection && seen.changed), "{action:?} changed holdings");
                    }
                }
            }
        }
        assert!(first_turns > 1000, "{first_turns} first turns seen");
    }

    /// `before` skips `note_action` for the actions `counted` leaves out: every legal action
    /// of the turn phase that `counted` leaves out must count nothing in `note_action`; and
    /// it tells the phase by the action: `counted` takes no action of another phase, and
    /// picks and discards are the selection's (random games with every character and every
    /// district).
    #[test]
    fn counted_lists_every_action_note_action_counts() {
        for preset in ["all-characters", "all-districts"] {
            let rules = load_preset(preset).unwrap().rules(5).unwrap();
            let mut chooser = GameRng::new(7);
            for seed in 0..40 {
                let choose = |n: usize| chooser.below(n as u32) as usize;
                for_each_position(&rules, seed, choose, |state, legal| {
                    if state.phase == Phase::Turns {
                        for &action in legal.iter().filter(|&&a| !counted(a)) {
                            let mut record = GameRecord::new(rules.players, state.first_crown);
                            let untouched = record.clone();
                            note_action(&rules, state, action, &mut record);
                            assert_eq!(record, untouched, "{action:?} counts but is not counted");
                        }
                    }
                    for &action in legal {
                        let selection = matches!(action, Action::Pick(_) | Action::Discard(_));
                        assert_eq!(selection, state.phase == Phase::Draft, "{action:?}");
                        assert!(
                            !counted(action) || state.phase == Phase::Turns,
                            "{action:?}"
                        );
                    }
                });
            }
        }
    }
}
