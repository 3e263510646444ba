//! Playing games: one game with its bots (`play_game`), seeds, the replay log, and the
//! parallel runner.

pub mod arena;
pub mod game_log;
pub mod ladder;
pub mod replay;
pub mod runner;
pub mod tally;

use crate::bots::heuristic::HeuristicBot;
use crate::bots::heuristic::weights::HeuristicWeights;
use crate::bots::{AnyBot, Bot, BotSpec};
use crate::engine::action::Action;
use crate::engine::ids::Seat;
use crate::engine::legal::{MOVE_BUFFER, legal_actions, to_move};
use crate::engine::rng::mix;
use crate::engine::rules::Rules;
use crate::engine::scoring::outcome;
use crate::engine::state::State;
use crate::engine::trace::{Change, Event, Trace};
use crate::engine::view::View;
use crate::engine::{apply_traced, new_game};
use crate::stats::record::GameRecord;
use tally::Tally;

/// The seed of game `index` at a player count, from the run's master seed.
pub fn game_seed(master: u64, players: u8, index: u64) -> u64 {
    mix(mix(master, players as u64), index)
}

/// The seed of one seat's bot in a game: its own stream, independent of the engine's.
pub fn bot_seed(game_seed: u64, seat: Seat) -> u64 {
    mix(game_seed, 0xB07_0000 + seat.0 as u64)
}

/// Sees every decision of a game as it is made (the replay log uses it), and optionally the
/// engine's automatic steps and the state after each decision.
pub trait Observer {
    fn before_action(&mut self, rules: &Rules, state: &State, seat: Seat, action: Action);
    /// An automatic step of the engine, with the state just before its effect.
    fn event(&mut self, _rules: &Rules, _state: &State, _event: Event) {}
    /// The state once a decision and the automatic steps after it are done.
    fn after_action(&mut self, _rules: &Rules, _state: &State) {}
}

/// Passes the engine's automatic steps on to an observer and the statistics' tally, and the
/// changes of holdings to the tally.
struct Traced<'a, O> {
    rules: &'a Rules,
    observer: &'a mut O,
    tally: Tally,
}

impl<O: Observer> Trace for Traced<'_, O> {
    fn event(&mut self, state: &State, event: Event) {
        self.tally.event(state, event);
        self.observer.event(self.rules, state, event);
    }

    #[inline(always)]
    fn change(&mut self, change: Change) {
        self.tally.change(change);
    }
}

/// An observer that does nothing, for plain runs.
pub struct Silent;

impl Observer for Silent {
    fn before_action(&mut self, _: &Rules, _: &State, _: Seat, _: Action) {}
}

/// Plays one game to its end (or the round cap) and returns its record. `bots` holds one
/// spec per seat (absolute seats; the first crown holder is drawn from the seed).
pub fn play_game(rules: &Rules, seed: u64, bots: &[BotSpec]) -> GameRecord {
    let mut legal = Vec::with_capacity(MOVE_BUFFER);
    play_observed(rules, seed, bots, &mut legal, &mut Silent).0
}

/// Plays one game, reusing `legal` as the move buffer and showing every decision to
/// `observer`; returns the record and the final state.
pub fn play_observed(
    rules: &Rules,
    seed: u64,
    bots: &[BotSpec],
    legal: &mut Vec<Action>,
    observer: &mut impl Observer,
) -> (GameRecord, State) {
    assert_eq!(bots.len(), rules.players as usize, "one bot spec per seat");
    let mut players: [Option<AnyBot>; 8] = Default::default();
    for (seat, spec) in bots.iter().enumerate() {
        players[seat] = Some(AnyBot::new(spec, bot_seed(seed, Seat(seat as u8))));
    }
    play_moves(rules, seed, legal, observer, |state, seat, legal| {
        let bot = players[seat.index()].as_mut().expect("a bot per seat");
        bot.decide_at(rules, state, seat, legal)
    })
}

/// Plays the game with this seed to its end, each move chosen by `choose` (given the state,
/// the seat to move and its legal moves, of which it returns one), as `play_observed` does
/// with bots: so a saved game's moves replay into the same record and statistics a run
/// counts (`tools/lab/replay_tallies.rs`).
#[inline(always)]
pub fn play_moves(
    rules: &Rules,
    seed: u64,
    legal: &mut Vec<Action>,
    observer: &mut impl Observer,
    mut choose: impl FnMut(&State, Seat, &[Action]) -> Action,
) -> (GameRecord, State) {
    let mut state = new_game(rules, seed);
    let mut record = GameRecord::new(rules.players, state.first_crown);
    // The observer and the tally, set up once for the whole game.
    let mut traced = Traced {
        rules,
        observer,
        tally: Tally::new(),
    };
    while let Some(seat) = to_move(&state) {
        legal_actions(rules, &state, legal);
        let action = choose(&state, seat, legal);
        debug_assert!(legal.contains(&action), "an illegal move was chosen");
        traced.observer.before_action(rules, &state, seat, action);
        traced
            .tally
            .before(rules, &state, seat, action, &mut record);
        apply_traced(rules, &mut state, action, &mut traced);
        traced.observer.after_action(rules, &state);
        traced.tally.after(&state, &mut record);
    }
    finish_record(rules, &state, &mut record);
    (record, state)
}

/// A position for diagnostics and benchmarks: the first decision of the game with this seed,
/// played by a heuristic bot (default weights, seeded with `seed`) in every seat, that `take`
/// accepts (given the state and the legal moves): the state, the seat to move and its legal
/// moves. None if the game ends first.
pub fn heuristic_position(
    rules: &Rules,
    seed: u64,
    mut take: impl FnMut(&State, &[Action]) -> bool,
) -> Option<(State, Seat, Vec<Action>)> {
    let mut state = new_game(rules, seed);
    let mut bot = HeuristicBot::new(seed, HeuristicWeights::DEFAULT);
    let mut legal = Vec::new();
    while let Some(seat) = to_move(&state) {
        legal_actions(rules, &state, &mut legal);
        if take(&state, &legal) {
            return Some((state, seat, legal));
        }
        let action = bot.decide(&View::new(rules, &state, seat), &legal);
        crate::engine::apply(rules, &mut state, action);
    }
    None
}

/// Fills the record's end-of-game fields.
fn finish_record(rules: &Rules, state: &State, record: &mut GameRecord) {
    record.rounds = state.round;
    record.stalled = state.stalled;
    record.first_complete = state.first_complete;
    for character in state.cast.iter().flatten() {
        record.cast |= 1 << character.index();
    }
    // One step per district rather than per card: a district's copies leave together.
    let mut cards = state.in_game;
    while let Some(card) = cards.first() {
        let district = rules.card(card).district.index();
        record.deck |= 1 << district;
        cards = cards.minus(rules.by_district[district]);
    }
    for seat in state.seats_from(Seat(0)) {
        for card in state.city[seat.index()].iter() {
            record.final_city[seat.index()] |= 1 << rules.card(card).district.index();
        }
    }
    if !state.stalled {
        let result = outcome(rules, state);
        record.scores = result.scores;
        record.winners = result.winners;
        record.tied_on_points = result.tied_on_points;
        record.rank_seats();
    }
}

/// Plays one game like `play_game` and also returns its readable log: every pick, action,
/// build, and the final score breakdown.
pub fn replay_game(rules: &Rules, seed: u64, bots: &[BotSpec]) -> (GameRecord, String) {
    let mut log = replay::Log::default();
    let mut legal = Vec::new();
    let (record, state) = play_observed(rules, seed, bots, &mut legal, &mut log);
    let text = log.finish(rules, &state, &record);
    (record, text)
}
