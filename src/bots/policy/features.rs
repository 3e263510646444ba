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

use crate::bots::heuristic::{self, Kept};
use crate::bots::policy::weights::{Hidden, MAX_UNITS, Octet};
use crate::bots::weights::HeuristicWeights;
use crate::engine::action::Action;
use crate::engine::characters::income_type;
use crate::engine::ids::{CardId, Character, District, DistrictType, Rank, Seat};
use crate::engine::sets::{CardSet, RankSet, SeatSet};
use crate::engine::view::View;
use std::cell::OnceCell;

/// Where a feature value goes: a dot product while playing, a record while training.
pub trait Sink {
    fn add(&mut self, index: usize, value: f32);

    /// Adds `values` at consecutive indices from `at`, in order.
    #[inline]
    fn add_all(&mut self, at: usize, values: &[f32]) {
        for (i, &value) in values.iter().enumerate() {
            self.add(at + i, value);
        }
    }

    /// `add_all` for a block whose input rows into the hidden units are all 0: a sink that
    /// scores with a layer may leave the units out, which gives the same score.
    #[inline]
    fn add_all_linear(&mut self, at: usize, values: &[f32]) {
        self.add_all(at, values);
    }
}

/// The dot product of the features with a weight vector.
pub struct Dot<'w> {
    weights: &'w [f32; FEATURES],
    pub total: f32,
}

impl<'w> Dot<'w> {
    /// `weights`: one per feature (`PolicyWeights::values`).
    pub fn new(weights: &'w [f32]) -> Dot<'w> {
        Dot {
            weights: weights.try_into().expect("one weight per feature"),
            total: 0.0,
        }
    }
}

impl Sink for Dot<'_> {
    #[inline]
    fn add(&mut self, index: usize, value: f32) {
        self.total += self.weights[index] * value;
    }

    /// The same sums in the same order as `add` one by one (the same total to the bit),
    /// with one bounds check for the block.
    #[inline(always)]
    fn add_all(&mut self, at: usize, values: &[f32]) {
        let weights = &self.weights[at..at + values.len()];
        let mut total = self.total;
        for (&w, &value) in weights.iter().zip(values) {
            total += w * value;
        }
        self.total = total;
    }
}

/// An action's score under weights with a hidden layer (`weights::Hidden`): the linear dot
/// product plus the units' output. (Linear weights score with `Dot` alone, which does not
/// pay for the units.)
pub struct Net<'w> {
    linear: Dot<'w>,
    hidden: &'w Hidden,
    /// Each unit's input so far (the first `hidden.units()`).
    units: [f32; MAX_UNITS],
}

impl<'w> Net<'w> {
    pub fn new(values: &'w [f32], hidden: &'w Hidden) -> Net<'w> {
        Net {
            linear: Dot::new(values),
            hidden,
            units: [0.0; MAX_UNITS],
        }
    }

    /// The score of the features added so far. The units' outputs are worked out side by
    /// side (a vector loop) and summed in eight lanes, unit `u` into lane `u % 8` (the
    /// units past the last eight first go to the linear score one by one), and the lanes
    /// are added pairwise. Summed one by one in unit order, as before version 0.2.1, the 32
    /// additions of a 32-unit layer waited each on the last, and cost the draft layer 6% of
    /// its time (paired whole-process timings, 5 players); the scores differ in their last
    /// bits only.
    #[inline(always)]
    pub fn total(&self) -> f32 {
        let h = self.hidden;
        let n = h.units();
        let mut outputs = [0.0f32; MAX_UNITS];
        let outputs = &mut outputs[..n];
        for (((output, &z), &bias), &out) in
            outputs.iter_mut().zip(&self.units).zip(&h.bias).zip(&h.out)
        {
            *output = out * (z + bias).max(0.0);
        }
        let mut lanes = [0.0f32; 8];
        let mut eights = outputs.chunks_exact(8);
        for eight in eights.by_ref() {
            for (lane, &output) in lanes.iter_mut().zip(eight) {
                *lane += output;
            }
        }
        let mut total = self.linear.total;
        for &output in eights.remainder() {
            total += output;
        }
        let [l0, l1, l2, l3, l4, l5, l6, l7] = lanes;
        total + (((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)))
    }
}

impl Sink for Net<'_> {
    #[inline]
    fn add(&mut self, index: usize, value: f32) {
        self.linear.add(index, value);
        if value != 0.0 {
            // Two slices of one length: the loop is vectorised without a bounds check.
            let row = self.hidden.row(index);
            let units = &mut self.units[..row.len()];
            for (unit, &w) in units.iter_mut().zip(row) {
                *unit += w * value;
            }
        }
    }

    /// The linear part as `Dot::add_all` (one bounds check for the block), then the units
    /// from the rows of the block's values that are not 0 (`Nonzero`, in parts of `BLOCK`
    /// values), which lie one after another, in groups of `LANES` units, then one of
    /// `LANES / 2` if that many are left, then one at a time: each group's sums stay in
    /// registers for the whole block instead of going to memory at every value. Each unit
    /// still adds the values in the block's order, so the sums are those of `add` one by
    /// one, to the bit. (Inlined where an action is scored, so that `net_score_avx2`
    /// compiles it for AVX2.)
    #[inline(always)]
    fn add_all(&mut self, at: usize, values: &[f32]) {
        self.linear.add_all(at, values);
        let n = self.hidden.units();
        if n.is_multiple_of(8) {
            // Every eight units of every row are an `Octet` (`weights::InputRows`).
            let octets = self.hidden.input.octets();
            let stride = n / 8;
            for (c, values) in values.chunks(BLOCK).enumerate() {
                let first = (at + c * BLOCK) * stride;
                let nonzero = Nonzero::of(values);
                let mut groups = self.units[..n].chunks_exact_mut(LANES);
                for (g, group) in groups.by_ref().enumerate() {
                    add_octets::<{ LANES / 8 }>(
                        group,
                        octets,
                        first + g * LANES / 8,
                        stride,
                        values,
                        nonzero,
                    );
                }
                // The units beyond the last whole group: a group of `LANES / 2`, then of 8.
                let mut rest = groups.into_remainder();
                let mut from = (n - rest.len()) / 8;
                if rest.len() >= LANES / 2 {
                    let (half, after) = rest.split_at_mut(LANES / 2);
                    add_octets::<{ LANES / 16 }>(
                        half,
                        octets,
                        first + from,
                        stride,
                        values,
                        nonzero,
                    );
                    (rest, from) = (after, from + LANES / 16);
                }
                if !rest.is_empty() {
                    add_octets::<1>(rest, octets, first + from, stride, values, nonzero);
                }
            }
            return;
        }
        for (c, values) in values.chunks(BLOCK).enumerate() {
            let at = at + c * BLOCK;
            let rows = &self.hidden.input[at * n..(at + values.len()) * n];
            let nonzero = Nonzero::of(values);
            let mut groups = self.units[..n].chunks_exact_mut(LANES);
            for (g, group) in groups.by_ref().enumerate() {
                add_group::<LANES>(group, rows, values, nonzero, n, g * LANES);
            }
            // The units beyond the last whole group: a group of `LANES / 2` if there are
            // that many (so a 16-unit layer is summed in registers too), then one value at a
            // time.
            let mut rest = groups.into_remainder();
            let mut from = n - rest.len();
            if rest.len() >= LANES / 2 {
                const HALF: usize = LANES / 2;
                let (half, after) = rest.split_at_mut(HALF);
                add_group::<HALF>(half, rows, values, nonzero, n, from);
                (rest, from) = (after, from + HALF);
            }
            if rest.is_empty() {
                continue;
            }
            for i in nonzero.places() {
                let (value, row) = (values[i], &rows[i * n..][from..n]);
                for (unit, &w) in rest.iter_mut().zip(row) {
                    *unit += w * value;
                }
            }
        }
    }

    #[inline(always)]
    fn add_all_linear(&mut self, at: usize, values: &[f32]) {
        self.linear.add_all(at, values);
    }
}

/// Adds the block's `values` that are not 0 (`nonzero`), weighted by the rows' entries of
/// units `from..from + W` (rows of `n` entries one after another), to those `W` units:
/// their sums held in registers for the whole block, each unit adding the values in order.
#[inline(always)]
fn add_group<const W: usize>(
    group: &mut [f32],
    rows: &[f32],
    values: &[f32],
    nonzero: Nonzero,
    n: usize,
    from: usize,
) {
    let mut sums: [f32; W] = (&*group).try_into().expect("W units");
    for i in nonzero.places() {
        let value = values[i];
        let weights: &[f32; W] = rows[i * n + from..][..W].try_into().expect("W weights");
        for (sum, &w) in sums.iter_mut().zip(weights) {
            *sum += w * value;
        }
    }
    group.copy_from_slice(&sums);
}

/// `add_group` for a layer of a multiple of 8 units: `K` octets of units (`group`), whose
/// weights for the block's value `i` are octets `first + i * stride` on (`stride` octets a
/// row).
#[inline(always)]
fn add_octets<const K: usize>(
    group: &mut [f32],
    octets: &[Octet],
    first: usize,
    stride: usize,
    values: &[f32],
    nonzero: Nonzero,
) {
    let mut sums = [[0.0f32; 8]; K];
    for (sum, units) in sums.iter_mut().zip(group.chunks_exact(8)) {
        sum.copy_from_slice(units);
    }
    for i in nonzero.places() {
        let value = values[i];
        let weights: &[Octet; K] = octets[first + i * stride..][..K]
            .try_into()
            .expect("K octets");
        for (sum, &Octet(weights)) in sums.iter_mut().zip(weights) {
            for (sum, w) in sum.iter_mut().zip(weights) {
                *sum += w * value;
            }
        }
    }
    for (sum, units) in sums.iter().zip(group.chunks_exact_mut(8)) {
        units.copy_from_slice(sum);
    }
}

/// Which values of a block (at most `BLOCK`) are not 0: bit `i` for value `i`.
///
/// Whether a fact is 0 follows no pattern a CPU's branch predictor can learn: a branch per
/// value on it was mispredicted about one time in four (callgrind's branch simulation,
/// 5 players: 2.9 k of the draft layer's 11.3 k mispredicted branches per game). The mask
/// is worked out without a branch on the values (the comparisons are vectorised), and the
/// loops over the units then visit its set bits, in order, with one branch each that is
/// taken but once per block.
#[derive(Clone, Copy)]
struct Nonzero(u64);

impl Nonzero {
    #[inline(always)]
    fn of(block: &[f32]) -> Nonzero {
        debug_assert!(block.len() <= BLOCK);
        let mut mask = 0u64;
        for (place, &value) in block.iter().enumerate() {
            // `place` < `BLOCK` (the caller's parts), so `% BLOCK` changes nothing; it only
            // keeps the shift below 64 should a longer block ever reach here.
            mask |= ((value != 0.0) as u64) << (place % BLOCK);
        }
        Nonzero(mask)
    }

    /// The places of the values that are not 0, in the block's order.
    #[inline(always)]
    fn places(self) -> impl Iterator<Item = usize> {
        let mut mask = self.0;
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let place = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                place
            })
        })
    }
}

/// The most values `Net::add_all` takes at once (`Nonzero`, a bit each); a longer block is
/// taken in parts of this many. Every block of `action_features` is shorter.
const BLOCK: usize = 64;

/// How many hidden units `Net::add_all` sums at once: 32 floats are eight SSE registers (of
/// 16) or four AVX ones.
const LANES: usize = 32;

/// The kinds of action, in the order of their `kind.*` features.
pub const KINDS: [&str; 58] = [
    "Pick",
    "Discard",
    "TakeGold",
    "DrawCards",
    "Keep",
    "KeepAll",
    "Build",
    "DenPayCard",
    "DenPayGold",
    "TakeIncome",
    "AbbotIncome",
    "AbbotTax",
    "Kill",
    "Bewitch",
    "Warrant",
    "Confiscate",
    "AllowBuild",
    "Rob",
    "Spy",
    "Threaten",
    "Bribe",
    "RefuseBribe",
    "RevealThreat",
    "HideThreat",
    "SwapHands",
    "MagicianDiscard",
    "MagicianDraw",
    "WizardLook",
    "WizardTake",
    "WizardBuild",
    "SeerTake",
    "Give",
    "GiveCrown",
    "LootGold",
    "LootCard",
    "BorrowBuild",
    "MerchantGold",
    "ArchitectDraw",
    "NavigatorGold",
    "NavigatorCards",
    "ScholarDraw",
    "Destroy",
    "Exchange",
    "Seize",
    "QueenGold",
    "Beautify",
    "CollectTaxes",
    "ArmoryDestroy",
    "FrameworkBuild",
    "NecropolisBuild",
    "MuseumTuck",
    "TheaterSwap",
    "TheaterPass",
    "Recover",
    "LetGo",
    "LabDiscard",
    "SmithyDraw",
    "EndTurn",
];

/// The name of an action's kind: its variant's name (`Kill` for `Kill(rank)`).
pub fn kind_name(action: Action) -> &'static str {
    KINDS[kind_of(action)]
}

/// The position of an action's kind in `KINDS` (a `const fn`, so kind sets can be constants).
pub const fn kind_of(action: Action) -> usize {
    use Action::*;
    match action {
        Pick(_) => 0,
        Discard(_) => 1,
        TakeGold => 2,
        DrawCards => 3,
        Keep(_) => 4,
        KeepAll => 5,
        Build(_) => 6,
        DenPayCard(_) => 7,
        DenPayGold => 8,
        TakeIncome => 9,
        AbbotIncome(_) => 10,
        AbbotTax(_) => 11,
        Kill(_) => 12,
        Bewitch(_) => 13,
        Warrant(..) => 14,
        Confiscate => 15,
        AllowBuild => 16,
        Rob(_) => 17,
        Spy(..) => 18,
        Threaten(..) => 19,
        Bribe => 20,
        RefuseBribe => 21,
        RevealThreat => 22,
        HideThreat => 23,
        SwapHands(_) => 24,
        MagicianDiscard(_) => 25,
        MagicianDraw => 26,
        WizardLook(_) => 27,
        WizardTake(_) => 28,
        WizardBuild(_) => 29,
        SeerTake => 30,
        Give(_) => 31,
        GiveCrown(_) => 32,
        LootGold => 33,
        LootCard => 34,
        BorrowBuild(..) => 35,
        MerchantGold => 36,
        ArchitectDraw => 37,
        NavigatorGold => 38,
        NavigatorCards => 39,
        ScholarDraw => 40,
        Destroy(..) => 41,
        Exchange(..) => 42,
        Seize(..) => 43,
        QueenGold => 44,
        Beautify(_) => 45,
        CollectTaxes => 46,
        ArmoryDestroy(..) => 47,
        FrameworkBuild(_) => 48,
        NecropolisBuild(_) => 49,
        MuseumTuck(_) => 50,
        TheaterSwap(..) => 51,
        TheaterPass => 52,
        Recover => 53,
        LetGo => 54,
        LabDiscard(_) => 55,
        SmithyDraw => 56,
        EndTurn => 57,
    }
}

/// The facts of a pick, per character: the first `PICK_BASE`, then the draft's own (what
/// was taken before me and is offered to me, the players who choose after me, my buildable
/// cards and the round, and which characters the later choosers would take from what the
/// pick leaves), which a pick works out only when the weights read them
/// (`PolicyWeights::reads_draft_facts`).
const PICK_FACTS: [&str; 48] = [
    "bias",
    "gold",
    "hand",
    "city",
    "behind",
    "own_type",
    "late",
    "richest_gold",
    "most_cards",
    "offer",
    "leader_near",
    "crown",
    "rank1_before",
    "rank2_before",
    "kill_aim",
    "rob_aim",
    "treasury",
    "map_room",
    // The draft facts from here.
    "rank3_before",
    "rank4_before",
    "rank5_before",
    "rank6_before",
    "rank7_before",
    "rank8_before",
    "rank9_before",
    "rank1_offered",
    "rank2_offered",
    "rank3_offered",
    "rank4_offered",
    "rank5_offered",
    "rank6_offered",
    "rank7_offered",
    "rank8_offered",
    "rank9_offered",
    "after_gold",
    "after_city",
    "useful",
    "shortfall",
    "round",
    // The draft facts of the picked character itself from here (`LaterChoosers`).
    "rank1_later",
    "rank2_later",
    "rank3_later",
    "rank4_later",
    "rank5_later",
    "rank6_later",
    "rank7_later",
    "rank8_later",
    "rank9_later",
];
/// How many of `PICK_FACTS` every pick gives (the aims among them worked out only for
/// weights that read them).
const PICK_BASE: usize = 18;
/// The position of `kill_aim` in `PICK_FACTS` (`rob_aim` follows it).
const AIM_FACT: usize = 14;
/// The position of `treasury` in `PICK_FACTS` (`map_room` follows it, the last base fact).
const PICK_HOARD: usize = 16;
/// The position of `treasury` in `GATHER_FACTS` (`map_room` follows it, the last).
const GATHER_HOARD: usize = 7;
/// The positions of the keeping facts in `MISC_FACTS`, from `taxed` to the last.
const MISC_TAXED: usize = 1;
const MISC_REFUND: usize = 2;
const MISC_GOLD_LEFT: usize = 3;
const MISC_FORGOES_BUILD: usize = 4;

/// The features of picking `character` (`pick.<Character>.*`, its draft facts included).
#[inline(always)]
pub fn pick_indices(character: Character) -> std::ops::Range<usize> {
    let at = Layout::PICK + character.index() * PICK_FACTS.len();
    at..at + PICK_FACTS.len()
}

/// The features of the aim facts (`kill_aim` and `rob_aim`) of every character.
pub fn aim_indices() -> impl Iterator<Item = usize> {
    Character::ALL.iter().flat_map(|&c| {
        let at = pick_indices(c).start + AIM_FACT;
        [at, at + 1]
    })
}
/// The features of the keeping facts, what gold or cards kept or spent are worth, which
/// weights fitted before version 0.6.0 give 0: `treasury` and `map_room` of every pick, of
/// `gather` and of every `context.<Action>`, `card.<role>.hoard`, a build's `taxed`,
/// `refund` and `gold_left` (`Hoard`, `build`), and a destruction's or seizure's
/// `forgoes_build` (`forgoes_build`).
pub fn keeping_indices() -> impl Iterator<Item = usize> {
    let picks = Character::ALL.iter().flat_map(|&c| {
        let at = pick_indices(c).start + PICK_HOARD;
        [at, at + 1]
    });
    let gathers = (0..=CONTEXT_ACTIONS.len()).flat_map(|slot| {
        let at = match slot {
            0 => Layout::GATHER,
            _ => Layout::CONTEXT + (slot - 1) * GATHER_FACTS.len(),
        } + GATHER_HOARD;
        [at, at + 1]
    });
    let cards = (0..CARD_ROLES.len()).map(|role| Layout::CARD + (role + 1) * CARD_FACTS.len() - 1);
    picks
        .chain(gathers)
        .chain(cards)
        .chain(Layout::MISC + MISC_TAXED..Layout::MISC + MISC_FACTS.len())
}

/// How many are the draft's own.
const DRAFT_FACTS: usize = PICK_FACTS.len() - PICK_BASE;
/// The last of them, one per rank: what the later choosers would take (`LaterChoosers`).
const LATER_FACTS: usize = 9;
/// How many of the draft facts are the same for every character of a decision.
const DRAFT_SHARED: usize = DRAFT_FACTS - LATER_FACTS;

/// Which of a pick's draft facts a decision works out: each part is skipped when the
/// weights give every one of its facts 0 (`PolicyWeights::reads_draft_facts`), as it would
/// not change any score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraftFacts {
    /// The facts shared by every character of a decision (`rank3_before` to `round`).
    pub shared: bool,
    /// What the later choosers would take (`rank1_later` to `rank9_later`): a heuristic
    /// value per later chooser and offered character, the dearest part.
    pub later: bool,
}

impl DraftFacts {
    pub const ALL: DraftFacts = DraftFacts::new(true, true);
    pub const NONE: DraftFacts = DraftFacts::new(false, false);
    pub const SHARED: DraftFacts = DraftFacts::new(true, false);
    pub const LATER: DraftFacts = DraftFacts::new(false, true);

    pub const fn new(shared: bool, later: bool) -> DraftFacts {
        DraftFacts { shared, later }
    }

    /// The features of the parts that are on, for every character.
    pub fn indices(self) -> impl Iterator<Item = usize> {
        Character::ALL.iter().flat_map(move |&c| {
            let at = pick_indices(c).start + PICK_BASE;
            let shared = (at..at + DRAFT_SHARED).filter(move |_| self.shared);
            let later = (at + DRAFT_SHARED..at + DRAFT_FACTS).filter(move |_| self.later);
            shared.chain(later)
        })
    }
}

/// The roles of a named character, and the facts of naming one.
const TARGET_ROLES: [&str; 6] = ["kill", "rob", "bewitch", "warrant", "threaten", "other"];
const TARGET_FACTS: [&str; 10] = [
    "bias",
    "possible",
    "seen",
    "leader_gold",
    "richest_gold",
    "leader_near",
    "behind",
    "leader_holds",
    "richest_holds",
    "near_holds",
];
/// The roles of a district card, and its facts.
const CARD_ROLES: [&str; 4] = ["keep", "build", "give_up", "hit"];
const CARD_FACTS: [&str; 13] = [
    "bias",
    "cost",
    "new_type",
    "junk",
    "affordable",
    "shortfall",
    "late_cost",
    "noble",
    "religious",
    "trade",
    "military",
    "unique",
    // Last: a card adds it apart from the others (`district`).
    "hoard",
];
/// The roles of a chosen player, and its facts.
const SEAT_ROLES: [&str; 3] = ["hit", "hand", "other"];
const SEAT_FACTS: [&str; 7] = ["bias", "leader", "ahead", "city", "gold", "hand", "near"];
const GATHER_FACTS: [&str; 9] = [
    "gold",
    "useful",
    "hand",
    "shortfall",
    "to_complete",
    "no_useful",
    "round",
    "treasury",
    "map_room",
];
const END_FACTS: [&str; 4] = ["gold", "built", "can_build", "useful"];
const MISC_FACTS: [&str; 5] = [
    "completes_city",
    "taxed",
    "refund",
    "gold_left",
    "forgoes_build",
];
/// The actions that get the gathering facts of their own (`context_slot`): choices between
/// resources with no card, seat or character to describe them (added in version 0.3.1 for
/// casts beyond `first-game`; the search's Navigator takes the cards in about three turns
/// of ten, a policy with a bias alone almost never). Each is the whole of its kind.
const CONTEXT_ACTIONS: [Action; 15] = [
    Action::Bribe,
    Action::RefuseBribe,
    Action::RevealThreat,
    Action::HideThreat,
    Action::MagicianDraw,
    Action::SeerTake,
    Action::LootGold,
    Action::LootCard,
    Action::NavigatorGold,
    Action::NavigatorCards,
    Action::ScholarDraw,
    Action::DenPayGold,
    Action::Recover,
    Action::LetGo,
    Action::SmithyDraw,
];
/// Per kind of action, its position in `CONTEXT_ACTIONS`, or `u8::MAX` if it has none.
const CONTEXT_SLOTS: [u8; KINDS.len()] = {
    let mut slots = [u8::MAX; KINDS.len()];
    let mut i = 0;
    while i < CONTEXT_ACTIONS.len() {
        slots[kind_of(CONTEXT_ACTIONS[i])] = i as u8;
        i += 1;
    }
    slots
};
/// The position in `CONTEXT_ACTIONS` of an action's kind, if it is one.
fn context_slot(action: Action) -> Option<usize> {
    match CONTEXT_SLOTS[kind_of(action)] {
        u8::MAX => None,
        slot => Some(slot as usize),
    }
}
/// The facts of the Diplomat's exchange: the points it gains (the difference in cost), the
/// gold it pays, the given district's cost, whether it is unique, and whether it is my only
/// district of its type.
const EXCHANGE_FACTS: [&str; 5] = ["gain", "pay", "given_cost", "given_unique", "type_lost"];
/// The facts of the Spy's look at a hand for a district type (`spy`): the cards of that
/// type I know are in it, the cards of it I can expect there, and the gold I can expect to
/// take.
const SPY_FACTS: [&str; 3] = ["known", "expected", "gold"];

const CHARACTERS: usize = Character::COUNT;

/// The first index of each block.
struct Layout;

impl Layout {
    const HEURISTIC: usize = 0;
    const KIND: usize = 1;
    const PICK: usize = Layout::KIND + KINDS.len();
    const TARGET: usize = Layout::PICK + CHARACTERS * PICK_FACTS.len();
    const CARD: usize = Layout::TARGET + TARGET_ROLES.len() * CHARACTERS * TARGET_FACTS.len();
    const SEAT: usize = Layout::CARD + CARD_ROLES.len() * CARD_FACTS.len();
    const GATHER: usize = Layout::SEAT + SEAT_ROLES.len() * SEAT_FACTS.len();
    const END: usize = Layout::GATHER + GATHER_FACTS.len();
    const MISC: usize = Layout::END + END_FACTS.len();
    const CONTEXT: usize = Layout::MISC + MISC_FACTS.len();
    const EXCHANGE: usize = Layout::CONTEXT + CONTEXT_ACTIONS.len() * GATHER_FACTS.len();
    const SPY: usize = Layout::EXCHANGE + EXCHANGE_FACTS.len();
    const COUNT: usize = Layout::SPY + SPY_FACTS.len();
}

/// The number of features.
pub const FEATURES: usize = Layout::COUNT;

/// The blocks of the feature space, by the first part of their features' names
/// (`feature_name`), in layout order.
pub const BLOCKS: [&str; 12] = [
    "heuristic",
    "kind",
    "pick",
    "target",
    "card",
    "seat",
    "gather",
    "end",
    "misc",
    "context",
    "exchange",
    "spy",
];

/// A set of blocks of the feature space (`BLOCKS`): `train --fit-only` fits only their
/// weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureBlocks(u16);

impl FeatureBlocks {
    /// Block names joined by `+` (`spy`, `spy+exchange`); an error names the unknown one
    /// and the blocks.
    pub fn parse(text: &str) -> Result<FeatureBlocks, String> {
        let mut set = 0u16;
        for name in text.split('+') {
            let Some(i) = BLOCKS.iter().position(|&b| b == name.trim()) else {
                return Err(format!(
                    "{text}: {name:?} is not a block of features (they are {})",
                    BLOCKS.join(", ")
                ));
            };
            set |= 1 << i;
        }
        Ok(FeatureBlocks(set))
    }

    /// Whether feature `index` lies in one of the blocks.
    pub fn contains_feature(self, index: usize) -> bool {
        let starts = [
            Layout::HEURISTIC,
            Layout::KIND,
            Layout::PICK,
            Layout::TARGET,
            Layout::CARD,
            Layout::SEAT,
            Layout::GATHER,
            Layout::END,
            Layout::MISC,
            Layout::CONTEXT,
            Layout::EXCHANGE,
            Layout::SPY,
        ];
        let block = starts.iter().rposition(|&start| index >= start);
        index < FEATURES && block.is_some_and(|b| self.0 & (1 << b) != 0)
    }
}

impl std::fmt::Display for FeatureBlocks {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let names: Vec<&str> = (0..BLOCKS.len())
            .filter(|&i| self.0 & (1 << i) != 0)
            .map(|i| BLOCKS[i])
            .collect();
        f.write_str(&names.join("+"))
    }
}

/// The position in `KINDS` of the kind of action whose bias feature `index` is, if it is
/// one: every action has exactly one such feature, with value 1.
pub fn kind_of_feature(index: usize) -> Option<usize> {
    index.checked_sub(Layout::KIND).filter(|&k| k < KINDS.len())
}

/// The name of feature `index` (as written in a weights file).
pub fn feature_name(index: usize) -> String {
    if index == Layout::HEURISTIC {
        "heuristic".into()
    } else if index < Layout::PICK {
        format!("kind.{}", KINDS[index - Layout::KIND])
    } else if index < Layout::TARGET {
        let i = index - Layout::PICK;
        let character = Character::ALL[i / PICK_FACTS.len()];
        format!(
            "pick.{}.{}",
            key(character),
            PICK_FACTS[i % PICK_FACTS.len()]
        )
    } else if index < Layout::CARD {
        let i = index - Layout::TARGET;
        let per_role = CHARACTERS * TARGET_FACTS.len();
        let character = Character::ALL[(i % per_role) / TARGET_FACTS.len()];
        format!(
            "target.{}.{}.{}",
            TARGET_ROLES[i / per_role],
            key(character),
            TARGET_FACTS[i % TARGET_FACTS.len()]
        )
    } else if index < Layout::SEAT {
        role_fact("card", &CARD_ROLES, &CARD_FACTS, index - Layout::CARD)
    } else if index < Layout::GATHER {
        role_fact("seat", &SEAT_ROLES, &SEAT_FACTS, index - Layout::SEAT)
    } else if index < Layout::END {
        format!("gather.{}", GATHER_FACTS[index - Layout::GATHER])
    } else if index < Layout::MISC {
        format!("end.{}", END_FACTS[index - Layout::END])
    } else if index < Layout::CONTEXT {
        format!("misc.{}", MISC_FACTS[index - Layout::MISC])
    } else if index < Layout::EXCHANGE {
        let i = index - Layout::CONTEXT;
        let action = CONTEXT_ACTIONS[i / GATHER_FACTS.len()];
        format!(
            "context.{}.{}",
            kind_name(action),
            GATHER_FACTS[i % GATHER_FACTS.len()]
        )
    } else if index < Layout::SPY {
        format!("exchange.{}", EXCHANGE_FACTS[index - Layout::EXCHANGE])
    } else {
        format!("spy.{}", SPY_FACTS[index - Layout::SPY])
    }
}

/// The name of fact `i` of a block laid out role after role: `block.role.fact`.
fn role_fact(block: &str, roles: &[&str], facts: &[&str], i: usize) -> String {
    format!(
        "{block}.{}.{}",
        roles[i / facts.len()],
        facts[i % facts.len()]
    )
}

/// A character's name as one word ("Tax Collector" -> "TaxCollector").
fn key(character: Character) -> String {
    character.name().replace(' ', "")
}

/// What every action of one decision shares: the deciding seat's situation. The parts that
/// cost a pass over the players or the hand are computed on first use: many decisions
/// (gathering, the end of a turn, the abilities without a target) never ask for them.
struct Situation<'d> {
    /// What the bot keeps between decisions (`heuristic::Kept`).
    kept: &'d Kept,
    me: Seat,
    gold: f32,
    hand: f32,
    /// Districts in my city, and the city size that ends the game.
    city: f32,
    complete: f32,
    /// Districts I built this turn.
    built: f32,
    round: f32,
    /// Whether my city has the Imperial Treasury and the Map Room (`Hoard`), worked out
    /// only for weights that read the keeping facts.
    hoard: OnceCell<Hoard>,
    standings: OnceCell<Standings>,
    shortfall: OnceCell<f32>,
    /// The gold the cheapest build of the decision costs (`forgoes_build`).
    cheapest_build: OnceCell<Option<f32>>,
    /// The facts of a pick before the keeping facts but the character's own type (`pick`),
    /// the same for every character of the decision.
    pick: OnceCell<[f32; PICK_HOARD]>,
    /// The draft facts of a pick that are the same for every character of the decision.
    draft: OnceCell<[f32; DRAFT_SHARED]>,
    /// The players who choose after me and what the characters offered to me are worth to
    /// them, for every character of the decision.
    later: OnceCell<LaterChoosers>,
    /// The facts of naming a character that do not depend on the character (`target`).
    target: OnceCell<TargetFacts>,
    /// What heuristic opponents would name this round (`Aims`).
    aims: OnceCell<Aims>,
}

/// The characters a heuristic Assassin and Thief held by another player would name this
/// round (`heuristic::Decision::opponents_aims`), each only when that namer may end with
/// another player: it is in the cast, not face up, and either not offered to me (an earlier
/// chooser has it, or it is face down) or offered with a later chooser to take it if I do
/// not. The search's rollouts and its model of the other players are the heuristic, so its
/// picks avoid what they would hit (the pick facts `kill_aim` and `rob_aim`).
struct Aims {
    kill: Option<Rank>,
    /// None also when I have no gold to lose.
    rob: Option<Rank>,
}

/// The districts of my city that make what I keep worth points: the Imperial Treasury
/// ("At the end of the game, score 1 extra point for each gold in your stash") and the Map
/// Room ("... for each card in your hand"), 1 or 0 each (CARDS.md). The facts `treasury`
/// and `map_room` of a pick and of a choice between resources (`gather`, `context`) give
/// them, and `card.<role>.hoard` what either card would score if built now: the search's
/// players keep what they gather beside them (on `all-characters`, ISMCTS-1000 self-play,
/// a player who took the Navigator beside a Treasury ended the game with 14.7 gold and
/// beside a Map Room with 8.7 cards; the `casts` weights, which had no such fact, with 7.4
/// and 1.5; docs/agreement.md, "Other casts").
#[derive(Clone, Copy)]
struct Hoard {
    treasury: f32,
    map_room: f32,
}

impl Hoard {
    fn of(view: &View) -> Hoard {
        let has = |district: District| view.has_district(view.me(), district) as u8 as f32;
        Hoard {
            treasury: has(District::ImperialTreasury),
            map_room: has(District::MapRoom),
        }
    }
}

/// What `target` needs beside the named character, the same for every target of a decision.
struct TargetFacts {
    /// Ranks an opponent may hold, and ranks I saw in the draft.
    possible: RankSet,
    seen: RankSet,
    /// The rest of the facts, in order.
    leader_gold: f32,
    richest_gold: f32,
    leader_near: f32,
    behind: f32,
    /// The leader, the opponent with the most gold, and the opponents within two districts
    /// of completing their city: whose holding the named character matters most.
    leader: Seat,
    richest: Seat,
    near: SeatSet,
    /// Per rank, who may hold its character (`View::possible_holders`).
    holders: [SeatSet; 10],
}

/// The players' public standings, from my seat.
struct Standings {
    /// Built points, and half a point per gold and per card in hand up to four (the
    /// search's evaluation counts resources at about that rate).
    standing: [f32; 8],
    /// The opponent with the best standing (the last among equals).
    leader: Seat,
}

impl Standings {
    /// The leader found in the pass that works the standings out: the last opponent whose
    /// standing is at least every earlier one's (a second pass over the opponents cost 4 k
    /// instructions per policy game more, measured).
    fn new(view: &View, kept: &Kept) -> Standings {
        let me = view.me().index();
        let players = view.players() as usize;
        let mut standing = [0.0; 8];
        let (mut leader, mut best) = (me, f32::NEG_INFINITY);
        for (s, slot) in standing.iter_mut().enumerate().take(players) {
            let seat = Seat(s as u8);
            *slot = kept.city_cost(view, seat) as f32
                + 0.5 * (view.gold(seat) as f32 + view.hand_size(seat).min(4) as f32);
            if s != me && *slot >= best {
                (leader, best) = (s, *slot);
            }
        }
        Standings {
            standing,
            leader: Seat(leader as u8),
        }
    }
}

impl<'d> Situation<'d> {
    fn new(view: &View, kept: &'d Kept) -> Situation<'d> {
        let rules = view.rules();
        let city = view.my_city();
        Situation {
            kept,
            me: view.me(),
            gold: view.my_gold() as f32,
            hand: view.my_hand().len() as f32,
            city: city.len() as f32,
            complete: rules.complete_city as f32,
            built: view.my_turn().map_or(0, |t| t.built) as f32,
            round: view.round() as f32,
            hoard: OnceCell::new(),
            standings: OnceCell::new(),
            shortfall: OnceCell::new(),
            cheapest_build: OnceCell::new(),
            pick: OnceCell::new(),
            draft: OnceCell::new(),
            later: OnceCell::new(),
            target: OnceCell::new(),
            aims: OnceCell::new(),
        }
    }

    /// The base facts of a pick before the keeping facts (`PICK_FACTS` to `PICK_HOARD`), with
    /// 0 for the character's own type; `others`: the most cards and the most gold among the
    /// other players.
    fn pick_facts(&self, view: &View, others: impl FnOnce() -> (f32, f32)) -> &[f32; PICK_HOARD] {
        self.pick.get_or_init(|| {
            let standings = self.standings(view);
            let (most_cards, richest_gold) = others();
            let leader_near = self.near(view, standings.leader, 2.0);
            // Characters still offered to me, as a share of the cast (1 = first pick).
            let cast = view.cast().iter().flatten().count().max(1) as f32;
            let offer = view.draft_offer().len() as f32 / cast;
            let before = self.taken_before(view);
            [
                1.0,
                self.gold / 5.0,
                self.hand / 5.0,
                self.city / self.complete,
                self.behind(view),
                0.0,
                (self.complete - self.city <= 2.0) as u8 as f32,
                richest_gold / 5.0,
                most_cards / 5.0,
                offer,
                leader_near as u8 as f32,
                (view.crown() == self.me) as u8 as f32,
                before.contains(Rank(1)) as u8 as f32,
                before.contains(Rank(2)) as u8 as f32,
                // `kill_aim` and `rob_aim`, the candidate's own (`pick`).
                0.0,
                0.0,
            ]
        })
    }

    /// The gold the cheapest of the decision's `Build`s costs, if it offers one.
    fn cheapest_build(&self, view: &View, legal: &[Action]) -> Option<f32> {
        *self.cheapest_build.get_or_init(|| {
            let costs = legal.iter().filter_map(|&a| match a {
                Action::Build(card) => Some(view.build_cost(card)),
                _ => None,
            });
            costs.min().map(|c| c as f32)
        })
    }

    fn hoard(&self, view: &View) -> Hoard {
        *self.hoard.get_or_init(|| Hoard::of(view))
    }

    /// What heuristic opponents would name this round (`Aims`).
    fn aims(&self, view: &View, heuristic: &heuristic::Decision) -> &Aims {
        self.aims.get_or_init(|| {
            let offer = view.draft_offer();
            let later = choosers_after(view, self.me).next().is_some();
            // Other casts deal other characters at ranks 1 and 2, which do not name so.
            let open = |character: Character| {
                view.rank_of(character).is_some_and(|rank| {
                    !view.faceup_discards().contains(rank) && (!offer.contains(rank) || later)
                })
            };
            // Only what a fact needs is worked out (the Thief's aim asks a value of every
            // rank for every seat): `rob_aim` is 0 for an empty stash.
            let (kill, rob) = heuristic.opponents_aims(
                open(Character::Assassin),
                open(Character::Thief) && self.gold > 0.0,
            );
            Aims { kill, rob }
        })
    }

    /// The ranks that may be with a player who chose before me: another player may hold
    /// them and they are not offered to me (or they are face down).
    fn taken_before(&self, view: &View) -> RankSet {
        RankSet(view.opponent_ranks().0 & !view.draft_offer().0)
    }

    /// The draft facts of a pick that are the same for every character (`PICK_FACTS` from
    /// `PICK_BASE`, `DRAFT_SHARED` of them); `useful`: the cards of my hand I could build.
    fn draft_facts(&self, view: &View, useful: CardSet) -> &[f32; DRAFT_SHARED] {
        self.draft.get_or_init(|| {
            let before = self.taken_before(view);
            let offer = view.draft_offer();
            let after = choosers_after(view, self.me);
            let after_gold = after.clone().map(|s| view.gold(s)).max().unwrap_or(0);
            let after_city = after.map(|s| view.city(s).len()).max().unwrap_or(0);
            let mut facts = [0.0; DRAFT_SHARED];
            for r in 3..=9 {
                facts[r - 3] = before.contains(Rank(r as u8)) as u8 as f32;
            }
            for r in 1..=9 {
                facts[6 + r] = offer.contains(Rank(r as u8)) as u8 as f32;
            }
            facts[16] = after_gold as f32 / 5.0;
            facts[17] = after_city as f32 / self.complete;
            facts[18] = useful.len() as f32 / 3.0;
            facts[19] = self.shortfall(useful, view) / 5.0;
            facts[20] = self.round / 10.0;
            facts
        })
    }

    /// The players who choose after me and their values of the characters offered to me.
    fn later_choosers(&self, view: &View, heuristic: &heuristic::Decision) -> &LaterChoosers {
        self.later
            .get_or_init(|| LaterChoosers::new(view, heuristic, self.me))
    }

    /// The facts of naming a character but the character's own; `others` as for
    /// `pick_facts`.
    fn target_facts(&self, view: &View, others: impl FnOnce() -> (f32, f32)) -> &TargetFacts {
        self.target.get_or_init(|| {
            let leader = self.leader(view);
            let me = self.me;
            let opponents = (0..view.players())
                .map(Seat)
                .filter(move |&seat| seat != me);
            let richest = opponents.clone().fold(leader, |best, seat| {
                match view.gold(seat) > view.gold(best) {
                    true => seat,
                    false => best,
                }
            });
            let near = opponents
                .filter(|&seat| self.near(view, seat, 2.0))
                .collect();
            TargetFacts {
                holders: view.possible_holders(),
                leader,
                richest,
                near,
                possible: view.opponent_ranks(),
                seen: view.seen_in_draft(),
                leader_gold: view.gold(leader) as f32 / 5.0,
                richest_gold: others().1 / 5.0,
                leader_near: self.near(view, leader, 2.0) as u8 as f32,
                behind: self.behind(view),
            }
        })
    }

    fn standings(&self, view: &View) -> &Standings {
        self.standings
            .get_or_init(|| Standings::new(view, self.kept))
    }

    fn leader(&self, view: &View) -> Seat {
        self.standings(view).leader
    }

    /// How far the leader stands ahead of me.
    fn behind(&self, view: &View) -> f32 {
        self.ahead(view, self.leader(view))
    }

    /// How far `other` stands ahead of me, in tens of points, within +-2.
    fn ahead(&self, view: &View, other: Seat) -> f32 {
        let s = self.standings(view);
        ((s.standing[other.index()] - s.standing[self.me.index()]) / 10.0).clamp(-2.0, 2.0)
    }

    /// The gold I lack for the cheapest card of my hand I could build.
    fn shortfall(&self, useful: CardSet, view: &View) -> f32 {
        *self.shortfall.get_or_init(|| {
            let cheapest = useful.iter().map(|c| view.cost(c)).min();
            cheapest.map_or(0.0, |c| (c as f32 - self.gold).max(0.0))
        })
    }

    fn near(&self, view: &View, seat: Seat, within: f32) -> bool {
        self.complete - view.city(seat).len() as f32 <= within
    }
}

/// The players who choose after `me` this round, in order from the crown: the characters I
/// leave go to them (rulebook 2016, "Selection Phase": the crowned player "secretly chooses
/// one to keep. Then he passes the remaining cards to the player on his left", the next
/// seat, as in `engine::draft`). At 2 and 3 players, where everyone chooses more than once, these are the
/// seats after mine in that order, a proxy; at 7 and 8 players the last chooser's extra
/// face-down card is not counted.
fn choosers_after(view: &View, me: Seat) -> impl Iterator<Item = Seat> + Clone {
    let players = view.players();
    let crown = view.crown().0;
    let from_crown = (me.0 + players - crown) % players;
    (from_crown + 1..players).map(move |k| Seat((crown + k) % players))
}

/// The players who choose after me, and what each character offered to me is worth to each
/// of them by the heuristic's own pick score: enough to say, for any character I pick, which
/// of the rest they would take if each took the best left (as the search's rollouts, played
/// by the heuristic, do). Worked out once per decision: a value per later chooser and
/// offered character, rather than per candidate too.
struct LaterChoosers {
    offer: RankSet,
    /// How many players choose after me (at most 7).
    count: usize,
    /// `value[k][rank]`: the value of that character for the k-th of them.
    value: [[f32; 10]; 7],
}

impl LaterChoosers {
    fn new(view: &View, heuristic: &heuristic::Decision, me: Seat) -> LaterChoosers {
        let offer = view.draft_offer();
        let mut value = [[0.0; 10]; 7];
        let mut count = 0;
        for (k, seat) in choosers_after(view, me).enumerate() {
            for rank in offer.iter() {
                value[k][rank.index()] = heuristic.character_value(seat, rank);
            }
            count = k + 1;
        }
        LaterChoosers {
            offer,
            count,
            value,
        }
    }

    /// The ranks the later choosers take, in turn, when I pick `mine`: each the character
    /// of most value to them among those left (the lowest rank among equals). One fact per
    /// rank, 1 for taken.
    fn taken_after(&self, mine: Rank) -> [f32; LATER_FACTS] {
        let mut left = self.offer;
        left.remove(mine);
        let mut taken = [0.0; LATER_FACTS];
        for values in &self.value[..self.count] {
            let mut best: Option<(Rank, f32)> = None;
            for rank in left.iter() {
                let v = values[rank.index()];
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((rank, v));
                }
            }
            let Some((rank, _)) = best else { break };
            left.remove(rank);
            taken[rank.index() - 1] = 1.0;
        }
        taken
    }
}

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
    /// checks of each build and destruction: about 2% of a `first-game` game (version 0.7.0
    /// against 0.5.0, paired whole-process timings).
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
/// four (taxed after 26.9% of its builds), where the `casts` weights of version 0.6.0 were
/// taxed after 52.4% (5,000 5-player games each; docs/agreement.md, "Other casts"); the gold
/// that comes back at the end of the turn, / 5 (`refund`: "At the end of your turn, you
/// receive back all the gold you paid to build districts this turn", 2016 rulebook,
/// Alchemist; as the Alchemist the search built on 97% of the turns it could, the `casts`
/// weights of version 0.7.0, which could not tell, on 75%); and the gold left after it, / 5
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
/// was offered in 10.0% of its destructions, the `casts` weights of version 0.8.0 in 18.5%,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::policy::test_games::{
        each_decision, each_decision_of, preset_rules, small_values,
    };
    use crate::bots::policy::{KindSet, PolicyWeights};
    use crate::engine::characters;
    use crate::engine::legal::{legal_actions, to_move};
    use crate::engine::rng::GameRng;
    use crate::engine::state::Pending;
    use crate::engine::{State, apply, new_game};

    /// Every feature has its own name, so a weights file maps names to indices one to one.
    #[test]
    fn feature_names_are_distinct_and_cover_the_space() {
        let names: std::collections::BTreeSet<String> = (0..FEATURES).map(feature_name).collect();
        assert_eq!(names.len(), FEATURES);
        assert!(names.contains("pick.TaxCollector.crown"));
        assert!(names.contains("target.kill.Assassin.bias"));
        assert_eq!(feature_name(Layout::CONTEXT - 1), "misc.forgoes_build");
        assert!(names.contains("context.NavigatorCards.useful"));
        assert_eq!(feature_name(FEATURES - 1), "spy.gold");
        assert_eq!(feature_name(Layout::SPY - 1), "exchange.type_lost");
        assert_eq!(feature_name(Layout::KIND + KINDS.len() - 1), "kind.EndTurn");
    }

    /// A block of features is the first part of their names, so `--fit-only spy` fits
    /// exactly the `spy.` features; unknown names are refused with the list.
    #[test]
    fn feature_blocks_are_the_first_part_of_the_names() {
        for (b, &block) in BLOCKS.iter().enumerate() {
            let set = FeatureBlocks::parse(block).expect("a block");
            assert_eq!(set.to_string(), block);
            for index in 0..FEATURES {
                let name = feature_name(index);
                let first = name.split('.').next().expect("a name");
                assert_eq!(set.contains_feature(index), first == block, "{name} {b}");
            }
        }
        let two = FeatureBlocks::parse("spy+exchange").expect("two blocks");
        assert_eq!(two.to_string(), "exchange+spy");
        assert!(
            !two.contains_feature(FEATURES),
            "past the features: the hidden layer"
        );
        let error = FeatureBlocks::parse("spy+spies").unwrap_err();
        assert!(
            error.contains("\"spies\"") && error.contains("exchange, spy"),
            "{error}"
        );
    }

    /// `kind_of` follows `KINDS`: the name of an action's kind is its variant's name.
    #[test]
    fn kinds_are_named_after_their_variants() {
        let cases = [
            (Action::TakeGold, "TakeGold"),
            (Action::Kill(Rank(4)), "Kill"),
            (Action::Destroy(Seat(1), CardId(3)), "Destroy"),
            (Action::SmithyDraw, "SmithyDraw"),
            (Action::EndTurn, "EndTurn"),
            (Action::Pick(Rank(1)), "Pick"),
        ];
        for (action, name) in cases {
            assert_eq!(KINDS[kind_of(action)], name);
            assert_eq!(kind_name(action), name);
            assert!(format!("{action:?}").starts_with(name));
        }
    }

    /// Each context action's slot is its own, its features are named after its kind, and
    /// other kinds have none.
    #[test]
    fn context_kinds_are_the_slots_of_their_actions() {
        for (i, &action) in CONTEXT_ACTIONS.iter().enumerate() {
            let slot = context_slot(action).expect("a context kind");
            assert_eq!(slot, i);
            assert_eq!(kind_name(CONTEXT_ACTIONS[slot]), kind_name(action));
            let first = feature_name(Layout::CONTEXT + slot * GATHER_FACTS.len());
            assert_eq!(first, format!("context.{}.gold", kind_name(action)));
        }
        assert_eq!(context_slot(Action::TakeGold), None);
        assert_eq!(context_slot(Action::Build(CardId(0))), None);
    }

    /// The value of feature `name` among an action's pairs, if it has one.
    fn fact_of(view: &View, legal: &[Action], action: Action, name: &str) -> Option<f32> {
        let kept = Kept::default();
        let mut pairs = Pairs(Vec::new());
        DecisionFeatures::new(view, legal, &kept).action(action, &mut pairs);
        pairs
            .0
            .iter()
            .find(|(i, _)| feature_name(*i) == name)
            .map(|p| p.1)
    }

    /// The Spy's look is described by the cards of the named type it can expect in the
    /// hand: "For each card in his hand that matches the named district type, take one gold
    /// from that player's stash and gain one card from the deck" (2016 rulebook, Spy). The
    /// cards of the type it knows are there; the rest of the hand is shared out by the types'
    /// shares of the cards it has not seen, so over the five types the expected cards add up
    /// to the hand; the gold is the expected cards up to the player's stash.
    #[test]
    fn a_spys_look_expects_the_cards_of_the_named_type_in_the_hand() {
        let (mut looks, mut known_some) = (0, 0);
        each_decision_of("all-characters", 3, 0..400, |seed, _, view, legal| {
            let targets: Vec<Seat> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Spy(target, DistrictType::Noble) => Some(*target),
                    _ => None,
                })
                .collect();
            for target in targets {
                let mut expected_sum = 0.0;
                for &dtype in DistrictType::ALL {
                    let action = Action::Spy(target, dtype);
                    let fact = |name: &str| {
                        fact_of(view, legal, action, &format!("spy.{name}"))
                            .expect("every look has its facts")
                    };
                    let of_type = view.rules().by_type[dtype.index()];
                    let known = view.known_hand(target).intersection(of_type).len() as f32;
                    assert_eq!(fact("known"), known / 3.0, "seed {seed}");
                    let expected = 3.0 * fact("expected");
                    assert!(expected >= known - 1e-5, "seed {seed}");
                    let gold = expected.min(view.gold(target) as f32) / 3.0;
                    assert!((fact("gold") - gold).abs() < 1e-6, "seed {seed}");
                    expected_sum += expected;
                    known_some += (known > 0.0) as usize;
                    looks += 1;
                }
                let hand = view.hand_size(target) as f32;
                assert!(
                    (expected_sum - hand).abs() < 1e-4,
                    "seed {seed}: {expected_sum} {hand}"
                );
            }
        });
        assert!(
            looks > 500 && known_some > 0,
            "{looks} looks, {known_some} with known cards"
        );
    }

    /// The Diplomat's exchange is described by what it gains and pays: the difference in
    /// cost between the taken and the given district ("If the other player's district has
    /// a higher cost than your district, you must give that player the difference in
    /// gold", 2016 rulebook, Diplomat), the given one's cost, and whether it is my only
    /// district of its type.
    #[test]
    fn an_exchange_gives_the_difference_in_cost_and_the_given_district() {
        let (mut exchanges, mut paid, mut lost, mut unique) = (0, 0, 0, 0);
        each_decision_of("all-characters", 5, 0..300, |seed, _, view, legal| {
            for &action in legal {
                let Action::Exchange(_, theirs, mine) = action else {
                    continue;
                };
                let fact = |name: &str| {
                    fact_of(view, legal, action, &format!("exchange.{name}"))
                        .expect("every exchange has its facts")
                };
                let gain = view.district_cost(theirs) as f32 - view.district_cost(mine) as f32;
                assert_eq!(fact("gain"), gain / 5.0, "seed {seed}");
                assert_eq!(fact("pay"), gain.max(0.0) / 5.0, "seed {seed}");
                assert_eq!(
                    fact("given_cost"),
                    view.district_cost(mine) as f32 / 5.0,
                    "seed {seed}"
                );
                let (given, taken) = (view.rules().card(mine), view.rules().card(theirs));
                let same_type_in_city = view
                    .my_city()
                    .iter()
                    .filter(|&c| view.rules().card(c).dtype == given.dtype)
                    .count();
                let expected_lost = same_type_in_city == 1 && taken.dtype != given.dtype;
                assert_eq!(fact("type_lost"), expected_lost as u8 as f32, "seed {seed}");
                let is_unique = given.dtype == DistrictType::Unique;
                assert_eq!(fact("given_unique"), is_unique as u8 as f32, "seed {seed}");
                exchanges += 1;
                paid += (gain > 0.0) as usize;
                lost += expected_lost as usize;
                unique += is_unique as usize;
            }
        });
        assert!(
            exchanges > 50 && paid > 5 && lost > 5 && unique > 5,
            "{exchanges} {paid} {lost} {unique}"
        );
    }

    /// The Navigator's two choices each carry the gathering facts (my gold, buildable
    /// cards, ...) under their own names, so a fit can tell when cards are worth more.
    #[test]
    fn the_navigators_choices_carry_the_gathering_facts() {
        let mut seen = 0;
        each_decision_of("all-characters", 5, 0..300, |seed, _, view, legal| {
            if !legal.contains(&Action::NavigatorGold) {
                return;
            }
            for action in [Action::NavigatorGold, Action::NavigatorCards] {
                let kind = kind_name(action);
                let gold = fact_of(view, legal, action, &format!("context.{kind}.gold"));
                assert_eq!(gold, Some(view.my_gold() as f32 / 5.0), "seed {seed}");
                let hand = fact_of(view, legal, action, &format!("context.{kind}.hand"));
                assert_eq!(hand, Some(view.my_hand().len() as f32 / 5.0), "seed {seed}");
                let other = fact_of(view, legal, action, "gather.gold");
                assert_eq!(other, None, "seed {seed}: TakeGold's block is its own");
            }
            seen += 1;
        });
        assert!(seen > 20, "{seen}");
    }

    /// The Imperial Treasury ("+1 per gold in your stash" at the end, CARDS.md) and the Map
    /// Room ("+1 per card in your hand") in my city make what I gather worth points: a
    /// choice between resources (`gather`, `context`) and every pick say whether my city
    /// has each (`treasury`, `map_room`), and building or keeping either card says what it
    /// would score now (`card.<role>.hoard`: my gold or my hand, / 5; absent for other
    /// cards and when it would score 0).
    #[test]
    fn the_treasury_and_the_map_room_make_keeping_worth_points() {
        let rules = preset_rules("all-characters", 5);
        let one = |district: District| {
            rules.by_district[district.index()]
                .iter()
                .next()
                .expect("in the preset")
        };
        let (treasury, map_room) = (one(District::ImperialTreasury), one(District::MapRoom));
        let (mut gathers, mut navigators, mut picks, mut builds) = (0, 0, 0, 0);
        each_decision_of("all-characters", 5, 0..60, |seed, state, view, legal| {
            let me = view.me();
            // The same decision with neither card anywhere, then with each in my city.
            let mut without = state.clone();
            for set in without.city.iter_mut().chain(without.hand.iter_mut()) {
                set.remove(treasury);
                set.remove(map_room);
            }
            for (has_treasury, has_map_room) in [(false, false), (true, false), (false, true)] {
                let mut s = without.clone();
                if has_treasury {
                    s.city[me.index()].insert(treasury);
                }
                if has_map_room {
                    s.city[me.index()].insert(map_room);
                }
                let view = View::new(&rules, &s, me);
                let expected = [has_treasury as u8 as f32, has_map_room as u8 as f32];
                let facts = |action: Action, block: &str| {
                    ["treasury", "map_room"].map(|fact| {
                        fact_of(&view, legal, action, &format!("{block}.{fact}"))
                            .expect("every such action gives both facts")
                    })
                };
                for &action in legal {
                    match action {
                        Action::TakeGold => {
                            assert_eq!(facts(action, "gather"), expected, "seed {seed}");
                            gathers += 1;
                        }
                        Action::NavigatorGold | Action::NavigatorCards => {
                            let block = format!("context.{}", kind_name(action));
                            assert_eq!(facts(action, &block), expected, "seed {seed}");
                            navigators += 1;
                        }
                        Action::Pick(rank) => {
                            let character = view.character(rank).expect("in the cast");
                            let block = format!("pick.{}", key(character));
                            assert_eq!(facts(action, &block), expected, "seed {seed}");
                            picks += 1;
                        }
                        _ => {}
                    }
                }
            }
            // Building either card from my hand: what it would score if the game ended now.
            if let Some(&Action::Build(_)) = legal.iter().find(|a| matches!(a, Action::Build(_))) {
                let mut s = without.clone();
                s.hand[me.index()].insert(treasury);
                s.hand[me.index()].insert(map_room);
                let view = View::new(&rules, &s, me);
                let gold = s.gold[me.index()] as f32;
                let hand = s.hand[me.index()].len() as f32;
                let hoard = |card| fact_of(&view, legal, Action::Build(card), "card.build.hoard");
                let expect = |points: f32| (points > 0.0).then_some(points / 5.0);
                assert_eq!(hoard(treasury), expect(gold), "seed {seed}");
                assert_eq!(hoard(map_room), expect(hand), "seed {seed}");
                let other = legal.iter().find_map(|&a| match a {
                    Action::Build(card) if card != treasury && card != map_room => Some(card),
                    _ => None,
                });
                if let Some(other) = other {
                    let build = Action::Build(other);
                    assert_eq!(fact_of(&view, legal, build, "card.build.hoard"), None);
                }
                builds += 1;
            }
        });
        assert!(
            gathers > 50 && navigators > 5 && picks > 50 && builds > 20,
            "{gathers} {navigators} {picks} {builds}"
        );
    }

    /// `misc.taxed` on a build says whether the Tax Collector's tax will take a gold after
    /// it: exactly when the engine, applying the build, puts a gold in the tax pool ("If a
    /// player has no gold remaining in his stash after building a district, he is not
    /// charged a tax. The Tax Collector himself is not charged a tax", 2016 rulebook).
    /// `misc.refund` is the gold the engine counts as paid to build, / 5, when the turn is
    /// the Alchemist's ("At the end of your turn, you receive back all the gold you paid to
    /// build districts this turn"), and `misc.gold_left` my gold less that payment, / 5.
    #[test]
    fn a_build_says_whether_it_will_be_taxed_and_what_comes_back() {
        let rules = preset_rules("all-characters", 5);
        let (mut taxed, mut spent_out, mut collector, mut no_collector) = (0, 0, 0, 0);
        let (mut refunded, mut not_refunded) = (0, 0);
        each_decision_of("all-characters", 5, 0..300, |seed, state, view, legal| {
            for &action in legal {
                let builds = matches!(
                    action,
                    Action::Build(_)
                        | Action::WizardBuild(_)
                        | Action::BorrowBuild(..)
                        | Action::FrameworkBuild(_)
                        | Action::NecropolisBuild(_)
                );
                if !builds {
                    continue;
                }
                let mut after = state.clone();
                apply(&rules, &mut after, action);
                // A build may wait on a choice before it stands: the Thieves' Den's payment
                // (the fact assumes it paid in gold: a Den I can only pay for with cards is
                // left out), the Magistrate's warrant (he lets it stand), the cards the
                // Cardinal owes. The tax follows the build.
                let mut answers = Vec::new();
                loop {
                    legal_actions(&rules, &after, &mut answers);
                    let next = match after.turn.pending {
                        Pending::DenPayment { .. } => Action::DenPayGold,
                        Pending::Confiscation { .. } => *answers
                            .iter()
                            .find(|&&a| a != Action::Confiscate)
                            .expect("he may let it stand"),
                        Pending::CardinalGive { .. } => answers[0],
                        _ => break,
                    };
                    if !answers.contains(&next) {
                        break;
                    }
                    apply(&rules, &mut after, next);
                }
                if matches!(after.turn.pending, Pending::DenPayment { .. }) {
                    continue;
                }
                let expected = after.tax_pool > state.tax_pool;
                let fact = fact_of(view, legal, action, "misc.taxed");
                assert_eq!(fact, expected.then_some(1.0), "seed {seed}: {action:?}");
                let paid = (after.turn.paid_to_build - state.turn.paid_to_build) as f32;
                let alchemist = characters::current(state) == Character::Alchemist;
                let refund = (alchemist && paid > 0.0).then_some(paid / 5.0);
                let fact = fact_of(view, legal, action, "misc.refund");
                assert_eq!(fact, refund, "seed {seed}: {action:?}");
                match alchemist {
                    true => refunded += (paid > 0.0) as u32,
                    false => not_refunded += (paid > 0.0) as u32,
                }
                let left = state.gold[view.me().index()] as f32 - paid;
                let fact = fact_of(view, legal, action, "misc.gold_left");
                assert_eq!(fact, (left > 0.0).then_some(left / 5.0), "seed {seed}");
                let in_cast = state.rank_of(Character::TaxCollector).is_some();
                let me = view.me().index();
                match (in_cast, expected) {
                    (false, _) => no_collector += 1,
                    (true, true) => taxed += 1,
                    (true, false) if after.gold[me] == 0 => spent_out += 1,
                    (true, false) => collector += 1,
                }
            }
        });
        assert!(
            taxed > 20 && spent_out > 20 && collector > 0 && no_collector > 20,
            "{taxed} {spent_out} {collector} {no_collector}"
        );
        assert!(
            refunded > 20 && not_refunded > 100,
            "{refunded} {not_refunded}"
        );
    }

    /// `misc.forgoes_build` on the Warlord's destruction or the Marshal's seizure is 1
    /// exactly when the action costs gold, the decision offers a build, and with the gold the
    /// engine leaves me after applying the action ("destroy one district of your choice by
    /// paying one fewer gold than its building cost"; the Marshal pays the seized district's
    /// cost) none of those builds' gold costs would be covered.
    #[test]
    fn a_destruction_says_whether_it_forgoes_the_build() {
        let rules = preset_rules("all-characters", 5);
        let (mut forgoes, mut leaves, mut no_build) = (0, 0, 0);
        each_decision_of("all-characters", 5, 0..300, |seed, state, view, legal| {
            let builds: Vec<u16> = legal
                .iter()
                .filter_map(|&a| match a {
                    Action::Build(card) => Some(view.build_cost(card)),
                    _ => None,
                })
                .collect();
            for &action in legal {
                if !matches!(action, Action::Destroy(..) | Action::Seize(..)) {
                    continue;
                }
                let mut after = state.clone();
                apply(&rules, &mut after, action);
                let gold = after.gold[view.me().index()];
                let paid = view.my_gold() > gold;
                let expected = paid && !builds.is_empty() && builds.iter().all(|&c| c > gold);
                let fact = fact_of(view, legal, action, "misc.forgoes_build");
                let at = format!(
                    "seed {seed}: {action:?}, me {:?}, gold {} -> {gold}, price {}, builds {builds:?}",
                    view.me(),
                    view.my_gold(),
                    view.rank8_price(action)
                );
                assert_eq!(fact, expected.then_some(1.0), "{at}");
                match (builds.is_empty(), expected) {
                    (true, _) => no_build += 1,
                    (false, true) => forgoes += 1,
                    (false, false) => leaves += 1,
                }
            }
        });
        assert!(
            forgoes > 20 && leaves > 20 && no_build > 20,
            "{forgoes} {leaves} {no_build}"
        );
    }

    struct Pairs(Vec<(usize, f32)>);
    impl Sink for Pairs {
        fn add(&mut self, index: usize, value: f32) {
            self.0.push((index, value));
        }
    }

    /// `each_decision`, showing `visit` the draft picks only.
    fn each_pick(
        players: u8,
        seeds: std::ops::Range<u64>,
        mut visit: impl FnMut(u64, &State, &View, &[Action]),
    ) {
        each_decision(players, seeds, |seed, state, view, legal| {
            if matches!(legal[0], Action::Pick(_)) {
                visit(seed, state, view, legal);
            }
        });
    }

    /// The value of the pick fact `name` (a name of `PICK_FACTS`) when picking `rank`, with
    /// every fact worked out; every pick gives each of its facts, 0 or not.
    fn pick_fact(view: &View, legal: &[Action], rank: Rank, name: &str) -> f32 {
        let kept = Kept::default();
        let mut pairs = Pairs(Vec::new());
        DecisionFeatures::new(view, legal, &kept).action(Action::Pick(rank), &mut pairs);
        let character = view.character(rank).expect("in the cast");
        let name = format!("pick.{}.{name}", key(character));
        pairs
            .0
            .iter()
            .find(|(i, _)| feature_name(*i) == name)
            .map(|p| p.1)
            .expect("every pick has the fact")
    }

    /// `pick.*.rank1_before` says the rank-1 character may be with a player who chose
    /// before me: 1 when another player may hold it and it is not offered to me, 0 when it
    /// is offered, I hold it myself, or I discarded it face down (at 2 players a seat keeps
    /// two characters and discards others).
    #[test]
    fn rank1_before_is_about_other_players_only() {
        let (mut mine, mut taken, mut offered, mut discarded) = (0, 0, 0, 0);
        each_pick(2, 0..40, |seed, _, view, legal| {
            let Action::Pick(rank) = legal[0] else {
                unreachable!("a pick")
            };
            let value = pick_fact(view, legal, rank, "rank1_before");
            let r1 = Rank(1);
            if view.my_ranks().contains(r1) {
                assert_eq!(value, 0.0, "seed {seed}: I hold rank 1");
                mine += 1;
            } else if view.draft_offer().contains(r1) {
                assert_eq!(value, 0.0, "seed {seed}: rank 1 is offered to me");
                offered += 1;
            } else if view.my_facedown_discards().contains(r1) {
                assert_eq!(value, 0.0, "seed {seed}: I discarded rank 1");
                discarded += 1;
            } else if !view.faceup_discards().contains(r1) {
                assert_eq!(value, 1.0, "seed {seed}: rank 1 is elsewhere");
                taken += 1;
            }
        });
        assert!(
            mine > 5 && taken > 5 && offered > 5 && discarded > 0,
            "{mine} {taken} {offered} {discarded}"
        );
    }

    /// At 4 and 5 players each player keeps one character, so the players who choose after
    /// me are those who hold none yet: `pick.*.after_gold` and `after_city` are their most
    /// gold and districts (0 for the last chooser), `pick.*.rankN_offered` says whether
    /// rank N is among the characters offered to me and `rankN_before` whether it went to
    /// an earlier chooser or face down.
    #[test]
    fn pick_facts_name_the_offer_and_the_players_still_to_choose() {
        let (mut last, mut before_others) = (0, 0);
        for players in [4, 5] {
            each_pick(players, 0..20, |seed, state, view, legal| {
                let Action::Pick(rank) = legal[0] else {
                    unreachable!("a pick")
                };
                let fact = |name: &str| pick_fact(view, legal, rank, name);
                let waiting: Vec<Seat> = (0..players)
                    .map(Seat)
                    .filter(|&s| s != view.me() && state.ranks_of(s).is_empty())
                    .collect();
                let most_gold = waiting.iter().map(|&s| state.gold[s.index()]).max();
                let most_city = waiting.iter().map(|&s| state.city[s.index()].len());
                let most_city = most_city.max().unwrap_or(0) as f32;
                let complete = view.rules().complete_city as f32;
                assert_eq!(fact("after_gold"), most_gold.unwrap_or(0) as f32 / 5.0);
                assert_eq!(fact("after_city"), most_city / complete);
                for r in 1..=9u8 {
                    let offered = state.draft.available.contains(Rank(r));
                    let value = fact(&format!("rank{r}_offered"));
                    assert_eq!(value, offered as u8 as f32, "seed {seed}, rank {r}");
                    // Before my pick I hold nothing: a rank of the cast neither offered nor
                    // face up went before me (or face down).
                    let before = state.cast_ranks().contains(Rank(r))
                        && !offered
                        && !state.faceup_discards.contains(Rank(r));
                    let value = fact(&format!("rank{r}_before"));
                    assert_eq!(value, before as u8 as f32, "seed {seed}, rank {r}");
                }
                assert_eq!(fact("round"), state.round as f32 / 10.0);
                match waiting.is_empty() {
                    true => last += 1,
                    false => before_others += 1,
                }
            });
        }
        assert!(last > 20 && before_others > 20, "{last} {before_others}");
    }

    /// `aim_indices` are the `kill_aim` and `rob_aim` facts of every character, which
    /// `PolicyWeights::reads_aims` and `DecisionFeatures::with_aims` rest on.
    #[test]
    fn aim_indices_are_the_aim_facts() {
        let names: Vec<String> = aim_indices().map(feature_name).collect();
        assert_eq!(names.len(), 2 * CHARACTERS);
        assert!(names.contains(&"pick.Assassin.kill_aim".to_string()));
        assert!(names.contains(&"pick.Warlord.rob_aim".to_string()));
        for name in &names {
            assert!(
                name.ends_with(".kill_aim") || name.ends_with(".rob_aim"),
                "{name}"
            );
        }
    }

    /// `keeping_indices` are the features named `treasury`, `map_room`, `hoard` and
    /// `misc.taxed`, each once, which `PolicyWeights::reads_keeping` and
    /// `DecisionFeatures::with_keeping` rest on.
    #[test]
    fn keeping_indices_are_the_keeping_facts() {
        let indices: std::collections::BTreeSet<usize> = keeping_indices().collect();
        let blocks = 1 + CONTEXT_ACTIONS.len();
        let count = 2 * CHARACTERS + 2 * blocks + CARD_ROLES.len() + 4;
        assert_eq!(keeping_indices().count(), count);
        assert_eq!(indices.len(), count);
        let keeping = |name: &str| {
            [".treasury", ".map_room", ".hoard"]
                .iter()
                .any(|end| name.ends_with(end))
                || ["taxed", "refund", "gold_left", "forgoes_build"]
                    .iter()
                    .any(|fact| name == format!("misc.{fact}"))
        };
        for i in 0..FEATURES {
            let name = feature_name(i);
            assert_eq!(indices.contains(&i), keeping(&name), "{name}");
        }
        for name in [
            "pick.Navigator.map_room",
            "gather.treasury",
            "context.NavigatorGold.treasury",
            "context.SmithyDraw.map_room",
            "card.hit.hoard",
        ] {
            assert!((0..FEATURES).any(|i| feature_name(i) == name), "{name}");
        }
    }

    /// Weights that give the keeping facts 0 (every built-in file but `casts`) score every
    /// action the same, to the bit, with or without working them out (so their decisions skip
    /// them); `casts`, which reads them, scores some actions otherwise without them.
    #[test]
    fn weights_without_keeping_score_the_same_without_them() {
        let casts = PolicyWeights::casts();
        assert!(casts.reads_keeping());
        let net = PolicyWeights::named("net").expect("built in");
        let without = [PolicyWeights::built_in(), PolicyWeights::linear(), net];
        for weights in &without {
            assert!(!weights.reads_keeping(), "{}", weights.source);
        }
        let (mut actions, mut moved) = (0, 0);
        each_decision_of("all-characters", 5, 0..20, |_, _, view, legal| {
            if legal.len() < 2 {
                return;
            }
            let kept = Kept::default();
            let all = DecisionFeatures::new(view, legal, &kept);
            let skipped = DecisionFeatures::new(view, legal, &kept).with_keeping(false);
            for &action in legal {
                let score = |weights: &PolicyWeights, features: &DecisionFeatures| {
                    super::super::score(weights, features, action).to_bits()
                };
                for weights in &without {
                    let at = format!("{action:?}, {}", weights.source);
                    assert_eq!(score(weights, &all), score(weights, &skipped), "{at}");
                }
                moved += (score(&casts, &all) != score(&casts, &skipped)) as u32;
                actions += 1;
            }
        });
        assert!(
            actions > 1000 && moved > 50,
            "{actions} actions, {moved} moved"
        );
    }

    /// `pick.*.kill_aim` is 1 for the one character a heuristic Assassin held by another
    /// player would kill (`heuristic::Decision::opponents_aims`, checked against the
    /// heuristic's own kills), and `rob_aim` my gold / 5 for the one its Thief would rob, when
    /// that namer may end with another player: it is not face up, and either not offered to
    /// me or offered with a player still to choose after me. Checked on the picks of random
    /// games at 4 and 5 players, where the players still to choose hold no character yet.
    #[test]
    fn aim_facts_name_what_heuristic_opponents_would_hit() {
        let (mut aimed, mut closed, mut robbed) = (0, 0, 0);
        for players in [4, 5] {
            each_pick(players, 0..30, |seed, state, view, legal| {
                let kept = Kept::default();
                let heuristic = heuristic::Decision::new(view, &HeuristicWeights::DEFAULT, &kept);
                let (kill, rob) = heuristic.opponents_aims(true, true);
                let waiting = (0..players)
                    .map(Seat)
                    .any(|s| s != view.me() && state.ranks_of(s).is_empty());
                let offer = state.draft.available;
                let open = |rank: Rank| {
                    !state.faceup_discards.contains(rank) && (!offer.contains(rank) || waiting)
                };
                let gold = state.gold[view.me().index()] as f32;
                for &action in legal {
                    let Action::Pick(mine) = action else {
                        unreachable!("a pick")
                    };
                    let want_kill = (kill == Some(mine) && open(Rank(1))) as u8 as f32;
                    let want_rob = (rob == Some(mine) && open(Rank(2))) as u8 as f32 * gold / 5.0;
                    let at = format!("seed {seed}, {players} players, pick {mine:?}");
                    assert_eq!(pick_fact(view, legal, mine, "kill_aim"), want_kill, "{at}");
                    assert_eq!(pick_fact(view, legal, mine, "rob_aim"), want_rob, "{at}");
                    aimed += (want_kill > 0.0) as usize;
                    closed += (kill == Some(mine) && !open(Rank(1))) as usize;
                    robbed += (want_rob > 0.0) as usize;
                }
            });
        }
        assert!(
            aimed > 20 && closed > 5 && robbed > 20,
            "{aimed} aimed, {closed} closed, {robbed} robbed"
        );
    }

    /// `pick.*.rankN_later` says which characters the players who choose after me would
    /// take from what my pick leaves, if each, in turn from the crown (rulebook 2016,
    /// "Selection Phase"), took what the heuristic bot would pick in its seat. Checked
    /// at 4 and 5 players, where the later choosers are the seats holding no character yet,
    /// against the heuristic's own pick scores from each of their views (the first best
    /// rank among equals).
    #[test]
    fn later_facts_are_what_the_later_choosers_heuristic_would_pick() {
        let (mut taken, mut picks) = (0, 0);
        for players in [4, 5] {
            each_pick(players, 0..20, |seed, state, view, legal| {
                let from_crown = |s: Seat| (s.0 + players - state.crown.0) % players;
                let mut waiting: Vec<Seat> = (0..players)
                    .map(Seat)
                    .filter(|&s| s != view.me() && state.ranks_of(s).is_empty())
                    .collect();
                waiting.sort_by_key(|&s| from_crown(s));
                for &action in legal {
                    let Action::Pick(mine) = action else {
                        unreachable!("a pick")
                    };
                    let mut left = state.draft.available;
                    left.remove(mine);
                    let mut expected = RankSet::EMPTY;
                    for &seat in &waiting {
                        let theirs = View::new(view.rules(), state, seat);
                        let kept = Kept::default();
                        let d =
                            heuristic::Decision::new(&theirs, &HeuristicWeights::DEFAULT, &kept);
                        let mut best: Option<(Rank, f32)> = None;
                        for rank in left.iter() {
                            let score = d.score(Action::Pick(rank));
                            if best.is_none_or(|(_, b)| score > b) {
                                best = Some((rank, score));
                            }
                        }
                        let Some((rank, _)) = best else { break };
                        left.remove(rank);
                        expected.insert(rank);
                    }
                    for r in 1..=9u8 {
                        let value = pick_fact(view, legal, mine, &format!("rank{r}_later"));
                        let want = expected.contains(Rank(r)) as u8 as f32;
                        assert_eq!(
                            value, want,
                            "seed {seed}, {players} players, pick {mine:?}, rank {r}"
                        );
                    }
                    taken += expected.len();
                    picks += 1;
                }
            });
        }
        assert!(picks > 200 && taken > 200, "{picks} picks, {taken} taken");
    }

    /// The leader of the standings, found in the pass that works them out, is the plain
    /// second pass's: from the next seat, each opponent at least as far ahead as the leader so
    /// far takes the lead. Checked at every decision of random games at 2 to 8 players.
    #[test]
    fn the_leader_in_one_pass_is_that_of_two_passes() {
        let (mut decisions, mut level) = (0, 0);
        for players in 2..=8 {
            let rules = preset_rules("all-characters", players);
            let mut legal = Vec::new();
            for seed in 0..6 {
                let mut state = new_game(&rules, seed);
                let mut rng = GameRng::new(seed);
                while let Some(seat) = to_move(&state) {
                    let view = View::new(&rules, &state, seat);
                    let standings = Standings::new(&view, &Kept::default());
                    let (me, n) = (seat.index(), players as usize);
                    let mut leader = (me + 1) % n;
                    for s in (0..n).filter(|&s| s != me) {
                        if standings.standing[s] >= standings.standing[leader] {
                            leader = s;
                        }
                    }
                    assert_eq!(standings.leader, Seat(leader as u8));
                    let others = (0..n).filter(|&s| s != me && s != leader);
                    level += others
                        .filter(|&s| standings.standing[s] == standings.standing[leader])
                        .count();
                    decisions += 1;
                    legal_actions(&rules, &state, &mut legal);
                    let action = legal[rng.below(legal.len() as u32) as usize];
                    apply(&rules, &mut state, action);
                }
            }
        }
        assert!(decisions > 10_000 && level > 1_000, "{decisions} {level}");
    }

    /// Weights that give every fact of a part of the draft facts 0 score each action of a
    /// pick the same, to the bit, with or without that part (so a pick skips it); one weight
    /// on a fact of a part, linear or into a unit, makes the weights read that part.
    #[test]
    fn weights_without_draft_facts_score_the_same_without_them() {
        let linear = PolicyWeights::linear();
        assert_eq!(linear.reads_draft_facts(), DraftFacts::NONE);
        let first_shared = DraftFacts::SHARED.indices().next().expect("shared facts");
        let first_later = DraftFacts::LATER.indices().next().expect("later facts");
        assert!(
            DraftFacts::SHARED
                .indices()
                .all(|i| !DraftFacts::LATER.indices().any(|j| j == i))
        );
        let mut values = linear.values.clone();
        values[first_shared] = 0.5;
        let shared = PolicyWeights::new(values, None, "x".into());
        assert_eq!(shared.reads_draft_facts(), DraftFacts::SHARED);
        let mut input = vec![0.0; FEATURES];
        input[first_later] = 0.5;
        let hidden = Hidden {
            input: input.into(),
            bias: vec![0.0],
            out: vec![1.0],
            kinds: KindSet::ALL,
        };
        let net = PolicyWeights::new(linear.values.clone(), Some(hidden), "y".into());
        assert_eq!(net.reads_draft_facts(), DraftFacts::LATER);
        let mut picks = 0;
        each_pick(5, 0..10, |_, _, view, legal| {
            let kept = Kept::default();
            let all = DecisionFeatures::new(view, legal, &kept);
            let reads = |part| DecisionFeatures::new(view, legal, &kept).with_draft_facts(part);
            for &action in legal {
                for (weights, part) in [(&*linear, DraftFacts::NONE), (&shared, DraftFacts::SHARED)]
                {
                    let (mut with, mut without) =
                        (Dot::new(&weights.values), Dot::new(&weights.values));
                    all.action(action, &mut with);
                    reads(part).action(action, &mut without);
                    assert_eq!(with.total.to_bits(), without.total.to_bits());
                }
                picks += 1;
            }
        });
        assert!(picks > 100, "{picks}");
    }

    /// Weights that give the aim facts 0 (the built-in files fitted before version 0.4.0)
    /// score each pick the same, to the bit, with or without working them out (so a pick
    /// skips them); one weight on an aim fact, linear or into a unit, makes the weights read
    /// them, and then they move scores.
    #[test]
    fn weights_without_aims_score_the_same_without_them() {
        assert!(PolicyWeights::built_in().reads_aims());
        assert!(PolicyWeights::casts().reads_aims());
        let net = PolicyWeights::named("net").expect("built in");
        for weights in [&PolicyWeights::linear(), &net] {
            assert!(!weights.reads_aims(), "{}", weights.source);
        }
        let without = net;
        // The Architect's: the Assassin is never the aim of a kill.
        let first_aim = aim_indices()
            .find(|&i| feature_name(i) == "pick.Architect.kill_aim")
            .expect("aim facts");
        let mut values = without.values.clone();
        values[first_aim] = 0.5;
        let linear_aim = PolicyWeights::new(values, None, "x".into());
        assert!(linear_aim.reads_aims());
        let mut hidden = without.hidden.clone().expect("a layer");
        let units = hidden.units();
        hidden.input[first_aim * units] = 0.5;
        let unit_aim = PolicyWeights::new(without.values.clone(), Some(hidden), "y".into());
        assert!(unit_aim.reads_aims());
        let (mut picks, mut moved, mut moved_by_unit) = (0, 0, 0);
        each_pick(5, 0..10, |_, _, view, legal| {
            let kept = Kept::default();
            let all = DecisionFeatures::new(view, legal, &kept);
            let skipped = DecisionFeatures::new(view, legal, &kept).with_aims(false);
            for &action in legal {
                let score = |weights: &PolicyWeights, features: &DecisionFeatures| {
                    super::super::score(weights, features, action).to_bits()
                };
                assert_eq!(score(&without, &all), score(&without, &skipped));
                moved += (score(&linear_aim, &all) != score(&linear_aim, &skipped)) as u32;
                moved_by_unit += (score(&unit_aim, &all) != score(&unit_aim, &skipped)) as u32;
                picks += 1;
            }
        });
        assert!(
            picks > 100 && moved > 10 && moved_by_unit > 0,
            "{picks} picks, {moved} moved, {moved_by_unit} moved by the unit"
        );
    }

    /// A sink that receives a block's values one `add` at a time (`Sink::add_all`'s default).
    struct OneByOne<'s, S>(&'s mut S);

    impl<S: Sink> Sink for OneByOne<'_, S> {
        fn add(&mut self, index: usize, value: f32) {
            self.0.add(index, value);
        }
    }

    /// A layer whose input rows of the draft facts are 0 reads them in its linear part only
    /// (`PolicyWeights::units_read_draft_facts`), and a pick that passes them by the units
    /// scores as one that passes them through: checked bit for bit on every pick of random
    /// games, where those facts change the scores. (With rows that are not 0, passing them by
    /// changes the scores: the units are skipped.)
    #[test]
    fn draft_facts_the_units_do_not_read_skip_the_units_to_the_same_score() {
        let mut rng = GameRng::new(12);
        let mut small = |n: usize| small_values(&mut rng, n);
        let units = 6;
        let values = small(FEATURES);
        let mut hidden = Hidden {
            input: small(FEATURES * units).into(),
            bias: small(units),
            out: small(units),
            kinds: KindSet::ALL,
        };
        let full = hidden.clone();
        for j in DraftFacts::ALL.indices() {
            hidden.input[j * units..(j + 1) * units].fill(0.0);
        }
        let weights = PolicyWeights::new(values.clone(), Some(hidden.clone()), String::new());
        assert_eq!(weights.reads_draft_facts(), DraftFacts::ALL);
        assert_eq!(weights.units_read_draft_facts(), DraftFacts::NONE);
        let (mut picks, mut moved, mut skipped) = (0, 0, 0);
        each_decision(5, 0..3, |_, _, view, legal| {
            let kept = Kept::default();
            let through = DecisionFeatures::new(view, legal, &kept);
            let by =
                DecisionFeatures::new(view, legal, &kept).with_unit_draft_facts(DraftFacts::NONE);
            let without =
                DecisionFeatures::new(view, legal, &kept).with_draft_facts(DraftFacts::NONE);
            for &action in legal.iter().filter(|a| matches!(a, Action::Pick(_))) {
                let score_under = |hidden: &Hidden, features: &DecisionFeatures| {
                    let mut net = Net::new(&values, hidden);
                    features.action(action, &mut net);
                    net.total()
                };
                let score = |features: &DecisionFeatures| score_under(&hidden, features);
                assert_eq!(
                    score(&through).to_bits(),
                    score(&by).to_bits(),
                    "{action:?}"
                );
                picks += 1;
                moved += (score(&by) != score(&without)) as u32;
                skipped += (score_under(&full, &by) != score_under(&full, &through)) as u32;
            }
        });
        assert!(
            picks > 50 && moved > 25 && skipped > 25,
            "{picks} picks, {moved} moved, {skipped} skipped"
        );
    }

    /// `Net` scores an action as the linear dot product of its features plus each unit's
    /// output weight times max(0, bias + the features' rows weighted by their values), and
    /// `Dot` as the dot product alone: checked against those sums, written out, on every
    /// action of every decision of random games; and a block added at once (`add_all`) gives
    /// the bits of its values added one by one, with layers of every shape `add_all` sums in
    /// its own way.
    #[test]
    fn net_scores_are_the_linear_score_plus_the_rectified_units() {
        let mut rng = GameRng::new(9);
        let mut small = |n: usize| small_values(&mut rng, n);
        // Every path of `add_all`: units one at a time only, a half group, a half group and
        // some, a group, a group and some, a group, a half group and some, two groups and
        // some, two groups, a half group and some, and the most units a layer may have; and
        // the layers of a multiple of 8 units, summed octet by octet (`add_octets`): one
        // octet, a half group and one, a group, a half group and one.
        let (mut on, mut off) = (0, 0);
        let half = LANES / 2;
        for units in [
            5,
            8,
            half + 8,
            LANES + half + 8,
            half,
            half + 5,
            LANES,
            LANES + 13,
            LANES + half + 3,
            2 * LANES + 6,
            2 * LANES + half + 3,
            MAX_UNITS,
        ] {
            let values = small(FEATURES);
            let hidden = Hidden {
                input: small(FEATURES * units).into(),
                bias: small(units),
                out: small(units),
                kinds: KindSet::ALL,
            };
            each_decision(4, 0..3, |_, _, view, legal| {
                let kept = Kept::default();
                let features = DecisionFeatures::new(view, legal, &kept);
                for &action in legal {
                    let mut pairs = Pairs(Vec::new());
                    features.action(action, &mut pairs);
                    let linear: f32 = pairs.0.iter().map(|&(j, v)| values[j] * v).sum();
                    let mut expected = linear;
                    for u in 0..units {
                        let z: f32 = hidden.bias[u]
                            + pairs
                                .0
                                .iter()
                                .map(|&(j, v)| hidden.row(j)[u] * v)
                                .sum::<f32>();
                        if z > 0.0 {
                            on += 1;
                        } else {
                            off += 1;
                        }
                        expected += hidden.out[u] * z.max(0.0);
                    }
                    let mut net = Net::new(&values, &hidden);
                    features.action(action, &mut net);
                    // `add_all` is `add` value by value, to the bit.
                    let mut one_by_one = Net::new(&values, &hidden);
                    features.action(action, &mut OneByOne(&mut one_by_one));
                    assert_eq!(net.total().to_bits(), one_by_one.total().to_bits());
                    let mut dot = Dot::new(&values);
                    features.action(action, &mut dot);
                    let close = |a: f32, b: f32| (a - b).abs() <= 1e-4 * a.abs().max(1.0);
                    assert!(
                        close(net.total(), expected),
                        "{action:?}: {} vs {expected}",
                        net.total()
                    );
                    assert!(
                        close(dot.total, linear),
                        "{action:?}: {} vs {linear}",
                        dot.total
                    );
                }
            });
        }
        assert!(on > 100 && off > 100, "units on {on}, off {off}");
    }

    /// A block longer than `BLOCK` values, or of exactly that many, with zeros among them
    /// (the first and last places included), is taken in parts and gives every unit the
    /// bits of its values added one by one, for a layer of every shape `add_all` sums in
    /// its own way.
    #[test]
    fn long_blocks_with_zeros_give_the_sums_of_one_by_one() {
        let mut rng = GameRng::new(10);
        for units in [
            5,
            8,
            LANES / 2 + 3,
            LANES,
            LANES + LANES / 2 + 8,
            2 * LANES + LANES / 2 + 3,
        ] {
            let values = small_values(&mut rng, FEATURES);
            let hidden = Hidden {
                input: small_values(&mut rng, FEATURES * units).into(),
                bias: small_values(&mut rng, units),
                out: small_values(&mut rng, units),
                kinds: KindSet::ALL,
            };
            for len in [BLOCK, BLOCK + 1, 2 * BLOCK + 7] {
                let mut block = small_values(&mut rng, len);
                for (i, value) in block.iter_mut().enumerate() {
                    if i % 3 == 0 || i == len - 1 {
                        *value = 0.0;
                    }
                }
                let at = 40;
                let mut net = Net::new(&values, &hidden);
                net.add_all(at, &block);
                let mut one_by_one = Net::new(&values, &hidden);
                for (i, &value) in block.iter().enumerate() {
                    one_by_one.add(at + i, value);
                }
                let bits = |net: &Net| {
                    net.units[..units]
                        .iter()
                        .map(|u| u.to_bits())
                        .collect::<Vec<_>>()
                };
                assert_eq!(bits(&net), bits(&one_by_one), "{units} units, {len} values");
                assert!(net.units[..units].iter().all(|&u| u != 0.0));
                assert_eq!(net.total().to_bits(), one_by_one.total().to_bits());
            }
        }
    }
}
