//! Random rules for fuzzing the engine: any player count, a random cast pool per rank, a
//! random district selection and random options, all within what a config may ask for.

use super::catalog::Catalog;
use crate::engine::ids::{Character, District};
use crate::engine::numbers::KNOBS;
use crate::engine::rules::{DistrictSpec, Options, Rules, RulesError, TieBreak};

/// Draws random rules with `below(n)`, which must return a number in `0..n`:
/// - 2-8 players;
/// - per rank a non-empty random subset of its 3 characters, less those the rulebook bans
///   (no Emperor at 2 players, no Queen below 5); rank 9 required at 3 and 8 players, never
///   at 2, and at random (with `use_rank9`) at 4-7;
/// - a random subset of the 32 unique districts always in the deck, plus a random pool of
///   the others with a random `pool_draw`, and 1 to catalog copies of each basic district;
/// - options in the ranges: starting gold 0-10, starting cards 0-8, gather gold 0-5, draw
///   1-4, keep 1-draw, bonuses 0-5, city size default or 3-10, round cap 5-60, either tie
///   break; each character's number (`engine::numbers::KNOBS`) at the rulebook's value or
///   anywhere in its range.
///
/// Returns the error of `Rules::new` when the draw is unplayable (too few cards to deal);
/// callers skip those.
pub fn random_rules(mut below: impl FnMut(u32) -> u32) -> Result<Rules, RulesError> {
    let catalog = Catalog::embedded().expect("the embedded catalog is valid");
    let mut range = |lo: u32, hi: u32| lo + below(hi - lo + 1);
    let players = range(2, 8) as u8;

    let rank9 = match players {
        2 => false,
        3 | 8 => true,
        _ => range(0, 1) == 1,
    };
    let mut cast = Vec::new();
    for rank in 1..=if rank9 { 9 } else { 8 } {
        let allowed: Vec<Character> = Character::ALL
            .iter()
            .copied()
            .filter(|c| c.rank().0 == rank)
            .filter(|&c| !(c == Character::Emperor && players == 2))
            .filter(|&c| !(c == Character::Queen && players < 5))
            .collect();
        // A non-empty subset: a random bit mask, with one member forced in.
        let mask = range(0, (1 << allowed.len()) - 1) | 1 << range(0, allowed.len() as u32 - 1);
        cast.push(
            allowed
                .iter()
                .enumerate()
                .filter(|&(i, _)| mask & 1 << i != 0)
                .map(|(_, &c)| c)
                .collect::<Vec<_>>(),
        );
    }

    let mut deck: Vec<DistrictSpec> = catalog
        .basics()
        .map(|s| DistrictSpec {
            copies: range(1, s.copies as u32) as u8,
            ..s
        })
        .collect();
    let mut pool = Vec::new();
    let use_pool = range(0, 1) == 1;
    for &d in District::ALL.iter().filter(|&&d| catalog.is_unique(d)) {
        match range(0, 2) {
            0 => deck.push(catalog.spec(d)),
            1 if use_pool => pool.push(catalog.spec(d)),
            _ => {}
        }
    }
    let pool_draw = range(0, pool.len() as u32) as u8;

    let gather_draw = range(1, 4) as u8;
    let mut options = Options {
        complete_city: match range(0, 8) {
            0 => None,
            n => Some(n as u8 + 2),
        },
        starting_gold: range(0, 10) as u8,
        starting_cards: range(0, 8) as u8,
        gather_gold: range(0, 5) as u8,
        gather_draw,
        gather_keep: range(1, gather_draw as u32) as u8,
        first_complete_bonus: range(0, 5) as u8,
        complete_bonus: range(0, 5) as u8,
        all_types_bonus: range(0, 5) as u8,
        round_cap: range(5, 60) as u16,
        use_rank9: rank9 && (4..=7).contains(&players),
        tie_break: if range(0, 1) == 0 {
            TieBreak::RevealedRank
        } else {
            TieBreak::CostThenGold
        },
        ..Options::default()
    };
    // The characters' numbers last, so that the draws above stay those of older seeds: each
    // at the rulebook's value or, one time in two, anywhere in its range.
    for knob in KNOBS {
        if range(0, 1) == 1 {
            (knob.set)(
                &mut options.numbers,
                range(knob.min.into(), knob.max.into()) as u8,
            );
        }
    }
    let numbers = &mut options.numbers;
    numbers.scholar_keep = numbers.scholar_keep.min(numbers.scholar_draw);
    Rules::new(players, &cast, &deck, &pool, pool_draw, &options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::GameRng;

    #[test]
    fn most_random_rules_are_playable_and_cover_every_player_count() {
        let mut rng = GameRng::new(5);
        let mut counts = [0; 9];
        for _ in 0..2_000 {
            if let Ok(rules) = random_rules(|n| rng.below(n)) {
                counts[rules.players as usize] += 1;
            }
        }
        assert!(counts[2..].iter().all(|&c| c > 100), "{counts:?}");
    }
}
