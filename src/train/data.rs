//! Training data: the decisions of a teacher bot, each with the features of every legal
//! action, the action the teacher chose and its target share of each action (the search's
//! visit shares, or all on the choice), and the data's file format (`--save-data`, `--data`).

use crate::bots::heuristic::CityCosts;
use crate::bots::policy::features::{DecisionFeatures, FEATURES, Sink};
use crate::bots::{AnyBot, Bot, BotSpec};
use crate::engine::action::Action;
use crate::engine::ids::Seat;
use crate::engine::legal::{legal_actions, to_move};
use crate::engine::rules::Rules;
use crate::engine::view::View;
use crate::engine::{apply, new_game};
use crate::sim::bot_seed;

/// Decisions with a choice (forced moves teach nothing), stored flat: the feature pairs of
/// every action, action after action, and per decision where its actions end.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    index: Vec<u16>,
    value: Vec<f32>,
    /// End of each action's pairs in `index` and `value`.
    action_end: Vec<u32>,
    /// Each action's share of the teacher's preference; a decision's shares add up to 1.
    target: Vec<f32>,
    decisions: Vec<Decision>,
}

#[derive(Clone, Copy, Debug)]
struct Decision {
    /// End of this decision's actions in `action_end`.
    action_end: u32,
    /// Position of the teacher's choice among them.
    chosen: u16,
    /// Kept out of the fit, to measure it on decisions it did not see.
    validation: bool,
}

struct Recorder<'d> {
    data: &'d mut Dataset,
}

impl Sink for Recorder<'_> {
    fn add(&mut self, index: usize, value: f32) {
        if value != 0.0 {
            self.data.index.push(index as u16);
            self.data.value.push(value);
        }
    }
}

impl Dataset {
    pub fn decisions(&self) -> usize {
        self.decisions.len()
    }

    pub fn actions(&self) -> usize {
        self.action_end.len()
    }

    /// Records one decision of `view` among `legal` (more than one), the teacher having
    /// chosen `chosen`. The targets are the search's visits of each action when the teacher
    /// searched (`visits`: the root's children, as `IsmctsBot::root_children`), else all on
    /// the choice.
    pub fn record(
        &mut self,
        view: &View,
        legal: &[Action],
        chosen: Action,
        visits: Option<&[(Action, u32, f64)]>,
        validation: bool,
    ) {
        // (One decision: no city costs to keep for the next.)
        let costs = CityCosts::default();
        let features = DecisionFeatures::new(view, legal, &costs);
        let visits_of = |action: Action| {
            visits.map_or(0, |v| {
                v.iter().filter(|c| c.0 == action).map(|c| c.1).sum::<u32>()
            })
        };
        // The search plays its most visited move: visits that do not say so are not of this
        // decision (a search that did not run), and the choice alone is the target.
        let most = legal.iter().map(|&a| visits_of(a)).max().unwrap_or(0);
        let total: u32 = match visits_of(chosen) == most {
            true => legal.iter().map(|&a| visits_of(a)).sum(),
            false => 0,
        };
        for &action in legal {
            features.action(action, &mut Recorder { data: self });
            self.action_end.push(self.index.len() as u32);
            self.target.push(match total {
                0 => (action == chosen) as u8 as f32,
                _ => visits_of(action) as f32 / total as f32,
            });
        }
        let chosen = legal
            .iter()
            .position(|&a| a == chosen)
            .expect("the teacher chose a legal action");
        self.decisions.push(Decision {
            action_end: self.action_end.len() as u32,
            chosen: chosen as u16,
            validation,
        });
    }

    /// Appends another dataset's decisions after this one's.
    pub fn append(&mut self, other: &Dataset) {
        let pairs = self.index.len() as u32;
        let actions = self.action_end.len() as u32;
        self.index.extend_from_slice(&other.index);
        self.value.extend_from_slice(&other.value);
        self.action_end
            .extend(other.action_end.iter().map(|&e| e + pairs));
        self.target.extend_from_slice(&other.target);
        self.decisions
            .extend(other.decisions.iter().map(|d| Decision {
                action_end: d.action_end + actions,
                ..*d
            }));
    }

    /// Decision `i`: the range of its actions (for `pairs`), the position of the teacher's
    /// choice among them, and whether it is kept for validation.
    pub fn decision(&self, i: usize) -> (std::ops::Range<usize>, usize, bool) {
        let d = self.decisions[i];
        let first = match i {
            0 => 0,
            _ => self.decisions[i - 1].action_end as usize,
        };
        (
            first..d.action_end as usize,
            d.chosen as usize,
            d.validation,
        )
    }

    /// Puts every decision's whole target on the teacher's choice (`train --targets
    /// choice`), whatever shares were recorded.
    pub fn target_choices(&mut self) {
        for i in 0..self.decisions.len() {
            let (actions, chosen, _) = self.decision(i);
            let first = actions.start;
            for a in actions {
                self.target[a] = (a - first == chosen) as u8 as f32;
            }
        }
    }

    /// Action `a`'s share of the teacher's preference.
    pub fn target(&self, a: usize) -> f32 {
        self.target[a]
    }

    /// Action `a`'s feature pairs: indices and values.
    pub fn pairs(&self, a: usize) -> (&[u16], &[f32]) {
        let start = match a {
            0 => 0,
            _ => self.action_end[a - 1] as usize,
        };
        let end = self.action_end[a] as usize;
        (&self.index[start..end], &self.value[start..end])
    }
}

impl Dataset {
    /// Appends the arrays to `out` (the layout of `file.rs`): the counts of pairs, actions and
    /// decisions (u64 each), then indices (u16), values (f32), action ends (u32), targets
    /// (f32), and per decision its action end (u32), choice (u16) and validation flag (u8).
    pub fn write_arrays(&self, out: &mut Vec<u8>) {
        for n in [
            self.index.len(),
            self.action_end.len(),
            self.decisions.len(),
        ] {
            out.extend_from_slice(&(n as u64).to_le_bytes());
        }
        out.extend(self.index.iter().flat_map(|x| x.to_le_bytes()));
        out.extend(self.value.iter().flat_map(|x| x.to_le_bytes()));
        out.extend(self.action_end.iter().flat_map(|x| x.to_le_bytes()));
        out.extend(self.target.iter().flat_map(|x| x.to_le_bytes()));
        for d in &self.decisions {
            out.extend_from_slice(&d.action_end.to_le_bytes());
            out.extend_from_slice(&d.chosen.to_le_bytes());
            out.push(d.validation as u8);
        }
    }

    /// Reads what `write_arrays` wrote, checking that it is a consistent dataset: every
    /// index a feature, every value and target finite, ends in order, each decision with a
    /// choice and its chosen action among its actions.
    pub fn read_arrays(bytes: &[u8]) -> Result<Dataset, String> {
        let mut reader = Reader { bytes };
        let short = || "is cut short".to_string();
        let mut count =
            || -> Option<usize> { usize::try_from(u64::from_le_bytes(reader.take::<8>()?)).ok() };
        let (Some(pairs), Some(actions), Some(decisions)) = (count(), count(), count()) else {
            return Err(short());
        };
        // The arrays' exact size, before reading any of them.
        let need = pairs
            .checked_mul(6)
            .and_then(|p| p.checked_add(actions.checked_mul(8)?))
            .and_then(|p| p.checked_add(decisions.checked_mul(7)?));
        match need {
            Some(n) if n == reader.bytes.len() => {}
            Some(n) if n > reader.bytes.len() => return Err(short()),
            None => return Err(short()),
            Some(_) => return Err("has bytes beyond its data".into()),
        }
        let mut data = Dataset::default();
        for _ in 0..pairs {
            let i = u16::from_le_bytes(reader.take().ok_or_else(short)?);
            if i as usize >= FEATURES {
                return Err(format!("names feature {i}, beyond the {FEATURES}"));
            }
            data.index.push(i);
        }
        let finite = |x: f32, what: &str| match x.is_finite() {
            true => Ok(x),
            false => Err(format!("has a {what} that is not a number")),
        };
        for _ in 0..pairs {
            let v = f32::from_le_bytes(reader.take().ok_or_else(short)?);
            data.value.push(finite(v, "feature value")?);
        }
        for _ in 0..actions {
            let end = u32::from_le_bytes(reader.take().ok_or_else(short)?);
            if end as usize > pairs || data.action_end.last().is_some_and(|&e| e > end) {
                return Err("has actions out of order".into());
            }
            data.action_end.push(end);
        }
        for _ in 0..actions {
            let t = f32::from_le_bytes(reader.take().ok_or_else(short)?);
            data.target.push(finite(t, "target")?.max(0.0));
        }
        let mut first = 0u32;
        for _ in 0..decisions {
            let end = u32::from_le_bytes(reader.take().ok_or_else(short)?);
            let chosen = u16::from_le_bytes(reader.take().ok_or_else(short)?);
            let validation = reader.take::<1>().ok_or_else(short)?[0] != 0;
            if end as usize > actions || end < first + 2 || u32::from(chosen) >= end - first {
                return Err("has a decision out of order or without a choice".into());
            }
            data.decisions.push(Decision {
                action_end: end,
                chosen,
                validation,
            });
            first = end;
        }
        if first as usize != actions || data.action_end.last().map_or(0, |&e| e as usize) != pairs {
            return Err("has actions or pairs outside its decisions".into());
        }
        Ok(data)
    }
}

/// Reads fixed-size pieces off the front of a byte slice.
struct Reader<'b> {
    bytes: &'b [u8],
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (piece, rest) = self.bytes.split_first_chunk::<N>()?;
        self.bytes = rest;
        Some(*piece)
    }
}

/// Plays one game and records the teacher's decisions with a choice. Without a `student`
/// the teacher plays every seat; with one, the student plays every seat and the teacher is
/// asked at each of its decisions (DAgger, Ross, Gordon and Bagnell 2011: the data then
/// covers the positions the student reaches, where its own mistakes lead).
pub fn teacher_game(
    rules: &Rules,
    seed: u64,
    teacher: &BotSpec,
    student: Option<&BotSpec>,
    validation: bool,
    legal: &mut Vec<Action>,
) -> Dataset {
    let seat_bots = |spec: &BotSpec| -> Vec<AnyBot> {
        (0..rules.players)
            .map(|s| AnyBot::new(spec, bot_seed(seed, Seat(s))))
            .collect()
    };
    let mut teachers = seat_bots(teacher);
    let mut students = student.map(seat_bots);
    let mut data = Dataset::default();
    let mut state = new_game(rules, seed);
    while let Some(seat) = to_move(&state) {
        legal_actions(rules, &state, legal);
        let view = View::new(rules, &state, seat);
        let taught = teachers[seat.index()].decide(&view, legal);
        if legal.len() > 1 {
            let visits = teachers[seat.index()].search_visits();
            data.record(&view, legal, taught, visits.as_deref(), validation);
        }
        let action = match students.as_mut() {
            Some(bots) => bots[seat.index()].decide(&view, legal),
            None => taught,
        };
        apply(rules, &mut state, action);
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::load_preset;

    /// DAgger: with a student, the student's moves make the game and the teacher's answers
    /// are the targets. The same bot as student plays the teacher's own games; a random
    /// student reaches other positions, where every target is still the teacher's choice.
    #[test]
    fn a_student_plays_and_the_teacher_answers() {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let mut legal = Vec::new();
        let teacher = BotSpec::heuristic();
        let alone = teacher_game(&rules, 21, &teacher, None, false, &mut legal);
        let same = teacher_game(&rules, 21, &teacher, Some(&teacher), false, &mut legal);
        assert_eq!(alone.decisions(), same.decisions());
        for a in 0..alone.actions() {
            assert_eq!(alone.pairs(a), same.pairs(a));
        }
        let random = BotSpec::parse("random").expect("spec");
        let led = teacher_game(&rules, 21, &teacher, Some(&random), false, &mut legal);
        assert_ne!(led.decisions(), alone.decisions(), "other positions");
        for i in 0..led.decisions() {
            let (actions, chosen, _) = led.decision(i);
            for (k, a) in actions.enumerate() {
                assert_eq!(led.target(a), (k == chosen) as u8 as f32);
            }
        }
    }

    /// A searching teacher's targets are its visit shares: they add up to 1 in every
    /// decision, the move it played has the largest, and some decisions spread them.
    #[test]
    fn a_search_teaches_its_visit_shares() {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let mut legal = Vec::new();
        let teacher = BotSpec::parse("ismcts:iters=24").expect("spec");
        let data = teacher_game(&rules, 4, &teacher, None, false, &mut legal);
        let mut spread = 0;
        for i in 0..data.decisions() {
            let (actions, chosen, _) = data.decision(i);
            let targets: Vec<f32> = actions.map(|a| data.target(a)).collect();
            let sum: f32 = targets.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "decision {i}: {targets:?}");
            let top = targets.iter().copied().fold(0.0, f32::max);
            assert_eq!(targets[chosen], top, "decision {i}: {targets:?}");
            spread += (top < 1.0) as usize;
        }
        assert!(
            spread * 2 > data.decisions(),
            "{spread} of {}",
            data.decisions()
        );
    }

    /// Every decision with a choice is recorded once, with the teacher's move among its
    /// actions; appending keeps each decision's actions and features.
    #[test]
    fn a_game_records_each_choice_with_the_chosen_action() {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let mut legal = Vec::new();
        let a = teacher_game(&rules, 11, &BotSpec::heuristic(), None, false, &mut legal);
        let b = teacher_game(&rules, 12, &BotSpec::heuristic(), None, true, &mut legal);
        assert!(a.decisions() > 50, "a game has many choices");
        let mut both = a.clone();
        both.append(&b);
        assert_eq!(both.decisions(), a.decisions() + b.decisions());
        for i in 0..b.decisions() {
            let (x, chosen, validation) = b.decision(i);
            let (y, chosen_too, validation_too) = both.decision(a.decisions() + i);
            assert_eq!(chosen, chosen_too);
            assert!(x.len() >= 2 && chosen < x.len() && y.len() == x.len());
            for (p, q) in x.zip(y) {
                assert_eq!(b.pairs(p), both.pairs(q));
            }
            assert!(validation && validation_too && !both.decision(0).2);
        }
    }
}
