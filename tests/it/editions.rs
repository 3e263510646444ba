//! Edition rules decided per game or per player count: the 2021 Hospital and Graveyard only
//! with their character in the drawn cast, `district_pool = "all"` per edition, and the
//! classic edition at 3 players.

use citadels_sim::config::{Edition, load_preset_as, load_str};
use citadels_sim::engine::ids::{Character, District};
use citadels_sim::engine::new_game;
use citadels_sim::engine::rules::Rules;

/// A 2021 config whose ranks 1 and 8 are pools, with the Hospital and the Graveyard either
/// always in the deck or in the district pool.
fn pooled_2021(districts: &str) -> String {
    format!(
        "name = \"pooled 2021\"\nedition = \"2021\"\n\
         characters = [[\"Assassin\", \"Witch\", \"Magistrate\"], \"Thief\", \"Magician\", \
         \"King\", \"Bishop\", \"Merchant\", \"Architect\", [\"Warlord\", \"Diplomat\", \
         \"Marshal\"]]\n{districts}"
    )
}

/// Per game: (Hospital in the deck, Assassin in the cast, Graveyard in the deck, Warlord
/// in the cast).
fn deals(rules: &Rules, games: u64) -> Vec<(bool, bool, bool, bool)> {
    (0..games)
        .map(|seed| {
            let state = new_game(rules, seed);
            let has = |d: District| state.in_game.intersects(rules.by_district[d.index()]);
            (
                has(District::Hospital),
                state.cast.contains(&Some(Character::Assassin)),
                has(District::Graveyard),
                state.cast.contains(&Some(Character::Warlord)),
            )
        })
        .collect()
}

/// Rulebook 002: "Du kannst nur mit dem Hospital spielen, wenn die Assassine einer der
/// Charaktere im Spiel ist" (and the Graveyard only with the Warlord), decided for each
/// game's drawn cast: with the districts always in the deck and in a pool alike.
#[test]
fn hospital_and_graveyard_only_in_games_whose_cast_has_their_character() {
    let always = pooled_2021("unique_districts = [\"Hospital\", \"Graveyard\", \"Park\"]\n");
    let pooled = pooled_2021(
        "unique_districts = []\ndistrict_pool = [\"Hospital\", \"Graveyard\", \"Park\", \
         \"Keep\", \"Museum\"]\npool_draw = 3\n",
    );
    for text in [always, pooled] {
        let rules = load_str("test", &text).unwrap().rules(5).unwrap();
        let games = deals(&rules, 3000);
        for (i, &(hospital, assassin, graveyard, warlord)) in games.iter().enumerate() {
            assert!(
                !hospital || assassin,
                "game {i}: the Hospital without the Assassin"
            );
            assert!(
                !graveyard || warlord,
                "game {i}: the Graveyard without the Warlord"
            );
        }
        // Both districts do come in when their character is drawn, and many games lack it.
        assert!(games.iter().filter(|g| g.0).count() > 300);
        assert!(games.iter().filter(|g| g.2).count() > 300);
        assert!(games.iter().filter(|g| !g.1).count() > 1500);
        assert!(games.iter().filter(|g| !g.3).count() > 1500);
    }
}

/// A game without the Hospital's character still draws `pool_draw` districts from the rest
/// of the pool, and a pool too small for that is refused, naming the key.
#[test]
fn a_pool_draw_counts_without_the_districts_a_game_may_lack() {
    let text = pooled_2021(
        "unique_districts = []\ndistrict_pool = [\"Hospital\", \"Graveyard\", \"Park\", \
         \"Keep\"]\npool_draw = 2\n",
    );
    let rules = load_str("test", &text).unwrap().rules(5).unwrap();
    for seed in 0..500 {
        let state = new_game(&rules, seed);
        let drawn = District::ALL
            .iter()
            .filter(|d| state.in_game.intersects(rules.by_district[d.index()]))
            .filter(|d| {
                [
                    District::Hospital,
                    District::Graveyard,
                    District::Park,
                    District::Keep,
                ]
                .contains(d)
            })
            .count();
        assert_eq!(drawn, 2, "seed {seed}");
    }
    let err = load_str("test", &text.replace("pool_draw = 2", "pool_draw = 3")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "test: pool_draw = 3: allowed: 1 to 2 (the size of district_pool less Hospital and \
         Graveyard, which a game without its character does not have)"
    );
}

/// `all-districts` pools every unique district of the edition: the 30 of 2016 (as the
/// preset listed them by name), and under 2021 the Hospital and the Graveyard too.
#[test]
fn all_districts_pools_the_editions_unique_districts() {
    let v2016 = load_preset_as("all-districts", None).unwrap();
    assert_eq!(v2016.district_pool.len(), 30);
    let names: Vec<&str> = v2016.district_pool.iter().map(|d| d.name()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    assert!(!v2016.district_pool.contains(&District::Hospital));
    let v2021 = load_preset_as("all-districts", Some(Edition::V2021)).unwrap();
    assert_eq!(v2021.district_pool.len(), 32);
    for d in [District::Hospital, District::Graveyard] {
        assert!(v2021.district_pool.contains(&d), "{d}");
    }
    // The preset's cast is fixed with both characters: some games draw each district.
    let rules = v2021.rules(5).unwrap();
    let games = deals(&rules, 400);
    assert!(games.iter().any(|g| g.0) && games.iter().any(|g| g.2));
}

/// rules/003, "Three-Player Games": the classic edition plays 3 players with its 8
/// characters. One card goes face down at random (none face up); the crowned player chooses,
/// then clockwise, until each player has two characters; the last card goes face down; each
/// player plays both characters. Whole games are played to their end.
#[test]
fn classic_three_player_games_use_the_eight_characters() {
    use citadels_sim::bots::BotSpec;
    use citadels_sim::engine::state::Phase;
    use citadels_sim::engine::{Seat, legal_actions, to_move, try_apply};
    let rules = load_preset_as("first-game", Some(Edition::Classic))
        .unwrap()
        .rules(3)
        .unwrap();
    assert_eq!(rules.cast_size(), 8);
    assert_eq!(rules.complete_city, 8);
    let mut legal = Vec::new();
    for seed in 0..200 {
        let mut state = new_game(&rules, seed);
        let mut choosers = Vec::new();
        let mut round = 0;
        let mut bot = citadels_sim::bots::AnyBot::new(&BotSpec::random(), seed);
        while let Some(seat) = to_move(&state) {
            if state.round != round {
                // A new round's selection: one card face down, none face up.
                round = state.round;
                assert_eq!(state.faceup_discards.len(), 0);
                assert_eq!(state.facedown_discards.len(), 1);
                choosers.clear();
            }
            if state.phase == Phase::Draft {
                choosers.push(seat);
            }
            if state.phase == Phase::Turns && choosers.len() == 6 {
                let crown = state.crown.0;
                let order: Vec<Seat> = (0..6).map(|i| Seat((crown + i) % 3)).collect();
                assert_eq!(choosers, order, "seed {seed}: crown, then clockwise, twice");
                for s in 0..3 {
                    assert_eq!(state.ranks_of(Seat(s)).len(), 2, "seed {seed}");
                }
                assert_eq!(state.facedown_discards.len(), 2, "the last card face down");
                choosers.push(seat); // checked once per round
            }
            legal_actions(&rules, &state, &mut legal);
            let view = citadels_sim::engine::View::new(&rules, &state, seat);
            let action = citadels_sim::bots::Bot::decide(&mut bot, &view, &legal);
            try_apply(&rules, &mut state, action).unwrap();
        }
        assert!(state.is_over());
    }
    // The 2016 edition still needs a rank-9 character at 3 players.
    assert!(
        load_preset_as("first-game", None)
            .unwrap()
            .rules(3)
            .is_err()
    );
}
