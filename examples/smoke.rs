use citadels_sim::bots::BotSpec;
use citadels_sim::engine::rules::first_game;
use citadels_sim::sim::{game_seed, play_game, replay_game};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: u8 = args[1].parse().unwrap();
    let mut bots = BotSpec::parse_list(&args[2]).unwrap();
    let rules = first_game::rules(players);
    if bots.len() == 1 {
        bots = vec![bots[0].clone(); players as usize];
    }
    let mut by_bot = [0u64; 8];
    if args.len() > 3 {
        let (_, text) = replay_game(
            &rules,
            game_seed(1, players, args[3].parse().unwrap()),
            &bots,
        );
        println!("{text}");
        return;
    }
    let t = std::time::Instant::now();
    let n = 20000u64;
    let (mut rounds, mut stalled) = (0u64, 0u64);
    let mut wins = [0u64; 8];
    for i in 0..n {
        let r = play_game(&rules, game_seed(1, players, i), &bots);
        rounds += r.rounds as u64;
        stalled += r.stalled as u64;
        for s in r.winners.iter() {
            wins[r.relative_seat(s)] += 1;
            by_bot[s.index()] += 1;
        }
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "{n} games in {dt:.2}s = {:.0}/s, mean rounds {:.2}, stalled {stalled}, seat wins {:?}",
        n as f64 / dt,
        rounds as f64 / n as f64,
        &wins[..players as usize]
    );
    println!("wins by bot seat: {:?}", &by_bot[..players as usize]);
}
