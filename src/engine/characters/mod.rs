//! Character abilities: which actions each character offers, what they do, and the passive
//! effects other rules ask about (building limit, who may build, protection, crown). Rulebook:
//! "Character Abilities in Detail". Abilities are optional and once per turn unless the text
//! says "must"; abilities without a stated time may be used at any time during the turn,
//! before or after gathering and building.
//!
//! Where each character's ability lives. Files are named after the mechanic that several
//! characters share, or after the one character that has it:
//!
//! | rank | characters | file |
//! |---|---|---|
//! | 1 | Assassin, Witch | `targeting` (naming a character: kill, bewitch) |
//! | 1 | Magistrate | `magistrate` |
//! | 2 | Thief | `targeting` (rob) |
//! | 2 | Spy | `spy` |
//! | 2 | Blackmailer | `blackmailer` |
//! | 3 | Magician | `magician` |
//! | 3 | Wizard | `wizard` |
//! | 3 | Seer | `seer` (its limit of two builds: `building_limit` here) |
//! | 4 | King, Emperor, Patrician | `crown`; their income: `income` |
//! | 5 | Bishop | `income`; its protection: `rank8::protected_from_rank8` |
//! | 5 | Abbot | `abbot` (the tax on the richest); its income: `income` |
//! | 5 | Cardinal | `cardinal`; its income: `income` |
//! | 6 | Merchant, Alchemist, Trader | `income` (the Alchemist's refund: `refunds_build_gold` here, the Trader's limit: `counts_toward_limit` here) |
//! | 7 | Architect, Navigator, Scholar | `income` (extra cards or gold, the Scholar's draw); their build limits: `building_limit` here |
//! | 8 | Warlord, Diplomat, Marshal | `rank8` (destroy, exchange, seize; the Graveyard) |
//! | 9 | Queen, Artist, Tax Collector | `rank9` |

mod abbot;
mod blackmailer;
mod cardinal;
mod crown;
mod income;
mod magician;
mod magistrate;
mod rank8;
mod rank9;
mod seer;
mod spy;
mod targeting;
mod wizard;

use super::action::Action;
use super::ids::{Character, DistrictType, Rank, Seat};
use super::rules::Rules;
use super::sets::RankSet;
use super::state::{Pending, State, TurnMode, used};
use super::trace::{Event, Trace};

pub use blackmailer::resolve_threat_on_gathering;
pub use crown::{end_of_round_crown, on_reveal_crown};
pub use income::income_type;
pub use magician::legal_discarding as legal_magician_discarding;
pub use magistrate::{confiscation_target, legal_confiscation};
pub use rank8::{protected_from_rank8, rank8_price};
pub use rank9::{exempt_from_tax, queen_end_of_round};

/// The character whose abilities this turn uses (in a resumed turn, the bewitched one).
pub fn current(state: &State) -> Character {
    state
        .character(state.turn.rank)
        .expect("a turn belongs to a character in the cast")
}

/// Whether this turn's builds are paid back at its end: the Alchemist's "At the end of your
/// turn, you receive back all the gold you paid to build districts this turn" (2016
/// rulebook, Alchemist). The tax and other payments are not paid back.
pub fn refunds_build_gold(state: &State) -> bool {
    current(state) == Character::Alchemist
}

/// Effects at the moment a character is revealed: the Thief's robbery, the crown.
pub fn on_reveal(state: &mut State, trace: &mut impl Trace) {
    let seat = state.turn.seat;
    // Thief: "When a player reveals that character to take his turn, you immediately take
    // all of his gold."
    if let Some((rank, thief)) = state.robbed
        && rank == state.turn.rank
    {
        trace.event(state, Event::Robbery { thief });
        state.move_gold(seat, thief, state.gold[seat.index()], trace);
    }
    on_reveal_crown(state, trace);
}

/// Whether the player whose turn it is, playing `character` (`current`), may build at all
/// this turn.
pub fn may_build(state: &State, character: Character) -> bool {
    match state.turn.mode {
        // Witch: "You cannot build at this time"; the bewitched player "cannot build"; the
        // Hospital's killed owner "does nothing else".
        TurnMode::Witch | TurnMode::Bewitched | TurnMode::Hospital => false,
        // Navigator: "You cannot build any districts during your turn - not even districts
        // that do not count toward your building limit."
        TurnMode::Normal | TurnMode::Resumed => character != Character::Navigator,
    }
}

/// Districts `character` may build in its turn (rulebook "building limit": one, the
/// Architect's three, the Seer's and the Scholar's two; `CharacterNumbers`).
pub fn building_limit(rules: &Rules, character: Character) -> u8 {
    let numbers = rules.numbers();
    match character {
        Character::Architect => numbers.architect_build_limit,
        Character::Seer => numbers.seer_build_limit,
        Character::Scholar => numbers.scholar_build_limit,
        _ => 1,
    }
}

/// Trader: "Trade districts do not count toward your building limit this turn." Stables:
/// "Building the Stables does not count toward your building limit."
pub fn counts_toward_limit(rules: &Rules, state: &State, card: super::ids::CardId) -> bool {
    counts_toward_limit_as(current(state) == Character::Trader, rules.card(card))
}

/// `counts_toward_limit` for a card, in the Trader's turn or not.
pub fn counts_toward_limit_as(trader: bool, info: &super::rules::CardInfo) -> bool {
    !(trader && info.dtype == DistrictType::Trade) && info.district != super::ids::District::Stables
}

/// Wizard: "During this turn, you can build districts that are identical to any other
/// district already in your city."
pub fn may_build_identical(character: Character) -> bool {
    character == Character::Wizard
}

/// Whether the turn of `character` (`current`) may end: the Emperor "must" give the crown.
pub fn may_end_turn(state: &State, character: Character) -> bool {
    !(character == Character::Emperor
        && !matches!(state.turn.mode, TurnMode::Bewitched | TurnMode::Hospital)
        && state.turn.used & used::CROWN == 0)
}

/// Appends the ability actions of the current character (`current`) that are legal now.
/// (Inlined into the turn's generation: called at most decisions of a turn, where the call
/// and its saved registers were a sizeable part of the work.)
#[inline]
pub fn legal(rules: &Rules, state: &State, character: Character, out: &mut Vec<Action>) {
    let done = state.turn.used;
    if done & used::INCOME == 0 {
        income::legal(rules, state, character, out);
    }
    // Each character has at most one of the other kinds of action (extra resources, the
    // crown, beautifying, a main ability), so one match lists them, each under its
    // once-per-turn flag.
    let extra = done & used::EXTRA == 0;
    let ability = done & used::ABILITY == 0;
    match character {
        Character::Merchant if extra => out.push(Action::MerchantGold),
        Character::Architect if extra => out.push(Action::ArchitectDraw),
        Character::Navigator if extra => {
            out.extend([Action::NavigatorGold, Action::NavigatorCards])
        }
        Character::Abbot if extra => abbot::legal_tax(state, out),
        Character::Queen if extra => rank9::legal_queen(state, out),
        Character::TaxCollector if extra => rank9::legal_collect(state, out),
        Character::Emperor if done & used::CROWN == 0 => crown::legal_give(state, state.crown, out),
        Character::Artist => rank9::legal_beautify(rules, state, out),
        Character::Assassin if ability => targeting::legal_kills(state, out),
        Character::Magistrate if ability => magistrate::legal_warrants(state, out),
        Character::Thief if ability => targeting::legal_robs(state, out),
        Character::Spy if ability => spy::legal(state, out),
        Character::Blackmailer if ability => blackmailer::legal_threats(state, out),
        Character::Magician if ability => magician::legal(state, out),
        Character::Wizard if ability => wizard::legal_look(state, out),
        Character::Seer if ability => seer::legal(state, out),
        Character::Scholar if ability && !state.deck.is_empty() => out.push(Action::ScholarDraw),
        Character::Warlord if ability => rank8::legal_destroy(rules, state, out),
        Character::Diplomat if ability => rank8::legal_exchange(rules, state, out),
        Character::Marshal if ability => rank8::legal_seize(rules, state, out),
        _ => {}
    }
}

/// Legal actions while a character's choice is pending.
pub fn legal_pending(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    match state.turn.pending {
        Pending::MagicianDiscard { .. } => magician::legal_discarding(state, out),
        Pending::Threat => out.extend([Action::Bribe, Action::RefuseBribe]),
        Pending::ThreatReveal => out.extend([Action::RevealThreat, Action::HideThreat]),
        Pending::Confiscation { .. } => legal_confiscation(out),
        Pending::WizardPick { from } => wizard::legal_pick(rules, state, from, out),
        Pending::SeerGive { .. } | Pending::CardinalGive { .. } => {
            out.extend(state.hand[state.turn.seat.index()].iter().map(Action::Give))
        }
        Pending::EmperorLoot { .. } => out.extend([Action::LootGold, Action::LootCard]),
        Pending::Graveyard { .. } => out.extend([Action::Recover, Action::LetGo]),
        Pending::None | Pending::Keep { .. } | Pending::DenPayment { .. } => {
            unreachable!("not a character choice")
        }
    }
}

/// Applies a character ability action.
pub fn apply(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    match action {
        Action::TakeIncome | Action::AbbotIncome(_) => income::take(rules, state, action, trace),
        Action::MerchantGold
        | Action::ArchitectDraw
        | Action::NavigatorGold
        | Action::NavigatorCards => income::take_extra(rules, state, action, trace),
        Action::AbbotTax(seat) => abbot::tax(rules, state, seat, trace),
        Action::Kill(rank) => targeting::kill(state, rank),
        Action::Bewitch(rank) => targeting::bewitch(state, rank),
        Action::Rob(rank) => targeting::rob(state, rank),
        Action::Warrant(signed, a, b) => magistrate::assign(state, signed, a, b),
        Action::Confiscate | Action::AllowBuild => magistrate::decide(rules, state, action, trace),
        Action::Spy(seat, dtype) => spy::spy(rules, state, seat, dtype, trace),
        Action::Threaten(flowered, other) => blackmailer::threaten(state, flowered, other),
        Action::Bribe | Action::RefuseBribe | Action::RevealThreat | Action::HideThreat => {
            blackmailer::resolve(rules, state, action, trace)
        }
        Action::SwapHands(_) | Action::MagicianDiscard(_) | Action::MagicianDraw => {
            magician::apply(state, action, trace)
        }
        Action::WizardLook(_) | Action::WizardTake(_) | Action::WizardBuild(_) => {
            wizard::apply(rules, state, action, trace)
        }
        Action::SeerTake => seer::take(state, trace),
        Action::Give(card) => match state.turn.pending {
            Pending::SeerGive { .. } => seer::give(state, card, trace),
            Pending::CardinalGive { .. } => cardinal::give(rules, state, card, trace),
            _ => unreachable!("Give only while cards are owed"),
        },
        Action::GiveCrown(seat) => crown::give(rules, state, seat, trace),
        Action::LootGold | Action::LootCard => crown::loot(rules, state, action, trace),
        Action::BorrowBuild(card, lender) => {
            cardinal::borrow_build(rules, state, card, lender, trace)
        }
        Action::ScholarDraw => income::scholar_draw(rules, state),
        Action::Destroy(seat, card) => rank8::destroy(rules, state, seat, card, trace),
        Action::Recover | Action::LetGo => rank8::graveyard(state, action, trace),
        Action::Exchange(seat, theirs, mine) => {
            rank8::exchange(rules, state, seat, theirs, mine, trace)
        }
        Action::Seize(seat, card) => rank8::seize(rules, state, seat, card, trace),
        Action::QueenGold => rank9::queen_gold(rules, state, trace),
        Action::Beautify(card) => rank9::beautify(rules, state, card, trace),
        Action::CollectTaxes => rank9::collect(state, trace),
        _ => unreachable!("not a character action: {action:?}"),
    }
}

/// Witch: the character to bewitch, once resources are gathered.
pub fn legal_bewitch(state: &State, out: &mut Vec<Action>) {
    targeting::legal_bewitch(state, out);
}

/// The killed Emperor's advisor gives the crown at the end of the round.
pub fn legal_advisor(state: &State, out: &mut Vec<Action>) {
    crown::legal_give(state, state.crown, out);
}

/// Cardinal building with borrowed gold (appended with the other builds; only for the
/// Cardinal).
pub fn legal_borrow_builds(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    cardinal::legal(rules, state, out);
}

/// The seat holding `character` this round, if it is in the cast and was chosen.
pub fn holder(state: &State, character: Character) -> Option<(Rank, Seat)> {
    let rank = state.rank_of(character)?;
    Some((rank, state.owner[rank.index()]?))
}

/// Ranks of the cast other than the current character's.
fn other_ranks(state: &State) -> RankSet {
    let mut ranks = state.cast_ranks();
    ranks.remove(state.turn.rank);
    ranks
}
