//! Training data: the decisions of a teacher bot's self-play games, each with the features
//! of every legal action and the action the teacher chose.

use crate::bots::policy::features::{DecisionFeatures, Sink};
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
    /// chosen `chosen`.
    pub fn record(&mut self, view: &View, legal: &[Action], chosen: Action, validation: bool) {
        let features = DecisionFeatures::new(view, legal);
        for &action in legal {
            features.action(action, &mut Recorder { data: self });
            self.action_end.push(self.index.len() as u32);
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

/// Plays one game with `teacher` in every seat and records its decisions with a choice.
pub fn teacher_game(
    rules: &Rules,
    seed: u64,
    teacher: &BotSpec,
    validation: bool,
    legal: &mut Vec<Action>,
) -> Dataset {
    let mut bots: Vec<AnyBot> = (0..rules.players)
        .map(|s| AnyBot::new(teacher, bot_seed(seed, Seat(s))))
        .collect();
    let mut data = Dataset::default();
    let mut state = new_game(rules, seed);
    while let Some(seat) = to_move(&state) {
        legal_actions(rules, &state, legal);
        let view = View::new(rules, &state, seat);
        let action = bots[seat.index()].decide(&view, legal);
        if legal.len() > 1 {
            data.record(&view, legal, action, validation);
        }
        apply(rules, &mut state, action);
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::load_preset;

    /// Every decision with a choice is recorded once, with the teacher's move among its
    /// actions; appending keeps each decision's actions and features.
    #[test]
    fn a_game_records_each_choice_with_the_chosen_action() {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let mut legal = Vec::new();
        let a = teacher_game(&rules, 11, &BotSpec::heuristic(), false, &mut legal);
        let b = teacher_game(&rules, 12, &BotSpec::heuristic(), true, &mut legal);
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
