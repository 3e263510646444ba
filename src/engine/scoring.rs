//! End-of-game scores ("Game End") and the tie-break.

use super::ids::{District, DistrictType, Seat};
use super::rules::{Rules, TieBreak};
use super::sets::{CardSet, SeatSet};
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
    best_score(rules, state, seat).0
}

/// The seat's score and, if it has the Haunted Quarter, the type it scored as (the
/// last type, in `DistrictType` order, of those giving the best total: `max_by_key` keeps
/// the last maximum).
pub fn best_score(rules: &Rules, state: &State, seat: Seat) -> (Score, Option<DistrictType>) {
    let city = state.city[seat.index()];
    // Set-wise rather than card by card (a city is a bitset: a few popcounts): the districts
    // per printed type.
    let mut printed = [0u8; DistrictType::COUNT];
    for (t, count) in printed.iter_mut().enumerate() {
        *count = city.intersection(rules.by_type[t]).len() as u8;
    }
    // What the Haunted Quarter's type changes is worked out per type; the rest once.
    let base = score_without_types(rules, state, seat);
    let haunted = city.intersection(rules.by_district[District::HauntedQuarter.index()]);
    if haunted.is_empty() {
        return (with_types(rules, state, seat, base, &printed), None);
    }
    let (score, dtype) = DistrictType::ALL
        .iter()
        .map(|&haunted_type| {
            // Haunted Quarter: "if the owner chooses to count its district type as anything
            // other than unique, it no longer counts as unique."
            let mut types = printed;
            for card in haunted.iter() {
                types[rules.card(card).dtype.index()] -= 1;
                types[haunted_type.index()] += 1;
            }
            (with_types(rules, state, seat, base, &types), haunted_type)
        })
        .max_by_key(|(s, _)| s.total())
        .expect("at least one choice");
    (score, Some(dtype))
}

/// The parts of the seat's score that do not depend on its districts' types: the cost
/// with beautification (Artist: "a beautified district scores one more point at the end of
/// the game"), the completion bonus, and the unique districts' points that ignore types.
fn score_without_types(rules: &Rules, state: &State, seat: Seat) -> Score {
    let opts = &rules.options;
    let city = state.city[seat.index()];
    let mut s = Score {
        districts: rules.city_cost(city, state.beautified) as i16,
        ..Score::default()
    };
    if state.first_complete == Some(seat) {
        s.completion = opts.first_complete_bonus as i16;
    } else if state.is_complete(rules, seat) {
        s.completion = opts.complete_bonus as i16;
    }
    // Most cities have none of the districts that score at the end (a first game has few
    // of them in its deck): one set test instead of one per district, at every score.
    if city.intersects(rules.scoring_districts()) {
        s.uniques += unique_bonuses(rules, state, seat);
    }
    // Secret Vault: "reveal it from your hand for +3".
    if state.hand[seat.index()].intersects(rules.by_district[District::SecretVault.index()]) {
        s.uniques += 3;
    }
    s
}

/// `base` (`score_without_types`) with the points that depend on the city's district count
/// per type, `types` (the Haunted Quarter counted as the type chosen): all types, Wishing
/// Well, Capitol, Ivory Tower.
fn with_types(
    rules: &Rules,
    state: &State,
    seat: Seat,
    base: Score,
    types: &[u8; DistrictType::COUNT],
) -> Score {
    let mut s = base;
    if types.iter().all(|&t| t > 0) {
        s.all_types = rules.options.all_types_bonus as i16;
    }
    if !state.city[seat.index()].intersects(rules.scoring_districts()) {
        return s;
    }
    let uniques = types[DistrictType::Unique.index()] as i16;
    let has = |d: District| state.has_district(rules, seat, d);
    if has(District::WishingWell) {
        s.uniques += uniques;
    }
    // Capitol: "+3 if you have at least 3 districts of the same type (once)".
    if has(District::Capitol) && types.iter().any(|&t| t >= 3) {
        s.uniques += 3;
    }
    // Ivory Tower: "+5 if it is the only unique district in your city."
    if has(District::IvoryTower) && uniques == 1 {
        s.uniques += 5;
    }
    s
}

/// The end-of-game points of the unique districts in `seat`'s city that score whatever the
/// types of its districts: Dragon Gate, Imperial Treasury, Map Room, Statue, Basilica,
/// Museum (`with_types` adds the others of `Rules::scoring_districts`).
fn unique_bonuses(rules: &Rules, state: &State, seat: Seat) -> i16 {
    let city = state.city[seat.index()];
    let mut bonus = 0;
    let has = |d: District| state.has_district(rules, seat, d);
    if has(District::DragonGate) {
        bonus += 2;
    }
    if has(District::ImperialTreasury) {
        bonus += state.gold[seat.index()] as i16;
    }
    if has(District::MapRoom) {
        bonus += state.hand[seat.index()].len() as i16;
    }
    if has(District::Statue) && state.crown == seat {
        bonus += 5;
    }
    // Basilica: "+1 per district in your city with an odd cost (beautified cost counts)".
    if has(District::Basilica) {
        // Odd cost: an odd printed cost (the lowest bit plane) unless beautified, or an even
        // one beautified.
        let odd = CardSet(rules.odd_printed_cost().0 ^ state.beautified.0);
        bonus += city.intersection(odd).len() as i16;
    }
    // Museum: "+1 per card under it."
    if has(District::Museum) {
        bonus += state.museum.len() as i16;
    }
    bonus
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
/// killed character was not revealed, except a killed rank-4 character, whose card is shown
/// at the end of the round (`turn::end_round`); players still tied share the win (CARDS.md).
/// The classic edition breaks ties by the total cost of districts, then gold.
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
    // A key per tied seat; the highest key wins.
    let key = |seat: Seat| -> u32 {
        match rules.options.tie_break {
            TieBreak::RevealedRank => state
                .ranks_of(seat)
                .iter()
                .filter(|&r| state.revealed.contains(r))
                .map(|r| r.0 as u32)
                .max()
                .unwrap_or(0),
            TieBreak::CostThenGold => {
                let cost = rules.city_cost(state.city[seat.index()], state.beautified);
                cost << 16 | state.gold[seat.index()] as u32
            }
        }
    };
    let top = tied.iter().map(key).max().unwrap_or(0);
    let mut winners = SeatSet::EMPTY;
    for seat in tied.iter() {
        if key(seat) == top {
            winners.insert(seat);
        }
    }
    Outcome {
        scores,
        winners,
        tied_on_points: tied.len() as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::load_preset;
    use crate::engine::apply::new_game;

    /// `Rules::scoring_districts` gates `unique_bonuses` and `with_types`: a district that
    /// scores at the end but is missing from it would silently score nothing in a city
    /// without another listed district. So for every district of the catalog, in a position where every end-of-game
    /// condition is met (gold, cards in hand, the crown, a card under the Museum, an odd-cost
    /// district, three of one type, one unique), the district gives bonus points exactly
    /// when it is listed.
    #[test]
    fn scoring_districts_lists_exactly_the_districts_that_score_at_the_end() {
        let rules = load_preset("all-districts")
            .and_then(|c| c.rules(5))
            .expect("preset loads");
        let seat = Seat(0);
        let mut state = new_game(&rules, 1);
        state.gold[seat.index()] = 5;
        state.crown = seat;
        let under_museum = state.deck.draw().expect("a deck card");
        state.museum.insert(under_museum);
        assert!(!state.hand[seat.index()].is_empty(), "the seat holds cards");
        let odd = rules
            .odd_printed_cost()
            .intersection(
                rules.by_district[District::Temple.index()]
                    .union(rules.by_district[District::Tavern.index()]),
            )
            .first()
            .expect("an odd-cost basic district");
        // Three of every type (Capitol) but one unique district (Ivory Tower, Wishing Well).
        let mut types = [3; DistrictType::COUNT];
        types[DistrictType::Unique.index()] = 1;
        let mut listed = 0;
        for &district in District::ALL {
            let Some(card) = rules.by_district[district.index()].first() else {
                continue;
            };
            state.city[seat.index()] = CardSet::EMPTY;
            state.city[seat.index()].insert(odd);
            state.city[seat.index()].insert(card);
            let bonus = unique_bonuses(&rules, &state, seat)
                + with_types(&rules, &state, seat, Score::default(), &types).uniques;
            let in_list = rules
                .scoring_districts()
                .intersects(rules.by_district[district.index()]);
            assert_eq!(bonus > 0, in_list, "{district:?}: bonus {bonus}");
            listed += in_list as usize;
        }
        assert_eq!(listed, 9, "the nine districts that score from the city");
    }
}
