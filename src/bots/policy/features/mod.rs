//! The policy bot's features: what it sees of one legal action in one decision, as a few
//! `(index, value)` pairs of a fixed, named feature space. The bot scores an action by the
//! dot product of these pairs with its weights; training records the same pairs. One
//! function (`action_features`) feeds both, through a `Sink`.
//!
//! The space, in blocks (see `Layout` and `feature_name`):
//! - `heuristic`: the heuristic bot's own score of the action, / 10. With this weight alone
//!   the bot is a softened heuristic; the other weights are corrections learnt from search.
//! - `kind.<Action>`: one bias per kind of action (`EndTurn`, `TakeIncome`, ...).
//! - `pick.<Character>.<fact>`: picking a character, by the picker's situation.
//! - `target.<role>.<Character>.<fact>`: naming a character (kill, rob, bewitch, ...).
//! - `card.<role>.<fact>`: a district card kept, built, given up or hit.
//! - `seat.<role>.<fact>`: a player hit, looked at or otherwise chosen.
//! - `gather.<fact>` (taking gold rather than drawing), `end.<fact>` (ending the turn),
//!   `misc.<fact>`.
//! - `context.<Action>.<fact>`: the gathering facts again, per kind of the choices between
//!   resources that carry no card, seat or character (the Navigator's gold or cards, the
//!   Emperor's loot, a bribe, ...), which without them differ by a bias alone.
//! - `exchange.<fact>`: the Diplomat's exchange, what it gains and costs.
//!
//! Every fact comes from the deciding seat's `View`.
//!
//! Here: `DecisionFeatures` and the facts of each kind of action. Beside it: `layout` (the
//! space's blocks and names), `situation` (what a decision's actions share, worked out on
//! first use) and `net` (the sinks that score: `Dot`, and `Net` with a hidden layer).

use crate::bots::heuristic::weights::HeuristicWeights;
use crate::bots::heuristic::{self, Kept};
use crate::engine::action::Action;
use crate::engine::characters::income_type;
use crate::engine::ids::{CardId, District, DistrictType, Rank, Seat};
use crate::engine::sets::CardSet;
use crate::engine::view::View;

mod layout;
mod net;
mod situation;
#[cfg(test)]
mod tests;

use layout::*;
pub use layout::{
    BLOCKS, DraftFacts, FEATURES, FeatureBlocks, KINDS, aim_indices, feature_name, keeping_indices,
    kind_name, kind_of, kind_of_feature, pick_indices,
};
pub use net::{Dot, Net, Sink};
use situation::*;

/// One decision's features: the heuristic's evaluation of its actions and the deciding
/// seat's situation, shared by every action.
pub struct DecisionFeatures<'d, 'v> {
    view: &'d View<'v>,
    legal: &'d [Action],
    /// The heuristic with its default weights: the `heuristic` feature must not change with
    /// a run's `[heuristic]` table, or the policy's weights would mean something else.
    heuristic: heuristic::Decision<'d, 'v>,
    situation: Situation<'d>,
    /// Which of their draft facts picks give (`PICK_FACTS` from `PICK_BASE`).
    draft_facts: DraftFacts,
    /// Which of those pass through the hidden units (the others have input rows of 0).
    unit_draft_facts: DraftFacts,
    /// Whether picks work out their aim facts (`aim_indices`); 0 when not.
    aims: bool,
    /// Whether the keeping facts are worked out (`keeping_indices`); 0 when not.
    keeping: bool,
}

impl<'d, 'v> DecisionFeatures<'d, 'v> {
    /// `kept`: what the deciding bot keeps between its decisions.
    pub fn new(
        view: &'d View<'v>,
        legal: &'d [Action],
        kept: &'d Kept,
    ) -> DecisionFeatures<'d, 'v> {
        DecisionFeatures {
            view,
            legal,
            heuristic: heuristic::Decision::new(view, &HeuristicWeights::DEFAULT, kept),
            situation: Situation::new(view, kept),
            draft_facts: DraftFacts::ALL,
            unit_draft_facts: DraftFacts::ALL,
            aims: true,
            keeping: true,
        }
    }

    /// The same features, with the picks' aim facts worked out or left at 0: for weights
    /// that give each of them 0 (`PolicyWeights::reads_aims`), whose scores they would not
    /// change (every built-in file but the default's). They are the dearest of a pick's base
    /// facts (about 1.4 k instructions a 5-player pick decision, 74 k a game: the heuristic's
    /// standings and a value per rank for the leader, me and the richest other player).
    pub fn with_aims(self, aims: bool) -> DecisionFeatures<'d, 'v> {
        DecisionFeatures { aims, ..self }
    }

    /// The same features, with the keeping facts (`keeping_indices`) worked out or left at
    /// 0: for weights that give each of them 0 (`PolicyWeights::reads_keeping`), every
    /// built-in file but `casts`. Left out, they save the look for two districts in my city
    /// each decision, two facts of each pick and each choice between resources, and the
    /// checks of each build and destruction: about 2% of a `first-game` game (paired
    /// whole-process timings, docs/performance.md).
    pub fn with_keeping(self, keeping: bool) -> DecisionFeatures<'d, 'v> {
        DecisionFeatures { keeping, ..self }
    }

    /// The same features, with only the parts of the picks' draft facts that `draft_facts`
    /// turns on: for weights that give each fact of the other parts 0
    /// (`PolicyWeights::reads_draft_facts`), whose scores those would not change.
    pub fn with_draft_facts(self, draft_facts: DraftFacts) -> DecisionFeatures<'d, 'v> {
        DecisionFeatures {
            draft_facts,
            ..self
        }
    }

    /// The same features, with only the parts of the picks' draft facts that
    /// `unit_draft_facts` turns on passed through the hidden units: for weights whose units'
    /// input rows of the other parts are 0 (`PolicyWeights::units_read_draft_facts`).
    pub fn with_unit_draft_facts(self, unit_draft_facts: DraftFacts) -> DecisionFeatures<'d, 'v> {
        DecisionFeatures {
            unit_draft_facts,
            ..self
        }
    }

    /// The features of one legal action, into `sink`. (Inlined with the heuristic's score:
    /// see `policy::score`.)
    #[inline(always)]
    pub fn action(&self, action: Action, sink: &mut impl Sink) {
        let score = self.heuristic.score(action);
        action_features(self, action, score, sink);
    }

    /// The districts of a type in my city.
    fn my_type(&self, dtype: DistrictType) -> f32 {
        heuristic::count_type(self.view, self.situation.me, dtype)
    }

    /// The cards of my hand I could build: the heuristic's own set, computed once.
    fn useful(&self) -> CardSet {
        self.heuristic.useful_hand()
    }

    /// The most cards in another player's hand and the most gold in another player's
    /// stash: the heuristic's own figures, computed once.
    fn others(&self) -> (f32, f32) {
        self.heuristic.others_of(self.situation.me)
    }
}

/// The features of `action` in the decision `d`; `heuristic` is the heuristic bot's score
/// of it. It and the features of each kind below (`pick`, `target`, `district`, `seat`,
/// `gather`) are inlined where an action is scored: as calls, each kind's facts written out
/// to memory and read back, they cost 23 k instructions per policy game more (measured).
#[inline(always)]
fn action_features(d: &DecisionFeatures, action: Action, heuristic: f32, sink: &mut impl Sink) {
    let (view, s) = (d.view, &d.situation);
    sink.add(Layout::HEURISTIC, heuristic / 10.0);
    sink.add(Layout::KIND + kind_of(action), 1.0);
    use Action::*;
    match action {
        Pick(rank) => pick(d, rank, sink),
        Discard(rank) | TheaterSwap(_, rank) => target(d, 5, rank, sink),
        Kill(rank) => target(d, 0, rank, sink),
        Rob(rank) => target(d, 1, rank, sink),
        Bewitch(rank) => target(d, 2, rank, sink),
        Warrant(signed, _, _) => target(d, 3, signed, sink),
        Threaten(flowered, _) => target(d, 4, flowered, sink),
        TakeGold => gather(d, sink),
        Keep(card) | WizardTake(card) => district(d, 0, card, sink),
        Build(card) | WizardBuild(card) => {
            district(d, 1, card, sink);
            build(d, view.build_cost(card) as f32, sink);
        }
        FrameworkBuild(card) => {
            district(d, 1, card, sink);
            build(d, 0.0, sink);
        }
        BorrowBuild(card, lender) => {
            district(d, 1, card, sink);
            // The Cardinal takes from the lender what my gold does not cover.
            build(d, (view.build_cost(card) as f32).min(s.gold), sink);
            seat(view, s, 2, lender, sink);
        }
        NecropolisBuild(_) => build(d, 0.0, sink),
        MagicianDiscard(card)
        | LabDiscard(card)
        | DenPayCard(card)
        | MuseumTuck(card)
        | Give(card) => district(d, 2, card, sink),
        Destroy(victim, card) | ArmoryDestroy(victim, card) | Seize(victim, card) => {
            district(d, 3, card, sink);
            seat(view, s, 0, victim, sink);
            if d.keeping {
                forgoes_build(d, action, sink);
            }
        }
        Exchange(victim, theirs, mine) => {
            district(d, 3, theirs, sink);
            seat(view, s, 0, victim, sink);
            exchange(d, theirs, mine, sink);
        }
        Spy(other, dtype) => {
            seat(view, s, 1, other, sink);
            spy(view, other, dtype, sink);
        }
        SwapHands(other) | WizardLook(other) => seat(view, s, 1, other, sink),
        AbbotTax(other) | GiveCrown(other) => seat(view, s, 2, other, sink),
        EndTurn => {
            let at = Layout::END;
            // The decision offers a build.
            let can_build = d.legal.iter().any(|a| matches!(a, Action::Build(_)));
            let facts = [
                s.gold / 5.0,
                (s.built > 0.0) as u8 as f32,
                can_build as u8 as f32,
                d.useful().len() as f32 / 3.0,
            ];
            sink.add_all(at, &facts);
        }
        _ => {
            if let Some(slot) = context_slot(action) {
                gather_at(d, Layout::CONTEXT + slot * GATHER_FACTS.len(), sink);
            }
        }
    }
}

#[inline(always)]
fn pick(d: &DecisionFeatures, rank: Rank, sink: &mut impl Sink) {
    let (view, s) = (d.view, &d.situation);
    let Some(character) = view.character(rank) else {
        return;
    };
    let at = pick_indices(character).start;
    let own_type = income_type(character).map_or(0.0, |t| d.my_type(t));
    let mut facts = *s.pick_facts(view, || d.others());
    facts[5] = own_type / 3.0;
    if d.aims {
        let aims = s.aims(view, &d.heuristic);
        facts[AIM_FACT] = (aims.kill == Some(rank)) as u8 as f32;
        facts[AIM_FACT + 1] = (aims.rob == Some(rank)) as u8 as f32 * s.gold / 5.0;
    }
    // In the order of `PICK_FACTS` (a score is a sum in that order), the keeping facts
    // only when worked out (`with_keeping`).
    sink.add_all(at, &facts);
    if d.keeping {
        let hoard = s.hoard(view);
        sink.add_all(at + PICK_HOARD, &[hoard.treasury, hoard.map_room]);
    }
    if d.draft_facts.shared {
        let shared = s.draft_facts(view, d.useful());
        match d.unit_draft_facts.shared {
            true => sink.add_all(at + PICK_BASE, shared),
            false => sink.add_all_linear(at + PICK_BASE, shared),
        }
    }
    if d.draft_facts.later {
        let later = s.later_choosers(view, &d.heuristic).taken_after(rank);
        match d.unit_draft_facts.later {
            true => sink.add_all(at + PICK_BASE + DRAFT_SHARED, &later),
            false => sink.add_all_linear(at + PICK_BASE + DRAFT_SHARED, &later),
        }
    }
}

#[inline(always)]
fn target(d: &DecisionFeatures, role: usize, rank: Rank, sink: &mut impl Sink) {
    let (view, s) = (d.view, &d.situation);
    let Some(character) = view.character(rank) else {
        return;
    };
    let at = Layout::TARGET + (role * CHARACTERS + character.index()) * TARGET_FACTS.len();
    let t = s.target_facts(view, || d.others());
    // The chance that a seat holds the character: one in (its possible holders, plus the
    // face-down cards).
    let holders = t.holders[rank.index()];
    let share = 1.0 / (holders.len() + 1) as f32;
    let holds = |seat: Seat| holders.contains(seat) as u8 as f32 * share;
    let facts = [
        1.0,
        t.possible.contains(rank) as u8 as f32,
        t.seen.contains(rank) as u8 as f32,
        t.leader_gold,
        t.richest_gold,
        t.leader_near,
        t.behind,
        holds(t.leader),
        holds(t.richest),
        holders.intersection(t.near).len() as f32 * share,
    ];
    sink.add_all(at, &facts);
}

#[inline(always)]
fn district(d: &DecisionFeatures, role: usize, card: CardId, sink: &mut impl Sink) {
    let (view, s) = (d.view, &d.situation);
    let rules = view.rules();
    let info = rules.card(card);
    let at = Layout::CARD + role * CARD_FACTS.len();
    let cost = view.district_cost(card) as f32;
    let shortfall = (cost - s.gold).max(0.0);
    let late = s.complete - s.city <= 2.0;
    let facts = [
        1.0,
        cost / 5.0,
        (d.my_type(info.dtype) == 0.0) as u8 as f32,
        (!d.useful().contains(card)) as u8 as f32,
        (shortfall == 0.0) as u8 as f32,
        shortfall / 5.0,
        late as u8 as f32 * cost / 5.0,
    ];
    sink.add_all(at, &facts);
    sink.add(at + 7 + info.dtype.index(), 1.0);
    // `hoard`: what the Imperial Treasury or the Map Room would score if the game ended now
    // (0 for every other card, so it is left out).
    let hoard = match info.district {
        District::ImperialTreasury => s.gold / 5.0,
        District::MapRoom => s.hand / 5.0,
        _ => 0.0,
    };
    if d.keeping && hoard != 0.0 {
        sink.add(at + CARD_FACTS.len() - 1, hoard);
    }
}

#[inline(always)]
fn seat(view: &View, s: &Situation<'_>, role: usize, other: Seat, sink: &mut impl Sink) {
    let at = Layout::SEAT + role * SEAT_FACTS.len();
    let facts = [
        1.0,
        (other == s.leader(view)) as u8 as f32,
        s.ahead(view, other),
        view.city(other).len() as f32 / s.complete,
        view.gold(other) as f32 / 5.0,
        view.hand_size(other) as f32 / 5.0,
        s.near(view, other, 1.0) as u8 as f32,
    ];
    sink.add_all(at, &facts);
}

#[inline(always)]
fn gather(d: &DecisionFeatures, sink: &mut impl Sink) {
    gather_at(d, Layout::GATHER, sink);
}

/// The facts of taking gold rather than cards (`GATHER_FACTS`), also those of the other
/// choices between resources (`CONTEXT_ACTIONS`), from `at`; the keeping facts only when
/// worked out (`with_keeping`).
#[inline(always)]
fn gather_at(d: &DecisionFeatures, at: usize, sink: &mut impl Sink) {
    let (view, s) = (d.view, &d.situation);
    let useful = d.useful();
    let facts = [
        s.gold / 5.0,
        useful.len() as f32 / 3.0,
        s.hand / 5.0,
        s.shortfall(useful, view) / 5.0,
        (s.complete - s.city) / 7.0,
        useful.is_empty() as u8 as f32,
        s.round / 10.0,
    ];
    sink.add_all(at, &facts);
    if d.keeping {
        let hoard = s.hoard(view);
        sink.add_all(at + GATHER_HOARD, &[hoard.treasury, hoard.map_room]);
    }
}

/// The Diplomat's exchange of `theirs` for `mine` (`EXCHANGE_FACTS`): "If the other
/// player's district has a higher cost than your district, you must give that player the
/// difference in gold" (2016 rulebook, Diplomat); the Great Wall's extra gold is left out.
#[inline(always)]
fn exchange(d: &DecisionFeatures, theirs: CardId, mine: CardId, sink: &mut impl Sink) {
    let view = d.view;
    let rules = view.rules();
    let (taken, given) = (rules.card(theirs), rules.card(mine));
    let gain = heuristic::exchange_gain(view, theirs, mine);
    let type_lost = given.dtype != taken.dtype && d.my_type(given.dtype) == 1.0;
    let facts = [
        gain / 5.0,
        gain.max(0.0) / 5.0,
        view.district_cost(mine) as f32 / 5.0,
        (given.dtype == DistrictType::Unique) as u8 as f32,
        type_lost as u8 as f32,
    ];
    sink.add_all(Layout::EXCHANGE, &facts);
}

/// The Spy looking at `target`'s hand for `dtype` (`SPY_FACTS`): "For each card in his hand
/// that matches the named district type, take one gold from that player's stash and gain one
/// card from the deck" (2016 rulebook, Spy). The cards of the type I know are in the hand,
/// plus the rest of the hand times the type's share of the cards I have not seen
/// (`View::unseen_cards`, the pool a search deals them from), / 3; the gold that takes, / 3.
/// Without them the policy told the types apart by the heuristic's score alone, which weighs
/// each type by its share of the whole deck: on 3-player `all-characters` its Spy gained 0.69
/// cards and 0.51 gold a look, the search's 0.94 and 0.74 (`replay_tallies spies`;
/// docs/agreement.md, "The Spy's look").
#[inline(always)]
fn spy(view: &View, target: Seat, dtype: DistrictType, sink: &mut impl Sink) {
    let of_type = view.rules().by_type[dtype.index()];
    let known = view.known_hand(target);
    let known_matches = known.intersection(of_type).len() as f32;
    let unseen = view.unseen_cards();
    let share = match unseen.len() {
        0 => 0.0,
        n => unseen.intersection(of_type).len() as f32 / n as f32,
    };
    let unknown_in_hand = view.hand_size(target).saturating_sub(known.len()) as f32;
    let expected = known_matches + unknown_in_hand * share;
    let gold = expected.min(view.gold(target) as f32);
    sink.add_all(
        Layout::SPY,
        &[known_matches / 3.0, expected / 3.0, gold / 3.0],
    );
}

/// A build paying `paid` gold (`MISC_FACTS`): whether it would complete my city; whether
/// the Tax Collector's tax would take a gold after it (`taxed`, left out when not):
/// "Immediately after a player builds a district, he places one gold from his stash on the
/// Tax Collector's character token. ... If a player has no gold remaining in his stash after
/// building a district, he is not charged a tax. The Tax Collector himself is not charged a
/// tax" (2016 rulebook, Tax Collector), whenever the Tax Collector is in the cast. With it in
/// the cast the search's builds on `all-characters` leave it no gold to tax three times in
/// four (taxed after 26.9% of its builds), where weights without this fact were taxed
/// after 52.4% (5,000 5-player games each; docs/agreement.md, "Other casts"); the gold
/// that comes back at the end of the turn, / 5 (`refund`: "At the end of your turn, you
/// receive back all the gold you paid to build districts this turn", 2016 rulebook,
/// Alchemist; as the Alchemist the search built on 97% of the turns it could, weights
/// without this fact, which could not tell, on 75%); and the gold left after it, / 5
/// (`gold_left`). The last three are keeping facts (`with_keeping`), each left out when 0.
#[inline(always)]
fn build(d: &DecisionFeatures, paid: f32, sink: &mut impl Sink) {
    let (view, s) = (d.view, &d.situation);
    sink.add(Layout::MISC, (s.city + 1.0 >= s.complete) as u8 as f32);
    if d.keeping {
        let left = s.gold - paid;
        if left > 0.0 && view.taxes_my_builds() {
            sink.add(Layout::MISC + MISC_TAXED, 1.0);
        }
        if paid > 0.0 && view.refunds_my_builds() {
            sink.add(Layout::MISC + MISC_REFUND, paid / 5.0);
        }
        if left > 0.0 {
            sink.add(Layout::MISC + MISC_GOLD_LEFT, left / 5.0);
        }
    }
}

/// `misc.forgoes_build` (a keeping fact, left out when 0): the Warlord's destruction or the
/// Marshal's seizure costs so much gold that no build this decision offers would still be
/// affordable after it. On `all-characters` the search's Warlord destroyed while a build
/// was offered in 10.0% of its destructions, weights without this fact in 18.5%,
/// and they destroyed on 91% of the turns they could where the search did on 76% (5,000
/// 5-player games each; docs/agreement.md, "Other casts").
#[inline(always)]
fn forgoes_build(d: &DecisionFeatures, action: Action, sink: &mut impl Sink) {
    let (view, s) = (d.view, &d.situation);
    let price = view.rank8_price(action) as f32;
    // The decision's builds are looked at only for a destruction that costs gold.
    if price > 0.0
        && s.cheapest_build(view, d.legal)
            .is_some_and(|cost| s.gold - price < cost)
    {
        sink.add(Layout::MISC + MISC_FORGOES_BUILD, 1.0);
    }
}
