//! The integration test binary: engine scenarios, invariants, determinism and the CLI.

mod characters;
mod cli;
mod common;
mod determinism;
mod districts;
mod invariants;
mod scoring;
mod selection;
mod turns;
