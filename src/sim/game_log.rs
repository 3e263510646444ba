//! `--log-games`: one JSON line per game, to audit or reanalyse a run. The observer notes
//! who held each character in each round; the line is built from the final state and the
//! game's record. Only runs with `--log-games` pay for it (it allocates per game).

use super::Observer;
use crate::bots::BotSpec;
use crate::engine::action::Action;
use crate::engine::ids::Seat;
use crate::engine::rules::Rules;
use crate::engine::scoring::score;
use crate::engine::sets::CardSet;
use crate::engine::state::{Phase, State};
use crate::stats::record::GameRecord;
use serde::Serialize;

/// Notes the characters each seat holds as each round's turns begin (after any Theater
/// exchange), like the picks of the reports.
#[derive(Default)]
pub struct GameLog {
    /// `picks[round - 1][seat]`: the characters the seat held, in rank order.
    picks: Vec<Vec<Vec<&'static str>>>,
}

impl Observer for GameLog {
    fn before_action(&mut self, _: &Rules, state: &State, _: Seat, _: Action) {
        if state.phase == Phase::Turns && self.picks.len() < state.round as usize {
            let mut round = vec![Vec::new(); state.players as usize];
            for rank in state.cast_ranks().iter() {
                if let (Some(seat), Some(c)) = (state.owner[rank.index()], state.character(rank)) {
                    round[seat.index()].push(c.name());
                }
            }
            self.picks.push(round);
        }
    }
}

/// One line of the log.
#[derive(Serialize)]
struct Line<'a> {
    players: u8,
    game: u64,
    seed: u64,
    first_crown: u8,
    rounds: u16,
    stalled: bool,
    crown: u8,
    first_complete: Option<u8>,
    cast: Vec<&'static str>,
    picks: &'a [Vec<Vec<&'static str>>],
    seats: Vec<SeatLine>,
    winners: Vec<u8>,
}

#[derive(Serialize)]
struct SeatLine {
    seat: u8,
    bot: String,
    gold: u16,
    city: Vec<&'static str>,
    hand: Vec<&'static str>,
    /// `None` for a stalled game.
    score: Option<ScoreLine>,
    rank: Option<u8>,
}

#[derive(Serialize)]
struct ScoreLine {
    districts: i16,
    all_types: i16,
    completion: i16,
    uniques: i16,
    total: i16,
}

fn names(rules: &Rules, cards: CardSet) -> Vec<&'static str> {
    cards
        .iter()
        .map(|c| rules.card(c).district.name())
        .collect()
}

impl GameLog {
    /// The JSON line of game `index` (seed `seed`), without the newline.
    pub fn line(
        &self,
        rules: &Rules,
        index: u64,
        seed: u64,
        bots: &[BotSpec],
        record: &GameRecord,
        state: &State,
    ) -> String {
        let seats = state
            .seats_from(Seat(0))
            .map(|seat| {
                let s = seat.index();
                SeatLine {
                    seat: seat.0,
                    bot: bots.get(s).map(|b| b.to_string()).unwrap_or_default(),
                    gold: state.gold[s],
                    city: names(rules, state.city[s]),
                    hand: names(rules, state.hand[s]),
                    score: (!state.stalled).then(|| {
                        let sc = score(rules, state, seat);
                        ScoreLine {
                            districts: sc.districts,
                            all_types: sc.all_types,
                            completion: sc.completion,
                            uniques: sc.uniques,
                            total: sc.total(),
                        }
                    }),
                    rank: (!state.stalled).then_some(record.ranks[s]),
                }
            })
            .collect();
        let line = Line {
            players: state.players,
            game: index,
            seed,
            first_crown: state.first_crown.0,
            rounds: state.round,
            stalled: state.stalled,
            crown: state.crown.0,
            first_complete: state.first_complete.map(|s| s.0),
            cast: state.cast.iter().flatten().map(|c| c.name()).collect(),
            picks: &self.picks,
            seats,
            winners: record.winners.iter().map(|s| s.0).collect(),
        };
        serde_json::to_string(&line).expect("a game log line is plain data")
    }
}
