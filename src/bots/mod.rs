//! Bots: the `Bot` trait, bot specs as written on the command line, and the built-in bots.

pub mod ban;
pub mod heuristic;
pub mod ismcts;
pub mod policy;
pub mod random;
pub mod spec;

use crate::engine::action::Action;
use crate::engine::ids::Seat;
use crate::engine::rules::Rules;
use crate::engine::state::State;
use crate::engine::view::View;

/// A player. It sees only its seat's `View` and must return one of `legal`.
pub trait Bot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action;
}

pub use spec::{BotKind, BotSpec, BotSpecError};

/// Any built-in bot, dispatched without a trait object, with the parameters every bot
/// accepts applied around it: its `ban` removes the banned picks from the legal moves before
/// the bot decides. The random and heuristic bots allocate nothing; the ISMCTS bot allocates
/// its search tree once per game.
#[derive(Clone, Debug)]
pub struct AnyBot {
    bot: Built,
    ban: ban::Ban,
}

#[derive(Clone, Debug)]
enum Built {
    Random(random::RandomBot),
    Heuristic(heuristic::HeuristicBot),
    Ismcts(Box<ismcts::IsmctsBot>),
    Policy(policy::PolicyBot),
}

impl AnyBot {
    /// A bot for one seat of one game; `seed` is that seat's own random stream.
    pub fn new(spec: &BotSpec, seed: u64) -> AnyBot {
        let bot = match &spec.kind {
            BotKind::Random => Built::Random(random::RandomBot::new(seed)),
            BotKind::Heuristic(weights) => {
                Built::Heuristic(heuristic::HeuristicBot::new(seed, *weights))
            }
            // The search also keeps the ban for its own seat in its tree and rollouts.
            BotKind::Ismcts(params) => Built::Ismcts(Box::new(
                ismcts::IsmctsBot::new(params.clone(), seed).banning(spec.ban),
            )),
            BotKind::Policy(params) => Built::Policy(policy::PolicyBot::new(params.clone(), seed)),
        };
        AnyBot { bot, ban: spec.ban }
    }

    /// The search's root after its last decision: (move, visits, mean reward) of each child;
    /// `None` for a bot that does not search. For training targets; allocates.
    pub fn search_visits(&self) -> Option<Vec<(Action, u32, f64)>> {
        match &self.bot {
            Built::Ismcts(bot) => Some(bot.root_children()),
            _ => None,
        }
    }
}

impl Bot for AnyBot {
    // Inlined into the game loop: an unbanned random decision is then one draw there, and
    // the other bots are called directly.
    #[inline(always)]
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        if self.ban.is_empty() {
            return self.bot.decide(view, legal);
        }
        self.decide_banned(view, legal)
    }
}

impl AnyBot {
    /// `decide` in `state` for `seat`, whose view is made only for a bot that reads it: the
    /// random bot does not, and in the game loop making it is a sizeable part of a random
    /// decision. (Always inlined, like `decide`.)
    #[inline(always)]
    pub fn decide_at(
        &mut self,
        rules: &Rules,
        state: &State,
        seat: Seat,
        legal: &[Action],
    ) -> Action {
        if !self.ban.is_empty() {
            return self.decide_banned(&View::new(rules, state, seat), legal);
        }
        match &mut self.bot {
            Built::Random(bot) => bot.choose(legal),
            bot => bot.decide(&View::new(rules, state, seat), legal),
        }
    }

    /// `decide` with a ban. Out of line: its buffer and the registers it needs were set up
    /// and restored at every decision, also without a ban, where the random bot's whole
    /// decision is a few instructions and the other bots' a call.
    #[inline(never)]
    fn decide_banned(&mut self, view: &View, legal: &[Action]) -> Action {
        let mut buffer = [Action::TakeGold; ban::BUFFER];
        let legal = self.ban.restricted(view.cast(), legal, &mut buffer);
        self.bot.decide(view, legal)
    }
}

impl Built {
    // Inlined into `AnyBot::decide`: a call layer less at every decision.
    #[inline(always)]
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        match self {
            Built::Random(bot) => bot.decide(view, legal),
            Built::Heuristic(bot) => bot.decide(view, legal),
            Built::Ismcts(bot) => bot.decide(view, legal),
            Built::Policy(bot) => bot.decide(view, legal),
        }
    }
}
