//! Where a bot's time goes, by kind of decision: plays `GAMES` heuristic games (first-game,
//! 5 players), keeps the positions whose legal actions include an action of the kind asked
//! for (a name of `features::KINDS`, e.g. `Pick`, `Rob`, `Destroy`; `all` for every
//! position, `forced` for those with one legal action), and with `replay` decides each kept
//! position once more with a heuristic bot. Run it under callgrind with and without `replay`:
//! the difference of the two totals, divided by the positions it prints, is the bot's cost
//! per decision of that kind (`docs/performance.md` has the figures).
//!
//! `cargo run --release --example decision_costs -- KIND [replay]`

use citadels_sim::bots::Bot;
use citadels_sim::bots::BotSpec;
use citadels_sim::bots::heuristic::HeuristicBot;
use citadels_sim::bots::heuristic::weights::HeuristicWeights;
use citadels_sim::bots::policy::features::{KINDS, kind_name};
use citadels_sim::config::load_preset;
use citadels_sim::engine::{Action, Rules, Seat, State, View, legal_actions};
use citadels_sim::sim::{Observer, play_observed};
use std::process::ExitCode;

const GAMES: u64 = 400;

/// Keeps the positions of one kind, with their legal actions.
struct Positions<'k> {
    kind: &'k str,
    legal: Vec<Action>,
    kept: Vec<(State, Seat, Vec<Action>)>,
}

impl Positions<'_> {
    /// Whether a position with these legal actions is of `kind`.
    fn of_kind(&self) -> bool {
        match self.kind {
            "all" => true,
            "forced" => self.legal.len() == 1,
            kind => self.legal.len() > 1 && self.legal.iter().any(|&a| kind_name(a) == kind),
        }
    }
}

impl Observer for Positions<'_> {
    fn before_action(&mut self, rules: &Rules, state: &State, seat: Seat, _: Action) {
        legal_actions(rules, state, &mut self.legal);
        if self.of_kind() {
            self.kept.push((state.clone(), seat, self.legal.clone()));
        }
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or_else(|| "all".to_string());
    let replay = match args.next().as_deref() {
        None => false,
        Some("replay") => true,
        Some(other) => {
            eprintln!("error: the second argument is `replay` or nothing, not `{other}`");
            return ExitCode::from(2);
        }
    };
    if !["all", "forced"].contains(&kind.as_str()) && !KINDS.contains(&kind.as_str()) {
        eprintln!("error: unknown kind `{kind}`: all, forced, or one of {KINDS:?}");
        return ExitCode::from(2);
    }
    let rules = load_preset("first-game")
        .and_then(|config| config.rules(5))
        .expect("the first-game preset loads");
    let bots = vec![BotSpec::heuristic(); 5];
    let mut positions = Positions {
        kind: &kind,
        legal: Vec::new(),
        kept: Vec::new(),
    };
    let mut legal = Vec::new();
    for game in 0..GAMES {
        play_observed(&rules, game, &bots, &mut legal, &mut positions);
    }
    let mut first_chosen = 0;
    if replay {
        let mut bot = HeuristicBot::new(1, HeuristicWeights::DEFAULT);
        for (state, seat, legal) in &positions.kept {
            let action = bot.decide(&View::new(&rules, state, *seat), legal);
            first_chosen += (action == legal[0]) as u32;
        }
    }
    println!(
        "{kind}: {} positions in {GAMES} games ({first_chosen} replayed to the first action)",
        positions.kept.len()
    );
    ExitCode::SUCCESS
}
