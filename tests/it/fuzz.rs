//! Property test: random rules (any cast at its rank, random district pools, 2-8 players,
//! options within their ranges) and random legal actions keep every invariant of
//! `engine::check` after every action, with `try_apply` probed before every action.
//! The long run is `tools/lab/fuzz_run.rs`; the byte-driven target is in fuzz/.

use citadels_sim::config::random::random_rules;
use citadels_sim::engine::check::fuzz_game;
use citadels_sim::engine::rng::GameRng;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_rules_and_actions_keep_invariants(rules_seed: u64, game_seed: u64) {
        let mut rng = GameRng::new(rules_seed);
        // Unplayable draws (too few cards to deal) are skipped.
        if let Ok(rules) = random_rules(|n| rng.below(n)) {
            let mut choices = GameRng::new(game_seed ^ 0xF022);
            let result = fuzz_game(&rules, game_seed, |n| choices.below(n as u32) as usize);
            prop_assert!(result.is_ok(), "{}", result.unwrap_err());
        }
    }
}
