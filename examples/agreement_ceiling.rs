//! How well a bot population could agree with a reference population at best: if the bot's
//! true character win rates were exactly the reference's, how often would a run of it show a
//! rank correlation of at least 0.9 with the reference, and no win rate more than 1.5 points
//! from it (the agreement targets of docs/bots.md, "Which setting to use")? Both samples are
//! noisy: each character's win rate is drawn from a normal with the binomial spread of its
//! picks, the reference's picks as in its `characters.csv` and the run's scaled to the run's
//! games. The truth is either the reference's observed rates or those rates shrunk towards
//! their mean by the share of their spread that is not sampling noise (an empirical-Bayes
//! estimate: the observed spread overstates the true one).
//!
//! `cargo run --release --example agreement_ceiling -- REFERENCE_DIR RUN_GAMES [TRIALS] [SEED]`,
//! e.g. `cargo run --release --example agreement_ceiling -- docs/reference/ismcts-1000 10000`.

use citadels_sim::engine::rng::GameRng;
use citadels_sim::stats::stability::spearman;
use std::collections::BTreeMap;

/// One character's row of `characters.csv`: what the simulation needs.
struct Row {
    games: f64,
    picked: f64,
    win_rate: f64,
}

fn read(dir: &str) -> BTreeMap<u32, Vec<Row>> {
    let path = format!("{dir}/characters.csv");
    let mut reader = csv::Reader::from_path(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let headers = reader.headers().expect("a header").clone();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("{path}: no column {name}"))
    };
    let (players, games, picked, win_rate) = (
        column("players"),
        column("in_play"),
        column("picked"),
        column("win_rate"),
    );
    let mut by_count: BTreeMap<u32, Vec<Row>> = BTreeMap::new();
    for record in reader.records() {
        let record = record.unwrap_or_else(|e| panic!("{path}: {e}"));
        let number = |i: usize| -> f64 { record[i].parse().expect("a number") };
        let row = Row {
            games: number(games),
            picked: number(picked),
            win_rate: number(win_rate),
        };
        // A character never picked has no win rate to compare.
        if row.picked > 0.0 {
            by_count
                .entry(number(players) as u32)
                .or_default()
                .push(row);
        }
    }
    by_count
}

/// A standard normal draw (Box-Muller, from two uniforms in (0, 1]).
fn normal(rng: &mut GameRng) -> f64 {
    let uniform = |rng: &mut GameRng| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let (u1, u2) = (1.0 - uniform(rng), uniform(rng));
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// Draws the observed win rates of a sample with `picks[i]` picks around `truth[i]`.
fn sample(rng: &mut GameRng, truth: &[f64], picks: &[f64], out: &mut [f64]) {
    for ((o, &t), &n) in out.iter_mut().zip(truth).zip(picks) {
        *o = t + normal(rng) * (t * (1.0 - t) / n).sqrt();
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: agreement_ceiling REFERENCE_DIR RUN_GAMES [TRIALS] [SEED]");
        std::process::exit(2);
    }
    let number = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a whole number"))
    };
    let (run_games, trials, seed) = (number(1, 0) as f64, number(2, 4000), number(3, 1));
    let mut rng = GameRng::new(seed);
    println!(
        "players,truth,trials,p_rho_at_least_0.9,p_gap_at_most_1.5,p_both,median_rho,gap_95th_percentile"
    );
    for (players, rows) in read(&args[0]) {
        let observed: Vec<f64> = rows.iter().map(|r| r.win_rate).collect();
        let ref_picks: Vec<f64> = rows.iter().map(|r| r.picked).collect();
        let run_picks: Vec<f64> = rows
            .iter()
            .map(|r| r.picked * run_games / r.games)
            .collect();
        let n = observed.len() as f64;
        let mean = observed.iter().sum::<f64>() / n;
        let spread = observed.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let noise = rows
            .iter()
            .map(|r| r.win_rate * (1.0 - r.win_rate) / r.picked)
            .sum::<f64>()
            / n;
        let shrink = (1.0 - noise / spread).max(0.0);
        let shrunk: Vec<f64> = observed
            .iter()
            .map(|x| mean + shrink * (x - mean))
            .collect();
        for (name, truth) in [("observed", &observed), ("shrunk", &shrunk)] {
            let (mut a, mut b) = (vec![0.0; truth.len()], vec![0.0; truth.len()]);
            let (mut rhos, mut gaps) = (Vec::new(), Vec::new());
            for _ in 0..trials {
                sample(&mut rng, truth, &ref_picks, &mut a);
                sample(&mut rng, truth, &run_picks, &mut b);
                rhos.push(spearman(&a, &b).unwrap_or(0.0));
                let gap = a
                    .iter()
                    .zip(&b)
                    .map(|(x, y)| (x - y).abs())
                    .fold(0.0, f64::max);
                gaps.push(gap * 100.0);
            }
            let share = |ok: &dyn Fn(usize) -> bool| {
                (0..rhos.len()).filter(|&i| ok(i)).count() as f64 / rhos.len() as f64
            };
            let p_rho = share(&|i| rhos[i] >= 0.9);
            let p_gap = share(&|i| gaps[i] <= 1.5);
            let p_both = share(&|i| rhos[i] >= 0.9 && gaps[i] <= 1.5);
            rhos.sort_by(f64::total_cmp);
            gaps.sort_by(f64::total_cmp);
            let at = |v: &[f64], q: f64| v[((v.len() - 1) as f64 * q) as usize];
            println!(
                "{players},{name},{trials},{p_rho:.3},{p_gap:.3},{p_both:.3},{:.3},{:.2}",
                at(&rhos, 0.5),
                at(&gaps, 0.95)
            );
        }
    }
}
