//! Every seat's public standing and leader, and the most cards and gold among the others,
//! each found in one pass over the players.

use super::Kept;
use crate::bots::heuristic::weights::HeuristicWeights;
use crate::engine::ids::Seat;
use crate::engine::view::View;

/// A public estimate of a player's standing: built points, city size, gold.
fn standing(view: &View, w: &HeuristicWeights, kept: &Kept, seat: Seat) -> f32 {
    let city = view.city(seat);
    w.standing_points * kept.city_cost(view, seat) as f32
        + w.standing_district * city.len() as f32
        + w.standing_gold * view.gold(seat) as f32
        + w.standing_cards * view.hand_size(seat) as f32
}

/// The most cards in hand and the most gold among the players, with who holds them: the
/// most among the others of any seat, in one pass over the players.
pub(super) struct Others {
    pub(super) cards: TopTwo<usize>,
    pub(super) gold: TopTwo<u16>,
}

impl Others {
    pub(super) fn new(view: &View) -> Others {
        let mut others = Others {
            cards: TopTwo::default(),
            gold: TopTwo::default(),
        };
        for s in 0..view.players() as usize {
            others.cards.add(s, view.hand_size(Seat(s as u8)));
            others.gold.add(s, view.gold(Seat(s as u8)));
        }
        others
    }
}

/// The largest value of a list (at least 0), the entry holding it (the first among equals),
/// and the largest of the other entries.
#[derive(Default)]
pub(super) struct TopTwo<T> {
    first: T,
    at: usize,
    second: T,
}

impl<T: Copy + PartialOrd> TopTwo<T> {
    fn add(&mut self, entry: usize, value: T) {
        if value > self.first {
            (self.second, self.first, self.at) = (self.first, value, entry);
        } else if value > self.second {
            self.second = value;
        }
    }

    /// The largest value among all entries but `entry`: the largest, unless `entry` holds
    /// it alone (an equal value elsewhere is then the second).
    pub(super) fn of_others(&self, entry: usize) -> T {
        if entry == self.at {
            self.second
        } else {
            self.first
        }
    }
}

/// Every seat's public standing and the opponent furthest ahead of it.
pub(super) struct Standings {
    /// Public standing of each seat (see `standing`).
    pub(super) standing: [f32; 8],
    /// The seat furthest ahead (the last among equals), and the furthest ahead of the others.
    pub(super) best: Seat,
    pub(super) runner_up: Seat,
}

impl Standings {
    pub(super) fn new(view: &View, weights: &HeuristicWeights, kept: &Kept) -> Standings {
        let players = (view.players() as usize).min(8);
        let mut standing_of = [0.0; 8];
        // Each seat's leader is the best other seat, the last one among equals: the best seat
        // overall for everyone but itself, and the best of the rest for the best seat. Both
        // found in the pass that works the standings out.
        let mut leaders = Leaders::default();
        for (seat, slot) in standing_of[..players].iter_mut().enumerate() {
            *slot = standing(view, weights, kept, Seat(seat as u8));
            leaders.add(seat, *slot);
        }
        Standings {
            standing: standing_of,
            best: Seat(leaders.best as u8),
            runner_up: Seat(leaders.runner_up as u8),
        }
    }
}

/// The entry with the largest value in the total order of f32 (`f32::total_cmp`), the last
/// among equals, and the largest of the other entries (the last among equals), of entries
/// added in increasing order, values compared by their total-order keys.
struct Leaders {
    best: usize,
    best_key: i32,
    runner_up: usize,
    runner_up_key: i32,
}

impl Default for Leaders {
    /// No entry yet: `i32::MIN` is at most any key, so the first entry added is the best
    /// and the second at least the runner-up.
    fn default() -> Leaders {
        Leaders {
            best: 0,
            best_key: i32::MIN,
            runner_up: 0,
            runner_up_key: i32::MIN,
        }
    }
}

impl Leaders {
    fn add(&mut self, entry: usize, value: f32) {
        let key = total_order_key(value);
        if key >= self.best_key {
            (self.runner_up, self.runner_up_key) = (self.best, self.best_key);
            (self.best, self.best_key) = (entry, key);
        } else if key >= self.runner_up_key {
            (self.runner_up, self.runner_up_key) = (entry, key);
        }
    }
}

/// The key by which `f32::total_cmp` orders `x`: `a.total_cmp(&b)` is
/// `total_order_key(a).cmp(&total_order_key(b))` (the standard library's own formula).
fn total_order_key(x: f32) -> i32 {
    let bits = x.to_bits() as i32;
    bits ^ (((bits >> 31) as u32) >> 1) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `TopTwo::of_others` is the largest value among the other entries, however the
    /// largest ones lie (alone, tied, first, last, all zero).
    #[test]
    fn the_most_among_the_others_is_the_plain_maximum() {
        let lists: [&[u16]; 7] = [
            &[0, 0, 0],
            &[5, 0, 3],
            &[3, 3],
            &[0, 4, 4, 1],
            &[1, 2, 3, 4, 9],
            &[9, 1, 9, 2, 0, 7],
            &[2, 7, 1, 7, 7, 0, 3, 6],
        ];
        for values in lists {
            let mut top = TopTwo::default();
            for (s, &v) in values.iter().enumerate() {
                top.add(s, v);
            }
            for s in 0..values.len() {
                let others = values.iter().enumerate().filter(|&(o, _)| o != s);
                let expected = others.map(|(_, &v)| v).max().unwrap_or(0);
                assert_eq!(top.of_others(s), expected, "{values:?}, entry {s}");
            }
        }
    }

    /// `Leaders` finds what the two plain passes over the standings found (the last best by
    /// `total_cmp`, then the last best of the rest), ties, signed zeros and NaN included.
    #[test]
    fn leaders_in_one_pass_are_those_of_two_passes() {
        let lists: [&[f32]; 9] = [
            &[0.0, 0.0],
            &[1.0, 2.0],
            &[2.0, 1.0],
            &[5.0, 3.0, 5.0],
            &[5.0, 5.0, 3.0, 5.0],
            &[3.0, 5.0, 4.0, 4.0, 1.0],
            &[-0.0, 0.0, -0.0, 0.0],
            &[
                0.0,
                -0.0,
                -1.0,
                f32::NAN,
                2.5,
                -f32::NAN,
                f32::from_bits(u32::MAX),
            ],
            &[7.5, 1.25, 7.5, 9.0, 9.0, 0.5, 8.0, 9.0],
        ];
        for values in lists {
            let mut best = 0;
            for s in 1..values.len() {
                if values[s].total_cmp(&values[best]).is_ge() {
                    best = s;
                }
            }
            let mut runner_up = if best == 0 { 1 } else { 0 };
            for s in runner_up + 1..values.len() {
                if s != best && values[s].total_cmp(&values[runner_up]).is_ge() {
                    runner_up = s;
                }
            }
            let mut leaders = Leaders::default();
            for (s, &v) in values.iter().enumerate() {
                leaders.add(s, v);
            }
            assert_eq!(
                (leaders.best, leaders.runner_up),
                (best, runner_up),
                "{values:?}"
            );
        }
    }
}
