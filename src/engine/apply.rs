//! `new_game`, `try_apply` and `apply`: the only code that changes a `State`.

use super::action::Action;
use super::ids::{CardId, Seat};
use super::legal::legal_actions;
use super::rng::{GameRng, mix};
use super::rules::Rules;
use super::sets::{CardSet, RankSet};
use super::state::{Deck, Draft, Phase, State, Turn, TurnMode};
use super::trace::{NoTrace, Trace};
use super::{building, characters, districts, draft, gathering, turn};

/// An action that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {0:?}")]
pub struct ApplyError(pub Action);

/// Sets up a game ("Complete Setup"): draws the cast from the rank pools and the deck's
/// districts from the pool, shuffles the deck, deals the starting hands and gold, draws the
/// first crown holder, and starts round 1. The deal uses its own stream of `seed`, so the
/// same seed deals the same cards whatever the bots do.
pub fn new_game(rules: &Rules, seed: u64) -> State {
    let mut deal = GameRng::new(mix(seed, 0xDEA1));
    let players = rules.players;

    let mut cast = [None; 10];
    for (rank, pool) in rules.cast_pools.iter().enumerate().skip(1) {
        if !pool.is_empty() {
            cast[rank] = Some(pool[deal.below(pool.len() as u32) as usize]);
        }
    }

    // 2021: the Hospital and the Graveyard are in a game only if its drawn cast holds their
    // character; without them neither the deck nor the pool has their cards.
    let mut absent = CardSet::EMPTY;
    for &(cards, character) in &rules.conditional {
        if cast[character.rank().index()] != Some(character) {
            absent = absent.union(cards);
        }
    }
    let mut in_game = rules.always.minus(absent);
    let mut pool = rules.pool.minus(absent);
    for _ in 0..rules.pool_draw {
        if pool.is_empty() {
            break;
        }
        // Draw a district of the pool (all copies of it come in).
        let card = pool.nth(deal.below(pool.len() as u32) as usize);
        let same = rules.by_district[rules.card(card).district.index()].intersection(pool);
        in_game = in_game.union(same);
        pool = pool.minus(same);
    }
    let mut cards = [CardId(0); CardSet::CAPACITY];
    let n = in_game.len();
    for (slot, card) in cards.iter_mut().zip(in_game.iter()) {
        *slot = card;
    }
    deal.shuffle(&mut cards[..n]);
    let mut deck = Deck::from_cards(&cards[..n]);

    let mut hand = [CardSet::EMPTY; 8];
    for h in hand.iter_mut().take(players as usize) {
        for _ in 0..rules.options.starting_cards {
            if let Some(card) = deck.draw() {
                h.insert(card);
            }
        }
    }
    let mut gold = [0; 8];
    for g in gold.iter_mut().take(players as usize) {
        *g = rules.options.starting_gold as u16;
    }
    let first_crown = Seat(deal.below(players as u32) as u8);

    let mut state = State {
        players,
        cast,
        gold,
        hand,
        city: [CardSet::EMPTY; 8],
        deck,
        in_game,
        crown: first_crown,
        first_crown,
        round: 0,
        first_complete: None,
        phase: Phase::Draft,
        stalled: false,
        owner: [None; 10],
        faceup_discards: RankSet::EMPTY,
        facedown_discards: RankSet::EMPTY,
        seen: [RankSet::EMPTY; 8],
        killed: None,
        robbed: None,
        revealed: RankSet::EMPTY,
        bewitched: None,
        warrants: RankSet::EMPTY,
        signed_warrant: None,
        threats: RankSet::EMPTY,
        flowered: None,
        blackmailer: None,
        tax_pool: 0,
        beautified: CardSet::EMPTY,
        museum: CardSet::EMPTY,
        draft: Draft::default(),
        knowledge: super::knowledge::Knowledge::default(),
        turn: Turn::new(super::ids::Rank(0), Seat(0), TurnMode::Normal),
        rng: GameRng::new(mix(seed, 0xC4A7)),
    };
    turn::start_round(rules, &mut state, &mut NoTrace);
    state
}

/// Applies `action` if it is among the legal actions; otherwise leaves the state unchanged.
pub fn try_apply(rules: &Rules, state: &mut State, action: Action) -> Result<(), ApplyError> {
    let mut legal = Vec::new();
    legal_actions(rules, state, &mut legal);
    if !legal.contains(&action) {
        return Err(ApplyError(action));
    }
    apply(rules, state, action);
    Ok(())
}

/// Applies a legal action (the caller guarantees legality: `legal_actions` listed it), then
/// runs the automatic steps that follow until someone must decide.
pub fn apply(rules: &Rules, state: &mut State, action: Action) {
    apply_traced(rules, state, action, &mut NoTrace);
}

/// `apply`, reporting the engine's automatic steps to `trace` (the replay log).
pub fn apply_traced(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    match action {
        Action::Pick(_) | Action::Discard(_) => return draft::apply(rules, state, action, trace),
        Action::GiveCrown(_) if matches!(state.phase, Phase::EmperorAdvisor(_)) => {
            characters::apply(rules, state, action, trace);
            return turn::finish_round(rules, state, trace);
        }
        Action::TakeGold | Action::DrawCards | Action::Keep(_) | Action::KeepAll => {
            gathering::apply(rules, state, action, trace)
        }
        Action::Build(_) | Action::DenPayCard(_) | Action::DenPayGold => {
            building::apply(rules, state, action, trace)
        }
        Action::TheaterSwap(..) | Action::TheaterPass => {
            districts::theater_apply(state, action);
            return turn::start_turn_phase(rules, state, trace);
        }
        Action::LabDiscard(_)
        | Action::SmithyDraw
        | Action::MuseumTuck(_)
        | Action::ArmoryDestroy(..)
        | Action::FrameworkBuild(_)
        | Action::NecropolisBuild(_) => districts::apply(rules, state, action, trace),
        Action::EndTurn => turn::end_turn(rules, state, trace),
        _ => characters::apply(rules, state, action, trace),
    }
    turn::settle(rules, state, trace);
}
