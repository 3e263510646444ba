//! Determinism: a game is fully replayable from (rules, seed, bots).

use crate::common::first_game_rules;
use citadels_sim::bots::BotSpec;
use citadels_sim::sim::{game_seed, play_game, replay_game};

#[test]
fn replay_plays_the_same_game_as_the_run() {
    let rules = first_game_rules(5);
    let bots = vec![BotSpec::heuristic(); 5];
    for i in 0..20 {
        let seed = game_seed(3, 5, i);
        let record = play_game(&rules, seed, &bots);
        let (replayed, log) = replay_game(&rules, seed, &bots);
        assert_eq!(record, replayed, "game {i}");
        assert!(log.contains("Game over") || log.contains("Stalled"));
    }
}

#[test]
fn different_seeds_give_different_games() {
    let rules = first_game_rules(4);
    let bots = vec![BotSpec::random(); 4];
    let a = play_game(&rules, game_seed(1, 4, 0), &bots);
    let b = play_game(&rules, game_seed(1, 4, 1), &bots);
    assert_ne!(a, b);
}

/// The replay log shows the events the engine runs itself, not only the decisions.
#[test]
fn replay_log_shows_kills_robberies_and_the_crown() {
    let rules = first_game_rules(4);
    let bots = vec![BotSpec::heuristic(); 4];
    let logs: Vec<String> = (0..40)
        .map(|i| replay_game(&rules, game_seed(1, 4, i), &bots).1)
        .collect();
    for needle in [
        "was killed and skips the turn",
        "robbed: seat",
        "takes the crown",
        "the King's heir, seat",
        "WINNER",
    ] {
        assert!(
            logs.iter().any(|l| l.contains(needle)),
            "no log shows {needle:?}"
        );
    }
    // A killed character never gets a turn header of its own in the same round.
    for log in &logs {
        for round in log.split("== Round").skip(1) {
            for line in round.lines().filter(|l| l.contains("was killed and skips")) {
                let name = line
                    .trim_start_matches("-- ")
                    .split(" (seat")
                    .next()
                    .unwrap();
                let header = format!("-- {name} (seat");
                let headers = round.lines().filter(|l| l.starts_with(&header)).count();
                assert_eq!(headers, 1, "{name} both skipped and played in a round");
            }
        }
    }
}
