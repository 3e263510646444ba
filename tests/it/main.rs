//! The integration test binary: engine scenarios, invariants, determinism and the CLI.

mod allocations;
mod arena;
mod characters;
mod characters_ranks_1_to_5;
mod characters_ranks_5_to_9;
mod cli;
mod common;
mod compare_sweep;
mod determinism;
mod determinize;
mod districts;
mod districts_more_1;
mod districts_more_2;
mod fuzz;
mod game_log;
mod golden;
mod hostile;
mod invariants;
mod restricted;
mod resume;
mod scoring;
mod selection;
mod shards;
mod statistics;
mod turns;
