//! Training data as the fit reads it: the decisions of a teacher bot, each with the
//! features of every legal action, the action the teacher chose and its target share of each
//! action (the search's visit shares, or all on the choice). Made by replaying the games'
//! records (`record.rs`).

use crate::bots::heuristic::Kept;
use crate::bots::policy::features::{DecisionFeatures, Sink};
use crate::engine::action::Action;
use crate::engine::view::View;

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
    /// chosen `legal[chosen]`. The targets are the search's `visits` of each action when the
    /// teacher searched (see `record::Answer`), else all on the choice.
    pub fn record(
        &mut self,
        view: &View,
        legal: &[Action],
        chosen: usize,
        visits: &[u32],
        validation: bool,
    ) {
        // (One decision: nothing to keep for the next.)
        let kept = Kept::default();
        let features = DecisionFeatures::new(view, legal, &kept);
        let total: u32 = visits.iter().sum();
        for (i, &action) in legal.iter().enumerate() {
            features.action(action, &mut Recorder { data: self });
            self.action_end.push(self.index.len() as u32);
            self.target.push(match total {
                0 => (i == chosen) as u8 as f32,
                _ => visits[i] as f32 / total as f32,
            });
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotSpec;
    use crate::engine::rules::Rules;
    use crate::train::record::tests::first_game;
    use crate::train::record::{replay_into, teacher_game};

    /// The decisions of one teacher game, with their features.
    fn taught(rules: &Rules, seed: u64, teacher: &str, validation: bool) -> Dataset {
        let mut legal = Vec::new();
        let teacher = BotSpec::parse(teacher).expect("spec");
        let game = teacher_game(rules, seed, &teacher, None, validation, &mut legal);
        let mut data = Dataset::default();
        replay_into(&mut data, rules, &game, &mut legal).expect("replays");
        data
    }

    /// A searching teacher's targets are its visit shares: they add up to 1 in every
    /// decision, the move it played has the largest, and some decisions spread them.
    #[test]
    fn a_search_teaches_its_visit_shares() {
        let data = taught(&first_game(4), 4, "ismcts:iters=24", false);
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

    /// A teacher that does not search puts each decision's whole target on its choice, and
    /// `target_choices` does the same to a search's shares.
    #[test]
    fn targets_on_the_choice() {
        let plain = taught(&first_game(4), 4, "heuristic", false);
        let mut searched = taught(&first_game(4), 4, "ismcts:iters=24", false);
        searched.target_choices();
        for data in [plain, searched] {
            for i in 0..data.decisions() {
                let (actions, chosen, _) = data.decision(i);
                let first = actions.start;
                for a in actions {
                    assert_eq!(data.target(a), (a - first == chosen) as u8 as f32);
                }
            }
        }
    }

    /// Appending keeps each decision's actions, features, choice and validation flag.
    #[test]
    fn appending_keeps_each_decision() {
        let rules = first_game(4);
        let a = taught(&rules, 11, "heuristic", false);
        let b = taught(&rules, 12, "heuristic", true);
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
