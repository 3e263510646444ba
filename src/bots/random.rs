//! The random bot: a uniformly random legal action. The baseline, and the fuzzing driver.

use super::Bot;
use crate::engine::action::Action;
use crate::engine::rng::GameRng;
use crate::engine::view::View;

#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: GameRng::new(seed),
        }
    }
}

impl RandomBot {
    /// The decision, which needs no view of the game.
    pub fn choose(&mut self, legal: &[Action]) -> Action {
        legal[self.rng.below(legal.len() as u32) as usize]
    }
}

impl Bot for RandomBot {
    fn decide(&mut self, _view: &View, legal: &[Action]) -> Action {
        self.choose(legal)
    }
}
