//! The integration test binary: engine scenarios, invariants, determinism and the CLI.

mod characters;
mod common;
mod districts;
mod invariants;
mod scoring;
mod selection;
mod turns;
