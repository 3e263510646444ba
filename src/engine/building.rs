//! Building districts: who may build, the building limit, identical districts, costs and
//! discounts, paying for the Thieves' Den with cards, and what follows a build (the
//! Magistrate's warrant, the Tax Collector's tax, the first completed city).

use super::action::Action;
use super::characters;
use super::ids::{CardId, Character, District, DistrictType, Seat};
use super::rules::{CardInfo, Rules};
use super::sets::CardSet;
use super::state::{Pending, State};
use super::trace::{Change, Trace};

/// Gold `seat` must pay to build `card`: its cost, less the Factory's discount on other
/// unique districts ("You pay 1 fewer gold to build any other unique district"), never below 0.
pub fn build_cost(rules: &Rules, state: &State, seat: Seat, card: CardId) -> u16 {
    let factory = state.has_district(rules, seat, District::Factory);
    cost_with_factory(rules.card(card), factory)
}

/// `build_cost` of a card for a builder with (`factory`) or without the Factory.
fn cost_with_factory(info: &CardInfo, factory: bool) -> u16 {
    let discount =
        factory && info.dtype == DistrictType::Unique && info.district != District::Factory;
    (info.cost as u16).saturating_sub(discount as u16)
}

/// Whether the card's district can be built by `seat` at all: the Secret Vault "cannot be
/// built"; the Monument "cannot be built if you have 5 or more districts".
pub fn buildable_district(rules: &Rules, state: &State, seat: Seat, card: CardId) -> bool {
    district_buildable(rules.card(card).district, state.city[seat.index()].len())
}

/// `buildable_district` for a district and the size of the city it would join.
fn district_buildable(district: District, city_size: usize) -> bool {
    match district {
        District::SecretVault => false,
        District::Monument => city_size < 5,
        _ => true,
    }
}

/// Whether the player whose turn it is may build this card from hand now, gold aside:
/// resources gathered ("After gathering resources, he may build"), the character allows
/// building, the building limit, identical districts.
pub fn may_build_card(rules: &Rules, state: &State, card: CardId) -> bool {
    BuildPermit::new(rules, state, characters::current(state)).allows(rules, card)
}

/// `may_build_card` for one position: what depends on the turn and the city is worked out
/// once, so asking about every card in hand costs a few instructions per card.
pub struct BuildPermit {
    /// Resources gathered and a character that may build.
    turn_allows: bool,
    /// Builds left under the building limit.
    under_limit: bool,
    /// The Trader's turn (its trade districts do not count toward the limit).
    trader: bool,
    /// "A player cannot build a district that is identical (with the same name) to a
    /// district already in his city", unless he owns the Quarry or is the Wizard.
    identical_ok: bool,
    city: CardSet,
}

impl BuildPermit {
    /// The permit of the turn's player, playing `character` (`characters::current`).
    pub fn new(rules: &Rules, state: &State, character: Character) -> BuildPermit {
        let turn = &state.turn;
        let seat = turn.seat;
        BuildPermit {
            turn_allows: turn.gathered && characters::may_build(state, character),
            under_limit: turn.built < characters::building_limit(rules, character),
            trader: character == Character::Trader,
            identical_ok: state.has_district(rules, seat, District::Quarry)
                || characters::may_build_identical(character),
            city: state.city[seat.index()],
        }
    }

    /// The checks of `may_build_card` for one card (identical districts, `buildable_district`,
    /// the limit through `characters::counts_toward_limit`'s rule).
    pub fn allows(&self, rules: &Rules, card: CardId) -> bool {
        self.allows_card(rules, rules.card(card))
    }

    /// `allows` for a card's data.
    fn allows_card(&self, rules: &Rules, info: &CardInfo) -> bool {
        self.turn_allows
            && (self.under_limit || !characters::counts_toward_limit_as(self.trader, info))
            && (self.identical_ok
                || !self
                    .city
                    .intersects(rules.by_district[info.district.index()]))
            && district_buildable(info.district, self.city.len())
    }
}

/// The builds of the turn's player, playing `character` (`characters::current`).
pub fn legal(rules: &Rules, state: &State, character: Character, out: &mut Vec<Action>) {
    // Nothing is built before gathering (the Cardinal's borrowed builds neither), and most
    // positions of a turn are before it.
    if !state.turn.gathered {
        return;
    }
    let seat = state.turn.seat;
    let hand = state.hand[seat.index()];
    let gold = state.gold[seat.index()];
    let permit = BuildPermit::new(rules, state, character);
    let cardinal = character == Character::Cardinal;
    if !permit.turn_allows {
        if cardinal {
            characters::legal_borrow_builds(rules, state, out);
        }
        return;
    }
    // Only cards within reach of the gold (`build_cost` decides), and the Thieves' Den.
    let factory = state.has_district(rules, seat, District::Factory);
    let mut reach = rules.cost_at_most(gold);
    if factory {
        reach = reach.union(
            rules
                .cost_at_most(gold + 1)
                .intersection(rules.by_type[DistrictType::Unique.index()]),
        );
    }
    let candidates =
        hand.intersection(reach.union(rules.by_district[District::ThievesDen.index()]));
    for card in candidates.iter() {
        let info = rules.card(card);
        if !permit.allows_card(rules, info) {
            continue;
        }
        let cost = cost_with_factory(info, factory);
        // Thieves' Den: "Pay some or all of its cost with cards from your hand."
        let means = if info.district == District::ThievesDen {
            gold + hand.len() as u16 - 1
        } else {
            gold
        };
        if cost <= means {
            out.push(Action::Build(card));
        }
    }
    if cardinal {
        characters::legal_borrow_builds(rules, state, out);
    }
}

/// Choices while the Thieves' Den is being paid for.
pub fn legal_den_payment(state: &State, remaining: u8, out: &mut Vec<Action>) {
    let seat = state.turn.seat;
    if remaining > 0 {
        out.extend(state.hand[seat.index()].iter().map(Action::DenPayCard));
    }
    if state.gold[seat.index()] >= remaining as u16 {
        out.push(Action::DenPayGold);
    }
}

pub fn apply(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let seat = state.turn.seat;
    match action {
        Action::Build(card) => {
            let cost = build_cost(rules, state, seat, card);
            state.remove_from_hand(seat, card, trace);
            count_build(rules, state, card);
            if rules.card(card).district == District::ThievesDen {
                state.turn.pending = Pending::DenPayment {
                    card,
                    remaining: cost as u8,
                };
            } else {
                pay_and_build(rules, state, card, cost, trace);
            }
        }
        Action::DenPayCard(paid) => {
            let Pending::DenPayment { card, remaining } = state.turn.pending else {
                unreachable!("DenPayCard only while paying for the Thieves' Den");
            };
            let hand = state.hand[seat.index()];
            state.knowledge.hide_from_hand(seat, hand, paid);
            state.remove_from_hand(seat, paid, trace);
            state.deck.put_bottom(paid);
            state.turn.pending = Pending::DenPayment {
                card,
                remaining: remaining - 1,
            };
        }
        Action::DenPayGold => {
            let Pending::DenPayment { card, remaining } = state.turn.pending else {
                unreachable!("DenPayGold only while paying for the Thieves' Den");
            };
            state.turn.pending = Pending::None;
            pay_and_build(rules, state, card, remaining as u16, trace);
        }
        _ => unreachable!("not a building action"),
    }
}

/// Uses up one build of the limit, unless the district does not count toward it.
pub fn count_build(rules: &Rules, state: &mut State, card: CardId) {
    if characters::counts_toward_limit(rules, state, card) {
        state.turn.built += 1;
    }
}

/// The turn's player pays `gold` for `card` (already out of his hand) and builds it, unless
/// the Magistrate's signed warrant lets him confiscate it first.
pub fn pay_and_build(
    rules: &Rules,
    state: &mut State,
    card: CardId,
    gold: u16,
    trace: &mut impl Trace,
) {
    let seat = state.turn.seat;
    state.pay_gold(seat, gold, trace);
    state.turn.paid_to_build += gold;
    let confiscation = characters::confiscation_target(rules, state, card);
    // Only "the first district he pays to build" can be confiscated: the warrant is spent
    // whether or not this one could be.
    state.turn.paid_build = true;
    if confiscation.is_some() {
        state.turn.pending = Pending::Confiscation {
            card,
            paid: gold as u8,
        };
        return;
    }
    complete_build(rules, state, seat, card, trace);
}

/// A district enters `seat`'s city as a build, then the Tax Collector's tax: "Immediately
/// after a player builds a district, he places one gold from his stash on the Tax Collector's
/// character token. ... If a player has no gold remaining in his stash after building a
/// district, he is not charged a tax." The tax applies whenever the Tax Collector is in the
/// cast, "even if the Tax Collector does not appear during a round". A tax above one
/// (`tax_collector.tax`) takes at most the gold left (docs/rules.md).
pub fn complete_build(
    rules: &Rules,
    state: &mut State,
    seat: Seat,
    card: CardId,
    trace: &mut impl Trace,
) {
    place_in_city(rules, state, seat, card, trace);
    if taxes_builds_of(rules, state, seat) {
        let tax = u16::from(rules.numbers().tax_collector_tax).min(state.gold[seat.index()]);
        state.pay_gold(seat, tax, trace);
        state.tax_pool += tax;
    }
}

/// Whether a build by `seat` now pays the Tax Collector's tax, if it leaves gold in the
/// stash (`complete_build`): the Tax Collector is in the cast and `seat` is not building as
/// the Tax Collector.
pub fn taxes_builds_of(rules: &Rules, state: &State, seat: Seat) -> bool {
    state.rank_of(Character::TaxCollector).is_some()
        && !characters::exempt_from_tax(rules, state, seat)
}

/// Puts a district into a city and notes the first completed city.
pub fn place_in_city(
    rules: &Rules,
    state: &mut State,
    seat: Seat,
    card: CardId,
    trace: &mut impl Trace,
) {
    trace.change(Change::Points(seat, state.cost(rules, card) as i32));
    state.city[seat.index()].insert(card);
    if state.first_complete.is_none() && state.is_complete(rules, seat) {
        state.first_complete = Some(seat);
    }
}

/// Takes a district out of a city (it keeps its beautification: exchanged or seized).
pub fn remove_from_city(
    rules: &Rules,
    state: &mut State,
    seat: Seat,
    card: CardId,
    trace: &mut impl Trace,
) {
    trace.change(Change::Points(seat, -(state.cost(rules, card) as i32)));
    state.city[seat.index()].remove(card);
}
