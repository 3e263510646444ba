//! How a bot population's per-character win rates agree with a reference population's (the
//! agreement targets of docs/bots.md, "The policy bot": rank correlation at least 0.9,
//! no win rate more than 1.5 points from the reference's).
//!
//! `compare REF_DIR[,REF_DIR...] RUN_DIR...`: for each run, per player count, the rank
//! correlation, the largest gap (with its character) and the mean gap in points against the
//! reference, and the distance: the sum over characters of the squared gap divided by its
//! binomial variance over picks (`p(1-p)/picks` of the reference plus the run's), which counts
//! every character's distance where the largest gap sees one (about the number of characters
//! when the two differ by noise alone). Several reference folders (runs of the same bots with
//! other seeds) are pooled, their wins and picks added up.
//!
//! `ceiling REF_DIR[,REF_DIR...] RUN_GAMES [TRIALS] [SEED]`: how well a population could agree
//! at best. If the bot's true win rates were exactly the reference's, how often would a run of
//! `RUN_GAMES` games reach the targets? Both samples are noisy: each character's win rate is
//! drawn from a normal with the binomial spread of its picks, the reference's picks as in its
//! `characters.csv` and the run's scaled to the run's games. The truth is either the
//! reference's observed rates or those rates shrunk towards their mean by the share of their
//! spread that is not sampling noise (an empirical-Bayes estimate: the observed spread
//! overstates the true one). Picks of one player in one game are not independent, so the real
//! spread is somewhat wider (docs/reports.md) and this ceiling somewhat optimistic.
//!
//! e.g. `cargo run --release --example agreement -- compare
//! data/references/ismcts-1000,data/references/ismcts-1000-seed3,data/references/ismcts-1000-seed4,data/references/ismcts-1000-seed5,data/references/ismcts-1000-seed6
//! reports/first-game`.

use citadels_sim::engine::rng::GameRng;
use citadels_sim::stats::stability::spearman;
use std::collections::BTreeMap;

/// One character at one player count, pooled over the folders read.
#[derive(Default)]
struct Row {
    games: f64,
    picked: f64,
    wins: f64,
}

impl Row {
    fn win_rate(&self) -> f64 {
        self.wins / self.picked
    }
}

/// Per player count, per character (in name order): the pooled counts of the folders'
/// `characters.csv`. Characters never picked are left out: they have no win rate.
type Table = BTreeMap<u32, BTreeMap<String, Row>>;

fn read(dirs: &str) -> Table {
    let mut table = Table::new();
    for dir in dirs.split(',') {
        let path = format!("{dir}/characters.csv");
        let mut reader = csv::Reader::from_path(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let headers = reader.headers().expect("a header").clone();
        let column = |name: &str| {
            headers
                .iter()
                .position(|h| h == name)
                .unwrap_or_else(|| panic!("{path}: no column {name}"))
        };
        let columns = ["players", "character", "in_play", "picked", "win_rate"].map(column);
        for record in reader.records() {
            let record = record.unwrap_or_else(|e| panic!("{path}: {e}"));
            let number = |i: usize| -> f64 { record[columns[i]].parse().expect("a number") };
            let picked = number(3);
            if picked == 0.0 {
                continue;
            }
            let row = table
                .entry(number(0) as u32)
                .or_default()
                .entry(record[columns[1]].to_string())
                .or_default();
            row.games += number(2);
            row.picked += picked;
            // The file has the rate to 4 decimals: the wins to within one.
            row.wins += (number(4) * picked).round();
        }
    }
    table
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

/// The largest absolute difference, in points.
fn largest_gap(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
        * 100.0
}

/// How one population's win rates agree with the reference's at one player count, over the
/// characters both have: rank correlation, the largest gap (in points, run minus reference)
/// with its character, the mean absolute gap, and the distance (the squared gaps over their
/// binomial variances, summed).
#[derive(Debug, PartialEq)]
struct Agreement {
    rho: Option<f64>,
    gap: f64,
    character: String,
    mean: f64,
    distance: f64,
}

/// `None` when the two have no character in common.
fn agreement(reference: &BTreeMap<String, Row>, got: &BTreeMap<String, Row>) -> Option<Agreement> {
    // The characters both sides have, in name order.
    let (mut names, mut a, mut b) = (Vec::new(), Vec::new(), Vec::new());
    let mut distance = 0.0;
    let variance = |row: &Row| row.win_rate() * (1.0 - row.win_rate()) / row.picked;
    for (name, row) in reference {
        if let Some(other) = got.get(name) {
            names.push(name);
            a.push(row.win_rate());
            b.push(other.win_rate());
            let gap = other.win_rate() - row.win_rate();
            distance += gap * gap / (variance(row) + variance(other));
        }
    }
    let gaps: Vec<f64> = a.iter().zip(&b).map(|(x, y)| (y - x) * 100.0).collect();
    let worst = (0..gaps.len()).max_by(|&i, &j| gaps[i].abs().total_cmp(&gaps[j].abs()))?;
    Some(Agreement {
        rho: spearman(&a, &b),
        gap: gaps[worst],
        character: names[worst].clone(),
        mean: gaps.iter().map(|g| g.abs()).sum::<f64>() / gaps.len() as f64,
        distance,
    })
}

fn compare(reference: &Table, runs: &[String]) {
    println!("run,players,rank_correlation,largest_gap,largest_gap_character,mean_gap,distance");
    for run in runs {
        let table = read(run);
        for (players, characters) in reference {
            let Some(found) = table
                .get(players)
                .and_then(|got| agreement(characters, got))
            else {
                continue;
            };
            let rho = found.rho.map_or(String::new(), |r| format!("{r:.2}"));
            println!(
                "{run},{players},{rho},{:+.1},{},{:.2},{:.1}",
                found.gap, found.character, found.mean, found.distance
            );
        }
    }
}

fn ceiling(reference: &Table, run_games: f64, trials: u64, seed: u64) {
    let mut rng = GameRng::new(seed);
    println!(
        "players,truth,trials,p_rho_at_least_0.9,p_gap_at_most_1.5,p_both,median_rho,gap_95th_percentile"
    );
    for (players, characters) in reference {
        let rows: Vec<&Row> = characters.values().collect();
        let observed: Vec<f64> = rows.iter().map(|r| r.win_rate()).collect();
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
            .map(|r| r.win_rate() * (1.0 - r.win_rate()) / r.picked)
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
                gaps.push(largest_gap(&a, &b));
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a whole number"))
    };
    match args.first().map(String::as_str) {
        Some("compare") if args.len() >= 3 => compare(&read(&args[1]), &args[2..]),
        Some("ceiling") if args.len() >= 3 => ceiling(
            &read(&args[1]),
            number(2, 0) as f64,
            number(3, 4000),
            number(4, 1),
        ),
        _ => {
            eprintln!(
                "usage: agreement compare REF_DIR[,REF_DIR...] RUN_DIR...\n       agreement ceiling REF_DIR[,REF_DIR...] RUN_GAMES [TRIALS] [SEED]"
            );
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[(&str, f64, f64)]) -> BTreeMap<String, Row> {
        rows.iter()
            .map(|&(name, picked, wins)| {
                let row = Row {
                    games: 100.0,
                    picked,
                    wins,
                };
                (name.to_string(), row)
            })
            .collect()
    }

    /// Folders given together are pooled: their wins and picks add up per player count and
    /// character.
    #[test]
    fn references_are_pooled() {
        let dir = tempfile::tempdir().unwrap();
        let header = "players,character,in_play,picked,win_rate";
        for (name, king) in [
            ("a", "4,King,100,200,0.2500"),
            ("b", "4,King,300,600,0.5000"),
        ] {
            let folder = dir.path().join(name);
            std::fs::create_dir(&folder).unwrap();
            let text = format!("{header}\n{king}\n5,King,100,0,\n");
            std::fs::write(folder.join("characters.csv"), text).unwrap();
        }
        let both = format!(
            "{},{}",
            dir.path().join("a").display(),
            dir.path().join("b").display()
        );
        let pooled = read(&both);
        let king = &pooled[&4]["King"];
        assert_eq!((king.games, king.picked, king.wins), (400.0, 800.0, 350.0));
        assert_eq!(king.win_rate(), 350.0 / 800.0);
        assert!(
            !pooled.contains_key(&5),
            "a character never picked has no win rate"
        );
    }

    /// The largest gap is signed (run minus reference) and named; the rank correlation
    /// follows the order of the win rates; characters on one side only are left out.
    #[test]
    fn agreement_names_the_largest_gap() {
        let reference = table(&[
            ("Architect", 100.0, 30.0),
            ("King", 100.0, 25.0),
            ("Thief", 100.0, 20.0),
        ]);
        let run = table(&[
            ("Architect", 100.0, 31.0),
            ("King", 100.0, 22.0),
            ("Thief", 100.0, 20.0),
            ("Witch", 100.0, 90.0),
        ]);
        let found = agreement(&reference, &run).unwrap();
        assert_eq!(found.rho, Some(1.0));
        assert!((found.gap - -3.0).abs() < 1e-9, "{found:?}");
        assert_eq!(found.character, "King");
        assert!((found.mean - 4.0 / 3.0).abs() < 1e-9, "{found:?}");
        // Architect 0.30 -> 0.31, King 0.25 -> 0.22, Thief unchanged, 100 picks a side.
        let variance = |p: f64| p * (1.0 - p) / 100.0;
        let distance = 0.01f64.powi(2) / (variance(0.30) + variance(0.31))
            + 0.03f64.powi(2) / (variance(0.25) + variance(0.22));
        assert!((found.distance - distance).abs() < 1e-9, "{found:?}");
        let reversed = table(&[
            ("Architect", 100.0, 20.0),
            ("King", 100.0, 25.0),
            ("Thief", 100.0, 30.0),
        ]);
        assert_eq!(agreement(&reference, &reversed).unwrap().rho, Some(-1.0));
        assert_eq!(agreement(&reference, &table(&[("Witch", 1.0, 1.0)])), None);
    }
}
