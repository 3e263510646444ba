//! Helpers shared by the integration tests.

use citadels_sim::engine::rules::first_game;
use citadels_sim::engine::{Character, Options, Rules};

/// First-game rules at 4-7 players.
pub fn first_game_rules(players: u8) -> Rules {
    first_game::rules(players)
}

/// First-game cast plus a rank-9 character, so 3 and 8 players and the 9-character
/// selection tables can be exercised.
pub fn rules_with_rank9(players: u8, use_rank9: bool) -> Rules {
    let mut cast: Vec<Vec<Character>> = first_game::CAST.iter().map(|&c| vec![c]).collect();
    cast.push(vec![Character::Artist]);
    let mut deck = first_game::basic_districts();
    deck.extend(first_game::unique_districts());
    let options = Options {
        use_rank9,
        ..Options::default()
    };
    Rules::new(players, &cast, &deck, &[], 0, &options).expect("valid rules")
}
