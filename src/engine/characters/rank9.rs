//! Rank 9: the Queen's gold, the Artist's beautifying, the Tax Collector's tax.

use super::current;
use crate::engine::action::Action;
use crate::engine::ids::{CardId, Character, Rank, Seat};
use crate::engine::rules::Rules;
use crate::engine::state::{State, used};
use crate::engine::trace::{Change, Event, Trace};

/// Queen: "If you are sitting next to the player who revealed the rank 4 character (King,
/// Emperor, or Patrician), gain three gold."
pub fn legal_queen(state: &State, out: &mut Vec<Action>) {
    let rank4 = Rank(4);
    if state.revealed.contains(rank4)
        && let Some(holder) = state.owner[rank4.index()]
        && next_to(state, state.turn.seat, holder)
    {
        out.push(Action::QueenGold);
    }
}

fn next_to(state: &State, a: Seat, b: Seat) -> bool {
    a != b && (a.left(state.players) == b || a.right(state.players) == b)
}

pub fn queen_gold(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    state.gain_gold(state.turn.seat, rules.numbers().queen_gold.into(), trace);
    state.turn.used |= used::EXTRA;
}

/// "If this character is sitting next to you, but has been killed by the Assassin, you gain
/// three gold when that card is revealed at the end of the round."
pub fn queen_end_of_round(rules: &Rules, state: &mut State, trace: &mut impl Trace) {
    let rank4 = Rank(4);
    if state.killed == Some(rank4)
        && let Some(holder) = state.owner[rank4.index()]
        && let Some(queen) = state.player_of(Character::Queen)
        && next_to(state, queen, holder)
    {
        trace.event(state, Event::QueenGold(queen));
        state.gain_gold(queen, rules.numbers().queen_gold.into(), trace);
    }
}

/// Artist: "You can beautify up to two of your districts by assigning them each one gold
/// from your stash. ... A district can be beautified only once."
pub fn legal_beautify(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    let me = state.turn.seat;
    let numbers = rules.numbers();
    if state.turn.beautified >= numbers.artist_districts
        || state.gold[me.index()] < u16::from(numbers.artist_gold)
    {
        return;
    }
    let city = state.city[me.index()].minus(state.beautified);
    out.extend(city.iter().map(Action::Beautify));
}

pub fn beautify(rules: &Rules, state: &mut State, card: CardId, trace: &mut impl Trace) {
    let me = state.turn.seat;
    state.pay_gold(me, rules.numbers().artist_gold.into(), trace);
    trace.change(Change::Points(me, 1));
    state.beautified.insert(card);
    state.turn.beautified += 1;
}

/// Tax Collector: "At any time during your turn, you can take all gold from the Tax
/// Collector's character token into your stash."
pub fn legal_collect(state: &State, out: &mut Vec<Action>) {
    if state.tax_pool > 0 {
        out.push(Action::CollectTaxes);
    }
}

pub fn collect(state: &mut State, trace: &mut impl Trace) {
    let gold = std::mem::take(&mut state.tax_pool);
    state.gain_gold(state.turn.seat, gold, trace);
    state.turn.used |= used::EXTRA;
}

/// "The Tax Collector himself is not charged a tax": the player building during the Tax
/// Collector's own turn. "In 2- and 3-player games, a player who chooses the Tax Collector as
/// one of his characters is still charged a tax for his other character."
pub fn exempt_from_tax(_rules: &Rules, state: &State, builder: Seat) -> bool {
    state.phase == crate::engine::state::Phase::Turns
        && builder == state.turn.seat
        && current(state) == Character::TaxCollector
}
