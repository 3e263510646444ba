//! The readable log of one game, written as it is played: every pick and decision, the steps
//! the engine runs itself (a turn beginning, a killed character skipping its turn, a robbery,
//! the crown moving, the Park, the Poor House, the Alchemist's refund, the Emperor's take,
//! the Queen's gold), and the final score breakdown.
//!
//! Every change of a seat's gold, hand size or city, of the crown, of the Tax Collector's
//! token and of the Museum's cards is printed under the decision or step it came from, as an
//! accounting line (`    -> seat 2: gold +2 = 5, cards -1 = 3, city +Temple(1)`), so the
//! state after any line follows from the lines above it (`tests/it/replay_accounts.rs` holds
//! the log to that).

use super::Observer;
use crate::engine::action::Action;
use crate::engine::ids::{CardId, Seat};
use crate::engine::rules::Rules;
use crate::engine::scoring::score;
use crate::engine::sets::CardSet;
use crate::engine::state::{MAX_PLAYERS, Phase, State, TurnMode};
use crate::engine::trace::Event;
use crate::stats::record::GameRecord;
use std::fmt::Write;

/// What the log has accounted for so far.
#[derive(Clone, Copy, Default)]
struct Shown {
    gold: [u16; MAX_PLAYERS],
    hand: [CardSet; MAX_PLAYERS],
    city: [CardSet; MAX_PLAYERS],
    crown: Seat,
    tax_pool: u16,
    museum: CardSet,
    beautified: CardSet,
}

impl Shown {
    fn of(state: &State) -> Shown {
        Shown {
            gold: state.gold,
            hand: state.hand,
            city: state.city,
            crown: state.crown,
            tax_pool: state.tax_pool,
            museum: state.museum,
            beautified: state.beautified,
        }
    }
}

/// Collects the log lines of a game.
#[derive(Default)]
pub struct Log {
    text: String,
    round: u16,
    /// `None` until the first decision: the setup itself is shown by the first round's table.
    shown: Option<Shown>,
}

/// A district as the log names it: its name and its cost now (a beautified district costs
/// one more, and says so).
fn card(rules: &Rules, beautified: CardSet, card: CardId) -> String {
    let info = rules.card(card);
    if beautified.contains(card) {
        format!("{}({} beautified)", info.district.name(), info.cost + 1)
    } else {
        format!("{}({})", info.district.name(), info.cost)
    }
}

fn cards(rules: &Rules, beautified: CardSet, set: CardSet) -> String {
    let names: Vec<String> = set.iter().map(|c| card(rules, beautified, c)).collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join(", ")
    }
}

fn character_name(state: &State, rank: crate::engine::ids::Rank) -> &'static str {
    state.character(rank).map(|c| c.name()).unwrap_or("?")
}

/// A signed change, as `+2` or `-1`.
fn signed(after: u16, before: u16) -> String {
    if after >= before {
        format!("+{}", after - before)
    } else {
        format!("-{}", before - after)
    }
}

impl Log {
    /// Prints what changed since the last accounting, under the line printed last.
    fn account(&mut self, rules: &Rules, state: &State) {
        let Some(shown) = self.shown else {
            self.shown = Some(Shown::of(state));
            return;
        };
        let t = &mut self.text;
        for seat in state.seats_from(Seat(0)) {
            let s = seat.index();
            let mut parts = Vec::new();
            if state.gold[s] != shown.gold[s] {
                parts.push(format!(
                    "gold {} = {}",
                    signed(state.gold[s], shown.gold[s]),
                    state.gold[s]
                ));
            }
            let (gained, lost) = (
                state.hand[s].minus(shown.hand[s]).len(),
                shown.hand[s].minus(state.hand[s]).len(),
            );
            if gained + lost > 0 {
                let mut change = String::new();
                if gained > 0 {
                    let _ = write!(change, "+{gained} ");
                }
                if lost > 0 {
                    let _ = write!(change, "-{lost} ");
                }
                parts.push(format!("cards {change}= {}", state.hand[s].len()));
            }
            for c in state.city[s].minus(shown.city[s]).iter() {
                parts.push(format!("city +{}", card(rules, state.beautified, c)));
            }
            for c in shown.city[s].minus(state.city[s]).iter() {
                parts.push(format!("city -{}", card(rules, shown.beautified, c)));
            }
            for c in state.city[s]
                .intersection(state.beautified.minus(shown.beautified))
                .iter()
            {
                parts.push(format!("beautified {}", card(rules, state.beautified, c)));
            }
            if !parts.is_empty() {
                let _ = writeln!(t, "    -> seat {}: {}", seat.0, parts.join(", "));
            }
        }
        if state.museum != shown.museum {
            let _ = writeln!(
                t,
                "    -> museum: {} = {} cards",
                signed(state.museum.len() as u16, shown.museum.len() as u16),
                state.museum.len()
            );
        }
        if state.tax_pool != shown.tax_pool {
            let _ = writeln!(
                t,
                "    -> tax token: {} = {}",
                signed(state.tax_pool, shown.tax_pool),
                state.tax_pool
            );
        }
        if state.crown != shown.crown {
            let _ = writeln!(t, "    -> crown: seat {}", state.crown.0);
        }
        self.shown = Some(Shown::of(state));
    }

    /// The header and the table of a new round.
    fn new_round(&mut self, rules: &Rules, state: &State) {
        self.round = state.round;
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
                cards(rules, state.beautified, state.hand[s.index()]),
                cards(rules, state.beautified, state.city[s.index()])
            );
        }
    }
}

impl Observer for Log {
    fn before_action(&mut self, rules: &Rules, state: &State, seat: Seat, action: Action) {
        self.account(rules, state);
        if state.round != self.round {
            self.new_round(rules, state);
        }
        if let Phase::EmperorAdvisor(_) = state.phase {
            let _ = writeln!(
                self.text,
                "-- end of the round: the killed Emperor's player gives the crown, taking nothing --"
            );
        }
        let _ = writeln!(
            self.text,
            "seat {}: {}",
            seat.0,
            action.describe(rules, &state.cast)
        );
    }

    fn event(&mut self, rules: &Rules, state: &State, event: Event) {
        // What changed so far came from the decision or step printed last.
        self.account(rules, state);
        let turn = state.turn;
        let me = turn.seat;
        let (gold, hand) = (state.gold[me.index()], state.hand[me.index()].len());
        if event == Event::AlchemistRefund && turn.paid_to_build == 0 {
            return;
        }
        let t = &mut self.text;
        let _ = match event {
            Event::TurnBegins => {
                let name = character_name(state, turn.rank);
                let how = match turn.mode {
                    TurnMode::Bewitched => ", bewitched: gathers only",
                    TurnMode::Hospital => ", killed: gathers only (Hospital)",
                    _ => "",
                };
                writeln!(
                    t,
                    "-- {name} (seat {}){how}, {gold} gold, {hand} cards --",
                    me.0
                )
            }
            Event::WitchResumes => writeln!(
                t,
                "-- the Witch (seat {}) resumes her turn as the {}, {gold} gold --",
                me.0,
                character_name(state, turn.rank)
            ),
            Event::Skipped(rank) => writeln!(
                t,
                "-- {} (seat {}) was killed and skips the turn --",
                character_name(state, rank),
                state.owner[rank.index()].map_or(0, |s| s.0)
            ),
            Event::Robbery { thief } => writeln!(
                t,
                "robbed: seat {} takes {gold} gold from seat {}",
                thief.0, me.0
            ),
            Event::CrownTaken => writeln!(
                t,
                "the {} (seat {}) takes the crown",
                character_name(state, turn.rank),
                me.0
            ),
            Event::Park => writeln!(
                t,
                "Park: seat {} has no cards at the end of the turn, draws 2",
                me.0
            ),
            Event::PoorHouse => writeln!(
                t,
                "Poor House: seat {} has no gold at the end of the turn, gains 1",
                me.0
            ),
            Event::AlchemistRefund => writeln!(
                t,
                "Alchemist: seat {} gets back the {} gold paid to build this turn",
                me.0, turn.paid_to_build
            ),
            Event::EmperorTakes { from } => writeln!(
                t,
                "the Emperor takes {} from seat {}, the only thing the crowned player has",
                if state.gold[from.index()] > 0 {
                    "1 gold"
                } else {
                    "a random card"
                },
                from.0
            ),
            Event::Heir(heir) => writeln!(
                t,
                "the {}'s heir, seat {}, takes the crown",
                state.killed.map_or("?", |r| character_name(state, r)),
                heir.0
            ),
            Event::QueenGold(queen) => writeln!(
                t,
                "Queen: seat {} gains 3 gold, sitting next to the killed rank-4 character",
                queen.0
            ),
        };
    }

    fn after_action(&mut self, rules: &Rules, state: &State) {
        self.account(rules, state);
    }
}

impl Log {
    /// Appends the end of the game and the score breakdown, and returns the whole log.
    pub fn finish(mut self, rules: &Rules, state: &State, record: &GameRecord) -> String {
        self.account(rules, state);
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
                cards(rules, state.beautified, state.city[s.index()]),
                state.gold[s.index()],
                state.hand[s.index()].len()
            );
        }
        if record.tied_on_points > 1 {
            let _ = writeln!(
                t,
                "{} players tied on points: {}{}",
                record.tied_on_points,
                match rules.options.tie_break {
                    crate::engine::rules::TieBreak::RevealedRank =>
                        "the highest rank revealed in the last round decides",
                    crate::engine::rules::TieBreak::CostThenGold =>
                        "the highest district cost total, then the most gold, decides",
                },
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
