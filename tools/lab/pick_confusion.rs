//! Which characters a bot takes where the teacher took another: replays the kept-out games of
//! saved teacher data (`train --save-data`) and, at every draft pick the teacher answered,
//! asks the bot to pick from the seat's view. Prints the confusion table (rows: the teacher's
//! pick by rank; columns: the bot's), each rank's share picked alike, and the share picked
//! alike by round and by the number of characters offered. A file whose games do not replay
//! is refused (status 2).
//!
//! `cargo run --release --example pick_confusion -- BOT DATA...`
//!
//! For example (`docs/agreement.md`, "Where the strength is"):
//! `pick_confusion policy:temp=0:pick_temp=0:target_temp=0 t41.data`

use citadels_sim::bots::{AnyBot, Bot, BotSpec};
use citadels_sim::engine::Action;
use citadels_sim::train::file;
use citadels_sim::train::record::replay_decisions;
use std::process::ExitCode;

/// Ranks 1 to 9 (index 0 unused).
const RANKS: usize = 10;
/// Rounds and offer sizes beyond these are counted with the last.
const ROUNDS: usize = 12;

#[derive(Default)]
struct Tally {
    /// [teacher's rank][bot's rank]
    table: [[u64; RANKS]; RANKS],
    /// [round or offer size] = (picks, picked alike)
    by_round: [(u64, u64); ROUNDS],
    by_offer: [(u64, u64); RANKS],
}

fn fail(message: &str) -> ExitCode {
    eprintln!("pick_confusion: {message}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: pick_confusion BOT DATA...");
        return ExitCode::from(2);
    }
    let spec = match BotSpec::parse(&args[0]) {
        Ok(spec) => spec,
        Err(e) => return fail(&format!("BOT {}: {e}", args[0])),
    };
    let mut tally = Tally::default();
    for path in &args[1..] {
        let data = match file::read(std::path::Path::new(path)) {
            Ok(data) => data,
            Err(e) => return fail(&format!("{path}: {e}")),
        };
        for game in data.games.iter().filter(|game| game.validation) {
            let rules = match data.config.rules(game.players) {
                Ok(rules) => rules,
                Err(e) => return fail(&format!("{path}: {e}")),
            };
            let mut bot = AnyBot::new(&spec, game.seed);
            let replayed =
                replay_decisions(&rules, game, &mut Vec::new(), |view, legal, answer| {
                    let Action::Pick(taught) = legal[answer.chosen as usize] else {
                        return;
                    };
                    let Action::Pick(own) = bot.decide(view, legal) else {
                        return;
                    };
                    let alike = u64::from(taught == own);
                    tally.table[taught.index()][own.index()] += 1;
                    let round = &mut tally.by_round[(view.round() as usize).min(ROUNDS - 1)];
                    *round = (round.0 + 1, round.1 + alike);
                    let offer = &mut tally.by_offer[legal.len().min(RANKS - 1)];
                    *offer = (offer.0 + 1, offer.1 + alike);
                });
            if let Err(e) = replayed {
                return fail(&format!("{path}: {e}"));
            }
        }
    }
    print(&tally, &args[0]);
    ExitCode::SUCCESS
}

fn share(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

fn print(tally: &Tally, bot: &str) {
    println!("rows: the teacher's pick by rank; columns: {bot}'s");
    let header: String = (1..RANKS).map(|c| format!("{c:>6}")).collect();
    println!("rank{header}  picks  alike");
    for r in 1..RANKS {
        let row = &tally.table[r];
        let total: u64 = row.iter().sum();
        if total == 0 {
            continue;
        }
        let cells: String = row[1..].iter().map(|n| format!("{n:>6}")).collect();
        println!("{r:>4}{cells} {total:>6} {:>5.1}%", share(row[r], total));
    }
    let taken: String = (1..RANKS)
        .map(|c| format!("{:>6}", (1..RANKS).map(|r| tally.table[r][c]).sum::<u64>()))
        .collect();
    println!(" all{taken}");
    for (round, &(n, alike)) in tally.by_round.iter().enumerate().filter(|x| x.1.0 > 0) {
        let later = if round == ROUNDS - 1 { " or later" } else { "" };
        println!(
            "round {round}{later}: {n} picks, {:.1}% alike",
            share(alike, n)
        );
    }
    for (offered, &(n, alike)) in tally.by_offer.iter().enumerate().filter(|x| x.1.0 > 0) {
        println!(
            "{offered} offered: {n} picks, {:.1}% alike",
            share(alike, n)
        );
    }
}
