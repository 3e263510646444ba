//! Invariant checks and a fuzzing driver shared by the invariant tests, the property test,
//! the `cargo fuzz` target and `tools/lab/fuzz_run.rs`.
//!
//! [`check_invariants`] checks one position; [`apply_checking_changes`] applies an action and
//! checks that the changes of holdings it reports (which the statistics count) are its whole
//! effect; [`fuzz_game`] plays a whole game choosing among the legal actions with a
//! caller-supplied chooser and checks every position and every action on the way;
//! [`for_each_position`] plays one the same way and shows each position to the caller (the
//! driver of the tests that compare a fast move generator with its rule).

use super::action::Action;
use super::apply::{apply, apply_traced, new_game, try_apply};
use super::ids::{CardId, Rank, Seat};
use super::legal::{legal_actions, to_move};
use super::rules::Rules;
use super::sets::CardSet;
use super::state::{MAX_PLAYERS, Pending, Phase, State};
use super::trace::{Change, Event, Trace};

/// Gold no seat can reach in a real game; more means gold was created (or wrapped around).
pub const GOLD_BOUND: u16 = 10_000;

/// What one fuzzed game did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GameStats {
    /// Actions applied.
    pub actions: u64,
    /// The game hit the round cap and ended unscored.
    pub stalled: bool,
}

/// Checks the invariants of a position:
/// - every card of the game (`state.in_game`) is in exactly one place: the deck, a hand, a
///   city, the Museum or a pending choice (drawn cards, cards set aside, a card being paid
///   for or given), and the deck holds no card twice;
/// - every seat's gold is below [`GOLD_BOUND`] (gold is unsigned, so a negative amount
///   would show up as a wrapped, huge one);
/// - `to_move` is `Some` exactly when the game is not over, and a game not over has at least
///   one legal action, none listed twice (a bot's choice among the list, and the ISMCTS
///   tree's children, count each move once);
/// - the round never passes the round cap.
pub fn check_invariants(rules: &Rules, state: &State) -> Result<(), String> {
    check_position(rules, state, &mut Vec::new())
}

/// [`check_invariants`], leaving the legal actions in `legal` (empty once the game is over).
fn check_position(rules: &Rules, state: &State, legal: &mut Vec<Action>) -> Result<(), String> {
    check_cards(state)?;
    for seat in 0..state.players as usize {
        if state.gold[seat] >= GOLD_BOUND {
            return Err(format!("seat {seat} has {} gold", state.gold[seat]));
        }
    }
    let over = state.phase == Phase::GameOver;
    if over != state.is_over() || over == to_move(state).is_some() {
        return Err(format!(
            "to_move is {:?} in phase {:?}",
            to_move(state),
            state.phase
        ));
    }
    legal_actions(rules, state, legal);
    if !over && legal.is_empty() {
        return Err(format!("no legal action in phase {:?}", state.phase));
    }
    let mut sorted = legal.clone();
    sorted.sort_unstable();
    if let Some(twice) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(format!(
            "{:?} is listed twice among the legal actions",
            twice[0]
        ));
    }
    if state.round > rules.options.round_cap {
        return Err(format!(
            "round {} passed the cap {}",
            state.round, rules.options.round_cap
        ));
    }
    Ok(())
}

/// A seat's holdings whose every change `apply` reports (`Change`): gold, cards in hand,
/// the total cost of the city, in the order of `Change::parts`.
fn holdings(rules: &Rules, state: &State, seat: usize) -> [i64; 3] {
    [
        state.gold[seat] as i64,
        state.hand[seat].len() as i64,
        rules.city_cost(state.city[seat], state.beautified) as i64,
    ]
}

/// The changes of holdings one action reported, summed per seat in the order of
/// [`holdings`] (that of `Change::parts`).
struct ReportedChanges([[i64; 3]; MAX_PLAYERS]);

impl Trace for ReportedChanges {
    fn event(&mut self, _: &State, _: Event) {}
    fn change(&mut self, change: Change) {
        let (seat, kind, n) = change.parts();
        self.0[seat.index()][kind] += n as i64;
    }
}

/// Applies `action` and checks that the changes of holdings it reported add up, for every
/// seat, to the difference of its gold, hand size and city cost before and after: the
/// statistics count gains from these reports alone (`sim::tally`), so a change the engine
/// makes without reporting it would go uncounted.
pub fn apply_checking_changes(
    rules: &Rules,
    state: &mut State,
    action: Action,
) -> Result<(), String> {
    let seats = state.players as usize;
    let mut before = [[0; 3]; MAX_PLAYERS];
    for (seat, held) in before.iter_mut().enumerate().take(seats) {
        *held = holdings(rules, state, seat);
    }
    let mut reported = ReportedChanges([[0; 3]; MAX_PLAYERS]);
    apply_traced(rules, state, action, &mut reported);
    for (seat, (before, reported)) in before.iter().zip(&reported.0).enumerate().take(seats) {
        let after = holdings(rules, state, seat);
        for (kind, name) in ["gold", "cards in hand", "city cost"]
            .into_iter()
            .enumerate()
        {
            let change = after[kind] - before[kind];
            if change != reported[kind] {
                return Err(format!(
                    "{action:?} changed seat {seat}'s {name} by {change} but reported {}",
                    reported[kind]
                ));
            }
        }
    }
    Ok(())
}

/// The card part of [`check_invariants`]: every card of the game (`state.in_game`) is in
/// exactly one place (deck, a hand, a city, the Museum or a pending choice), and the deck
/// holds no card twice.
pub fn check_cards(state: &State) -> Result<(), String> {
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    let mut add = |place: &str, set: CardSet| -> Result<(), String> {
        if seen.intersects(set) {
            return Err(format!(
                "card(s) {:?} of the {place} are also elsewhere",
                seen.intersection(set).iter().collect::<Vec<_>>()
            ));
        }
        seen = seen.union(set);
        count += set.len();
        Ok(())
    };
    for seat in 0..state.players as usize {
        add("hand", state.hand[seat])?;
        add("city", state.city[seat])?;
    }
    match state.turn.pending {
        Pending::Keep { drawn, .. } => add("drawn cards", drawn)?,
        Pending::MagicianDiscard { cards } => add("Magician's set-aside cards", cards)?,
        Pending::DenPayment { card, .. }
        | Pending::Confiscation { card, .. }
        | Pending::CardinalGive { card, .. }
        | Pending::Graveyard { card, .. } => add("pending card", single(card))?,
        _ => {}
    }
    add("Museum", state.museum)?;
    let deck: CardSet = state.deck.iter().collect();
    if deck.len() != state.deck.len() {
        return Err(format!(
            "the deck holds {} cards but only {} different ones",
            state.deck.len(),
            deck.len()
        ));
    }
    add("deck", deck)?;
    if seen != state.in_game || count != state.in_game.len() {
        return Err(format!(
            "cards not conserved: lost {:?}, created {:?}",
            state.in_game.minus(seen).iter().collect::<Vec<_>>(),
            seen.minus(state.in_game).iter().collect::<Vec<_>>()
        ));
    }
    Ok(())
}

fn single(card: CardId) -> CardSet {
    let mut set = CardSet::EMPTY;
    set.insert(card);
    set
}

/// Actions tried against `try_apply` after every action whenever they are not legal, with
/// a few built from a random card, seat and rank of the game (see [`fuzz_game`]).
const PROBES: [Action; 12] = [
    Action::EndTurn,
    Action::TakeGold,
    Action::DrawCards,
    Action::KeepAll,
    Action::TakeIncome,
    Action::MagicianDraw,
    Action::SmithyDraw,
    Action::TheaterPass,
    Action::Bribe,
    Action::Confiscate,
    Action::LootGold,
    Action::CollectTaxes,
];

/// An upper bound on the actions of any game under `rules`: generous, so only a game that
/// loops forever (or far too long) passes it.
pub fn action_bound(rules: &Rules) -> u64 {
    (rules.options.round_cap as u64 + 1) * (rules.players as u64 + 1) * 2_000
}

/// Plays one game of `rules` from `seed`, choosing each action as `legal[choose(legal.len())]`
/// (out-of-range choices wrap around). Before each action checks that `try_apply` accepts
/// it (on a copy) and refuses a few actions that are not listed while leaving the state
/// unchanged; applies it with [`apply_checking_changes`]; after each action checks
/// [`check_invariants`]. At the end checks that a game
/// not stalled was scored after a completed city. Errors on the first broken invariant, or
/// when the game passes [`action_bound`].
pub fn fuzz_game(
    rules: &Rules,
    seed: u64,
    choose: impl FnMut(usize) -> usize,
) -> Result<GameStats, String> {
    fuzz_game_probing(rules, seed, 1, choose)
}

/// Plays one game of `rules` from `seed`, choosing each action as `legal[choose(legal.len())]`
/// (out-of-range choices wrap around), and calls `visit` with every position and its legal
/// actions before the action is chosen. Checks nothing itself.
pub fn for_each_position(
    rules: &Rules,
    seed: u64,
    mut choose: impl FnMut(usize) -> usize,
    mut visit: impl FnMut(&State, &[Action]),
) {
    let mut state = new_game(rules, seed);
    let mut legal = Vec::new();
    while to_move(&state).is_some() {
        legal_actions(rules, &state, &mut legal);
        visit(&state, &legal);
        let action = legal[choose(legal.len()) % legal.len()];
        apply(rules, &mut state, action);
    }
}

/// [`fuzz_game`] checking `try_apply` (accepting the chosen action, refusing the probes)
/// only before every `probe_every`-th action: the probes cost about twenty move generations
/// each, so long runs probe a sample of the positions. Invariants are still checked after
/// every action.
pub fn fuzz_game_probing(
    rules: &Rules,
    seed: u64,
    probe_every: u64,
    mut choose: impl FnMut(usize) -> usize,
) -> Result<GameStats, String> {
    let mut state = new_game(rules, seed);
    let mut legal = Vec::new();
    let mut actions = 0u64;
    let bound = action_bound(rules);
    let at = |actions: u64, state: &State, msg: String| {
        format!(
            "after {actions} actions (round {}, phase {:?}, turn of rank {:?}): {msg}",
            state.round, state.phase, state.turn.rank
        )
    };
    check_position(rules, &state, &mut legal).map_err(|e| at(0, &state, e))?;
    while to_move(&state).is_some() {
        let action = legal[choose(legal.len()) % legal.len()];
        if actions.is_multiple_of(probe_every.max(1)) {
            probe(rules, &state, &legal, action, &mut choose)
                .map_err(|e| at(actions, &state, e))?;
        }
        apply_checking_changes(rules, &mut state, action).map_err(|e| at(actions, &state, e))?;
        actions += 1;
        check_position(rules, &state, &mut legal)
            .map_err(|e| at(actions, &state, format!("after {action:?}: {e}")))?;
        if actions > bound {
            return Err(at(actions, &state, format!("no end after {bound} actions")));
        }
    }
    if !state.stalled && state.first_complete.is_none() {
        return Err("a game scored without a completed city".into());
    }
    Ok(GameStats {
        actions,
        stalled: state.stalled,
    })
}

/// `try_apply` accepts `action` (on a copy), and refuses the probes that are not in `legal`
/// without changing the state.
fn probe(
    rules: &Rules,
    state: &State,
    legal: &[Action],
    action: Action,
    choose: &mut impl FnMut(usize) -> usize,
) -> Result<(), String> {
    let mut copy = state.clone();
    if try_apply(rules, &mut copy, action).is_err() {
        return Err(format!("try_apply refused {action:?}"));
    }
    let card = CardId(choose(rules.cards.len()).min(rules.cards.len() - 1) as u8);
    let seat = Seat((choose(rules.players as usize) % rules.players as usize) as u8);
    let rank = Rank((choose(9) % 9) as u8 + 1);
    let built = [
        Action::Pick(rank),
        Action::Kill(rank),
        Action::Build(card),
        Action::Keep(card),
        Action::Give(card),
        Action::MagicianDiscard(card),
        Action::SwapHands(seat),
        Action::Destroy(seat, card),
    ];
    for probe in PROBES.into_iter().chain(built) {
        if legal.contains(&probe) {
            continue;
        }
        let mut copy = state.clone();
        if try_apply(rules, &mut copy, probe).is_ok() {
            return Err(format!("try_apply accepted {probe:?}, which is not listed"));
        }
        if copy != *state {
            return Err(format!("try_apply refused {probe:?} but changed the state"));
        }
    }
    Ok(())
}
