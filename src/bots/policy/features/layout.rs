//! The feature space: the kinds of action, the facts of each block, where each block starts
//! (`Layout`), and every feature's name (`feature_name`), by which weights files name them.

use crate::engine::action::Action;
use crate::engine::ids::Character;

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
pub(super) const PICK_FACTS: [&str; 48] = [
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
pub(super) const PICK_BASE: usize = 18;
/// The position of `kill_aim` in `PICK_FACTS` (`rob_aim` follows it).
pub(super) const AIM_FACT: usize = 14;
/// The position of `treasury` in `PICK_FACTS` (`map_room` follows it, the last base fact).
pub(super) const PICK_HOARD: usize = 16;
/// The position of `treasury` in `GATHER_FACTS` (`map_room` follows it, the last).
pub(super) const GATHER_HOARD: usize = 7;
/// The positions of the keeping facts in `MISC_FACTS`, from `taxed` to the last.
pub(super) const MISC_TAXED: usize = 1;
pub(super) const MISC_REFUND: usize = 2;
pub(super) const MISC_GOLD_LEFT: usize = 3;
pub(super) const MISC_FORGOES_BUILD: usize = 4;

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
/// The features of the keeping facts, what gold or cards kept or spent are worth, which weights
/// fitted without them give 0 (`PolicyWeights::reads_keeping`): `treasury` and `map_room` of
/// every pick, of `gather` and of every `context.<Action>`, `card.<role>.hoard`, a build's
/// `taxed`, `refund` and `gold_left` (`Hoard`, `build`), and a destruction's or seizure's
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
pub(super) const LATER_FACTS: usize = 9;
/// How many of the draft facts are the same for every character of a decision.
pub(super) const DRAFT_SHARED: usize = DRAFT_FACTS - LATER_FACTS;

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
pub(super) const TARGET_FACTS: [&str; 10] = [
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
pub(super) const CARD_ROLES: [&str; 4] = ["keep", "build", "give_up", "hit"];
pub(super) const CARD_FACTS: [&str; 13] = [
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
pub(super) const SEAT_FACTS: [&str; 7] =
    ["bias", "leader", "ahead", "city", "gold", "hand", "near"];
pub(super) const GATHER_FACTS: [&str; 9] = [
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
pub(super) const MISC_FACTS: [&str; 5] = [
    "completes_city",
    "taxed",
    "refund",
    "gold_left",
    "forgoes_build",
];
/// The actions that get the gathering facts of their own (`context_slot`): choices between
/// resources with no card, seat or character to describe them (for casts beyond
/// `first-game`: the search's Navigator takes the cards in about three turns
/// of ten, a policy with a bias alone almost never). Each is the whole of its kind.
pub(super) const CONTEXT_ACTIONS: [Action; 15] = [
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
pub(super) fn context_slot(action: Action) -> Option<usize> {
    match CONTEXT_SLOTS[kind_of(action)] {
        u8::MAX => None,
        slot => Some(slot as usize),
    }
}
/// The facts of the Diplomat's exchange: the points it gains (the difference in cost), the
/// gold it pays, the given district's cost, whether it is unique, and whether it is my only
/// district of its type.
pub(super) const EXCHANGE_FACTS: [&str; 5] =
    ["gain", "pay", "given_cost", "given_unique", "type_lost"];
/// The facts of the Spy's look at a hand for a district type (`spy`): the cards of that
/// type I know are in it, the cards of it I can expect there, and the gold I can expect to
/// take.
pub(super) const SPY_FACTS: [&str; 3] = ["known", "expected", "gold"];

pub(super) const CHARACTERS: usize = Character::COUNT;

/// The first index of each block.
pub(super) struct Layout;

impl Layout {
    pub(super) const HEURISTIC: usize = 0;
    pub(super) const KIND: usize = 1;
    const PICK: usize = Layout::KIND + KINDS.len();
    pub(super) const TARGET: usize = Layout::PICK + CHARACTERS * PICK_FACTS.len();
    pub(super) const CARD: usize =
        Layout::TARGET + TARGET_ROLES.len() * CHARACTERS * TARGET_FACTS.len();
    pub(super) const SEAT: usize = Layout::CARD + CARD_ROLES.len() * CARD_FACTS.len();
    pub(super) const GATHER: usize = Layout::SEAT + SEAT_ROLES.len() * SEAT_FACTS.len();
    pub(super) const END: usize = Layout::GATHER + GATHER_FACTS.len();
    pub(super) const MISC: usize = Layout::END + END_FACTS.len();
    pub(super) const CONTEXT: usize = Layout::MISC + MISC_FACTS.len();
    pub(super) const EXCHANGE: usize = Layout::CONTEXT + CONTEXT_ACTIONS.len() * GATHER_FACTS.len();
    pub(super) const SPY: usize = Layout::EXCHANGE + EXCHANGE_FACTS.len();
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
pub(super) fn key(character: Character) -> String {
    character.name().replace(' ', "")
}
