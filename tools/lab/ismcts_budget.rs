//! Does a bigger ISMCTS budget play better? A paired comparison against a field: deal i (game
//! seed `game_seed(seed, players, i)`, as in `run`) is played twice, with bot A and then bot B
//! in seat 0 and the field in the other seats. Both games share the cards, the first crown
//! holder and every bot's random stream (seeded per seat as in `run`), so the per-deal
//! difference of A's and B's results has much less noise than two unpaired runs; with B equal
//! to `run`'s first bot, B's games are exactly that run's games.
//!
//! Two paired statistics, each with its 95% normal interval from the spread of the per-deal
//! differences:
//! - **wins** (the primary criterion: a bot is better if it wins more): seat 0's win share
//!   (1, 1/k for a win shared by k, 0), A − B;
//! - **margin** (secondary, more sensitive because it uses more of each game than win/loss):
//!   seat 0's final score minus the best opponent's final score, A − B. A stalled game (round
//!   cap, no scores) counts a margin of 0.
//!
//! A margin gain without a win gain is not a better bot; it says where to look.
//!
//! `cargo run --release --example ismcts_budget -- A B FIELD PLAYERS DEALS SEED`, e.g.
//! `RAYON_NUM_THREADS=2 cargo run --release --example ismcts_budget -- ismcts:iters=4000
//! ismcts:iters=1000 heuristic 4 2000 1`. Prints the cumulative result after every 100 deals
//! (so a run cut short still reports), each line with the seconds elapsed.

use citadels_sim::bots::BotSpec;
use citadels_sim::config::load_preset;
use citadels_sim::engine::Seat;
use citadels_sim::sim::{game_seed, play_game};
use citadels_sim::stats::record::GameRecord;
use rayon::prelude::*;
use std::time::Instant;

/// Seat 0's result in one game: (win share, score margin over the best opponent).
#[derive(Clone, Copy)]
struct Result0 {
    win: f64,
    margin: f64,
}

fn result0(record: &GameRecord) -> Result0 {
    // A shared win counts as a share, like the evaluation; a stalled game as no win.
    let win = if record.won(Seat(0)) {
        1.0 / record.winners.len() as f64
    } else {
        0.0
    };
    let margin = if record.stalled {
        0.0
    } else {
        let others = record.scores[1..record.players as usize].iter().copied();
        (record.scores[0] - others.max().unwrap_or(0)) as f64
    };
    Result0 { win, margin }
}

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
    let started = Instant::now();
    let mut results: Vec<(Result0, Result0)> = Vec::new();
    let mut start = 0;
    while start < deals {
        let end = (start + 100).min(deals);
        let block: Vec<(Result0, Result0)> = (start..end)
            .into_par_iter()
            .map(|i| {
                let s = game_seed(seed, players, i);
                (
                    result0(&play_game(&rules, s, &bots_a)),
                    result0(&play_game(&rules, s, &bots_b)),
                )
            })
            .collect();
        results.extend(block);
        start = end;
        let wins: Vec<(f64, f64)> = results.iter().map(|r| (r.0.win, r.1.win)).collect();
        let margins: Vec<(f64, f64)> = results.iter().map(|r| (r.0.margin, r.1.margin)).collect();
        let differ = wins.iter().filter(|r| r.0 != r.1).count();
        println!(
            "{} deals, {:.0} s: wins {a} {b} {}, deals with different results {differ}; \
             margin {a} {b} {}",
            results.len(),
            started.elapsed().as_secs_f64(),
            paired(&wins, 4),
            paired(&margins, 2),
            a = args[0],
            b = args[1],
        );
    }
}

/// "mean A, mean B, difference [95% interval] (z), correlation" of paired values.
fn paired(results: &[(f64, f64)], digits: usize) -> String {
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
    format!(
        "{ma:.digits$} {mb:.digits$}, difference {md:+.digits$} [{:+.digits$}, {:+.digits$}] \
         (z {:.2}), correlation {:.2}",
        md - 1.96 * se,
        md + 1.96 * se,
        md / se,
        cov / (va * vb).sqrt()
    )
}
