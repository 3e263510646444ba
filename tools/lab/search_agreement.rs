//! How closely bots play like the search, against how closely the search plays like itself.
//! Replays the kept-out games of saved teacher data (`train --save-data`), and at every
//! `STRIDE`-th decision with a choice of each game asks two fresh searches (two seeds) and
//! each bot of `BOTS` (a comma-separated list of specs) to decide from the deciding seat's
//! view. A file whose games do not replay is refused (status 2). Prints,
//! per group of decisions, how often the two searches agree (the ceiling of any imitation: a
//! bot cannot agree with the search more often than the search agrees with itself) and how
//! often each bot agrees with one search (the mean over the two). Decisions are grouped by
//! what they offer, the first match in the order printed: a draft pick, naming a character,
//! a Warlord's destruction, keeping a drawn card, gathering, building, anything else.
//!
//! `cargo run --release --example search_agreement -- SEARCH STRIDE BOTS DATA...`
//!
//! For example (`docs/agreement.md`, "How far imitation can go"):
//! `search_agreement ismcts 1 policy:weights=net:temp=0:pick_temp=0:target_temp=0,heuristic teach2.data`

use citadels_sim::bots::policy::names_a_character;
use citadels_sim::bots::{AnyBot, Bot, BotSpec};
use citadels_sim::engine::Action;
use citadels_sim::engine::rng::mix;
use citadels_sim::train::file;
use citadels_sim::train::record::replay_decisions;
use rayon::prelude::*;
use std::process::ExitCode;

const GROUPS: [&str; 8] = [
    "draft", "names", "destroy", "keep", "gather", "build", "other", "all",
];

/// The group of a decision, by the moves it offers (the first that applies).
fn group(legal: &[Action]) -> usize {
    let offers = |test: fn(&Action) -> bool| legal.iter().any(test);
    if matches!(legal[0], Action::Pick(_) | Action::Discard(_)) {
        0
    } else if offers(|&a| names_a_character(a)) {
        1
    } else if offers(|a| matches!(a, Action::Destroy(..))) {
        2
    } else if offers(|a| matches!(a, Action::Keep(_))) {
        3
    } else if offers(|a| matches!(a, Action::TakeGold)) {
        4
    } else if offers(|a| matches!(a, Action::Build(_))) {
        5
    } else {
        6
    }
}

/// Per group: decisions, the two searches agreeing, and per bot its agreements with either
/// search (counted twice, once per search).
#[derive(Clone)]
struct Counts(Vec<[u64; GROUPS.len()]>);

impl Counts {
    fn new(bots: usize) -> Counts {
        Counts(vec![[0; GROUPS.len()]; 2 + bots])
    }

    fn add(&mut self, group: usize, row: usize, n: u64) {
        self.0[row][group] += n;
        self.0[row][GROUPS.len() - 1] += n;
    }

    fn merge(mut self, other: Counts) -> Counts {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m += t;
            }
        }
        self
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: search_agreement SEARCH STRIDE BOTS DATA...");
        return ExitCode::from(2);
    }
    let search = match BotSpec::parse(&args[0]) {
        Ok(spec) => spec,
        Err(e) => return fail(&format!("SEARCH {}: {e}", args[0])),
    };
    let stride = match args[1].parse::<u64>() {
        Ok(k) if k > 0 => k,
        _ => return fail(&format!("STRIDE {}: a whole number above 0", args[1])),
    };
    let bots = match BotSpec::parse_list(&args[2]) {
        Ok(bots) => bots,
        Err(e) => return fail(&format!("BOTS {}: {e}", args[2])),
    };
    let mut total = Counts::new(bots.len());
    for path in &args[3..] {
        let data = match file::read(std::path::Path::new(path)) {
            Ok(data) => data,
            Err(e) => return fail(&format!("{path}: {e}")),
        };
        // Each kept-out game on its own; a game that does not replay here (other rules, or
        // damaged) refuses the file.
        let counts = data
            .games
            .par_iter()
            .filter(|game| game.validation)
            .map(|game| {
                let rules = data.config.rules(game.players).map_err(|e| e.to_string())?;
                let mut counts = Counts::new(bots.len());
                let mut decision = 0u64;
                replay_decisions(&rules, game, &mut Vec::new(), |view, legal, _| {
                    decision += 1;
                    if !decision.is_multiple_of(stride) {
                        return;
                    }
                    let seed = mix(game.seed, decision);
                    let first = AnyBot::new(&search, mix(seed, 1)).decide(view, legal);
                    let second = AnyBot::new(&search, mix(seed, 2)).decide(view, legal);
                    let g = group(legal);
                    counts.add(g, 0, 1);
                    counts.add(g, 1, (first == second) as u64);
                    for (b, spec) in bots.iter().enumerate() {
                        let own = AnyBot::new(spec, mix(seed, 3)).decide(view, legal);
                        let agree = (own == first) as u64 + (own == second) as u64;
                        counts.add(g, 2 + b, agree);
                    }
                })?;
                Ok::<Counts, String>(counts)
            })
            .try_reduce(|| Counts::new(bots.len()), |a, b| Ok(a.merge(b)));
        let counts = match counts {
            Ok(counts) => counts,
            Err(e) => return fail(&format!("{path}: {e}")),
        };
        total = total.merge(counts);
    }
    if total.0[0][GROUPS.len() - 1] == 0 {
        return fail("no decision sampled: the kept-out games have fewer than STRIDE decisions");
    }
    print_table(&total, &args[0], &bots);
    ExitCode::SUCCESS
}

fn print_table(counts: &Counts, search: &str, bots: &[BotSpec]) {
    println!("search: {search} (two seeds); bots agreeing with one search, by group");
    print!("{:<8} {:>9} {:>12}", "group", "decisions", "search=self");
    for b in 0..bots.len() {
        print!(" {:>8}", format!("bot {}", b + 1));
    }
    println!();
    for (g, name) in GROUPS.iter().enumerate() {
        let n = counts.0[0][g];
        if n == 0 {
            continue;
        }
        let share = |x: u64, per: u64| 100.0 * x as f64 / (n * per) as f64;
        print!("{name:<8} {n:>9} {:>11.1}%", share(counts.0[1][g], 1));
        for b in 0..bots.len() {
            print!(" {:>7.1}%", share(counts.0[2 + b][g], 2));
        }
        println!();
    }
    for (b, spec) in bots.iter().enumerate() {
        println!("bot {}: {spec}", b + 1);
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("search_agreement: {message}");
    ExitCode::from(2)
}
