//! `--log-games`: one JSON line per game, to audit or reanalyse a run. Each line carries what
//! an auditor needs to recompute the game's result from that line alone (schema `VERSION`,
//! every field in docs/game-log.md): the edition and the scoring rules as applied, the
//! game's deck, each round's crown, discards and calls, and per seat the final city with
//! what the score depends on. The observer notes the rounds and the districts effects put
//! into or took out of cities; the rest comes from the final state and the game's record.
//! Only runs with `--log-games` pay for it (it allocates per game).

use super::Observer;
use crate::bots::BotSpec;
use crate::engine::action::Action;
use crate::engine::ids::{District, DistrictType, Rank, Seat};
use crate::engine::rules::{Rules, TieBreak};
use crate::engine::scoring::best_score;
use crate::engine::sets::CardSet;
use crate::engine::state::{MAX_PLAYERS, Phase, State};
use crate::engine::trace::Event;
use crate::stats::record::GameRecord;
use serde::Serialize;

/// The schema's version: 2 added `version`, `edition`, `rules`, `deck`, `rounds` and the
/// seats' `museum`, `beautified`, `haunted_quarter` and `effects` (1 had no `version`).
pub const VERSION: u32 = 2;

/// Whether the file at `path` may be replaced by a new game log without `--force`: it is
/// empty, or its first line is a game log's (it opens with the schema's `version`; logs of
/// schema 1, which had none, open with `{"players":`).
pub fn is_game_log(path: &std::path::Path) -> bool {
    use std::io::Read;
    let mut start = Vec::new();
    let read = std::fs::File::open(path).and_then(|file| file.take(16).read_to_end(&mut start));
    read.is_ok()
        && (start.is_empty()
            || start.starts_with(b"{\"version\":")
            || start.starts_with(b"{\"players\":"))
}

/// One round, as the log records it.
#[derive(Serialize, Default)]
struct RoundLine {
    round: u16,
    /// The crown holder as the round's selection began.
    crown: u8,
    faceup: Vec<&'static str>,
    facedown: Vec<&'static str>,
    /// Characters called that had a player, in rank order (revealed, skipped as killed, or
    /// a Hospital turn).
    called: Vec<&'static str>,
    revealed: Vec<&'static str>,
    killed: Option<&'static str>,
    bewitched: Option<&'static str>,
}

/// A district put into or taken out of a city other than by its owner's own build.
#[derive(Serialize)]
struct Effect {
    round: u16,
    district: &'static str,
    /// `"in"` or `"out"`.
    change: &'static str,
    /// The decision that did it (an action's name, such as `Destroy`, `Exchange`, `Seize`,
    /// `ArmoryDestroy`, `NecropolisBuild`, `Confiscate`).
    by: String,
}

/// Notes each round and every change of a city made by an effect.
#[derive(Default)]
pub struct GameLog {
    /// `picks[round - 1][seat]`: the characters the seat held, in rank order.
    picks: Vec<Vec<Vec<&'static str>>>,
    rounds: Vec<RoundLine>,
    effects: [Vec<Effect>; MAX_PLAYERS],
    /// The cities and the turn's seat before the last decision, and the decision.
    before: Option<([CardSet; MAX_PLAYERS], Seat, Action)>,
}

fn rank_names(state: &State, ranks: impl Iterator<Item = Rank>) -> Vec<&'static str> {
    ranks
        .filter_map(|r| state.character(r).map(|c| c.name()))
        .collect()
}

/// Whether the decision builds its turn's player a district (from his hand, or completing a
/// payment), as opposed to an effect moving districts.
fn is_build(action: Action) -> bool {
    matches!(
        action,
        Action::Build(_)
            | Action::DenPayCard(_)
            | Action::DenPayGold
            | Action::BorrowBuild(..)
            | Action::Give(_)
            | Action::WizardBuild(_)
            | Action::FrameworkBuild(_)
            | Action::NecropolisBuild(_)
            | Action::AllowBuild
    )
}

/// An action's variant name (`Destroy`, `Exchange`, ...).
fn action_name(action: Action) -> String {
    let name = format!("{action:?}");
    name.split('(').next().unwrap_or_default().to_string()
}

impl GameLog {
    /// Updates the current round's record from the state (called at every decision and step
    /// of the round, so it holds the round's last values).
    fn note_round(&mut self, state: &State) {
        if state.phase == Phase::GameOver {
            return;
        }
        if self.rounds.last().is_none_or(|r| r.round != state.round) {
            self.rounds.push(RoundLine {
                round: state.round,
                crown: state.crown.0,
                ..RoundLine::default()
            });
        }
        let round = self.rounds.last_mut().expect("just pushed");
        round.faceup = rank_names(state, state.faceup_discards.iter());
        round.facedown = rank_names(state, state.facedown_discards.iter());
        round.revealed = rank_names(state, state.revealed.iter());
        round.killed = state
            .killed
            .and_then(|r| state.character(r))
            .map(|c| c.name());
        round.bewitched = state
            .bewitched
            .and_then(|r| state.character(r))
            .map(|c| c.name());
    }
}

impl Observer for GameLog {
    fn before_action(&mut self, _: &Rules, state: &State, _: Seat, action: Action) {
        self.note_round(state);
        if state.phase == Phase::Turns && self.picks.len() < state.round as usize {
            let mut round = vec![Vec::new(); state.players as usize];
            for rank in state.cast_ranks().iter() {
                if let (Some(seat), Some(c)) = (state.owner[rank.index()], state.character(rank)) {
                    round[seat.index()].push(c.name());
                }
            }
            self.picks.push(round);
        }
        self.before = Some((state.city, state.turn.seat, action));
    }

    fn event(&mut self, _: &Rules, state: &State, event: Event) {
        self.note_round(state);
        let called = match event {
            Event::TurnBegins => Some(state.turn.rank),
            Event::Skipped(rank) => Some(rank),
            _ => None,
        };
        if let (Some(rank), Some(round)) = (called, self.rounds.last_mut())
            && let Some(c) = state.character(rank)
            && round.called.last() != Some(&c.name())
        {
            round.called.push(c.name());
        }
    }

    fn after_action(&mut self, rules: &Rules, state: &State) {
        let Some((cities, builder, action)) = self.before.take() else {
            return;
        };
        let round = self.rounds.last().map_or(state.round, |r| r.round);
        for seat in state.seats_from(Seat(0)) {
            let s = seat.index();
            let built = is_build(action) && seat == builder;
            let changes = [
                ("in", state.city[s].minus(cities[s]), built),
                ("out", cities[s].minus(state.city[s]), false),
            ];
            for (change, cards, skip) in changes {
                if skip {
                    continue;
                }
                for card in cards.iter() {
                    self.effects[s].push(Effect {
                        round,
                        district: rules.card(card).district.name(),
                        change,
                        by: action_name(action),
                    });
                }
            }
        }
    }
}

/// One line of the log.
#[derive(Serialize)]
struct Line<'a> {
    version: u32,
    edition: &'static str,
    rules: RulesLine,
    players: u8,
    game: u64,
    seed: u64,
    first_crown: u8,
    rounds: u16,
    stalled: bool,
    crown: u8,
    first_complete: Option<u8>,
    cast: Vec<&'static str>,
    deck: DeckLine,
    picks: &'a [Vec<Vec<&'static str>>],
    round_log: &'a [RoundLine],
    seats: Vec<SeatLine<'a>>,
    winners: Vec<u8>,
}

/// The scoring rules as applied at this player count.
#[derive(Serialize)]
struct RulesLine {
    complete_city: u8,
    first_complete_bonus: u8,
    complete_bonus: u8,
    all_types_bonus: u8,
    /// `"revealed_rank"` (2016, 2021) or `"cost_then_gold"` (classic).
    tie_break: &'static str,
    round_cap: u16,
}

/// The game's deck.
#[derive(Serialize)]
struct DeckLine {
    /// The unique districts in this game's deck (always-in ones and those drawn).
    uniques: Vec<&'static str>,
    /// Those drawn from the district pool (empty without a pool).
    pool_drawn: Vec<&'static str>,
    /// Every district of the game's deck with its cost as applied (house-rule overrides in)
    /// and its printed type.
    districts: std::collections::BTreeMap<&'static str, DistrictLine>,
}

#[derive(Serialize)]
struct DistrictLine {
    cost: u8,
    #[serde(rename = "type")]
    dtype: &'static str,
}

#[derive(Serialize)]
struct SeatLine<'a> {
    seat: u8,
    bot: String,
    gold: u16,
    city: Vec<&'static str>,
    hand: Vec<&'static str>,
    /// Cards under the seat's Museum (0 without one).
    museum: usize,
    /// Districts of the city the Artist beautified (each scores one more).
    beautified: Vec<&'static str>,
    /// The type the Haunted Quarter scored as (`null` without one, or in a stalled game).
    haunted_quarter: Option<&'static str>,
    /// Districts put into or taken out of this city by an effect, in order.
    effects: &'a [Effect],
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

/// Each district of `cards` once, in `District` order.
fn district_names(rules: &Rules, cards: CardSet) -> Vec<&'static str> {
    District::ALL
        .iter()
        .filter(|d| cards.intersects(rules.by_district[d.index()]))
        .map(|d| d.name())
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
                let city = state.city[s];
                let scored = (!state.stalled).then(|| best_score(rules, state, seat));
                SeatLine {
                    seat: seat.0,
                    bot: bots.get(s).map(|b| b.to_string()).unwrap_or_default(),
                    gold: state.gold[s],
                    city: names(rules, city),
                    hand: names(rules, state.hand[s]),
                    museum: if state.has_district(rules, seat, District::Museum) {
                        state.museum.len()
                    } else {
                        0
                    },
                    beautified: names(rules, city.intersection(state.beautified)),
                    haunted_quarter: scored.and_then(|(_, t)| t).map(|t: DistrictType| t.name()),
                    effects: &self.effects[s],
                    score: scored.map(|(sc, _)| ScoreLine {
                        districts: sc.districts,
                        all_types: sc.all_types,
                        completion: sc.completion,
                        uniques: sc.uniques,
                        total: sc.total(),
                    }),
                    rank: (!state.stalled).then_some(record.ranks[s]),
                }
            })
            .collect();
        let unique = rules.by_type[DistrictType::Unique.index()];
        let o = &rules.options;
        let line = Line {
            version: VERSION,
            edition: o.edition.name(),
            rules: RulesLine {
                complete_city: rules.complete_city,
                first_complete_bonus: o.first_complete_bonus,
                complete_bonus: o.complete_bonus,
                all_types_bonus: o.all_types_bonus,
                tie_break: match o.tie_break {
                    TieBreak::RevealedRank => "revealed_rank",
                    TieBreak::CostThenGold => "cost_then_gold",
                },
                round_cap: o.round_cap,
            },
            players: state.players,
            game: index,
            seed,
            first_crown: state.first_crown.0,
            rounds: state.round,
            stalled: state.stalled,
            crown: state.crown.0,
            first_complete: state.first_complete.map(|s| s.0),
            cast: state.cast.iter().flatten().map(|c| c.name()).collect(),
            deck: DeckLine {
                uniques: district_names(rules, state.in_game.intersection(unique)),
                pool_drawn: district_names(rules, state.in_game.intersection(rules.pool)),
                districts: state
                    .in_game
                    .iter()
                    .map(|c| {
                        let info = rules.card(c);
                        let line = DistrictLine {
                            cost: info.cost,
                            dtype: info.dtype.name(),
                        };
                        (info.district.name(), line)
                    })
                    .collect(),
            },
            picks: &self.picks,
            round_log: &self.rounds,
            seats,
            winners: record.winners.iter().map(|s| s.0).collect(),
        };
        serde_json::to_string(&line).expect("a game log line is plain data")
    }
}
