//! Bots: the `Bot` trait, bot specs as written on the command line, and the built-in bots.

pub mod heuristic;
pub mod ismcts;
pub mod random;

use crate::engine::action::Action;
use crate::engine::view::View;
use std::fmt;

/// A player. It sees only its seat's `View` and must return one of `legal`.
pub trait Bot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action;
}

/// A bot as written in `--bots`: `random`, `heuristic`, `ismcts` or `ismcts:iters=N:c=X`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    Random,
    Heuristic,
    Ismcts(ismcts::IsmctsParams),
}

/// A bad `--bots` entry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    #[error(
        "unknown bot \"{0}\" (known bots: random, heuristic, ismcts){hint}",
        hint = crate::config::suggest::did_you_mean(.0, ["random", "heuristic", "ismcts"])
    )]
    Unknown(String),
    #[error("bot \"{spec}\": {message}")]
    Parameter { spec: String, message: String },
}

impl BotSpec {
    pub fn parse(text: &str) -> Result<BotSpec, BotSpecError> {
        match text.trim() {
            "random" => Ok(BotSpec::Random),
            "heuristic" => Ok(BotSpec::Heuristic),
            "ismcts" => Ok(BotSpec::Ismcts(ismcts::IsmctsParams::default())),
            other => match other.split_once(':') {
                Some(("ismcts", params)) => ismcts::IsmctsParams::parse(params)
                    .map(BotSpec::Ismcts)
                    .map_err(|message| BotSpecError::Parameter {
                        spec: other.to_string(),
                        message,
                    }),
                _ => Err(BotSpecError::Unknown(other.to_string())),
            },
        }
    }

    /// A comma list: one spec for every seat, or exactly one per seat.
    pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, BotSpecError> {
        text.split(',').map(BotSpec::parse).collect()
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Heuristic => f.write_str("heuristic"),
            BotSpec::Ismcts(params) => params.fmt(f),
        }
    }
}

/// Any built-in bot, dispatched without boxing so a game allocates nothing.
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
            BotSpec::Heuristic => AnyBot::Heuristic(heuristic::HeuristicBot::new(seed)),
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
