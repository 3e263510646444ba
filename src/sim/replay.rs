//! The readable log of one game, written as it is played: every pick, action and build, the
//! events the engine runs itself (a killed character skipping its turn, a robbery, the crown
//! moving), and the final score breakdown.

use super::Observer;
use crate::engine::action::Action;
use crate::engine::ids::{Rank, Seat};
use crate::engine::rules::Rules;
use crate::engine::scoring::score;
use crate::engine::sets::CardSet;
use crate::engine::state::{Phase, State, TurnMode};
use crate::stats::record::GameRecord;
use std::fmt::Write;

/// Collects the log lines of a game.
#[derive(Default)]
pub struct Log {
    text: String,
    round: u16,
    /// Rank whose turn was last announced this round (0: none yet).
    turn_rank: u8,
    /// Gold of each seat just before the last decision: what a robbery takes.
    gold_before: [u16; 8],
    crown: Option<Seat>,
    /// This round's killed character and its player, as last seen.
    killed: Option<(Rank, Seat, &'static str)>,
    /// Whether the Witch's resumed turn was announced.
    resumed: bool,
    /// Gold on the Tax Collector's token after the last decision.
    tax_pool: u16,
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

fn character_name(state: &State, rank: Rank) -> &'static str {
    state.character(rank).map(|c| c.name()).unwrap_or("?")
}

impl Log {
    /// Notes the killed character if its turn fell between the last announced rank and
    /// `upto` (10: the end of the round).
    fn note_skipped(&mut self, upto: u8) {
        if let Some((rank, seat, name)) = self.killed
            && rank.0 > self.turn_rank
            && rank.0 < upto
        {
            let _ = writeln!(
                self.text,
                "-- {name} (seat {}) was killed and skips the turn --",
                seat.0
            );
            self.killed = None;
        }
    }

    /// Whether the crown moved since the last decision.
    fn crown_moved(&self, state: &State) -> bool {
        self.crown.is_some_and(|before| before != state.crown)
    }
}

impl Observer for Log {
    fn before_action(&mut self, rules: &Rules, state: &State, seat: Seat, action: Action) {
        if state.tax_pool > self.tax_pool {
            let _ = writeln!(
                self.text,
                "  (tax: {} gold onto the Tax Collector's token, now {})",
                state.tax_pool - self.tax_pool,
                state.tax_pool
            );
        }
        self.tax_pool = state.tax_pool;
        if state.round != self.round {
            self.note_skipped(10);
            self.killed = None;
            if self.crown_moved(state) {
                // Between rounds only the killed King's heir takes the crown.
                let _ = writeln!(
                    self.text,
                    "the King's heir, seat {}, takes the crown",
                    state.crown.0
                );
            }
            self.round = state.round;
            self.turn_rank = 0;
            let t = &mut self.text;
            let _ = writeln!(
                t,
                "\n== Round {} (crown: seat {}) ==",
                state.round, state.crown.0
            );
            let faceup: Vec<&str> = state
                .faceup_discards
                .iter()
                .map(|r| character_name(state, r))
                .collect();
            self.resumed = false;
            let faceup = if faceup.is_empty() {
                "-".to_string()
            } else {
                faceup.join(", ")
            };
            let _ = writeln!(t, "face-up discards: {faceup}");
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
        if state.phase == Phase::Turns
            && state.turn.mode == TurnMode::Resumed
            && state.turn.rank.0 == self.turn_rank
            && !self.resumed
        {
            self.resumed = true;
            let _ = writeln!(
                self.text,
                "-- the Witch (seat {}) resumes her turn as the {}, {} gold --",
                state.turn.seat.0,
                character_name(state, state.turn.rank),
                state.gold[state.turn.seat.index()]
            );
        }
        if state.phase == Phase::Turns && state.turn.rank.0 != self.turn_rank {
            let rank = state.turn.rank;
            self.note_skipped(rank.0);
            self.turn_rank = rank.0;
            self.resumed = false;
            let crown_moved = self.crown_moved(state);
            let me = state.turn.seat;
            let t = &mut self.text;
            let _ = writeln!(
                t,
                "-- {} (seat {}), {} gold, {} cards --",
                character_name(state, rank),
                me.0,
                state.gold[me.index()],
                state.hand[me.index()].len()
            );
            if crown_moved {
                let _ = writeln!(t, "seat {} takes the crown", state.crown.0);
            }
            if let Some((robbed, thief)) = state.robbed
                && robbed == rank
            {
                let _ = writeln!(
                    t,
                    "robbed: seat {} takes {} gold",
                    thief.0,
                    self.gold_before[me.index()]
                );
            }
        }
        let _ = writeln!(
            self.text,
            "seat {}: {}",
            seat.0,
            action.describe(rules, &state.cast)
        );
        if let Action::Kill(rank) = action
            && let Some(victim) = state.owner[rank.index()]
        {
            self.killed = Some((rank, victim, character_name(state, rank)));
        }
        self.gold_before = state.gold;
        self.crown = Some(state.crown);
    }
}

impl Log {
    /// Appends the end of the game and the score breakdown, and returns the whole log.
    pub fn finish(mut self, rules: &Rules, state: &State, record: &GameRecord) -> String {
        self.note_skipped(10);
        if self.crown_moved(state) {
            let _ = writeln!(
                self.text,
                "the King's heir, seat {}, takes the crown",
                state.crown.0
            );
        }
        let t = &mut self.text;
        if record.stalled {
            let _ = writeln!(
                t,
                "\n== Stalled: the round cap ({}) was reached; the game is not scored ==",
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
                "seat {}: {:>3} points = districts {} + all types {} + completion {} + unique \
                 districts {}{}",
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
            let _ = writeln!(
                t,
                "  city: {}; {} gold, {} cards in hand",
                cards(rules, state.city[s.index()]),
                state.gold[s.index()],
                state.hand[s.index()].len()
            );
        }
        if record.tied_on_points > 1 {
            let _ = writeln!(
                t,
                "{} players tied on points: the highest rank revealed in the last round decides{}",
                record.tied_on_points,
                if record.winners.len() > 1 {
                    "; still tied, they share the win"
                } else {
                    ""
                }
            );
        }
        self.text
    }
}
