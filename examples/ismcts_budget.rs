//! Does a bigger ISMCTS budget play better? A paired comparison against a field: deal i (game
//! seed `game_seed(seed, players, i)`, as in `run`) is played twice, with bot A and then bot B
//! in seat 0 and the field in the other seats. Both games share the cards, the first crown
//! holder and every bot's random stream (seeded per seat as in `run`), so the per-deal
//! difference of A's and B's wins has much less noise than two unpaired runs; with B equal to
//! `run`'s first bot, B's games are exactly that run's games.
//!
//! `cargo run --release --example ismcts_budget -- A B FIELD PLAYERS DEALS SEED`, e.g.
//! `RAYON_NUM_THREADS=2 cargo run --release --example ismcts_budget -- ismcts:iters=4000
//! ismcts:iters=1000 heuristic 4 2000 1`. Prints the cumulative result after every 100 deals
//! (so a run cut short still reports): win rates, mean difference A − B with its 95% normal
//! interval from the spread of the per-deal differences, and their correlation.

use citadels_sim::bots::BotSpec;
use citadels_sim::config::load_preset;
use citadels_sim::engine::Seat;
use citadels_sim::sim::{game_seed, play_game};
use rayon::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 6 {
        eprintln!("usage: ismcts_budget A B FIELD PLAYERS DEALS SEED");
        std::process::exit(2);
    }
    let spec = |t: &str| BotSpec::parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    let (a, b, field) = (spec(&args[0]), spec(&args[1]), spec(&args[2]));
    let players: u8 = args[3].parse().expect("players");
    let deals: u64 = args[4].parse().expect("deals");
    let seed: u64 = args[5].parse().expect("seed");
    let rules = load_preset("first-game")
        .and_then(|c| c.rules(players))
        .expect("first-game preset");
    let lineup = |hero: &BotSpec| {
        let mut bots = vec![field.clone(); players as usize];
        bots[0] = hero.clone();
        bots
    };
    let (bots_a, bots_b) = (lineup(&a), lineup(&b));
    // A shared win counts as a share, like the evaluation; a stalled game as no win.
    let share = |bots: &[BotSpec], s: u64| {
        let record = play_game(&rules, s, bots);
        if record.won(Seat(0)) {
            1.0 / record.winners.len() as f64
        } else {
            0.0
        }
    };
    let mut results: Vec<(f64, f64)> = Vec::new();
    let mut start = 0;
    while start < deals {
        let end = (start + 100).min(deals);
        let block: Vec<(f64, f64)> = (start..end)
            .into_par_iter()
            .map(|i| {
                let s = game_seed(seed, players, i);
                (share(&bots_a, s), share(&bots_b, s))
            })
            .collect();
        results.extend(block);
        start = end;
        report(&results, &args[0], &args[1]);
    }
}

fn report(results: &[(f64, f64)], a: &str, b: &str) {
    let n = results.len() as f64;
    let mean = |f: &dyn Fn(&(f64, f64)) -> f64| results.iter().map(f).sum::<f64>() / n;
    let (ma, mb) = (mean(&|r| r.0), mean(&|r| r.1));
    let md = ma - mb;
    let var = |m: f64, f: &dyn Fn(&(f64, f64)) -> f64| {
        results.iter().map(|r| (f(r) - m).powi(2)).sum::<f64>() / (n - 1.0)
    };
    let vd = var(md, &|r| r.0 - r.1);
    let (va, vb) = (var(ma, &|r| r.0), var(mb, &|r| r.1));
    let cov = (va + vb - vd) / 2.0;
    let se = (vd / n).sqrt();
    let differ = results.iter().filter(|r| r.0 != r.1).count();
    println!(
        "{} deals: {a} {ma:.4}, {b} {mb:.4}, difference {md:+.4} [{:+.4}, {:+.4}] (z {:.2}), \
         correlation {:.2}, deals with different results {differ}",
        results.len(),
        md - 1.96 * se,
        md + 1.96 * se,
        md / se,
        cov / (va * vb).sqrt()
    );
}
