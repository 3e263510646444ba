//! The statistics a game is counted into (`sim::tally`): the draft, abilities and builds,
//! and what each character's player gains from its turn on.

use crate::common::*;
use citadels_sim::bots::BotSpec;
use citadels_sim::config::load_preset;
use citadels_sim::engine::check::apply_checking_changes;
use citadels_sim::engine::rng::GameRng;
use citadels_sim::engine::state::State;
use citadels_sim::engine::{
    Action, Character, District, Rank, Rules, Seat, apply_traced, legal_actions, new_game, to_move,
};
use citadels_sim::sim::tally::Tally;
use citadels_sim::sim::{game_seed, play_game};
use citadels_sim::stats::record::GameRecord;

/// A game whose every action goes through a `Tally`, like `sim::play_observed`.
struct Counted {
    rules: Rules,
    state: State,
    tally: Tally,
    record: GameRecord,
}

impl Counted {
    /// A 4-player first game with the crown at seat 0, the Assassin discarded face down and
    /// no face-up discards; the seats then pick `picks` in seat order.
    fn drafted(picks: [Rank; 4]) -> Counted {
        let rules = first_game_rules(4);
        let mut state = new_game(&rules, 7);
        arrange_draft(&mut state, Seat(0), &[], &[ASSASSIN]);
        let record = GameRecord::new(4, state.first_crown);
        let mut game = Counted {
            tally: Tally::new(),
            rules,
            state,
            record,
        };
        for rank in picks {
            game.act(Action::Pick(rank));
        }
        game
    }

    fn act(&mut self, action: Action) {
        let seat = to_move(&self.state).expect("a player to move");
        let (rules, state) = (&self.rules, &mut self.state);
        assert!(legal(rules, state).contains(&action), "{action:?} is legal");
        self.tally
            .before(rules, state, seat, action, &mut self.record);
        apply_traced(rules, state, action, &mut self.tally);
        self.tally.after(state, &mut self.record);
    }

    fn pass_turn(&mut self) {
        if !self.state.turn.gathered {
            self.act(Action::TakeGold);
        }
        self.act(Action::EndTurn);
    }
}

/// "Available" counts the characters offered in the round's draft (not the face-down
/// discard); the pick position is the picker's place in the draft order (crown = 1).
#[test]
fn draft_availability_and_pick_positions() {
    let mut game = Counted::drafted([THIEF, KING, MERCHANT, WARLORD]);
    game.pass_turn(); // the picks are noted as the first turn begins
    let r = &game.record;
    let c = |ch: Character| ch.index();
    assert_eq!(
        r.available[c(Character::Assassin)],
        0,
        "discarded face down"
    );
    for ch in [
        Character::Thief,
        Character::Magician,
        Character::King,
        Character::Bishop,
        Character::Architect,
        Character::Warlord,
    ] {
        assert_eq!(r.available[c(ch)], 1, "{ch}");
    }
    assert_eq!(r.pick_position[c(Character::Thief)], 1);
    assert_eq!(r.pick_position[c(Character::King)], 2);
    assert_eq!(r.pick_position[c(Character::Merchant)], 3);
    assert_eq!(r.pick_position[c(Character::Warlord)], 4);
    assert_eq!(r.picks[3][c(Character::Warlord)], 1);
}

/// Thief: "When a player reveals that character to take his turn, you immediately take all of
/// his gold": that gold counts for the Thief, who earned it, not for the robbed character.
#[test]
fn robbed_gold_counts_for_the_thief() {
    let mut game = Counted::drafted([THIEF, KING, MERCHANT, WARLORD]);
    game.state.gold = [0, 3, 5, 4, 0, 0, 0, 0];
    game.act(Action::TakeGold); // +2 for the Thief
    game.act(Action::Rob(MERCHANT));
    game.act(Action::EndTurn);
    game.pass_turn(); // the King takes 2 gold; the Merchant is revealed and robbed of 5
    game.act(Action::TakeGold); // +2 for the Merchant
    let r = &game.record;
    let c = |ch: Character| ch.index();
    assert_eq!(r.turn_gold[c(Character::Thief)], 7);
    assert_eq!(r.turn_gold[c(Character::King)], 2);
    assert_eq!(r.turn_gold[c(Character::Merchant)], 2);
    assert_eq!(r.robbed[c(Character::Merchant)], 1);
    assert_eq!(
        (
            r.turns[c(Character::Thief)],
            r.turns[c(Character::Merchant)]
        ),
        (1, 1)
    );
}

/// Building: the district is counted built in its round, and its cost is the points the
/// character gained; drawing cards counts the cards kept, not the cards seen.
#[test]
fn builds_count_points_and_rounds_and_kept_cards_count() {
    let mut game = Counted::drafted([THIEF, KING, MERCHANT, WARLORD]);
    let rules = game.rules.clone();
    set_hand(&rules, &mut game.state, Seat(0), &[District::Castle]);
    game.state.gold[0] = 4;
    game.act(Action::DrawCards);
    let kept = match legal(&rules, &game.state)[0] {
        keep @ Action::Keep(_) => keep,
        other => panic!("expected a card to keep, got {other:?}"),
    };
    game.act(kept);
    let castle = game.state.hand[0]
        .iter()
        .find(|&card| rules.card(card).district == District::Castle)
        .unwrap();
    game.act(Action::Build(castle));
    game.act(Action::EndTurn);
    let r = &game.record;
    let thief = Character::Thief.index();
    let d = District::Castle.index();
    assert_eq!((r.built[d], r.built_round[d]), (1, 1));
    assert_eq!(r.turn_points[thief], 4);
    assert_eq!(r.turn_cards[thief], 1);
    assert_eq!(
        r.turn_gold[thief], 0,
        "paying to build is not counted against gold"
    );
}

/// Assassin: "The killed character skips his turn": counted killed, no turn played.
#[test]
fn a_killed_character_is_counted_and_plays_no_turn() {
    let rules = first_game_rules(4);
    let mut state = new_game(&rules, 3);
    arrange_draft(&mut state, Seat(0), &[], &[THIEF]);
    let mut game = Counted {
        record: GameRecord::new(4, state.first_crown),
        tally: Tally::new(),
        rules,
        state,
    };
    for rank in [ASSASSIN, KING, MERCHANT, WARLORD] {
        game.act(Action::Pick(rank));
    }
    game.act(Action::TakeGold);
    game.act(Action::Kill(MERCHANT));
    game.act(Action::EndTurn);
    while game.state.round == 1 {
        game.pass_turn();
    }
    let r = &game.record;
    assert_eq!(r.killed[Character::Merchant.index()], 1);
    assert_eq!(r.turns[Character::Merchant.index()], 0);
    assert_eq!(r.turns[Character::Warlord.index()], 1);
    assert_eq!(r.turns[Character::Assassin.index()], 1);
}

/// Over whole games every pick is a turn unless the character was killed (the bewitched
/// character's gather-only turn counts, the Witch's resumed turn does not), picks never
/// exceed the rounds the character was offered, positions are within the draft order, and
/// builds happen within the game's rounds.
#[test]
fn whole_games_are_counted_consistently() {
    let all = |players| {
        citadels_sim::config::load_preset("all-characters")
            .and_then(|c| c.rules(players))
            .unwrap()
    };
    for (players, rules) in [
        (4, first_game_rules(4)),
        (6, first_game_rules(6)),
        (3, all(3)),
        (5, all(5)),
        (8, all(8)),
    ] {
        let bots = vec![BotSpec::random(); players as usize];
        for i in 0..60 {
            let r = play_game(&rules, game_seed(11, players, i), &bots);
            if r.stalled {
                continue;
            }
            for c in 0..Character::COUNT {
                let picks: u32 = r.picks.iter().map(|p| p[c] as u32).sum();
                assert_eq!(r.turns[c] as u32, picks - r.killed[c] as u32, "game {i}");
                assert!(picks <= r.available[c] as u32, "game {i}");
                let pos = r.pick_position[c] as u32;
                assert!(picks <= pos && pos <= picks * players as u32, "game {i}");
            }
            for d in 0..District::COUNT {
                let (built, round) = (r.built[d] as u32, r.built_round[d]);
                assert!(
                    built <= round && round <= built * r.rounds as u32,
                    "game {i}"
                );
            }
            let winners: Vec<u8> = r.winners.iter().map(|s| r.ranks[s.index()]).collect();
            assert!(winners.iter().all(|&rank| rank == 1), "game {i}");
        }
    }
}

/// The tally counts gains from the changes `apply` reports, so every change of gold, of a
/// hand's size and of a city's cost must be reported: in random play with every character and
/// every district, each action's reported changes add up to each seat's difference
/// (`engine::check::apply_checking_changes`; the fuzz tests check it under random rules too).
#[test]
fn apply_reports_every_change_of_holdings() {
    let mut legal = Vec::new();
    let mut actions = 0;
    for preset in ["all-characters", "all-districts"] {
        for players in [2, 3, 5, 8] {
            let rules = load_preset(preset).unwrap().rules(players).unwrap();
            for seed in 0..40 {
                let mut state = new_game(&rules, seed);
                let mut rng = GameRng::new(seed);
                while to_move(&state).is_some() {
                    legal_actions(&rules, &state, &mut legal);
                    let action = legal[rng.below(legal.len() as u32) as usize];
                    if let Err(e) = apply_checking_changes(&rules, &mut state, action) {
                        panic!("{preset}, {players} players, seed {seed}: {e}");
                    }
                    actions += 1;
                }
            }
        }
    }
    assert!(actions > 10_000, "{actions} actions checked");
}
