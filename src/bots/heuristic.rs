//! The heuristic bot: plays the way a decent human would. It builds toward a completed city,
//! picks characters by its situation, aims the Assassin, Thief and Warlord at the leader, and
//! uses the unique districts it owns. It decides from its `View` only.

use super::Bot;
use super::weights::HeuristicWeights;
use crate::engine::action::Action;
use crate::engine::ids::{CardId, Character, District, DistrictType, Rank, Seat};
use crate::engine::rng::GameRng;
use crate::engine::sets::CardSet;
use crate::engine::view::View;
use std::cell::{Cell, OnceCell};

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

/// One decision: the view, the weights, and what the evaluations of its actions share,
/// each part computed on first use (most decisions need only some of it). It lives for one
/// decision only, so nothing in it can outlive the state it was computed from.
pub(crate) struct Decision<'d, 'v> {
    view: &'d View<'v>,
    w: &'d HeuristicWeights,
    kept: &'d Kept,
    /// The cards of my hand I could build (`useful`).
    useful: OnceCell<CardSet>,
    /// `gather_gold_preference`, asked by both gathering actions; NaN until first asked. (A
    /// plain cell: most decisions ask it, and a `OnceCell`'s first use is an outlined call.)
    gather: Cell<f32>,
    /// Standings and leaders: most picks need them only for the Warlord's value.
    standings: OnceCell<Standings>,
    /// The most cards and gold among the players, for the characters that take from others.
    others: OnceCell<Others>,
    /// How many seats lack at most 2 districts to complete their city (`another_near`).
    near: OnceCell<u8>,
    /// What the naming abilities weigh, per rank: how much the leader would gain from that
    /// character (`threats_by_rank`), and how much gold a rank 2 ability could take from it
    /// (`loot_by_rank`). Each worked out for every rank at once on first use: a decision
    /// that names a character asks about most ranks.
    threats: OnceCell<[f32; 10]>,
    loot: OnceCell<[f32; 10]>,
}

impl<'d, 'v> Decision<'d, 'v> {
    pub(crate) fn new(
        view: &'d View<'v>,
        w: &'d HeuristicWeights,
        kept: &'d Kept,
    ) -> Decision<'d, 'v> {
        Decision {
            view,
            w,
            kept,
            useful: OnceCell::new(),
            gather: Cell::new(f32::NAN),
            standings: OnceCell::new(),
            others: OnceCell::new(),
            near: OnceCell::new(),
            threats: OnceCell::new(),
            loot: OnceCell::new(),
        }
    }

    /// The heuristic's score of one legal action of this decision (it plays the highest):
    /// the policy bot builds on it (its `heuristic` feature), and inlines it where it scores
    /// an action (see `policy::score`).
    #[inline(always)]
    pub(crate) fn score(&self, action: Action) -> f32 {
        evaluate(self, action, f32::NEG_INFINITY)
    }

    /// How good the character of `rank` is for `seat` this round: the heuristic's score of
    /// picking it from that seat (the policy asks it of the players who choose after me).
    pub(crate) fn character_value(&self, seat: Seat, rank: Rank) -> f32 {
        character_value(self, seat, rank)
    }

    /// The characters a heuristic Assassin and a heuristic Thief held by another player would
    /// name this round, as the search's rollouts and its model of the other players play
    /// them (the policy's pick facts `kill_aim` and `rob_aim`), each worked out only when
    /// asked (`kill`, `rob`; None otherwise). The Assassin names the character of most value
    /// to its leader (`threats_by_rank`), the Thief the one whose holder would lose most
    /// (`loot_by_rank`). Their holders are unknown here, so the leader is the best seat of
    /// the table (every seat's but the best's own), and every rank of the cast that is not
    /// face up may be named but the namer's own and, for the Thief, rank 1 (rulebook 2016,
    /// "Thief": "You cannot rob the rank 1 character ..., the killed character, or the
    /// bewitched character"). The loot is the most that I or the richest other player would
    /// lose (the first in seat order among equals): the gold dominates it, and asking every
    /// seat cost the policy 31 k more instructions per 5-player game for about the same fit
    /// (`docs/agreement.md`, "Where the strength is"). The lowest rank among equals.
    pub(crate) fn opponents_aims(&self, kill: bool, rob: bool) -> (Option<Rank>, Option<Rank>) {
        let view = self.view;
        let faceup = view.faceup_discards();
        let me = view.me();
        let leader = kill.then(|| Chooser::of(view, self.standings().best));
        let richest = (0..view.players())
            .map(Seat)
            .filter(|&s| s != me)
            .reduce(|best, s| {
                if view.gold(s) > view.gold(best) {
                    s
                } else {
                    best
                }
            })
            .unwrap_or(me);
        let victims = [me, richest].map(|seat| {
            let chooser = Chooser::of(view, seat);
            (chooser, chooser.gold * 0.2)
        });
        let mut killed: Option<(Rank, f32)> = None;
        let mut robbed: Option<(Rank, f32)> = None;
        for r in 2..=9u8 {
            let rank = Rank(r);
            let Some(character) = view.character(rank) else {
                continue;
            };
            if faceup.contains(rank) {
                continue;
            }
            if let Some(leader) = leader {
                let threat = character_value_for(self, leader, character);
                if killed.is_none_or(|(_, best)| threat > best) {
                    killed = Some((rank, threat));
                }
            }
            if rob && r >= 3 {
                let loot = victims
                    .iter()
                    .map(|&(chooser, gold)| {
                        gold + character_value_for(self, chooser, character) * 0.5
                    })
                    .fold(f32::NEG_INFINITY, f32::max);
                if robbed.is_none_or(|(_, best)| loot > best) {
                    robbed = Some((rank, loot));
                }
            }
        }
        (killed.map(|(r, _)| r), robbed.map(|(r, _)| r))
    }
}

impl Decision<'_, '_> {
    fn standings(&self) -> &Standings {
        self.standings
            .get_or_init(|| Standings::new(self.view, self.w, self.kept))
    }

    /// The public standing of `seat` (see `standing`).
    fn standing(&self, seat: Seat) -> f32 {
        self.standings().standing[seat.index()]
    }

    /// The opponent furthest ahead of `seat`.
    #[inline(always)]
    fn leader_for(&self, seat: Seat) -> Seat {
        let standings = self.standings();
        if seat == standings.best {
            standings.runner_up
        } else {
            standings.best
        }
    }

    /// How far `seat` is behind its leader, never negative.
    fn behind(&self, seat: Seat) -> f32 {
        let leader = self.leader_for(seat);
        (self.standing(leader) - self.standing(seat)).max(0.0)
    }

    /// The most cards in another player's hand, and the most gold in another player's
    /// stash, from `seat`'s side.
    // (This and the other small questions about seats are inlined, as `character_value`
    // that asks them: 1.7 k instructions per heuristic game less than as calls, measured.)
    #[inline(always)]
    pub(crate) fn others_of(&self, seat: Seat) -> (f32, f32) {
        let others = self.others.get_or_init(|| Others::new(self.view));
        let s = seat.index();
        (
            others.cards.of_others(s) as f32,
            others.gold.of_others(s) as f32,
        )
    }

    /// The districts `seat`'s city lacks to be complete (negative past complete). Worked
    /// out at each call: a few instructions, less than looking up a value kept for the
    /// decision (which cost about 1.6 k instructions per heuristic game more, measured).
    fn to_complete(&self, seat: Seat) -> f32 {
        self.view.rules().complete_city as f32 - self.view.city(seat).len() as f32
    }

    /// Whether a seat other than `seat` lacks at most 2 districts.
    #[inline(always)]
    fn another_near(&self, seat: Seat) -> bool {
        let near = *self.near.get_or_init(|| {
            // `to_complete(s) <= 2.0` in integers.
            let complete = self.view.rules().complete_city as usize;
            let cities = (0..self.view.players()).map(|s| self.view.city(Seat(s)));
            cities.filter(|city| city.len() + 2 >= complete).count() as u8
        });
        near > (self.to_complete(seat) <= 2.0) as u8
    }

    fn threat(&self, rank: Rank) -> f32 {
        self.threats.get_or_init(|| threats_by_rank(self))[rank.index()]
    }

    fn loot(&self, rank: Rank) -> f32 {
        self.loot.get_or_init(|| loot_by_rank(self))[rank.index()]
    }

    /// The cards of my hand I could build (looked up once per decision: asking `Kept` at
    /// every call, which compares the hand and the city, cost 10 k more instructions per
    /// heuristic game, measured). The work on first use is inlined: a `OnceCell`'s
    /// `get_or_init` is an outlined call, which cost more than the lookup in `gather_need`.
    #[inline]
    pub(crate) fn useful_hand(&self) -> CardSet {
        if let Some(&useful) = self.useful.get() {
            return useful;
        }
        let useful = self.kept.useful_hand(self.view);
        let _ = self.useful.set(useful);
        useful
    }

    fn gather_gold_preference(&self) -> f32 {
        let known = self.gather.get();
        if !known.is_nan() {
            return known;
        }
        let preference = gather_gold_preference(self);
        self.gather.set(preference);
        preference
    }

    fn useful_cards(&self) -> usize {
        self.useful_hand().len()
    }

    /// A card of my hand worth giving away or discarding: not buildable, and not the Secret
    /// Vault (which scores from the hand).
    fn junk(&self, card: CardId) -> bool {
        !self.useful_hand().contains(card)
            && self.view.rules().card(card).district != District::SecretVault
    }
}

/// The districts of a type in `seat`'s city. (Counted where asked, as the seat's gold and
/// hand by `character_value`: a pick asks for one type per character, and a few instructions
/// each cost less than counting every type of the seat once per decision and looking that up:
/// 2.7 k instructions per heuristic game less, measured; 4 k per policy game less for the
/// policy's own picks and cards.)
#[inline(always)]
pub(crate) fn count_type(view: &View, seat: Seat, dtype: DistrictType) -> f32 {
    let city = view.city(seat);
    city.intersection(view.rules().by_type[dtype.index()]).len() as f32
}

/// The points the Diplomat's exchange of `theirs` for `mine` adds to his city: the
/// difference in cost, which he also pays when it is positive ("If the other player's
/// district has a higher cost than your district, you must give that player the difference
/// in gold from your stash", 2016 rulebook, Diplomat).
#[inline(always)]
pub(crate) fn exchange_gain(view: &View, theirs: CardId, mine: CardId) -> f32 {
    view.district_cost(theirs) as f32 - view.district_cost(mine) as f32
}

/// The most cards in hand and the most gold among the players, with who holds them: the
/// most among the others of any seat, in one pass over the players.
struct Others {
    cards: TopTwo<usize>,
    gold: TopTwo<u16>,
}

impl Others {
    fn new(view: &View) -> Others {
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
struct TopTwo<T> {
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
    fn of_others(&self, entry: usize) -> T {
        if entry == self.at {
            self.second
        } else {
            self.first
        }
    }
}

/// Every seat's public standing and the opponent furthest ahead of it.
struct Standings {
    /// Public standing of each seat (see `standing`).
    standing: [f32; 8],
    /// The seat furthest ahead (the last among equals), and the furthest ahead of the others.
    best: Seat,
    runner_up: Seat,
}

impl Standings {
    fn new(view: &View, weights: &HeuristicWeights, kept: &Kept) -> Standings {
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
fn evaluate(d: &Decision, action: Action, floor: f32) -> f32 {
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
fn gather_gold_preference(d: &Decision) -> f32 {
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
fn useful_cards_of(view: &View) -> CardSet {
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

/// A public estimate of a player's standing: built points, city size, gold.
fn standing(view: &View, w: &HeuristicWeights, kept: &Kept, seat: Seat) -> f32 {
    let city = view.city(seat);
    w.standing_points * kept.city_cost(view, seat) as f32
        + w.standing_district * city.len() as f32
        + w.standing_gold * view.gold(seat) as f32
        + w.standing_cards * view.hand_size(seat) as f32
}

/// How good the character of `rank` is for `seat` this round, from public information.
/// Inlined where it is asked (a pick's evaluation, the naming values): as a call, saving
/// and restoring registers cost more than most characters' own formula (6 k instructions per
/// heuristic game, measured).
#[inline(always)]
fn character_value(d: &Decision, seat: Seat, rank: Rank) -> f32 {
    value_of_rank(d, Chooser::of(d.view, seat), d.view.character(rank))
}

/// The seat `character_value_for` values characters for, with the gold and hand it reads of
/// it: read once for every rank where one seat is asked about many.
#[derive(Clone, Copy)]
struct Chooser {
    seat: Seat,
    gold: f32,
    hand: f32,
}

impl Chooser {
    #[inline(always)]
    fn of(view: &View, seat: Seat) -> Chooser {
        Chooser {
            seat,
            gold: view.gold(seat) as f32,
            hand: view.hand_size(seat) as f32,
        }
    }
}

/// `character_value` for a seat whose gold and hand were read, of the character in the cast.
#[inline(always)]
fn character_value_for(d: &Decision, chooser: Chooser, character: Character) -> f32 {
    let view = d.view;
    let rules = view.rules();
    let Chooser { seat, gold, hand } = chooser;
    let to_complete = || d.to_complete(seat);
    let count_type = |dtype: DistrictType| count_type(view, seat, dtype);
    let most_cards = || d.others_of(seat).0;
    let richest_gold = || d.others_of(seat).1;
    // The catch-up term of the naming characters; with the default weight 0 the standings
    // are not needed (and not computed) for it.
    let catch_up = |factor: f32| {
        let weight = d.w.catch_up;
        if weight == 0.0 {
            0.0
        } else {
            factor * weight * d.behind(seat)
        }
    };
    match character {
        Character::Assassin => 3.0 + catch_up(0.15),
        Character::Thief => 1.5 + 0.5 * richest_gold(),
        Character::Magician => {
            let most = most_cards();
            2.0 + (most - hand).max(0.0) + if hand == 0.0 { 2.0 } else { 0.0 }
        }
        Character::King => {
            let statue = view
                .city(seat)
                .intersects(rules.by_district[District::Statue.index()]);
            2.5 + count_type(DistrictType::Noble) + if statue { 2.0 } else { 0.0 }
        }
        Character::Bishop => {
            let exposure = if to_complete() <= 2.0 { 3.0 } else { 0.5 };
            2.0 + count_type(DistrictType::Religious) + exposure
        }
        Character::Merchant => 3.0 + count_type(DistrictType::Trade),
        Character::Architect => {
            let builds = hand.min((gold / 3.0).floor()).min(3.0);
            1.5 + 2.0 * builds + if hand <= 1.0 { 1.5 } else { 0.0 }
        }
        Character::Warlord => {
            // A threat when the leader's city is two districts from complete. The leader is
            // another seat: while no other city is that close, there is no threat whoever
            // leads, and the standings (the dearest part of a pick) are not needed.
            let near = |s: Seat| d.to_complete(s) <= 2.0;
            let threat = if d.another_near(seat) && near(d.leader_for(seat)) {
                3.0
            } else {
                0.0
            };
            2.0 + count_type(DistrictType::Military) + threat
        }
        Character::Witch => 3.0 + catch_up(0.1),
        Character::Magistrate => 3.0 + catch_up(0.05),
        Character::Spy => 2.0 + 0.3 * most_cards(),
        Character::Blackmailer => 1.5 + 0.4 * richest_gold(),
        Character::Wizard => 2.5 + 0.3 * most_cards(),
        Character::Seer => 2.5 + if hand <= 1.0 { 1.5 } else { 0.0 },
        Character::Emperor => 2.5 + count_type(DistrictType::Noble),
        Character::Patrician => 2.0 + count_type(DistrictType::Noble),
        Character::Abbot => 2.5 + count_type(DistrictType::Religious),
        Character::Cardinal => {
            let short = if gold < 3.0 && hand >= 2.0 { 1.5 } else { 0.0 };
            2.0 + 0.8 * count_type(DistrictType::Religious) + short
        }
        Character::Alchemist => 1.0 + 0.6 * gold.min(6.0) * (hand > 0.0) as u8 as f32,
        Character::Trader => 3.0 + count_type(DistrictType::Trade),
        Character::Navigator => {
            if to_complete() <= 1.0 {
                0.5
            } else {
                3.5 - 0.3 * (gold / 3.0).min(hand)
            }
        }
        Character::Scholar => 2.5 + if hand <= 1.0 { 2.0 } else { 0.5 },
        Character::Diplomat => 2.5 + count_type(DistrictType::Military),
        Character::Marshal => {
            let can_pay = if gold >= 2.0 { 1.5 } else { 0.0 };
            2.0 + count_type(DistrictType::Military) + can_pay
        }
        Character::Queen => 3.0,
        Character::Artist => {
            1.5 + 0.5 * gold.min(2.0) + if to_complete() <= 2.0 { 1.0 } else { 0.0 }
        }
        Character::TaxCollector => 1.5 + view.tax_pool() as f32,
    }
}

/// The value of naming a character no opponent may hold (see `View::opponent_ranks`).
const NOBODY_HOLDS: f32 = -50.0;

/// Assassin: kill the character the leader most likely wants. Per rank: the character's
/// value to the leader, for the ranks an opponent may hold.
fn threats_by_rank(d: &Decision) -> [f32; 10] {
    let mut threat = [NOBODY_HOLDS; 10];
    let possible = d.view.opponent_ranks();
    if possible.is_empty() {
        return threat;
    }
    let leader = Chooser::of(d.view, d.leader_for(d.view.me()));
    for rank in possible.iter() {
        threat[rank.index()] = value_of_rank(d, leader, d.view.character(rank));
    }
    threat
}

/// Thief: rob the character most likely held by a rich player. Per rank: the most any
/// opponent would lose, for the ranks an opponent may hold (the running maximum taken in seat
/// order, from 0). Rank by rank, each character looked up once for every opponent: opponent
/// by opponent, walking the ranks and looking each up again for each, cost 1.8 k more
/// instructions per policy game (measured).
fn loot_by_rank(d: &Decision) -> [f32; 10] {
    let mut loot = [NOBODY_HOLDS; 10];
    let view = d.view;
    let me = view.me();
    // Each opponent's gold and hand, and the gold the Thief would take from it, read once.
    let mut opponents = [(Chooser::of(view, me), 0.0); 8];
    let mut count = 0;
    for s in (0..view.players()).map(Seat).filter(|&s| s != me) {
        opponents[count] = (Chooser::of(view, s), view.gold(s) as f32 * 0.2);
        count += 1;
    }
    for rank in view.opponent_ranks().iter() {
        let character = view.character(rank);
        let mut most = 0.0f32;
        for &(chooser, gold) in &opponents[..count] {
            most = most.max(gold + value_of_rank(d, chooser, character) * 0.5);
        }
        loot[rank.index()] = most;
    }
    loot
}

/// `character_value_for` of a rank's character, looked up by the caller (once for many
/// seats where it can): 0 for a rank outside the cast. (The ranks an opponent may hold are
/// all in the cast; no panic path rests on that.)
#[inline(always)]
fn value_of_rank(d: &Decision, chooser: Chooser, character: Option<Character>) -> f32 {
    match character {
        Some(character) => character_value_for(d, chooser, character),
        None => 0.0,
    }
}

/// The most `destroy_value` can be, whatever the weights: 10 + 20 + cost - 1.5 * (cost - 1)
/// for a cost of at least 1 (30 for a cost of 0).
const DESTROY_VALUE_MAX: f32 = 31.5;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::policy::{PolicyBot, PolicyParams};
    use crate::config::load_preset;
    use crate::engine::{Rules, State, legal_actions, new_game, to_move, try_apply};

    /// Every decision position (state and decider) of two games of heuristic bots, the
    /// games' positions interleaved: consecutive positions come from different games.
    fn positions(rules: &Rules) -> Vec<(State, Seat)> {
        let mut games: Vec<Vec<(State, Seat)>> = Vec::new();
        let mut legal = Vec::new();
        for seed in [3, 4] {
            let mut bots: Vec<HeuristicBot> = (0..rules.players)
                .map(|s| HeuristicBot::new(seed * 10 + s as u64, HeuristicWeights::DEFAULT))
                .collect();
            let mut state = new_game(rules, seed);
            let mut game = Vec::new();
            while let Some(seat) = to_move(&state) {
                legal_actions(rules, &state, &mut legal);
                game.push((state.clone(), seat));
                let view = View::new(rules, &state, seat);
                let action = bots[seat.index()].decide(&view, &legal);
                try_apply(rules, &mut state, action).expect("a legal action");
            }
            games.push(game);
        }
        let (a, b) = (&games[0], &games[1]);
        (0..a.len().max(b.len()))
            .flat_map(|i| [a.get(i), b.get(i)])
            .flatten()
            .cloned()
            .collect()
    }

    /// Every decision of `positions` of first-game at 4 to 7 players: the player count, the
    /// round, the decider, its legal actions and the heuristic's decision of them.
    fn first_game_decisions(mut visit: impl FnMut(u8, u16, Seat, &[Action], &Decision)) {
        let mut legal = Vec::new();
        for players in 4..=7 {
            let rules = load_preset("first-game")
                .and_then(|c| c.rules(players))
                .expect("preset loads");
            for (state, seat) in positions(&rules) {
                legal_actions(&rules, &state, &mut legal);
                let view = View::new(&rules, &state, seat);
                let kept = Kept::default();
                let decision = Decision::new(&view, &HeuristicWeights::DEFAULT, &kept);
                visit(players, state.round, seat, &legal, &decision);
            }
        }
    }

    /// The bot skips scoring a Warlord's destruction once an earlier action of the decision
    /// scores above `DESTROY_VALUE_MAX` (such a destruction could neither be played nor tie,
    /// so no draw is missed). That keeps play unchanged only if no destruction ever scores
    /// more: checked on every destruction offered in the games of `positions` at 4 to 7
    /// players, the branch for a city about to be completed (20 more) included.
    #[test]
    fn no_destruction_scores_above_the_bound_the_bot_skips_by() {
        let (mut offered, mut urgent) = (0, 0);
        first_game_decisions(|_, _, _, legal, decision| {
            for &action in legal.iter().filter(|a| matches!(a, Action::Destroy(..))) {
                let score = decision.score(action);
                assert!(score <= DESTROY_VALUE_MAX, "{action:?} scores {score}");
                offered += 1;
                urgent += (score >= 20.0) as usize;
            }
        });
        assert!(
            offered > 100 && urgent > 0,
            "{offered} destructions, {urgent} urgent"
        );
    }

    /// `opponents_aims` names what a heuristic Assassin or Thief held by another player
    /// names (the policy's `kill_aim` and `rob_aim`): at every decision of heuristic games at
    /// 4 to 7 players of first-game that offers a kill, by a seat that is not the table's
    /// best (whose leader is the best seat), the kill the heuristic scores highest names the
    /// rank the aims give, whenever the namer may think an opponent holds that rank. The
    /// Thief's aim weighs only the richest other player's loss and the asker's, where the
    /// heuristic Thief weighs every other player's: asked from the robber's own seat (whose
    /// loss the real Thief leaves out), it names the heuristic's robbery in at least four
    /// robberies of five where the Thief may think an opponent holds it (24 of 28 in these
    /// games).
    #[test]
    fn opponents_aims_are_the_heuristic_namers_choices() {
        let (mut kills, mut robberies, mut alike) = (0, 0, 0);
        first_game_decisions(|players, round, seat, legal, d| {
            if d.standings().best == seat {
                return;
            }
            let view = d.view;
            let (kill, rob) = d.opponents_aims(true, true);
            let possible = view.opponent_ranks();
            let best_named = |named: fn(Action) -> Option<Rank>| {
                let mut best: Option<(Rank, f32)> = None;
                for &action in legal {
                    if let Some(rank) = named(action) {
                        let score = d.score(action);
                        if best.is_none_or(|(_, b)| score > b) {
                            best = Some((rank, score));
                        }
                    }
                }
                best.map(|(rank, _)| rank)
            };
            let killed = best_named(|a| match a {
                Action::Kill(rank) => Some(rank),
                _ => None,
            });
            if let (Some(killed), Some(aim)) = (killed, kill)
                && possible.contains(aim)
            {
                assert_eq!(killed, aim, "{players} players, round {round}");
                kills += 1;
            }
            let robbed = best_named(|a| match a {
                Action::Rob(rank) => Some(rank),
                _ => None,
            });
            if let (Some(robbed), Some(aim)) = (robbed, rob)
                && possible.contains(aim)
                && view.killed() != Some(aim)
            {
                robberies += 1;
                alike += (robbed == aim) as u32;
            }
        });
        assert!(
            kills > 10 && robberies > 10 && alike * 5 >= robberies * 4,
            "{kills} kills, {robberies} robberies, {alike} alike"
        );
    }

    /// The Thief's loot worked out rank by rank is, to the bit, that of the plain pass
    /// opponent by opponent (each rank's running maximum from 0 in seat order, a rank's
    /// character looked up at each value), at every decision position of heuristic games at 4
    /// to 7 players of all the characters.
    #[test]
    fn loot_rank_by_rank_is_that_of_opponent_by_opponent() {
        let mut ranks = 0;
        for players in 4..=7 {
            let rules = load_preset("all-characters")
                .and_then(|c| c.rules(players))
                .expect("preset loads");
            for (state, seat) in positions(&rules) {
                let view = View::new(&rules, &state, seat);
                let kept = Kept::default();
                let d = Decision::new(&view, &HeuristicWeights::DEFAULT, &kept);
                let possible = view.opponent_ranks();
                let mut plain = [NOBODY_HOLDS; 10];
                for rank in possible.iter() {
                    plain[rank.index()] = 0.0;
                }
                for s in (0..view.players()).map(Seat).filter(|&s| s != seat) {
                    let gold = view.gold(s) as f32 * 0.2;
                    for rank in possible.iter() {
                        let value = gold + character_value(&d, s, rank) * 0.5;
                        plain[rank.index()] = plain[rank.index()].max(value);
                    }
                }
                let loot = loot_by_rank(&d);
                assert_eq!(loot.map(f32::to_bits), plain.map(f32::to_bits));
                ranks += possible.len();
            }
        }
        assert!(ranks > 5_000, "{ranks} ranks");
    }

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

    /// What a bot keeps between decisions (city costs, the useful hand) answers for the
    /// position asked about, even when every decision comes from another game than the one
    /// before (as the search's determinized states do): a bot that kept it decides as one
    /// that starts afresh.
    #[test]
    fn kept_values_never_answer_for_another_state() {
        let rules = load_preset("all-districts")
            .and_then(|c| c.rules(5))
            .expect("preset loads");
        let positions = positions(&rules);
        let kept = Kept::default();
        let mut heuristic = HeuristicBot::new(7, HeuristicWeights::DEFAULT);
        let mut policy = PolicyBot::new(PolicyParams::default(), 7);
        let mut legal = Vec::new();
        let mut changed = 0;
        for (i, (state, seat)) in positions.iter().enumerate() {
            let view = View::new(&rules, state, *seat);
            for other in (0..rules.players).map(Seat) {
                let city = view.city(other);
                changed += (i > 0 && positions[i - 1].0.city[other.index()] != city) as usize;
                assert_eq!(kept.city_cost(&view, other), rules.printed_cost(city));
            }
            assert_eq!(kept.useful_hand(&view), useful_cards_of(&view));
            legal_actions(&rules, state, &mut legal);
            // The same bot with what it kept dropped: the same move, the same draws.
            let mut fresh = heuristic.clone();
            fresh.kept = Kept::default();
            assert_eq!(heuristic.decide(&view, &legal), fresh.decide(&view, &legal));
            let mut fresh = policy.clone();
            fresh.forget_kept();
            assert_eq!(policy.decide(&view, &legal), fresh.decide(&view, &legal));
        }
        // The test met cities that differ from one decision to the next.
        assert!(changed > 100, "{changed} changed cities");
    }
}
