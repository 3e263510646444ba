//! Rank 8: the Warlord destroys, the Diplomat exchanges, the Marshal seizes; and who is
//! protected from them.

use super::current;
use crate::engine::action::Action;
use crate::engine::building::{place_in_city, remove_from_city};
use crate::engine::ids::{CardId, Character, District, Seat};
use crate::engine::rules::Rules;
use crate::engine::sets::CardSet;
use crate::engine::state::{Pending, State, used};
use crate::engine::trace::Trace;

/// Bishop: "During this round, the rank 8 character cannot use its ability on your
/// districts. If you are killed, the rank 8 character can use its ability on your districts.
/// Similarly, if you are bewitched, the rank 8 character cannot use its ability on the
/// Witch's districts, but it can use its ability on the Bishop's districts."
pub fn protected_from_rank8(state: &State, seat: Seat) -> bool {
    protected_seat(state) == Some(seat)
}

/// Cities a rank 8 ability may reach: not completed ("You cannot destroy [exchange for,
/// seize] a district in a completed city") and not protected by the Bishop, whose seat is
/// `protected` (`protected_from_rank8`, asked once for all the cities).
fn open_city(rules: &Rules, state: &State, protected: Option<Seat>, seat: Seat) -> bool {
    !state.is_complete(rules, seat) && protected != Some(seat)
}

/// The seat the Bishop protects this round, if any (see `protected_from_rank8`).
fn protected_seat(state: &State) -> Option<Seat> {
    state.player_of(Character::Bishop)
}

/// Keep: "The rank 8 character cannot use its ability on the Keep."
fn targetable(rules: &Rules, card: CardId) -> bool {
    rules.card(card).district != District::Keep
}

/// Great Wall: "The rank 8 character pays 1 more gold to use its ability on any other
/// district in your city" (CARDS.md: the Great Wall does not protect itself).
fn great_wall_extra(rules: &Rules, state: &State, seat: Seat, card: CardId) -> u16 {
    wall_extra(
        rules,
        state.has_district(rules, seat, District::GreatWall),
        card,
    )
}

/// `great_wall_extra` in a city with (`wall`) or without the Great Wall.
fn wall_extra(rules: &Rules, wall: bool, card: CardId) -> u16 {
    (wall && rules.card(card).district != District::GreatWall) as u16
}

/// Warlord: "destroy one district of your choice by paying one fewer gold than its building
/// cost" (`warlord.discount` fewer; a beautified district costs one more; the Great Wall adds
/// one).
pub fn destroy_cost(rules: &Rules, state: &State, seat: Seat, card: CardId) -> u16 {
    let wall = state.has_district(rules, seat, District::GreatWall);
    destroy_cost_in(rules, state, wall, card)
}

/// `destroy_cost` in a city with (`wall`) or without the Great Wall.
fn destroy_cost_in(rules: &Rules, state: &State, wall: bool, card: CardId) -> u16 {
    let discount = rules.numbers().warlord_discount;
    state.cost(rules, card).saturating_sub(discount) as u16 + wall_extra(rules, wall, card)
}

/// "You cannot destroy a district in a completed city, but you can destroy one of your own
/// districts."
pub fn legal_destroy(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let gold = state.gold[state.turn.seat.index()];
    // The cards `gold` can destroy, as sets (worked out once for all the cities, so that a
    // city's targets are a few set operations and each target a push): in a city without
    // the Great Wall, and with the Great Wall's extra gold.
    let affordable = affordable_to_destroy(rules, state, gold, 0);
    let affordable_past_wall = affordable_to_destroy(rules, state, gold, 1);
    let keeps = rules.by_district[District::Keep.index()];
    let walls = rules.by_district[District::GreatWall.index()];
    let protected = protected_seat(state);
    for seat in state.seats_from(Seat(0)) {
        if !open_city(rules, state, protected, seat) {
            continue;
        }
        let city = state.city[seat.index()].minus(keeps);
        let targets = if city.intersects(walls) {
            let (wall, others) = (city.intersection(walls), city.minus(walls));
            wall.intersection(affordable)
                .union(others.intersection(affordable_past_wall))
        } else {
            city.intersection(affordable)
        };
        out.extend(targets.iter().map(|card| Action::Destroy(seat, card)));
    }
}

/// The cards whose `destroy_cost_in` is at most `gold` when `extra` (the Great Wall's) is
/// added: a printed cost up to `gold - extra + discount`, one less for a beautified card
/// (`destroy_cost_in` as sets; a card of cost up to the discount costs `extra` to destroy).
fn affordable_to_destroy(rules: &Rules, state: &State, gold: u16, extra: u16) -> CardSet {
    let discount = u16::from(rules.numbers().warlord_discount);
    match gold.checked_sub(extra) {
        Some(left) => costing_at_most(rules, state, left.saturating_add(discount)),
        None => CardSet::EMPTY,
    }
}

/// The cards whose cost now (`State::cost`) is at most `most`: a printed cost up to `most`,
/// one less for a beautified card.
fn costing_at_most(rules: &Rules, state: &State, most: u16) -> CardSet {
    let beautified = state.beautified;
    let plain = rules.cost_at_most(most).minus(beautified);
    match most.checked_sub(1) {
        Some(less) => plain.union(rules.cost_at_most(less).intersection(beautified)),
        None => plain,
    }
}

/// "Destroyed districts are discarded facedown to the bottom of the district deck." With the
/// 2021 Graveyard, its owner (unless he is the Warlord) may first pay 1 gold to take the
/// destroyed district into his hand (CARDS.md: only his own districts; not the Graveyard
/// itself, whose ability leaves the city with it: the project's ruling, docs/rules.md).
pub fn destroy(rules: &Rules, state: &mut State, seat: Seat, card: CardId, trace: &mut impl Trace) {
    let me = state.turn.seat;
    state.pay_gold(me, destroy_cost(rules, state, seat, card), trace);
    state.turn.used |= used::ABILITY;
    let graveyard = seat != me
        && rules.card(card).district != District::Graveyard
        && state.has_district(rules, seat, District::Graveyard)
        && state.gold[seat.index()] > 0
        && current(state) == Character::Warlord;
    state.destroy(rules, seat, card, !graveyard, trace);
    if graveyard {
        state.turn.pending = Pending::Graveyard { card, owner: seat };
    }
}

/// Graveyard: "you may pay 1 gold to take it into your hand".
pub fn graveyard(state: &mut State, action: Action, trace: &mut impl Trace) {
    let Pending::Graveyard { card, owner } = state.turn.pending else {
        unreachable!();
    };
    state.turn.pending = Pending::None;
    match action {
        Action::Recover => {
            state.pay_gold(owner, 1, trace);
            state.add_card(owner, card, trace);
        }
        Action::LetGo => state.deck.put_bottom(card),
        _ => unreachable!(),
    }
}

/// Diplomat: "You cannot exchange for a district in a completed city nor for a district
/// identical to a district already in your city, but you can exchange one of your districts
/// if you have a completed city. Also, the district coming from your city cannot be identical
/// to a district already in the other player's city." The difference in cost, if theirs
/// costs more, is paid to that player.
pub fn legal_exchange(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    let gold = state.gold[me.index()];
    let mine = state.city[me.index()];
    let protected = protected_seat(state);
    for seat in state.others_after(me) {
        if !open_city(rules, state, protected, seat) {
            continue;
        }
        // What depends only on the other city is worked out once for all its districts: his
        // Great Wall, and my districts that may go to him (not the Keep, none identical to
        // one of his).
        let city = state.city[seat.index()];
        let wall = state.has_district(rules, seat, District::GreatWall);
        let mut givable = CardSet::EMPTY;
        for own in mine.iter() {
            let own_district = rules.card(own).district;
            if targetable(rules, own) && !city.intersects(rules.by_district[own_district.index()]) {
                givable.insert(own);
            }
        }
        for theirs in city.iter() {
            let district = rules.card(theirs).district;
            if !targetable(rules, theirs) || state.has_district(rules, me, district) {
                continue;
            }
            // `exchange_cost_in` at most the gold, as a set: the Great Wall's extra paid, the
            // difference in cost fits in what is left when mine costs at least the price
            // less that (so that the list is written without a test per action).
            let Some(left) = gold.checked_sub(wall_extra(rules, wall, theirs)) else {
                continue;
            };
            let price = state.cost(rules, theirs) as u16;
            let affordable = match price.checked_sub(left) {
                None | Some(0) => givable,
                Some(least) => givable.minus(costing_at_most(rules, state, least - 1)),
            };
            out.extend(
                affordable
                    .iter()
                    .map(|own| Action::Exchange(seat, theirs, own)),
            );
        }
    }
}

/// "If the other player's district has a higher cost than your district, you must give that
/// player the difference in gold from your stash", plus one for his Great Wall ("The Diplomat
/// does not apply the Great Wall's effect to the district he is exchanging from his city").
fn exchange_cost(rules: &Rules, state: &State, seat: Seat, theirs: CardId, mine: CardId) -> u16 {
    let wall = state.has_district(rules, seat, District::GreatWall);
    exchange_cost_in(rules, state, wall, theirs, mine)
}

/// `exchange_cost` with (`wall`) or without the Great Wall in the other city.
fn exchange_cost_in(rules: &Rules, state: &State, wall: bool, theirs: CardId, mine: CardId) -> u16 {
    state
        .cost(rules, theirs)
        .saturating_sub(state.cost(rules, mine)) as u16
        + wall_extra(rules, wall, theirs)
}

pub fn exchange(
    rules: &Rules,
    state: &mut State,
    seat: Seat,
    theirs: CardId,
    mine: CardId,
    trace: &mut impl Trace,
) {
    let me = state.turn.seat;
    let price = exchange_cost(rules, state, seat, theirs, mine);
    state.move_gold(me, seat, price, trace);
    remove_from_city(rules, state, seat, theirs, trace);
    remove_from_city(rules, state, me, mine, trace);
    // An exchange keeps the number of cards, but a Monument counts as 2 toward a completed
    // city, so either city may be completed by it ("As soon as a city has seven districts,
    // it has been completed").
    place_in_city(rules, state, seat, mine, trace);
    place_in_city(rules, state, me, theirs, trace);
    state.turn.used |= used::ABILITY;
}

/// Marshal: "seize one district with a building cost of three or less in another player's
/// city by giving the owner gold equal to its building cost. ... You cannot seize a district
/// in a completed city nor a district identical to a district already in your city."
/// (`marshal.max_cost`: the three.)
pub fn legal_seize(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    let max_cost = rules.numbers().marshal_max_cost;
    let gold = state.gold[me.index()];
    let protected = protected_seat(state);
    for seat in state.others_after(me) {
        if !open_city(rules, state, protected, seat) {
            continue;
        }
        for card in state.city[seat.index()].iter() {
            let cost = state.cost(rules, card);
            if targetable(rules, card)
                && cost <= max_cost
                && seize_price(rules, state, seat, card) <= gold
                && !state.has_district(rules, me, rules.card(card).district)
            {
                out.push(Action::Seize(seat, card));
            }
        }
    }
}

/// The gold the Warlord's destruction or the Marshal's seizure costs me (`destroy_cost`,
/// `seize_price`); 0 for any other action.
pub fn rank8_price(rules: &Rules, state: &State, action: Action) -> u16 {
    match action {
        Action::Destroy(seat, card) => destroy_cost(rules, state, seat, card),
        Action::Seize(seat, card) => seize_price(rules, state, seat, card),
        _ => 0,
    }
}

/// The owner gets the district's cost, and one more for his Great Wall.
fn seize_price(rules: &Rules, state: &State, seat: Seat, card: CardId) -> u16 {
    state.cost(rules, card) as u16 + great_wall_extra(rules, state, seat, card)
}

/// "The seized district is added to your city."
pub fn seize(rules: &Rules, state: &mut State, seat: Seat, card: CardId, trace: &mut impl Trace) {
    let me = state.turn.seat;
    let price = seize_price(rules, state, seat, card);
    state.move_gold(me, seat, price, trace);
    remove_from_city(rules, state, seat, card, trace);
    place_in_city(rules, state, me, card, trace);
    state.turn.used |= used::ABILITY;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::load_preset;
    use crate::engine::check::for_each_position;
    use crate::engine::rng::GameRng;
    use crate::engine::state::Phase;

    /// Calls `visit` with the rules, the preset's name, the game's seed and the position at
    /// every turn-phase position of 60 random 5-player games of each of the presets with
    /// every character and every district, the random moves drawn from `chooser_seed`.
    fn for_each_turn_position(chooser_seed: u64, mut visit: impl FnMut(&Rules, &str, u64, &State)) {
        for preset in ["all-characters", "all-districts"] {
            let rules = load_preset(preset).unwrap().rules(5).unwrap();
            let mut chooser = GameRng::new(chooser_seed);
            for seed in 0..60 {
                let choose = |n: usize| chooser.below(n as u32) as usize;
                for_each_position(&rules, seed, choose, |state, _| {
                    if state.phase == Phase::Turns {
                        visit(&rules, preset, seed, state);
                    }
                });
            }
        }
    }

    /// `legal_destroy` works the Warlord's targets out as card sets; they must be exactly the
    /// districts the rule allows one by one: in a city that is neither completed nor the
    /// Bishop's, not the Keep, at `destroy_cost` (one less than the cost, a beautified
    /// district one more, the Great Wall one more for the other districts of its city) at
    /// most the gold of the player to move. Checked at every turn-phase position of random
    /// games with every character and every district, Great Wall cities and beautified
    /// districts included.
    #[test]
    fn destruction_targets_as_sets_are_those_of_the_rule_card_by_card() {
        let (mut positions, mut past_wall, mut beautified) = (0, 0, 0);
        let mut targets = Vec::new();
        for_each_turn_position(11, |rules, preset, seed, state| {
            let gold = state.gold[state.turn.seat.index()];
            let mut expected = Vec::new();
            for seat in state.seats_from(Seat(0)) {
                if state.is_complete(rules, seat) || protected_from_rank8(state, seat) {
                    continue;
                }
                let wall = state.has_district(rules, seat, District::GreatWall);
                for card in state.city[seat.index()].iter() {
                    if targetable(rules, card) && destroy_cost(rules, state, seat, card) <= gold {
                        expected.push(Action::Destroy(seat, card));
                        past_wall += (wall && wall_extra(rules, wall, card) == 1) as usize;
                        beautified += state.beautified.contains(card) as usize;
                    }
                }
            }
            targets.clear();
            legal_destroy(rules, state, &mut targets);
            assert_eq!(targets, expected, "seed {seed} of {preset}");
            positions += 1;
        });
        assert!(
            positions > 1000 && past_wall > 0 && beautified > 0,
            "{positions} positions, {past_wall} targets past a Great Wall, {beautified} beautified"
        );
    }

    /// `legal_exchange` works the Diplomat's affordable exchanges out as card sets; they must
    /// be exactly the pairs the rule allows one by one: another city neither completed nor
    /// the Bishop's, neither district the Keep, no identical district on either side, and
    /// `exchange_cost` (the difference in cost if theirs costs more, beautified districts one
    /// more, one more past a Great Wall) at most the gold of the player to move. Checked at
    /// every turn-phase position of random games with every character and every district.
    #[test]
    fn exchanges_as_sets_are_those_of_the_rule_card_by_card() {
        let (mut positions, mut exchanges, mut beautified) = (0, 0, 0);
        let mut listed = Vec::new();
        for_each_turn_position(13, |rules, preset, seed, state| {
            let me = state.turn.seat;
            let gold = state.gold[me.index()];
            let mut expected = Vec::new();
            for seat in state.others_after(me) {
                if state.is_complete(rules, seat) || protected_from_rank8(state, seat) {
                    continue;
                }
                for theirs in state.city[seat.index()].iter() {
                    for own in state.city[me.index()].iter() {
                        let (d, own_d) = (rules.card(theirs).district, rules.card(own).district);
                        if targetable(rules, theirs)
                            && targetable(rules, own)
                            && !state.has_district(rules, me, d)
                            && !state.has_district(rules, seat, own_d)
                            && exchange_cost(rules, state, seat, theirs, own) <= gold
                        {
                            expected.push(Action::Exchange(seat, theirs, own));
                            beautified += state.beautified.contains(own) as usize;
                        }
                    }
                }
            }
            listed.clear();
            legal_exchange(rules, state, &mut listed);
            assert_eq!(listed, expected, "seed {seed} of {preset}");
            positions += 1;
            exchanges += expected.len();
        });
        assert!(
            positions > 1000 && exchanges > 10000 && beautified > 0,
            "{positions} positions, {exchanges} exchanges, {beautified} of a beautified district"
        );
    }
}
