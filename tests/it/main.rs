//! The integration test binary: engine scenarios, invariants, determinism and the CLI.

mod allocations;
mod arena;
#[path = "characters/mod.rs"]
mod characters;
#[path = "characters/rank1_assassin_witch_magistrate.rs"]
mod characters_ranks_1_to_5;
#[path = "characters/rank8_warlord_diplomat_marshal.rs"]
mod characters_ranks_5_to_9;
mod cli;
mod cluster;
mod common;
mod compare_sweep;
mod determinism;
mod determinize;
#[path = "districts/scoring.rs"]
mod districts;
#[path = "districts/protection_and_destruction.rs"]
mod districts_more_1;
#[path = "districts/cards_and_gold.rs"]
mod districts_more_2;
mod editions;
mod fuzz;
mod game_log;
mod golden;
mod hostile;
mod invariants;
mod ladder;
mod out_lock;
mod policy;
mod readme;
mod replay_accounts;
mod restricted;
mod resume;
mod rulings_characters;
#[path = "districts/building.rs"]
mod rulings_districts;
mod scoring;
mod selection;
mod shards;
mod statistics;
mod turns;
