//! Counting one game into its `GameRecord` as it is played: picks and the draft, what each
//! decision does to characters and districts, and what players gain in each character's turns.
//! Everything is derived from the state before and after each action (nothing in the engine
//! exists for the statistics), on the stack: nothing is allocated.
//!
//! Gains in a character's turns: from the moment a turn starts with a character, what its
//! player gains counts for that character, until the player's next turn starts or the round
//! ends. So the gold the Thief takes as the robbed character is revealed, the bribes paid to
//! the Blackmailer and a district the Magistrate confiscates count for the character that
//! earned them. "Gained" is not net: each action's increases are summed and losses (paying to
//! build, being robbed, a swapped-away hand) are ignored.
//! - gold: increases of the player's gold;
//! - cards: increases of the number of cards in the player's hand;
//! - points: increases of the total cost of the player's city (beautifying counts its point);
//!   districts built, exchanged or seized.
//!
//! A turn is counted for each turn started: the Witch's resumed turn belongs to the Witch's
//! own turn (its gains count for the Witch), the bewitched player's gather-only turn counts
//! for the bewitched character, the killed Hospital owner's gather-only turn for the killed
//! character.

use crate::engine::action::Action;
use crate::engine::ids::{Character, District, Rank, Seat};
use crate::engine::rules::Rules;
use crate::engine::sets::{CardSet, RankSet, SeatSet};
use crate::engine::state::{MAX_PLAYERS, Pending, Phase, State, TurnMode};
use crate::stats::record::GameRecord;

/// What one credited seat had after the last action, as far as its gains need: each
/// action's gains are the differences. Only seats whose gains count for a character are
/// followed (from the moment their turn starts): the others' changes are never credited.
#[derive(Clone, Copy, Default)]
struct Seen {
    gold: u16,
    /// A hand's gain is the increase of its size.
    hand: CardSet,
    city: CardSet,
    /// `Rules::city_cost` of `city` with the beautified districts then.
    cost: u32,
}

impl Seen {
    fn of(rules: &Rules, state: &State, seat: usize) -> Seen {
        Seen {
            gold: state.gold[seat],
            hand: state.hand[seat],
            city: state.city[seat],
            cost: rules.city_cost(state.city[seat], state.beautified),
        }
    }
}

/// The counting state of one game in progress.
#[derive(Default)]
pub struct Tally {
    /// The round whose picks were counted.
    picks_noted: u16,
    /// Characters offered in the current round's draft so far.
    offered: RankSet,
    /// The turn last seen: round, rank, seat, mode.
    turn: Option<(u16, Rank, Seat, TurnMode)>,
    /// The round of `credit`.
    credit_round: u16,
    /// The character each seat's gains count for this round.
    credit: [Option<Character>; MAX_PLAYERS],
    /// The seats with a `credit` this round.
    credited: SeatSet,
    /// The credited seats' holdings after the last action.
    seen: [Seen; MAX_PLAYERS],
    /// The beautified districts after the last action.
    beautified: CardSet,
}

impl Tally {
    /// Starts counting a game (a new game, or a position set up by a test): nothing is
    /// credited before the first turn starts.
    pub fn new() -> Tally {
        Tally::default()
    }

    /// Takes `state` as it is without counting what changed: for positions changed outside
    /// the game's actions (tests setting up a scenario).
    pub fn resync(&mut self, rules: &Rules, state: &State) {
        for s in 0..state.players as usize {
            self.seen[s] = Seen::of(rules, state, s);
        }
        self.beautified = state.beautified;
    }

    /// Counts what is known before `action` (by `seat`) is applied.
    pub fn before(
        &mut self,
        rules: &Rules,
        state: &State,
        seat: Seat,
        action: Action,
        record: &mut GameRecord,
    ) {
        if state.phase == Phase::Draft {
            self.offered.0 |= state.draft.available.0;
        }
        if state.phase == Phase::Turns && self.picks_noted != state.round {
            self.picks_noted = state.round;
            note_picks(state, self.offered, record);
            self.offered = RankSet::EMPTY;
        }
        if let Action::Pick(rank) = action
            && let Some(c) = state.character(rank)
        {
            let position = (seat.index() + state.players as usize - state.crown.index())
                % state.players as usize;
            record.pick_position[c.index()] += 1 + position as u16;
        }
        note_action(rules, state, action, record);
    }

    /// Counts what `action` changed, once applied.
    pub fn after(&mut self, rules: &Rules, state: &State, record: &mut GameRecord) {
        self.credit_gains(rules, state, record);
        if state.round != self.credit_round {
            self.credit_round = state.round;
            self.credit = [None; MAX_PLAYERS];
            self.credited = SeatSet::EMPTY;
        }
        if state.phase == Phase::Turns {
            let t = &state.turn;
            let key = (state.round, t.rank, t.seat, t.mode);
            if self.turn != Some(key) {
                self.turn = Some(key);
                if t.mode != TurnMode::Resumed
                    && let Some(c) = state.character(t.rank)
                {
                    self.credit[t.seat.index()] = Some(c);
                    self.credited.insert(t.seat);
                    self.seen[t.seat.index()] = Seen::of(rules, state, t.seat.index());
                    record.turns[c.index()] += 1;
                }
            }
        }
    }

    /// Credits what the credited seats gained since the last action and remembers their new
    /// holdings.
    fn credit_gains(&mut self, rules: &Rules, state: &State, record: &mut GameRecord) {
        // Beautifying changes a city's cost without changing the city.
        let beautified = state.beautified != self.beautified;
        self.beautified = state.beautified;
        // The set's bits directly: its iterator costs more than the body here.
        let mut bits = self.credited.0;
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(c) = self.credit[s] else { continue };
            let (c, seen) = (c.index(), &mut self.seen[s]);
            let (gold, hand, city) = (state.gold[s], state.hand[s], state.city[s]);
            // Most actions change one seat's holdings, or none.
            if gold == seen.gold && hand == seen.hand && city == seen.city && !beautified {
                continue;
            }
            record.turn_gold[c] += gold.saturating_sub(seen.gold) as u32;
            record.turn_cards[c] += hand.len().saturating_sub(seen.hand.len()) as u32;
            if city != seen.city || beautified {
                let cost = rules.city_cost(city, state.beautified);
                record.turn_points[c] += cost.saturating_sub(seen.cost);
                seen.cost = cost;
            }
            (seen.gold, seen.hand, seen.city) = (gold, hand, city);
        }
    }
}

/// Counts who holds each character as the round's turns begin (after any Theater exchange):
/// a "pick" in the reports; and the characters offered in the round's draft.
fn note_picks(state: &State, offered: RankSet, record: &mut GameRecord) {
    for rank in state.cast_ranks().iter() {
        let Some(character) = state.character(rank) else {
            continue;
        };
        if offered.contains(rank) {
            record.available[character.index()] += 1;
        }
        if let Some(seat) = state.owner[rank.index()] {
            record.picks[seat.index()][character.index()] += 1;
        }
    }
}

/// Counts what the statistics need from one decision, before it is applied.
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
