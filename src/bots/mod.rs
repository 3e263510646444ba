//! Bots: the `Bot` trait, bot specs as written on the command line, and the built-in bots.

pub mod heuristic;
pub mod random;
pub mod spec;
pub mod weights;

use crate::engine::action::Action;
use crate::engine::view::View;

/// A player. It sees only its seat's `View` and must return one of `legal`.
pub trait Bot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action;
}

pub use spec::{BotSpec, BotSpecError};

/// Any built-in bot, dispatched without boxing so a game allocates nothing.
#[derive(Clone, Debug)]
pub enum AnyBot {
    Random(random::RandomBot),
    Heuristic(heuristic::HeuristicBot),
}

impl AnyBot {
    /// A bot for one seat of one game; `seed` is that seat's own random stream.
    pub fn new(spec: &BotSpec, seed: u64) -> AnyBot {
        match spec {
            BotSpec::Random => AnyBot::Random(random::RandomBot::new(seed)),
            BotSpec::Heuristic(weights) => {
                AnyBot::Heuristic(heuristic::HeuristicBot::new(seed, *weights))
            }
        }
    }
}

impl Bot for AnyBot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        match self {
            AnyBot::Random(bot) => bot.decide(view, legal),
            AnyBot::Heuristic(bot) => bot.decide(view, legal),
        }
    }
}
