//! The heuristic's score of each kind of action, and the worth of a district card.

use super::characters::character_value;
use super::decision::Decision;
use crate::bots::heuristic::weights::HeuristicWeights;
use crate::engine::action::Action;
use crate::engine::ids::{CardId, District, DistrictType, Seat};
use crate::engine::sets::CardSet;
use crate::engine::view::View;

/// How much the bot likes an action now; the highest is played. Inlined into the loop over
/// the legal actions: as a call, saving and restoring the registers this large match needs
/// cost about 20 instructions an action, more than most actions' own evaluation (7 k per
/// heuristic game, measured); the dear evaluations stay calls.
///
/// `floor` is the best score of the decision so far: an action whose score is certainly
/// below it can neither be played nor tie with it (no draw is made), so where a cheap bound
/// shows that, its dear evaluation is skipped and NEG_INFINITY returned instead. Play is the
/// same; `NEG_INFINITY` asks for every score.
#[inline(always)]
pub(super) fn evaluate(d: &Decision, action: Action, floor: f32) -> f32 {
    let (view, w) = (d.view, d.w);
    let me = view.me();
    match action {
        Action::Pick(rank) => character_value(d, me, rank),
        // 2 players: discard what the opponent would like most.
        Action::Discard(rank) => {
            let other = Seat((me.0 + 1) % view.players());
            character_value(d, other, rank)
        }
        Action::TakeGold => 20.0 + d.gather_gold_preference(),
        Action::DrawCards => 20.0 - d.gather_gold_preference(),
        Action::Keep(card) => card_value(view, w, card),
        Action::KeepAll => 1000.0,
        Action::Build(card) => 40.0 + card_value(view, w, card),
        Action::DenPayCard(card) => {
            // Pay with the least useful cards while gold is short or the card is junk.
            let remaining = den_remaining(view);
            if d.junk(card) || view.my_gold() < remaining {
                30.0 - card_value(view, w, card)
            } else {
                -1.0
            }
        }
        Action::DenPayGold => 0.0,
        // Free resources first: they can only help this turn's building.
        Action::TakeIncome | Action::MerchantGold | Action::ArchitectDraw => 90.0,
        Action::Kill(rank) => 80.0 + d.threat(rank),
        Action::Rob(rank) => 80.0 + d.loot(rank),
        Action::SwapHands(seat) => {
            let gain = view.hand_size(seat) as f32 - d.useful_cards() as f32;
            if gain >= 2.0 { 70.0 + gain } else { -10.0 }
        }
        Action::MagicianDiscard(card) => {
            if d.junk(card) {
                70.0
            } else {
                -5.0
            }
        }
        Action::MagicianDraw => 0.0,
        // (When the Warlord may still take his income, it comes first and scores 90.)
        Action::Destroy(..) if floor > DESTROY_VALUE_MAX => f32::NEG_INFINITY,
        Action::Destroy(seat, card) => destroy_value(d, seat, card),
        Action::LabDiscard(card) => {
            if d.junk(card) {
                60.0
            } else if view.my_hand().len() >= 4 {
                50.0 - card_value(view, w, card)
            } else {
                -5.0
            }
        }
        Action::SmithyDraw => {
            if d.useful_cards() <= 1 && view.my_gold() >= 4 {
                55.0
            } else {
                -5.0
            }
        }
        Action::EndTurn => 0.0,
        Action::AbbotIncome(gold) => {
            // More gold when the hand holds cards to build, more cards otherwise.
            let lean = if d.useful_cards() >= 2 { 1.0 } else { -1.0 };
            90.0 + lean * gold as f32
        }
        Action::AbbotTax(seat) => 90.0 + 0.01 * d.standing(seat),
        Action::Bewitch(rank) => {
            // Take over the character most useful to me, preferably the leader's.
            80.0 + character_value(d, me, rank) + 0.3 * d.threat(rank)
        }
        Action::Warrant(signed, a, b) => {
            let threat = |rank| d.threat(rank);
            80.0 + threat(signed) + 0.2 * (threat(a) + threat(b))
        }
        Action::Confiscate => 100.0,
        Action::AllowBuild => 0.0,
        Action::Spy(seat, dtype) => {
            let rules = view.rules();
            let share = rules.by_type[dtype.index()].len() as f32 / rules.cards.len() as f32;
            let expected = view.hand_size(seat) as f32 * share;
            70.0 + expected * (1.0 + (view.gold(seat) > 0) as u8 as f32)
        }
        Action::Threaten(flowered, other) => 80.0 + d.loot(flowered) + 0.5 * d.loot(other),
        // Half the gold now, or risk all of it if the marker is the flowered one.
        Action::Bribe => 10.0 - (view.my_gold() / 2) as f32,
        Action::RefuseBribe => 9.5 - 0.5 * view.my_gold() as f32,
        Action::RevealThreat => {
            let rank = view.current_turn().map(|(r, _)| r);
            if rank.is_some() && rank == view.flowered_threat() {
                100.0
            } else {
                0.0
            }
        }
        Action::HideThreat => 1.0,
        Action::WizardLook(seat) => 70.0 + view.hand_size(seat) as f32,
        Action::WizardTake(card) => card_value(view, w, card),
        Action::WizardBuild(card) => 45.0 + card_value(view, w, card),
        Action::SeerTake => 70.0,
        Action::Give(card) => 30.0 - card_value(view, w, card),
        Action::GiveCrown(seat) => 50.0 - 0.1 * d.standing(seat),
        Action::LootGold => 1.0,
        Action::LootCard => {
            if d.useful_cards() < 2 {
                2.0
            } else {
                0.0
            }
        }
        Action::BorrowBuild(card, lender) => {
            38.0 + card_value(view, w, card) + 0.01 * d.standing(lender)
        }
        Action::NavigatorGold => 90.0 + if d.useful_cards() >= 2 { 1.0 } else { -1.0 },
        Action::NavigatorCards => 90.0,
        Action::ScholarDraw => 85.0,
        Action::Exchange(seat, theirs, mine) => {
            let gain = exchange_gain(view, theirs, mine);
            // (The standings only when they decide.)
            if gain > 0.0 && seat == d.leader_for(me) {
                10.0 + gain
            } else {
                -10.0
            }
        }
        Action::Seize(_, card) => 45.0 + view.district_cost(card) as f32,
        Action::QueenGold | Action::CollectTaxes => 90.0,
        Action::ArmoryDestroy(seat, card) => {
            // Worth the Armory's 3 points only against a big district of the leader, or to
            // stop a city from completing.
            let cost = view.district_cost(card) as f32;
            let near_complete = d.to_complete(seat) <= 1.0;
            if seat != me && cost >= 4.0 && (near_complete || seat == d.leader_for(me)) {
                20.0 + cost - 3.0 + if near_complete { 10.0 } else { 0.0 }
            } else {
                -10.0
            }
        }
        Action::FrameworkBuild(card) => {
            // Free build at the price of the Framework's 3 points: good for dear districts.
            let cost = view.cost(card) as f32;
            40.0 + card_value(view, w, card) + 0.5 * (cost - 3.0)
        }
        Action::NecropolisBuild(sacrifice) => {
            let necropolis = view.rules().by_district[District::Necropolis.index()]
                .intersection(view.my_hand())
                .first()
                .expect("the Necropolis in hand");
            40.0 + card_value(view, w, necropolis) + 2.5
                - 1.5 * view.district_cost(sacrifice) as f32
        }
        Action::MuseumTuck(card) => {
            if d.junk(card) {
                20.0
            } else if view.my_hand().len() >= 4 {
                15.0 - card_value(view, w, card)
            } else {
                -5.0
            }
        }
        Action::TheaterSwap(seat, rank) => {
            let leader_bonus = if seat == d.leader_for(me) { 1.0 } else { 0.0 };
            10.0 - character_value(d, me, rank) + leader_bonus
        }
        Action::TheaterPass => 7.5,
        Action::Recover => 10.0,
        Action::LetGo => 0.0,
        Action::Beautify(_) => {
            let built = view.my_turn().map(|t| t.built).unwrap_or(0);
            if built > 0 || view.my_gold() >= 6 {
                10.0
            } else {
                -5.0
            }
        }
    }
}

/// Positive: take gold; negative: draw cards.
pub(super) fn gather_gold_preference(d: &Decision) -> f32 {
    d.w.gold_bias + gather_need(d)
}

/// The hand's and purse's own case for gold (positive) or cards (negative).
fn gather_need(d: &Decision) -> f32 {
    let view = d.view;
    let useful = d.useful_hand();
    let useful_cards = useful.len();
    if useful_cards == 0 {
        return -10.0;
    }
    let gold = view.my_gold() as i32;
    // The cheapest useful card only when it decides (one useful card).
    let cheapest = || {
        useful
            .iter()
            .map(|c| view.cost(c) as i32)
            .min()
            .unwrap_or(99)
    };
    if useful_cards >= 2 || gold < cheapest() {
        5.0
    } else if gold >= 6 {
        -3.0
    } else {
        2.0
    }
}

fn den_remaining(view: &View) -> u16 {
    match view.my_turn().map(|t| t.pending) {
        Some(crate::engine::state::Pending::DenPayment { remaining, .. }) => remaining as u16,
        _ => 0,
    }
}

/// The cards of my hand that could be built in my city (no identical district, unless
/// Quarry), counting only one copy of districts held twice: the lowest-id copy.
pub(super) fn useful_cards_of(view: &View) -> CardSet {
    let rules = view.rules();
    let city = view.my_city();
    let quarry = city.intersects(rules.by_district[District::Quarry.index()]);
    rules.distinct_new_districts(view.my_hand(), city, quarry)
}

/// Worth of a district card to me: its points, a new type, its effect, and how soon I can
/// afford it. (Inlined, as `destroy_value`.)
#[inline(always)]
fn card_value(view: &View, w: &HeuristicWeights, card: CardId) -> f32 {
    let rules = view.rules();
    let info = rules.card(card);
    let city = view.my_city();
    let has = |d: District| city.intersects(rules.by_district[d.index()]);
    if has(info.district) && !has(District::Quarry) {
        return -20.0;
    }
    match info.district {
        // Scores 3 from the hand and is never built.
        District::SecretVault => return 6.0,
        District::Monument if city.len() >= 5 => return -20.0,
        _ => {}
    }
    let mut value = info.cost as f32;
    if !city.intersects(rules.by_type[info.dtype.index()]) {
        value += w.new_type;
    }
    value += w.unique_effect
        * match info.district {
            District::DragonGate => 2.0,
            District::Statue | District::Keep => 1.5,
            District::WishingWell | District::ImperialTreasury | District::MapRoom => 1.5,
            District::Factory | District::Library | District::SchoolOfMagic => 1.5,
            District::Laboratory | District::Smithy | District::Quarry => 1.0,
            District::HauntedQuarter => 1.5,
            District::Monument | District::Stables => 2.0,
            District::GoldMine | District::Museum => 1.5,
            District::Armory | District::Basilica | District::Capitol | District::Framework => 1.0,
            District::GreatWall | District::Necropolis | District::Observatory => 1.0,
            District::IvoryTower => {
                let uniques = city.intersection(rules.by_type[DistrictType::Unique.index()]);
                if uniques.is_empty() { 3.0 } else { -2.0 }
            }
            District::Park | District::PoorHouse | District::Theater => 0.5,
            District::Hospital | District::Graveyard => 0.5,
            _ => 0.0,
        };
    // Near the end, cards that can be built soon are worth more than big ones.
    let remaining = rules.complete_city.saturating_sub(city.len() as u8);
    let gold = view.my_gold() as f32;
    let shortfall = (info.cost as f32 - gold).max(0.0);
    value -= shortfall
        * if remaining <= 2 {
            w.shortfall_late
        } else {
            w.shortfall_early
        };
    value
}

/// The points the Diplomat's exchange of `theirs` for `mine` adds to his city: the
/// difference in cost, which he also pays when it is positive ("If the other player's
/// district has a higher cost than your district, you must give that player the difference
/// in gold from your stash", 2016 rulebook, Diplomat).
#[inline(always)]
pub(crate) fn exchange_gain(view: &View, theirs: CardId, mine: CardId) -> f32 {
    view.district_cost(theirs) as f32 - view.district_cost(mine) as f32
}

/// The most `destroy_value` can be, whatever the weights: 10 + 20 + cost - 1.5 * (cost - 1)
/// for a cost of at least 1 (30 for a cost of 0).
pub(super) const DESTROY_VALUE_MAX: f32 = 31.5;

/// Warlord: hit the leader when the destruction costs little for what it takes away; never
/// my own city. At most `DESTROY_VALUE_MAX`. (Inlined, as `card_value`: together 1.4 k
/// instructions per heuristic game less than as calls, measured.)
#[inline(always)]
fn destroy_value(d: &Decision, seat: Seat, card: CardId) -> f32 {
    let view = d.view;
    if seat == view.me() {
        return -100.0;
    }
    let rules = view.rules();
    let cost = rules.card(card).cost as f32;
    let price = (cost - 1.0).max(0.0);
    let gold = view.my_gold() as f32;
    let near_complete = d.to_complete(seat) <= 1.0;
    // Unless a city is about to be completed, keep some gold in reserve.
    let affordable = near_complete || price <= gold - d.w.warlord_reserve;
    // Worth it against the leader or a city about to be completed (the standings only when
    // they decide).
    let worth_it = || near_complete || seat == d.leader_for(view.me());
    if !affordable || !worth_it() {
        return -10.0;
    }
    // After building: keep gold for my own city first.
    let built = view.my_turn().map(|t| t.built).unwrap_or(0);
    let urgency = if near_complete { 20.0 } else { 0.0 };
    10.0 + urgency + cost - 1.5 * price - if built == 0 { 5.0 } else { 0.0 }
}
