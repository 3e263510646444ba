//! End-of-game scores ("Game End") and the tie-break.

use super::ids::{District, DistrictType, Seat};
use super::rules::Rules;
use super::sets::SeatSet;
use super::state::State;

/// One player's final score, by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// "Score points equal to the building cost of each of your districts."
    pub districts: i16,
    /// "If your city has at least one district of each type, score 3 points."
    pub all_types: i16,
    /// 4 for the first completed city, 2 for any other completed city.
    pub completion: i16,
    /// Extra points from unique districts.
    pub uniques: i16,
}

impl Score {
    pub fn total(&self) -> i16 {
        self.districts + self.all_types + self.completion + self.uniques
    }
}

/// The seat's score. The Haunted Quarter's type is chosen to maximise it (CARDS.md rulings:
/// such end-of-game choices are made optimally for the owner).
pub fn score(rules: &Rules, state: &State, seat: Seat) -> Score {
    let haunted = state.has_district(rules, seat, District::HauntedQuarter);
    let choices: &[DistrictType] = if haunted {
        DistrictType::ALL
    } else {
        &[DistrictType::Unique]
    };
    choices
        .iter()
        .map(|&haunted_type| score_with(rules, state, seat, haunted_type))
        .max_by_key(|s| s.total())
        .expect("at least one choice")
}

/// The score when the Haunted Quarter (if any) counts as `haunted_type`.
fn score_with(rules: &Rules, state: &State, seat: Seat, haunted_type: DistrictType) -> Score {
    let opts = &rules.options;
    let city = state.city[seat.index()];
    let mut s = Score::default();
    let mut types = [false; DistrictType::COUNT];
    let mut uniques = 0i16;
    for card in city.iter() {
        let info = rules.card(card);
        // Artist: "a beautified district scores one more point at the end of the game".
        s.districts += state.cost(rules, card) as i16;
        // Haunted Quarter: "if the owner chooses to count its district type as anything
        // other than unique, it no longer counts as unique."
        let dtype = if info.district == District::HauntedQuarter {
            haunted_type
        } else {
            info.dtype
        };
        types[dtype.index()] = true;
        if dtype == DistrictType::Unique {
            uniques += 1;
        }
    }
    if types.iter().all(|&t| t) {
        s.all_types = opts.all_types_bonus as i16;
    }
    if state.first_complete == Some(seat) {
        s.completion = opts.first_complete_bonus as i16;
    } else if state.is_complete(rules, seat) {
        s.completion = opts.complete_bonus as i16;
    }
    let has = |d: District| state.has_district(rules, seat, d);
    if has(District::DragonGate) {
        s.uniques += 2;
    }
    if has(District::ImperialTreasury) {
        s.uniques += state.gold[seat.index()] as i16;
    }
    if has(District::MapRoom) {
        s.uniques += state.hand[seat.index()].len() as i16;
    }
    if has(District::Statue) && state.crown == seat {
        s.uniques += 5;
    }
    if has(District::WishingWell) {
        s.uniques += uniques;
    }
    s
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub scores: [i16; 8],
    pub winners: SeatSet,
    /// Players tied on the highest total before the tie-break.
    pub tied_on_points: u8,
}

/// Scores every seat and applies the tie-break: "If there is a tie, the tied player who
/// revealed the character with the highest-numbered rank during the last round wins." A
/// killed character was not revealed; players still tied share the win (CARDS.md).
pub fn outcome(rules: &Rules, state: &State) -> Outcome {
    let mut scores = [0i16; 8];
    for seat in state.seats_from(Seat(0)) {
        scores[seat.index()] = score(rules, state, seat).total();
    }
    let best = scores[..state.players as usize]
        .iter()
        .copied()
        .max()
        .unwrap_or(0);
    let mut tied = SeatSet::EMPTY;
    for seat in state.seats_from(Seat(0)) {
        if scores[seat.index()] == best {
            tied.insert(seat);
        }
    }
    let revealed_rank = |seat: Seat| {
        state
            .ranks_of(seat)
            .iter()
            .filter(|&r| state.revealed.contains(r))
            .map(|r| r.0)
            .max()
            .unwrap_or(0)
    };
    let top = tied.iter().map(revealed_rank).max().unwrap_or(0);
    let mut winners = SeatSet::EMPTY;
    for seat in tied.iter() {
        if revealed_rank(seat) == top {
            winners.insert(seat);
        }
    }
    Outcome {
        scores,
        winners,
        tied_on_points: tied.len() as u8,
    }
}
