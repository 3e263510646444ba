//! The readable log of one game, written as it is played.

use super::Observer;
use crate::engine::action::Action;
use crate::engine::ids::Seat;
use crate::engine::rules::Rules;
use crate::engine::scoring::score;
use crate::engine::sets::CardSet;
use crate::engine::state::{Phase, State};
use crate::stats::record::GameRecord;
use std::fmt::Write;

/// Collects the log lines of a game.
#[derive(Default)]
pub struct Log {
    text: String,
    round: u16,
    turn_rank: u8,
}

fn cards(rules: &Rules, set: CardSet) -> String {
    let names: Vec<String> = set
        .iter()
        .map(|c| format!("{}({})", rules.card(c).district.name(), rules.card(c).cost))
        .collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join(", ")
    }
}

impl Observer for Log {
    fn before_action(&mut self, rules: &Rules, state: &State, seat: Seat, action: Action) {
        let t = &mut self.text;
        if state.round != self.round {
            self.round = state.round;
            self.turn_rank = 0;
            let _ = writeln!(
                t,
                "\n== Round {} (crown: seat {}) ==",
                state.round, state.crown.0
            );
            let faceup: Vec<&str> = state
                .faceup_discards
                .iter()
                .filter_map(|r| state.character(r).map(|c| c.name()))
                .collect();
            let _ = writeln!(
                t,
                "face-up discards: {}",
                if faceup.is_empty() {
                    "-".into()
                } else {
                    faceup.join(", ")
                }
            );
            for s in state.seats_from(Seat(0)) {
                let _ = writeln!(
                    t,
                    "  seat {}: {} gold, hand [{}], city [{}]",
                    s.0,
                    state.gold[s.index()],
                    cards(rules, state.hand[s.index()]),
                    cards(rules, state.city[s.index()])
                );
            }
        }
        if state.phase == Phase::Turns && state.turn.rank.0 != self.turn_rank {
            self.turn_rank = state.turn.rank.0;
            let name = state
                .character(state.turn.rank)
                .map(|c| c.name())
                .unwrap_or("?");
            let _ = writeln!(
                t,
                "-- {} (seat {}), {} gold --",
                name,
                state.turn.seat.0,
                state.gold[state.turn.seat.index()]
            );
        }
        let _ = writeln!(
            t,
            "seat {}: {}",
            seat.0,
            action.describe(rules, &state.cast)
        );
    }
}

impl Log {
    /// Appends the end of the game and the score breakdown, and returns the whole log.
    pub fn finish(mut self, rules: &Rules, state: &State, record: &GameRecord) -> String {
        let t = &mut self.text;
        if record.stalled {
            let _ = writeln!(
                t,
                "\n== Stalled: the round cap ({}) was reached ==",
                rules.options.round_cap
            );
            return self.text;
        }
        let _ = writeln!(t, "\n== Game over after round {} ==", state.round);
        if let Some(first) = state.first_complete {
            let _ = writeln!(t, "first completed city: seat {}", first.0);
        }
        for s in state.seats_from(Seat(0)) {
            let sc = score(rules, state, s);
            let _ = writeln!(
                t,
                "seat {}: {:>3} points = districts {} + all types {} + completion {} + unique districts {}{}",
                s.0,
                sc.total(),
                sc.districts,
                sc.all_types,
                sc.completion,
                sc.uniques,
                if record.winners.contains(s) {
                    "  WINNER"
                } else {
                    ""
                }
            );
            let _ = writeln!(t, "  city: {}", cards(rules, state.city[s.index()]));
        }
        self.text
    }
}
