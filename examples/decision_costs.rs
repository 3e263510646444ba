//! Where a bot's time goes, by kind of decision: plays `GAMES` heuristic games (first-game,
//! 5 players), keeps the positions whose legal actions include an action of the kind asked
//! for (its name as in `Action`'s debug text, e.g. `Pick`, `Rob`, `Destroy`; `all` for every
//! position, `forced` for those with one legal action), and with `replay` decides each kept
//! position once more with a heuristic bot. Run it under callgrind with and without `replay`:
//! the difference of the two totals, divided by the positions it prints, is the bot's cost
//! per decision of that kind (`docs/performance.md` has the script and the figures).
//!
//! `cargo run --release --example decision_costs -- KIND [replay]`

use citadels_sim::bots::Bot;
use citadels_sim::bots::heuristic::HeuristicBot;
use citadels_sim::bots::weights::HeuristicWeights;
use citadels_sim::config::load_preset;
use citadels_sim::engine::{Action, View, apply, legal_actions, new_game, to_move};

const GAMES: u64 = 400;

/// Whether a position with these legal actions is of `kind`.
fn is_of_kind(legal: &[Action], kind: &str) -> bool {
    match kind {
        "all" => true,
        "forced" => legal.len() == 1,
        _ => {
            legal.len() > 1
                && legal
                    .iter()
                    .any(|action| format!("{action:?}").split('(').next() == Some(kind))
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or_else(|| "all".to_string());
    let replay = args.next().as_deref() == Some("replay");
    let rules = load_preset("first-game")
        .and_then(|config| config.rules(5))
        .expect("the first-game preset loads");
    let mut legal = Vec::new();
    let mut kept = Vec::new();
    for game in 0..GAMES {
        let mut bots: Vec<HeuristicBot> = (0..5)
            .map(|seat| HeuristicBot::new(game * 10 + seat, HeuristicWeights::DEFAULT))
            .collect();
        let mut state = new_game(&rules, game);
        while let Some(seat) = to_move(&state) {
            legal_actions(&rules, &state, &mut legal);
            let view = View::new(&rules, &state, seat);
            let action = bots[seat.index()].decide(&view, &legal);
            if is_of_kind(&legal, &kind) {
                kept.push((state.clone(), seat, legal.clone()));
            }
            apply(&rules, &mut state, action);
        }
    }
    let mut first_chosen = 0;
    if replay {
        let mut bot = HeuristicBot::new(1, HeuristicWeights::DEFAULT);
        for (state, seat, legal) in &kept {
            let action = bot.decide(&View::new(&rules, state, *seat), legal);
            first_chosen += (action == legal[0]) as u32;
        }
    }
    println!(
        "{kind}: {} positions in {GAMES} games ({first_chosen} replayed to the first action)",
        kept.len()
    );
}
