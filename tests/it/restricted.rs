//! Restricted play (issue 13): a bot with `ban=NAME` never picks that character when it has
//! another choice; a ban outside the config's cast is refused.

use citadels_sim::bots::BotSpec;
use citadels_sim::config::load_preset;
use citadels_sim::engine::action::Action;
use citadels_sim::engine::ids::{Character, Seat};
use citadels_sim::engine::legal::legal_actions;
use citadels_sim::engine::rules::Rules;
use citadels_sim::engine::state::State;
use citadels_sim::sim::{Observer, game_seed, play_observed};

/// Counts the picks of `character` by the seats in `watched`: those made with another
/// choice, and those forced.
#[derive(Default)]
struct Picks {
    watched: Vec<bool>,
    character: Option<Character>,
    free: u32,
    forced: u32,
    legal: Vec<Action>,
}

impl Observer for Picks {
    fn before_action(&mut self, rules: &Rules, state: &State, seat: Seat, action: Action) {
        let Action::Pick(rank) = action else { return };
        if !self.watched[seat.index()] || state.character(rank) != self.character {
            return;
        }
        legal_actions(rules, state, &mut self.legal);
        if self.legal.len() > 1 {
            self.free += 1;
        } else {
            self.forced += 1;
        }
    }
}

/// Plays `games` games with `spec` in seats 0 and 2 (if any) and `other` elsewhere; returns
/// the watched seats' (free, forced) picks of `character`.
fn picks(rules: &Rules, spec: &str, other: &str, character: Character, games: u64) -> (u32, u32) {
    let players = rules.players as usize;
    let seats: Vec<BotSpec> = (0..players)
        .map(|s| BotSpec::parse(if s % 2 == 0 && s < 3 { spec } else { other }).unwrap())
        .collect();
    let mut observer = Picks {
        watched: (0..players).map(|s| s % 2 == 0 && s < 3).collect(),
        character: Some(character),
        ..Picks::default()
    };
    let mut legal = Vec::new();
    for game in 0..games {
        let seed = game_seed(13, rules.players, game);
        play_observed(rules, seed, &seats, &mut legal, &mut observer);
    }
    (observer.free, observer.forced)
}

#[test]
fn a_banned_character_is_never_picked_with_another_choice() {
    let config = load_preset("first-game").unwrap();
    let mut counts = 0;
    for players in 2..=8 {
        let Ok(rules) = config.rules(players) else {
            continue;
        };
        counts += 1;
        for (bot, character) in [
            ("heuristic", Character::King),
            ("random", Character::Assassin),
            ("heuristic", Character::Warlord),
            ("policy", Character::Merchant),
        ] {
            let name = character.name();
            // Unrestricted, the same bot does pick it with a choice: the check can fail.
            let (free, _) = picks(&rules, bot, bot, character, 40);
            assert!(
                free > 0,
                "{bot} never picks the {name} at {players} players"
            );
            let banned = format!("{bot}:ban={name}");
            let (free, forced) = picks(&rules, &banned, bot, character, 300);
            assert_eq!(
                free, 0,
                "{banned} picked the {name} with another choice at {players} players \
                 ({forced} forced picks)"
            );
        }
    }
    assert!(counts >= 5, "only {counts} player counts played");
}

#[test]
fn the_search_keeps_its_ban() {
    let config = load_preset("first-game").unwrap();
    for players in [2, 5] {
        let rules = config.rules(players).unwrap();
        let (free, _) = picks(&rules, "ismcts:iters=30", "heuristic", Character::King, 4);
        assert!(
            free > 0,
            "the search never picks the King at {players} players"
        );
        let (free, _) = picks(
            &rules,
            "ismcts:iters=30:ban=King",
            "heuristic",
            Character::King,
            6,
        );
        assert_eq!(
            free, 0,
            "ismcts:ban=King picked the King at {players} players"
        );
    }
}

/// Runs the binary and returns (status, stderr).
fn run(args: &[&str]) -> (Option<i32>, String) {
    let output = assert_cmd::Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_ban_outside_the_cast_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let out = out.to_str().unwrap();
    // The Witch is not in the first-game cast (Assassin, Thief, Magician, King, ...).
    for args in [
        &[
            "run",
            "--games",
            "1",
            "--bots",
            "heuristic:ban=Witch",
            "--out",
            out,
        ][..],
        &[
            "arena",
            "--deals",
            "1",
            "--hero",
            "random:ban=Witch",
            "--out",
            out,
        ],
        &[
            "replay",
            "--players",
            "4",
            "--seed",
            "1",
            "--game",
            "0",
            "--bots",
            "heuristic:ban=Witch",
        ],
    ] {
        let (status, stderr) = run(args);
        assert_eq!(status, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("ban=Witch") && stderr.contains("not in the cast"),
            "{args:?}: {stderr}"
        );
        assert!(!std::path::Path::new(out).exists(), "{args:?} wrote {out}");
    }
    // A character of the cast is accepted.
    let (status, stderr) = run(&[
        "replay",
        "--players",
        "4",
        "--seed",
        "1",
        "--game",
        "0",
        "--bots",
        "heuristic:ban=King",
    ]);
    assert_eq!(status, Some(0), "{stderr}");
}
