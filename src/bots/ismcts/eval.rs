//! The evaluation of a rollout's end, in [0, 1] for the searching seat.
//!
//! A finished game scores 1 for a win (shared wins split), 0 for a loss. A truncated one
//! compares the seat's standing with the best opponent's: standing = the score the city
//! would get now (districts, bonuses, Secret Vault...) + the resources, worth half a point per
//! gold and per buildable card in hand up to four (resources turn into districts at about that
//! rate; a card duplicating a district of the city or of the hand cannot be built and counts
//! for nothing), the resources counting half when a city is one district from complete. The
//! reward is the logistic of the lead divided by `scale`: 0.5 when level, near 1 far ahead.

use crate::engine::ids::Seat;
use crate::engine::rules::Rules;
use crate::engine::scoring::{outcome, score};
use crate::engine::state::State;

pub fn evaluate(rules: &Rules, state: &State, me: Seat, scale: f64) -> f64 {
    if state.is_over() {
        if state.stalled {
            return 0.5;
        }
        let result = outcome(rules, state);
        return if result.winners.contains(me) {
            1.0 / result.winners.len() as f64
        } else {
            0.0
        };
    }
    let resources = resource_weight(rules, state);
    let standing = |seat: Seat| {
        let cards = useful_cards(rules, state, seat).min(4) as f64;
        score(rules, state, seat).total() as f64
            + resources * 0.5 * (state.gold[seat.index()] as f64 + cards)
    };
    let mine = standing(me);
    let best_other = state
        .seats_from(me)
        .skip(1)
        .map(standing)
        .fold(f64::NEG_INFINITY, f64::max);
    1.0 / (1.0 + (-(mine - best_other) / scale).exp())
}

/// The cards in `seat`'s hand that it could still build: one per district not already in its
/// city (the Quarry's exception is ignored), so duplicates count for nothing.
fn useful_cards(rules: &Rules, state: &State, seat: Seat) -> usize {
    rules
        .distinct_new_districts(state.hand[seat.index()], state.city[seat.index()], false)
        .len()
}

/// What gold and cards are worth relative to built points: 1 while every city needs two
/// districts or more, 1/2 when one city needs only one (the game probably ends next round,
/// leaving one build to turn resources into points).
fn resource_weight(rules: &Rules, state: &State) -> f64 {
    let closest = state
        .seats_from(Seat(0))
        .map(|s| {
            rules
                .complete_city
                .saturating_sub(state.city_size(rules, s))
        })
        .min()
        .unwrap_or(u8::MAX);
    if closest <= 1 { 0.5 } else { 1.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::load_preset;
    use crate::engine::new_game;
    use crate::engine::sets::CardSet;

    /// Four seats with empty hands, empty cities and no gold, in a game that goes on.
    fn bare(rules: &Rules) -> State {
        let mut state = new_game(rules, 7);
        for seat in 0..4 {
            state.hand[seat] = CardSet::EMPTY;
            state.city[seat] = CardSet::EMPTY;
            state.gold[seat] = 0;
        }
        state
    }

    /// The cards of the districts with at least `copies` copies, one `Vec` per district.
    fn districts_with(rules: &Rules, copies: usize) -> Vec<Vec<crate::engine::ids::CardId>> {
        rules
            .by_district
            .iter()
            .map(|set| set.intersection(rules.always).iter().collect::<Vec<_>>())
            .filter(|cards| cards.len() >= copies)
            .collect()
    }

    fn rules4() -> Rules {
        load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset")
    }

    /// "You cannot build a district identical to one already in your city" (2016 rulebook):
    /// a copy of a built district, or a second copy in hand, is worth nothing; two hands of
    /// the same size differ by how many of their cards can still be built.
    #[test]
    fn duplicates_of_the_city_or_the_hand_count_for_nothing() {
        let rules = rules4();
        let many = districts_with(&rules, 3);
        assert!(many.len() >= 5, "the preset has common districts");
        let (a, b) = (&many[0], &many[1]);
        let mut state = bare(&rules);
        // Seat 0 built A and holds A, B, B: one useful card. Seat 1 built A and holds three
        // different districts: three useful cards. Same scores, same hand sizes.
        state.city[0].insert(a[0]);
        for card in [a[1], b[0], b[1]] {
            state.hand[0].insert(card);
        }
        state.city[1].insert(a[2]);
        for d in &many[2..5] {
            state.hand[1].insert(d[0]);
        }
        assert_eq!(useful_cards(&rules, &state, Seat(0)), 1);
        assert_eq!(useful_cards(&rules, &state, Seat(1)), 3);
        assert_eq!(
            state.hand[0].len(),
            state.hand[1].len(),
            "card counts alone: level"
        );
        let quality = evaluate(&rules, &state, Seat(0), 5.0);
        // Two useful cards fewer at half a point each: one point behind.
        let logistic = |lead: f64| 1.0 / (1.0 + (-lead / 5.0).exp());
        assert!(
            (quality - logistic(-1.0)).abs() < 1e-12,
            "behind: {quality}"
        );
        let other = evaluate(&rules, &state, Seat(1), 5.0);
        assert!((other - logistic(1.0)).abs() < 1e-12, "ahead: {other}");
    }

    /// The game ends at the end of the round in which a city is complete (2016 rulebook,
    /// "Game End"): when one city needs a single district, resources have about one build
    /// left to become points, so gold counts half and a lead in built points counts more.
    #[test]
    fn one_district_from_the_end_the_built_lead_counts_more_than_gold() {
        let rules = rules4();
        let singles = districts_with(&rules, 2);
        let needed = rules.complete_city as usize;
        assert!(singles.len() > needed, "enough districts for a city");
        let position = |built: usize| {
            let mut state = bare(&rules);
            for d in &singles[..built] {
                state.city[0].insert(d[0]);
                state.city[1].insert(d[1]);
            }
            // Seat 0 is 2 points of gold behind seat 1 (4 gold each at weight 1/2).
            state.gold[0] = 4;
            state.gold[1] = 8;
            state
        };
        let far = position(needed - 2);
        let near = position(needed - 1);
        assert_eq!(resource_weight(&rules, &far), 1.0);
        assert_eq!(resource_weight(&rules, &near), 0.5);
        let logistic = |lead: f64| 1.0 / (1.0 + (-lead / 5.0).exp());
        let close = |x: f64, y: f64| (x - y).abs() < 1e-12;
        assert!(close(evaluate(&rules, &far, Seat(0), 5.0), logistic(-2.0)));
        assert!(close(evaluate(&rules, &near, Seat(0), 5.0), logistic(-1.0)));
    }
}
