//! Bots: the `Bot` trait, bot specs as written on the command line, and the built-in bots.

pub mod heuristic;
pub mod ismcts;
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

/// Any built-in bot, dispatched without a trait object. The random and heuristic bots
/// allocate nothing; the ISMCTS bot allocates its search tree once per game.
#[derive(Clone, Debug)]
pub enum AnyBot {
    Random(random::RandomBot),
    Heuristic(heuristic::HeuristicBot),
    Ismcts(Box<ismcts::IsmctsBot>),
}

impl AnyBot {
    /// A bot for one seat of one game; `seed` is that seat's own random stream.
    pub fn new(spec: &BotSpec, seed: u64) -> AnyBot {
        match spec {
            BotSpec::Random => AnyBot::Random(random::RandomBot::new(seed)),
            BotSpec::Heuristic(weights) => {
                AnyBot::Heuristic(heuristic::HeuristicBot::new(seed, *weights))
            }
            BotSpec::Ismcts(params) => {
                AnyBot::Ismcts(Box::new(ismcts::IsmctsBot::new(params.clone(), seed)))
            }
        }
    }
}

impl Bot for AnyBot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        match self {
            AnyBot::Random(bot) => bot.decide(view, legal),
            AnyBot::Heuristic(bot) => bot.decide(view, legal),
            AnyBot::Ismcts(bot) => bot.decide(view, legal),
        }
    }
}
