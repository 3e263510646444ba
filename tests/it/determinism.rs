//! Determinism: a game is fully replayable from (rules, seed, bots).

use crate::common::first_game_rules;
use citadels_sim::bots::BotSpec;
use citadels_sim::engine::{Action, Rules, Seat, State};
use citadels_sim::sim::{Observer, game_seed, play_game, play_moves, play_observed, replay_game};

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

/// The moves of a game, as an observer sees them.
#[derive(Default)]
struct Moves(Vec<Action>);

impl Observer for Moves {
    fn before_action(&mut self, _: &Rules, _: &State, _: Seat, action: Action) {
        self.0.push(action);
    }
}

/// A game's moves, fed back one by one (as `replay_tallies` feeds a saved game's), give the
/// record and the final state the bots' game gave, every move legal and used.
#[test]
fn replaying_a_games_moves_gives_its_record() {
    let rules = citadels_sim::config::load_preset("all-characters")
        .expect("a preset")
        .rules(5)
        .expect("5 players");
    let bots = vec![BotSpec::heuristic(); 5];
    for i in 0..10 {
        let seed = game_seed(7, 5, i);
        let mut moves = Moves::default();
        let (record, state) = play_observed(&rules, seed, &bots, &mut Vec::new(), &mut moves);
        let mut next = moves.0.iter();
        let mut not_first = 0;
        let (replayed, replayed_state) = play_moves(
            &rules,
            seed,
            &mut Vec::new(),
            &mut Moves::default(),
            |_, _, legal| {
                let action = *next.next().expect("a saved move");
                assert!(legal.contains(&action), "game {i}: {action:?} is legal");
                not_first += usize::from(action != legal[0]);
                action
            },
        );
        assert_eq!(record, replayed, "game {i}");
        assert_eq!(state.gold, replayed_state.gold, "game {i}");
        assert_eq!(next.next(), None, "game {i}: every move used");
        // The moves fed are the game's, not the first legal ones.
        assert!(
            not_first > 10,
            "game {i}: {not_first} moves other than the first"
        );
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
