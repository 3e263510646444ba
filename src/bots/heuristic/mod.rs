//! The heuristic bot: plays the way a decent human would. It builds toward a completed city,
//! picks characters by its situation, aims the Assassin, Thief and Warlord at the leader, and
//! uses the unique districts it owns. It decides from its `View` only.

mod characters;
mod decision;
mod evaluate;
mod standings;
#[cfg(test)]
mod tests;
pub mod weights;

use super::Bot;
use crate::engine::action::Action;
use crate::engine::ids::Seat;
use crate::engine::rng::GameRng;
use crate::engine::sets::CardSet;
use crate::engine::view::View;
use evaluate::{evaluate, useful_cards_of};
use std::cell::Cell;
use weights::HeuristicWeights;

pub(crate) use characters::count_type;
pub(crate) use decision::Decision;
pub(crate) use evaluate::exchange_gain;

#[derive(Clone, Debug)]
pub struct HeuristicBot {
    /// Breaks ties between equally good actions, so play is not predictable by seat.
    rng: GameRng,
    weights: HeuristicWeights,
    /// What it keeps between decisions.
    kept: Kept,
}

impl HeuristicBot {
    pub fn new(seed: u64, weights: HeuristicWeights) -> HeuristicBot {
        HeuristicBot {
            rng: GameRng::new(seed),
            weights,
            kept: Kept::default(),
        }
    }
}

/// What a bot keeps from one decision to the next, because it rarely changes in between:
/// the printed cost of each seat's city (it changes only when a district is built or
/// destroyed), and the cards of my hand I could build (only when my hand or city changes).
/// Each entry is keyed by exactly what it was computed from (an empty city and hand, whose
/// answers are 0 and no cards, to begin with), so it never answers for another position: not
/// for a later city of the same seat, nor for a determinized state the search plays out.
/// (The answers depend on the `Rules` too: a bot plays one game, under one set of rules.)
#[derive(Clone, Debug, Default)]
pub struct Kept {
    city_costs: [Cell<(CardSet, u32)>; 8],
    /// (hand, city) and the hand's cards that city could take (`useful_cards_of`).
    useful: Cell<(CardSet, CardSet, CardSet)>,
}

impl Kept {
    /// The printed cost of `seat`'s city (`Rules::printed_cost`).
    pub fn city_cost(&self, view: &View, seat: Seat) -> u32 {
        let city = view.city(seat);
        let entry = &self.city_costs[seat.index()];
        let (known, cost) = entry.get();
        if known == city {
            return cost;
        }
        let cost = view.rules().printed_cost(city);
        entry.set((city, cost));
        cost
    }

    /// The cards of my hand I could build in my city (`useful_cards_of`).
    fn useful_hand(&self, view: &View) -> CardSet {
        let (hand, city) = (view.my_hand(), view.my_city());
        let (known_hand, known_city, useful) = self.useful.get();
        if (known_hand, known_city) == (hand, city) {
            return useful;
        }
        let useful = useful_cards_of(view);
        self.useful.set((hand, city, useful));
        useful
    }
}

impl Bot for HeuristicBot {
    // Always inlined, the scoring out of line: a forced move (about a sixth of the
    // decisions) is then answered at the caller, without a call and the scoring's frame.
    #[inline(always)]
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        // A forced move: the loop would pick it without drawing from the stream.
        if let [only] = legal {
            return *only;
        }
        self.choose(view, legal)
    }
}

impl HeuristicBot {
    /// `decide` among two or more actions: the best score, ties broken by the stream.
    #[inline(never)]
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let decision = Decision::new(view, &self.weights, &self.kept);
        let mut best = legal[0];
        let mut best_score = f32::NEG_INFINITY;
        let mut ties = 0;
        for &action in legal {
            let score = evaluate(&decision, action, best_score);
            if score > best_score {
                best = action;
                best_score = score;
                ties = 1;
            } else if score == best_score {
                // Reservoir choice among equal scores.
                ties += 1;
                if self.rng.below(ties) == 0 {
                    best = action;
                }
            }
        }
        best
    }
}
